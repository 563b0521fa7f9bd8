"""Issue 26 item 7 in the window: a damaged data file stops the start with a message naming it and what to do.

Pins: with the names pack or CLDR's supplemental data cut short (once exit 0 and no word), or SIL's data
emptied, in a BCP47_EXPLORER_DATA folder, the app shows one critical message naming the file, what is
wrong and what to do, and exits 2 without a traceback; the whole folder starts as usual.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import shutil
from pathlib import Path

import pytest
from bcp47_explorer.core import data
from PySide6.QtWidgets import QMessageBox

RESOURCES = Path(__file__).resolve().parents[2] / "resources"
FILES = (
    data.REGISTRY_FILE,
    data.EXTENSIONS_FILE,
    data.CLDR_FILE,
    data.SUPPLEMENTAL_FILE,
    data.NAMES_FILE,
    data.SIL_FILE,
    data.ALT_NAMES_FILE,
)


@pytest.fixture
def folder(tmp_path: Path, fresh_data) -> Path:  # type: ignore[no-untyped-def]
    """A complete data folder in BCP47_EXPLORER_DATA, read afresh by every loader (the session's data stay)."""
    target = tmp_path / "data"
    target.mkdir()
    for name in FILES:
        shutil.copy(RESOURCES / name, target / name)
    fresh_data(target)
    return target


def _start(qtbot, settings_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[str]]:  # type: ignore[no-untyped-def]
    from bcp47_explorer.__main__ import main

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append(text))
    status = main(["--settings", str(settings_path), "--new-instance"])
    return status, shown


@pytest.mark.parametrize(
    ("name", "damage", "problem"),
    [
        (data.NAMES_FILE, "cut", "truncated ("),
        (data.SUPPLEMENTAL_FILE, "cut", "not JSON ("),
        (data.SIL_FILE, "empty", ""),
    ],
)
def test_a_damaged_data_file_stops_the_start_with_its_name_and_what_to_do(  # type: ignore[no-untyped-def]
    qtbot, folder: Path, settings_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, damage: str, problem: str
) -> None:
    target = folder / name
    blob = target.read_bytes()
    target.write_bytes(blob[: len(blob) // 2] if damage == "cut" else b"")
    status, shown = _start(qtbot, settings_path, monkeypatch)
    assert status == 2 and len(shown) == 1
    text = shown[0]
    assert text.startswith(f"The data files cannot be used:\n\n{target}: {problem}")
    assert text.endswith(
        f"\n\nFix or replace the file in {data.ENV_DATA_DIR}={folder}, or unset {data.ENV_DATA_DIR} "
        "to use the bundled data."
    )
    assert "Traceback" not in text


def test_the_whole_folder_starts_as_usual(qtbot, folder: Path, settings_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.__main__ import main

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, title, text, *a: shown.append(text))
    assert main(["--settings", str(settings_path), "--new-instance", "--quit-after", "0"]) == 0
    assert shown == []
