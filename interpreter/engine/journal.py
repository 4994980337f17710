"""Make and unmake: a game takes a decision and takes it back exactly, without a copy.

A game is put in *journaling form* by its first `Game.make` (it costs about one copy): the
containers of its state that rules change in place (the state itself, the zones and their
contents, variable families, the frame stack, each frame and its locals, the pending
decision, a secret choice under way) become `JList` and `JDict`, which save their contents
the first time they are written after a mark (`Journal.mark`) and are put back by
`Journal.undo`. Values the rules only ever replace (a variable's list, the random streams'
counts) are not containers of the state: the container that holds them saves them.

Plain games keep plain lists and dicts: playouts pay nothing. The journaling containers read
as plain ones (`x.__class__ is list`, JSON, pickling, `copy()` give lists and dicts), so
generated code, hashes, views and saves treat them alike.
"""

from __future__ import annotations

from typing import Any


class Journal:
    """The saved contents of the containers written since each mark, innermost last."""

    __slots__ = ("epoch", "saved", "marks", "count", "places")

    def __init__(self) -> None:
        self.epoch = 0  # the mark containers save under; 0: none open, nothing is saved
        self.saved: list[tuple[Any, Any]] = []  # (container, its contents before)
        self.marks: list[tuple[int, int]] = []  # (len(saved), the epoch before) per mark
        # id of each container of the zones and variables -> (name, key): see `changed`
        self.places: dict[int, tuple[str, Any]] = {}
        self.count = 0  # marks ever made: each mark's epoch is new, never one a container
        # still carries from an earlier mark (which would keep it from saving itself)

    def mark(self) -> None:
        self.count += 1
        self.marks.append((len(self.saved), self.epoch))
        self.epoch = self.count

    def undo(self) -> None:
        """Put back every container written since the last mark, and close it."""
        start, self.epoch = self.marks.pop()
        saved = self.saved
        for i in range(len(saved) - 1, start - 1, -1):  # newest first: a container saved
            container, contents = saved[i]               # twice ends as it was first
            if type(container) is JList:
                list.__setitem__(container, slice(None), contents)
            else:
                dict.clear(container)
                dict.update(container, contents)
        del saved[start:]

    def changed(self) -> set[tuple[str, Any]]:
        """The entries of zones and variables that differ now from the last mark, as
        engine/read_tracking.py names what an answer read: (name, None) for a zone, variable
        or family with any change, and (name, key) for each entry of a family that differs
        (a key, or a position of a family kept as a list)."""
        out: set[tuple[str, Any]] = set()
        places = self.places
        for container, before in self.saved[self.marks[-1][0]:]:
            place = places.get(id(container))
            if place is None:  # the state itself, frames, the stack, the pending decision
                continue
            name, key = place
            if key is _VARS:  # variables given new values
                for var, value in before.items():
                    _differ(var, value, dict.get(container, var), out)
            elif key is _FAMILY:
                _differ(name, before, container, out)
            elif not _same(before, container):  # a zone, or a zone of a family
                out.add((name, None))
                if key is not None:
                    out.add((name, key))
        return out


_VARS, _FAMILY = object(), object()  # places of the variables, and of a family of them


def _same(a: Any, b: Any) -> bool:
    """Equal and of the same kind (true is not 1 to a rule that shows it)."""
    return a.__class__ is b.__class__ and a == b


def _differ(name: str, before: Any, after: Any, out: set) -> None:
    """Add the reads of `name` that differ between `before` and `after` (its entries one by
    one when both are families, as read_tracking.KeptAnswers.changed does)."""
    if _same(before, after):
        return
    out.add((name, None))
    if before.__class__ is dict and after.__class__ is dict:
        out.update((name, k) for k, v in before.items() if not _same(v, after.get(k)))
    elif before.__class__ is list and after.__class__ is list and len(before) == len(after):
        out.update((name, i) for i, (v, w) in enumerate(zip(before, after, strict=True))
                   if not _same(v, w))


def _save_list(c: JList) -> None:
    j = c._j
    if j.epoch and c._e != j.epoch:
        c._e = j.epoch
        j.saved.append((c, list.copy(c)))


def _save_dict(c: JDict) -> None:
    j = c._j
    if j.epoch and c._e != j.epoch:
        c._e = j.epoch
        j.saved.append((c, dict.copy(c)))


class JList(list):
    """A list of a journaling game's state: saves itself before its first change after a
    mark. Reads as a plain list (`__class__`, copies, pickling)."""

    __slots__ = ("_j", "_e")
    __class__ = property(lambda self: list)  # type: ignore[assignment]

    def __reduce__(self) -> Any:
        return list, (list.copy(self),)

    def __setitem__(self, i: Any, v: Any) -> None:
        _save_list(self)
        list.__setitem__(self, i, v)

    def __delitem__(self, i: Any) -> None:
        _save_list(self)
        list.__delitem__(self, i)

    def __iadd__(self, other: Any) -> JList:
        _save_list(self)
        list.extend(self, other)
        return self

    def __imul__(self, n: Any) -> JList:
        _save_list(self)
        return list.__imul__(self, n)

    def append(self, v: Any) -> None:
        _save_list(self)
        list.append(self, v)

    def extend(self, items: Any) -> None:
        _save_list(self)
        list.extend(self, items)

    def insert(self, i: Any, v: Any) -> None:
        _save_list(self)
        list.insert(self, i, v)

    def pop(self, i: Any = -1) -> Any:
        _save_list(self)
        return list.pop(self, i)

    def remove(self, v: Any) -> None:
        _save_list(self)
        list.remove(self, v)

    def clear(self) -> None:
        _save_list(self)
        list.clear(self)

    def sort(self, *, key: Any = None, reverse: bool = False) -> None:
        _save_list(self)
        list.sort(self, key=key, reverse=reverse)

    def reverse(self) -> None:
        _save_list(self)
        list.reverse(self)


class JDict(dict):
    """A dict of a journaling game's state (see JList)."""

    __slots__ = ("_j", "_e")
    __class__ = property(lambda self: dict)  # type: ignore[assignment]

    def __reduce__(self) -> Any:
        return dict, (dict.copy(self),)

    def __setitem__(self, k: Any, v: Any) -> None:
        _save_dict(self)
        dict.__setitem__(self, k, v)

    def __delitem__(self, k: Any) -> None:
        _save_dict(self)
        dict.__delitem__(self, k)

    def __ior__(self, other: Any) -> JDict:
        _save_dict(self)
        dict.update(self, other)
        return self

    def pop(self, *args: Any) -> Any:
        _save_dict(self)
        return dict.pop(self, *args)

    def popitem(self) -> Any:
        _save_dict(self)
        return dict.popitem(self)

    def clear(self) -> None:
        _save_dict(self)
        dict.clear(self)

    def update(self, *args: Any, **kwargs: Any) -> None:
        _save_dict(self)
        dict.update(self, *args, **kwargs)

    def setdefault(self, k: Any, default: Any = None) -> Any:
        _save_dict(self)
        return dict.setdefault(self, k, default)


def journaled_state(state: dict, zones_indexed: dict[str, bool], flat: Any,
                    journal: Journal) -> JDict:
    """A copy of `state` in journaling form (`zones_indexed`: zone name -> whether it is a
    family of zones; `flat`: the variable families kept as lists)."""
    zones, places = state["zones"], journal.places
    jz = jdict({}, journal)
    for name, indexed in zones_indexed.items():
        content = zones[name]
        if indexed:
            family = {k: _container(c, journal) for k, c in content.items()}
            places.update((id(c), (name, k)) for k, c in family.items())
            dict.__setitem__(jz, name, jdict(family, journal))
        else:
            zone = _container(content, journal)
            places[id(zone)] = (name, None)
            dict.__setitem__(jz, name, zone)
    jv = jdict({}, journal)
    places[id(jv)] = ("", _VARS)
    for name, value in state["vars"].items():
        if value.__class__ is dict or name in flat:
            value = _container(value, journal)
            places[id(value)] = (name, _FAMILY)
        dict.__setitem__(jv, name, value)
    out = jdict(state, journal)
    dict.update(out, zones=jz, vars=jv)
    journaled_frames(out, journal)
    return out


def journaled_frames(state: JDict, journal: Journal) -> None:
    """Put in journaling form what play made since the last make in plain form: frames (and
    their locals) pushed, the pending decision, a secret choice opened. Cheap: a few frames.
    Each is put in place by a journaled write, so that a make still open puts back what was
    there (the frame object it changed)."""
    stack = state["stack"]
    if type(stack) is not JList:
        stack = state["stack"] = jlist(stack, journal)
    for i, frame in enumerate(stack):
        if type(frame) is not JList:
            frame = jlist(frame, journal)
            list.__setitem__(frame, 2, jlist(frame[2], journal))  # a new object: no save
            stack[i] = frame
        elif type(frame[2]) is not JList:
            frame[2] = jlist(frame[2], journal)
    pending = state["pending"]
    if pending is not None and type(pending) is not JDict:
        state["pending"] = jdict(pending, journal)
    secret = state.get("secret")
    if secret is not None and type(secret) is not JDict:
        state["secret"] = jdict({"who": jlist(secret["who"], journal),
                                 "chosen": jdict(secret["chosen"], journal)}, journal)


def retarget(view: Any, live: dict) -> Any:
    """A tracking view (engine/read_tracking.py, `track_reads`) made to read `live`, the
    journaling copy of the tables it read."""
    view.live = live
    for name, family in view.families.items():
        family.live = live[name]
    return view


def jlist(items: Any, journal: Journal) -> JList:
    """A JList of `items` (built by list's own constructor: cheaper than one of Python)."""
    out = JList(items)
    out._j = journal
    out._e = 0
    return out


def jdict(items: Any, journal: Journal) -> JDict:
    out = JDict(items)
    out._j = journal
    out._e = 0
    return out


def plain(value: Any) -> Any:
    """`value` with its journaling containers (and those inside them) as plain copies: what
    pickles byte for byte as the plain game's value does."""
    t = type(value)
    if t is JList:
        return list.copy(value)
    if t is JDict:
        return {k: plain(v) if type(v) is JList or type(v) is JDict else v
                for k, v in dict.items(value)}
    return value


def _container(value: Any, journal: Journal) -> Any:
    return jlist(value, journal) if value.__class__ is list else jdict(value, journal)
