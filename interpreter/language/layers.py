"""Rulesets in layers: a base ruleset and the overlays that extend it, merged by name.

A layer adds new names, `replace`s names of the layers below it or `remove`s them. Two layers
that do not build on each other (two overlays combined by a third) must not both change the same
name unless a layer built on both says how (by changing that name itself).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path

from interpreter.language import nodes as N
from interpreter.language.errors import RulesetError, did_you_mean


@dataclass
class Layer:
    folder: Path
    manifest: dict
    rule_files: list[N.RuleFile]
    data: list[tuple[str, dict]]
    files: list[Path] = field(default_factory=list)
    parents: list[Path] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.manifest.get("name", self.folder.name)


_KEYWORDS = {"EnumDecl": "enum", "ConstDecl": "const", "TableDecl": "table",
             "ComponentDecl": "component", "ZoneDecl": "zone", "VarDecl": "var",
             "ProcDecl": "procedure", "FuncDecl": "define", "TriggerDecl": "trigger",
             "RequireDecl": "require", "MeasureDecl": "measure", "RemoveDecl": "remove",
             "OptionDecl": "option", "Reading": "reading"}


def keyword_of(decl: N.Decl) -> str:
    """The keyword that declares it, as a ruleset writes it."""
    return _KEYWORDS.get(type(decl).__name__, type(decl).__name__)


def literal_kind(value: object) -> str | None:
    """'a number', 'a text' or 'yes or no' for a literal (`3`, `-2`, `"x"`, `true`); None for
    anything else (a name, a formula: the kind check judges those)."""
    if isinstance(value, N.Neg):
        value = value.operand
    return {N.Num: "a number", N.Str: "a text", N.Bool: "yes or no"}.get(type(value))


def changed_kind(name: str, old: object, new: object, loc: N.Loc | None = None,
                 cell: bool = False) -> RulesetError | None:
    """An error when a replaced literal value (a constant, a table cell) is of another kind
    than the one it replaces: the rules that read it expect that kind, and would fail only
    in play, at their own line."""
    before, after = literal_kind(old), literal_kind(new)
    if before is None or after is None or before == after:
        return None
    plural = {"a number": "numbers", "a text": "texts"}.get(before, "yes or no")
    was = (f"the cells of table '{name}' in this column were {plural} (such as "
           f"{_shown(old)})" if cell else f"'{name}' was {before} ({_shown(old)})")
    return RulesetError(f"{was}; the new value {_shown(new)} is {after}",
                        getattr(new, "loc", None) if loc is None else loc,
                        f"the rules that read '{name}' expect {before}")


def _shown(value: object) -> str:
    if isinstance(value, N.Neg):
        return f"-{_shown(value.operand)}"
    if isinstance(value, N.Str):
        return f'"{value.value}"'
    if isinstance(value, N.Bool):
        return "true" if value.value else "false"
    return str(getattr(value, "value", "?"))


def _replaced_kinds(old: N.Decl, new: N.Decl) -> RulesetError | None:
    """The first value of a replaced constant or table of another kind than before (a
    table: column by column, judged by the old table's cells, all of one kind)."""
    if isinstance(old, N.ConstDecl) and isinstance(new, N.ConstDecl):
        return changed_kind(new.name, old.value, new.value)
    if not (isinstance(old, N.TableDecl) and isinstance(new, N.TableDecl)) \
            or old.style != new.style:
        return None
    skip = 1 if old.style == "grid" else 0  # a grid's header row names the columns
    width = max((len(r) for r in old.rows[skip:]), default=0)
    for j in range(1, width):
        k = _same_column(old, new, j)
        if k is None:
            continue
        kinds = {literal_kind(r[j]) for r in old.rows[skip:] if j < len(r)}
        if len(kinds) != 1 or None in kinds:
            continue
        example = next(r[j] for r in old.rows[skip:] if j < len(r))
        for row in new.rows[skip:]:
            if k < len(row) and literal_kind(row[k]) not in (None, *kinds):
                return changed_kind(new.name, example, row[k], cell=True)
    return None


def _same_column(old: N.TableDecl, new: N.TableDecl, j: int) -> int | None:
    """The column of `new` that stands for column j of `old`: the one with the same header
    in a grid (columns may be added or moved), the same position otherwise."""
    if old.style != "grid":
        return j
    name = _shown(old.rows[0][j]) if j < len(old.rows[0]) else None
    found = [k for k, cell in enumerate(new.rows[0]) if k and _shown(cell) == name]
    return found[0] if found else None


def _ancestors(layers: list[Layer]) -> dict[Path, set[Path]]:
    by_folder = {layer.folder: layer for layer in layers}
    found: dict[Path, set[Path]] = {}
    for layer in layers:  # base first, so parents are done before children
        acc: set[Path] = set()
        for parent in layer.parents:
            acc |= {parent} | found.get(parent, set())
        found[layer.folder] = acc & set(by_folder)
    return found


def readings_of(layers: list[Layer]) -> dict[str, N.Reading]:
    """The readings (named units of rules) of every layer, by ID. A reading may go on in
    another file (an edition's 2-player rules adding to one of its readings): the first
    one declared gives its title and citation."""
    found: dict[str, N.Reading] = {}
    for layer in layers:
        for rf in layer.rule_files:
            for r in rf.readings:
                found.setdefault(r.id, r)
    return found


def _reading_errors(layers: list[Layer]) -> list[RulesetError]:
    """A reading declared twice in one file (two readings of one ID)."""
    errors = []
    for layer in layers:
        for rf in layer.rule_files:
            seen: dict[str, N.Reading] = {}
            for r in rf.readings:
                if r.id in seen:
                    errors.append(RulesetError(f"reading '{r.id}' is declared twice (first at "
                                               f"{seen[r.id].loc})", r.loc, layer=layer.name))
                seen.setdefault(r.id, r)
    return errors


def merge_layers(layers: list[Layer], reading: str | None = None
                 ) -> tuple[list[N.Decl], list[RulesetError]]:
    """Declarations in effect after every layer, in order, and the conflicts found. With
    `reading`, the rules of every other reading are left out (that reading alone is on)."""
    merged: dict[str, N.Decl] = {}
    origin: dict[str, Layer] = {}
    touched: dict[str, list[tuple[Layer, N.Decl]]] = {}
    errors: list[RulesetError] = _reading_errors(layers)
    ancestors = _ancestors(layers)
    option_changes: list[tuple[Layer, N.OptionDecl]] = []
    for layer in layers:
        own: dict[str, N.Decl] = {}
        for rule_file in layer.rule_files:
            for decl in rule_file.decls:
                if reading is not None and decl.reading not in (None, reading):
                    continue
                if isinstance(decl, N.OptionDecl):  # applied once every rule is in place
                    problem = _option_twice(decl, layer, own)
                    if problem is None:
                        option_changes.append((layer, decl))
                else:
                    problem = _apply(decl, layer, merged, origin, own)
                if problem is not None:
                    errors.append(problem)
                    continue
                touched.setdefault(decl.name, []).append((layer, decl))
    errors.extend(change_options(merged, option_changes))
    for name, changes in touched.items():
        errors.extend(_conflicts(name, changes, ancestors))
    if len(layers) == 1:  # naming the layer only helps when there are several
        for e in errors:
            e.layer = None
    return list(merged.values()), errors


def _twice(decl: N.Decl, layer: Layer, own: dict[str, N.Decl]) -> RulesetError | None:
    """A name a layer declares twice is an error; else the layer now declares it."""
    if decl.name in own:
        return RulesetError(f"'{decl.name}' is declared twice (first at {own[decl.name].loc})",
                            decl.loc, layer=layer.name)
    own[decl.name] = decl
    return None


def _option_twice(decl: N.OptionDecl, layer: Layer, own: dict[str, N.Decl]
                  ) -> RulesetError | None:
    """As _twice, but an option removed and then added again by one layer is that option
    replaced (what the error for adding an option that is there tells one to write)."""
    before = own.get(decl.name)
    if isinstance(before, N.OptionDecl) and before.action == "remove" and decl.action == "add":
        own[decl.name] = decl
        return None
    return _twice(decl, layer, own)


def change_options(merged: dict[str, N.Decl],
                   changes: list[tuple[Layer, N.OptionDecl]]) -> list[RulesetError]:
    """Add and remove the options of `choose ...:` statements, in the order of the layers.
    A procedure changed is a copy (the parsed files stay as they are)."""
    errors: list[RulesetError] = []
    copied: set[str] = set()
    for layer, change in changes:
        proc = merged.get(change.procedure)
        where = f"{change.procedure}.{change.choice}"
        if not isinstance(proc, N.ProcDecl):
            procs = [n for n, d in merged.items() if isinstance(d, N.ProcDecl)]
            errors.append(RulesetError(
                f"'{where}': there is no procedure '{change.procedure}'", change.loc,
                did_you_mean(change.procedure, procs), layer=layer.name))
            continue
        if change.procedure not in copied:
            proc = merged[change.procedure] = copy.deepcopy(proc)
            copied.add(change.procedure)
        proc.options_changed.append(str(change.loc))
        chooses = [n for n in N.walk(proc.body) if isinstance(n, N.Options)]
        found = next((n for n in chooses if n.var == change.choice), None)
        if found is None:
            errors.append(RulesetError(
                f"'{where}': procedure '{change.procedure}' has no 'choose {change.choice} "
                "by ...:' with options", change.loc,
                did_you_mean(change.choice, [n.var for n in chooses]), layer=layer.name))
            continue
        names = [c.name for c in found.clauses]
        if change.action == "add":
            if change.option_name in names:
                errors.append(RulesetError(
                    f"'{where}' already has an option {change.option_name}", change.loc,
                    f"write 'remove option {change.option_name} from {where}' first to "
                    "change it", layer=layer.name))
            else:
                found.clauses.append(change.option)
        elif change.option_name not in names:
            errors.append(RulesetError(
                f"'{where}' has no option {change.option_name} to remove", change.loc,
                did_you_mean(change.option_name, names) or f"its options: {', '.join(names)}",
                layer=layer.name))
        elif len(names) == 1:
            errors.append(RulesetError(f"'{where}': its only option cannot be removed",
                                       change.loc, layer=layer.name))
        else:
            found.clauses = [c for c in found.clauses if c.name != change.option_name]
    return errors


def _apply(decl: N.Decl, layer: Layer, merged: dict[str, N.Decl], origin: dict[str, Layer],
           own: dict[str, N.Decl]) -> RulesetError | None:
    name = decl.name
    problem = _twice(decl, layer, own)
    if problem is not None:
        return problem
    if isinstance(decl, N.RemoveDecl):
        if name not in merged:
            return RulesetError(f"'remove {name}': there is no rule '{name}' to remove",
                                decl.loc, layer=layer.name)
        del merged[name]
        return None
    if decl.mode == "replace":
        if name not in merged:
            return RulesetError(f"'replace {keyword_of(decl)} {name}': there is no rule "
                                f"'{name}' to replace", decl.loc,
                                "declare it without 'replace' to add it",
                                layer=layer.name)
        if keyword_of(merged[name]) != keyword_of(decl):
            return RulesetError(f"'replace {keyword_of(decl)} {name}': '{name}' is a "
                                f"{keyword_of(merged[name])} (at {merged[name].loc})", decl.loc,
                                layer=layer.name)
        wrong = _replaced_kinds(merged[name], decl)
        if wrong is not None:
            wrong.layer = layer.name
            return wrong
        if isinstance(decl, N.ProcDecl) and decl.when is not None:
            previous = merged[name]
            if len(previous.params) != len(decl.params):
                return RulesetError(f"'replace procedure {name} ... when': it must take the same "
                                    f"{len(previous.params)} value(s) as the rule it replaces "
                                    f"(at {previous.loc})", decl.loc, layer=layer.name)
            decl.fallback = previous
    elif name in merged:
        first = merged[name]
        hint = None
        if origin[name] is not layer:
            hint = (f"write 'replace {keyword_of(decl)} {name}' to change the rule of "
                    f"'{origin[name].name}'")
        return RulesetError(f"'{name}' is already declared (at {first.loc})", decl.loc, hint,
                            layer=layer.name)
    merged[name] = decl
    origin[name] = layer
    return None


def _conflicts(name: str, changes: list[tuple[Layer, N.Decl]],
               ancestors: dict[Path, set[Path]]) -> list[RulesetError]:
    """Two unrelated layers changing one name, with no later layer over both settling it: one
    error at each change that such an earlier change meets (the first of them named), in time
    quadratic in the changes of the name (each pair once, the layers over both as bits)."""
    out: list[RulesetError] = []
    over = [0] * len(changes)  # bit c of over[i]: the layer of change c builds on that of i
    for c, (layer_c, _) in enumerate(changes):
        below = ancestors[layer_c.folder]
        for i, (layer_i, _) in enumerate(changes):
            if layer_i.folder in below:
                over[i] |= 1 << c
    for j, (b, decl_b) in enumerate(changes):
        for i, (a, decl_a) in enumerate(changes[:j]):
            related = a.folder in ancestors[b.folder] or b.folder in ancestors[a.folder]
            if related or a.folder == b.folder or over[i] & over[j]:
                continue
            out.append(RulesetError(
                f"'{name}' is changed by two overlays that do not build on each other: "
                f"'{a.name}' (at {decl_a.loc}) and '{b.name}' (here)", decl_b.loc,
                f"say which wins: 'replace' or 'remove' '{name}' in the ruleset that "
                "combines them", layer=b.name))
            break
    return out
