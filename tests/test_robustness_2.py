"""Robustness, second round (issue 21): each test names the item of the issue it guards."""

from __future__ import annotations

import base64
import pickle

import pytest


# ------------------------------------------------------------------ 1. OpenSpiel deserialization
class _Plant:
    """Unpickling this would create the file at `path` (the shape of a crafted payload)."""

    def __init__(self, path):
        self.path = str(path)

    def __reduce__(self):
        return (open, (self.path, "w"))


def test_deserialize_state_never_unpickles(tmp_path):
    pyspiel = pytest.importorskip("pyspiel")
    import interpreter.openspiel  # noqa: F401  (registers the game "rules")

    game = pyspiel.load_game("rules", {"path": "tutorial/high-card", "players": 2})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    text = state.serialize()
    assert "__dict__" not in text
    assert game.deserialize_state(text).history() == state.history()

    planted = tmp_path / "planted"
    payload = base64.b64encode(pickle.dumps({"_held": _Plant(planted)})).decode()
    for crafted in (f"history=0:{state.history()[0]}\nmove_number=1\n__dict__={payload}",
                    payload, text.replace('"actions"', '"moves"'), text.replace("]", ", 99999]")):
        with pytest.raises(ValueError, match="rules: "):
            game.deserialize_state(crafted)
    assert not planted.exists()
