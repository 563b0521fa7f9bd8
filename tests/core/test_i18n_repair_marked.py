"""Issue 25: the repair and the platform forms speak the UI language where a person reads them, ``--json`` stays
English.

A pseudo-catalogue answers every message with ``⟦message⟧``; a line with English words outside the marks was not
marked. Driven as a person meets it: ``bcp47 repair`` and ``bcp47 convert --to PLATFORM`` (text and ``--json``),
and the Repair object the Build pane and the editor show through :func:`shown`.
"""

from __future__ import annotations

import json
import re

import pytest
from bcp47_explorer import cli
from bcp47_explorer.core.build.platforms import PLATFORM_LABELS, platform_forms
from bcp47_explorer.core.text.catalogue import _, set_language, use_translations
from bcp47_explorer.core.text.said import Said, shown

from tests.i18n_pseudo import CLOSE, OPEN, PseudoTranslations, needs_translation

#: Inputs whose repair has a source, steps, notes and alternatives from every reader and rule.
REPAIRS = ["uk-UK", "de_DE.UTF-8", "values-b+sr+Latn", "es-ES_tradnl", "ja_JP_JP", "Base.lproj", "C", "ger-DE",
           "jp", "de_DE_PREEURO", "sr_RS@latin", "xx-YY", "kr"]  # fmt: skip
CONVERSIONS = [("android", "sr-Latn-RS"), ("posix", "de-DE-u-co-phonebk"), ("windows", "de-DE-u-co-phonebk-nu-arab"),
               ("java", "sr-Latn-RS"), ("apple", "de-DE-u-co-phonebk"), ("posix", "xx-YY")]  # fmt: skip


@pytest.fixture
def pseudo(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(cli, "choose_language", lambda environ: "en-x-pseudo")  # the CLI keeps the pseudo catalogue
    use_translations(PseudoTranslations(), "en-x-pseudo")
    yield
    set_language("en")


def _run(capsys, *argv: str) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    capsys.readouterr()
    cli.main(list(argv))
    out = capsys.readouterr()
    return out.out, out.err


#: The head of a repair: the input quoted, an arrow and the tag (no words).
_HEAD = re.compile(r"'[^']*' → [A-Za-z0-9-]+")


#: A line's label around its text: the text inside is checked on its own (its marks, not the label's, count).
_LABELLED = re.compile(r"\s*⟦(?:source|step|alternative|note): (.*)⟧")


def _unmarked(text: str) -> list[str]:
    """Return the lines with English outside the marks, a labelled line's text checked without its label."""
    bad = []
    for line in text.splitlines():
        labelled = _LABELLED.fullmatch(line)
        inner = labelled[1] if labelled else line
        if not _HEAD.fullmatch(line) and needs_translation(inner):
            bad.append(line)
    return bad


def test_the_repair_text_output_is_marked(pseudo, capsys) -> None:  # type: ignore[no-untyped-def]
    out, _err = _run(capsys, "repair", *REPAIRS)
    assert _unmarked(out) == []
    lines = out.splitlines()
    assert "  ⟦source: {source}⟧".format(source="⟦the language code written again as the region (CLDR likely "
                                               "subtags)⟧") in lines  # fmt: skip
    assert (
        "  ⟦note: {note}⟧".format(note="⟦'{folder}' holds the base internationalization, no language.⟧").format(
            folder="Base.lproj"
        )
        in lines
    )
    assert sum(line.startswith("  ⟦step:") for line in lines) >= 10
    assert sum(line.startswith("  ⟦alternative:") for line in lines) >= 3


def test_the_repair_json_stays_english(pseudo, capsys) -> None:  # type: ignore[no-untyped-def]
    out, _err = _run(capsys, "repair", "--json", *REPAIRS)
    assert OPEN not in out and CLOSE not in out
    first = json.loads(out.splitlines()[0])
    assert first == {
        "input": "uk-UK",
        "tag": "uk-UA",
        "source": "the language code written again as the region (CLDR likely subtags)",
        "steps": ["'UK' repeats the language code; Ukrainian's likely region in CLDR is 'UA'"],
        "alternatives": [{"tag": "uk-GB", "reason": "'UK' is ISO 3166's reserved code for United Kingdom"}],
        "notes": [
            "Two readings are close: 'uk-UK' as Ukrainian in Ukraine (the code written twice) or in United Kingdom "
            "('UK' reserved for it); the first is taken."
        ],
    }
    set_language("en")
    english, _err = _run(capsys, "repair", "--json", *REPAIRS)
    assert out == english


@pytest.mark.parametrize(("to", "tag"), CONVERSIONS)
def test_convert_to_a_platform_is_marked_and_its_json_english(pseudo, capsys, to, tag) -> None:  # type: ignore[no-untyped-def]
    out, err = _run(capsys, "convert", "--to", to, tag)
    assert _unmarked("\n".join(out.splitlines()[1:])) == [] and _unmarked(err) == []  # the first line: the form
    notes = [line for line in (out + err).splitlines() if line.startswith("  ")]
    assert notes and all(line.startswith(f"  {OPEN}") for line in notes)
    out, _err = _run(capsys, "convert", "--json", "--to", to, tag)
    assert OPEN not in out and json.loads(out)["notes"]


def test_convert_from_a_platform_is_marked(pseudo, capsys) -> None:  # type: ignore[no-untyped-def]
    out, _err = _run(capsys, "convert", "--from", "java", "de_DE_PREEURO")
    assert out.splitlines()[0] == "de-DE-u-cu-dem"
    assert _unmarked(out) == []
    assert any(line.startswith("  ⟦alternative: ") for line in out.splitlines())


def test_what_a_form_loses_and_the_labels_are_worded_where_shown(pseudo) -> None:  # type: ignore[no-untyped-def]
    forms = {f.platform: f for f in platform_forms("de-DE-u-co-phonebk", None)}
    assert forms["posix"].lost == ("the extensions u-co-phonebk (POSIX has no place for -u- or -t-)",)  # English
    assert shown(forms["posix"].lost[0]) == "⟦the extensions {extensions} (POSIX has no place for {u} or {t})⟧".format(
        extensions="u-co-phonebk", u="-u-", t="-t-"
    )
    assert shown(forms["icu"].lost[0]) == "⟦CLDR data is not loaded⟧"
    assert [_(label) for label in PLATFORM_LABELS.values()][:2] == ["⟦POSIX (glibc)⟧", "⟦Java Locale⟧"]


def test_a_said_words_its_fields_too_and_stays_english_as_a_string(pseudo) -> None:  # type: ignore[no-untyped-def]
    inner = Said("the variant {variant}", variant="fonipa")
    outer = Said("{why}: kept", why=inner)
    assert (outer, outer == "the variant fonipa: kept") == ("the variant fonipa: kept", True)
    assert shown(outer) == "⟦⟦the variant fonipa⟧: kept⟧"
    assert shown("en-US") == "en-US" and shown(1234) == "1,234"
