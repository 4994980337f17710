"""Hostile shapes for the fuzzer: inputs built to make the engine work or allocate without bound
(not damaged files, but files written to hurt), each added to a real file of a ruleset.

- `rules`: declarations appended to a rule file: lists built inside lists, lists that grow,
  queries nested over a million numbers, a `define` that calls itself twice, constants that
  square each other, an `and` of tens of thousands of terms, long texts.
- `yaml`: an anchor/alias bomb added to a data, display or manifest file.
- `sources`: a manifest whose `sources:` names /dev/zero, a FIFO, a link out of the ruleset,
  or a text of hundreds of thousands of sections.
- `lattice`: rulesets that extend each other in diamonds, in long chains, by the hundred
  side by side, in a circle, or each changing the same rule.
- `chain`: constants that use each other in a chain thousands long (declared last first),
  thousands of declarations or of `{...}` texts, data files of tens of thousands of entities.
- `number`: whole numbers of thousands to a million digits, in saves, replays, data files
  and options.
- `surrogate`, `control`: texts holding a lone surrogate (`\ud800`), or control characters
  (line breaks, carriage returns, escapes, invisible and right-to-left marks), where a name,
  a move, a label or an option's value is.

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


# ------------------------------------------------------------------------------ lattices
LATTICE_SHAPES = ["diamonds", "chain", "wide", "circle", "conflicts"]


def lattice(rng: random.Random, base: str, constants: list[str]) -> tuple[dict[str, str], str]:
    """Rulesets over the ruleset at `base` (a path from the folder that holds them): their
    files by path (`NAME/ruleset.yaml`, `NAME/zz.rules`) and the one to run a command on.
    `constants`: names the base declares, for overlays that change the same one."""
    shape = rng.choice(LATTICE_SHAPES)
    files: dict[str, str] = {}

    def manifest(name: str, extends: list[str], rules: str | None = None) -> None:
        listed = ", ".join(f'"{e}"' for e in extends)
        text = f"name: {name}\nplayers: [2, 3, 4]\nextends: [{listed}]\n"
        if rules is not None:
            text += "rules: [zz.rules]\n"
            files[f"{name}/zz.rules"] = rules
        files[f"{name}/ruleset.yaml"] = text

    up = f"../{base}"
    if shape == "diamonds":  # each extends the two before it
        size = rng.choice([20, 30, 40])
        manifest("m0", [up])
        manifest("m1", ["../m0", up])
        for k in range(2, size + 1):
            manifest(f"m{k}", [f"../m{k - 1}", f"../m{k - 2}"])
        return files, f"m{size}"
    if shape == "chain":
        size = rng.choice([45, 50, 51, 60])
        manifest("m0", [up])
        for k in range(1, size):
            manifest(f"m{k}", [f"../m{k - 1}"])
        return files, f"m{size - 1}"
    if shape == "wide":
        size = rng.choice([50, 199, 200, 250])
        for k in range(size):
            manifest(f"s{k}", [up])
        manifest("top", [f"../s{k}" for k in range(size)])
        return files, "top"
    if shape == "circle":
        size = rng.choice([5, 30])
        manifest("m0", [up, f"../m{size - 1}"])
        for k in range(1, size):
            manifest(f"m{k}", [f"../m{k - 1}"] + ([f"../m{k - 2}"] if k > 1 else []))
        return files, f"m{size - 1}"
    name = rng.choice(constants) if constants else "zz_missing"
    size = rng.choice([3, 30, 150])
    for k in range(size):
        manifest(f"s{k}", [up], f"replace const {name} = {k}\n")
    settled = rng.random() < 0.5
    manifest("top", [f"../s{k}" for k in range(size)],
             f"replace const {name} = 0\n" if settled else None)
    return files, "top"


# ------------------------------------------------------------------------------ chains
CHAIN_SHAPES = ["constants", "circle", "declarations", "texts", "entities"]


def chain_rules(rng: random.Random, shape: str) -> str:
    """Declarations to append to a rule file (not `entities`: see many_entities)."""
    if shape in ("constants", "circle"):
        count = rng.choice([1_000, 2_900, 20_000, 30_000])
        lines = [f"const zz_c{i} = zz_c{i + 1} + 1\n" for i in range(count)]
        last = "zz_c0 + 1" if shape == "circle" else "1"
        return "\n" + "".join(lines) + f"const zz_c{count} = {last}\n"
    if shape == "declarations":
        count = rng.choice([2_000, 3_001, 15_000])
        return "\n" + "".join(f"const zz_d{i} = {i}\n" for i in range(count))
    count = rng.choice([1_000, 3_800, 13_000])
    lines = ['  log "' + "".join(f"{{{i}+{j}}}" for j in range(i, min(i + 10, count))) + '"\n'
             for i in range(0, count, 10)]
    return "\nprocedure zz_texts():\n" + "".join(lines)


def many_entities(rng: random.Random, original: str) -> str:
    """A data file with an entity type of tens of thousands of entities added."""
    count = rng.choice([5_000, 10_001, 60_000])
    items = "".join(f"    - {{id: zz_e{i}, name: \"Entity {i}\", value: {i}}}\n"
                    for i in range(count))
    if "\nentities:\n" in "\n" + original:
        return ("\n" + original).replace("\nentities:\n", "\nentities:\n  zz_many:\n" + items,
                                         1)[1:]
    return original.rstrip("\n") + "\nentities:\n  zz_many:\n" + items


# ------------------------------------------------------------------------------ numbers
def huge_digits(rng: random.Random) -> str:
    """The digits of a whole number of 4,000 to a million digits."""
    count = rng.choice([4_000, 4_301, 5_000, 100_000, 1_000_000])
    return str(rng.randrange(1, 10)) + "7" * (count - 1)


# ------------------------------------------------------------------------------ odd texts
SURROGATES = ["\ud800", "a\ud800b", "\udfff", "\udc80", "\ud800\ud800", "\ude00\ud83d"]
CONTROLS = ["Ann\nBen", "Ann\rBen", "\r\n", "\n", "\x1b[2J\x1b[H", "\x1b]0;title\x07",
            "\u202eneB", "\u200b", "\u2028", "\u2029", "\x00", "\x7f", "\t", "\x85",
            "\u200e\u200f", "\ufeff", "\x08\x08\x08"]


def odd_text(rng: random.Random, kind: str) -> str:
    """A text with a lone surrogate (`kind` "surrogate") or control characters ("control"),
    alone or around a real word."""
    text = rng.choice(SURROGATES if kind == "surrogate" else CONTROLS)
    return text if rng.random() < 0.5 else f"P{text}1"
