"""Pictures of a game: the board as text (coloured on a terminal) and as SVG, from the ruleset.

How a game looks is data of the ruleset: the manifest names a display file (`display:` in
ruleset.yaml, see schemas/display.schema.json). An overlay uses its base's display unless it
names its own. The display file holds

- `colours`: colour names, each with an ANSI code (terminal) and an SVG colour;
- `blocks`: boxes of text, each a title and lines written as templates: texts with
  `{expressions}` of the rules language and colour markup `[name]...[/]`;
- `text`: how the blocks are laid out on a terminal (columns side by side, then rows below);
- `text_compact`: the same for a terminal narrower than `text` needs (80 columns);
- `text_narrow`: the same for a screen narrower than its `narrower_than` columns (a
  phone's text board, 52 columns), where even the compact layout's rows would wrap;
- `text_words`: the board in words, without marks: the page's text view (a list a player
  reads without a legend), where the display has one;
- `legend`: what each mark means (mark and meaning, per value of a list); a layout shows it
  where it names `legend`, and `check_legend` refuses one mark with two meanings;
- `private`: the block only the deciding player sees (a hand);
- `hints`: lines shown with a decision when their condition holds (`options` are the legal
  options, `viewer` the deciding player; a hint `during` a procedure shows only while that
  procedure asks, and may name its rule locals);
- `news`: texts that make a log line news: said again in short on a player's screen (the
  digest of what happened since their last decision);
- `option_notes`: what an option changes that a value of the rules tells, said on its line
  ('the limit falls to 1'; see option_notes.py);
- `zones`: short names of zones, said in what a move does ('the red pile' for a short name
  'the {} pile' of a zone indexed by colour) where the rules' descriptions are long; or
  `{name, under}`, `under` saying where pieces put at its bottom go, in the log's words
  ('face up under the {} pile', not '..., at the bottom');
- `final`: a block shown when the game is over (before the final scores);
- `svg`: the size of the picture; each block may give its box (`svg: {x, y, width, height}`);
- `board`: the picture's geometry (board_svg.py), inline or in a file of its own; with
  it, the SVG picture is the board drawn from it (the blocks' boxes are not drawn).

The templates are evaluated on the game itself, so the display file must show only what the
viewer may see (its own `private` block is shown to the deciding player only). Markup that
names no colour of the file is left as it is. A ruleset without a display file gets a plain
generic picture: the zones every player may see, and the viewer's own zones.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jsonschema
import yaml

from interpreter.engine.secrecy import shown_private
from interpreter.language import nodes as N
from interpreter.language.errors import GameRuleError, RulesetError, RulesetErrors
from interpreter.language.files import (
    FileRefused,
    count_expressions,
    inside,
    read_bounded,
    strict_loader,
    yaml_problem,
)
from interpreter.language.files import display_path as files_display_path
from interpreter.play.board_svg import Geometry, GeometryBuilder, Painter
from interpreter.play.generic_board import generic_board, generic_private, secret_lines
from interpreter.play.markup import (
    IF_ROOM,
    Colour,
    Segment,
    column_left_out,
    parse_markup,
    spare_column,
    to_ansi,
    to_plain,
    without_spare,
    wrap_segments,
)
from interpreter.play.markup import fit as fit
from interpreter.play.markup import use_colour as use_colour
from interpreter.play.moves_seen import UNDER
from interpreter.play.option_notes import NAMES as NOTE_NAMES
from interpreter.play.option_notes import OptionNote, asking_procedure, running_values
from interpreter.play.option_order import (
    OptionOrder,
    in_display_order,
    numbered_value,
    shown_numbers,
)
from interpreter.play.svg_text import COLOUR_HELP, ELLIPSIS, css_colour
from interpreter.play.svg_text import xml_attr as quoteattr
from interpreter.play.svg_text import xml_text as escape
from interpreter.resources import schema

if TYPE_CHECKING:
    from interpreter.engine.ruleset import Ruleset
    from interpreter.engine.runtime import Decision, Game

SCHEMA = "display"
MONO_WIDTH = 0.61  # the width of a letter of a monospace font, in ems


# ---------------------------------------------------------------------------------- model
@dataclass
class Line:
    """One line of a block: a template, or a template repeated for each value of a list."""

    text: Callable
    each: str | None = None  # the name bound to each value
    source: Callable | None = None  # the list of values

    def render(self, game: Game, values: dict[str, Any]) -> list[str]:
        if self.source is None:
            return [self.text(game, **values)]
        return [self.text(game, **{**values, self.each: v})
                for v in self.source(game, **values)]


@dataclass
class Block:
    name: str
    title: Callable | None = None
    lines: list[Line] = field(default_factory=list)
    values: dict[str, Callable] = field(default_factory=dict)
    when: Callable | None = None
    box: dict[str, Any] | None = None  # svg: x, y, width, height, fill
    instead: Callable | None = None  # a spare block's line when there is no room for it
    column: str | None = None  # a spare block shown only where the board's `if_room` column
    # is 'shown', or only where it is 'left out' (too few columns for it)

    def shown(self, game: Game, viewer: str) -> bool:
        return self.when is None or bool(self.when(game, viewer=viewer))

    def render(self, game: Game, viewer: str) -> tuple[str | None, list[str]]:
        values: dict[str, Any] = {"viewer": viewer}
        for name, fn in self.values.items():
            values[name] = fn(game, viewer=viewer)
        title = self.title(game, **values) if self.title is not None else None
        lines = [text for line in self.lines for text in line.render(game, values)]
        return title, lines


@dataclass
class Column:
    width: int
    offset: int = 0
    blocks: list[str] = field(default_factory=list)


@dataclass
class Layout:
    """How the blocks stand on a terminal: header lines, columns side by side, blocks below."""

    header: list[Callable] = field(default_factory=list)
    columns: list[Column] = field(default_factory=list)
    gap: str = " | "
    below: list[str] = field(default_factory=list)
    spare: list[str] = field(default_factory=list)  # shown when the screen has room

    @property
    def width(self) -> int:
        """The columns' width with their gaps (what the terminal needs)."""
        if not self.columns:
            return 0
        return sum(c.width for c in self.columns) + len(self.gap) * (len(self.columns) - 1)


@dataclass
class FinalTable:
    """The points of the end as a table: a row per value of a list, a column per player."""

    title: str
    each: str
    source: Callable
    row: Callable
    cell: Callable

    def render(self, game: Game) -> dict[str, Any]:
        rows = []
        for value in self.source(game, viewer=None):
            rows.append([self.row(game, viewer=None, **{self.each: value})]
                        + [self.cell(game, viewer=None, p=p, **{self.each: value})
                           for p in game.players])
        return {"title": self.title, "columns": [game.label(p) for p in game.players],
                "rows": rows}


@dataclass
class LegendEntry:
    """A mark of the board and what it means (for each value of a list, when `each` is set)."""

    mark: Callable
    means: Callable
    each: str | None = None
    source: Callable | None = None

    def render(self, game: Game, viewer: str) -> list[tuple[str, str]]:
        if self.source is None:
            return [(self.mark(game, viewer=viewer), self.means(game, viewer=viewer))]
        return [(self.mark(game, viewer=viewer, **{self.each: v}),
                 self.means(game, viewer=viewer, **{self.each: v}))
                for v in self.source(game, viewer=viewer)]


LEGEND = "legend"


@dataclass
class Hint:
    """A line shown with a decision when `when` holds. `during`: the procedures one of which
    must be asking the decision (none: any); the texts may then use the rule locals they
    all have by name (what the player chose a step before, say: 'place the {label(kind)}
    you took'). `short`: the words on a screen of a given width (a terminal), where the whole
    would take rows it has not; the browser says the whole."""

    when: Callable | None
    text: Callable
    during: tuple[str, ...] = ()
    short: Callable | None = None
    # more names: locals of procedures under way (name -> procedure, local, default)
    running: dict[str, tuple[str, str, Callable | None]] = field(default_factory=dict)

    def values(self, game: Game, viewer: str, options: list[Any]) -> dict[str, Any] | None:
        """The names the texts may use now; None when another procedure asks."""
        values: dict[str, Any] = {"viewer": viewer, "options": options,
                                  **running_values(game, self.running)}
        if not self.during:
            return values
        asking = asking_procedure(game)
        if asking not in self.during:
            return None
        slots = [n for n in game.program.procs[asking].slots if not n.startswith("$")]
        return values | dict.fromkeys(slots) | game.frame_locals()


@dataclass
class Display:
    """A ruleset's display, compiled. Build it with `load_display(ruleset)`."""

    ruleset: Ruleset
    source: Path | None = None
    colours: dict[str, Colour] = field(default_factory=dict)
    blocks: dict[str, Block] = field(default_factory=dict)
    header: list[Callable] = field(default_factory=list)
    columns: list[Column] = field(default_factory=list)
    gap: str = " | "
    below: list[str] = field(default_factory=list)
    spare: list[str] = field(default_factory=list)
    private: Block | None = None
    hints: list[Hint] = field(default_factory=list)
    final: Block | None = None
    final_table: FinalTable | None = None
    svg: dict[str, Any] = field(default_factory=dict)
    svg_title: Callable | None = None
    geometry: Geometry | None = None  # the board picture (board_svg.py)
    redraw_when: Callable | None = None
    compact: Layout | None = None  # for a terminal narrower than the columns need
    narrow: Layout | None = None  # for a screen narrower than `narrow_below` columns
    narrow_below: int = 0
    words: Layout | None = None  # the board in words: the page's text view
    legend: list[LegendEntry] = field(default_factory=list)
    news: list[str] = field(default_factory=list)  # texts that make a log line news
    glossary: dict[str, str] = field(default_factory=dict)  # a game's term -> its meaning
    option_notes: list[OptionNote] = field(default_factory=list)  # said on options' lines
    zones: dict[str, str] = field(default_factory=dict)  # short names of zones, for play
    context: Callable | None = None  # what a decision is about ('in the round for the north')
    lone_context: Callable | None = None  # and one taken for a player alone (else `context`)
    option_order: list[OptionOrder] = field(default_factory=list)  # the order shown

    # ------------------------------------------------------------------ text
    def _out(self, text: str, colour: bool) -> str:
        segments = parse_markup(text, self.colours)
        return to_ansi(segments, self.colours) if colour else to_plain(segments)

    @property
    def layout(self) -> Layout:
        return Layout(self.header, self.columns, self.gap, self.below, self.spare)

    def layout_for(self, width: int | None) -> Layout:
        """The narrow layout on a screen narrower than it is meant for, the compact layout
        when the terminal is narrower than the full one needs."""
        full = self.layout
        if width is not None and self.narrow is not None and width < self.narrow_below:
            return self.narrow
        if width is not None and self.compact is not None and width < full.width:
            return self.compact
        return full

    def board(self, game: Game, viewer: str | None, colour: bool = False,
              width: int | None = None, layout: Layout | None = None) -> str:
        """The board as text lines, as `viewer` may see it (without the private block; None:
        as a spectator sees it); for a terminal of `width` columns, in the layout that fits
        (or `layout`) and with long lines wrapped."""
        if not self.blocks and not self.header:
            lines = [self._out(x, colour)
                     for x in generic_board(game, viewer) + secret_lines(game, viewer)]
            return "\n".join(self._wrapped(lines, width, colour))
        layout = layout or self.layout_for(width)
        try:
            lines = [self._out(h(game, viewer=viewer), colour) for h in layout.header]
            lines += self._columns(game, viewer, colour, layout)
            for name in layout.below:
                title, body = self._below(game, viewer, name)
                if title is None and body is None:
                    continue
                lines.append("")
                if title:
                    lines += self._fitted(title, width, colour)
                lines += self._fitted_block(body or [], width, colour)
        except GameRuleError as exc:
            raise _display_error(exc, self.source) from None
        lines += self._wrapped(secret_lines(game, viewer), width, colour)
        return "\n".join(line.rstrip() for line in lines)

    def spare_blocks(self, game: Game, viewer: str, colour: bool = False,
                     width: int | None = None) -> list[tuple[list[str], list[str]]]:
        """The layout's spare blocks shown now, each as (its lines, the line that says where
        to find them instead): the screen shows the first when it has the rows."""
        out = []
        left_out = self.column_left_out(game, viewer, width)
        for name in self.layout_for(width).spare:
            block = self.blocks[name]
            if not block.shown(game, viewer) or \
                    block.column not in (None, "left out" if left_out else "shown"):
                continue
            try:
                title, body = block.render(game, viewer)
                instead = block.instead(game, viewer=viewer) if block.instead else ""
            except GameRuleError as exc:
                raise _display_error(exc, self.source) from None
            lines = [x for text in ([title] if title else []) + body
                     for x in self._fitted(text, width, colour)]
            out.append((lines, self._fitted(instead, width, colour) if instead else []))
        return out

    def column_left_out(self, game: Game, viewer: str, width: int | None) -> bool:
        """Whether the board at `width` leaves out its blocks' `if_room` column (a terminal
        too narrow for it): a spare block may then say it on lines of its own."""
        if width is None or not any(self.blocks[name].column is not None
                                    for name in self.layout_for(width).spare):
            return False
        for name in self.layout_for(width).below:
            if name == LEGEND and self.legend:
                continue
            block = self.blocks[name]
            if not block.shown(game, viewer):
                continue
            try:
                _, body = block.render(game, viewer)
            except GameRuleError as exc:
                raise _display_error(exc, self.source) from None
            if column_left_out([parse_markup(x, self.colours) for x in body], width):
                return True
        return False

    def _below(self, game: Game, viewer: str, name: str) -> tuple[Any, Any]:
        """A block's title and lines (None, None when it is not shown); the legend's line."""
        if name == LEGEND and self.legend:
            items = self.legend_items(game, viewer)
            return "", [", ".join(f"{mark} {means}" for mark, means in items)]
        block = self.blocks[name]
        if not block.shown(game, viewer):
            return None, None
        return block.render(game, viewer)

    def _fitted(self, text: str, width: int | None, colour: bool) -> list[str]:
        segments = _without_end_spaces(without_spare(parse_markup(text, self.colours), width))
        if width is None:
            return [to_ansi(segments, self.colours) if colour else to_plain(segments)]
        return [to_ansi(s, self.colours) if colour else to_plain(s)
                for s in wrap_segments(segments, width)]

    def _fitted_block(self, body: list[str], width: int | None, colour: bool) -> list[str]:
        """A block's lines, their `[if_room]` texts one column (markup.spare_column): a line
        still too wide goes on under what followed the column."""
        out = []
        for segments, hang in spare_column([parse_markup(x, self.colours) for x in body],
                                           width):
            segments = _without_end_spaces(segments)
            if width is None:
                out.append(to_ansi(segments, self.colours) if colour else to_plain(segments))
                continue
            out += [to_ansi(x, self.colours) if colour else to_plain(x)
                    for x in _hanging(segments, width, hang)]
        return out

    def _wrapped(self, lines: list[str], width: int | None, colour: bool) -> list[str]:
        if width is None:
            return lines
        return [to_plain(s) for x in lines for s in wrap_segments([(x, None)], width)]

    def legend_items(self, game: Game, viewer: str) -> list[tuple[str, str]]:
        """The legend's (mark, meaning) pairs, as text without colour markup."""
        try:
            pairs = [pair for entry in self.legend for pair in entry.render(game, viewer)]
        except GameRuleError as exc:
            raise _display_error(exc, self.source) from None
        return [(to_plain(parse_markup(m, self.colours)), to_plain(parse_markup(x, self.colours)))
                for m, x in pairs]

    def legend_clashes(self, game: Game) -> list[str]:
        """Marks of the legend that mean two things (compared without brackets and
        punctuation: '<B>' and 'B' are one mark; a mark of signs only, '> <', by its signs)."""
        meaning: dict[str, tuple[str, str]] = {}
        out = []
        for mark, means in self.legend_items(game, game.players[0]):
            key = "".join(ch for ch in mark if ch.isalnum()) or mark.strip()
            if key in meaning and meaning[key][1] != means:
                out.append(f"the mark '{mark}' means '{means}', and '{meaning[key][0]}' means "
                           f"'{meaning[key][1]}': one mark, two meanings")
            meaning.setdefault(key, (mark, means))
        return out

    def _columns(self, game: Game, viewer: str, colour: bool,
                 layout: Layout | None = None) -> list[str]:
        layout = layout or self.layout
        if not layout.columns:
            return []
        cells: list[list[list[Segment]]] = []
        for column in layout.columns:
            rows: list[list[Segment]] = [[] for _ in range(column.offset)]
            first = True
            for name in column.blocks:
                block = self.blocks[name]
                if not block.shown(game, viewer):
                    continue
                if not first:
                    rows.append([])
                first = False
                title, body = block.render(game, viewer)
                if title is not None:
                    rows.append(parse_markup(title, self.colours))
                rows += [parse_markup(x, self.colours) for x in body]
            cells.append(rows)
        height = max(len(c) for c in cells)
        out = []
        for i in range(height):
            parts = []
            for column, rows in zip(layout.columns, cells, strict=True):
                segs = fit(rows[i] if i < len(rows) else [], column.width)
                parts.append(to_ansi(segs, self.colours) if colour else to_plain(segs))
            out.append(layout.gap.join(parts))
        return out

    def private_text(self, game: Game, viewer: str, colour: bool = False,
                     width: int | None = None) -> str:
        """What only `viewer` sees (a hand), as text lines."""
        if self.private is None:
            if self.blocks or self.header:
                return ""
            lines = [self._out(x, colour) for x in generic_private(game, viewer)]
            return "\n".join(self._wrapped(lines, width, colour))
        try:
            title, body = self.private.render(game, viewer)
        except GameRuleError as exc:
            raise _display_error(exc, self.source) from None
        lines = ([title] if title else []) + body
        return "\n".join(x.rstrip() for line in lines for x in self._fitted(line, width, colour))

    def private_segments(self, game: Game, viewer: str) -> list[list[tuple[str, str | None]]]:
        """The private block's lines (title first) as (text, SVG colour or None) pieces, for
        a page that draws them in colour."""
        if self.private is None:
            return [[(line, None)] for line in generic_private(game, viewer)] \
                if not (self.blocks or self.header) else []
        try:
            title, body = self.private.render(game, viewer)
        except GameRuleError as exc:
            raise _display_error(exc, self.source) from None
        return [[(text, self.colours[c].svg if c is not None else None)
                 for text, c in parse_markup(line, self.colours)]
                for line in ([title] if title else []) + body]

    def hint_lines(self, game: Game, viewer: str, options: list[Any],
                   colour: bool = False, width: int | None = None) -> list[str]:
        """The hints whose condition holds for this decision (a running total, a limit)."""
        texts = []
        try:
            for hint in self.hints:
                values = hint.values(game, viewer, options)
                if values is not None and (hint.when is None or hint.when(game, **values)):
                    said = hint.short if width is not None and hint.short else hint.text
                    texts.append(said(game, **values))
        except GameRuleError as exc:
            raise _display_error(exc, self.source) from None
        return [line for text in [*texts, *self.meanings(texts)]
                for line in self._fitted(text, width, colour)]

    def meanings(self, texts: list[str]) -> list[str]:
        """'Term: meaning' for each glossary term the hints use and none of them begins with
        (a hint that begins with the term explains it already): a newcomer met a word of the
        game on a screen before any rule had said what it means."""
        plain = [" ".join(to_plain(parse_markup(text, self.colours)).split()).lower()
                 for text in texts]
        return [f"{term[:1].upper()}{term[1:]}: {means}"
                for term, means in self.glossary.items()
                if any(re.search(rf"\b{re.escape(term.lower())}", text) for text in plain)
                and not any(text.startswith(term.lower()) for text in plain)]

    def shown(self, game: Game, decision: Decision) -> Decision:
        """The decision with its options in the order the display shows them in."""
        return in_display_order(self.option_order, game, decision)

    def option_numbers(self, game: Game, decision: Decision) -> list[int] | None:
        """The numbers shown for the options of `decision` (shown in display order), where
        the display keeps them the same as options go (None: 1, 2, ...)."""
        return shown_numbers(self.option_order, game, decision)

    def numbered_value(self, game: Game, decision: Decision, number: int,
                       candidates: list[Any]) -> Any:
        """The value among `candidates`, not an option now, that the display's numbers give
        `number` (None: none)."""
        return numbered_value(self.option_order, game, decision, number, candidates)

    def context_of(self, game: Game, viewer: str) -> str:
        """What the decision `game` asks now is about, in the display's words ('' for none):
        said with another player's coming decision where it differs from the present one."""
        if self.context is None:
            return ""
        try:
            return str(self.context(game, viewer=viewer) or "")
        except GameRuleError as exc:
            raise _display_error(exc, self.source) from None

    def lone_context_of(self, game: Game, viewer: str) -> str:
        """What a decision that the game takes for `viewer` alone (one legal option) is about:
        said after 'Taken for you', where the screen of the decision is never shown."""
        said = self.lone_context or self.context
        if said is None:
            return ""
        try:
            return str(said(game, viewer=viewer) or "")
        except GameRuleError as exc:
            raise _display_error(exc, self.source) from None

    def news_in(self, lines: list[str]) -> list[str]:
        """The lines of a log that are news (hold one of the `news` texts), in order."""
        return [line for line in lines if any(text in line for text in self.news)]

    def final_lines(self, game: Game, colour: bool = False,
                    width: int | None = None) -> list[str]:
        """The display's lines for the end of the game (before the final scores)."""
        if self.final is None:
            return []
        try:
            title, body = self.final.render(game, game.players[0])
        except GameRuleError as exc:
            raise _display_error(exc, self.source) from None
        return [x.rstrip() for line in ([title] if title else []) + body
                for x in self._fitted(line, width, colour)]

    def final_table_of(self, game: Game) -> dict[str, Any] | None:
        """The display's table of the end's points (title, columns, rows), or None."""
        if self.final_table is None:
            return None
        try:
            table = self.final_table.render(game)
        except GameRuleError as exc:
            raise _display_error(exc, self.source) from None
        table["rows"] = [[to_plain(parse_markup(c, self.colours)) for c in row]
                         for row in table["rows"]]
        return table

    def redraw_key(self, game: Game) -> Any:
        """A value that changes when a watcher should see the board again (None: always)."""
        if self.redraw_when is None:
            return None
        try:
            return self.redraw_when(game, viewer=game.players[0])
        except GameRuleError:
            return None

    # ------------------------------------------------------------------ svg
    def to_svg(self, game: Game, viewer: str | None = None,
               private_beside: bool = False) -> str:
        """The board as an SVG picture, as `viewer` may see it (None: what every player sees);
        the private part only when a viewer is given. `private_beside`: the page shows the
        viewer's private block beside the picture (the geometry's name `private_beside`), so
        the picture may leave it out."""
        if self.geometry is not None:
            try:
                return Painter(self.geometry, lambda name: self._svg_colour(name, name), game,
                               viewer, private_beside).render()
            except GameRuleError as exc:
                raise _display_error(exc, self.source) from None
        settings = self.svg
        font = int(settings.get("font_size", 13))
        step = round(font * 1.3)
        width = int(settings.get("width", 1000))
        height = int(settings.get("height", 700))
        look = viewer  # None: as a spectator sees it
        parts = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="monospace" font-size="{font}">',
            f'<rect x="0" y="0" width="{width}" height="{height}" '
            f'fill={quoteattr(self._svg_colour(settings.get("background"), "#ffffff"))}/>',
        ]
        try:
            if self.svg_title is not None:
                parts.append(self._svg_text(self.svg_title(game, viewer=look), 10, step + 2,
                                            bold=True, size=font + 3))
            boxes = [b for b in self.blocks.values() if b.box is not None]
            if viewer is not None and self.private is not None and self.private.box:
                boxes.append(self.private)
            if not boxes:
                body = self.board(game, look).splitlines()
                for i, line in enumerate(body):
                    parts.append(self._svg_text(line, 10, 2 * step + 8 + i * step))
            for block in boxes:
                if not block.shown(game, look):
                    continue
                parts += self._svg_box(block, game, look, font, step)
        except GameRuleError as exc:
            raise _display_error(exc, self.source) from None
        parts.append("</svg>")
        return "\n".join(parts) + "\n"

    def _svg_colour(self, name: Any, default: str) -> str:
        if not name:
            return default
        colour = self.colours.get(str(name))
        return colour.svg if colour is not None else str(name)

    def _svg_box(self, block: Block, game: Game, viewer: str, font: int,
                 step: int) -> list[str]:
        box = block.box or {}
        x, y = int(box["x"]), int(box["y"])
        w, h = int(box["width"]), int(box["height"])
        fill = self._svg_colour(box.get("fill"), "#f7f7f2")
        title, lines = block.render(game, viewer)
        # A block drawn for one value (a place) carries it, so that a page can offer it.
        value = [fn(game, viewer=viewer) for fn in block.values.values()]
        place = f" data-place={quoteattr(str(value[0]))}" if len(value) == 1 else ""
        out = [f'<g id={quoteattr("block-" + block.name)}{place}>',
               f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill={quoteattr(fill)} '
               'stroke="#555555" stroke-width="1"/>']
        line_y = y + step
        chars = max(int((w - 12) / (font * MONO_WIDTH)), 1)  # a line is cut to the box
        if title:
            out.append(self._svg_text(title, x + 6, line_y, bold=True, chars=chars))
            line_y += step + 2
        for line in lines:
            if line_y > y + h - 4:
                break
            out.append(self._svg_text(line, x + 6, line_y, chars=chars))
            line_y += step
        out.append("</g>")
        return out

    def _svg_text(self, text: str, x: int, y: int, bold: bool = False,
                  size: int | None = None, chars: int | None = None) -> str:
        spans = []
        segments = parse_markup(text, self.colours)
        if chars is not None and len(to_plain(segments)) > chars:
            segments = [*fit(segments, chars - 1), (ELLIPSIS, None)]
        for piece, colour in segments:
            if colour is None:
                spans.append(escape(piece))
            else:
                spans.append(f'<tspan fill={quoteattr(self.colours[colour].svg)} '
                             f'font-weight="bold">{escape(piece)}</tspan>')
        attrs = ' font-weight="bold"' if bold else ""
        if size:
            attrs += f' font-size="{size}"'
        return f'<text x="{x}" y="{y}" xml:space="preserve"{attrs}>{"".join(spans)}</text>'


def check_legend(ruleset: Ruleset, display: Display) -> list[RulesetError]:
    """A mark of the legend that means two things, in a game of any player count (a game is
    started to draw the legend: its marks may come from the rules)."""
    if not display.legend:
        return []
    shown = files_display_path(display.source) if display.source else None
    errors: list[RulesetError] = []
    for players in ruleset.player_counts:
        try:
            game = ruleset.new_game(players, 0)
            clashes = display.legend_clashes(game)
        except GameRuleError as exc:
            return [RulesetError(f"the legend cannot be drawn: {exc.message}", exc.loc)]
        errors += [RulesetError(f"the legend with {players} players: {c}",
                                N.Loc(shown, 1, 1) if shown else None)
                   for c in clashes if all(c not in e.message for e in errors)]
    return errors


def _hanging(segments: list[Segment], width: int, hang: int) -> list[list[Segment]]:
    """A row of a block wrapped to `width`, what does not fit going on under the place where
    the left-out column stood (`hang`), else under the row's second column (a continuation
    under the first read as a row of its own), else indented two spaces."""
    plain = to_plain(segments)
    second = re.search(r"\S {2,}(?=\S)", plain)
    for at in (hang, second.end() if second else 0):
        if at <= 0:
            continue
        lines = wrap_segments(segments, width, " " * at)
        if all(len(to_plain(x)) <= width for x in lines) and \
                all(to_plain(x)[:at].strip() for x in lines[:1]):
            return lines
    return wrap_segments(segments, width)


def _without_end_spaces(segments: list[Segment]) -> list[Segment]:
    """The segments without the spaces at the line's end (a row's padding is no reason to
    wrap it onto a blank line)."""
    out = list(segments)
    while out and not out[-1][0].rstrip(" "):
        out.pop()
    if out:
        out[-1] = (out[-1][0].rstrip(" "), out[-1][1])
    return out


def _display_error(exc: GameRuleError, source: Path | None) -> GameRuleError:
    where = f" (display file {source})" if source else ""
    err = GameRuleError(f"the board cannot be drawn{where}: {exc.message}", exc.loc)
    return err


# ---------------------------------------------------------------------------------- loading
class _LocStr(str):
    """A text read from the display file, with the place where it stands."""

    loc: N.Loc


class _LocDict(dict):
    """A mapping read from the display file, with the place where it starts."""

    loc: N.Loc


def _loader(path: str) -> type[yaml.SafeLoader]:
    class Loader(strict_loader()):  # type: ignore[misc]
        pass

    def construct(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> str:
        value = _LocStr(loader.construct_scalar(node))
        mark = node.start_mark
        quoted = 1 if node.style in ("'", '"') else 0
        value.loc = N.Loc(path, mark.line + 1, mark.column + 1 + quoted)
        return value

    def construct_map(loader: yaml.SafeLoader, node: yaml.MappingNode) -> Any:
        value = _LocDict()
        mark = node.start_mark
        value.loc = N.Loc(path, mark.line + 1, mark.column + 1)
        yield value
        value.update(loader.construct_mapping(node))

    Loader.add_constructor("tag:yaml.org,2002:str", construct)
    Loader.add_constructor("tag:yaml.org,2002:map", construct_map)
    return Loader


def display_path(ruleset: Ruleset) -> Path | None:
    """The display file of the top-most layer that names one (overlays inherit the base's)."""
    for layer in reversed(getattr(ruleset, "layers", None) or []):
        rel = layer.manifest.get("display")
        if rel:
            return Path(layer.folder) / rel
    rel = ruleset.manifest.get("display")
    return Path(ruleset.path) / rel if rel else None


def load_display(ruleset: Ruleset) -> Display:
    """The ruleset's display, checked and compiled; a generic one if it has none.

    Raises RulesetErrors (each with its place in the display file) for mistakes."""
    path = display_path(ruleset)
    if path is None:
        return Display(ruleset)
    shown = files_display_path(path)
    folders = [layer.folder for layer in getattr(ruleset, "layers", None) or []]
    if not any(inside(path, folder) for folder in [*folders, ruleset.path]):
        raise RulesetErrors([RulesetError(f"the display file {shown} leads outside the "
                                          "ruleset's folder (through a link): a ruleset reads "
                                          "only its own files")])
    doc = _read_checked(path, shown, schema(SCHEMA))
    return _Builder(ruleset, path, shown).build(doc)


def _read_checked(path: Path, shown: str, rules: dict) -> Any:
    """A YAML file of the display, read with the place of each text and checked against
    `rules` (a JSON schema); RulesetErrors at file:line:col for what is wrong."""
    try:
        text = read_bounded(path)
        count_expressions(text, path)  # each {...} of a template is parsed on its own
    except FileRefused as exc:
        raise RulesetErrors([RulesetError(f"the display file {shown} {exc}")]) from None
    except RulesetError as exc:
        raise RulesetErrors([exc]) from None
    try:
        doc = yaml.load(text, Loader=_loader(shown))  # noqa: S506 - a SafeLoader subclass
    except RecursionError:
        raise RulesetErrors([RulesetError("not valid YAML: nested too deeply",
                                          N.Loc(shown, 1, 1))]) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        loc = N.Loc(shown, mark.line + 1, mark.column + 1) if mark else N.Loc(shown, 1, 1)
        raise RulesetErrors([RulesetError(f"not valid YAML: {yaml_problem(exc)}", loc)]) \
            from None
    validator = jsonschema.Draft202012Validator(rules)
    problems = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
    if problems:
        first = problems[0]
        while first.context:  # none of several forms fits: the one that went deepest
            first = max(first.context, key=lambda e: len(e.absolute_path))
        where = "/".join(str(p) for p in first.absolute_path) or "the top level"
        raise RulesetErrors([RulesetError(
            f"{path.name} does not match the display schema at {where}: {first.message}",
            _loc_of(first.instance, N.Loc(shown, 1, 1)))])
    return doc


def _loc_of(value: Any, default: N.Loc) -> N.Loc:
    return getattr(value, "loc", None) or default


class _Builder:
    def __init__(self, ruleset: Ruleset, path: Path, shown: str):
        self.ruleset = ruleset
        self.path = path
        self.default = N.Loc(shown, 1, 1)
        self.errors: list[RulesetError] = []

    def template(self, text: str, names: tuple[str, ...]) -> Callable:
        try:
            return self.ruleset.template(str(text), _loc_of(text, self.default), names)
        except RulesetErrors as exc:
            self.errors += exc.errors
            return lambda game, **values: ""

    def expression(self, text: Any, names: tuple[str, ...]) -> Callable:
        if not isinstance(text, str):  # a number or yes/no written as YAML
            return lambda game, **values: text
        try:
            return self.ruleset.expression(str(text), _loc_of(text, self.default), names)
        except RulesetErrors as exc:
            self.errors += exc.errors
            return lambda game, **values: None

    def zone_names(self, names: dict[str, Any]) -> dict[str, str]:
        """The short names of zones for play, and where a zone gives them, its words for
        pieces put under it (key: its name and UNDER); a name that is no zone of the rules is
        an error."""
        known = self.ruleset.program.zones
        out: dict[str, str] = {}
        for name, said in names.items():
            if name not in known:
                self.errors.append(RulesetError(
                    f"zones: '{name}' is no zone of the rules", _loc_of(name, self.default),
                    "write the name of a zone (zone NAME ...) with its short name"))
            elif isinstance(said, dict):
                out[str(name)] = str(said["name"])
                if said.get("under"):
                    out[str(name) + UNDER] = str(said["under"])
            else:
                out[str(name)] = str(said)
        return out

    def procedures(self, names: Any, section: str) -> tuple[str, ...]:
        """The procedures a `during` names (one name or a list; none: an empty tuple)."""
        listed = names if isinstance(names, list) else [] if names is None else [names]
        return tuple(p for p in (self.procedure(n, section) for n in listed) if p)

    def procedure(self, name: Any, section: str = "hints") -> str | None:
        """A procedure of the rules named in the file (None, and an error, for another)."""
        if str(name) in self.ruleset.program.procs:
            return str(name)
        self.errors.append(RulesetError(
            f"{section}: 'during: {name}' names no procedure of the rules",
            _loc_of(name, self.default), "write the name of a procedure (procedure NAME(...))"))
        return None

    def running_names(self, specs: dict, section: str = "option_notes"
                      ) -> dict[str, tuple[str, str, Callable | None]]:
        """A hint's or an option note's `running` (its shape checked by the schema): name ->
        (procedure, local, default), each a local of a procedure of the rules (an error for
        another; the name is kept, so that its uses are not said to be unknown as well)."""
        out: dict[str, tuple[str, str, Callable | None]] = {}
        procs = self.ruleset.program.procs
        for name, spec in specs.items():
            proc, local = str(spec["procedure"]), str(spec["local"])
            if proc not in procs:
                self.errors.append(RulesetError(
                    f"{section}: 'running: {name}' names '{proc}', no procedure of the rules",
                    _loc_of(spec["procedure"], self.default),
                    "write the name of a procedure (procedure NAME(...))"))
            elif local not in self.locals_of(proc):
                self.errors.append(RulesetError(
                    f"{section}: the procedure '{proc}' has no local '{local}'",
                    _loc_of(spec["local"], self.default),
                    f"write one of its locals: {', '.join(self.locals_of(proc))}"))
            default = self.expression(spec["default"], ()) if "default" in spec else None
            out[str(name)] = (proc, local, default)
        return out

    def locals_of(self, procedure: str) -> tuple[str, ...]:
        """The rule locals of a procedure (its parameters, then its lets and choices)."""
        return tuple(n for n in self.ruleset.program.procs[procedure].slots
                     if not n.startswith("$"))

    def check_colour(self, value: Any, where: str, names: Any = ()) -> None:
        """A colour written in the file: one of the colour `names`, or a colour a page may be
        given (a free text would go into the page's styles and the picture's `fill`)."""
        if value is None or str(value) in names or css_colour(value) is not None:
            return
        shown = str(value) if len(str(value)) <= 40 else str(value)[:39] + "…"
        self.errors.append(RulesetError(
            f"{where}: {shown!r} is not a colour", _loc_of(value, self.default),
            f"write {COLOUR_HELP}" + (", or a colour name of 'colours'" if names else "")))

    def check_public(self, where: str, doc: Any) -> None:
        """A part of the board that every player sees may not show a private thing."""
        texts: list[tuple[Any, bool]] = []
        if isinstance(doc, dict):
            texts += [(v, False) for v in (doc.get("values") or {}).values()]
            texts += [(doc[k], True) for k in ("title",) if k in doc]
            texts += [(doc[k], False) for k in ("when",) if k in doc]
            for item in doc.get("lines") or []:
                texts += [(item["text"], True), (item["in"], False)] if isinstance(item, dict) \
                    else [(item, True)]
        else:
            texts.append((doc, True))
        for text, template in texts:
            if not isinstance(text, str):
                continue
            shown = shown_private(self.ruleset.program, str(text), _loc_of(text, self.default),
                                  template)
            if shown:
                self.errors.append(RulesetError(
                    f"{where} is seen by every player but shows what some may not see "
                    f"({', '.join(repr(n) for n in sorted(shown))})",
                    _loc_of(text, self.default),
                    "show how many (size(...)), or put it in the 'private' block"))

    def geometry(self, doc: Any, colours: Any = ()) -> Geometry:
        """The `board:` section, or the file it names (next to the display file); `colours`:
        the colour names of the display file."""
        builder = self
        if isinstance(doc, str):
            path = self.path.parent / doc
            shown = files_display_path(path)
            if not inside(path, self.path.parent):
                raise RulesetErrors([RulesetError(
                    f"the board geometry file {shown} lies outside the display file's folder",
                    _loc_of(doc, self.default))])
            full = schema(SCHEMA)
            doc = _read_checked(path, shown, {"$ref": "#/$defs/board", "$defs": full["$defs"]})
            builder = _Builder(self.ruleset, path, shown)
            builder.errors = self.errors
        known = {*colours, *((doc.get("colours") or {}) if isinstance(doc, dict) else {})}
        for name, value in ((doc.get("colours") or {}) if isinstance(doc, dict) else {}).items():
            builder.check_colour(value, f"the board's colour '{name}'")
        if isinstance(doc, dict):
            builder.check_colour(doc.get("background"), "the board's background", known)
        return GeometryBuilder(builder.expression, builder.template, builder.default).build(doc)

    def block(self, name: str, doc: dict, colours: Any = ()) -> Block:
        if isinstance(doc.get("svg"), dict):
            self.check_colour(doc["svg"].get("fill"), f"the fill of the block '{name}'",
                              colours)
        values = {k: self.expression(v, ("viewer",)) for k, v in (doc.get("values") or {}).items()}
        names = ("viewer", *values)
        lines = []
        for item in doc.get("lines") or []:
            if isinstance(item, dict):
                each = str(item["for"])
                lines.append(Line(self.template(item["text"], (*names, each)), each,
                                  self.expression(item["in"], names)))
            else:
                lines.append(Line(self.template(item, names)))
        return Block(name=name,
                     title=self.template(doc["title"], names) if "title" in doc else None,
                     lines=lines, values=values,
                     when=self.expression(doc["when"], ("viewer",)) if "when" in doc else None,
                     box=dict(doc["svg"]) if "svg" in doc else None,
                     instead=self.template(doc["instead"], names) if "instead" in doc
                     else None,
                     column=str(doc["column"]).replace("_", " ") if "column" in doc else None)

    def layout(self, doc: dict, text: dict, display: Display) -> Layout:
        """A text layout (`text`, `text_compact`, `text_narrow` or `text_words`); what it
        shows every player is checked to be public."""
        legend = "legend" in doc
        layout = Layout(header=[self.template(t, ("viewer",)) for t in text.get("header") or []],
                        gap=str(text.get("gap", " | ")),
                        below=[str(b) for b in text.get("below") or []],
                        spare=[str(b) for b in text.get("spare") or []])
        for t in text.get("header") or []:
            self.check_public("the board's header", t)
        for spec in text.get("columns") or []:
            layout.columns.append(Column(int(spec["width"]), int(spec.get("offset", 0)),
                                         [str(b) for b in spec.get("blocks") or []]))
        for name in [b for c in layout.columns for b in c.blocks] + layout.below + \
                layout.spare:
            if name in (doc.get("blocks") or {}):
                self.check_public(f"the board's block '{name}'", doc["blocks"][name])
            if name not in display.blocks and not (legend and name == LEGEND):
                self.errors.append(RulesetError(
                    f"the layout names the block '{name}', which the display file does not "
                    "have", _loc_of(name, self.default)))
        return layout

    def build(self, doc: dict) -> Display:
        display = Display(self.ruleset, self.path)
        display.colours[IF_ROOM] = Colour()  # no colour: text shown where it fits (markup)
        for name, spec in (doc.get("colours") or {}).items():
            self.check_colour(spec.get("svg"), f"the colour '{name}'")
            display.colours[str(name)] = Colour(str(spec.get("ansi", "")),
                                                str(spec.get("svg", "#000000")))
        for name, spec in (doc.get("blocks") or {}).items():
            display.blocks[str(name)] = self.block(str(name), spec, display.colours)
        full = self.layout(doc, doc.get("text") or {}, display)
        display.header, display.gap = full.header, full.gap
        display.columns, display.below, display.spare = full.columns, full.below, full.spare
        if "text_compact" in doc:
            display.compact = self.layout(doc, doc["text_compact"] or {}, display)
        if "text_narrow" in doc:
            display.narrow = self.layout(doc, doc["text_narrow"], display)
            display.narrow_below = int(doc["text_narrow"]["narrower_than"])
        if "text_words" in doc:
            display.words = self.layout(doc, doc["text_words"] or {}, display)
        for spec in doc.get("legend") or []:
            names = ("viewer", str(spec["for"])) if "for" in spec else ("viewer",)
            for key in ("mark", "means"):
                self.check_public("the board's legend", spec[key])
            display.legend.append(LegendEntry(
                self.template(spec["mark"], names), self.template(spec["means"], names),
                str(spec["for"]) if "for" in spec else None,
                self.expression(spec["in"], ("viewer",)) if "in" in spec else None))
        if "private" in doc:
            display.private = self.block("private", doc["private"], display.colours)
        for spec in doc.get("hints") or []:
            during = self.procedures(spec.get("during"), "hints")
            shared = [set(self.locals_of(p)) for p in during]
            running = self.running_names(spec.get("running") or {}, "hints")
            names = ("viewer", "options", *(sorted(set.intersection(*shared)) if shared else ()),
                     *running)
            when = self.expression(spec["when"], names) if "when" in spec else None
            short = self.template(spec["short"], names) if "short" in spec else None
            display.hints.append(Hint(when, self.template(spec["text"], names), during, short,
                                      running))
        display.news = [str(text) for text in doc.get("news") or []]
        display.glossary = {str(k): str(v) for k, v in (doc.get("glossary") or {}).items()}
        for spec in doc.get("option_notes") or []:
            running = self.running_names(spec.get("running") or {})
            names = (*NOTE_NAMES, *running)
            display.option_notes.append(OptionNote(
                self.expression(spec["value"], ("viewer",)),
                self.template(spec["text"], names),
                self.expression(spec["when"], names) if "when" in spec else None,
                self.procedures(spec.get("during"), "option_notes"),
                self.template(spec["short"], names) if "short" in spec else None,
                bool(spec.get("alone")), running,
                self.template(spec["kept"], names) if "kept" in spec else None))
        display.zones = self.zone_names(doc.get("zones") or {})
        for spec in doc.get("option_order") or []:
            display.option_order.append(OptionOrder(
                self.expression(spec["key"], ("viewer", "option")),
                self.procedures(spec.get("during"), "option_order"), bool(spec.get("numbers"))))
        if "context" in doc:
            display.context = self.template(doc["context"], ("viewer",))
        if "lone_context" in doc:
            display.lone_context = self.template(doc["lone_context"], ("viewer",))
        if "final" in doc:
            display.final = self.block("final", doc["final"], display.colours)
        if "final_table" in doc:
            spec = doc["final_table"]
            each = str(spec["for"])
            display.final_table = FinalTable(
                str(spec["title"]), each, self.expression(spec["in"], ("viewer",)),
                self.template(spec["row"], ("viewer", each)),
                self.template(spec["cell"], ("viewer", "p", each)))
        svg = doc.get("svg") or {}
        self.check_colour(svg.get("background"), "the picture's background", display.colours)
        display.svg = {k: v for k, v in svg.items() if k != "title"}
        if "title" in svg:
            display.svg_title = self.template(svg["title"], ("viewer",))
        if "board" in doc:
            display.geometry = self.geometry(doc["board"], display.colours)
        watch = doc.get("watch") or {}
        if "redraw_when" in watch:
            display.redraw_when = self.expression(watch["redraw_when"], ("viewer",))
        if self.errors:
            raise RulesetErrors(self.errors)
        return display
