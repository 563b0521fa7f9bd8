"""Issue 25's machinery: the UI language negotiated by the best fit, the catalogues kept up to date with the
source, a translation reaching the diagnostics (sections still cited in English), the CLI following the
environment, and the locale's number and list formats."""

from __future__ import annotations

import io
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po
from bcp47_explorer.cli import choose_language
from bcp47_explorer.core.data import bundled_engine, bundled_supplemental
from bcp47_explorer.core.matching.bestfit import Matcher
from bcp47_explorer.core.matching.uilanguage import env_preferences, negotiate, posix_to_bcp47
from bcp47_explorer.core.text import catalogue
from bcp47_explorer.core.text.catalogue import SHIPPED, _, current_language, ngettext, set_language
from bcp47_explorer.core.text.formats import format_list, format_number

from tools import i18n_compile, i18n_extract

# The checkout's catalogues: the .po sources are not installed with the package (only the compiled .mo and the
# template are), and CI runs the tests against a normal, not editable, install.
LOCALE = Path(__file__).resolve().parents[2] / "app" / "locale"


@pytest.fixture(scope="module")
def matcher() -> Matcher:
    return Matcher(bundled_supplemental())


@pytest.mark.parametrize(
    ("preferences", "expected"),
    [
        (["de-AT"], "de"),
        (["gsw"], "de"),
        (["es-MX"], "es"),
        (["zh-SG"], "zh-Hans"),
        (["zh"], "zh-Hans"),
        (["zh-TW"], "en"),  # no Traditional Chinese catalogue ships
        (["zh-Hant-HK"], "en"),
        (["ar-EG"], "ar"),
        (["fr-CA"], "fr"),
        (["ja-JP"], "ja"),
        (["nl-NL"], "en"),
        (["en-GB", "de"], "en"),
        (["zh-TW", "ja"], "ja"),  # the first preference has no catalogue; the second one does
        (["not a tag!", "fr"], "fr"),  # a malformed preference is skipped
        ([], "en"),
    ],
)
def test_the_ui_language_is_the_best_fit_among_the_shipped_catalogues(matcher, preferences, expected) -> None:
    assert negotiate(preferences, matcher).tag == expected


def test_the_negotiated_language_says_which_preference_it_matched_and_why(matcher) -> None:
    m = negotiate(["gsw"], matcher)
    assert (m.tag, m.desired, m.distance, m.preferences) == ("de", "gsw", 8, ("gsw",))
    assert m.reason.startswith("gsw (gsw-Latn-CH) vs de (de-Latn-DE): language gsw ~ de: rule gsw → de = 4")
    none = negotiate(["zh-TW"], matcher)
    assert (none.tag, none.desired, none.distance) == ("en", None, None)
    assert none.reason.startswith("no supported locale is within distance 50; the default is used")


def test_the_environment_gives_the_preferences_as_gettext_reads_them() -> None:
    assert env_preferences({"LANGUAGE": "de_AT:fr", "LANG": "es_MX.UTF-8"}) == ["de-AT", "fr", "es-MX"]
    assert env_preferences({"LC_ALL": "ja_JP.UTF-8", "LANG": "de_DE.UTF-8"}) == ["ja-JP"]
    assert env_preferences({"LC_MESSAGES": "ar_EG.UTF-8"}) == ["ar-EG"]
    assert env_preferences({"LANGUAGE": "de", "LANG": "C"}) == []  # the C locale is never translated
    assert env_preferences({"LANGUAGE": "de", "LC_ALL": "POSIX"}) == []
    # C.UTF-8 (containers, minimal systems) does not stop LANGUAGE, as in GNU gettext; alone it asks for nothing.
    assert env_preferences({"LANGUAGE": "de", "LANG": "C.UTF-8"}) == ["de"]
    assert env_preferences({"LANG": "C.UTF-8"}) == []
    assert env_preferences({}) == []
    assert posix_to_bcp47("sr_RS@latin") == "sr-Latn-RS"
    assert posix_to_bcp47("zh_CN.GB18030") == "zh-CN"


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANGUAGE": "de_AT", "LANG": "de_AT.UTF-8"}, "de"),
        ({"LANG": "zh_SG.UTF-8"}, "zh-Hans"),
        ({"LANG": "zh_TW.UTF-8"}, "en"),
        ({"LC_ALL": "ar_EG.UTF-8"}, "ar"),
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "en"}, "en"),
        ({"LANG": "C"}, "en"),
    ],
)
def test_the_command_line_follows_the_environment(environ, expected) -> None:
    assert choose_language(environ) == expected
    assert current_language() == expected


def _key(m: object) -> tuple[object, object]:
    """Return a hashable key of a catalogue entry (a plural's id is a list or a tuple, as Babel read it)."""
    mid = m.id  # type: ignore[attr-defined]
    return (tuple(mid) if isinstance(mid, (list, tuple)) else mid, m.context)  # type: ignore[attr-defined]


def _po_entries(cat: Catalog) -> set[tuple[object, object]]:
    return {_key(m) for m in cat if m.id}


def test_every_marked_string_is_in_the_template_and_every_catalogue() -> None:
    """A string marked in the source but not extracted (tools/i18n_extract.py not run) fails here."""
    extracted = _po_entries(i18n_extract.extract())
    pot = read_po(io.BytesIO((LOCALE / "bcp47_explorer.pot").read_bytes()))
    assert _po_entries(pot) == extracted, "run: python3 tools/i18n_extract.py"
    assert ("{message} ({section}).", None) in extracted
    assert ("Language of the application", None) in extracted
    assert sorted(i18n_extract.languages()) == sorted(SHIPPED)
    for tag in SHIPPED:
        source = catalogue.catalogue_path(tag, ".po", LOCALE).read_bytes()
        po = read_po(io.BytesIO(source), locale=tag.replace("-", "_"))
        assert _po_entries(po) == extracted, f"{tag}: run python3 tools/i18n_extract.py"


def _strings(cat: Catalog) -> dict[tuple[object, object], object]:
    return {
        _key(m): tuple(m.string) if isinstance(m.string, (list, tuple)) else m.string
        for m in cat
        if m.id and m.string and not m.fuzzy
    }


def test_every_compiled_catalogue_matches_its_source() -> None:
    for tag in SHIPPED:
        po = catalogue.catalogue_path(tag, ".po", LOCALE).read_bytes()
        mo = catalogue.catalogue_path(tag, ".mo", LOCALE).read_bytes()
        expected, _done, _total = i18n_compile.compile_po(po, tag)
        assert _strings(read_mo(io.BytesIO(mo))) == _strings(read_mo(io.BytesIO(expected))), (
            f"{tag}: run python3 tools/i18n_compile.py"
        )


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


def test_every_translation_keeps_the_named_fields_of_its_english_text() -> None:
    for tag in SHIPPED:
        source = catalogue.catalogue_path(tag, ".po", LOCALE).read_bytes()
        po = read_po(io.BytesIO(source), locale=tag.replace("-", "_"))
        for m in po:
            if not m.id or not m.string:
                continue
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            for s in strings:
                if s:
                    assert _fields(s) == _fields(ids[-1]), f"{tag}: {m.id!r} → {s!r}"


def _german(tmp_path: Path, entries: dict[str, str]) -> Path:
    cat = Catalog(locale="de", domain="bcp47_explorer")
    for msgid, msgstr in entries.items():
        cat.add(msgid, msgstr)
    cat.add(("{count} tag", "{count} tags"), ("{count} Tag", "{count} Tags"))
    path = catalogue.catalogue_path("de", root=tmp_path)
    path.parent.mkdir(parents=True)
    with path.open("wb") as fp:
        write_mo(fp, cat)
    return tmp_path


def test_a_translated_catalogue_words_the_diagnostics_and_keeps_the_sections_cited(tmp_path) -> None:
    root = _german(
        tmp_path,
        {
            "Whitespace ({char}) is not allowed in a language tag; only ASCII letters, digits and '-' are": (
                "Leerraum ({char}) ist in einem Sprach-Tag nicht erlaubt"
            ),
            "Replace the whitespace with '-'": "Leerraum durch '-' ersetzen",
            "{message} ({section}).": "{message} ({section}).",
        },
    )
    assert set_language("de", root) == "de"
    # Inputs no other test checks: the engine remembers recent answers in the wording they were made in.
    d = next(d for d in bundled_engine().check("tlh Latn").diagnostics if d.code == "whitespace")
    assert d.message == "Leerraum (U+0020 SPACE) ist in einem Sprach-Tag nicht erlaubt (RFC 5646 §2.1)."
    assert d.fix is not None and d.fix.label == "Leerraum durch '-' ersetzen"
    assert d.section == "RFC 5646 §2.1"
    assert (_("a text without a translation"), ngettext("{count} tag", "{count} tags", 1)) == (
        "a text without a translation",
        "{count} Tag",
    )
    assert set_language("en") == "en"
    d = next(d for d in bundled_engine().check("tlh Cyrl").diagnostics if d.code == "whitespace")
    assert re.match(r"Whitespace \(.+\) is not allowed in a language tag", d.message)


def test_a_missing_or_damaged_catalogue_gives_the_english_text(tmp_path) -> None:
    assert set_language("de", tmp_path) == "en"  # no file
    bad = catalogue.catalogue_path("fr", root=tmp_path)
    bad.parent.mkdir(parents=True)
    bad.write_bytes(b"not a catalogue")
    assert set_language("fr", tmp_path) == "en"
    assert set_language("tlh") == "en"


def test_numbers_and_lists_follow_the_language() -> None:
    assert [format_number(9296, t) for t in ("en", "de", "fr", "es", "ja", "zh-Hans", "ar")] == [
        "9,296", "9.296", "9\u202f296", "9296", "9,296", "9,296", "٩٬٢٩٦",
    ]  # fmt: skip
    assert format_number(1234567.25, "de") == "1.234.567,25"
    assert format_number(-12345, "es") == "-12.345"
    assert format_list(["de", "fr", "ja"], "fr") == "de, fr et ja"
    assert format_list(["de", "fr", "ja"], "zh-Hans") == "de、fr和ja"
    assert format_list(["de", "fr", "ja", "ar"], "ar") == "de، fr، ja، وar"
    assert format_list(["de"], "de") == "de" and format_list([], "de") == ""
    set_language("en")
    assert format_number(10000) == "10,000"
