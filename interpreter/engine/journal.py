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

    __slots__ = ("epoch", "saved", "marks", "count")

    def __init__(self) -> None:
        self.epoch = 0  # the mark containers save under; 0: none open, nothing is saved
        self.saved: list[tuple[Any, Any]] = []  # (container, its contents before)
        self.marks: list[tuple[int, int]] = []  # (len(saved), the epoch before) per mark
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

    def __init__(self, items: Any, journal: Journal):
        list.__init__(self, items)
        self._j, self._e = journal, 0

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

    def __init__(self, items: Any, journal: Journal):
        dict.__init__(self, items)
        self._j, self._e = journal, 0

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
    zones = state["zones"]
    jz = JDict({}, journal)
    for name, indexed in zones_indexed.items():
        content = zones[name]
        dict.__setitem__(jz, name, JDict({k: _container(c, journal) for k, c in content.items()},
                                         journal) if indexed else _container(content, journal))
    jv = JDict({}, journal)
    for name, value in state["vars"].items():
        if value.__class__ is dict or name in flat:
            value = _container(value, journal)
        dict.__setitem__(jv, name, value)
    out = JDict(state, journal)
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
        stack = state["stack"] = JList(stack, journal)
    for i, frame in enumerate(stack):
        if type(frame) is not JList:
            frame = JList(frame, journal)
            list.__setitem__(frame, 2, JList(frame[2], journal))  # a new object: no save
            stack[i] = frame
        elif type(frame[2]) is not JList:
            frame[2] = JList(frame[2], journal)
    pending = state["pending"]
    if pending is not None and type(pending) is not JDict:
        state["pending"] = JDict(pending, journal)
    secret = state.get("secret")
    if secret is not None and type(secret) is not JDict:
        state["secret"] = JDict({"who": JList(secret["who"], journal),
                                 "chosen": JDict(secret["chosen"], journal)}, journal)


def retarget(view: Any, live: dict) -> Any:
    """A tracking view (engine/read_tracking.py, `track_reads`) made to read `live`, the
    journaling copy of the tables it read."""
    view.live = live
    for name, family in view.families.items():
        family.live = live[name]
    return view


def _container(value: Any, journal: Journal) -> Any:
    return JList(value, journal) if value.__class__ is list else JDict(value, journal)
