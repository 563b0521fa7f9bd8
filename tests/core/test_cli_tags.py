"""``bcp47 check | canon | explain | convert``: output, JSON shape, stdin handling and exit status."""

from __future__ import annotations

import io
import json

import pytest
from bcp47_explorer.cli import main


def _stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def test_check_json_fields_and_order(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--json", "en-US", "zh-yue", "en-US-Latn"]) == 1
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [d["input"] for d in lines] == ["en-US", "zh-yue", "en-US-Latn"]
    first = lines[0]
    keys = ["input", "well_formed", "valid", "unicode_valid", "canonical", "extlang_form", "subtags", "diagnostics"]
    assert list(first) == [*keys, "fix"]  # "plausibility" only when asked for (--plausibility)
    assert first["subtags"] == [
        {"text": "en", "start": 0, "end": 2, "role": "language"},
        {"text": "US", "start": 3, "end": 5, "role": "region"},
    ]
    assert (lines[1]["canonical"], lines[1]["extlang_form"]) == ("yue", "zh-yue")
    bad = lines[2]
    assert (bad["well_formed"], bad["valid"], bad["canonical"], bad["extlang_form"]) == (False, False, None, None)
    d = bad["diagnostics"][0]
    assert list(d) == ["code", "severity", "start", "end", "message", "verdict"]
    got = (d["code"], d["severity"], d["start"], d["end"], d["verdict"])
    assert got == ("script-after-region", "error", 6, 10, "valid")
    # fix: the first fix the diagnostics offer (the engine's one definition), null when none does.
    assert (first["fix"], lines[1]["fix"], bad["fix"]) == (None, "yue", "en-Latn-US")
    # zh-yue: valid BCP 47, not a valid Unicode locale id (an extlang); the diagnostic names its verdict.
    assert (lines[1]["valid"], lines[1]["unicode_valid"]) == (True, False)
    ext = [x for x in lines[1]["diagnostics"] if x["code"] == "unicode-extlang"]
    assert ext and ext[0]["verdict"] == "unicode_valid" and "(UTS #35 §3.3)" in ext[0]["message"]
    assert [x["verdict"] for x in lines[1]["diagnostics"] if x["severity"] != "error"] == [None, None]
    assert main(["check", "--json", "--plausibility", "en-US", "zh-yue", "en-US-Latn"]) == 1
    asked = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [list(x) for x in asked] == [[*list(x), "plausibility"] for x in lines]
    assert [x["plausibility"] for x in asked] == [[], [], []]


@pytest.mark.parametrize(
    ("tag", "notes"),
    [
        (
            "es-LA",
            [
                "Spanish is not among the languages CLDR lists for Lao People's Democratic Republic (LA); Latin "
                "America is 419: es-419?"
            ],
        ),
        (
            "vi-VI",
            [
                "Vietnamese is not among the languages CLDR lists for U.S. Virgin Islands (VI); CLDR's likely region "
                "for it is Viet Nam: vi-VN?"
            ],
        ),
        (
            "es-Hant-419",
            [
                "Spanish is not written in Han (Traditional variant) (Hant) in CLDR's likely-subtags data, which "
                "lists Latin."
            ],
        ),
        ("es-419", []),
        (  # the notes are on the canonical form: es-la is es-LA
            "es-la",
            [
                "Spanish is not among the languages CLDR lists for Lao People's Democratic Republic (LA); Latin "
                "America is 419: es-419?"
            ],
        ),
    ],
)
def test_check_json_plausibility_is_the_text_output_s_notes(
    capsys: pytest.CaptureFixture[str], tag: str, notes: list[str]
) -> None:
    """``plausibility``: the notes ``check``'s text output prints, for a valid tag; never a change of verdict."""
    assert main(["check", "--json", "--plausibility", tag]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["valid"] is True
    assert main(["check", tag]) == 0
    text = capsys.readouterr().out
    printed = [x.split(": ", 1)[1] for x in text.splitlines() if x.startswith("  note [CLDR plausibility")]
    assert line["plausibility"] == printed == notes


def test_check_json_plausibility_is_empty_for_a_tag_that_is_not_valid(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--json", "--plausibility", "es-LA-LA"]) == 1
    assert json.loads(capsys.readouterr().out)["plausibility"] == []
    # Not asked for, the member is left out, in one process and in several (each worker's engine is told).
    for jobs in ("1", "2"):
        assert main(["check", "--json", "--jobs", jobs, "es-LA", "es-LA-LA", "vi-VI"]) == 1
        assert all("plausibility" not in json.loads(x) for x in capsys.readouterr().out.splitlines())


def test_check_exit_zero_when_all_valid(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "en-US", "sl-rozaj-biske"]) == 0
    out = capsys.readouterr().out
    assert "'en-US': valid" in out


def test_check_human_output_marks_the_span(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "en-US-Latn"]) == 1
    out = capsys.readouterr().out
    assert "NOT well-formed" in out and "script-after-region" in out
    assert "    en-US-Latn\n          ~~~^" in out
    assert "fix: " in out and "en-Latn-US" in out


def test_check_stdin_one_result_per_line_with_bad_bytes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _stdin(monkeypatch, b"en-US\r\n\xff\xfeen\n\nzh-" + "普".encode() + b"\n" + b"a" * 200_000 + b"\n")
    assert main(["check", "--json", "-"]) == 1
    out = capsys.readouterr().out
    lines = [json.loads(x) for x in out.splitlines()]
    assert len(lines) == 5
    assert lines[0]["valid"] is True and lines[0]["input"] == "en-US"
    assert lines[1]["input"] == "\ufffd\ufffden"  # an undecodable byte is U+FFFD in JSON (I-JSON: no lone surrogates)
    assert "0xFF" in lines[1]["diagnostics"][0]["message"]
    assert lines[2]["diagnostics"][0]["code"] == "empty-tag"
    assert lines[3]["diagnostics"][0]["code"] == "bad-character"
    assert lines[4]["diagnostics"][0]["code"] == "subtag-too-long"


def test_check_without_tags_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check"]) == 2


def test_canon_prints_canonical_forms_and_steps(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["canon", "--steps", "zh-cmn-Hans-CN", "EN-bu"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "cmn-Hans-CN"
    assert "extlang 'cmn' has Preferred-Value 'cmn'" in out[1]
    assert "en-MM" in out


def test_canon_extlang_and_ill_formed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["canon", "--extlang", "yue-HK", "en--US"]) == 1
    captured = capsys.readouterr()
    assert captured.out.splitlines() == ["zh-yue-HK", ""]  # one line out per line in: empty for ill-formed
    assert "'en--US' is not well-formed" in captured.err


def test_canon_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["canon", "--json", "i-klingon"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["canonical"] == "tlh"
    assert got["steps"][0]["before"] == "i-klingon"


def test_explain_lists_roles_records_diagnostics_and_forms(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "zh-yue-HK"]) == 0
    out = capsys.readouterr().out
    assert "yue        extlang" in out
    assert "registry: extlang yue — Yue Chinese" in out
    assert "Preferred-Value: yue" in out
    assert "Canonical form (RFC 5646 §4.5): yue-HK" in out
    assert "Extlang form: zh-yue-HK" in out or "zh-yue-HK" in out
    assert "Diagnostics:" in out


def test_explain_invalid_exit_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "de-1901-1901"]) == 1
    assert "duplicate-variant" in capsys.readouterr().out


def test_convert_both_ways(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", "de_DE@collation=phonebook;currency=DDM", "cmn-Hans-CN", "root", "und"]) == 0
    out = [x for x in capsys.readouterr().out.splitlines() if not x.startswith("  ")]
    # 'und' stays 'und' in the Unicode BCP 47 form (UTS #35 §3.2); 'root' is read as input only.
    assert out == ["de-DE-u-co-phonebk-cu-ddm", "zh-Hans-CN", "und", "und"]


def test_convert_to_legacy_and_failure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", "--to", "legacy", "de-DE-u-co-phonebk"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "de_DE@collation=phonebook"
    assert main(["convert", "--json", "--to", "unicode", " en"]) == 1
    got = json.loads(capsys.readouterr().out)
    assert got["result"] is None and "not a well-formed" in got["notes"][0]
    assert any(n.startswith("whitespace") for n in got["notes"])


def test_explain_names_the_parts_of_a_t_source_tag(capsys: pytest.CaptureFixture[str]) -> None:
    # 'it' after 'de' in -t- is the region of the source tag (Italy), not the language Italian.
    assert main(["explain", "en-t-de-it"]) == 0
    out = capsys.readouterr().out
    assert "de         t-language    language of the -t- source tag" in out
    assert "it         t-region      region of the -t- source tag" in out
    assert "registry: region IT — Italy" in out
    assert "Italian" not in out


def test_explain_json_calls_it_a_region_of_the_source_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "--json", "en-t-de-it", "en-Latn-US"]) == 0
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    roles = [(s["text"], s["role"], s["record"]["type"] if s["record"] else None) for s in first["subtags"]]
    assert roles[2:] == [("de", "t-language", "language"), ("it", "t-region", "region")]
    assert first["subtags"][3]["record"]["descriptions"] == ["Italy"]
    # Each diagnostic carries the section of the standard from the diagnostics table.
    assert second["diagnostics"][0]["code"] == "suppress-script"
    assert second["diagnostics"][0]["section"] == "RFC 5646 §3.1.9, §4.1"
