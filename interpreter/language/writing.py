"""Writing a file whole or not at all, durably, and never through a link.

Every file the engine writes (saves, replays, pictures, chart pages, cache entries) goes
through a temporary file of a unique name in the same folder, `.NAME.XXXXXXXX.tmp`, created
exclusively (O_EXCL, O_NOFOLLOW: a file or link already there is never written through),
flushed to the disk, then renamed over NAME; then the folder is flushed too, so the rename
itself survives a power cut. A temporary left by a process killed while writing is removed by
the next write of the same file once it is STALE_SECONDS old (a younger one may be another
process's write in progress).
"""

from __future__ import annotations

import contextlib
import glob
import os
import tempfile
import time
from pathlib import Path

STALE_SECONDS = 600


def write_atomic(path: Path | str, data: str | bytes, durable: bool = True) -> None:
    """Write `data` (text as UTF-8) to `path` whole or not at all; OSError (or ValueError for
    a name with a NUL) if it cannot be. `durable=False` skips flushing to the disk (a cache)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temporaries(path)
    blob = data.encode("utf-8") if isinstance(data, str) else data
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(blob)
            out.flush()
            if durable:
                os.fsync(out.fileno())
        os.replace(name, path)
    except BaseException:
        with contextlib.suppress(OSError, ValueError):
            os.unlink(name)
        raise
    if durable:
        sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Flush a folder's entries to the disk (where the system allows it)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def remove_stale_temporaries(path: Path, now: float | None = None) -> list[Path]:
    """Remove the temporaries of `path` (of our naming) older than STALE_SECONDS; returns
    them."""
    now = time.time() if now is None else now
    removed = []
    pattern = os.path.join(glob.escape(str(path.parent)), f".{glob.escape(path.name)}.*.tmp")
    for name in glob.glob(pattern, include_hidden=True):
        with contextlib.suppress(OSError):
            if now - os.lstat(name).st_mtime > STALE_SECONDS:
                os.unlink(name)
                removed.append(Path(name))
    return removed
