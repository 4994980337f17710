"""Writing a file whole or not at all, durably, and never through a link.

Every file the engine writes (saves, replays, pictures, chart pages, cache entries) goes
through a temporary file of a unique name in the same folder, `.NAME.XXXXXXXX.tmp`, created
exclusively (O_EXCL, O_NOFOLLOW: a file or link already there is never written through),
flushed to the disk, then renamed over NAME; then the folder is flushed too, so the rename
itself survives a power cut. A temporary left by a process killed while writing is removed by
the next write of the same file once it is STALE_SECONDS old (a younger one may be another
process's write in progress).

What is at the target is checked first: nothing, or a regular file (then replaced). A link, a
folder, a FIFO, a device or a socket there is refused (`TargetRefused`, an OSError that says
why), and so is a folder that does not exist: no folder is made on the way.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import stat
import tempfile
import time
from pathlib import Path

STALE_SECONDS = 600


def write_atomic(path: Path | str, data: str | bytes, durable: bool = True,
                 replace: bool = True, tidy: bool = True) -> None:
    """Write `data` (text as UTF-8) to `path` whole or not at all; OSError (or ValueError for
    a name with a NUL) if it cannot be. `durable=False` skips flushing to the disk (a cache).
    `replace=False`: a file already at `path` is left as it is (FileExistsError), however
    near in time another writer comes (the new file is linked to the name, never renamed
    over it). `tidy=False` leaves stale temporaries of `path` alone (looking for them reads the
    whole folder: a writer of many files in one folder removes them itself, once)."""
    path = Path(path)
    if not replace and os.path.lexists(path):
        raise FileExistsError(errno.EEXIST, "a file of that name is there already", str(path))
    check_target(path)
    if tidy:
        remove_stale_temporaries(path)
    blob = data.encode("utf-8") if isinstance(data, str) else data
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(blob)
            out.flush()
            if durable:
                os.fsync(out.fileno())
        if replace:
            os.replace(name, path)
        else:
            os.link(name, path)  # FileExistsError if a file came meanwhile
            os.unlink(name)
    except BaseException:
        with contextlib.suppress(OSError, ValueError):
            os.unlink(name)
        raise
    if durable:
        sync_folder(path.parent)


class TargetRefused(OSError):
    """What is at a path to be written is not a regular file, or its folder is missing."""


def check_target(path: Path) -> None:
    """Refuse (TargetRefused) to write `path` unless nothing or a regular file is there, in a
    folder that exists."""
    try:
        status = os.lstat(path)
    except FileNotFoundError:
        if not os.path.isdir(path.parent):
            raise TargetRefused(errno.ENOENT, f"the folder {path.parent} does not exist "
                                "(make it first)") from None
        return
    if stat.S_ISLNK(status.st_mode):
        raise TargetRefused(errno.ELOOP, "it is a symbolic link (never written through)")
    if not stat.S_ISREG(status.st_mode):
        kind = "a folder" if stat.S_ISDIR(status.st_mode) else \
            "a pipe" if stat.S_ISFIFO(status.st_mode) else \
            "a device" if stat.S_ISCHR(status.st_mode) or stat.S_ISBLK(status.st_mode) else \
            "not a regular file"
        raise TargetRefused(errno.EEXIST, f"it is {kind}, not a regular file: it is left alone")


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
