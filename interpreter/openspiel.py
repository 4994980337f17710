"""`import interpreter.openspiel` registers the game `rules` with OpenSpiel (`pyspiel`), so that
any ruleset loads as an OpenSpiel game (docs/openspiel.md; needs `pip install -e
".[openspiel]"`):

    import pyspiel
    import interpreter.openspiel  # noqa: F401
    game = pyspiel.load_game("rules", {"path": "<ruleset>", "players": 4})

The adapter itself is `interpreter.bots.openspiel_game`.
"""

from interpreter.bots.openspiel_game import (
    GAME_NAME,
    ActionSpace,
    Restartable,
    RulesGame,
    RulesState,
    UnboundedChoice,
    action_space,
    deserialize_game_and_state,
    register,
    serialize_game_and_state,
)

__all__ = ["GAME_NAME", "ActionSpace", "Restartable", "RulesGame", "RulesState", "UnboundedChoice",
           "action_space", "deserialize_game_and_state", "register",
           "serialize_game_and_state"]
