"""A fuzzer for the `rules` command: real inputs (the files of the bundled rulesets, saves and
replays of games played on them) damaged at random, each run through a command in a child
process with a time and a memory limit, and how it ended sorted into an outcome.

Categories of input (what is damaged): `rules` (a rule file), `data` (a data or board YAML
file), `display` (a display file), `manifest` (a ruleset.yaml), `files` (a file of a ruleset
replaced by a FIFO, a link to itself or to /dev/zero, a folder, ...), `save` and `replay` (a
JSON file; for a save, its integrity hash is computed again so that the damage reaches past it).
Hostile shapes (shapes.py): `hostile` (rules that compute without bound), `bomb` (YAML
aliases), `sources` (rulebook texts), `lattice` (rulesets extending each other), `chain` (long
chains of constants, many declarations, texts or entities), `number` (numbers of thousands to
a million digits), `surrogate` and `control` (lone surrogates and control characters in names,
moves, labels and options).

Outcomes: `accepted` (exit 0), `clean` (exit 1 or 2, no traceback), `traceback` (a Python
error escaped), `other` (another exit code, or a signal), `hang` (the time limit), `memory`
(the memory limit). Only the first two are right.

The fuzzer works on a copy of the rulesets in a folder of its own (`Workspace`); a case changes
one file of it and puts the file back after its run. Knows nothing of any particular game.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from interpreter.engine.runtime import save_integrity
from interpreter.fuzz.isolation import ESCAPED, OUT_OF_MEMORY, Ended, run_isolated
from interpreter.fuzz.mutations import FILE_KINDS, NUMBER, mutate_text, mutate_value
from interpreter.fuzz.shapes import (
    CHAIN_SHAPES,
    SOURCE_KINDS,
    alias_bomb,
    chain_rules,
    hostile_rules,
    huge_digits,
    lattice,
    many_entities,
    many_sections,
    odd_text,
)

CATEGORIES = ["rules", "data", "display", "manifest", "files", "save", "replay", "hostile",
              "bomb", "sources", "lattice", "chain", "number", "surrogate", "control"]
OUTCOMES = ["accepted", "clean", "traceback", "other", "hang", "memory"]
GOOD = {"accepted", "clean"}
MAX_DECISIONS = "150"  # for the commands that play games on a damaged ruleset


@dataclass
class Case:
    """One fuzz input: the file it damages (`target`, with `content`, or a `kind` of non-file
    put there) and the command run on it (arguments of `rules`)."""
    category: str
    seed: int
    target: Path
    argv: list[str]
    content: bytes | None = None
    kind: str | None = None
    extra: dict[Path, bytes] = field(default_factory=dict)  # more files, in `scratch`
    scratch: Path | None = None  # a folder made for the case, removed after it

    def describe(self) -> str:
        what = self.kind or f"{len(self.content or b'')} bytes"
        return f"{self.category} seed {self.seed}: {self.target.name} ({what}): " \
               f"rules {' '.join(self.argv)}"


@dataclass
class Result:
    case: Case
    outcome: str
    ended: Ended


@dataclass
class Workspace:
    """A copy of a tree of rulesets, saves and replays of games on them, and a folder the
    commands run in."""
    root: Path
    rulesets: dict[Path, dict[str, list[Path]]] = field(default_factory=dict, repr=False)
    saves: list[Path] = field(default_factory=list, repr=False)
    replays: list[Path] = field(default_factory=list, repr=False)
    originals: dict[Path, bytes] = field(default_factory=dict, repr=False)
    players: dict[Path, int] = field(default_factory=dict, repr=False)  # the fewest allowed

    @classmethod
    def create(cls, root: Path, source: Path, games: int = 2) -> Workspace:
        """Copy the rulesets under `source` into `root`, and record `games` games (a save
        part way and a replay) on each ruleset that loads."""
        root.mkdir(parents=True, exist_ok=True)
        shutil.copytree(source, root / "rulesets", dirs_exist_ok=True)
        for sub in ("inputs", "cwd", "hostile"):
            (root / sub).mkdir(exist_ok=True)
        _hostile_files(root / "hostile")
        space = cls(root)
        for manifest in sorted((root / "rulesets").rglob("ruleset.yaml")):
            space.rulesets[manifest.parent] = _files_by_role(manifest.parent)
        for files in space.rulesets.values():
            for path in (p for paths in files.values() for p in paths):
                space.originals[path] = path.read_bytes()
        space._record_games(games)
        return space

    def _record_games(self, games: int) -> None:
        from interpreter.engine.ruleset import load_ruleset
        from interpreter.language.errors import RulesError

        for n, folder in enumerate(self.rulesets):
            try:
                ruleset = load_ruleset(folder)
            except RulesError:
                continue
            self.players[folder] = min(ruleset.player_counts)
            for seed in range(1, games + 1):
                try:
                    save, replay = record_game(ruleset, seed)
                except RulesError:  # a ruleset that cannot be played
                    break
                self.saves.append(self._write(f"{n}-{seed}.save.json", save))
                self.replays.append(self._write(f"{n}-{seed}.replay.json", replay))

    def _write(self, name: str, data: dict) -> Path:
        path = self.root / "inputs" / name
        path.write_text(json.dumps(data), encoding="utf-8")
        return path

    def files(self, role: str) -> list[Path]:
        return [p for files in self.rulesets.values() for p in files.get(role, [])]

    def ruleset_of(self, path: Path) -> Path:
        return next(folder for folder, files in self.rulesets.items()
                    if any(path in paths for paths in files.values()))

    # ---------------------------------------------------------------- one case at a time
    def apply(self, case: Case) -> None:
        for path, content in case.extra.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
        case.target.parent.mkdir(parents=True, exist_ok=True)
        _remove(case.target)
        if case.kind is None:
            case.target.write_bytes(case.content or b"")
        else:
            _put_kind(case.target, case.kind, self.root)

    def restore(self, case: Case) -> None:
        _remove(case.target)
        if case.target in self.originals:
            case.target.write_bytes(self.originals[case.target])
        if case.scratch is not None:
            shutil.rmtree(case.scratch, ignore_errors=True)


def _files_by_role(folder: Path) -> dict[str, list[Path]]:
    """The files of one ruleset folder (not of rulesets inside it) by what they are."""
    manifest = folder / "ruleset.yaml"
    try:
        display = (yaml.safe_load(manifest.read_text(encoding="utf-8")) or {}).get("display")
    except (yaml.YAMLError, AttributeError):
        display = None
    roles: dict[str, list[Path]] = {"manifest": [manifest]}
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or path == manifest or _owner(path) != folder:
            continue
        if path.suffix == ".rules":
            roles.setdefault("rules", []).append(path)
        elif path.suffix in (".yaml", ".yml"):
            is_display = display and path == folder / display
            roles.setdefault("display" if is_display else "data", []).append(path)
    return roles


def _owner(path: Path) -> Path:
    """The nearest folder above `path` that holds a ruleset.yaml."""
    folder = path.parent
    while not (folder / "ruleset.yaml").exists():
        folder = folder.parent
    return folder


def record_game(ruleset, seed: int, bot: str = "random") -> tuple[dict, dict]:
    """A save after a random part of a game between random players, and the replay of the
    whole game, as `rules play` writes them (the bots' seats named `bot`)."""
    from interpreter.play.replay import History, replay_data

    rng = random.Random(seed)
    game = ruleset.new_game(min(ruleset.player_counts), seed)
    history = History.start(game)
    stop = rng.randrange(1, 40)
    save = None
    for step in range(2000):
        if game.over:
            break
        if step == stop:
            save = _save(game, history, ruleset, bot)
        decision = game.decision()
        move = rng.choice(decision.options)
        game.apply(move)
        history.record(game, decision.player, move)
    seats = _seats(game, bot)
    save = save or _save(game, history, ruleset, bot)
    return save, json.loads(json.dumps(replay_data(ruleset, game, history, seats)))


def _seats(game, bot: str) -> dict[str, str]:
    return {f"P{i + 1}": bot for i in range(game.state["players"])}


def _save(game, history, ruleset, bot: str) -> dict:
    from interpreter.play.history import ruleset_ref

    data = game.to_save()
    data["play"] = {"ruleset": ruleset_ref(ruleset), "seats": _seats(game, bot),
                    **history.to_dict()}
    return json.loads(json.dumps(data))


def _remove(path: Path) -> None:
    if path.is_symlink() or (path.exists() and not path.is_dir()):
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)


def _put_kind(path: Path, kind: str, root: Path) -> None:
    """Put something that is not an ordinary file of the ruleset at `path`."""
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "self-link":
        path.symlink_to(path.name)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "dev-urandom":
        path.symlink_to("/dev/urandom")
    elif kind == "directory":
        path.mkdir()
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "outside-link":
        outside = root / "outside.txt"
        outside.write_text("secret: 1\n", encoding="utf-8")
        path.symlink_to(outside)
    elif kind == "dangling-link":
        path.symlink_to(root / "no-such-file")
    elif kind == "huge":
        with path.open("wb") as file:
            file.truncate(64 * 1024 * 1024)  # sparse: zeros that take no room on disk
    else:
        raise ValueError(kind)


# ------------------------------------------------------------------------ making cases
def _hostile_files(folder: Path) -> None:
    """What the `sources` cases point a manifest at: a FIFO, a link out of the tree, texts of
    many sections (made once per workspace)."""
    rng = random.Random(0)
    if not (folder / "fifo").exists():
        os.mkfifo(folder / "fifo")
    (folder / "secret.md").write_text("# Secret\n", encoding="utf-8")
    if not (folder / "outside-link").is_symlink():
        (folder / "outside-link").symlink_to(folder / "secret.md")
    (folder / "many-sections.md").write_text(many_sections(rng), encoding="utf-8")


def make_case(space: Workspace, seed: int, category: str | None = None,
              categories: list[str] | None = None) -> Case:
    """The fuzz input number `seed` (of `category`, or one drawn at random from `categories`,
    all by default)."""
    rng = random.Random(seed)
    category = category or rng.choice(categories or CATEGORIES)
    if category in ("save", "replay"):
        return _json_case(space, rng, seed, category)
    if category in ("hostile", "bomb", "sources"):
        return _hostile_case(space, rng, seed, category)
    if category in NEW_SHAPES:
        return NEW_SHAPES[category](space, rng, seed, category)
    role = rng.choice(["rules", "data", "display", "manifest"]) if category == "files" \
        else category
    candidates = space.files(role) or space.files("rules")
    target = rng.choice(candidates)
    folder = space.ruleset_of(target)
    argv = _ruleset_command(space, rng, folder)
    if category == "files":
        return Case(category, seed, target, argv, kind=rng.choice(FILE_KINDS))
    original = space.originals[target].decode("utf-8")
    if target.suffix != ".rules" and rng.random() < 0.3:
        content = _mutate_yaml(rng, original)
    else:
        donors = [space.originals[p].decode("utf-8") for p in candidates if p != target]
        content = mutate_text(rng, original, donors=donors)
    return Case(category, seed, target, argv, content=content)


def _hostile_case(space: Workspace, rng: random.Random, seed: int, category: str) -> Case:
    """A ruleset file with a hostile shape added (shapes.py): rules that compute without
    bound, a YAML alias bomb, or a manifest whose source text is not a fair file."""
    role = {"hostile": "rules", "sources": "manifest"}.get(category) or \
        rng.choice(["data", "display", "manifest"])
    target = rng.choice(space.files(role) or space.files("manifest"))
    folder = space.ruleset_of(target)
    original = space.originals[target].decode("utf-8")
    if category == "hostile":
        content = original + hostile_rules(rng)
        argv = _ruleset_command(space, rng, folder)
    elif category == "bomb":
        content = original.rstrip("\n") + "\n" + alias_bomb(rng)
        argv = _ruleset_command(space, rng, folder)
    else:
        kind = rng.choice(SOURCE_KINDS)
        hostile = space.root / "hostile"
        written = "/dev/zero" if kind == "dev-zero" else \
            os.path.relpath(hostile / {"fifo": "fifo", "outside-link": "outside-link",
                                       "many-sections": "many-sections.md"}[kind], folder)
        entry = f"  zz_source: {json.dumps(written)}\n"
        if "\nsources:\n" in "\n" + original:
            content = ("\n" + original).replace("\nsources:\n", "\nsources:\n" + entry, 1)[1:]
        else:
            content = original.rstrip("\n") + "\nsources:\n" + entry
        argv = rng.choice([["check", str(folder)], ["coverage", str(folder), "--source",
                                                     "zz_source"]])
    return Case(category, seed, target, argv, content=content.encode("utf-8"))


def _mutate_yaml(rng: random.Random, text: str) -> bytes:
    """A YAML file changed in its structure (parsed, changed, written again)."""
    data = mutate_value(rng, yaml.safe_load(text))
    return yaml.safe_dump(data, allow_unicode=rng.random() < 0.5, sort_keys=False).encode()


def _ruleset_command(space: Workspace, rng: random.Random, folder: Path) -> list[str]:
    command = rng.choice(["check", "check", "simulate", "simulate", "play", "replay", "show",
                          "compare", "diff", "flatten", "coverage", "review"])
    path = str(folder)
    players = ["--players", str(space.players[folder])] if folder in space.players else []
    if command in ("check", "flatten", "coverage", "review"):
        return [command, path]
    if command == "diff":
        return ["diff", path, str(rng.choice(list(space.rulesets)))]
    if command == "compare":
        other = rng.choice([f for f in space.rulesets if space.players.get(f) ==
                            space.players.get(folder)] or [folder])
        return ["compare", path, str(other), *players, "--games", "2", "--workers", "1",
                "--no-progress", "--max-decisions", MAX_DECISIONS]
    if command == "simulate":
        return ["simulate", path, *players, "--games", "2", "--workers", "1", "--no-progress",
                "--max-decisions", MAX_DECISIONS, "--seed", str(rng.randrange(100))]
    if command == "play":
        return ["play", path, "--watch", "--no-replay", "--color", "never",
                "--max-decisions", MAX_DECISIONS, "--seed", str(rng.randrange(100))]
    games = space.replays if command == "replay" else space.saves
    game = _recorded_on(space, folder, games, rng)
    return [command, str(game), "--ruleset", path]


def _recorded_on(space: Workspace, folder: Path, games: list[Path],
                 rng: random.Random) -> Path:
    """A recorded game of the ruleset in `folder` (any, if none)."""
    n = list(space.rulesets).index(folder)
    own = [p for p in games if p.name.startswith(f"{n}-")]
    return rng.choice(own or games)


def _json_case(space: Workspace, rng: random.Random, seed: int, category: str) -> Case:
    source = rng.choice(space.saves if category == "save" else space.replays)
    text = source.read_text(encoding="utf-8")
    if rng.random() < 0.2:
        content = mutate_text(rng, text)
    else:
        data = mutate_value(rng, json.loads(text))
        if category == "save" and isinstance(data, dict) and "state" in data \
                and rng.random() < 0.9:
            data["state_hash"] = save_integrity(data)
        content = json.dumps(data).encode()
    target = space.root / "inputs" / f"case.{category}.json"
    name = str(target)
    command = rng.choice(["show", "play", "play", "replay"] if category == "save"
                         else ["replay", "replay", "show", "play"])
    argv = {"show": ["show", name, "--color", "never"], "replay": ["replay", name],
            "play": ["play", "--load", name, "--no-replay", "--color", "never",
                     "--max-decisions", MAX_DECISIONS]}[command]
    return Case(category, seed, target, argv, content=content)


# ------------------------------------------------------------------------ shapes of issue 30
_CONSTANT = re.compile(r"^(?:replace[ \t]+)?const[ \t]+(\w+)", re.MULTILINE)
_JSON_NUMBER = re.compile(r"(?<=[:\[,] )-?\d+(?=[,\]}])|(?<=[:\[,])-?\d+(?=[,\]}])")


def _lattice_case(space: Workspace, rng: random.Random, seed: int, category: str) -> Case:
    """Rulesets made for the case that extend a ruleset of the workspace (and each other)."""
    folder = rng.choice(list(space.rulesets))
    scratch = space.root / "rulesets" / "zz-fuzz"
    constants = sorted({m.group(1) for path in space.rulesets[folder].get("rules", [])
                        for m in _CONSTANT.finditer(space.originals[path].decode("utf-8"))})
    written, top = lattice(rng, os.path.relpath(folder, scratch), constants)
    files = {scratch / name: text.encode("utf-8") for name, text in written.items()}
    target = scratch / top / "ruleset.yaml"
    content = files.pop(target)
    path = str(target.parent)
    players = ["--players", str(space.players[folder])] if folder in space.players else []
    argv = rng.choice([
        ["check", path], ["check", path], ["flatten", path], ["coverage", path],
        ["diff", str(folder), path],
        ["simulate", path, *players, "--games", "2", "--workers", "1", "--no-progress",
         "--max-decisions", MAX_DECISIONS],
        ["play", path, *players, "--watch", "--no-replay", "--color", "never",
         "--max-decisions", MAX_DECISIONS]])
    return Case(category, seed, target, argv, content=content, extra=files, scratch=scratch)


def _chain_case(space: Workspace, rng: random.Random, seed: int, category: str) -> Case:
    """A rule file with a long chain of constants, or thousands of declarations or texts, or
    a data file of tens of thousands of entities."""
    shape = rng.choice(CHAIN_SHAPES)
    role = "data" if shape == "entities" and space.files("data") else "rules"
    target = rng.choice(space.files(role))
    folder = space.ruleset_of(target)
    original = space.originals[target].decode("utf-8")
    content = many_entities(rng, original) if role == "data" else \
        original + chain_rules(rng, shape if shape != "entities" else "constants")
    return Case(category, seed, target, _ruleset_command(space, rng, folder),
                content=content.encode("utf-8"))


def _number_case(space: Workspace, rng: random.Random, seed: int, category: str) -> Case:
    """A number of thousands to a million digits in a save, a replay, a data file or an
    option."""
    digits = huge_digits(rng)
    where = rng.choice(["save", "replay", "replay", "data", "option"])
    if where in ("save", "replay"):
        source = rng.choice(space.saves if where == "save" else space.replays)
        text = source.read_text(encoding="utf-8")
        spots = list(_JSON_NUMBER.finditer(text))
        if where == "save" and len(digits) <= 4_000 and rng.random() < 0.5:
            data = json.loads(text)  # within Python's limit: its hash made again
            state = data.get("state") if isinstance(data, dict) else None
            if isinstance(state, dict):
                state["seed"] = int(digits)
                data["state_hash"] = save_integrity(data)
            content = json.dumps(data)
        elif spots:
            spot = rng.choice(spots)
            content = text[:spot.start()] + digits + text[spot.end():]
        else:
            content = text
        target = space.root / "inputs" / f"case.{where}.json"
        return Case(category, seed, target, _game_file_command(rng, where, str(target)),
                    content=content.encode())
    if where == "data" and space.files("data"):
        target = rng.choice(space.files("data"))
        original = space.originals[target].decode("utf-8")
        spots = list(NUMBER.finditer(original))
        content = original + f"\nzz_big: {digits}\n" if not spots else \
            (lambda spot: original[:spot.start()] + digits + original[spot.end():])(
                rng.choice(spots))
        return Case(category, seed, target, _ruleset_command(space, rng, space.ruleset_of(target)),
                    content=content.encode())
    folder = rng.choice(list(space.rulesets))
    target = space.rulesets[folder]["manifest"][0]
    constants = [m.group(1) for path in space.rulesets[folder].get("rules", [])
                 for m in _CONSTANT.finditer(space.originals[path].decode("utf-8"))]
    path = str(folder)
    argv = rng.choice([
        ["simulate", path, "--games", "2", "--workers", "1", "--no-progress", "--seed", digits],
        ["play", path, "--watch", "--no-replay", "--color", "never", "--seed", digits,
         "--max-decisions", MAX_DECISIONS],
        ["check", path, "--set", f"{rng.choice(constants or ['zz'])}={digits}"],
        ["diff", path, path, "--play", "1", "--seed", digits, "--no-progress"]])
    return Case(category, seed, target, argv, content=space.originals[target])


def _odd_case(space: Workspace, rng: random.Random, seed: int, category: str) -> Case:
    """A lone surrogate (`surrogate`) or control characters (`control`) where a name, a move,
    a decider, a label or an option's value is."""
    odd = odd_text(rng, category)
    where = rng.choice(["save", "save", "replay", "replay", "yaml", "rules", "option"])
    if where in ("save", "replay"):
        source = rng.choice(space.saves if where == "save" else space.replays)
        data = json.loads(source.read_text(encoding="utf-8"))
        record = data.get("play", data) if where == "save" else data
        spot = rng.choice(["names", "names", "seats", "moves", "deciders", "ruleset"])
        if spot == "names":
            data["names"] = {f"P{rng.randint(1, 2)}": odd}
        elif spot == "seats" and isinstance(record.get("seats"), dict):
            record["seats"][rng.choice(list(record["seats"]) or ["P1"])] = odd
        elif spot in ("moves", "deciders") and record.get(spot):
            record[spot][rng.randrange(len(record[spot]))] = odd
        elif spot == "ruleset" and where == "replay" and isinstance(data.get("ruleset"), dict):
            data["ruleset"][rng.choice(["name", "path"])] = odd
        else:
            data["names"] = {"P1": odd}
        if where == "save" and rng.random() < 0.9:
            data["state_hash"] = save_integrity(data)
        target = space.root / "inputs" / f"case.{where}.json"
        return Case(category, seed, target, _game_file_command(rng, where, str(target)),
                    content=json.dumps(data, ensure_ascii=rng.random() < 0.7).encode(
                        "utf-8", "surrogatepass"))
    if where in ("yaml", "rules"):
        role = rng.choice(["data", "display", "manifest"]) if where == "yaml" else "rules"
        target = rng.choice(space.files(role) or space.files("manifest"))
        original = space.originals[target].decode("utf-8")
        quoted = list(re.finditer(r'"[^"\n\\]*"', original))
        written = json.dumps(odd)[1:-1] if where == "yaml" and rng.random() < 0.7 else odd
        if quoted:
            spot = rng.choice(quoted)
            at = rng.randint(spot.start() + 1, spot.end() - 1)
            content = original[:at] + written + original[at:]
        else:
            content = original + written
        folder = space.ruleset_of(target)
        return Case(category, seed, target, _ruleset_command(space, rng, folder),
                    content=content.encode("utf-8", "surrogatepass"))
    folder = rng.choice(list(space.rulesets))
    target = space.rulesets[folder]["manifest"][0]
    path = str(folder)
    players = ["--players", str(space.players[folder])] if folder in space.players else []
    argv = rng.choice([
        ["play", path, *players, "--watch", "--no-replay", "--color", "never",
         "--name", f"1={odd}", "--max-decisions", MAX_DECISIONS],
        ["check", odd], ["check", path, "--set", f"zz={odd}"],
        ["check", path, "--set", f'zz="{odd}"'],
        ["simulate", path, *players, "--games", "2", "--workers", "1", "--no-progress",
         "--bot", odd]])
    return Case(category, seed, target, argv, content=space.originals[target])


def _game_file_command(rng: random.Random, what: str, name: str) -> list[str]:
    command = rng.choice(["show", "play", "play", "replay"] if what == "save"
                         else ["replay", "replay", "show", "play"])
    return {"show": ["show", name, "--color", "never"], "replay": ["replay", name],
            "play": ["play", "--load", name, "--no-replay", "--color", "never",
                     "--max-decisions", MAX_DECISIONS]}[command]


NEW_SHAPES: dict[str, Callable[[Workspace, random.Random, int, str], Case]] = {
    "lattice": _lattice_case, "chain": _chain_case, "number": _number_case,
    "surrogate": _odd_case, "control": _odd_case}


# ------------------------------------------------------------------------ running cases
MEMORY_BLOWUP_KIB = 512 * 1024  # a child that grew by more than this blew up, however it ended


def classify(ended: Ended) -> str:
    if ended.timed_out:
        return "hang"
    if ended.over_memory or ended.grown_kib > MEMORY_BLOWUP_KIB or ended.code == OUT_OF_MEMORY \
            or "MemoryError" in ended.err or "too large for the memory" in ended.err:
        return "memory"
    if ended.code == ESCAPED or "Traceback (most recent call last)" in ended.err:
        return "traceback"
    if ended.code == 0:
        return "accepted"
    if ended.code in (1, 2):
        return "clean"
    return "other"


def run_case(space: Workspace, case: Case, command: Callable[[list[str]], int],
             timeout: float = 10.0, memory_bytes: int = 1 << 30) -> Result:
    """Run `command(case.argv)` (the `rules` command's main function: tools come before the
    command line, so it is given) on the case's damaged file in a child process; then put the
    file back."""
    def run() -> int:
        os.chdir(space.root / "cwd")
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        return command(case.argv)

    space.apply(case)
    try:
        ended = run_isolated(run, timeout, memory_bytes)
    finally:
        space.restore(case)
    return Result(case, classify(ended), ended)
