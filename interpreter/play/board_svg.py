"""The board as an SVG picture, drawn from the geometry of a display file (`board:`).

The geometry is a list of items: shapes (`rect`, `circle`, `polygon`, `path`), `text`,
`piece` (a token, tile, stack with a count, or tower), `arrow` (between two points or two
drawn places) and groups (`items:`), which may repeat over a list (`for`/`in`) and place each
repetition (`at`: by expressions, in a `ring` or a `grid`). Numbers are expressions of the
rules language, colours and texts are templates, so a board described by data files places
its own spaces. An item with `place:` stands for a game value: it is drawn as
`<g data-place="VALUE">` with a `<title>`, so a page can make it clickable, and arrows may
start or end at it. `states` restyle an item while an expression holds (greyed, closed,
highlighted).

The picture is drawn on a game sampled from the viewer's view (bots/sampling.py): what the
viewer cannot see is dealt at random there, so no file of geometry can show a hidden card.
Texts are cut to their box; a label on a shape gets black or white ink, whichever contrasts.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from interpreter.language import nodes as N
from interpreter.language.errors import GameRuleError, RulesetError, RulesetErrors
from interpreter.play.svg_text import (
    BOLD,
    COLOUR_HELP,
    FONT_FAMILY,
    css_colour,
    fit_text,
    ink_on,
    text_width,
    wrap_text,
)
from interpreter.play.svg_text import xml_attr as quoteattr
from interpreter.play.svg_text import xml_text as escape
from interpreter.play.under_way import running_local

if TYPE_CHECKING:
    from interpreter.engine.runtime import Game

SHAPES = ("rect", "circle", "polygon", "path", "text", "piece", "arrow")
NUMBERS = ("x", "y", "width", "height", "r", "rx", "size", "count", "stroke_width", "opacity",
           "label_size", "font_size", "radius", "start", "columns", "dx", "dy", "inset", "lines")
TEMPLATES = ("fill", "stroke", "dash", "label", "title", "text", "d", "ink", "kind", "align",
             "inset_fill", "count_at")
MAX_SHAPES = 20000  # a picture with more is a mistake of the geometry (a loop too wide)
MAX_REPEATS = 200000  # repetitions of groups, drawn or not
STYLE = ("fill", "stroke", "stroke_width", "opacity", "dash", "label", "ink", "hatch", "inset",
         "inset_fill")
Fn = Callable[..., Any]


@dataclass
class Field:
    """A compiled value of the geometry: an expression or a template, with its place."""

    fn: Fn
    loc: N.Loc


@dataclass
class State:
    name: str | None
    when: Field
    style: dict[str, Any]  # compiled fields of STYLE (hatch: a plain yes/no)


@dataclass
class Item:
    kind: str  # one of SHAPES, or "group"
    loc: N.Loc | None = None
    spec: dict[str, Any] = field(default_factory=dict)  # compiled fields
    when: Field | None = None
    place: Field | None = None
    states: list[State] = field(default_factory=list)
    points: list[tuple[Field, Field]] = field(default_factory=list)
    ends: dict[str, Any] = field(default_factory=dict)  # arrow: from/to, a point or a place
    # a group
    items: list[Item] = field(default_factory=list)
    each: str | None = None
    source: Field | None = None
    index: str | None = None
    lets: list[tuple[str, Field]] = field(default_factory=list)
    at: dict[str, Any] = field(default_factory=dict)
    layout: str = "offset"  # offset, ring or grid


@dataclass
class Geometry:
    width: int = 1000
    height: int = 700
    background: str = "#ffffff"
    font_size: int = 13
    items: list[Item] = field(default_factory=list)
    colours: dict[str, str] = field(default_factory=dict)  # names for the picture only
    running: dict[str, tuple[str, str, Field | None]] = field(default_factory=dict)


class GeometryBuilder:
    """Compiles the `board:` section. `expression` and `template` compile texts of the rules
    language (the display builder's, which collect errors at file:line:col)."""

    def __init__(self, expression: Callable[[Any, tuple[str, ...]], Fn],
                 template: Callable[[Any, tuple[str, ...]], Fn], default: N.Loc):
        self.expression = expression
        self.template = template
        self.default = default

    def loc(self, value: Any) -> N.Loc:
        return getattr(value, "loc", None) or self.default

    def field(self, key: str, value: Any, names: tuple[str, ...]) -> Field:
        if key in TEMPLATES and isinstance(value, str):
            return Field(self.template(value, names), self.loc(value))
        return Field(self.expression(value, names), self.loc(value))

    def build(self, doc: dict) -> Geometry:
        geo = Geometry(int(doc.get("width", 1000)), int(doc.get("height", 700)),
                       str(doc.get("background", "#ffffff")), int(doc.get("font_size", 13)))
        geo.colours = {str(k): str(v) for k, v in (doc.get("colours") or {}).items()}
        for name, spec in (doc.get("running") or {}).items():
            default = self.field("default", spec["default"], ()) if "default" in spec else None
            geo.running[str(name)] = (str(spec["procedure"]), str(spec["local"]), default)
        names = ("viewer", "deciding", "private_beside", *geo.running)
        geo.items = [self.item(i, names) for i in doc.get("items") or []]
        return geo

    def fields(self, spec: dict, names: tuple[str, ...], keys: tuple[str, ...]) -> dict:
        return {k: self.field(k, v, names) for k, v in spec.items() if k in keys}

    def item(self, doc: dict, names: tuple[str, ...]) -> Item:
        when = self.field("when", doc["when"], names) if "when" in doc else None
        if "items" in doc:
            return self.group(doc, names, when)
        kind = next(k for k in SHAPES if k in doc)
        body = doc[kind]
        spec = dict(body) if isinstance(body, dict) else {}
        if kind == "text":
            spec = {"text": body}
        if kind == "piece":
            spec = {"kind": body} if isinstance(body, str) else spec
        spec.update({k: v for k, v in doc.items() if k not in (kind, "when", "place", "states")})
        item = Item(kind, loc=self.loc(doc), when=when)
        item.spec = self.fields(spec, names, NUMBERS + TEMPLATES)
        for k in ("bold", "centred"):
            if k in spec:
                item.spec[k] = bool(spec[k])
        if "place" in doc:
            item.place = self.field("place", doc["place"], names)
        if kind == "polygon":
            item.points = [(self.field("x", p[0], names), self.field("y", p[1], names))
                           for p in spec.get("points") or []]
        if kind == "arrow":
            for end in ("from", "to"):
                value = spec[end]
                if isinstance(value, list):
                    item.ends[end] = (self.field("x", value[0], names),
                                      self.field("y", value[1], names))
                else:
                    item.ends[end] = self.field("place", value, names)
        for state in doc.get("states") or []:
            style = self.fields(state, names, STYLE)
            if "hatch" in state:
                style["hatch"] = bool(state["hatch"])
            item.states.append(State(str(state["name"]) if "name" in state else None,
                                     self.field("when", state["when"], names), style))
        return item

    def group(self, doc: dict, names: tuple[str, ...], when: Field | None) -> Item:
        item = Item("group", loc=self.loc(doc), when=when)
        if "for" in doc:
            if "in" not in doc:  # found by the fuzzer (seed 8015): was a KeyError
                raise RulesetErrors([RulesetError(
                    f"a group with 'for: {doc['for']}' needs 'in': what it goes through",
                    item.loc)])
            item.each = str(doc["for"])
            item.source = self.field("in", doc["in"], names)
            names = (*names, item.each)
            if "index" in doc:
                item.index = str(doc["index"])
                names = (*names, item.index)
        for name, value in (doc.get("let") or {}).items():
            item.lets.append((str(name), self.field("let", value, names)))
            names = (*names, str(name))
        at = doc.get("at") or {}
        if "ring" in at:
            item.layout, at = "ring", at["ring"]
        elif "grid" in at:
            item.layout, at = "grid", at["grid"]
        item.at = self.fields(at, names, NUMBERS)
        item.items = [self.item(i, names) for i in doc["items"]]
        return item


# ---------------------------------------------------------------------------------- drawing
@dataclass
class _Anchor:
    shape: str  # rect or circle
    x: float
    y: float
    w: float  # rect: width; circle: radius
    h: float


class Painter:
    """Draws a Geometry for one game and viewer. Build one per picture."""

    def __init__(self, geometry: Geometry, colours: Callable[[str], str], game: Game,
                 viewer: str | None, private_beside: bool = False):
        self.geo = geometry
        self.private_beside = private_beside
        self.colour = lambda name: geometry.colours.get(name) or colours(name)
        self.viewer = viewer
        from interpreter.bots.sampling import sample_game

        # Everything is drawn from what the viewer may see (others' hands dealt at random).
        self.game = sample_game(game, viewer, random.Random(0))
        self.parts: list[str] = []
        self.anchors: dict[str, _Anchor] = {}
        self.arrows: list[tuple[int, Item, dict, float, float]] = []
        self.drawn = 0
        self.repeats = 0

    # ------------------------------------------------------------------ values
    def value(self, f: Field, names: dict) -> Any:
        return f.fn(self.game, **names)

    def num(self, spec: dict, key: str, names: dict, default: float = 0) -> float:
        f = spec.get(key)
        if f is None:
            return default
        v = self.value(f, names)
        if isinstance(v, bool) or not isinstance(v, int | float):
            raise GameRuleError(f"'{key}' must be a number, it is {self.game.label(v)}", f.loc)
        return v

    def text(self, spec: dict, key: str, names: dict, default: str = "") -> str:
        f = spec.get(key)
        if f is None:
            return default
        v = self.value(f, names)
        return v if isinstance(v, str) else self.game.label(v)

    def paint(self, spec: dict, key: str, names: dict, default: str) -> str:
        """The colour a template gives: a colour name of the display file, or a colour a page
        may be given (anything else could make the viewer's browser fetch an address)."""
        name = self.text(spec, key, names, "")
        if not name:
            return default
        colour = css_colour(self.colour(name))
        if colour is None:
            shown = name if len(name) <= 40 else name[:39] + "…"
            raise GameRuleError(f"'{key}' gives {shown!r}, which is not a colour: a colour "
                                f"name of the display file, or {COLOUR_HELP}", spec[key].loc)
        return colour

    # ------------------------------------------------------------------ the picture
    def render(self) -> str:
        geo = self.geo
        names: dict[str, Any] = {"viewer": self.viewer}
        decision = self.game.decision()
        names["deciding"] = decision.player if decision is not None else None
        names["private_beside"] = self.private_beside
        for name, (proc, local, default) in geo.running.items():
            names[name] = self.running(proc, local, default, names)
        self.draw_items(geo.items, names, 0.0, 0.0)
        for index, item, bound, ox, oy in reversed(self.arrows):
            self.parts[index] = self.arrow(item, bound, ox, oy)
        head = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{geo.width}" '
            f'height="{geo.height}" viewBox="0 0 {geo.width} {geo.height}" '
            f'font-family={quoteattr(FONT_FAMILY)} font-size="{geo.font_size}">',
            '<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="9" refY="5" '
            'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
            '<path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker>'
            '<pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" '
            'patternTransform="rotate(45)"><rect width="3" height="8" fill="#000000" '
            'fill-opacity="0.28"/></pattern></defs>',
            f'<rect x="0" y="0" width="{geo.width}" height="{geo.height}" '
            f'fill={quoteattr(self.colour(geo.background))}/>',
        ]
        return "\n".join([*head, *self.parts, "</svg>"]) + "\n"

    def running(self, proc: str, local: str, default: Field | None, names: dict) -> Any:
        """A local name of the innermost procedure `proc` under way (public: every player at
        the table can follow where the rules stand), or the default (under_way.running_local)."""
        found, value = running_local(self.game, proc, local)
        if found:
            return value
        return self.value(default, names) if default is not None else None

    def draw_items(self, items: list[Item], names: dict, ox: float, oy: float) -> None:
        for item in items:
            if item.when is not None and not self.value(item.when, names):
                continue
            if item.kind == "group":
                self.group(item, names, ox, oy)
                continue
            self.drawn += 1
            if self.drawn > MAX_SHAPES:
                raise GameRuleError(f"the picture would have more than {MAX_SHAPES} shapes: "
                                    "is a list of `in` too long?", item.loc)
            if item.kind == "arrow":
                self.arrows.append((len(self.parts), item, dict(names), ox, oy))
                self.parts.append("")
            else:
                self.shape(item, names, ox, oy)

    def group(self, item: Item, names: dict, ox: float, oy: float) -> None:
        if item.source is None:
            bound = self.bind(item, dict(names))
            self.draw_items(item.items, bound, ox + self.num(item.at, "x", bound),
                            oy + self.num(item.at, "y", bound))
            return
        values = self.value(item.source, names)
        if not isinstance(values, list | tuple):
            raise GameRuleError(f"'in' must give a list, it gives {self.game.label(values)}",
                                item.source.loc)
        self.repeats += len(values)
        if self.repeats > MAX_REPEATS:
            raise GameRuleError(f"the picture repeats its groups more than {MAX_REPEATS} times: "
                                "is a list of `in` too long?", item.loc)
        for i, v in enumerate(values):
            bound = {**names, item.each: v}
            if item.index:
                bound[item.index] = i + 1
            bound = self.bind(item, bound)
            dx, dy = self.position(item, bound, i, len(values))
            self.draw_items(item.items, bound, ox + dx, oy + dy)

    def bind(self, item: Item, names: dict) -> dict:
        for name, f in item.lets:
            names[name] = self.value(f, names)
        return names

    def position(self, item: Item, names: dict, i: int, n: int) -> tuple[float, float]:
        at = item.at
        x, y = self.num(at, "x", names), self.num(at, "y", names)
        if item.layout == "ring":
            angle = math.radians(self.num(at, "start", names, -90) + 360 * i / max(n, 1))
            radius = self.num(at, "radius", names, 40)
            return x + radius * math.cos(angle), y + radius * math.sin(angle)
        if item.layout == "grid":
            columns = max(int(self.num(at, "columns", names, 1)), 1)
            return (x + (i % columns) * self.num(at, "dx", names, 20),
                    y + (i // columns) * self.num(at, "dy", names, 20))
        return x, y

    # ------------------------------------------------------------------ shapes
    def style(self, item: Item, names: dict) -> tuple[dict[str, Any], list[str]]:
        """The item's own style, changed by each state whose condition holds."""
        spec = item.spec
        style: dict[str, Any] = {k: spec[k] for k in STYLE if k in spec}
        classes = []
        for state in item.states:
            if self.value(state.when, names):
                style.update(state.style)
                if state.name:
                    classes.append(state.name)
        return style, classes

    def shape(self, item: Item, names: dict, ox: float, oy: float) -> None:
        style, classes = self.style(item, names)
        spec = item.spec
        fill = self.paint(style, "fill", names, "none" if item.kind != "piece" else "#dddddd")
        stroke = self.paint(style, "stroke", names, "none")
        attrs = f" fill={quoteattr(fill)}"
        if stroke != "none":
            attrs += (f" stroke={quoteattr(stroke)} stroke-width="
                      f"\"{_n(self.num(style, 'stroke_width', names, 1))}\"")
        dash = self.text(style, "dash", names)
        if dash:
            attrs += f" stroke-dasharray={quoteattr(dash)}"
        if "opacity" in style:
            attrs += f" opacity=\"{_n(self.num(style, 'opacity', names, 1))}\""
        out: list[str] = []
        if item.kind == "text":
            out.append(self.free_text(item, names, ox, oy, style))
            box = None
        elif item.kind == "piece":
            box = self.piece(item, names, ox, oy, fill, stroke, out)
        else:
            box = self.outline(item, names, ox, oy, attrs, out)
            inset = self.num(style, "inset", names) if box is not None else 0
            if inset:  # an inner panel: the shape's fill shows as a frame around it
                fill = self.paint(style, "inset_fill", names, "#ffffff")
                out.append(_inner(box, inset, fill))
        if box is not None and style.get("hatch"):
            out.append(_rect(*box[1:], 'fill="url(#hatch)"'))
        label = self.text(style, "label", names) if box is not None else ""
        if label:
            size = self.num(spec, "label_size", names, self.geo.font_size)
            ink = self.paint(style, "ink", names, ink_on(fill if fill != "none" else
                                                            self.colour(self.geo.background)))
            out.append(_label(label, box, size, ink, bool(spec.get("bold"))))
        place = self.value(item.place, names) if item.place is not None else None
        if place is None and not classes and "title" not in spec:
            self.parts += out
            return
        title = self.text(spec, "title", names, self.game.label(place) if place is not None
                          else "")
        attrs = ""
        if place is not None:
            attrs += f" data-place={quoteattr(str(place))}"
            if box is not None:
                self.anchors.setdefault(str(place), _Anchor(*box))
        if classes:
            attrs += f" class={quoteattr(' '.join(classes))}"
        self.parts.append(f"<g{attrs}>" + (f"<title>{escape(title)}</title>" if title else ""))
        self.parts += out
        self.parts.append("</g>")

    def outline(self, item: Item, names: dict, ox: float, oy: float, attrs: str,
                out: list[str]) -> tuple | None:
        spec = item.spec
        if item.kind == "rect":
            x, y = ox + self.num(spec, "x", names), oy + self.num(spec, "y", names)
            w, h = self.num(spec, "width", names), self.num(spec, "height", names)
            rx = self.num(spec, "rx", names)
            out.append(_rect(x, y, w, h, attrs + (f' rx="{_n(rx)}"' if rx else "")))
            return ("rect", x, y, w, h)
        if item.kind == "circle":
            x, y = ox + self.num(spec, "x", names), oy + self.num(spec, "y", names)
            r = self.num(spec, "r", names, 10)
            out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}"{attrs}/>')
            return ("circle", x, y, r, r)
        if item.kind == "polygon":
            pts = [(ox + self.value(fx, names), oy + self.value(fy, names))
                   for fx, fy in item.points]
            out.append(f'<polygon points="{" ".join(f"{_n(a)},{_n(b)}" for a, b in pts)}"'
                       f"{attrs}/>")
            if not pts:
                return None
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            return ("rect", min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        d = self.text(spec, "d", names)
        out.append(f'<path transform="translate({_n(ox)},{_n(oy)})" d={quoteattr(d)}{attrs}/>')
        return None

    def free_text(self, item: Item, names: dict, ox: float, oy: float, style: dict) -> str:
        """The text, cut to `width` (broken over up to `lines` lines first); a text that is
        cut keeps its whole words in a tooltip (unless the item has its own title). `centred`:
        the lines drawn are centred on y, so that a row of one height holds a short text on
        the baseline of its neighbours and a long one whole, on two lines."""
        spec = item.spec
        text = self.text(spec, "text", names)
        size = self.num(spec, "font_size", names, self.geo.font_size)
        bold = bool(spec.get("bold"))
        width = self.num(spec, "width", names, 0)
        lines = wrap_text(text, width, size, bold, max(1, int(self.num(spec, "lines", names, 1)))) \
            if width else [text]
        x, y = ox + self.num(spec, "x", names), oy + self.num(spec, "y", names)
        step = round(1.25 * size)
        if spec.get("centred"):
            y -= (len(lines) - 1) * step / 2
        align = self.text(spec, "align", names, "start")
        anchor = {"middle": "middle", "end": "end"}.get(align, "start")
        fill = self.paint(style, "fill", names, "#111111")
        attrs = f' fill={quoteattr(fill)}'
        if anchor != "start":
            attrs += f' text-anchor="{anchor}"'
        if size != self.geo.font_size:
            attrs += f' font-size="{_n(size)}"'
        if bold:
            attrs += ' font-weight="bold"'
        if width:
            attrs += f' data-width="{_n(width)}"'
        drawn = "".join(f'<text x="{_n(x)}" y="{_n(y + k * step)}"{attrs}>'
                        f'{escape(line)}</text>' for k, line in enumerate(lines))
        if " ".join(lines) != " ".join(text.split()) and "title" not in spec:
            return f"<g><title>{escape(text)}</title>{drawn}</g>"
        return drawn

    def piece(self, item: Item, names: dict, ox: float, oy: float, fill: str, stroke: str,
              out: list[str]) -> tuple:
        """A playing piece centred on x, y: token (disc), tile (square), stack (tiles with a
        count), tower (a building)."""
        spec = item.spec
        x, y = ox + self.num(spec, "x", names), oy + self.num(spec, "y", names)
        size = self.num(spec, "size", names, 20)
        kind = self.text(spec, "kind", names, "token")
        edge = stroke if stroke != "none" else "#1b1b1b"
        line = f' stroke={quoteattr(edge)} stroke-width="1.5"'
        h = size / 2
        if kind == "token":
            out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(h)}" fill={quoteattr(fill)}'
                       f'{line} data-piece="token"/>')
            box = ("circle", x, y, h, h)
        elif kind == "tower":
            w = size * 0.55
            top = y - h
            pts = [(x - w / 2, y + h), (x - w / 2, top + size * 0.3), (x - w / 4, top + size * 0.3),
                   (x - w / 4, top), (x + w / 4, top), (x + w / 4, top + size * 0.3),
                   (x + w / 2, top + size * 0.3), (x + w / 2, y + h)]
            out.append(f'<polygon points="{" ".join(f"{_n(a)},{_n(b)}" for a, b in pts)}" '
                       f'fill={quoteattr(fill)}{line} data-piece="tower"/>')
            box = ("rect", x - w / 2, y - h, w, size)
        else:
            count = int(self.num(spec, "count", names, 1))
            if kind == "stack" and count > 1:
                for k in (2, 1) if count > 2 else (1,):
                    out.append(_rect(x - h + 2 * k, y - h - 2 * k, size, size,
                                     f'rx="3" fill={quoteattr(fill)}{line}'))
            out.append(_rect(x - h, y - h, size, size,
                             f'rx="3" fill={quoteattr(fill)}{line} data-piece={quoteattr(kind)}'))
            box = ("rect", x - h, y - h, size, size)
        count = int(self.num(spec, "count", names, 1))
        if count > 1 and kind != "tile":
            r = max(size * 0.3, 7.5)
            # on the top right corner, or under the piece where there is room (`count_at:
            # below`): a piece of a row beside others is not covered by its own count
            below = self.text(spec, "count_at", names, "corner") == "below"
            cx, cy = (x + h, y + h + r + 2) if below else (x + h, y - h)
            out.append(f'<circle class="count" cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" '
                       f'fill="#ffffff" stroke="#1b1b1b" stroke-width="1"/>')
            digits = len(str(count))
            font = min(r * 1.3, 1.7 * r / (0.64 * BOLD * digits))  # the number fits the disc
            out.append(f'<text x="{_n(cx)}" y="{_n(cy + font * 0.33)}" text-anchor="middle" '
                       f'font-size="{_n(font)}" font-weight="bold" fill="#111111" '
                       f'data-width="{_n(1.7 * r)}">{count}</text>')
        return box

    # ------------------------------------------------------------------ arrows
    def end(self, item: Item, which: str, names: dict, ox: float,
            oy: float) -> tuple[float, float, _Anchor | None] | None:
        spec = item.ends[which]
        if isinstance(spec, tuple):
            return ox + self.value(spec[0], names), oy + self.value(spec[1], names), None
        anchor = self.anchors.get(str(self.value(spec, names)))
        if anchor is None:
            return None
        if anchor.shape == "circle":
            return anchor.x, anchor.y, anchor
        return anchor.x + anchor.w / 2, anchor.y + anchor.h / 2, anchor

    def arrow(self, item: Item, names: dict, ox: float, oy: float) -> str:
        """An arrow between two points or two drawn places (cut at their outlines); nothing
        when a place was not drawn."""
        a = self.end(item, "from", names, ox, oy)
        b = self.end(item, "to", names, ox, oy)
        if a is None or b is None:
            return ""
        (x1, y1, s1), (x2, y2, s2) = a, b
        if s1 is not None:
            x1, y1 = _border(s1, x2, y2)
        if s2 is not None:
            x2, y2 = _border(s2, x1, y1)
        style, classes = self.style(item, names)
        stroke = self.paint(style, "stroke", names, "#333333")
        width = self.num(style, "stroke_width", names, 2)
        dash = self.text(style, "dash", names)
        attrs = (f' stroke={quoteattr(stroke)} stroke-width="{_n(width)}" fill="none" '
                 'marker-end="url(#arrowhead)"')
        if dash:
            attrs += f" stroke-dasharray={quoteattr(dash)}"
        if classes:
            attrs += f" class={quoteattr(' '.join(classes))}"
        return f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"{attrs}/>'


def _border(anchor: _Anchor, tx: float, ty: float) -> tuple[float, float]:
    """Where the line from the anchor's centre towards (tx, ty) leaves its outline."""
    if anchor.shape == "circle":
        cx, cy = anchor.x, anchor.y
        d = math.hypot(tx - cx, ty - cy) or 1
        return cx + (tx - cx) * anchor.w / d, cy + (ty - cy) * anchor.w / d
    cx, cy = anchor.x + anchor.w / 2, anchor.y + anchor.h / 2
    dx, dy = tx - cx, ty - cy
    scale = min(anchor.w / 2 / abs(dx) if dx else math.inf,
                anchor.h / 2 / abs(dy) if dy else math.inf, 1)
    return cx + dx * scale, cy + dy * scale


def _label(text: str, box: tuple, size: float, ink: str, bold: bool) -> str:
    """A text centred in a shape, cut to its width."""
    _, x, y, w, h = box
    if box[0] == "circle":
        x, y, w, h = x - w, y - h, 2 * w, 2 * h
    smallest = size * 0.75  # a label shrinks a little before it is cut
    while size > smallest and text_width(text, size, bold) > w - 4:
        size -= 0.5
    text = fit_text(text, w - 4, size, bold)
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{_n(x + w / 2)}" y="{_n(y + h / 2 + size * 0.36)}" text-anchor="middle" '
            f'font-size="{_n(size)}" fill={quoteattr(ink)}{weight} data-width="{_n(w - 4)}">'
            f"{escape(text)}</text>")


def _inner(box: tuple, inset: float, fill: str) -> str:
    """A shape `inset` pixels inside the box, filled with `fill`."""
    shape, x, y, w, h = box
    if shape == "circle":
        return (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(max(w - inset, 0))}" '
                f"fill={quoteattr(fill)}/>")
    return _rect(x + inset, y + inset, max(w - 2 * inset, 0), max(h - 2 * inset, 0),
                 f'rx="2" fill={quoteattr(fill)}')


def _rect(x: float, y: float, w: float, h: float, attrs: str) -> str:
    return f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" {attrs.strip()}/>'


def _n(v: float) -> str:
    """A number for SVG: whole numbers without a point, others to 0.1 pixel."""
    r = round(v, 1)
    return str(int(r)) if r == int(r) else str(r)

