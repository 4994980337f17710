"""Files are written whole or not at all, durably, never through a link, and temporaries left
by a killed writer are cleaned up (interpreter/language/writing.py)."""

from __future__ import annotations

import os
import time

import pytest

from interpreter.language.writing import STALE_SECONDS, TargetRefused, write_atomic


def test_a_stale_temporary_of_our_naming_is_removed_and_a_young_one_kept(tmp_path):
    old, young = tmp_path / ".game.json.abc123.tmp", tmp_path / ".game.json.def456.tmp"
    other = tmp_path / ".other.json.abc123.tmp"
    for path in (old, young, other):
        path.write_text("half", encoding="utf-8")
    long_ago = time.time() - STALE_SECONDS - 60
    for path in (old, other):
        os.utime(path, (long_ago, long_ago))
    write_atomic(tmp_path / "game.json", "{}\n")
    assert (tmp_path / "game.json").read_text(encoding="utf-8") == "{}\n"
    assert not old.exists()
    assert young.exists()  # perhaps another process's write in progress
    assert other.exists()  # the temporary of another file: its own writes clean it


def test_a_link_in_place_of_the_file_is_refused_not_written_through(tmp_path):
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep", encoding="utf-8")
    (tmp_path / "out.svg").symlink_to(target)
    with pytest.raises(TargetRefused, match="symbolic link"):
        write_atomic(tmp_path / "out.svg", "<svg/>")
    assert target.read_text(encoding="utf-8") == "keep"
    assert (tmp_path / "out.svg").is_symlink()


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "save.json"
    path.write_text("old", encoding="utf-8")

    def refuse(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", refuse)
    with pytest.raises(OSError):
        write_atomic(path, "new")
    assert path.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json"]
