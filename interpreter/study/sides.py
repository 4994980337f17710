"""What a side of a comparison (or a sweep) played: the ruleset's name, its folder, the
overlays it is made of (the rulesets it extends, base first) and the `--set` settings over
it, so that every output, shared on its own, says what was compared."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from interpreter.engine.ruleset import Ruleset


@dataclass(frozen=True)
class Side:
    name: str
    path: str = ""
    layers: tuple[str, ...] = ()  # the overlays, base first, the ruleset itself last
    settings: tuple[str, ...] = ()

    @classmethod
    def of(cls, ruleset: Ruleset, settings: Sequence[str] | None = None) -> Side:
        """The side of `ruleset`; `settings`: those to name (default: all it was loaded with)."""
        layers = tuple(getattr(layer, "name", "") for layer in getattr(ruleset, "layers", []))
        chosen = getattr(ruleset, "settings", ()) if settings is None else settings
        return cls(ruleset.name, str(getattr(ruleset, "path", "")), layers, tuple(chosen))

    @property
    def overlays(self) -> str:
        """`Base game > Its variant` ("" for a ruleset of one layer)."""
        return " > ".join(self.layers) if len(self.layers) > 1 else ""

    def title(self) -> str:
        """One line for a chart's title: the name, the ruleset it is built on, the settings."""
        text = self.name
        if len(self.layers) > 1:
            text += f" (over {', '.join(self.layers[:-1])})"
        if self.settings:
            text += f" with {', '.join(self.settings)}"
        return text

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "path": self.path, "overlays": list(self.layers),
                "settings": list(self.settings), "title": self.title()}
