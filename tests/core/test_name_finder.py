"""The one name index (names/finder.py) over every bundled name, SIL's data (names/sil.py), and their CLI faces."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bcp47_explorer.cli import main
from bcp47_explorer.core.data import bundled_name_finder, bundled_sil
from bcp47_explorer.core.names.finder import AUTONYM, OTHER, PRIMARY, NameFinder, words

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.mark.parametrize("text", ["Arabic, Tunisian", "Tunisian Arabic", "arabic tunisian", "ARABIC  tunisian"])
def test_tunisian_arabic_found_first_in_any_word_order(text: str) -> None:
    hit = bundled_name_finder().search(text, limit=1)[0]
    assert (hit.kind, hit.code, hit.name, hit.exact) == ("language", "aeb", "Tunisian Arabic", True)


def test_dialect_name_finds_the_cldr_tag() -> None:
    hits = bundled_name_finder().search("brazilian portuguese", limit=2)
    assert [(h.kind, h.code, h.name, h.source) for h in hits] == [
        ("tag", "pt-BR", "Brazilian Portuguese", "CLDR name in English")
    ]


def test_region_by_everyday_names() -> None:
    finder = bundled_name_finder()
    top = {t: finder.search(t, kinds=("region",), limit=1)[0] for t in ("britain", "uk", "ivory coast", "holland")}
    assert (top["britain"].code, top["britain"].source) == ("GB", "ISO 3166-1 name (SIL's package)")
    assert (top["uk"].code, top["uk"].name, top["uk"].source) == ("GB", "UK", "CLDR alternate name in English")
    assert (top["ivory coast"].code, top["ivory coast"].name) == ("CI", "Ivory Coast")
    assert top["holland"].code == "NL"
    assert bundled_name_finder().search("britain", limit=1)[0].code == "GB"  # before "Gimi (West New Britain)"


def test_sources_and_autonyms() -> None:
    finder = bundled_name_finder()
    assert [(h.code, h.name, h.source) for h in finder.search("Qafar af", limit=1)] == [
        ("aa", "Qafar af", "autonym (SIL)")
    ]
    assert [(h.code, h.source) for h in finder.search("Deutsch", kinds=("language",), limit=1)] == [
        ("de", "autonym (CLDR)")
    ]
    assert ("aeb", "Ethnologue alternate name (SIL)") in [(h.code, h.source) for h in finder.search("Tounsi")]
    assert [(h.code, h.source) for h in finder.search("Spanisch", kinds=("language",), limit=1)] == [
        ("es", "CLDR name in German")
    ]


def test_ranking_exact_then_autonym_then_other_names() -> None:
    finder = NameFinder(
        [
            ("language", "x1", "Foo Bar", "registry Description", OTHER),
            ("language", "x2", "Foo", "an alternate", OTHER),
            ("language", "x3", "Foobar", "autonym", AUTONYM),
            ("language", "x4", "Fooish", "registry Description", PRIMARY),
        ]
    )
    assert [h.code for h in finder.search("foo")] == ["x2", "x4", "x3", "x1"]
    assert [h.code for h in finder.search("bar foo")] == ["x1"]
    assert finder.search("") == [] and finder.search(",,") == []
    assert words("Côte d’Ivoire; Nord-Alta") == ("cote", "d", "ivoire", "nord", "alta")


def test_partial_words_when_no_name_has_them_all() -> None:
    hit = bundled_name_finder().search("Swahili (Makrosprache)", kinds=("language",), limit=1)[0]
    assert (hit.code, hit.exact) == ("sw", False)


def test_names_from_a_source_we_do_not_ship_found_in_the_first_five() -> None:
    rows = [
        line.rstrip("\n").split("\t")
        for line in (DATA / "iso-codes-language-names.tsv").read_text(encoding="utf-8").splitlines()
        if not line.startswith("#")
    ]
    assert len(rows) == 400
    finder = bundled_name_finder()
    found = sum(code in [h.code for h in finder.search(name, kinds=("language",), limit=5)] for _, code, name in rows)
    assert found / len(rows) >= 0.90, f"{found} of {len(rows)}"


def test_sil_data_scripts_tag_sets_and_regions() -> None:
    sil = bundled_sil()
    assert sil.source == "npm @ethnolib/find-language@0.1.8"
    assert sil.scripts("aeb") == ("Arab", "Hebr", "Latn")
    assert sil.maximal("aeb") == "aeb-Arab-TN" and sil.maximal("ase") == "ase-Sgnw-US"
    assert "aeb-TN" in sil.equivalents("aeb") and sil.equivalents("qqq-bogus") == ()
    assert sil.regions["GB"] == "United Kingdom of Great Britain and Northern Ireland"
    lang = sil.language("AEB")
    assert lang is not None and (lang.name, lang.autonym) == ("Tunisian Arabic", "Derja")


def test_cli_search_names_lists_aeb_first_with_its_source(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "--names", "Arabic,", "Tunisian", "--limit", "1"]) == 0
    assert capsys.readouterr().out == "language  aeb  Tunisian Arabic  [registry Description]\n"
    assert main(["search", "--names", "--json", "--limit", "1", "arabic", "tunisian"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["results"] == [
        {"kind": "language", "code": "aeb", "name": "Tunisian Arabic", "source": "registry Description", "exact": True}
    ]
    assert main(["search", "Arabic,", "Tunisian", "--type", "language", "--limit", "1"]) == 0
    assert capsys.readouterr().out.split()[:2] == ["language", "aeb"]


def test_cli_likely_sil_adds_sils_answer_and_keeps_cldrs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["likely", "--sil", "--json", "bfi"]) == 1  # CLDR cannot maximize British Sign Language
    doc = json.loads(capsys.readouterr().out)
    assert (doc["max"], doc["sil"]["max"], doc["sil"]["differs_from_cldr"]) == (None, "bfi-Zxxx-GB", True)
    assert doc["sil"]["source"] == "npm @ethnolib/find-language@0.1.8"
    assert main(["likely", "--sil", "--json", "sgn-ase"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["max"], doc["sil"]["max"], doc["sil"]["scripts"]) == ("ase-Sgnw-US", "ase-Sgnw-US", ["Sgnw", "Zxxx"])
    assert main(["likely", "--sil", "aeb"]) == 0
    out = capsys.readouterr().out
    assert "  maximized:     aeb-Arab-TN\n" in out
    assert "  SIL maximal:   aeb-Arab-TN\n" in out and "  SIL scripts:   Arab Hebr Latn\n" in out
