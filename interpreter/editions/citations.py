"""Citations checked against the texts they cite.

A ruleset's manifest may name the text file of each source it cites (`sources: {ID: path}`,
the path relative to the ruleset's folder; a ruleset inherits the sources of the rulesets it
extends and may point an ID at another file). Each citation then reads

    ID: Section[, part][ (quoted words)][; Section ...]

- `ID:` names the source (without it, the manifest's `cite` source); each `;`-part may name
  another source the same way.
- `Section` is a heading of the text (compared without case, spacing, ornaments, a final `:`;
  see sourcetext.py for how headings are found).
- `, part` narrows it: a heading inside the section (`Scoring, (3) bonus(es)`), or
  labels of its paragraphs: `A`, `(3)`, `3.)`, `A-C`, `3.) to 4.2)`, `(1), (2) and (3)`,
  optionally after a word for the reader (`footnote *`).
- `(quoted words)` at the end are words of the section, as printed (`...` for a gap); they must
  occur in it. Words in typographic quotes, “like this”, count as a quotation too.
- `[a note]` at the very end is for the reader (an English gloss of the quoted words, say) and
  is not checked.

A section or part that the text does not have, or words it does not hold, is an error at the
citation's place. Words found in the text but outside the cited section are a note (a text
extracted from a PDF may put a page's words away from its heading). A source whose file is not
there leaves its citations unchecked, with a note."""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from interpreter.editions.sourcetext import SourceText, label_core, name_key
from interpreter.language import nodes as N
from interpreter.language.errors import RulesetError, source_line
from interpreter.language.files import FileRefused, display_path, inside, read_bounded
from interpreter.language.layers import keyword_of, readings_of

_SOURCE_PREFIX = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*:\s*")
_BARE_LABEL = re.compile(r"^\s*(\d+(?:\.\d+)*|[A-Za-z]|\*+)\s*$")
_LABEL_TOKEN = r"\(?(?:\d+(?:\.\d+)*|[A-Za-z]|\*+)\s*\.?\)?"
_CONNECTOR = r"\s*(?:,|\band\b|&|\bto\b|-|–|/)\s*"
_LABELS = re.compile(rf"^(?P<words>(?:[^\W\d_]{{2,}}\.?\s+)*)(?P<labels>{_LABEL_TOKEN}"
                     rf"(?:{_CONNECTOR}{_LABEL_TOKEN})*)$")


# ---------------------------------------------------------------------------- the citations
@dataclass
class Cited:
    """A citation of a rule: the rule, its kind, the citation text and where it is written."""

    rule: str
    kind: str
    text: str
    loc: N.Loc  # the opening quote of the citation in the rule file (or the rule's place)
    escaped: bool = False  # the written text holds escapes: offsets in it are not columns


@dataclass
class Rule:
    """A rule of the flattened ruleset and its citation (None: it cites nothing)."""

    name: str
    kind: str
    loc: N.Loc
    cite: Cited | None


def kind_of(decl: N.Node) -> str:
    """The keyword that declares it, as a ruleset writes it (`option` for an option)."""
    return "option" if isinstance(decl, N.OptionClause) else keyword_of(decl)


def rules_of(program: Any) -> list[Rule]:
    """Every rule in effect (declarations, the rules that guarded replacements fall back to,
    and the options of choices), each with its citation."""
    out: list[Rule] = []
    for decl in program.decls.values():
        version, suffix = decl, ""
        while version is not None:
            name = decl.name + suffix
            out.append(Rule(name, kind_of(version), version.loc, _cited(name, version)))
            for clause in option_clauses(getattr(version, "body", None)):
                option = f"{name}: option {clause.name}"
                out.append(Rule(option, "option", clause.loc, _cited(option, clause)))
            for stmt, cite in statement_cites(getattr(version, "body", None)):
                step = f"step {stmt.step}" if stmt.step is not None else f"line {stmt.loc.line}"
                rule = f"{name}: {step}"
                loc, escaped = cite_place(stmt.loc, cite)
                out.append(Rule(rule, "statement", stmt.loc,
                                Cited(rule, "statement", cite, loc, escaped)))
            version = getattr(version, "fallback", None)
            suffix = " (the rule it replaces)" if suffix == "" else suffix
    return out


def readings_cited(ruleset: Any) -> list[Rule]:
    """The readings (`reading ID ...:` units) of the ruleset's layers, as rules that cite."""
    return [Rule(f"reading {r.id}", "reading", r.loc, _cited(f"reading {r.id}", r))
            for r in readings_of(ruleset.layers).values()]


def option_clauses(body: Any) -> list[N.OptionClause]:
    """The option clauses in a procedure's statements, at any depth."""
    return [n for n in N.walk(body) if isinstance(n, N.OptionClause)]


def statement_cites(body: Any) -> list[tuple[N.Stmt, str]]:
    """The statements that cite the rulebook (`... cite "..."` on a step, a branch, a loop),
    at any depth, each with its citation (an `if` with its `elif`s and `else` once each)."""
    return [(n, cite) for n in N.walk(body or []) if isinstance(n, N.Stmt)
            for cite in (n.cite, *(getattr(n, "branch_cites", None) or ())) if cite]


def _cited(rule: str, node: Any) -> Cited | None:
    cite = getattr(node, "cite", None)
    if not cite:
        return None
    loc, escaped = cite_place(node.loc, cite)
    return Cited(rule, kind_of(node), cite, loc, escaped)


_CITE = re.compile(r'\bcite\s+"((?:[^"\\\n]|\\.)*)"')


def cite_place(loc: N.Loc, cite: str) -> tuple[N.Loc, bool]:
    """Where the text of `cite` starts (just inside its quotes) in the rule written at `loc`,
    and whether it holds escapes; the rule's own place when it cannot be found."""
    for line in range(loc.line, loc.line + 40):
        text = source_line(N.Loc(loc.file, line, 1))
        if text is None:
            break
        for m in _CITE.finditer(text):
            raw = m.group(1)
            if _unescape(raw) == cite:
                return N.Loc(loc.file, line, m.start(1) + 1), raw != cite
    return loc, False


def _unescape(raw: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), raw)


# ---------------------------------------------------------------------------- the sources
@dataclass
class Source:
    id: str
    written: str  # the path as the manifest writes it
    path: Path  # resolved from the folder of the manifest that names it
    manifest: Path
    in_texts_folder: bool = False  # found by its name in the folder of texts


# The folder of texts: where a source's text is looked for (by its file name) when it is not
# where the manifest says (a clone of the repository without the shared folder next to it).
# Set by the environment variable, or by a command's --texts DIR for its run (texts_folder).
TEXTS_ENV = "RULES_TEXTS"
_TEXTS_FOLDER: list[Path] = []


@contextlib.contextmanager
def texts_folder(folder: str | None) -> Iterator[None]:
    """Look for texts in `folder` (if given) while the block runs."""
    if folder:
        _TEXTS_FOLDER.append(Path(folder))
    try:
        yield
    finally:
        if folder:
            _TEXTS_FOLDER.pop()


def _in_texts_folder(written: str) -> Path | None:
    folder = _TEXTS_FOLDER[-1] if _TEXTS_FOLDER else os.environ.get(TEXTS_ENV)
    if not folder:
        return None
    candidate = Path(folder) / Path(written).name
    return candidate.resolve() if candidate.is_file() else None


def sources_of(ruleset: Any) -> tuple[dict[str, Source], str | None]:
    """The sources in effect (each layer's `sources`, a later layer's winning) and the default
    source of citations (the last `cite` of the layers). A text that is not where the manifest
    says is looked for, by its file name, in the folder of texts (--texts DIR or RULES_TEXTS)."""
    found: dict[str, Source] = {}
    default = None
    for layer in ruleset.layers:
        for sid, written in (layer.manifest.get("sources") or {}).items():
            path = (layer.folder / written).resolve()
            elsewhere = None if path.exists() else _in_texts_folder(written)
            found[sid] = Source(sid, written, elsewhere or path,
                                layer.folder / "ruleset.yaml", elsewhere is not None)
        default = layer.manifest.get("cite", default)
    return found, default


_TEXTS: dict[Path, tuple[float, SourceText]] = {}


def read_source(source: Source) -> tuple[SourceText | None, str]:
    """The source's text, or None and why not: its file is not there, leads out of the
    ruleset's folder through a link, or is refused as every ruleset file is (not a regular
    file, larger than MAX_FILE_BYTES, not UTF-8 text)."""
    written = source.manifest.parent / source.written
    if not source.in_texts_folder and not inside(written, source.manifest.parent):
        return None, "leads outside the ruleset's folder (through a link)"
    try:
        mtime = source.path.stat().st_mtime
        cached = _TEXTS.get(source.path)
        if cached is not None and cached[0] == mtime:
            return cached[1], ""
        text = SourceText.parse(read_bounded(source.path), source.path)
    except FileRefused as exc:
        return None, str(exc)
    except (OSError, ValueError):
        return None, "does not exist"
    _TEXTS[source.path] = (mtime, text)
    return text, ""


# ---------------------------------------------------------------------------- checking
@dataclass
class Ref:
    """One `;`-part of a citation: a section, maybe a part of it, maybe quoted words."""

    source: str | None
    section: str  # the section name and part, as written
    quote: str | None
    offset: int  # where it starts in the citation text


@dataclass
class Found:
    """What a part of a citation points to in its source text."""

    cited: Cited
    ref: Ref
    source: str
    sections: list[int] = field(default_factory=list)  # the sections it names
    paragraphs: list[int] = field(default_factory=list)  # the paragraphs it covers
    direct: bool = False  # it names paragraphs (a label or quoted words), not a whole section
    note: str | None = None  # a remark: found, but not where the citation says


@dataclass
class Report:
    """The outcome of checking the citations of a ruleset."""

    errors: list[RulesetError] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    checked: dict[str, int] = field(default_factory=dict)  # source -> parts checked
    unchecked: dict[str, str] = field(default_factory=dict)  # source -> why not
    found: list[Found] = field(default_factory=list)
    rules: list[Rule] = field(default_factory=list)
    sources: dict[str, Source] = field(default_factory=dict)
    texts: dict[str, SourceText] = field(default_factory=dict)

    def summary(self) -> str:
        """One line per source: checked (and how many) or why not."""
        parts = []
        for sid, count in self.checked.items():
            parts.append(f"{count} citation{'s' if count != 1 else ''} of {sid}, all found in "
                         f"{self.sources[sid].path.name}")
        for sid, why in self.unchecked.items():
            parts.append(f"{sid} not checked ({why})")
        if not parts:
            return "none checked (the ruleset names no source texts: 'sources' in its manifest)"
        return "; ".join(parts)


def check_citations(ruleset: Any) -> Report:
    """Check every citation of a loaded ruleset against the texts of its sources."""
    sources, default = sources_of(ruleset)
    report = Report(sources=sources, rules=rules_of(ruleset.program) + readings_cited(ruleset))
    for sid, source in sources.items():
        text, why = read_source(source)
        if text is None:
            why = "is not there" if why == "does not exist" else why
            report.unchecked[sid] = f"its text {source.written} {why}"
            report.notes.append(f"citations of {sid} were not checked: its text "
                                f"{source.written} (named in {display_path(source.manifest)}) "
                                f"{why}")
        else:
            report.texts[sid] = text
    if not sources:
        return report
    owner = {rf.path: layer.name for layer in ruleset.layers for rf in layer.rule_files}
    layered = len(ruleset.layers) > 1
    for rule in report.rules:
        cited = rule.cite
        if cited is None:
            continue
        for ref in split_citation(cited.text, sources, default):
            problem = _check_ref(ref, cited, sources, report)
            if problem is not None:
                report.errors.append(RulesetError(
                    f"citation of '{rule.name}': {problem.message}", _place(cited, ref),
                    problem.hint,
                    layer=owner.get(cited.loc.file) if layered else None))
    return report


def _place(cited: Cited, ref: Ref) -> N.Loc:
    if cited.escaped:
        return cited.loc
    return N.Loc(cited.loc.file, cited.loc.line, cited.loc.column + ref.offset)


def split_citation(text: str, sources: dict[str, Any], default: str | None) -> list[Ref]:
    """A citation's `;`-parts (a `;` inside brackets or quotes belongs to them), each with its
    source, section (and part) and quoted words; a note in square brackets at the end of a part
    (an English gloss, say) is left out. A part that starts with `WORD:` where WORD is no
    source of the ruleset gets the source None and WORD as its section (an error to report)."""
    refs: list[Ref] = []
    source = default
    for start, piece in _parts(text):
        body = piece.rstrip()
        while body.endswith("]") and "[" in body:
            body = body[:body.rindex("[")].rstrip()
        start += len(body) - len(body.lstrip())
        body = body.strip()
        if not body:
            continue
        m = _SOURCE_PREFIX.match(body)
        if m:
            if m.group(1) not in sources:
                refs.append(Ref(None, m.group(1), None, start))
                continue
            source = m.group(1)
            start += m.end()
            body = body[m.end():]
        head, quote = split_quote(body)
        refs.append(Ref(source, head, quote, start))
    return refs


def _parts(text: str) -> list[tuple[int, str]]:
    """The text cut at each `;` outside brackets and typographic quotes: (offset, piece)."""
    parts: list[tuple[int, str]] = []
    depth, start = 0, 0
    for i, ch in enumerate(text):
        if ch in "([“«":
            depth += 1
        elif ch in ")]”»" and depth:
            depth -= 1
        elif ch == ";" and depth == 0:
            parts.append((start, text[start:i]))
            start = i + 1
    parts.append((start, text[start:]))
    return parts


def split_quote(body: str) -> tuple[str, str | None]:
    """`Section (quoted words)` -> ('Section', 'quoted words'); `Section “words”` too. A
    bracket that is part of a name or a label, `bonus(es)` or `(3)`, is no quotation."""
    body = body.strip()
    for open_, close in (("“", "”"), ("«", "»"), ("„", "“")):
        if body.endswith(close) and open_ in body[:-1]:
            at = body[:-1].rindex(open_)
            return body[:at].rstrip(" ,"), body[at + 1:-1].strip()
    if not body.endswith(")"):
        return body, None
    depth = 0
    for at in range(len(body) - 1, -1, -1):
        if body[at] == ")":
            depth += 1
        elif body[at] == "(":
            depth -= 1
            if depth == 0:
                inner = body[at + 1:-1]
                if at == 0 or not body[at - 1].isspace() or _BARE_LABEL.match(inner):
                    return body, None
                return body[:at].rstrip(" ,"), inner.strip().strip("\"'“”‘’").strip()
    return body, None


@dataclass
class Problem:
    """Why a citation part points nowhere."""

    message: str
    hint: str | None = None


def _check_ref(ref: Ref, cited: Cited, sources: dict[str, Source],
               report: Report) -> Problem | None:
    """None when the part points somewhere (or cannot be checked), else why not."""
    if ref.source is None:
        return Problem(f"'{ref.section}' is no source of this ruleset",
                       f"its sources: {', '.join(sources)} (the manifest's 'sources')")
    if ref.source not in sources:
        return Problem("the citation names no source and the manifest gives none "
                       "('cite: ID')", f"write it as '{next(iter(sources))}: Section'")
    text = report.texts.get(ref.source)
    if text is None:
        return None
    report.checked[ref.source] = report.checked.get(ref.source, 0) + 1
    found = Found(cited, ref, ref.source)
    problem = resolve(text, ref, found)
    if problem is not None:
        return problem
    report.found.append(found)
    if found.note:
        report.notes.append(f"{_place(cited, ref)}: citation of '{cited.rule}': {found.note}")
    return None


def resolve(text: SourceText, ref: Ref, found: Found) -> Problem | None:
    """Find what `ref` names in `text` (into `found`): None when found (`found.note` may hold
    a remark), else the problem."""
    section, part = _section_of(text, ref.section)
    if not section:
        return _no_section(text, ref.section)
    found.sections = section
    region = text.span(section)
    found.paragraphs = [i for i in region if not text.paragraphs[i].heading]
    if part:
        narrowed = _part_of(text, section, part, found)
        if isinstance(narrowed, Problem):
            return narrowed
        region = narrowed
        found.paragraphs = [i for i in region if not text.paragraphs[i].heading] or region
        found.direct = True
    if ref.quote is None:
        return None
    return _find_words(text, ref, section, region, found)


def _section_of(text: SourceText, written: str) -> tuple[list[int], str | None]:
    """The sections named by the longest `,`-prefix of `written` that is a section name (or
    the start of one), and the rest (the part)."""
    pieces = written.split(",")
    for k in range(len(pieces), 0, -1):
        name = ",".join(pieces[:k]).strip()
        sections = text.find(name) or _abbreviated(text, name)
        if sections:
            rest = ",".join(pieces[k:]).strip()
            return sections, rest or None
    return [], None


def _abbreviated(text: SourceText, name: str) -> list[int]:
    """A heading may be cited by its first words (two or more), when no other heading starts
    the same way. In a compact text, a long heading cut by a line break (four words or more)
    is found by the whole name too."""
    key = name_key(name)
    if len(key.split()) < 2:
        return []
    starting = set(text.keys_starting(key + " "))
    if text.style == "compact":
        words = key.split()
        starting |= {k for n in range(4, len(words))
                     if (k := " ".join(words[:n])) in text.by_key}
    return text.by_key[starting.pop()] if len(starting) == 1 else []


def _no_section(text: SourceText, written: str) -> Problem:
    import difflib

    wanted = name_key(written.split(",")[0])
    close = difflib.get_close_matches(wanted, text.keys_sharing_a_word(wanted), n=3,
                                      cutoff=0.5)
    if not close:
        whole = name_key(written)
        close = difflib.get_close_matches(whole, text.keys_sharing_a_word(whole), n=3,
                                          cutoff=0.5)
    top = min((sec.level for sec in text.sections), default=1)
    titles: dict[str, None] = {}
    for sec in text.sections:
        if sec.level == top:
            titles.setdefault(sec.title, None)
            if len(titles) > 15:
                break
    shown = ", ".join(f"'{n}'" for n in list(titles)[:15]) + (", ..." if len(titles) > 15
                                                               else "")
    more = f"the main sections of {text.path.name}: {shown}"
    if close:
        named = dict.fromkeys(text.sections[text.by_key[c][0]].title for c in close)
        more = "did you mean " + " or ".join(f"'{n}'" for n in named) + "?"
    return Problem(f"{text.path.name} has no section '{written.split(',')[0].strip()}'",
                   more)


def _part_of(text: SourceText, section: list[int], part: str,
             found: Found) -> list[int] | Problem:
    """The paragraphs a part of a section names: a heading inside it, or labelled paragraphs.
    In a compact text, where headings stray from their paragraphs, the part is looked for
    before the heading too, and then in the whole text (with a note)."""
    region = text.span(section)
    if text.style == "compact":
        region = sorted(set(region) | set(_before(text, section)))
    labels = parse_labels(part)
    got = _locate(text, region, part, labels, section)
    if got is None and text.style == "compact":
        got = _locate(text, list(range(len(text.paragraphs))), part, labels, section,
                      nearest=True)
        if got is not None:
            found.note = (f"'{part}' is in {text.path.name} (line "
                          f"{text.paragraphs[got[0]].line}) but not in section "
                          f"'{text.sections[section[0]].title}'")
    if got is not None:
        return got
    title = text.sections[section[0]].title
    labelled = text.labelled(region)
    missing = [lab for lab in _flat(labels or []) if lab not in labelled]
    if labels is None or not missing:
        return Problem(f"section '{title}' of {text.path.name} has no part '{part}'",
                       _parts_hint(text, section, labelled))
    return Problem(f"section '{title}' of {text.path.name} has no paragraph labelled "
                   + " or ".join(f"'{m}'" for m in missing),
                   _parts_hint(text, section, labelled))


def _locate(text: SourceText, region: list[int], part: str,
            labels: list[str | tuple[str, str]] | None, section: list[int],
            nearest: bool = False) -> list[int] | None:
    """The paragraphs of `region` that `part` names (a heading's span, or labelled
    paragraphs), or None. `nearest`: of each label, only the paragraph nearest to a heading
    of the section."""
    inside = set(region)
    inner = [s for s in text.find(part) if text.sections[s].first in inside and s not in section]
    if inner:
        return text.span(inner)
    labelled = text.labelled(region)
    if labels is None or any(lab not in labelled for lab in _flat(labels)):
        return None
    if nearest:
        heads = [text.sections[s].first for s in section]
        labelled = {lab: [min(at, key=lambda i: min(abs(i - h) for h in heads))]
                    for lab, at in labelled.items()}
    out: set[int] = set()
    for item in labels:
        if not isinstance(item, tuple):
            out.update(labelled[item])
            continue
        # A range: from one label to the other, within one heading of the section (or the
        # whole region, when no single heading holds both).
        pieces = [[i for i in text.span([s]) if i in inside] for s in section]
        for piece in [p for p in pieces if p] or [region]:
            here = text.labelled(piece)
            if item[0] in here and item[1] in here:
                first, last = min(here[item[0]]), max(here[item[1]])
                out.update(i for i in piece if first <= i <= last)
    for i in list(out):  # a labelled heading names its whole subsection
        if text.paragraphs[i].heading and text.paragraphs[i].labels:
            s = next(k for k, sec in enumerate(text.sections) if sec.first == i)
            out.update(text.span([s]))
    return sorted(out)


def _before(text: SourceText, section: list[int]) -> list[int]:
    """In a compact text a heading may follow its page: the paragraphs before each heading,
    back to the previous heading of its level or higher."""
    out: list[int] = []
    for s in section:
        sec = text.sections[s]
        earlier = [o.first for o in text.sections[:s] if o.level <= sec.level]
        out.extend(range(max(earlier) + 1 if earlier else 0, sec.first))
    return out


def parse_labels(part: str) -> list[str | tuple[str, str]] | None:
    """`A-C` -> [('A', 'C')]; `(1), (2) and (3)` -> ['1', '2', '3']; `footnote *` -> ['*'];
    None when `part` is not a list of labels."""
    m = _LABELS.match(part.strip())
    if not m:
        return None
    pieces = re.split(rf"({_CONNECTOR})", m.group("labels"))
    out: list[str | tuple[str, str]] = []
    for i in range(0, len(pieces), 2):
        core = label_core(pieces[i])
        joined_by = pieces[i - 1].strip() if i else ","
        if joined_by in ("to", "-", "–") and out and isinstance(out[-1], str):
            out[-1] = (out[-1], core)
        else:
            out.append(core)
    return out


def _flat(labels: list[str | tuple[str, str]]) -> list[str]:
    out: list[str] = []
    for item in labels:
        out.extend(item if isinstance(item, tuple) else [item])
    return out


def _parts_hint(text: SourceText, section: list[int], labelled: dict[str, list[int]]) -> str:
    inner = sorted({text.sections[s].title for s in range(len(text.sections))
                    if text.sections[s].parent in section})
    bits = []
    if inner:
        bits.append("its headings: " + ", ".join(f"'{t}'" for t in inner[:10]))
    if labelled:
        bits.append("its labels: " + ", ".join(labelled))
    return "; ".join(bits) or "the section has no headings or labelled paragraphs inside"


def _find_words(text: SourceText, ref: Ref, section: list[int], region: list[int],
                found: Found) -> Problem | None:
    quote = ref.quote or ""
    title = text.sections[section[0]].title
    for where in (region, text.span(section)):
        hits = text.find_phrase(quote, where)
        if hits:
            found.paragraphs, found.direct = hits, True
            return None
    if text.style == "compact":
        hits = text.find_phrase(quote, _before(text, section))
        if hits:
            found.paragraphs, found.direct = hits, True
            return None
    hits = text.find_phrase(quote)
    if hits:
        found.paragraphs, found.direct = hits, True
        elsewhere = text.paragraphs[hits[0]]
        home = text.sections[elsewhere.section].title if elsewhere.section is not None \
            else "the start of the text"
        found.note = (f"the words \"{quote}\" are in {text.path.name} (line "
                      f"{elsewhere.line}, under '{home}') but not in section '{title}'")
        return None
    closest = text.closest_phrase(quote, text.span(section))
    hint = f"closest in the section: \"{closest}\"" if closest else None
    return Problem(f"the words \"{quote}\" are not in section '{title}' of {text.path.name}",
                   hint)
