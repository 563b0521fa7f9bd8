"""Issue 25: the errors about damaged CLDR data files (cldr-bcp47.json, cldr-supplemental.json) are templates of the
catalogue: under a marking catalogue no English is left outside the marks, and English is as before."""

from __future__ import annotations

import pytest
from bcp47_explorer.core.cldr.likely import Supplemental, SupplementalError
from bcp47_explorer.core.cldr.model import CldrData, CldrDataError
from bcp47_explorer.core.data import DataError, load_cldr, load_supplemental
from bcp47_explorer.core.text.catalogue import set_language, use_translations

from tests.i18n_pseudo import PseudoTranslations, needs_translation

_KEYS = '"aliases": {}, "subdivisions": "", "cldr_version": "48", "package_version": "48.2.0"'
_ROW = '{{"format": 1, "keys": [["u", "ca", "", "", false, null, "", null, [{type}]]], '
CLDR_DOCS = [
    "[]",
    '{"format": 7}',
    '{"format": 1}',
    '{"format": 1, "keys": {}}',
    '{"format": 1, "keys": [["u"]], ' + _KEYS + "}",
    '{"format": 1, "keys": [["x", "ca", "", "", false, null, "", null, []]], ' + _KEYS + "}",
    '{"format": 1, "keys": [["u", "ca", 5, "", false, null, "", null, []]], ' + _KEYS + "}",
    '{"format": 1, "keys": [["u", "ca", "", "", false, null, "", null, [[1]]]], ' + _KEYS + "}",
    _ROW.format(type='["x", 5, "", false, null, null, null, null]') + _KEYS + "}",
    _ROW.format(type='["x", "", "", false, 5, null, null, null]') + _KEYS + "}",
    '{"format": 1, "keys": [], ' + _KEYS + "}",
    '{"format": 1, "keys": [], ' + _KEYS.replace('"aliases": {}', '"aliases": []') + "}",
    '{"format": 1, "keys": [], "territory_codes": 5, ' + _KEYS + "}",
    '{"format": 1, "keys": [], "sources": 5, ' + _KEYS + "}",
    '{"format": 1, "keys": [], "unicode_version": 5, ' + _KEYS + "}",
    '{"format": 1, "keys": [], ' + _KEYS.replace('"48"', "48") + "}",
]
_LIKELY = '"likely": {"und": "en-Latn-US"}, "parents": {}, "parent_rules": {}'
SUPPLEMENTAL_DOCS = [
    "[]",
    '{"format": 1, "likely": {}}',
    '{"format": 1, "likely": {"und": "en"}}',
    '{"format": 1, "likely": {"und": 5}}',
    '{"format": 1, ' + _LIKELY + "}",
    '{"format": 1, ' + _LIKELY + ', "matching": {"paradigm": [], "variables": {}, "rules": []}}',
    '{"format": 1, ' + _LIKELY + ', "matching": {"paradigm": [], "variables": {}, "rules": [["en", "fr", 1, false]]},'
    ' "territory_languages": 5}',
]


@pytest.fixture
def pseudo():  # type: ignore[no-untyped-def]
    use_translations(PseudoTranslations(), "en-x-pseudo")
    yield
    set_language("en")


@pytest.mark.parametrize("doc", CLDR_DOCS)
def test_a_damaged_cldr_file_is_reported_in_marked_sentences(pseudo, tmp_path, doc) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "cldr.json"
    path.write_text(doc, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_cldr(path)
    message = str(caught.value).removeprefix(f"{path}: ")
    assert message.startswith("⟦") and not needs_translation(message), message


@pytest.mark.parametrize("doc", SUPPLEMENTAL_DOCS)
def test_damaged_supplemental_data_is_reported_in_marked_sentences(pseudo, tmp_path, doc) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "supplemental.json"
    path.write_text(doc, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_supplemental(path)
    message = str(caught.value).removeprefix(f"{path}: ")
    assert message.startswith("⟦") and not needs_translation(message), message


def test_english_messages_read_as_before() -> None:
    with pytest.raises(CldrDataError) as caught:
        CldrData.from_json(CLDR_DOCS[1])
    assert str(caught.value) == "format 7 is not the supported format 1"
    with pytest.raises(CldrDataError) as caught:
        CldrData.from_json(CLDR_DOCS[-1])
    assert str(caught.value) == "'cldr_version' and 'package_version' must be strings"
    with pytest.raises(SupplementalError) as caught:
        Supplemental.from_json(SUPPLEMENTAL_DOCS[4])
    assert str(caught.value) == "matching is missing"
    with pytest.raises(SupplementalError) as caught:
        Supplemental.from_json("{")
    assert str(caught.value).startswith("not JSON (Expecting property name")
