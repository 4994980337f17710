"""A rules-as-data engine for board games.

The pipeline, one stage per subpackage (imports go down this list only):

- `interpreter.language`: rule text -> parser -> typed syntax tree; errors with file:line:column;
  overlays (layers) merged into one set of declarations.
- `interpreter.engine`: checked tree -> generated Python -> a running game (state as plain data).
- `interpreter.bots`: programs that play, and the samples they decide on; the OpenSpiel game.
- the job folders, each serving one kind of user (imports go down this list too):
  `interpreter.play` (the terminal and browser game, replays), `interpreter.study` (simulate,
  compare), `interpreter.editions` (citations, coverage, diff), `interpreter.fuzz` (hostile
  input).
- `interpreter.cli`: the `rules` command, one module per subcommand.

The public API is the names below: `load_ruleset(path)` gives a `Ruleset`, whose
`new_game(players, seed)` gives a `Game`.
"""

from interpreter.engine.ruleset import Ruleset, load_ruleset
from interpreter.engine.runtime import Decision, Game
from interpreter.language.errors import (
    GameRuleError,
    IllegalMove,
    RulesError,
    RulesetError,
    RulesetErrors,
    SaveFileError,
)

__all__ = [
    "Decision", "Game", "GameRuleError", "IllegalMove", "Ruleset", "RulesError", "RulesetError",
    "RulesetErrors", "SaveFileError", "load_ruleset",
]
