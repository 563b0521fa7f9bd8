"""Every verb takes ``--json`` and ``--registry FILE``: one shared definition, JSON on every line, and
the verb's answer follows the registry file given (here the bundled one without the record of ``iw``)."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from bcp47_explorer import cli
from bcp47_explorer.commands.common import common_options
from bcp47_explorer.core import data

ROOT = Path(__file__).resolve().parents[2]


def _leaf_parsers(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> dict[str, argparse.ArgumentParser]:
    """Return every parser that runs a handler, by its command path ('registry info')."""
    found: dict[str, argparse.ArgumentParser] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found.update(_leaf_parsers(sub, (*path, name)))
    if not found and path:
        found[" ".join(path)] = parser
    return found


def test_every_verb_takes_json_and_registry_from_the_shared_parent() -> None:
    leaves = _leaf_parsers(cli.build_parser())
    assert set(leaves) == {
        "check", "canon", "explain", "convert", "match", "likely", "lookup", "search", "registry info", "registry diff",
        "registry download", "name", "repair",
    }  # fmt: skip
    shared = {a.dest: a for a in common_options()._actions}
    for name, parser in leaves.items():
        by_option = {opt: a for a in parser._actions for opt in a.option_strings}
        for option, dest in (("--json", "json"), ("--registry", "registry")):
            assert by_option[option] is shared[dest], (name, option)  # the very same definition


@pytest.fixture(scope="module")
def small_registry(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled registry without the language record of 'iw' (Hebrew, deprecated for 'he')."""
    text = data.read_text(data.resource_path(data.REGISTRY_FILE))
    records = text.split("\n%%\n")
    kept = [r for r in records if not ("Type: language\n" in r and "\nSubtag: iw\n" in r)]
    assert len(kept) == len(records) - 1
    path = tmp_path_factory.mktemp("registry") / "no-iw.txt"
    path.write_text("\n%%\n".join(kept), encoding="utf-8")
    return path


def _json_run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[object]]:
    """Run the CLI; every line it writes to stdout must be a JSON value: return them all."""
    status = cli.main(argv)
    out = capsys.readouterr().out
    assert out.endswith("\n")
    return status, [json.loads(line) for line in out.splitlines()]


def test_check_follows_the_registry(small_registry: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, [got] = _json_run(["check", "--json", "iw-IL"], capsys)
    assert (status, got["valid"], got["canonical"]) == (0, True, "he-IL")  # type: ignore[index]
    status, [got] = _json_run(["check", "--json", "--registry", str(small_registry), "iw-IL"], capsys)
    assert (status, got["valid"], got["canonical"]) == (1, False, "iw-IL")  # type: ignore[index]
    assert [d["code"] for d in got["diagnostics"]] == ["unknown-language"]  # type: ignore[index]
    assert cli.main(["check", "--registry", str(small_registry), "iw-IL"]) == 1
    assert "'iw-IL': well-formed but NOT valid" in capsys.readouterr().out


def test_canon_follows_the_registry(small_registry: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, [got] = _json_run(["canon", "--json", "iw-IL"], capsys)
    assert got == {
        "input": "iw-IL",
        "canonical": "he-IL",
        "steps": [{"before": "iw-IL", "after": "he-IL", "reason": got["steps"][0]["reason"]}],  # type: ignore[index]
    }
    status, [got] = _json_run(["canon", "--json", "--registry", str(small_registry), "iw-IL"], capsys)
    assert status == 0  # not valid, but well-formed: it has a canonical form
    assert got == {"input": "iw-IL", "canonical": "iw-IL", "steps": []}
    assert cli.main(["canon", "--registry", str(small_registry), "iw-IL"]) == 0
    assert capsys.readouterr().out == "iw-IL\n"


def test_explain_follows_the_registry(small_registry: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, [got] = _json_run(["explain", "--json", "iw"], capsys)
    record = got["subtags"][0]["record"]  # type: ignore[index]
    assert (status, record["subtag"], record["deprecated"], record["preferred_value"]) == (0, "iw", "1989-01-01", "he")
    status, [got] = _json_run(["explain", "--json", "--registry", str(small_registry), "iw"], capsys)
    assert (status, got["valid"], got["subtags"][0]["record"]) == (1, False, None)  # type: ignore[index]
    assert got["forms"]["canonical"]["tag"] == "iw"  # type: ignore[index]
    assert cli.main(["explain", "--registry", str(small_registry), "iw"]) == 1
    out = capsys.readouterr().out
    assert "Status: well-formed but NOT valid" in out and "registry: language iw" not in out


def test_convert_follows_the_registry(small_registry: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, [got] = _json_run(["convert", "--json", "iw_IL"], capsys)
    assert (got["result"], any("not valid" in n for n in got["notes"])) == ("iw-IL", False)  # type: ignore[index]
    status, [got] = _json_run(["convert", "--json", "--registry", str(small_registry), "iw_IL"], capsys)
    assert (status, got["result"]) == (0, "iw-IL")  # type: ignore[index]
    assert any("well-formed but not valid" in n and "'iw'" in n for n in got["notes"])  # type: ignore[index]
    # To the Unicode form: UTS #35 Annex C takes CLDR's alias, with or without the registry's Preferred-Value.
    _, [got] = _json_run(["convert", "--json", "--to", "unicode", "iw"], capsys)
    assert got["result"] == "he" and "CLDR languageAlias" in got["notes"][0]  # type: ignore[index]
    _, [got] = _json_run(["convert", "--json", "--to", "unicode", "--registry", str(small_registry), "iw"], capsys)
    assert got["result"] == "he" and "CLDR languageAlias" in got["notes"][0]  # type: ignore[index]


def test_match_notes_tags_the_registry_does_not_hold(small_registry: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "--json", "--ranges", "iw, en;q=0.5", "iw", "en", "en--GB"]
    status, [got] = _json_run(argv, capsys)
    # RFC 4647 compares text: 'en--GB' starts with 'en-', so it matches; the note says it is no tag.
    assert [m["tag"] for m in got["matches"]] == ["iw", "en", "en--GB"]  # type: ignore[index]
    assert got["not_valid"] == [  # type: ignore[index]
        {"tag": "en--GB", "well_formed": False, "code": "empty-subtag", "message": got["not_valid"][0]["message"]}  # type: ignore[index]
    ]
    status, [got] = _json_run([*argv[:2], "--registry", str(small_registry), *argv[2:]], capsys)
    assert status == 0
    assert [m["tag"] for m in got["matches"]] == ["iw", "en", "en--GB"]  # type: ignore[index]
    assert [(n["tag"], n["code"]) for n in got["not_valid"]] == [  # type: ignore[index]
        ("iw", "unknown-language"),
        ("en--GB", "empty-subtag"),
    ]
    assert cli.main(["match", "--registry", str(small_registry), "--ranges", "iw", "iw"]) == 0
    assert "note: available tag 'iw' is not valid: [unknown-language]" in capsys.readouterr().out


def test_lookup_and_search_follow_the_registry(small_registry: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, [got] = _json_run(["lookup", "--json", "iw"], capsys)
    assert (status, [r["type"] for r in got[0]["records"]]) == (0, ["language"])  # type: ignore[index]
    status, [got] = _json_run(["lookup", "--json", "--registry", str(small_registry), "iw"], capsys)
    assert (status, got) == (1, [{"query": "iw", "records": []}])
    _, [got] = _json_run(["search", "--json", "--limit", "0", "hebrew"], capsys)
    assert "iw" in [r.get("subtag") for r in got["results"]]  # type: ignore[index]
    _, [small] = _json_run(["search", "--json", "--limit", "0", "--registry", str(small_registry), "hebrew"], capsys)
    assert [r.get("subtag") for r in small["results"]] == [  # type: ignore[index]
        r.get("subtag")
        for r in got["results"]  # type: ignore[index]
        if r.get("subtag") != "iw"
    ]


def test_registry_info_and_diff_follow_the_registry(small_registry: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, [bundled] = _json_run(["registry", "info", "--json"], capsys)
    _, [small] = _json_run(["registry", "info", "--json", "--registry", str(small_registry)], capsys)
    assert small["records"] == bundled["records"] - 1  # type: ignore[index]
    assert small["counts"]["language"] == bundled["counts"]["language"] - 1  # type: ignore[index]
    assert (small["path"], small["source"]) == (str(small_registry), "file")  # type: ignore[index]
    bundled_file = str(data.resource_path(data.REGISTRY_FILE))
    # NEW defaults to the registry in use: the --registry file, else the bundled one.
    status, [got] = _json_run(["registry", "diff", "--json", bundled_file, "--registry", str(small_registry)], capsys)
    assert status == 1 and [r["subtag"] for r in got["removed"]] == ["iw"] and got["added"] == []  # type: ignore[index]
    status, [got] = _json_run(["registry", "diff", "--json", str(small_registry)], capsys)
    assert status == 1 and [r["subtag"] for r in got["added"]] == ["iw"] and got["removed"] == []  # type: ignore[index]
    assert cli.main(["registry", "diff", bundled_file, str(small_registry), "--registry", str(small_registry)]) == 2
    assert "give NEW or --registry FILE, not both" in capsys.readouterr().err


VERB_ARGS = [
    ["check", "en"],
    ["canon", "en"],
    ["explain", "en"],
    ["convert", "en"],
    ["match", "--ranges", "en", "en"],
    ["lookup", "en"],
    ["search", "english"],
    ["registry", "info"],
    ["registry", "diff", "OLD"],
]


@pytest.mark.parametrize("argv", VERB_ARGS, ids=[" ".join(a[:2]) for a in VERB_ARGS])
@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (None, "no such file"),
        (b"", "the file is empty"),
        (b"\xff\xfe", "not UTF-8 text"),
        (b"File-Date: 2024-01-01\n%%\nType: language\nDescription: Nothing\n", "line 3: language record has no"),
    ],
    ids=["missing", "empty", "not-utf8", "no-subtag"],
)
def test_a_registry_that_does_not_load_is_a_clear_error(
    argv: list[str], content: bytes | None, problem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad-registry.txt"
    if content is not None:
        bad.write_bytes(content)
    argv = [str(data.resource_path(data.REGISTRY_FILE)) if a == "OLD" else a for a in argv]
    assert cli.main([*argv, "--json", "--registry", str(bad)]) == cli.EXIT_USAGE
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"bcp47: data error: {bad}")
    assert problem in captured.err


def test_a_bad_registry_gives_no_traceback_in_a_process(tmp_path: Path) -> None:
    bad = tmp_path / "cut.txt"
    bad.write_text("File-Date: 2024-01-01\n%%\nType: lang", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "bcp47_explorer.cli", "explain", "--registry", str(bad), "en"],
        capture_output=True, text=True, cwd=ROOT, env={**os.environ, "PYTHONIOENCODING": "utf-8"}, check=False,
    )  # fmt: skip
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"bcp47: data error: {bad}, line 3:"), done.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "--json", "en", "en--US", "zh-\u666e", "\udcff"],
        ["canon", "--json", "en", "en--US", "i-klingon"],
        ["explain", "--json", "en", "en--US", "", "zh-min-nan-Hant", "sl-rozaj-biske", "de-u-co-phonebk-x-a"],
        ["convert", "--json", "en_US", "root", "de-u-co-phonebk", "x-a", "en--US"],
        ["convert", "--json", "--to", "legacy", "en-a-bbb", "de-u-co-phonebk"],
        ["match", "--json", "--ranges", "en, de;q=0", "en-GB", "de", "en__"],
        ["match", "--json", "--lookup", "--default", "fr", "--ranges", "de-CH", "en"],
        ["lookup", "--json", "en", "qab", "nothing"],
        ["search", "--json", "norweg"],
        ["search", "--json", "zzzzzzzz"],
        ["registry", "info", "--json"],
    ],
    ids=lambda argv: " ".join(argv[:2]),
)
def test_every_json_line_is_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status, values = _json_run(argv, capsys)
    assert status in (0, 1)
    assert values and all(isinstance(v, (dict, list)) for v in values)


def test_explain_json_one_object_per_tag_with_records_diagnostics_and_forms(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, got = _json_run(["explain", "--json", "zh-yue-HK", "de-DE-u-co-phonebk", "en-US-Latn"], capsys)
    assert status == 1  # en-US-Latn is not well-formed
    yue, de, bad = got
    keys = ["input", "well_formed", "valid", "unicode_valid", "subtags", "diagnostics", "forms"]
    assert list(yue) == keys  # type: ignore[arg-type]
    assert (yue["input"], yue["well_formed"], yue["valid"]) == ("zh-yue-HK", True, True)  # type: ignore[index]
    assert yue["unicode_valid"] is False  # type: ignore[index]  # an extlang: valid BCP 47, no Unicode locale id
    ext = yue["subtags"][1]  # type: ignore[index]
    assert (ext["text"], ext["start"], ext["end"], ext["role"]) == ("yue", 3, 6, "extlang")
    rec = ext["record"]
    assert (rec["type"], rec["subtag"], rec["descriptions"], rec["preferred_value"], rec["prefixes"]) == (
        "extlang", "yue", ["Yue Chinese", "Cantonese"], "yue", ["zh"],
    )  # fmt: skip
    assert rec["deprecated"] is None
    diag = {d["code"]: d for d in yue["diagnostics"]}["extlang-form"]  # type: ignore[index]
    assert (diag["severity"], diag["start"], diag["end"]) == ("info", 3, 6)
    assert diag["fix"] == {"label": "Use the canonical form", "tag": "yue-HK"}
    assert set(diag) == {"code", "severity", "section", "message", "start", "end", "fix"}
    forms = yue["forms"]  # type: ignore[index]
    assert list(forms) == ["canonical", "extlang", "unicode", "maximized", "minimized", "legacy"]
    assert [forms[f]["tag"] for f in forms] == ["yue-HK", "zh-yue-HK", "yue-HK", "yue-Hant-HK", "yue", "yue_HK"]
    assert forms["canonical"]["steps"][0]["before"] == "zh-yue-HK"
    assert "UTS #35" in forms["unicode"]["label"] and "RFC 5646 §4.5" in forms["canonical"]["label"]

    key, value = de["subtags"][3:5]  # type: ignore[index]
    assert (key["role"], key["record"], key["cldr"]["key"]) == ("u-key", None, "co")
    assert (value["role"], value["cldr"]["type"], value["cldr"]["key"]) == ("u-type", "phonebk", "co")
    assert de["forms"]["legacy"]["tag"] == "de_DE@collation=phonebook"  # type: ignore[index]

    assert (bad["well_formed"], bad["valid"]) == (False, False)  # type: ignore[index]
    assert bad["diagnostics"][0]["code"] == "script-after-region"  # type: ignore[index]
    assert bad["diagnostics"][0]["fix"]["tag"] == "en-Latn-US"  # type: ignore[index]
    assert [f["tag"] for f in bad["forms"].values()] == [None] * 6  # type: ignore[index]


def test_explain_reads_tags_from_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"en\nsl-rozaj-biske\n"), encoding="utf-8"))
    status, got = _json_run(["explain", "--json", "-"], capsys)
    assert status == 0 and [g["input"] for g in got] == ["en", "sl-rozaj-biske"]  # type: ignore[index]
