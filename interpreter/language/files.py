"""A ruleset folder on disk -> its layers: manifests, parsed rule files and board data, each
checked against its schema (errors carry file:line:column).

A YAML file that was read and checked before, with the same text, comes from the cache
(`cache.py`); PyYAML and jsonschema are imported only when a file must be read afresh."""

from __future__ import annotations

import functools
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from interpreter.language import cache
from interpreter.language import nodes as N
from interpreter.language.conforms import conforms
from interpreter.language.errors import (
    RulesetError,
    RulesetErrors,
    did_you_mean,
    remember_source,
    too_many_digits,
)
from interpreter.language.layers import Layer
from interpreter.language.parser import parse_rules
from interpreter.resources import schema

MANIFEST = "ruleset.yaml"
MAX_EXTENDS = 50  # rulesets in one chain of `extends`
MAX_LAYERS = 200  # rulesets in all that one ruleset builds on (through `extends`)

# What one ruleset (all its layers together) may hold: each a few seconds of work to load
# and check (about 10 s on a busy machine: docs/robustness.md), and 5 to 150 times what the
# largest bundled ruleset holds (161 declarations, 9,500 words and signs of rules, 109 {...}
# in their texts, 64 entities).
MAX_DECLARATIONS = 3_000
MAX_RULE_WORDS = 50_000  # words (and numbers) and signs in all the rule files, unparsed
MAX_TEXT_EXPRESSIONS = 4_000  # {...} in the texts of the rules (each parsed on its own)
MAX_ENTITIES = 10_000
_WORDS = re.compile(r"\w+|[^\w\s]")
_IN_TEXT = re.compile(r"\{[^{}\n]*\}")  # the rules language has braces in texts only
_DECLARATION = re.compile(r"^[ \t]*(?:replace[ \t]+)?(?:enum|const|table|component|zone|var|"
                          r"procedure|define|trigger|require|measure|remove|add[ \t]+option)"
                          r"[ \t]", re.MULTILINE)  # the lines that start one, found unparsed


@dataclass
class _Totals:
    """What the layers loaded so far hold, against the limits above."""
    words: int = 0
    expressions: int = 0
    declarations: int = 0
    entities: int = 0
    values: int = 0  # of the data files (MAX_YAML_VALUES for all of them)


# No ruleset, display or save file is larger than this: a bigger one (or /dev/zero) is refused
# before it fills the memory.
MAX_FILE_BYTES = 16 * 1024 * 1024


class FileRefused(Exception):
    """A file that is not read, with the reason in a few words ("is a folder, not a file")."""


def read_bounded(path: Path | str) -> str:
    """The UTF-8 text of a regular file of at most MAX_FILE_BYTES. A folder, a FIFO or a
    device, a link that goes round in a circle, a file too large or not UTF-8 text raises
    FileRefused with the reason."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except IsADirectoryError:
        raise FileRefused("is a folder, not a file") from None
    except FileNotFoundError:
        raise FileRefused("does not exist") from None
    except (OSError, ValueError) as exc:
        raise FileRefused(f"cannot be read ({getattr(exc, 'strerror', None) or exc})") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            raise FileRefused("is a folder, not a file")
        raise FileRefused("is not a regular file (a pipe, a device or a socket)")
    with os.fdopen(fd, "rb") as file:
        try:
            data = file.read(MAX_FILE_BYTES + 1)
        except OSError as exc:
            raise FileRefused(f"cannot be read ({exc.strerror or exc})") from None
    if len(data) > MAX_FILE_BYTES:
        raise FileRefused(f"is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileRefused(f"is not UTF-8 text (byte {exc.start + 1} cannot be read)") from None


def read_text(path: Path, what: str = "file") -> str:
    """A ruleset file's text; a folder, an unreadable file, one that is not a regular file,
    too large or not UTF-8 text is a RulesetError naming it."""
    try:
        return read_bounded(path)
    except FileRefused as exc:
        raise RulesetError(f"the {what} {display_path(path)} {exc}") from None


def _checked_yaml(path: Path, schema_name: str, empty: bool = False) -> Any:
    """A YAML file's contents, checked against the schema `schema_name`. `empty`: a file
    that holds nothing (or an empty value) counts as {}."""
    text = read_text(path)
    remember_source(display_path(path), text)
    slot = f"{os.path.abspath(path)}\0{schema_name}"
    key = cache.key("yaml", schema_name, str(empty), "unique keys", text)
    cached = cache.load("yaml", slot, key)
    if isinstance(cached, tuple) and len(cached) == 1:
        return cached[0]
    doc = _parse_yaml(text, path)
    if empty and not doc:
        doc = {}
    _validate(doc, schema_name, path)
    cache.store("yaml", slot, key, (doc,))
    return doc


def checked_yaml(path: Path, schema_name: str) -> Any:
    """A YAML file's contents checked against a schema (RulesetError with its place if not)."""
    return _checked_yaml(path, schema_name)


def yaml_entry_lines(path: Path, key: str) -> list[int]:
    """The line (from 1) of each item of the list under the top-level `key` of a YAML file
    (for errors at an entry); [] when it cannot be read so."""
    import yaml

    try:
        root = yaml.compose(read_text(path), Loader=strict_loader())
    except (yaml.YAMLError, RulesetError, RecursionError):
        return []
    if not isinstance(root, yaml.MappingNode):
        return []
    for k, v in root.value:
        if isinstance(k, yaml.ScalarNode) and k.value == key and isinstance(v, yaml.SequenceNode):
            return [item.start_mark.line + 1 for item in v.value]
    return []


# Aliases (`*name`) let a few hundred bytes of YAML stand for billions of values (an "alias
# bomb"): a file whose values, aliases expanded, number more than this (and more than twice
# the values written out) is refused.
MAX_YAML_EXPANDED = 100_000

# The most values (numbers, texts, lists, mappings, keys: each counts) written in one YAML
# file, and in all the data files of a ruleset: about 10,000 entities of a few attributes,
# read in a few seconds. The largest board of the bundled rulesets has 1,100.
MAX_YAML_VALUES = 100_000

# The most digits of a whole number in a YAML file: as many as a value of a game may have
# (MAX_DIGITS in engine/support.py).
MAX_YAML_DIGITS = 4_000
_MAX_YAML_BITS = int(MAX_YAML_DIGITS * 3.3219280948873626)  # log2(10)


def expanded_size(node: Any) -> tuple[int, int]:
    """(values with every alias expanded, values written) of a composed YAML node graph: an
    alias is the node of its anchor again, so a node reached twice counts twice."""
    import yaml

    sizes: dict[int, int] = {}
    stack: list[tuple[Any, bool]] = [(node, False)]
    while stack:  # depth-first without recursion: a file may nest deeply
        current, done = stack.pop()
        if id(current) in sizes and not done:
            continue
        children = [c for pair in current.value for c in pair] \
            if isinstance(current, yaml.MappingNode) else \
            current.value if isinstance(current, yaml.SequenceNode) else []
        if done:
            sizes[id(current)] = 1 + sum(sizes[id(c)] for c in children)
            continue
        stack.append((current, True))
        stack.extend((c, False) for c in children if id(c) not in sizes)
    return sizes[id(node)], len(sizes)


def _safe_loader() -> Any:
    """PyYAML's safe loader, its text scanned and parsed by libyaml where PyYAML has it (three
    times faster), its values composed and built by PyYAML's Python code (which the strict
    loader changes)."""
    import yaml

    try:
        from yaml._yaml import CParser
    except ImportError:  # PyYAML without libyaml
        return yaml.SafeLoader

    class FastSafeLoader(yaml.composer.Composer, CParser, yaml.constructor.SafeConstructor,
                         yaml.resolver.Resolver):
        def __init__(self, stream: Any) -> None:
            CParser.__init__(self, stream)
            yaml.composer.Composer.__init__(self)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)

    return FastSafeLoader


@functools.cache
def strict_loader() -> Any:
    """PyYAML's safe loader, except that a key given twice in one mapping is an error at the
    second one (PyYAML keeps the last silently), a file of more than MAX_YAML_VALUES values is
    refused as soon as it is seen to be (not read to its end), and an alias bomb is refused
    before it is built (`MAX_YAML_EXPANDED`)."""
    import yaml

    class StrictLoader(_safe_loader()):  # type: ignore[misc, valid-type]
        def compose_document(self) -> Any:
            node = super().compose_document()
            if node is not None and self.anchors_seen:
                expanded, written = expanded_size(node)
                if expanded > max(MAX_YAML_EXPANDED, 2 * written):
                    raise yaml.composer.ComposerError(
                        None, None, f"its aliases (*name) expand to {expanded:,} values, more "
                        f"than {MAX_YAML_EXPANDED:,}: write them out, or use fewer",
                        node.start_mark)
            return node

        def compose_node(self, parent: Any, index: Any) -> Any:
            if self.check_event(yaml.events.AliasEvent):
                self.anchors_seen = True
            self.values_seen += 1
            if self.values_seen > MAX_YAML_VALUES:
                raise yaml.composer.ComposerError(
                    None, None, f"more than {MAX_YAML_VALUES:,} values in one file: more than "
                    "a game needs (and than is read in a few seconds)",
                    self.peek_event().start_mark)
            return super().compose_node(parent, index)

        anchors_seen = False
        values_seen = 0

        def construct_yaml_int(self, node: Any) -> int:
            """A whole number of at most MAX_YAML_DIGITS digits (its value, in any base):
            reading one of a million decimal digits takes seconds (Python refuses more than
            4300 digits or, with its limit lifted, takes time that grows with their square)."""
            written = str(node.value).replace("_", "").lstrip("+-")
            decimal = not written.startswith("0") and ":" not in written
            if len(written) > (MAX_YAML_DIGITS if decimal else 4 * MAX_YAML_DIGITS):
                raise yaml.constructor.ConstructorError(
                    None, None, f"a number of more than {MAX_YAML_DIGITS:,} digits",
                    node.start_mark)  # refused unread: reading takes the square of its length
            try:
                value = super().construct_yaml_int(node)
            except ValueError as exc:
                raise yaml.constructor.ConstructorError(
                    None, None, too_many_digits(exc) or str(exc), node.start_mark) from None
            if value.bit_length() > _MAX_YAML_BITS:
                raise yaml.constructor.ConstructorError(
                    None, None, f"a number of more than {MAX_YAML_DIGITS:,} digits",
                    node.start_mark)
            return value

        def construct_mapping(self, node: Any, deep: bool = False) -> Any:
            seen: set[Any] = set()
            for key_node, _ in node.value:
                if not isinstance(key_node, yaml.ScalarNode) \
                        or key_node.tag == "tag:yaml.org,2002:merge":  # `<<: *anchor`
                    continue
                key = self.construct_object(key_node, deep=deep)
                try:
                    duplicate = key in seen
                except TypeError:
                    continue
                if duplicate:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"the key '{key}' is given twice in this mapping",
                        key_node.start_mark)
                seen.add(key)
            return super().construct_mapping(node, deep=deep)

    StrictLoader.add_constructor("tag:yaml.org,2002:int", StrictLoader.construct_yaml_int)
    return StrictLoader


def _parse_yaml(text: str, path: Path) -> Any:
    import yaml

    try:
        return yaml.load(text, Loader=strict_loader())  # noqa: S506 - a SafeLoader subclass
    except RecursionError:
        raise RulesetError("not valid YAML: nested too deeply",
                           N.Loc(display_path(path), 1, 1)) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        shown = display_path(path)
        loc = N.Loc(shown, mark.line + 1, mark.column + 1) if mark else N.Loc(shown, 1, 1)
        raise RulesetError(f"not valid YAML: {yaml_problem(exc)}", loc) from None


def yaml_problem(exc: Exception) -> str:
    """What a YAML error says is wrong (libyaml's limit on nesting said as PyYAML's
    RecursionError is)."""
    problem = str(getattr(exc, "problem", None) or exc)
    return "nested too deeply" if "nesting depth" in problem else problem


def _validate(doc: Any, schema_name: str, path: Path) -> None:
    if conforms(schema(schema_name), doc):
        return  # the fast check (linear); jsonschema says what is wrong, when something is
    import jsonschema

    validator = jsonschema.Draft202012Validator(schema(schema_name))
    problems = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
    if problems:
        first = problems[0]
        where = "/".join(str(p) for p in first.absolute_path) or "the top level"
        raise RulesetError(f"{path.name} does not match the {schema_name} schema at {where}: "
                           f"{first.message}", _yaml_loc(path, first.absolute_path))


def _yaml_loc(path: Path, keys) -> N.Loc:
    """Best effort: the line of the deepest key of the failing path that can be found."""
    shown = display_path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return N.Loc(shown, 1, 1)
    found, start = N.Loc(shown, 1, 1), 0
    for key in keys:
        if not isinstance(key, str):
            continue
        for i in range(start, len(lines)):
            line = lines[i]
            if line.lstrip().startswith(f"{key}:") or f"id: {key}" in line:
                found, start = N.Loc(shown, i + 1, line.index(key) + 1), i + 1
                break
    return found


TREE_MARKER = "rules-project.yaml"  # a file that marks the top of a project of rulesets
TREE_FOLDER = "rulesets"  # a folder of that name is the top of its project


def tree_root(folder: Path) -> Path:
    """The folder a ruleset's `extends` may reach into (its tree, the project it lives in): the
    folder of the rulesets that come with the engine, for one of them; else the nearest folder
    above the ruleset's own that holds a `rules-project.yaml` file or is named `rulesets` (so a
    copy of the repository anywhere, or a designer's `mygame/` holding the marker, is one tree);
    else the folder that holds the ruleset's folder (its siblings and their subfolders)."""
    folder = Path(folder).resolve()
    try:
        from interpreter.resources import rulesets_folder

        bundled = rulesets_folder().resolve()
    except (OSError, ModuleNotFoundError, TypeError):
        bundled = None
    if bundled is not None and folder.is_relative_to(bundled):
        return bundled
    for above in folder.parents:
        try:
            if above.name == TREE_FOLDER or (above / TREE_MARKER).is_file():
                return above
        except OSError:  # a folder the system cannot look into ends the search
            break
    return folder.parent


def load_layers(folder: Path, chain: list[Path], root: Path | None = None) -> list[Layer]:
    """The layers of a ruleset, base first: each `extends` target, then the folder itself.
    Every target must lie under `root` (the top ruleset's tree), unless it is None."""
    return _load_layers(folder, chain, root, {}, _Totals())


def _load_layers(folder: Path, chain: list[Path], root: Path | None,
                 done: dict[Path, tuple[list[Layer], int]], totals: _Totals) -> list[Layer]:
    """load_layers, each ruleset loaded once however many rulesets extend it (`done`: folder ->
    its layers and the length of its longest chain of `extends`): rulesets that extend each
    other in diamonds load in time linear in their number, not exponential."""
    manifest_path = folder / MANIFEST
    manifest = _checked_yaml(manifest_path, "manifest")
    layers: list[Layer] = []
    have: set[Path] = set()
    height = 0  # the longest chain of `extends` below this ruleset
    extends = manifest.get("extends") or []
    targets = [extends] if isinstance(extends, str) else extends
    parents = []
    for target in targets:
        try:
            base, bundled = _extended(folder, str(target), root)
            found, why = base is not None, "names no ruleset folder"
        except (OSError, ValueError) as exc:  # a name the system cannot look up
            base, bundled, found = None, None, False
            why = f"cannot be looked up ({getattr(exc, 'strerror', None) or 'not a file name'})"
        if base is None or not found:
            raise RulesetError(f"'extends: {target}' {why} (a path from this folder, or the "
                               "name of a ruleset of its project or of those that come with "
                               "the engine, as the commands take it: GAME/RULESET)",
                               _yaml_loc(manifest_path, ["extends"]),
                               _near_rulesets(folder, str(target)))
        parents.append(base)
        if bundled is None and root is not None and not base.is_relative_to(root):
            raise RulesetError(f"'extends: {target}' leads to {base}, outside this ruleset's "
                               f"tree ({root}): a ruleset extends only rulesets of its project "
                               f"(the nearest folder above it named '{TREE_FOLDER}' or holding "
                               f"a '{TREE_MARKER}'); to allow it, add --allow-outside to the "
                               "command (or load_ruleset(..., allow_outside=True))",
                               _yaml_loc(manifest_path, ["extends"]))
        if base in chain or base == folder:
            raise RulesetError(f"'extends: {target}' goes round in a circle: that ruleset "
                               "extends this one", _yaml_loc(manifest_path, ["extends"]))
        below = done[base][1] if base in done else 0
        if len(chain) + below >= MAX_EXTENDS:
            raise RulesetError(f"'extends: {target}': more than {MAX_EXTENDS} rulesets extend "
                               "each other in a chain", _yaml_loc(manifest_path, ["extends"]))
        if base not in done:
            _load_layers(base, [*chain, folder], root if bundled is None else bundled, done,
                         totals)
        base_layers, below = done[base]
        height = max(height, below + 1)
        for layer in base_layers:
            if layer.folder not in have:
                have.add(layer.folder)
                layers.append(layer)
        if len(layers) > MAX_LAYERS:
            raise RulesetError(f"'extends: {target}': this ruleset builds on more than "
                               f"{MAX_LAYERS} rulesets in all (through `extends`)",
                               _yaml_loc(manifest_path, ["extends"]))
    rule_files, files = [], [manifest_path]
    errors: list[RulesetError] = []
    for rel in _listed_files(manifest, "rules", manifest_path, errors):
        path = folder / rel
        files.append(path)
        try:
            text = read_text(path, "rule file")
        except RulesetError as exc:
            errors.append(exc)
            continue
        _count_words(text, path, totals)  # past a limit: an error at once, nothing parsed
        _count_declarations(text, path, totals)
        totals.expressions = count_expressions(text, path, totals.expressions)
        try:
            rule_file = parse_rules(text, display_path(path))
        except RulesetError as exc:
            errors.append(exc)
            continue
        rule_files.append(rule_file)
        totals.declarations += len(rule_file.decls)
        if totals.declarations > MAX_DECLARATIONS:
            past = rule_file.decls[len(rule_file.decls) - (totals.declarations - MAX_DECLARATIONS)]
            raise _too_many_declarations(past.loc)
    data = []
    for rel in _listed_files(manifest, "data", manifest_path, errors):
        path = folder / rel
        files.append(path)
        try:
            doc = _checked_yaml(path, "data", empty=True)
        except RulesetError as exc:
            errors.append(exc)
            continue
        data.append((display_path(path), doc))
        _count_data(doc, path, totals)
    if errors:
        raise RulesetErrors(errors)
    layers.append(Layer(folder=folder, manifest=manifest, rule_files=rule_files, data=data,
                        files=files, parents=parents))
    done[folder] = (layers, height)
    return layers


def _count_words(text: str, path: Path, totals: _Totals) -> None:
    """Add the words and signs of a rule file to `totals`; past MAX_RULE_WORDS, an error at
    the first word too many (found before the file is parsed: parsing takes the time)."""
    left = MAX_RULE_WORDS - totals.words
    if len(text) <= left:  # no more words than characters: counted at once
        totals.words += len(_WORDS.findall(text))
        return
    count = 0
    for count, word in enumerate(_WORDS.finditer(text), start=1):  # noqa: B007 - counted
        if count > left:
            line = text.count("\n", 0, word.start()) + 1
            column = word.start() - text.rfind("\n", 0, word.start())
            raise RulesetError(f"more than {MAX_RULE_WORDS:,} words and signs in the rule "
                               "files of this ruleset (and of those it extends): more than a "
                               "game needs, and than is read in a few seconds",
                               N.Loc(display_path(path), line, column))
    totals.words += count


def count_expressions(text: str, path: Path, before: int = 0) -> int:
    """`before` and the {...} of the texts in `text`; past MAX_TEXT_EXPRESSIONS, an error at
    the first one too many (each is parsed on its own: a millisecond)."""
    left = MAX_TEXT_EXPRESSIONS - before
    if text.count("{") <= left:
        return before + len(_IN_TEXT.findall(text))
    for count, found in enumerate(_IN_TEXT.finditer(text), start=1):
        if count > left:
            at = found.start()
            raise RulesetError(f"more than {MAX_TEXT_EXPRESSIONS:,} {{...}} in the texts of "
                               "the rules of this ruleset (or of a display file): more than a "
                               "game needs, and than is read in a few seconds",
                               N.Loc(display_path(path), text.count("\n", 0, at) + 1,
                                     at - text.rfind("\n", 0, at)))
    return before + len(_IN_TEXT.findall(text))


def _count_declarations(text: str, path: Path, totals: _Totals) -> None:
    """An error at the first declaration past MAX_DECLARATIONS, found before the file is
    parsed (parsing takes the time); `totals` counts them once the file is parsed."""
    left = MAX_DECLARATIONS - totals.declarations
    if text.count("\n") < left:  # no more declarations than lines
        return
    for count, line in enumerate(_DECLARATION.finditer(text), start=1):
        if count > left:
            at = line.start() + len(line.group()) - len(line.group().lstrip(" \t"))
            raise _too_many_declarations(N.Loc(display_path(path),
                                               text.count("\n", 0, at) + 1,
                                               at - text.rfind("\n", 0, at)))


def _too_many_declarations(loc: N.Loc) -> RulesetError:
    return RulesetError(f"more than {MAX_DECLARATIONS:,} declarations in this ruleset (all its "
                        "rule files, and those of the rulesets it extends): more than a game "
                        "needs, and than is checked in a few seconds", loc)


def _count_data(doc: Any, path: Path, totals: _Totals) -> None:
    """Add the entities and values of a data file to `totals`; past MAX_ENTITIES or
    MAX_YAML_VALUES (for all the data files of the ruleset), an error."""
    entities = doc.get("entities") if isinstance(doc, dict) else None
    totals.entities += sum(len(items) for items in (entities or {}).values()
                           if isinstance(items, list))
    if totals.entities > MAX_ENTITIES:
        raise RulesetError(f"more than {MAX_ENTITIES:,} entities in the data files of this "
                           "ruleset (and of those it extends): more than a game needs, and "
                           "than is checked in a few seconds", _yaml_loc(path, ["entities"]))
    totals.values += yaml_values(doc)
    if totals.values > MAX_YAML_VALUES:
        raise RulesetError(f"more than {MAX_YAML_VALUES:,} values in the data files of this "
                           "ruleset (and of those it extends): more than a game needs, and "
                           "than is read in a few seconds", N.Loc(display_path(path), 1, 1))


def yaml_values(doc: Any) -> int:
    """The values of a document read from YAML, as the strict loader counts them (each
    number, text, list, mapping and key)."""
    count, todo = 0, [doc]
    while todo:
        item = todo.pop()
        count += 1
        if isinstance(item, dict):
            count += len(item)
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return count


def _listed_files(manifest: dict, key: str, manifest_path: Path,
                  errors: list[RulesetError]) -> list[str]:
    """The files a manifest lists under `key` that exist, each once; the others are errors."""
    found: list[str] = []
    what = "rule file" if key == "rules" else "data file"
    for rel in manifest.get(key) or []:
        path = manifest_path.parent / rel
        if rel in found:
            errors.append(RulesetError(f"{what} '{rel}' is listed twice",
                                       _yaml_loc(manifest_path, [key])))
        elif not path.exists():
            errors.append(RulesetError(f"{what} '{rel}' does not exist",
                                       _yaml_loc(manifest_path, [key])))
        elif path.is_dir():
            errors.append(RulesetError(f"{what} '{rel}' is a folder, not a file",
                                       _yaml_loc(manifest_path, [key])))
        elif not inside(path, manifest_path.parent):
            errors.append(RulesetError(f"{what} '{rel}' leads outside the ruleset's folder "
                                       "(through a link): a ruleset reads only its own files",
                                       _yaml_loc(manifest_path, [key])))
        else:
            found.append(rel)
    return found


def inside(path: Path, folder: Path) -> bool:
    """Whether `path` goes where it says: no link inside `folder` on its way leads out of
    `folder`. Relative paths with `..` that name a file outside are the manifest's to choose
    (`../../shared/...`), and links out there are the machine's (a shared folder that is itself
    a link); a link within the ruleset's folder must not take its file elsewhere."""
    try:
        lexical = Path(os.path.normpath(os.path.abspath(path)))
        root = Path(os.path.normpath(os.path.abspath(folder)))
        real_root = root.resolve()
        current = Path(lexical.anchor)
        for part in lexical.parts[1:]:
            current = current / part
            if current != root and current.is_relative_to(root) and current.is_symlink() \
                    and not current.resolve().is_relative_to(real_root):
                return False
        return True
    except (OSError, RuntimeError):  # RuntimeError: a link that loops
        return False


def display_path(path: Path) -> str:
    """Paths in messages: relative to the working folder when that is shorter."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except (ValueError, OSError, RuntimeError):  # RuntimeError: a link that loops
        return str(path)


def _extended(folder: Path, target: str, root: Path | None) -> tuple[Path | None, Path | None]:
    """The folder `extends: TARGET` names: a path from `folder`; else a ruleset's short name
    (`GAME/RULESET`, as the commands take it) in the project's tree, then among the
    rulesets that come with the engine. Returns (folder or None, the bundled rulesets' folder
    when it is one of those: its own tree, read whatever the project)."""
    own = (folder / target).resolve()
    if (own / MANIFEST).is_file():
        return own, None
    if Path(target).is_absolute() or ".." in Path(target).parts:
        return None, None
    tree = (root or tree_root(folder)) / target
    if (tree / MANIFEST).is_file():
        return tree.resolve(), None
    try:
        from interpreter.resources import rulesets_folder

        bundled = rulesets_folder().resolve()
    except (OSError, ModuleNotFoundError, TypeError):
        return None, None
    named = (bundled / target).resolve()
    if named.is_relative_to(bundled) and (named / MANIFEST).is_file():
        return named, bundled
    return None, None


def _near_rulesets(folder: Path, target: str) -> str | None:
    """Did you mean: the ruleset folders beside the one the mistaken path names."""
    up = Path(target).parent
    places = [folder / up]
    try:
        from interpreter.resources import rulesets_folder

        places.append(rulesets_folder() / up)  # a short name, as the commands take it
    except (OSError, ModuleNotFoundError, TypeError):
        pass
    names: list[str] = []
    for place in places:
        try:
            names += [p.name for p in place.iterdir()
                      if (p / MANIFEST).is_file() and p.resolve() != folder.resolve()]
        except (OSError, ValueError):
            continue
    return did_you_mean(target, [(up / name).as_posix() for name in dict.fromkeys(names)])
