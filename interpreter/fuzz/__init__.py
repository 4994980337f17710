"""Hostile-input testing: mutations of rulesets, the fuzzer and the isolation it runs each
case in (`benchmarks/fuzz.py`, `tests/test_fuzz.py`). The top job folder: it may import
`editions`, `study`, `play` and `bots`; nothing imports it but `cli` and tests."""
