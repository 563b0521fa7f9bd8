"""Legacy LDML keywords <-> BCP 47 -u-: results, notes, and error results for bad input."""

from __future__ import annotations

import pytest
from bcp47_explorer.core.cldr.ldml import LdmlConversion, bcp47_to_legacy, legacy_to_bcp47
from bcp47_explorer.core.data import bundled_cldr
from hypothesis import given, settings
from hypothesis import strategies as st

CLDR = bundled_cldr()


@pytest.mark.parametrize(
    ("legacy", "bcp47"),
    [
        ("de_DE@collation=phonebook;currency=DDM", "de-DE-u-co-phonebk-cu-ddm"),
        ("en_US@calendar=gregorian;colNumeric=yes;timezone=America/Los_Angeles", "en-US-u-ca-gregory-kn-tz-uslax"),
        ("root", "und"),
        ("root@calendar=islamic-civil", "und-u-ca-islamic-civil"),
        ("en_US_POSIX", "en-US-u-va-posix"),
        ("de__1901", "de-1901"),
        ("sr_Latn_RS@colStrength=quaternary", "sr-Latn-RS-u-ks-level4"),
        ("es@collation=traditional", "es-u-co-trad"),
        ("en@rg=uszzzz;sd=usca", "en-u-rg-uszzzz-sd-usca"),
        ("en@colReorder=latn-digit", "en-u-kr-latn-digit"),
    ],
)
def test_round_trip(legacy: str, bcp47: str) -> None:
    forward = legacy_to_bcp47(legacy, CLDR)
    assert forward.ok and forward.result == bcp47, forward.errors
    back = bcp47_to_legacy(bcp47, CLDR)
    assert back.ok and back.result == legacy, back.errors


def test_notes_say_what_changed() -> None:
    r = legacy_to_bcp47("de_DE@collation=phonebook;currency=DDM", CLDR)
    expected = "collation=phonebook → co-phonebk (CLDR's legacy name; 'collation' is the legacy name of key 'co')"
    assert expected in r.notes
    assert any(n.startswith("currency=DDM → cu-ddm") for n in r.notes)
    assert any("'_' becomes '-'" in n for n in r.notes)
    back = bcp47_to_legacy("de-DE-u-co-phonebk-cu-ddm", CLDR)
    assert "co-phonebk → collation=phonebook" in back.notes


def test_legacy_keyword_names_and_values_are_case_insensitive() -> None:
    assert legacy_to_bcp47("DE_de@COLLATION=PhoneBook", CLDR).result == "de-DE-u-co-phonebk"


def test_legacy_true_is_dropped_and_written_yes() -> None:
    r = legacy_to_bcp47("en@colNumeric=yes", CLDR)
    assert r.result == "en-u-kn"
    assert any("drops '-true'" in n for n in r.notes)
    assert bcp47_to_legacy("en-u-kn-true", CLDR).result == "en@colNumeric=yes"
    assert bcp47_to_legacy("en-u-kn", CLDR).result == "en@colNumeric=yes"


def test_keywords_are_sorted_with_a_note() -> None:
    r = legacy_to_bcp47("th@numbers=thai;calendar=buddhist", CLDR)
    assert r.result == "th-u-ca-buddhist-nu-thai"
    assert any("sorted" in n for n in r.notes)
    assert bcp47_to_legacy("en-u-cu-usd-kn", CLDR).result == "en@colNumeric=yes;currency=USD"


def test_duplicate_keys_keep_the_first() -> None:
    r = legacy_to_bcp47("zh@collation=pinyin;collation=stroke", CLDR)
    assert r.result == "zh-u-co-pinyin"
    assert any("second 'collation'" in n for n in r.notes)
    assert bcp47_to_legacy("en-u-ca-gregory-ca-buddhist", CLDR).result == "en@calendar=gregorian"


def test_deprecated_values_convert_with_a_warning_note() -> None:
    r = legacy_to_bcp47("en@calendar=islamicc", CLDR)
    assert r.result == "en-u-ca-islamicc"
    assert any("deprecated" in n and "islamic-civil" in n for n in r.notes)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("de_DE@foo=bar", "'foo' is not a legacy keyword"),
        ("de_DE@collation=telephone", "'telephone' is not a value of collation"),
        ("de_DE@calendar", "has no '=value'"),
        ("de_DE@calendar=", "empty value"),
        ("de_DE@", "empty keyword"),
        ("de@a=b@c=d", "more than one '@'"),
        ("12_DE", "'12'"),
        ("en_Latn_US_x", "out of place"),
        ("de–DE", "ASCII"),
        ("en@sd=usxx", "'usxx' is not a value of sd"),
        ("de_de_1901_1901", "twice"),
        ("x" * 20000, "characters long"),
    ],
)
def test_bad_legacy_input_gives_error_results(text: str, fragment: str) -> None:
    r = legacy_to_bcp47(text, CLDR)
    assert not r.ok and r.result is None
    assert any(fragment in e for e in r.errors), r.errors


@pytest.mark.parametrize(
    ("tag", "fragment"),
    [
        ("", "empty"),
        ("en US", "' ' cannot appear"),
        ("en-t-it", "-t- extension"),
        ("en-x-foo", "private use"),
        ("en-u-attr-co-phonebk", "attributes"),
        ("en-u-zz-abc", "'zz' is not a -u- key"),
        ("en-u-ca-xyz", "'xyz' is not a type"),
        ("en-u-ca", "'ca' alone means 'ca-true'"),
        ("en-u", "no subtags"),
        ("en-u-c", "-c- extension"),
        ("123-u-ca-gregory", "'123'"),
    ],
)
def test_bad_tags_give_error_results(tag: str, fragment: str) -> None:
    r = bcp47_to_legacy(tag, CLDR)
    assert not r.ok and r.result is None
    assert any(fragment in e for e in r.errors), r.errors


def test_und_with_region_is_not_root() -> None:
    assert bcp47_to_legacy("und-US", CLDR).result == "und_US"
    assert bcp47_to_legacy("und", CLDR).result == "root"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="deDE_-@;=abcxyzu0123 /\u00e9", max_size=40))
def test_any_string_gives_a_result_not_an_exception(text: str) -> None:
    for conv in (legacy_to_bcp47(text, CLDR), bcp47_to_legacy(text, CLDR)):
        assert isinstance(conv, LdmlConversion)
        assert (conv.result is None) == bool(conv.errors)
