"""The registry verbs of the command line: output, JSON and exit status."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bcp47_explorer.cli import main
from bcp47_explorer.core import data


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_registry_info_shows_file_date_and_counts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "registry", "info")
    assert code == 0
    assert "File-Date 2026-09-17" in out and "9296 records" in out
    assert "  variant          139\n" in out
    code, out, _ = run(capsys, "registry", "info", "--json")
    info = json.loads(out)
    assert info["counts"]["language"] == 8276 and info["file_date"] == "2026-09-17"
    assert info["sha256"] == "755fad43283be7b41ebe3c89ad054b6eaf928f404f9c0edb74799e0eab74beb1"


def test_lookup_prints_every_record_and_all_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "lookup", "mt", "qab")
    assert code == 0
    assert "mt: language" in out and "mt: region" in out and "Suppress-Script: Latn" in out
    assert "qab: language (inside the range qaa..qtz)" in out


def test_lookup_json_and_no_match(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "lookup", "--json", "i-klingon", "nosuchcode")
    assert code == 1
    results = json.loads(out)
    assert results[0]["records"][0]["tag"] == "i-klingon"
    assert results[0]["records"][0]["preferred_value"] == "tlh"
    assert results[1] == {"query": "nosuchcode", "records": []}


def test_search_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "search", "norweg")
    assert code == 0 and "Norwegian Bokmål" in out
    code, out, _ = run(capsys, "search", "--json", "--type", "script", "latin")
    results = json.loads(out)["results"]
    assert code == 0 and results and all(r["type"] == "script" for r in results)
    code, out, _ = run(capsys, "search", "qqqqzzzz")
    assert code == 1 and "nothing matches" in out


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "search", "--limit", "-3", "x")
    assert code == 2 and "must be 0 or more" in err
    code, _, err = run(capsys, "nosuchverb")
    assert code == 2


@pytest.mark.parametrize("blank", ["", "  ", "\t"])
def test_search_for_nothing_is_a_usage_error(capsys: pytest.CaptureFixture[str], blank: str) -> None:
    code, out, err = run(capsys, "search", blank)
    assert code == 2 and out == ""
    assert "nothing to search for" in err


def test_bad_registry_file_exits_2_with_the_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("File-Date: 2026-01-01\n%%\nType: language\nSubtag aa\n")
    code, _, err = run(capsys, "lookup", "--registry", str(bad), "aa")
    assert code == 2 and "line 4" in err and "expected 'Field-Name: value'" in err


def test_registry_diff_lists_added_removed_and_changed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = data.read_text(data.resource_path(data.REGISTRY_FILE))
    new_text = (
        text.replace("File-Date: 2026-09-17", "File-Date: 2026-10-01")
        .replace("Description: Malta\n", "Description: Republic of Malta\n")
        .replace("%%\nType: language\nSubtag: aa\nDescription: Afar\nAdded: 2005-10-16\n", "")
        + "%%\nType: variant\nSubtag: newvar\nDescription: A new variant\nAdded: 2026-10-01\nPrefix: en\n"
    )
    old_f, new_f = tmp_path / "old.txt", tmp_path / "new.txt"
    old_f.write_text(text)
    new_f.write_text(new_text)
    code, out, _ = run(capsys, "registry", "diff", str(old_f), str(new_f))
    assert code == 1
    assert "2026-09-17 -> 2026-10-01" in out and "1 added, 1 removed, 1 changed" in out
    assert "+ variant newvar" in out and "- language aa" in out
    assert "Description: Malta -> Republic of Malta" in out
    code, out, _ = run(capsys, "registry", "diff", "--json", str(old_f), str(new_f))
    d = json.loads(out)
    assert d["changed"] == [
        {
            "type": "region",
            "code": "MT",
            "changes": [{"field": "Description", "old": ["Malta"], "new": ["Republic of Malta"]}],
        }
    ]
    code, out, _ = run(capsys, "registry", "diff", str(old_f), str(old_f))
    assert code == 2
