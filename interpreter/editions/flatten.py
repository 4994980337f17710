"""The effective ruleset after all overlays, as rule text, each rule marked with its origin."""

from __future__ import annotations

from interpreter.engine.ruleset import Ruleset
from interpreter.language import nodes as N
from interpreter.language.errors import source_line
from interpreter.language.render import render_decl


def declaration_text(decl: N.Decl) -> list[str]:
    """The lines of a declaration as written: its first line and the lines indented deeper
    after it (a declaration ends where the next line as little indented starts), unindented
    (a declaration inside a `reading` is indented in its file)."""
    lines: list[str] = []
    number = decl.loc.line
    margin = None
    while True:
        text = source_line(N.Loc(decl.loc.file, number, 1))
        if text is None:
            break
        indent = len(text) - len(text.lstrip())
        margin = indent if margin is None else margin
        starts_new = text.strip() and indent <= margin and not text.lstrip().startswith("#")
        if lines and starts_new and not lines[-1].endswith("\\"):
            break
        lines.append(text.rstrip()[margin:] if text[:margin].isspace() else text.rstrip())
        number += 1
    while lines and (not lines[-1].strip() or lines[-1].lstrip().startswith("#")):
        lines.pop()
    return lines


def flatten_text(ruleset: Ruleset) -> str:
    layer_of = {str(f): layer.name for layer in ruleset.layers for f in layer.files}
    layer_of.update({rf.path: layer.name for layer in ruleset.layers for rf in layer.rule_files})
    out = [f"# {ruleset.name}: the effective ruleset",
           "# layers, base first: " + " > ".join(layer.name for layer in ruleset.layers), ""]
    for layer in ruleset.layers:
        for path, _ in layer.data:
            out.append(f"# data: {path} (layer {layer.name})")
    out.append("")
    for decl in ruleset.program.decls.values():
        reading = f", reading {decl.reading}" if decl.reading else ""
        out.append(f"# from {decl.loc.file}:{decl.loc.line} "
                   f"(layer {layer_of.get(decl.loc.file, '?')}{reading})")
        changes = getattr(decl, "options_changed", None)
        if changes:  # not as written: as the overlays' `add option`/`remove option` left it
            out.append(f"# its options changed by {', '.join(changes)}")
            out.extend(render_decl(decl))
        else:
            out.extend(declaration_text(decl))
        fallback = getattr(decl, "fallback", None)
        while fallback is not None:
            out.append(f"#   otherwise: the rule it replaces, {fallback.loc.file}:"
                       f"{fallback.loc.line} (layer {layer_of.get(fallback.loc.file, '?')})")
            fallback = fallback.fallback
        out.append("")
    return "\n".join(out)
