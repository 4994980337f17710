"""`why` of a number chosen from a range (issue 33): a newcomer asked why they could build 2
skyscrapers and read "'2' is a fixed answer here". It says the range and what bounds it."""

from __future__ import annotations

import re

from .test_terminal import session
from .web_support import FIFTH, play_until


def test_why_a_number_says_its_range_and_what_bounds_it():
    _, game, _ = play_until(FIFTH, 4, 5, lambda g, d: d.prompt.startswith(
        "how many skyscrapers do you build") and len(d.options) > 1)
    decision = game.decision()
    most = max(decision.options)
    s, out = session(game, 80)
    s.handle(f"why {len(decision.options)}", decision)
    said = " ".join(out.getvalue().split())
    assert "fixed answer" not in said, said
    assert re.search(rf"{most} is a number from 0 to {most}, the most being the smaller of "
                     rf"\d+ and how many skyscrapers in the supply on the summary card "
                     rf"\(\d+\)\.", said), said
