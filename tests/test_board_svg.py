"""The board picture drawn from a display file's geometry (interpreter/play/board_svg.py):
what it shows of a game, what it hides from a viewer, text that fits, colours that contrast,
and mistakes in the geometry reported at file:line:col."""

from __future__ import annotations

import random
import re
import shutil
import xml.etree.ElementTree as ET
from functools import cache

import pytest
import yaml

from interpreter.bots.sampling import sample_game
from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import GameRuleError, RulesetErrors
from interpreter.play.display import load_display
from interpreter.play.svg_text import contrast, fit_text, text_width

from .conftest import BASE, FIFTH

SVG = "{http://www.w3.org/2000/svg}"
BOARD = yaml.safe_load((BASE / "display-board.yaml").read_text())


@cache
def ruleset(name: str):
    return load_ruleset(FIFTH / name)


def play_until(name: str, players: int, seed: int, stop) -> object:
    game = ruleset(name).new_game(players, seed)
    rng = random.Random(seed)
    while not game.over and not stop(game):
        game.apply(rng.choice(game.decision().options))
    return game


def picture(game, viewer=None) -> ET.Element:
    return ET.fromstring(load_display(game.ruleset).to_svg(game, viewer))


def places(root: ET.Element) -> dict[str, list[ET.Element]]:
    found: dict[str, list[ET.Element]] = {}
    for g in root.iter(SVG + "g"):
        if "data-place" in g.attrib:
            found.setdefault(g.attrib["data-place"], []).append(g)
    return found


def shape_box(el: ET.Element) -> tuple[float, float, float, float]:
    """x0, y0, x1, y1 of a rect, circle or polygon."""
    tag = el.tag.removeprefix(SVG)
    if tag == "rect":
        x, y = float(el.get("x")), float(el.get("y"))
        return x, y, x + float(el.get("width")), y + float(el.get("height"))
    if tag == "circle":
        cx, cy, r = (float(el.get(k)) for k in ("cx", "cy", "r"))
        return cx - r, cy - r, cx + r, cy + r
    points = [tuple(map(float, p.split(","))) for p in el.get("points").split()]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def first_shape(g: ET.Element) -> ET.Element:
    return next(c for c in g if c.tag.removeprefix(SVG) in ("rect", "circle", "polygon"))


def inside(inner, outer) -> bool:
    return (outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2]
            and inner[3] <= outer[3])


def mid_game():
    """A game after its first building stop (the first seed from 4 whose game has one)."""
    for seed in range(4, 40):
        game = play_until("base", 4, seed,
                          lambda g: g.V["stops"] >= 1 and g.V["auction_at"] is None)
        if not game.over:
            return game
    raise AssertionError("no game of seeds 4..39 has a building stop")


def mid_auction():
    return play_until("base", 4, 8, lambda g: g.V["turns"] >= 8 and g.V["auction_at"] is not None
                      and g.V["high_bidder"] is not None and any(
                          f[0] == "auction" and g.frame_locals(i).get("passed")
                          for i, f in enumerate(g.stack)))


# ------------------------------------------------------------------------------ what it shows
@pytest.mark.parametrize("name, players", [("base", 4), ("six-plot", 4), ("six-plot-2p", 2),
                                           ("alea-2p", 2), ("editions/ko-playable", 3)])
def test_every_plot_and_district_is_drawn_once_with_its_place_and_title(name, players):
    game = play_until(name, players, 3, lambda g: g.V["turns"] >= 6)
    found = places(picture(game, "P1"))
    plots = game.evaluate("plots_of", "w34")
    all_plots = [q for d in game.evaluate("districts") for q in game.evaluate("plots_of", d)]
    assert len(plots) == (6 if "six-plot" in name else 5)
    assert len(all_plots) == len(set(game.Z["towers"]))  # every plot of the board data
    for value in [*all_plots, *game.evaluate("districts"), "city_hall", "central_park"]:
        assert len(found[value]) == 1, value
        title = found[value][0].find(SVG + "title")
        assert title is not None and title.text == game.label(value)


def test_skyscrapers_stand_on_their_plots_and_a_stopped_district_is_closed():
    game = mid_game()
    root = picture(game, "P1")
    found = places(root)
    towers = [el for el in root.iter(SVG + "polygon") if el.get("data-piece") == "tower"]
    districts = game.evaluate("districts")
    board_area = [shape_box(first_shape(found[d][0])) for d in districts]
    on_map = [t for t in towers if any(inside(shape_box(t), box) for box in board_area)]
    built = 0
    for d in districts:
        for q in game.evaluate("plots_of", d):
            kinds = [k for k, n in game.Z["towers"][q].items() if n]
            box = shape_box(first_shape(found[q][0]))
            assert sum(inside(shape_box(t), box) for t in towers) == len(kinds), q
            built += len(kinds)
        closed = "closed" in (found[d][0].get("class") or "").split()
        assert closed == bool(game.V["stopped"][d]), d
    assert built == len(on_map) > 0
    assert any(game.V["stopped"][d] for d in districts)


def test_a_running_auction_shows_its_district_high_bid_and_who_passed():
    game = mid_auction()
    root = picture(game, game.decision().player)
    found = places(root)
    at = game.V["auction_at"]
    assert "auction" in found[at][0].get("class").split()
    texts = [t.text or "" for t in root.iter(SVG + "text")]
    assert f"high bid {game.V['high_bid']}" in texts
    assert f"by {game.label(game.V['high_bidder'])}" in texts
    passed = next(game.frame_locals(i)["passed"] for i in range(len(game.stack) - 1, -1, -1)
                  if game.stack[i][0] == "auction")
    assert texts.count("passed") == len(passed) > 0


def test_a_long_text_is_broken_over_its_lines_and_a_cut_one_keeps_its_words_as_a_tooltip():
    """Issue 33: 'passed: Player 4, Pl...' was cut in the auction's box."""
    game = mid_auction()
    root = picture(game, game.decision().player)
    texts = [t.text or "" for t in root.iter(SVG + "text")]
    passed = next(game.frame_locals(i)["passed"] for i in range(len(game.stack) - 1, -1, -1)
                  if game.stack[i][0] == "auction")
    whole = "passed: " + ", ".join(game.label(p) for p in passed)
    assert len(passed) == 2  # wider than the box: two lines, no word lost
    start = next(i for i, t in enumerate(texts) if t.startswith("passed:"))
    assert texts[start] != whole and " ".join(texts[start:start + 2]) == whole
    parents = {child: g for g in root.iter(SVG + "g") for child in g}
    high = f"high bid: gray 4, black 4+4+4+4+6 = {game.V['high_bid']}"
    assert high in texts  # a bid of 6 cards, said whole in short (it was cut)
    cut = [t for t in root.iter(SVG + "text") if (t.text or "").endswith("…")]
    for t in cut:  # the whole words in a tooltip
        title = parents[t].findtext(SVG + "title") or ""
        assert title.startswith(t.text[:-1].rstrip()) and len(title) > len(t.text), t.text
    # the supply spaces carry the numbers that the options name them by ("supply space 3")
    assert all(str(n) in texts for n in range(1, 21))


def test_the_current_player_is_highlighted_and_the_supply_row_marks_its_bonus_scorings():
    game = mid_game()
    root = picture(game)
    found = places(root)
    deciding = game.decision().player
    for p in game.players:
        assert ("current" in (found[p][0].get("class") or "")) == (p == deciding)
    marks = [g.find(SVG + "text").text for g in root.iter(SVG + "g")
             if re.match("special scoring|the last business", g.findtext(SVG + "title") or "")]
    assert marks == ["3", "6", "9", "end"]
    slots = [s for s in found if re.fullmatch(r"slot\d\d", s)]
    assert len(slots) == 20


def test_every_option_that_is_a_game_value_is_a_place_on_the_board():
    """The web page makes the options clickable where the board draws them: plots, districts,
    commissioners, card colours and cards, businesses. Turn options (A-D), finish/pass and
    numbers are buttons."""
    game = ruleset("base").new_game(4, 5)
    display = load_display(game.ruleset)
    rng = random.Random(5)
    buttons = {"A", "B", "C", "D", "pass_bid", "finish_bid"}
    seen = set()
    for step in range(450):
        if game.over:
            break
        decision = game.decision()
        if step % 3 == 0:
            drawn = set(re.findall(r'data-place="([^"]*)"', display.to_svg(game, decision.player)))
            values = [o for o in decision.options if not isinstance(o, int) and o not in buttons]
            assert set(map(str, values)) <= drawn, decision.prompt
            seen.update(decision.prompt for _ in values[:1])
        game.apply(rng.choice(decision.options))
    assert len(seen) >= 5  # plots, districts, commissioners, colours, cards, ...


# ------------------------------------------------------------------------------ what it hides
def test_the_picture_shows_only_what_the_viewer_sees():
    game = mid_game()
    other = sample_game(game, "P1", random.Random(99))  # the same for P1, other hidden cards
    assert other.Z["hand"]["P2"] != game.Z["hand"]["P2"]
    display = load_display(game.ruleset)
    assert display.to_svg(game, "P1") == display.to_svg(other, "P1")
    mine = picture(game, "P1")
    titles = {t.text for t in mine.iter(SVG + "title")}
    assert {game.label(k) for k, n in game.Z["hand"]["P1"].items() if n} <= titles
    public = "".join(picture(game).itertext())
    assert "Your hand" not in public and "Your hand" in "".join(mine.itertext())


def test_a_display_that_asks_for_a_hidden_card_gets_a_random_one(tmp_path):
    folder = tmp_path / "base"
    shutil.copytree(BASE, folder)
    path = folder / "display-board.yaml"
    path.write_text(path.read_text() + '  - text: "SECRET {join([label(k) for each k in '
                    'hand[P2]], \\",\\")}"\n    x: 1\n    y: 1\n')
    ruleset_copy = load_ruleset(folder)
    game = ruleset_copy.new_game(4, 4)
    svg = load_display(ruleset_copy).to_svg(game, "P1")
    shown = re.search(r"SECRET ([^<]*)<", svg).group(1)
    real = ",".join(sorted(game.label(k) for k, n in game.Z["hand"]["P2"].items()
                           for _ in range(n)))
    assert sorted(shown.split(",")) != sorted(real.split(","))


# ------------------------------------------------------------------------------ legibility
def test_texts_fit_their_boxes():
    for game in (mid_game(), mid_auction()):
        root = picture(game, "P1")
        for t in root.iter(SVG + "text"):
            if t.get("data-width"):
                size = float(t.get("font-size") or 13)
                width = text_width(t.text or "", size, t.get("font-weight") == "bold")
                assert width <= float(t.get("data-width")), t.text
    assert fit_text("34th St. West, violet", 60, 13).endswith("…")
    assert text_width(fit_text("34th St. West, violet", 60, 13), 13) <= 60


def _painted(root: ET.Element) -> list[tuple[ET.Element, str]]:
    """Every shape and text in painting order, each with the colour it is painted in."""
    return [(el, el.get("fill") or "") for el in root.iter()
            if el.tag.removeprefix(SVG) in ("rect", "circle", "polygon", "text")]


def _under(painted, index: int, x: float, y: float) -> str:
    """The colour painted under the point (x, y) before item `index` (painter's order)."""
    for el, fill in reversed(painted[:index]):
        if el.tag.endswith("text") or not re.fullmatch(r"#[0-9a-fA-F]{6}", fill):
            continue  # texts and patterns are no background
        if el.get("data-piece") is None and el.get("opacity"):
            continue
        x0, y0, x1, y1 = shape_box(el)
        if x0 <= x <= x1 and y0 <= y <= y1:
            return fill
    raise AssertionError("nothing under the point")


def test_texts_and_pieces_contrast_with_what_lies_under_them():
    colours = BOARD["colours"]
    # the yellow player's skyscraper: a light fill with a dark outline that stands out
    yellow = colours["seat3"]
    for game in (mid_game(), mid_auction()):
        root = picture(game, "P1")
        painted = _painted(root)
        checked = 0
        for i, (el, fill) in enumerate(painted):
            tag = el.tag.removeprefix(SVG)
            if tag == "text" and (el.text or "").strip():
                x, y = float(el.get("x")), float(el.get("y"))
                size = float(el.get("font-size") or 13)
                ratio = contrast(fill, _under(painted, i, x, y - size * 0.35))
                assert ratio >= 4.5, (el.text, fill, ratio)
                checked += 1
            elif el.get("data-piece"):
                x0, y0, x1, y1 = shape_box(el)
                under = _under(painted, i, (x0 + x1) / 2, y1 + 0.5)
                assert contrast(el.get("stroke"), under) >= 3, (el.get("stroke"), under)
                checked += 1
        assert checked > 100
    tower = next(el for el in picture(mid_game()).iter(SVG + "polygon")
                 if el.get("fill") == yellow)
    assert contrast(tower.get("stroke"), yellow) >= 3
    assert contrast(tower.get("stroke"), colours["paper"]) >= 3


def test_contrast_is_the_wcag_ratio():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#777777") == pytest.approx(1)
    assert contrast("#ffffff", "#767676") == pytest.approx(4.54, abs=0.01)


# ------------------------------------------------------------------------------ mistakes
def _broken(tmp_path, old: str, new: str):
    folder = tmp_path / "base"
    shutil.copytree(BASE, folder)
    path = folder / "display-board.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(RulesetErrors) as info:
        load_display(load_ruleset(folder))
    return str(info.value), path.read_text().splitlines()


def test_a_geometry_schema_error_names_its_file_line_and_column(tmp_path):
    text, lines = _broken(tmp_path, "  - rect: {x: 0, y: 0, width: 1400, height: 44}",
                          "  - rect: {x: 0, y: 0, width: 1400, heigth: 44}")
    m = re.search(r"display-board\.yaml:(\d+):(\d+)", text)
    assert m and "does not match the display schema" in text
    line, col = int(m.group(1)), int(m.group(2))
    assert lines[line - 1][col - 1:].startswith("{x: 0, y: 0, width: 1400, heigth")
    assert "'heigth' was unexpected" in text


def test_a_geometry_expression_error_names_its_file_line_and_column(tmp_path):
    text, lines = _broken(tmp_path, 'row: "index_of(column, d)"', 'row: "index_of(colum, d)"')
    m = re.search(r"display-board\.yaml:(\d+):(\d+)", text)
    assert m and "colum" in text
    line, col = int(m.group(1)), int(m.group(2))
    assert lines[line - 1][col - 1:].startswith("index_of(colum")


def test_a_geometry_value_of_the_wrong_type_is_reported_at_its_place(tmp_path):
    folder = tmp_path / "base"
    shutil.copytree(BASE, folder)
    path = folder / "display-board.yaml"
    path.write_text(path.read_text().replace('x: "180 + 285 * (d.column - 1)"',
                                             'x: "label(d)"', 1))
    ruleset_copy = load_ruleset(folder)
    with pytest.raises(GameRuleError) as info:
        load_display(ruleset_copy).to_svg(ruleset_copy.new_game(3, 1))
    assert "must be a number" in str(info.value) and "display-board.yaml" in str(info.value)


# ------------------------------------------------------------------------------ any game
TUTORIAL_BOARD = """
board:
  width: 400
  height: 300
  items:
    - for: s
      in: "[s for each suit s]"
      at: {ring: {x: 200, y: 150, radius: 100}}
      items:
        - circle: {x: 0, y: 0, r: 30}
          place: s
          fill: "#ddeeff"
          label: "{s}"
    - for: a
      in: "[s for each suit s]"
      items:
        - for: b
          in: "beats(a)"
          items:
            - arrow: {from: a, to: b}
    - for: p
      in: "[p for each player p]"
      at: {grid: {x: 20, y: 20, columns: 2, dx: 50}}
      items:
        - piece: token
          place: p
          x: 0
          y: 0
          size: 20
          fill: "#336699"
          states:
            - {name: current, when: "p == deciding", stroke: "#ff0000"}
"""


def test_a_geometry_written_in_the_display_file_draws_any_game(tmp_path):
    import math

    folder = tmp_path / "high-card"
    shutil.copytree(FIFTH.parent / "tutorial" / "high-card", folder)
    (folder / "display.yaml").write_text(TUTORIAL_BOARD)
    manifest = folder / "ruleset.yaml"
    manifest.write_text(manifest.read_text() + "display: display.yaml\n")
    game = load_ruleset(folder).new_game(3, 1)
    root = picture(game)
    found = places(root)
    centres = {s: tuple(float(first_shape(found[s][0]).get(k)) for k in ("cx", "cy"))
               for s in ("suns", "moons", "stars")}
    assert centres["suns"] == pytest.approx((200, 50), abs=0.1)  # the first of the ring at the top
    assert centres["moons"] == pytest.approx((200 + 100 * math.cos(math.radians(30)), 200),
                                             abs=0.1)
    assert [g.find(SVG + "text").text for g in (found[s][0] for s in centres)] == [
        "Suns", "Moons", "Stars"]
    arrows = list(root.iter(SVG + "line"))
    assert len(arrows) == 3  # one per edge of the relation, cut at the circles' outlines
    for line in arrows:
        for x, y in ((line.get("x1"), line.get("y1")), (line.get("x2"), line.get("y2"))):
            assert min(math.dist((float(x), float(y)), c) for c in centres.values()) \
                == pytest.approx(30, abs=0.2)
    deciding = game.decision().player
    assert [p for p in game.players if "current" in (found[p][0].get("class") or "")] == [
        deciding]


def test_a_geometry_that_would_draw_without_end_is_stopped_at_its_place(tmp_path):
    folder = tmp_path / "base"
    shutil.copytree(BASE, folder)
    path = folder / "display-board.yaml"
    path.write_text(path.read_text() + '  - for: i\n    in: "numbers(1, 900000)"\n    items:\n'
                    '      - for: j\n        in: "numbers(1, 900000)"\n        items:\n'
                    '          - circle: {x: 1, y: 1, r: 1}\n')
    ruleset_copy = load_ruleset(folder)
    with pytest.raises(GameRuleError) as info:
        load_display(ruleset_copy).to_svg(ruleset_copy.new_game(3, 1))
    assert "is a list of `in` too long?" in str(info.value)
    assert "display-board.yaml" in str(info.value.loc)


def test_without_a_geometry_the_text_blocks_stay_inside_their_boxes(tmp_path):
    folder = tmp_path / "base"
    shutil.copytree(BASE, folder)
    path = folder / "display.yaml"
    path.write_text(path.read_text().replace("board: display-board.yaml\n", ""))
    ruleset_copy = load_ruleset(folder)
    game = ruleset_copy.new_game(4, 4)
    rng = random.Random(4)
    while game.V["turns"] < 10:
        game.apply(rng.choice(game.decision().options))
    root = ET.fromstring(load_display(ruleset_copy).to_svg(game, "P1"))
    boxes = [g for g in root.iter(SVG + "g") if g.get("id", "").startswith("block-")]
    assert len(boxes) > 5
    for g in boxes:
        width = float(g.find(SVG + "rect").get("width"))
        for t in g.iter(SVG + "text"):
            assert len("".join(t.itertext())) * 13 * 0.61 <= width - 12, t.text


def test_the_players_panel_says_the_supply_to_come_during_the_preparation():
    """Two newcomers read '0 skyscrapers in supply' while the starting skyscrapers were
    placed, having read that each player starts with 3: the picture says the supply to
    come then, and the supply itself once the game begins."""
    game = ruleset("base").new_game(4, 3)
    text = lambda: " ".join(t.text or "" for t in picture(game).iter(SVG + "text"))  # noqa: E731
    assert text().count("supply 3 after setup · 9 cards") == 4, text()
    while game.decision().prompt == "place a skyscraper on an empty building plot":
        game.apply(game.decision().options[0])
    said = text()
    assert "after setup" not in said
    assert said.count("3 skyscrapers in supply · ") == 4, said  # each player's 3, given


def test_a_players_supply_and_cards_are_said_whole_in_their_row():
    """A newcomer read '13 skyscrapers in supply · 24 ca…' in the players' rows: two-digit
    counts of both are said whole."""
    def crowded(game) -> bool:
        view = game.view(None)["zones"]
        return any(sum(view["supply"][p].values()) >= 10 and view["hand"][p]["count"] >= 20
                   for p in game.players)
    game = play_until("base", 4, 131, crowded)
    texts = [t.text or "" for t in picture(game).iter(SVG + "text")]
    rows = [t for t in texts if " in supply · " in t]
    assert len(rows) == 4 and not any(t.endswith("…") for t in rows), rows
    assert any(re.match(r"\d\d skyscrapers in supply · \d\d cards$", t) for t in rows), rows


def test_the_bag_is_said_only_while_it_holds_businesses_the_game_uses():
    """Seed 316's newcomer read "bag: 0 businesses" on the board from the start as wrong: the
    preparation draws the businesses the game uses and puts the 9 others back in the box
    (en-2004, Preparation). The bag is drawn while it holds some, not once it is empty."""
    game = ruleset("base").new_game(4, 316)
    text = lambda: " ".join(t.text or "" for t in picture(game).iter(SVG + "text"))  # noqa: E731
    assert game.decision() is not None  # the preparation is over: the bag emptied
    said = text()
    assert "bag:" not in said and "in the bag" not in ET.tostring(picture(game), "unicode")
