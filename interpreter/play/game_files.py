"""What the terminal game (terminal.py) and the browser table (table.py) share: the seat kind
of a person, a bot's decision taken the same way in both, the save of a game under way, and the
names of save and replay files (which never give the seed: it fixes every hidden card), and how
a game is named to people (by its seed, or by an id for a game dealt from a secret)."""

from __future__ import annotations

import contextlib
import re
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from interpreter.bots.views import LazyView
from interpreter.engine.rng import game_id, private_random
from interpreter.play.history import ruleset_ref
from interpreter.play.journal import JOURNAL_SUFFIX
from interpreter.play.replay import FILE_ERRORS

if TYPE_CHECKING:
    from interpreter.engine.ruleset import Ruleset
    from interpreter.engine.runtime import Decision, Game
    from interpreter.play.history import History

HUMAN = "human"
PLAY_FORMAT_KEY = "play"


def save_data(ruleset: Ruleset, game: Game, history: History,
              seats: dict[str, str]) -> dict[str, Any]:
    """A saved game with what a session needs to go on: the ruleset, the seats, the history."""
    data = game.to_save()
    data[PLAY_FORMAT_KEY] = {"ruleset": ruleset_ref(ruleset), "seats": seats,
                             **history.to_dict()}
    if ruleset.settings:  # `--set`: the game is played again under them
        data[PLAY_FORMAT_KEY]["settings"] = list(ruleset.settings)
    return data


def save_file_name(ruleset: Ruleset, game: Game) -> str:
    """The name a save of the game gets unless the player gives one."""
    return f"{_slug(ruleset)}-step{game.state['step']}.save.json"  # no seed: it is secret


def new_replay_path(folder: Path, ruleset: Ruleset, game: Game) -> Path:
    """A file name for a new replay in `folder` that no file has yet. The folder is made if
    it is missing (its own parent must exist). The name does not give the seed, which fixes
    every hidden card (the replay and the journal are readable by their owner only)."""
    with contextlib.suppress(*FILE_ERRORS):
        folder.mkdir(mode=0o700, exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    base = f"{_slug(ruleset)}-{stamp}"
    path = folder / f"{base}.json"
    n = 2
    while _taken(path) or _taken(journal_of(path)):
        path = folder / f"{base}-{n}.json"
        n += 1
    return path


def bot_decides(game: Game, bot: Any, decision: Decision) -> tuple[Any, str | None]:
    """A bot's choice from its player's view, and its note (if any). The bot draws from its
    own generator seeded by the game's seed (or derived from its secret) and the step, so a
    saved and loaded game goes on exactly as it would have."""
    rng = private_random(game.state["seed"], game.state["step"], decision.player)
    view = LazyView(game, decision.player)
    try:
        move = bot.choose(view, decision, rng)
    finally:
        view.close()
    return move, getattr(bot, "last_note", None)


def game_named(seed: int | str) -> str:
    """How a game is named to people: by its seed ('seed 7'), or, for a game dealt from a
    secret, by an id derived from it ('game 3fa9c2d01e'), which gives nothing of the secret."""
    return f"game {game_id(seed)}" if seed.__class__ is str else f"seed {seed}"


# said once where a game dealt from a secret starts (the secret itself is never shown)
SECRET_NOTE = "No seed: dealt from a secret that only saves and replays keep (yours alone)."


def save_note(game: Game, whose: str = "you") -> str:
    """What a save of the game says of itself beyond where it is: that it keeps the secret."""
    if game.state["seed"].__class__ is not str:
        return ""
    return (f" It holds the game's secret, which fixes every hidden card, and is readable by "
            f"{whose} alone.")


def sentence(text: str) -> str:
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _taken(path: Path) -> bool:
    """Whether a file is there; a name the system cannot look up (too long, say) is free
    here, and writing it later fails with a message that says why."""
    try:
        return path.exists()
    except FILE_ERRORS:
        return False


def journal_of(replay: Path) -> Path:
    return replay.with_name(replay.name.removesuffix(".json") + JOURNAL_SUFFIX)


def _slug(ruleset: Ruleset) -> str:
    return re.sub(r"[^a-z0-9]+", "-", ruleset.name.lower()).strip("-") or "game"
