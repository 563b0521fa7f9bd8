"""Pins issue 14 item 1: every file the app writes goes through core.safe_write, which writes only a new
file or a regular file that is already ours, atomically, via a private temporary file it removes on failure.

Substitutes stand in for /dev/null and friends (a FIFO, a folder, a symbolic link to a file outside);
the real devices are never touched. The settings file: `--settings` pointing at a README, a FIFO, a
folder or a link is refused at start-up with a message, and the app keeps its settings in memory.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from bcp47_explorer.core.files import safe_write
from bcp47_explorer.core.files.safe_write import UnsafeWriteError, write_file
from bcp47_explorer.ui.settings import Settings, is_settings_file

README = Path(__file__).resolve().parents[2] / "README.md"


def _temp_leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


@pytest.fixture
def victims(tmp_path: Path) -> dict[str, Path]:
    """Return things a mistyped path may name: a README copy, a FIFO, a folder, a link to a file outside."""
    outside = tmp_path / "outside"
    outside.mkdir()
    target = outside / "shell-rc"
    target.write_text("export PATH=/usr/bin\n")
    work = tmp_path / "work"
    work.mkdir()
    readme = work / "README.md"
    readme.write_bytes(README.read_bytes())
    fifo = work / "fifo"
    os.mkfifo(fifo)
    folder = work / "folder"
    folder.mkdir()
    link = work / "link"
    link.symlink_to(target)
    return {"readme": readme, "fifo": fifo, "folder": folder, "link": link, "link_target": target}


def test_a_new_file_is_created_and_a_regular_file_replaced_atomically(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    write_file(path, b"first")
    assert path.read_bytes() == b"first"
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask
    before = path.stat().st_ino
    write_file(path, b"second")
    assert path.read_bytes() == b"second" and path.stat().st_ino != before  # a new file renamed over the old
    write_file(tmp_path / "private", b"x", mode=0o600)
    assert stat.S_IMODE((tmp_path / "private").stat().st_mode) == 0o600
    assert _temp_leftovers(tmp_path) == []


@pytest.mark.parametrize(("name", "what"), [("fifo", "FIFO"), ("folder", "folder"), ("link", "symbolic link")])
def test_fifos_folders_and_links_are_refused(victims: dict[str, Path], name: str, what: str) -> None:
    with pytest.raises(UnsafeWriteError, match=what):
        write_file(victims[name], b"[window]\n")
    assert victims["link_target"].read_text() == "export PATH=/usr/bin\n"
    assert victims["link"].is_symlink() and stat.S_ISFIFO(os.lstat(victims["fifo"]).st_mode)
    assert _temp_leftovers(victims["readme"].parent) == []


def test_a_file_that_is_not_ours_is_never_overwritten(victims: dict[str, Path]) -> None:
    before = victims["readme"].read_bytes()
    with pytest.raises(UnsafeWriteError, match="not a settings file of this app"):
        write_file(victims["readme"], b"[window]\n", is_ours=is_settings_file, what="settings file")
    assert victims["readme"].read_bytes() == before


@pytest.mark.parametrize("failing", ["write", "replace"])
def test_a_failed_write_leaves_no_temporary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str) -> None:
    path = tmp_path / "out.txt"
    path.write_bytes(b"old")

    def full_disk(*args: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(safe_write.os, failing, full_disk)
    with pytest.raises(UnsafeWriteError, match="No space left on device"):
        write_file(path, b"new content")
    monkeypatch.undo()
    assert path.read_bytes() == b"old"
    assert _temp_leftovers(tmp_path) == []


def test_settings_files_of_ours_are_recognised_by_content() -> None:
    assert is_settings_file(b"")
    assert is_settings_file(b"[window]\ncurrent_pane=2\ntheme=dark\n\n[editor]\nlast_tag=en\n")
    assert not is_settings_file(README.read_bytes())
    assert not is_settings_file(b"export PATH=/usr/bin\n")
    assert not is_settings_file(b"[window]\nrm_rf=1\n")  # a section of ours with a key that is not
    assert not is_settings_file(b"\xff\xfe[window]\n")


@pytest.mark.parametrize("name", ["readme", "fifo", "folder", "link"])
def test_settings_on_something_else_are_kept_in_memory(victims: dict[str, Path], name: str) -> None:
    path = victims[name]
    before = path.read_bytes() if name == "readme" else None
    s = Settings(path)
    assert s.refused is not None and str(path) in s.refused and "kept in memory" in s.refused
    s.set_value("editor/last_tag", "sl-rozaj-biske")
    s.sync()
    assert s.value("editor/last_tag") == "sl-rozaj-biske"  # the session keeps its settings
    if before is not None:
        assert path.read_bytes() == before
    assert victims["link_target"].read_text() == "export PATH=/usr/bin\n"
    assert path.is_dir() if name == "folder" else True
    assert stat.S_ISFIFO(os.lstat(victims["fifo"]).st_mode)


def test_settings_of_ours_are_rewritten_atomically(settings_path: Path) -> None:
    s = Settings(settings_path)
    assert s.refused is None
    s.set_value("editor/last_tag", "de-CH-1996")
    s.sync()
    assert is_settings_file(settings_path.read_bytes())
    again = Settings(settings_path)
    assert again.refused is None and again.value("editor/last_tag") == "de-CH-1996"
    again.set_value("editor/last_tag", "fr")
    again.sync()
    assert Settings(settings_path).value("editor/last_tag") == "fr"
    assert _temp_leftovers(settings_path.parent) == []


def test_the_app_refuses_a_settings_file_at_start_up(
    victims: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    from bcp47_explorer.__main__ import main

    readme = victims["readme"]
    before = readme.read_bytes()
    assert main(["--settings", str(readme), "--quit-after", "0"]) == 0
    assert readme.read_bytes() == before  # the README copy was 17 kB of README, and still is
    err = capsys.readouterr().err
    assert "settings file refused" in err and str(readme) in err and "not a settings file" in err
    assert main(["--settings", str(victims["fifo"]), "--quit-after", "0"]) == 0
    assert stat.S_ISFIFO(os.lstat(victims["fifo"]).st_mode)
    assert "FIFO" in capsys.readouterr().err
