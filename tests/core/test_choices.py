"""Pins what the Build pane offers (core/build/choices.py) and how it rewrites -t- and private use
(core/engine/tedit.py): ranking like the registry search, narrowing while typing on equal to a fresh
filter, likely script and region first, all 225 scripts, M.49 areas, variants greyed with the
reason, autonyms through CLDR names."""

from __future__ import annotations

import pytest
from bcp47_explorer.core.build.choices import (
    ChoiceIndex,
    IndexNames,
    Likely,
    language_choices,
    region_choices,
    script_advice,
    script_choices,
    variant_choices,
)
from bcp47_explorer.core.data import bundled_namer, bundled_supplemental
from bcp47_explorer.core.engine.tedit import private_use, t_extension, with_private_use, with_t_extension
from bcp47_explorer.core.registry.search import fold


@pytest.fixture(scope="module")
def likely(registry):  # type: ignore[no-untyped-def]
    return Likely(bundled_supplemental(), registry)


@pytest.fixture(scope="module")
def languages(registry):  # type: ignore[no-untyped-def]
    return language_choices(registry, IndexNames(bundled_namer().search_index("en"), registry))


def test_every_language_record_is_a_choice(registry, languages) -> None:  # type: ignore[no-untyped-def]
    assert len(languages) == registry.counts()["language"]


@pytest.mark.parametrize(
    ("query", "first"),
    [("Deutsch", "de"), ("español", "es"), ("espanol", "es"), ("日本語", "ja"), ("German", "de"), ("sr", "sr"),
     ("Serbian", "sr"), ("Mandarin", "cmn")],
)  # fmt: skip
def test_names_and_autonyms_find_the_language_first(languages, query: str, first: str) -> None:  # type: ignore[no-untyped-def]
    assert ChoiceIndex(languages).filter(query)[0].code == first


def test_typing_on_narrows_to_the_same_result_as_a_fresh_filter(languages) -> None:  # type: ignore[no-untyped-def]
    typed = ChoiceIndex(languages)
    for query in ("chinese mandarin", "norw bok", "zh-hant", "qab", "o'o", "(a", "e"):
        for i in range(1, len(query) + 1):
            fresh = ChoiceIndex(languages)
            expected = fresh._filter(fold(query[:i].strip()))[0] if query[:i].strip() else list(fresh.choices)
            assert [c.code for c in typed.filter(query[:i])] == [c.code for c in expected], query[:i]


def test_language_marks(languages) -> None:  # type: ignore[no-untyped-def]
    by_code = {c.code: c for c in languages}
    assert by_code["iw"].target == "he" and by_code["iw"].mark.startswith("deprecated → he")
    assert by_code["zh"].mark == "macrolanguage of 19" and "yue (Yue Chinese)" in by_code["zh"].detail
    assert by_code["cmn"].mark == "in zh"
    assert by_code["und"].mark == "special: undetermined language"
    assert by_code["zxx"].mark.startswith("special")
    assert by_code["sla"].mark == "collection"
    assert by_code["qaa..qtz"].mark == "private use" and by_code["qaa..qtz"].target == "qaa"
    assert "extended language subtag" in by_code["yue"].detail


def test_scripts(registry, likely) -> None:  # type: ignore[no-untyped-def]
    sr = ChoiceIndex(script_choices(registry, "sr", likely))
    assert len(sr) == 225
    assert [c.code for c in sr.filter("")[:2]] == ["Cyrl", "Latn"]
    en = ChoiceIndex(script_choices(registry, "en", likely)).filter("")
    assert en[0].code == "Latn" and en[0].mark == "adds nothing to en"
    assert script_advice(registry, "sr", likely) == (
        "'sr' is written in Cyrillic and Latin; 'sr' alone means Cyrillic (CLDR likely subtags)."
    )


def test_regions(registry, likely) -> None:  # type: ignore[no-untyped-def]
    zh_hant = ChoiceIndex(region_choices(registry, "zh", likely, script="Hant"))
    assert zh_hant.filter("")[0].code == "TW"
    assert ChoiceIndex(region_choices(registry, "sr", likely)).filter("")[0].code == "RS"
    found = ChoiceIndex(region_choices(registry, "en", likely)).filter("latin america")
    assert found[0].code == "419" and "UN M.49" in found[0].mark
    bu = next(c for c in region_choices(registry, "en") if c.code == "BU")
    assert bu.target == "MM"


def test_variants_offered_only_where_the_prefix_is_met(registry) -> None:  # type: ignore[no-untyped-def]
    rows = {c.code: c for c in variant_choices(registry, ["sl"], ["rozaj"])}
    assert rows["biske"].enabled and rows["rozaj"].mark == "in the tag (Enter removes it)"
    assert rows["1994"].enabled  # its Prefixes include sl-rozaj
    alone = {c.code: c for c in variant_choices(registry, ["sl"], [])}
    assert not alone["1994"].enabled and alone["1994"].mark == "needs 'rozaj' first (its Prefix is 'sl-rozaj')"
    assert not rows["oxendict"].enabled and rows["oxendict"].mark == "is for 'en' (its Prefix), not 'sl'"
    assert rows["fonipa"].enabled  # no Prefix: any language
    offered = [c.code for c in ChoiceIndex(variant_choices(registry, ["sl"], ["rozaj"])).filter("")]
    assert offered.index("biske") < offered.index("oxendict")  # offered ones first


def test_t_extension_and_private_use_rewrites() -> None:
    assert with_t_extension("en", "ar", [("m0", ["ungegn"])]) == "en-t-ar-m0-ungegn"
    assert with_t_extension("en-x-a", "", [("s0", ["ascii"]), ("d0", ["latn"])]) == "en-t-d0-latn-s0-ascii-x-a"
    assert t_extension("en-T-AR-M0-UNGEGN").source == "ar"
    assert with_private_use("en-u-nu-latn", ["a", "b"]) == "en-u-nu-latn-x-a-b"
    assert private_use("en-x-A-b") == ("a", "b")
    assert with_private_use("en-x-a", []) == "en"
