"""``bcp47 match``: output, JSON and exit status, driven through app.cli.main."""

from __future__ import annotations

import io
import json

import pytest
from bcp47_explorer.cli import EXIT_NO_MATCH, EXIT_OK, EXIT_USAGE, main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["match", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_basic_filter_explains_which_range_matched(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--ranges", "fr-CH, fr;q=0.9, en;q=0, *;q=0.1", "fr-CH-1996", "fr", "de", "en")
    assert status == EXIT_OK
    assert err == ""
    assert "RFC 4647 §3.3.1" in out
    assert "1. fr-CH (q=1)" in out
    assert "2. fr (q=0.9)" in out
    assert "left out: en (q=0, not acceptable)" in out
    assert "range fr-CH matches: fr-CH-1996" in out
    assert "range fr matches: fr\n" in out
    assert "range * matches: de, en" in out
    assert out.rstrip().endswith("Result: fr-CH-1996 fr de en")


def test_no_match_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--ranges", "de-de", "de-Deva", "en")
    assert status == EXIT_NO_MATCH
    assert "no range matches: de-Deva, en" in out
    assert "Result: nothing matched" in out


def test_extended_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--extended", "--json", "--ranges", "de-*-DE", "de-Latn-DE", "de-x-DE", "de-DE")
    assert status == EXIT_OK
    (line,) = out.splitlines()
    data = json.loads(line)
    assert data["scheme"] == "extended"
    assert data["matches"] == [
        {"tag": "de-Latn-DE", "range": "de-*-DE", "q": 1.0},
        {"tag": "de-DE", "range": "de-*-DE", "q": 1.0},
    ]
    assert data["unmatched"] == ["de-x-DE"]


def test_basic_filter_says_it_skipped_an_extended_range(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--ranges", "de-*-DE", "de-DE")
    assert status == EXIT_NO_MATCH
    assert "note: range 'de-*-DE' has a '*' subtag" in out


def test_lookup_shows_the_fallback_chain(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--lookup", "--ranges", "zh-Hant-CN-x-private1-private2", "zh", "zh-Hant", "en")
    assert status == EXIT_OK
    lines = [line.strip() for line in out.splitlines()]
    chain_at = lines.index("range zh-Hant-CN-x-private1-private2:")
    assert lines[chain_at + 1 : chain_at + 5] == [
        "zh-Hant-CN-x-private1-private2 -> no tag",
        "zh-Hant-CN-x-private1 -> no tag",
        "zh-Hant-CN -> no tag",
        "zh-Hant -> matches zh-Hant",
    ]
    assert "Result: zh-Hant (from range zh-Hant-CN-x-private1-private2)" in lines


def test_lookup_default_is_printed_but_exit_is_1(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--lookup", "--default", "en", "--ranges", "zh-Hant-CN-x-private1-private2", "fr")
    assert status == EXIT_NO_MATCH
    lines = [line.strip() for line in out.splitlines()]
    assert lines[-7:] == [
        "zh-Hant-CN-x-private1-private2 -> no tag",
        "zh-Hant-CN-x-private1 -> no tag",
        "zh-Hant-CN -> no tag",
        "zh-Hant -> no tag",
        "zh -> no tag",
        "(default) -> en",
        "Result: en (the default: no range matched)",
    ]


def test_lookup_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--lookup", "--json", "--ranges", "*, de-CH;q=0.5", "de")
    assert status == EXIT_OK
    data = json.loads(out)
    assert data["result"] == "de"
    assert data["range"] == "de-CH"
    assert data["default_used"] is False
    assert data["chain"] == [  # grouped by range; each step by what it drops (candidate = looked_up[:length])
        {
            "range": "de-CH",
            "looked_up": "de-CH",
            "steps": [{"dropped": "", "length": 5, "matched": None}, {"dropped": "-CH", "length": 2, "matched": "de"}],
        }
    ]
    assert data["tried"] == 2 and data["omitted"] == 0
    assert [p["code"] for p in data["problems"]] == ["wildcard-ignored"]


def test_lookup_without_default_and_no_match(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--lookup", "--json", "--ranges", "ja", "en")
    assert status == EXIT_NO_MATCH
    data = json.loads(out)
    assert data["result"] is None and data["default_used"] is True


def test_tags_from_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("de-DE\n\n  de-Latn-DE  \nfr\n"))
    status, out, _ = run(capsys, "--extended", "--json", "--ranges", "de-DE", "-")
    assert status == EXIT_OK
    data = json.loads(out)
    assert [m["tag"] for m in data["matches"]] == ["de-DE", "de-Latn-DE"]
    assert data["unmatched"] == ["fr"]


@pytest.mark.parametrize(
    ("ranges", "fragment"),
    [
        ("fr;q=2", "weight '2' is not a qvalue"),
        ("de_DE", "'_' is not allowed"),
        ("en;level=1", "parameter 'level=1' is not allowed"),
        ("", "the priority list is empty"),
        ("fr;q=0.5;q=0.4", "more than one weight"),
    ],
)
def test_bad_ranges_exit_2_with_a_clear_message(capsys: pytest.CaptureFixture[str], ranges: str, fragment: str) -> None:
    status, out, err = run(capsys, "--ranges", ranges, "fr")
    assert status == EXIT_USAGE
    assert out == ""
    assert fragment in err
    assert "Traceback" not in err


def test_bad_ranges_marker_points_at_the_problem(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "--ranges", "en, fr;q=1.5", "fr")
    assert status == EXIT_USAGE
    lines = err.splitlines()
    at = lines.index("    en, fr;q=1.5")
    assert lines[at + 1] == "    " + " " * 9 + "~~^"


def test_empty_elements_only_warn(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--ranges", "de,,fr,", "fr")
    assert status == EXIT_OK
    assert out.count("note: empty list element") == 2


@pytest.mark.parametrize(
    "argv",
    [
        ["--lookup", "--extended", "--ranges", "de", "de"],
        ["--default", "en", "--ranges", "de", "de"],
        ["--ranges", "de"],
        ["de"],
    ],
)
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, out, err = run(capsys, *argv)
    assert status == EXIT_USAGE
    assert out == ""
    assert err.strip()


def test_no_tags_on_stdin_is_a_usage_error(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n \n"))
    status, _, err = run(capsys, "--ranges", "de", "-")
    assert status == EXIT_USAGE
    assert "no tags to match" in err
