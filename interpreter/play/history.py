"""A game's history as a replay records it: the decisions so far, who took them and the state
hash after each; the replay format's name and version. Shared by replays and journals (a
journal is a replay written as the game goes), so neither needs the other's module."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from interpreter.language.errors import IllegalMove, SaveFileError

if TYPE_CHECKING:
    from interpreter.engine.ruleset import Ruleset
    from interpreter.engine.runtime import Game

REPLAY_FORMAT = "rules-engine-replay"
REPLAY_VERSION = 4  # 1: before the random streams (engine/rng.py); 2: `random` queries
# named by their whole text; 3: by what they draw from; 4: piles list their kinds in the kinds'
# declaration order (in the order pieces arrived before). A replay is written in the version of
# its game's way of playing (Game.streams + 1), so a game loaded from an old save replays.
SHORT = 16


def short_hash(game: Game) -> str:
    return game.state_hash()[:SHORT]


def core_hash(game: Game) -> str:
    """Like `Game.state_hash()`, but without the options of the pending decision: two games
    with the same core differ only in what may be chosen now."""
    return game.state_hash(with_options=False)[:SHORT]


def ruleset_ref(ruleset: Ruleset) -> str:
    """How a replay names its ruleset: relative to the bundled rulesets when it is one of them
    (so the file works on another machine), else the absolute path."""
    path = Path(ruleset.path).resolve()
    try:
        from interpreter.resources import rulesets_folder

        return path.relative_to(rulesets_folder().resolve()).as_posix()
    except (ValueError, OSError, ModuleNotFoundError, TypeError):
        return str(path)


def ruleset_record(ruleset: Ruleset) -> dict[str, Any]:
    """How a replay or a journal records its ruleset: name, path, content hash, and the
    settings it was played under (`--set`), if any."""
    record: dict[str, Any] = {"name": ruleset.name, "path": ruleset_ref(ruleset),
                              "hash": ruleset.content_hash}
    if ruleset.settings:
        record["settings"] = list(ruleset.settings)
    return record


@dataclass
class History:
    """The decisions of a game so far, who took them, and the state hash after each."""

    moves: list[Any] = field(default_factory=list)
    deciders: list[str] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)
    core_hashes: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, game: Game) -> History:
        return cls([], [], [short_hash(game)], [core_hash(game)])

    def record(self, game: Game, player: str, move: Any) -> None:
        self.moves.append(move)
        self.deciders.append(player)
        self.hashes.append(short_hash(game))
        self.core_hashes.append(core_hash(game))

    def follow(self, game: Game, player: str | None, move: Any) -> None:
        """Record a game played again (`Game.from_save(on_step=...)`): after setup (player
        None), then after each decision."""
        if player is None:
            self.hashes.append(short_hash(game))
            self.core_hashes.append(core_hash(game))
        else:
            self.record(game, player, move)

    def to_dict(self) -> dict[str, Any]:
        return {"moves": list(self.moves), "deciders": list(self.deciders),
                "hashes": list(self.hashes), "core_hashes": list(self.core_hashes)}

    def consistent(self) -> bool:
        n = len(self.moves)
        return len(self.deciders) == n and len(self.hashes) == n + 1 and \
            len(self.core_hashes) == n + 1

    @classmethod
    def rebuild(cls, ruleset: Ruleset, players: int, seed: int, names: dict[str, str],
                moves: list[Any], streams: int) -> tuple[History, Game]:
        """Play `moves` again from the start (for a save without its history)."""
        game = ruleset.new_game(players, seed, names=names, streams=streams)
        history = cls.start(game)
        for move in moves:
            decision = game.decision()
            if decision is None:
                raise SaveFileError("the saved game has more decisions than its game")
            try:
                game.apply(move)
            except IllegalMove as exc:
                raise SaveFileError(f"the saved game cannot be played again: {exc}") from None
            history.record(game, decision.player, move)
        return history, game
