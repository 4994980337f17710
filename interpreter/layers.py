"""Rulesets in layers: a base ruleset and the overlays that extend it, merged by name."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import nodes as N
from .errors import RulesetError


@dataclass
class Layer:
    folder: Path
    manifest: dict
    rule_files: list[N.RuleFile]
    data: list[tuple[str, dict]]
    files: list[Path] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.manifest.get("name", self.folder.name)


def merge_layers(layers: list[Layer]) -> tuple[list[N.Decl], list[RulesetError]]:
    """Declarations in effect after every layer, in order, and the conflicts found."""
    merged: dict[str, N.Decl] = {}
    owner: dict[str, str] = {}
    errors: list[RulesetError] = []
    for layer in layers:
        for rule_file in layer.rule_files:
            for decl in rule_file.decls:
                if isinstance(decl, N.RemoveDecl):
                    if decl.name not in merged:
                        errors.append(RulesetError(
                            f"'remove {decl.name}': no rule of that name to remove", decl.loc,
                            layer=layer.name))
                    else:
                        del merged[decl.name]
                    continue
                if decl.name in merged:
                    first = merged[decl.name]
                    errors.append(RulesetError(
                        f"'{decl.name}' is declared twice (first at {first.loc})", decl.loc,
                        layer=layer.name if owner[decl.name] != layer.name else None))
                    continue
                merged[decl.name] = decl
                owner[decl.name] = layer.name
    return list(merged.values()), errors
