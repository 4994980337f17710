"""A ruleset folder -> a checked, compiled Ruleset (or every error found, with its place)."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from interpreter.engine.codecache import CodeCache
from interpreter.engine.compiler import Compiler
from interpreter.engine.kind_check import check_value_kinds
from interpreter.engine.measures import (
    COUNTER,
    VALUE,
    Measure,
    compile_measures,
    with_measure_variables,
)
from interpreter.engine.program import Program
from interpreter.engine.requirements import (
    Requirement,
    check_game,
    compile_requirements,
    unplayable,
)
from interpreter.engine.runtime import PLAY, STREAMS, Game
from interpreter.engine.shape_check import check_shapes
from interpreter.engine.world import build_world
from interpreter.language import nodes as N
from interpreter.language.conforms import conforms
from interpreter.language.errors import (
    PYTHON_ERRORS,
    GameRuleError,
    RulesError,
    RulesetError,
    RulesetErrors,
    explain,
)
from interpreter.language.files import MANIFEST, display_path, load_layers, tree_root
from interpreter.language.layers import Layer, merge_layers, readings_of
from interpreter.language.settings import SOURCE as SETTINGS
from interpreter.language.settings import apply_settings
from interpreter.resources import schema


@dataclass
class Ruleset:
    name: str
    path: Path
    manifest: dict
    player_counts: list[int]
    program: Program
    layers: list[Layer] = field(default_factory=list)
    content_hash: str = ""
    compiler: Compiler | None = field(default=None, repr=False)
    requirements: list[Requirement] = field(default_factory=list, repr=False)
    measures: list[Measure] = field(default_factory=list)
    allow_outside: bool = False  # loaded with `extends` outside its tree allowed
    settings: tuple[str, ...] = ()  # `--set NAME=VALUE` applied over the rules (settings.py)
    reading: str | None = None  # loaded with only this reading of its overlays on

    def template(self, text: str, where: N.Loc, names: tuple[str, ...] = ()) -> Callable:
        """Compile a text with {expressions} of the rules language (a display template, a
        message) into `render(game, **values) -> str`. `names` are the values it may use
        besides the ruleset's own names. Raises RulesetErrors with `where` as the place."""
        from interpreter.engine.program import Scope

        return self._tool_code(
            lambda c: c._format(text, Scope(set(names), "<template>"), where), where)

    def expression(self, text: str, where: N.Loc, names: tuple[str, ...] = ()) -> Callable:
        """Compile one expression of the rules language into `value(game, **values)`."""
        from interpreter.engine.program import Scope
        from interpreter.language.parser import parse_expr

        def build(compiler: Compiler) -> Callable:
            return compiler.value(parse_expr(text, where), Scope(set(names), "<expression>"))
        return self._tool_code(build, where)

    def _tool_code(self, build: Callable[[Compiler], Callable], where: N.Loc) -> Callable:
        """Compile code for a tool with the ruleset's names: its errors are RulesetErrors, and
        its Python errors while running are GameRuleErrors at `where`."""
        assert self.compiler is not None
        before = len(self.compiler.errors)
        try:
            fn = build(self.compiler)
        except RulesetError as exc:
            self.compiler.errors.append(exc)
        errors = self.compiler.errors[before:]
        del self.compiler.errors[before:]
        if errors:
            raise RulesetErrors(errors)

        def run(game: Game, **values: Any) -> Any:
            try:
                return fn(game, dict(values))
            except PYTHON_ERRORS as exc:
                raise GameRuleError(explain(exc), where) from None
        return run

    def new_game(self, players: int, seed: int | str = 0, names: dict[str, str] | None = None,
                 logging: bool = True, streams: int = STREAMS, auto: bool = True) -> Game:
        """A new game, set up and waiting for its first decision. `logging=False` skips the
        event log (faster, for simulations); `streams` below 3 plays as an older engine did
        (how it drew, the order of piles), for its saves and replays (Game.start);
        `auto=False` stops at every decision, one-option ones too, from the first on."""
        self.check_players(players)
        if self.requirements and self.unplayable():  # known before any game: exit code 2
            raise RulesetErrors(self.unplayable())
        return Game.start(self, players, seed, names, logging, streams, auto=auto)

    def unplayable(self) -> list[RulesetError]:
        """The `require` rules known to fail before any game (the ruleset cannot be played as
        written): each an error at its rule. `rules check` reports them; a new game refuses."""
        return unplayable(self.requirements)

    def check_requirements(self, game: Game) -> None:
        """Before a game's setup (Game.start): every `require` rule must hold."""
        check_game(self.requirements, game)

    def measure_values(self, game: Game) -> dict[str, Any]:
        """The ruleset's measures in a game that has ended (`measure` declarations): name ->
        a number, yes/no, or the list of values recorded."""
        return {m.name: m.of(game) for m in self.measures}

    def check_players(self, players: int) -> None:
        if players not in self.player_counts:
            counts = " or ".join(str(c) for c in self.player_counts)
            raise RulesError(f"{self.name} is played by {counts} players, not {players}")

    def summary(self) -> dict[str, Any]:
        p, w = self.program, self.program.world
        most = max(self.player_counts)
        return {
            "name": self.name, "players": self.player_counts,
            "components": {name: sum(c.count_in_game(k, most) for k in w.kinds_in_game(name, most))
                           for name, c in w.components.items()},
            "zones": len(p.zones), "tables": len(w.tables),
            "variables": len(p.vars) - sum(m.name in p.vars for m in self.measures),
            "procedures": len(p.procs), "functions": len(p.funcs),
            "triggers": sum(len(v) for v in p.triggers.values()),
            "measures": [m.name for m in self.measures],
            "rules": sum(1 for d in p.decls.values() if d.cite),
        }


def load_ruleset(path: str | Path, allow_outside: bool = False,
                 settings: Sequence[str] = (), settings_source: str = SETTINGS,
                 reading: str | None = None) -> Ruleset:
    """Load, check and compile a ruleset folder (or its ruleset.yaml).

    A ruleset extends only rulesets of its own tree (`tree_root`) unless `allow_outside`.
    `settings` ("adjacency_vp[4]=10") change constants, table cells and component counts over
    the rules (language/settings.py); errors name them as `settings_source`.
    With `reading`, the rules of its other readings (`reading ID ...:` units) are left out.
    Raises RulesError for a path that is no ruleset, RulesetErrors (every error found, each with
    its place) for a ruleset with mistakes."""
    try:
        try:
            return _load(path, allow_outside, tuple(settings), settings_source, reading)
        except RulesetErrors as exc:
            if settings and all(e.loc is None or e.loc.file != settings_source
                                for e in exc.errors):
                _blame_settings(exc, path, allow_outside, settings, settings_source, reading)
            raise
    except RulesetError as exc:
        raise RulesetErrors([exc]) from None
    except OSError as exc:  # a path the system cannot look up (a name too long, ...)
        raise RulesError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    except RecursionError:
        manifest = Path(path) if Path(path).name == MANIFEST else Path(path) / MANIFEST
        raise RulesetErrors([RulesetError(
            "the ruleset nests too deeply to be checked: an expression of thousands of terms "
            "or brackets? (write it in steps)", N.Loc(display_path(manifest), 1, 1))]) from None


def _blame_settings(exc: RulesetErrors, path: str | Path, allow_outside: bool,
                    settings: Sequence[str], source: str, reading: str | None) -> None:
    """Errors found at rules that the settings did not touch, in a ruleset that checks
    without the settings: the settings are the cause, and the first error says so."""
    try:
        _load(path, allow_outside, (), source, reading)
    except (RulesetError, RulesetErrors, RulesError, OSError):
        return  # the ruleset has mistakes of its own
    shown = ", ".join(settings)
    exc.errors.insert(0, RulesetError(
        f"the ruleset checks without {shown}, not with it: the errors below come from the "
        "setting, at the rules it changes the meaning of", N.Loc(source, 1, 1),
        "a count or a value these rules cannot work with (0 pieces, a value of another "
        "kind, a constant defined by itself)?"))


def _load(path: str | Path, allow_outside: bool, settings: tuple[str, ...] = (),
          settings_source: str = SETTINGS, reading: str | None = None) -> Ruleset:
    folder = Path(path)
    if folder.is_file() and folder.name == MANIFEST:
        folder = folder.parent
    if not (folder / MANIFEST).is_file():
        if not folder.exists():
            raise RulesError(f"{path}: no such ruleset folder")
        raise RulesError(f"{path}: not a ruleset (no {MANIFEST} in it)")
    folder = folder.resolve()
    layers = load_layers(folder, [], None if allow_outside else tree_root(folder))
    if reading is not None and reading not in readings_of(layers):
        known = sorted(readings_of(layers))
        raise RulesError(f"{path} has no reading '{reading}' (its readings: "
                         f"{', '.join(known) or 'none'})")
    decls, errors = merge_layers(layers, reading)
    if settings:
        decls, setting_errors = apply_settings(decls, settings, settings_source)
        errors += setting_errors
    top = layers[-1]
    data = [d for layer in layers for d in layer.data]
    world, world_errors = build_world(decls, data)
    errors += world_errors
    code_cache = CodeCache(str(folder))
    compiler = Compiler(world, with_measure_variables(decls),
                        sorted(top.manifest.get("players") or [2]), code_cache)
    program = compiler.compile()
    requirements = compile_requirements(compiler, decls)
    measures = compile_measures(compiler, decls)
    program.measure_vars = {m.name: 0 if m.kind == COUNTER else []
                            for m in measures if m.kind != VALUE}
    errors += compiler.errors
    errors += check_value_kinds(program, decls, getattr(compiler, "kinds", None))
    errors += check_shapes(program, decls)
    if PLAY not in program.procs:
        errors.append(RulesetError(f"the ruleset has no 'procedure {PLAY}()': it says how "
                                   "the game is played",
                                   N.Loc(display_path(folder / MANIFEST), 1, 1)))
    if errors:
        if len(layers) > 1:
            _name_layers(errors, layers)
            _say_removed(errors, layers)
        raise RulesetErrors(_dedupe(errors))
    code_cache.save()
    digest = hashlib.sha256()
    for layer in layers:
        for item in layer.files:
            digest.update(item.read_bytes())
    for setting in settings:  # a game under other settings is another game
        digest.update(b"\0--set " + setting.encode())
    if reading is not None:
        digest.update(f"\0reading {reading}".encode())
    return Ruleset(name=top.manifest["name"], path=folder, manifest=top.manifest,
                   player_counts=sorted(top.manifest["players"]), program=program,
                   layers=layers, content_hash=digest.hexdigest(), compiler=compiler,
                   requirements=requirements, measures=measures,
                   allow_outside=allow_outside, settings=settings, reading=reading)


def validate_merged(ruleset: Ruleset) -> None:
    """Check the merged ruleset against the schemas, as each layer was when it loaded: the
    effective declarations as a syntax tree, and the board data of all layers together."""
    import jsonschema  # imported here: loading a ruleset does without it (0.05 s)

    tree = N.RuleFile(loc=N.Loc(str(ruleset.path), 1, 1), path=str(ruleset.path),
                      decls=list(ruleset.program.decls.values()))
    merged: dict[str, Any] = {"entities": {}, "relations": {}}
    for layer in ruleset.layers:
        for _, doc in layer.data:
            for kind, items in (doc.get("entities") or {}).items():
                merged["entities"].setdefault(kind, []).extend(items)
            for name, rel in (doc.get("relations") or {}).items():
                into = merged["relations"].setdefault(name, {"directed": rel.get("directed",
                                                                                 False),
                                                             "edges": []})
                into["edges"].extend(rel.get("edges", []))
    for name, doc in (("ast", N.to_json(tree)), ("data", merged)):
        if conforms(schema(name), doc):
            continue  # the fast check; jsonschema says what is wrong, when something is
        problems = list(jsonschema.Draft202012Validator(schema(name)).iter_errors(doc))
        if problems:
            where = "/".join(str(p) for p in problems[0].absolute_path) or "the top level"
            raise RulesetErrors([RulesetError(
                f"the merged ruleset does not match the {name} schema at {where}: "
                f"{problems[0].message}", N.Loc(str(ruleset.path / MANIFEST), 1, 1))])


def _name_layers(errors: list[RulesetError], layers: list[Layer]) -> None:
    """In a ruleset of several layers, say which layer each error's file belongs to."""
    owner = {rf.path: layer.name for layer in layers for rf in layer.rule_files}
    owner.update({path: layer.name for layer in layers for path, _ in layer.data})
    for e in errors:
        if e.layer is None and e.loc is not None:
            e.layer = owner.get(e.loc.file)


_UNKNOWN = re.compile(r"^unknown [a-z ]+ '([^']+)'")


def _say_removed(errors: list[RulesetError], layers: list[Layer]) -> None:
    """An unknown name that a layer removed (`remove NAME`) is that layer's doing: say so
    (the error stands at a rule of another layer that still uses it)."""
    removed = {d.name: (layer.name, d.loc) for layer in layers for rf in layer.rule_files
               for d in rf.decls if isinstance(d, N.RemoveDecl)}
    for e in errors:
        found = _UNKNOWN.match(e.message)
        if found and found[1] in removed:
            by, at = removed[found[1]]
            e.hint = (f"'{found[1]}' is removed by '{by}' (at {at}), and this rule still uses "
                      "it: remove or replace this rule too")


def _dedupe(errors: list[RulesetError]) -> list[RulesetError]:
    seen, out = set(), []
    for e in errors:
        key = (str(e.loc), e.message)
        if key not in seen:
            seen.add(key)
            out.append(e)
    return out
