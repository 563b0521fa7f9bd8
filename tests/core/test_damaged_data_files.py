"""Issue 26 item 7: every data file the window uses is validated at start-up, and the CLI says the same.

Pins: in a BCP47_EXPLORER_DATA folder, each data file cut short, emptied, missing or replaced by a folder
gives one line naming the file and what is wrong (:func:`data.check_data_files`), never a traceback;
the window refuses to start with that line and what to do (exit 2), and the CLI verbs that read the
file say the same on stderr with what to do (exit 2). The bundled data pass.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from bcp47_explorer.cli import main as cli_main
from bcp47_explorer.core import data

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
#: The resources_dir check already refuses a folder without these three (its own message).
_REQUIRED = (data.REGISTRY_FILE, data.EXTENSIONS_FILE, data.CLDR_FILE)


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    for name in FILES:
        shutil.copy(RESOURCES / name, folder / name)
    return folder


def _damage(folder: Path, name: str, how: str) -> None:
    target = folder / name
    if how == "cut":
        blob = target.read_bytes()
        target.write_bytes(blob[: len(blob) // 2])
    elif how == "empty":
        target.write_bytes(b"")
    elif how == "missing":
        target.unlink()
    else:  # a folder where the file should be: unreadable as a file
        target.unlink()
        target.mkdir()


def test_the_bundled_data_pass(fresh_data, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    fresh_data(_folder(tmp_path))
    assert data.check_data_files() == []


@pytest.mark.parametrize("how", ["cut", "empty", "missing", "folder"])
@pytest.mark.parametrize("name", FILES)
def test_each_damaged_file_is_named_with_what_is_wrong(fresh_data, tmp_path: Path, name: str, how: str) -> None:  # type: ignore[no-untyped-def]
    folder = _folder(tmp_path)
    _damage(folder, name, how)
    fresh_data(folder)
    problems = data.check_data_files()
    assert len(problems) == 1, problems
    if how in ("missing", "folder") and name in _REQUIRED:  # the folder check says it first, in one line
        assert problems[0].startswith(f"{data.ENV_DATA_DIR}={folder}: the folder lacks {name} ")
        return
    # the file's path, or for the registry its name and the line (as every registry message gives it)
    assert problems[0].startswith((f"{folder / name}: ", f"{name}, line ")), problems[0]
    assert "Traceback" not in problems[0] and len(problems[0]) < 600


def test_a_names_pack_cut_short_is_refused_with_its_size(fresh_data, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = _folder(tmp_path)
    _damage(folder, data.NAMES_FILE, "cut")
    fresh_data(folder)
    size = (folder / data.NAMES_FILE).stat().st_size
    (line,) = data.check_data_files()
    assert line.startswith(f"{folder / data.NAMES_FILE}: truncated ({size} bytes; its index needs ")
    assert line.endswith("): the file was cut short")


@pytest.mark.parametrize(
    ("name", "verb"),
    [
        (data.NAMES_FILE, ["name", "de"]),
        (data.SUPPLEMENTAL_FILE, ["likely", "en"]),
        (data.CLDR_FILE, ["check", "en"]),
        (data.REGISTRY_FILE, ["lookup", "mt"]),
    ],
)
def test_the_cli_names_the_damaged_file_and_what_to_do(  # type: ignore[no-untyped-def]
    fresh_data, tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, verb: list[str]
) -> None:
    folder = _folder(tmp_path)
    _damage(folder, name, "cut")
    fresh_data(folder)
    assert cli_main(verb) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("bcp47: ") and (str(folder / name) in err[0] or f": {name}, line " in err[0]), err[0]
    assert err[-1] == (
        f"bcp47: Fix or replace the file in {data.ENV_DATA_DIR}={folder}, or unset {data.ENV_DATA_DIR} "
        "to use the bundled data."
    )
