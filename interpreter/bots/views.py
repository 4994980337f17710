"""The view a bot is handed when it decides."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from interpreter.engine.runtime import Game


class LazyView(Mapping[str, Any]):
    """A player's view, computed on first use (most random bots never look at it).

    It is valid while the bot decides; using it afterwards raises RuntimeError, because the
    game has moved on and the view would no longer be the one the decision was taken from.
    """

    __slots__ = ("_game", "_player", "_data", "_closed")

    def __init__(self, game: Game, player: str):
        self._game = game
        self._player = player
        self._data: dict[str, Any] | None = None
        self._closed = False

    def _view(self) -> dict[str, Any]:
        if self._data is None:
            if self._closed:
                raise RuntimeError("a view was used after its decision was taken")
            self._data = self._game.view(self._player)
        return self._data

    @property
    def game(self) -> Game:
        """The game behind the view, for bots that build samples of it from what the view's
        player may see (`interpreter.bots.sampling`)."""
        return self._game

    def close(self) -> None:
        self._closed = True

    def __getitem__(self, key: str) -> Any:
        return self._view()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._view())

    def __len__(self) -> int:
        return len(self._view())


def game_behind(view: Mapping[str, Any]) -> Any:
    """The game a view was taken from, for bots that sample it (`sampling.sample_game` reads
    only what the view's player may see). None for a plain dict."""
    return getattr(view, "game", None)


def nothing_to_judge(view: Mapping[str, Any], options: list[Any],
                     rng: random.Random) -> tuple[Any, Any]:
    """(None, the option to take) when a bot has nothing to judge: the only option, or a
    random one when no game stands behind the view; else (the game, None)."""
    if len(options) == 1:
        return None, options[0]
    game = game_behind(view)
    if game is None:
        return None, options[rng.randrange(len(options))]
    return game, None
