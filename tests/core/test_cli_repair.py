"""``bcp47 repair``, ``bcp47 convert --to PLATFORM`` / ``--from PLATFORM`` and check's plausibility notes: the
whole output a person or a pipeline gets."""

from __future__ import annotations

import io
import json

import pytest
from bcp47_explorer import cli


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = cli.main(argv)
    return status, capsys.readouterr().out


def test_repair_json_gives_one_object_per_input(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run(["repair", "--json", "ron-RO", "Base.lproj"], capsys)
    assert status == 1  # Base.lproj is no language
    first, second = (json.loads(line) for line in out.splitlines())
    assert first == {
        "input": "ron-RO",
        "tag": "ro-RO",
        "source": "CLDR languageAlias (overlong: an ISO 639-2/T or 639-3 code of a language with a two-letter subtag)",
        "steps": ["'ron' is the ISO 639-2/T or 639-3 code of Romanian, whose subtag is 'ro'"],
        "alternatives": [],
        "notes": [],
    }
    assert (second["tag"], second["notes"]) == (
        None,
        ["'Base.lproj' holds the base internationalization, no language."],
    )


def test_repair_reads_stdin_lines_and_a_forced_origin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("sr_RS@latin\nvalues-b+sr+Latn\n"))
    status, out = _run(["repair", "--json", "-"], capsys)
    assert status == 0
    assert [json.loads(line)["tag"] for line in out.splitlines()] == ["sr-Latn-RS", "sr-Latn"]
    status, out = _run(["repair", "--from", "java", "ja_JP_JP"], capsys)
    assert out == (
        "'ja_JP_JP' → ja-JP-u-ca-japanese\n"
        "  source: Java Locale string (java.util.Locale.toString)\n"
        "  step: 'ja_JP_JP' is one of java.util.Locale's compatibility locales: ja-JP-u-ca-japanese "
        "(Japanese imperial calendar)\n"
    )


def test_repair_text_lists_alternatives_and_notes(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run(["repair", "uk-UK"], capsys)
    assert status == 0
    assert out.splitlines() == [
        "'uk-UK' → uk-UA",
        "  source: the language code written again as the region (CLDR likely subtags)",
        "  step: 'UK' repeats the language code; Ukrainian's likely region in CLDR is 'UA'",
        "  alternative: uk-GB ('UK' is ISO 3166's reserved code for United Kingdom)",
        "  note: Two readings are close: 'uk-UK' as Ukrainian in Ukraine (the code written twice) or in United "
        "Kingdom ('UK' reserved for it); the first is taken.",
    ]


@pytest.mark.parametrize(
    ("to", "tag", "result", "notes"),
    [
        ("posix", "sr-Latn-RS", "sr_RS.UTF-8@latin", []),
        ("android", "pt-BR", "values-pt-rBR", []),
        ("windows", "es-ES-u-co-trad", "es-ES_tradnl", []),
        ("java", "ja-JP-u-ca-japanese", "ja_JP_JP_#u-ca-japanese", []),
        ("apple", "de-DE-u-co-phonebk", "de-DE.lproj",
         ["the extensions u-co-phonebk (a folder name holds language, script and region)"]),
        ("icu", "de-DE-u-co-phonebk", "de_DE@collation=phonebook", []),
        ("icu", "ron-RO", None, ["'ron-RO' is not a valid tag; 'bcp47 repair' may make one"]),
        ("posix", "ron-RO", None, ["'ron-RO' is not a valid tag; 'bcp47 repair' may make one"]),
    ],
)  # fmt: skip
def test_convert_to_a_platform(
    capsys: pytest.CaptureFixture[str], to: str, tag: str, result: str | None, notes: list[str]
) -> None:
    status, out = _run(["convert", "--json", "--to", to, tag], capsys)
    assert json.loads(out) == {"input": tag, "to": to, "result": result, "notes": notes}
    assert status == (0 if result else 1)


def test_convert_from_a_platform_is_the_repair(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run(["convert", "--json", "--from", "windows", "de-DE_phoneb"], capsys)
    assert status == 0
    assert json.loads(out) == {
        "input": "de-DE_phoneb",
        "to": "bcp47",
        "result": "de-DE-u-co-phonebk",
        "notes": ["the sort '_phoneb' is the CLDR collation 'phonebk': -u-co-phonebk"],
    }
    assert cli.main(["convert", "--from", "posix", "--to", "java", "C"]) == 2


def test_check_gives_plausibility_notes_that_never_change_the_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run(["check", "es-LA", "vi-VI", "es-Hant-419"], capsys)
    assert status == 0
    notes = [line for line in out.splitlines() if "plausibility" in line]
    assert notes == [
        "  note [CLDR plausibility, not a verdict]: Spanish is not among the languages CLDR lists for Lao People's "
        "Democratic Republic (LA); Latin America is 419: es-419?",
        "  note [CLDR plausibility, not a verdict]: Vietnamese is not among the languages CLDR lists for U.S. "
        "Virgin Islands (VI); CLDR's likely region for it is Viet Nam: vi-VN?",
        "  note [CLDR plausibility, not a verdict]: Spanish is not written in Han (Traditional variant) (Hant) in "
        "CLDR's likely-subtags data, which lists Latin.",
    ]


def test_check_json_fix_follows_iso_639_codes_to_their_subtag(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run(["check", "--json", "ron-RO", "uk-UK", "ge"], capsys)
    assert status == 1
    assert [json.loads(line)["fix"] for line in out.splitlines()] == ["ro-RO", "uk-UA", "ka"]


def test_check_json_fix_is_the_repair_where_the_first_fix_is_missing_or_not_valid(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The first fix of rus_Cyrl is rus-Cyrl (still not valid); de_DE.UTF-8 and values-pt-rBR have none.
    inputs = ["rus_Cyrl", "de_DE.UTF-8", "values-pt-rBR", "sr_RS@latin", "is-Latn", "xx"]
    status, out = _run(["check", "--json", *inputs], capsys)
    assert status == 1
    got = [json.loads(line)["fix"] for line in out.splitlines()]
    assert got == ["ru-Cyrl", "de-DE", "pt-BR", "sr-Latn-RS", "is", None]  # is-Latn: valid, its own advice


def test_a_huge_or_odd_input_is_quoted_short_and_visible(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _run(["repair", "x" * 100_000], capsys)
    assert status == 1
    assert out == (
        f"'{'x' * 80}…': no valid tag\n"
        "  source: nothing to repair\n"
        "  note: The input is longer than 256 characters (100,000): no tag, platform string or name is that long.\n"
    )
    status, out = _run(["repair", "en\x00US"], capsys)
    assert status == 1
    assert out.splitlines()[0] == "'en\\x00US': no valid tag"
    assert out.splitlines()[-1] == "  note: No valid tag could be made from 'en⟨NUL⟩US'."
