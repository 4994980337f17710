"""Hostile shapes for the fuzzer: inputs built to make the engine work or allocate without bound
(not damaged files, but files written to hurt), each added to a real file of a ruleset.

- `rules`: declarations appended to a rule file: lists built inside lists, lists that grow,
  queries nested over a million numbers, a `define` that calls itself twice, constants that
  square each other, an `and` of tens of thousands of terms, long texts.
- `yaml`: an anchor/alias bomb added to a data, display or manifest file.
- `sources`: a manifest whose `sources:` names /dev/zero, a FIFO, a link out of the ruleset,
  or a text of hundreds of thousands of sections.

Names are prefixed `zz_` so that they clash with nothing a ruleset declares.
"""

from __future__ import annotations

import random

RULE_SHAPES = ["nested-lists", "growing-list", "nested-counts", "exponential-define",
               "constant-chain", "long-and", "long-text", "flatten"]
SOURCE_KINDS = ["dev-zero", "fifo", "outside-link", "many-sections"]


def hostile_rules(rng: random.Random) -> str:
    """Declarations to append to a rule file (with a newline before them)."""
    shape = rng.choice(RULE_SHAPES)
    n = rng.choice([1_000, 10_000, 1_000_000])
    if shape == "nested-lists":
        body = f"size([numbers(zz_a, {n}) for each zz_a in numbers(1, {rng.choice([100, 1000])})])"
    elif shape == "growing-list":
        body = f"size([numbers(1, zz_a) for each zz_a in numbers(1, {n})])"
    elif shape == "nested-counts":
        body = (f"sum (count each zz_b in numbers(1, {n}) where zz_b > zz_a) "
                f"for each zz_a in numbers(1, 1000)")
    elif shape == "exponential-define":
        depth = rng.choice([20, 40, 60])
        return ("\ndefine zz_f(n, m) = 1 if n == 0 else zz_f(n - 1, m * 2) + "
                f"zz_f(n - 1, m * 2 + 1)\nvar zz_v \"hostile\" = zz_f({depth}, 1)\n")
    elif shape == "constant-chain":
        count = rng.choice([15, 40])
        return "\nconst zz_c0 = 10\n" + "".join(
            f"const zz_c{i + 1} = zz_c{i} * zz_c{i}\n" for i in range(count))
    elif shape == "long-and":
        terms = rng.choice([1_500, 20_000, 80_000])
        return "\nconst zz_c = " + " and ".join(["true"] * terms) + "\n"
    elif shape == "long-text":
        body = f"size(repeat(\"abc\", {n})) + size(flatten([[1] for each zz_a in numbers(1, {n})]))"
    else:
        body = f"size(flatten([numbers(1, {n}) for each zz_a in numbers(1, 1000)]))"
    where = rng.choice(["var", "const"])
    if where == "const":
        return f"\nconst zz_v = {body}\n"
    return f"\nvar zz_v \"hostile\" = {body}\n"


def alias_bomb(rng: random.Random) -> str:
    """A YAML mapping entry whose aliases expand to 9**levels values."""
    levels = rng.choice([4, 6, 9])
    lines = ["zz_bomb:", "  a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, levels):
        lines.append(f"  a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return "\n" + "\n".join(lines) + "\n"


def many_sections(rng: random.Random) -> str:
    """A rulebook text of many sections (markdown headings)."""
    count = rng.choice([10_000, 100_000, 300_000])
    return "\n".join(f"## Section {i}\nThe rule number {i} says words.\n" for i in range(count))
