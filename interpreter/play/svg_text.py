"""Text and colour arithmetic for SVG pictures: how wide a text is drawn, cutting a text to a
width, and the WCAG contrast ratio of two colours.

Widths are those of DejaVu Sans (the font the pictures ask for first; Verdana, the next, is as
wide), in ems, rounded up, so that a text measured to fit a box fits it in the browser too.
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape, quoteattr

FONT_FAMILY = "DejaVu Sans, Verdana, sans-serif"
BOLD = 1.12  # bold letters are about this much wider
ELLIPSIS = "…"

# Characters an SVG (XML 1.0) may not hold, and those that reorder text (the bidi overrides
# and isolates): a name or label from a save or a ruleset that holds one is drawn with the
# character written as an escape (\x1b), so the picture stays well-formed and reads as is.
_NOT_IN_SVG = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff\ud800-\udfff"
                         "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _escaped(match: re.Match) -> str:
    return match.group(0).encode("unicode_escape").decode("ascii")


def xml_text(text: str) -> str:
    """`text` as the content of an SVG element: markup and unsafe characters escaped."""
    return escape(_NOT_IN_SVG.sub(_escaped, text))


def xml_attr(text: str) -> str:
    """`text` as a quoted SVG attribute value: markup and unsafe characters escaped."""
    return quoteattr(_NOT_IN_SVG.sub(_escaped, text))

_WIDTHS: dict[str, float] = {
    " ": 0.32, "!": 0.41, '"': 0.41, "#": 0.84, "$": 0.64, "%": 0.95, "&": 0.78, "'": 0.28,
    "(": 0.39, ")": 0.39, "*": 0.5, "+": 0.84, ",": 0.32, "-": 0.37, ".": 0.32, "/": 0.34,
    ":": 0.34, ";": 0.34, "<": 0.84, "=": 0.84, ">": 0.84, "?": 0.54, "@": 1.0, "[": 0.39,
    "]": 0.39, "_": 0.5, "|": 0.34, "…": 1.0, "·": 0.32, "→": 0.84, "×": 0.84,
    "a": 0.62, "b": 0.64, "c": 0.55, "d": 0.64, "e": 0.62, "f": 0.36, "g": 0.64, "h": 0.64,
    "i": 0.28, "j": 0.28, "k": 0.58, "l": 0.28, "m": 0.98, "n": 0.64, "o": 0.62, "p": 0.64,
    "q": 0.64, "r": 0.42, "s": 0.53, "t": 0.4, "u": 0.64, "v": 0.6, "w": 0.82, "x": 0.6,
    "y": 0.6, "z": 0.53,
    "A": 0.69, "B": 0.69, "C": 0.7, "D": 0.77, "E": 0.64, "F": 0.58, "G": 0.78, "H": 0.76,
    "I": 0.3, "J": 0.3, "K": 0.66, "L": 0.56, "M": 0.87, "N": 0.75, "O": 0.79, "P": 0.61,
    "Q": 0.79, "R": 0.7, "S": 0.64, "T": 0.62, "U": 0.74, "V": 0.69, "W": 0.99, "X": 0.69,
    "Y": 0.62, "Z": 0.69,
}
_DIGIT = 0.64
_OTHER = 0.8  # letters not in the table: wide, to be safe


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of `text` drawn at font size `size` (pixels)."""
    ems = sum(_DIGIT if ch.isdigit() else _WIDTHS.get(ch, _OTHER) for ch in text)
    return ems * size * (BOLD if bold else 1.0)


def fit_text(text: str, width: float, size: float, bold: bool = False) -> str:
    """`text`, cut (ending in …) so that it is at most `width` pixels wide."""
    if text_width(text, size, bold) <= width:
        return text
    cut = text
    while cut and text_width(cut + ELLIPSIS, size, bold) > width:
        cut = cut[:-1]
    return (cut.rstrip() + ELLIPSIS) if cut else ""


def wrap_text(text: str, width: float, size: float, bold: bool = False,
              lines: int = 1) -> list[str]:
    """`text` in at most `lines` lines of at most `width` pixels, broken between words; the
    last line cut (ending in …) if the text is longer still."""
    out: list[str] = []
    rest = text.split()
    while rest and len(out) < lines - 1:
        line = rest.pop(0)
        while rest and text_width(f"{line} {rest[0]}", size, bold) <= width:
            line += " " + rest.pop(0)
        if text_width(line, size, bold) > width:  # one word too long: cut it, go on
            line = fit_text(line, width, size, bold)
        out.append(line)
    if rest or not out:
        out.append(fit_text(" ".join(rest), width, size, bold))
    return out


# ---------------------------------------------------------------------------------- colour
# The colour names of CSS (Color Module Level 4), and `none` and `transparent`. A colour from
# a display file reaches a page's styles and the picture's `fill`: only these names and
# #rrggbb may (a free text could be `url(https://elsewhere/?{hand})`, a request that carries
# what the page shows).
CSS_NAMES = frozenset("""
aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet
brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan
darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta
darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue
darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey
dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray
green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush
lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray
lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray
lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon
mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue
mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin
navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen
paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple
rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna
silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle
tomato turquoise violet wheat white whitesmoke yellow yellowgreen none transparent
""".split())
_RRGGBB = re.compile(r"#[0-9a-fA-F]{6}")
COLOUR_HELP = "#rrggbb or a CSS colour name"


def css_colour(value: object) -> str | None:
    """`value` if it is a colour a page may be given (#rrggbb or a CSS colour name, in any
    case), else None."""
    if not isinstance(value, str):
        return None
    if _RRGGBB.fullmatch(value) or value.lower() in CSS_NAMES:
        return value
    return None


_HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
NAMED = {"white": "#ffffff", "black": "#000000", "none": "", "transparent": ""}


def rgb(colour: str) -> tuple[int, int, int] | None:
    """#rgb / #rrggbb / white / black as numbers; None for other colours."""
    colour = NAMED.get(colour.strip().lower(), colour.strip())
    m = _HEX.match(colour)
    if not m:
        return None
    digits = m.group(1)
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)


def luminance(colour: str) -> float:
    """WCAG relative luminance (0 black .. 1 white); an unknown colour counts as mid-grey."""
    values = rgb(colour)
    if values is None:
        return 0.2
    lin = [(c / 255) / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4
           for c in values]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours: 1 (the same) to 21 (black on white)."""
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def ink_on(background: str) -> str:
    """Black or white text, whichever reads better on `background`."""
    return "#111111" if contrast("#111111", background) >= contrast("#ffffff", background) \
        else "#ffffff"
