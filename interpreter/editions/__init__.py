"""Validating editions: citations and the source texts they quote (`rules check`), coverage
(`rules coverage`), rule-by-rule diffs and lockstep play (`rules diff`), flattening (`rules
flatten`). Imports `study`, `play` and `bots` below it; only `fuzz` may import it."""
