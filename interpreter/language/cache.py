"""A cache, between processes, of what loading computes from the text of files alone.

Loading a ruleset reads rule files and YAML files and turns each into the same result every
time its text is the same: a syntax tree, or a checked manifest or data file. The parser built
from the grammar is such a result too. This module keeps those results on disk, so that the next
process reads them instead of computing them again.

- Where: `$RULES_ENGINE_CACHE_DIR` if it is set (an empty value switches the cache off), else
  `$XDG_CACHE_HOME/rules-engine`, else `~/.cache/rules-engine`: never the source tree, unless
  told so. The tests use a folder of their own (tests/conftest.py).
- What makes an entry valid: its key, a SHA-256 of everything the result depends on: the file's
  text and name, and the fingerprint of the code that computes it (the sources of
  `interpreter/language/`, the grammar, the schemas, and the versions of Python, Lark, PyYAML
  and jsonschema). Any change to one of them gives a new key, and the old entry is not used.
- Whose: an entry is code to this process (it is unpickled), so only the user's own files are
  read. A folder that is not the user's, or that others may write to, is not used (a note says
  so once); and each entry is signed with an HMAC-SHA-256 under a key of the user's own
  (`user.key` in the folder, 32 random bytes, mode 0600, made on first use): an entry that
  another user could write without the key counts as missing.
- Each entry is one file, written whole (to a temporary file, then renamed over the old one),
  holding a header with the key and the HMAC of the contents. A file that is damaged, cut
  short, unreadable or from another key counts as missing; a cache folder that cannot be written
  is no cache: loading never fails because of the cache.
- Bounded: an entry is kept per place (a file's path, a ruleset's folder: `slot`), not per
  version; the expressions of the texts of one file are one entry (parser.py). The first
  write of a process looks over the folder once: past MAX_ENTRIES files, the oldest written
  are removed (down to three quarters of it), and so are temporaries left by a killed write.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import importlib.util
import os
import pickle
import stat
import sys
import time
from pathlib import Path
from typing import Any

from interpreter.resources import grammar_path, schema_path

ENV = "RULES_ENGINE_CACHE_DIR"
_FORMAT = b"rules-engine cache 1\n"  # the layout of an entry file; change it to drop them all
_DEPENDENCIES = {"lark": "lark", "yaml": "pyyaml", "jsonschema": "jsonschema"}  # distributions
_SCHEMAS = ("manifest", "data")
_KEY_FILE = "user.key"
_KEY_BYTES = 32
_WARNED: set[str] = set()  # folders refused, said once per process
MAX_ENTRIES = 2_000  # files in the cache folder: past it, the oldest are removed
_TIDIED: set[str] = set()  # folders looked over by this process


def folder() -> Path | None:
    """The cache folder, or None when caching is switched off."""
    chosen = os.environ.get(ENV)
    if chosen is not None:
        return Path(chosen).expanduser() if chosen.strip() else None
    base = os.environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(base):  # the XDG rule: a relative path is ignored
        return Path(base) / "rules-engine"
    try:
        return Path.home() / ".cache" / "rules-engine"
    except (RuntimeError, KeyError, OSError):  # no home folder
        return None


def usable_folder() -> Path | None:
    """The cache folder if it is the user's alone (made, mode 0700, if missing); else None."""
    where = folder()
    return where if where is not None and _owned(str(where)) else None


def _owned(where: str) -> bool:
    """Whether `where` is (or now is, made) a folder of this user that no one else may write."""
    try:
        os.makedirs(where, mode=0o700, exist_ok=True)
        status = os.stat(where)
    except (OSError, ValueError):
        return False  # cannot be made or looked up: no cache, quietly
    if not hasattr(os, "getuid"):
        return True  # no owners to compare (Windows)
    reason = None
    if status.st_uid != os.getuid():
        reason = "it belongs to another user"
    elif status.st_mode & 0o022:
        reason = "others may write to it"
    if reason is not None:
        if where not in _WARNED:
            _WARNED.add(where)
            print(f"note: the cache folder {where} is not used: {reason} ({ENV})",
                  file=sys.stderr)
        return False
    return True


def _user_key(where: str) -> bytes | None:
    """The user's signing key in the folder `where` (made if missing, or made anew if a
    process was stopped while writing it); None if it cannot be had, or if the key file is
    not the user's alone (then nothing is cached)."""
    path = os.path.join(where, _KEY_FILE)
    try:
        found = _read_key(path)
        if found is None or (found[1] and len(found[0]) != _KEY_BYTES):
            _write_key(where, path, replace=found is not None)
            found = _read_key(path)
    except (OSError, ValueError):
        return None
    if found is None:
        return None
    secret, mine = found
    return secret if mine and len(secret) == _KEY_BYTES else None


def _read_key(path: str) -> tuple[bytes, bool] | None:
    """The key file's bytes and whether it is the user's alone; None if there is none."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        return None
    try:
        status = os.fstat(fd)
        secret = os.read(fd, _KEY_BYTES + 1)
    finally:
        os.close(fd)
    mine = not hasattr(os, "getuid") or (status.st_uid == os.getuid()
                                         and not status.st_mode & 0o077)
    return secret, mine


def _write_key(where: str, path: str, replace: bool) -> None:
    """A new key, written whole to a file of its own first and then put in place at once, so
    that no process ever reads a key half written. Without `replace`, a key another process
    put in place meanwhile is kept."""
    import tempfile  # only when a key is made: a warm load never needs it

    fd, temp = tempfile.mkstemp(dir=where, prefix=".key-")  # mode 0600
    try:
        try:
            os.write(fd, os.urandom(_KEY_BYTES))
        finally:
            os.close(fd)
        if replace:
            os.replace(temp, path)
        else:
            try:
                os.link(temp, path)  # fails if the key is there already: that one is kept
            except FileExistsError:
                pass
            except OSError:  # a file system without hard links
                if not os.path.exists(path):
                    os.replace(temp, path)
    finally:
        if os.path.exists(temp):
            os.unlink(temp)


def _signature(where: Path, header: bytes, contents: bytes) -> bytes | None:
    """The HMAC of an entry under the user's key, as hex; None without a key."""
    secret = _user_key(str(where))
    if secret is None:
        return None
    return hmac.new(secret, header + contents, hashlib.sha256).hexdigest().encode()


def fingerprint_files() -> list[Path]:
    """The files whose contents the cached results depend on, besides the cached file itself."""
    here = Path(__file__).resolve().parent
    files = sorted(here.glob("*.py"))
    return [*files, grammar_path(), *(schema_path(name) for name in _SCHEMAS)]


def _installed() -> list[str]:
    """The installed versions of the libraries that compute what is cached, read from the names
    of their metadata folders (importlib.metadata would take longer than all the rest)."""
    found = []
    for module, distribution in _DEPENDENCIES.items():
        spec = importlib.util.find_spec(module)
        origin = Path(spec.origin) if spec is not None and spec.origin else None
        try:
            names = os.listdir(origin.parent.parent) if origin else []
        except OSError:
            names = []
        found.append(f"{module} {origin} " + " ".join(sorted(
            n for n in names if n.lower().startswith(distribution + "-")
            and n.endswith((".dist-info", ".egg-info")))))
    return found


@functools.cache
def fingerprint() -> str | None:
    """A SHA-256 of the code that computes what is cached; None (no cache) if unreadable."""
    digest = hashlib.sha256(_FORMAT + sys.version.encode())
    digest.update("\n".join(_installed()).encode())
    try:
        for path in fingerprint_files():
            contents = path.read_bytes()
            digest.update(f"{path.name}:{len(contents)}:".encode())
            digest.update(contents)
    except OSError:
        return None
    return digest.hexdigest()


def key(kind: str, *parts: str) -> str | None:
    """The key of a result of `kind` computed from `parts` (texts, names); None when there is
    no cache (switched off, or the code cannot be read)."""
    code = fingerprint() if usable_folder() is not None else None
    if code is None:
        return None
    digest = hashlib.sha256(f"{code}\0{kind}".encode())
    for part in parts:
        data = part.encode("utf-8", "surrogatepass")
        digest.update(b"\0%d\0" % len(data))
        digest.update(data)
    return digest.hexdigest()


def _entry(kind: str, slot: str) -> Path | None:
    """The file of an entry. `slot` says what the entry is for (a file's full path, say): a new
    result for the same slot replaces the old one, so the cache grows with the files, not with
    their versions."""
    where = usable_folder()
    if where is None:
        return None
    name = hashlib.sha256(slot.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return where / f"{kind}-{name}.cache"


def load(kind: str, slot: str, key: str | None) -> Any:
    """The result stored under `key`, or None if there is none (or it cannot be read)."""
    if key is None or (path := _entry(kind, slot)) is None:
        return None
    try:
        data = path.read_bytes()
    except (OSError, ValueError):
        return None
    header = _FORMAT + key.encode() + b"\n"
    start = len(header) + 65  # the header, then the HMAC of the contents and a newline
    if not data.startswith(header) or len(data) < start:
        return None
    contents = data[start:]
    signature = _signature(path.parent, header, contents)
    if signature is None or not hmac.compare_digest(signature + b"\n", data[len(header):start]):
        return None
    try:
        return pickle.loads(contents)
    except Exception:  # a damaged entry is a missing one, whatever it raises
        return None


def store(kind: str, slot: str, key: str | None, value: Any) -> None:
    """Keep `value` under `key`; quietly nothing if the cache is off or cannot be written."""
    if key is None or (path := _entry(kind, slot)) is None:
        return
    try:
        contents = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
    except Exception:  # too deep or not picklable: not cached
        return
    header = _FORMAT + key.encode() + b"\n"
    signature = _signature(path.parent, header, contents)
    if signature is None:
        return
    try:
        from interpreter.language.writing import write_atomic  # only when writing: tempfile

        write_atomic(path, header + signature + b"\n" + contents, durable=False, tidy=False)
    except (OSError, ValueError):
        pass
    if str(path.parent) not in _TIDIED:
        _TIDIED.add(str(path.parent))
        tidy(path.parent)


def tidy(where: Path, now: float | None = None) -> int:
    """Remove the oldest entries past MAX_ENTRIES (down to three quarters of it) and the
    temporaries of writes that a killed process left (STALE_SECONDS old): the folder is read
    once. Returns how many files were removed."""
    from interpreter.language.writing import STALE_SECONDS

    now = time.time() if now is None else now
    entries: list[tuple[float, str]] = []
    removed = 0
    try:
        with os.scandir(where) as found:
            for item in found:
                try:
                    status = item.stat(follow_symlinks=False)
                except OSError:
                    continue
                if item.name.endswith(".tmp") and item.name.startswith(".") \
                        and now - status.st_mtime > STALE_SECONDS:
                    removed += _unlink(item.path)
                elif item.name.endswith(".cache") and stat.S_ISREG(status.st_mode):
                    entries.append((status.st_mtime, item.path))
    except OSError:
        return removed
    if len(entries) > MAX_ENTRIES:
        entries.sort()
        for _, old in entries[:len(entries) - MAX_ENTRIES * 3 // 4]:
            removed += _unlink(old)
    return removed


def _unlink(path: str) -> int:
    try:
        os.unlink(path)
    except OSError:
        return 0
    return 1
