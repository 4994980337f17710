"""Studying variants: simulating many games (`rules simulate`), in parallel, measuring them,
their statistics, comparing two rulesets (`rules compare`) and charts. Imports `play` (replays)
and `bots` below it; `editions` and `fuzz` may import it, never the other way."""
