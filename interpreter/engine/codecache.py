"""Generated code, compiled once: the code objects of a ruleset's generated Python kept in the
cache between processes (interpreter/language/cache.py), so that a warm load does not compile
its generated functions again (compiling them was about a third of a warm load).

Each code object is kept under a SHA-256 of its source and file name, so an entry can only
give the code of the very same source; the cache's own key adds the version of Python. The
entry of a ruleset (one per folder) is written again when its generated code changes."""

from __future__ import annotations

import hashlib
import marshal
from types import CodeType

from interpreter.language import cache


class CodeCache:
    def __init__(self, slot: str | None):
        self.slot = slot or ""
        self.key = cache.key("code", self.slot) if slot else None
        known = cache.load("code", self.slot, self.key) if self.key else None
        self.known: dict[str, bytes] = known if isinstance(known, dict) else {}
        self.used: dict[str, bytes] = {}

    def compile(self, source: str, filename: str) -> CodeType:
        """`compile(source, filename, "exec")`, or its result kept from another process."""
        name = hashlib.sha256(f"{filename}\0{source}".encode("utf-8", "surrogatepass")).hexdigest()
        blob = self.known.get(name)
        if blob.__class__ is bytes:
            try:
                code = marshal.loads(blob)
            except (EOFError, ValueError, TypeError):
                code = None
            if code.__class__ is CodeType:
                self.used[name] = blob
                return code
        code = compile(source, filename, "exec")
        self.used[name] = marshal.dumps(code)
        return code

    def save(self) -> None:
        """Keep the code compiled by this load (quietly nothing without a cache)."""
        if self.key is not None and self.used.keys() != self.known.keys():
            cache.store("code", self.slot, self.key, self.used)
        self.known, self.used = {}, {}  # the ruleset keeps its compiler: not these bytes
