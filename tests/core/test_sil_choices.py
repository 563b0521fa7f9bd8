"""SIL's scripts, regions and answers beside CLDR's in the Build choices (issue 21), and SIL's tag sets.

Pins: a language's tag sets (its own first), its regions read from SIL's maximal tags (the default
first, narrowed by script), every script SIL has (record and tag sets); the script and region choices
put CLDR's likely one first, then SIL's, each mark naming its source; ``sil_note`` gives SIL's answer
for a language CLDR cannot maximize, names a full tag that differs from CLDR's, and says nothing
without SIL's data.
"""

from __future__ import annotations

import pytest
from bcp47_explorer.core.build.choices import ChoiceIndex, Likely, region_choices, script_choices, sil_note
from bcp47_explorer.core.data import bundled_registry, bundled_sil, bundled_supplemental
from bcp47_explorer.core.names.sil import SilData

DOC = {
    "format": 1,
    "source": "test",
    "languages": [["zh", "Chinese", "中文", [], [["Hans", "中文"]]], ["gsg", "German Sign Language", "", [], []]],
    "tagsets": [
        ["zh-CN", "zh-Hans-CN", ["zh", "zh-Hans"]],
        ["zh-TW", "zh-Hant-TW", ["zh-Hant"]],
        ["zh-HK", "zh-Hant-HK", []],
        ["zh-Latn", "zh-Latn-CN", []],
        ["gsg", "gsg-Zxxx-DE", ["gsg-DE", "gsg-Zxxx"]],
    ],
}


@pytest.fixture(scope="module")
def sil() -> SilData:
    return SilData.from_json(DOC)


def test_tag_sets_of_a_language_start_with_its_own(sil: SilData) -> None:
    assert sil.tagsets_of("ZH") == (
        ("zh-CN", "zh-Hans-CN", "zh", "zh-Hans"),
        ("zh-HK", "zh-Hant-HK"),
        ("zh-Latn", "zh-Latn-CN"),
        ("zh-TW", "zh-Hant-TW", "zh-Hant"),
    )
    assert sil.tagsets_of("xx") == ()


def test_regions_come_from_maximal_tags_default_first_and_by_script(sil: SilData) -> None:
    assert sil.regions_of("zh") == ("CN", "HK", "TW")
    assert sil.regions_of("zh", "Hant") == ("TW", "HK")
    assert sil.regions_of("zh", "Cyrl") == ()
    assert sil.scripts_of("zh") == ("Hans", "Hant", "Latn")
    assert sil.default_script("zh") == "Hans" and sil.default_script("gsg") == "Zxxx"
    assert sil.default_script("xx") == ""


@pytest.fixture(scope="module")
def data() -> tuple:  # type: ignore[type-arg]
    reg = bundled_registry()
    return reg, Likely(bundled_supplemental(), reg), bundled_sil()


def test_script_choices_put_cldr_likely_first_then_sils_each_labelled(data: tuple) -> None:  # type: ignore[type-arg]
    reg, likely, sil = data
    rows = ChoiceIndex(script_choices(reg, "ha", likely, None, "", sil)).choices[:5]
    assert [(c.code, c.mark, c.pinned) for c in rows] == [
        ("Latn", "likely for ha (CLDR); default for ha (SIL)", 1),
        ("Arab", "also used for ha (CLDR); also used for ha (SIL)", 2),
        ("Brai", "also used for ha (SIL)", 3),
        ("Adlm", "", 9),
        ("Afak", "", 9),
    ]
    # Without SIL's data the CLDR marks stand alone.
    plain = ChoiceIndex(script_choices(reg, "ha", likely, None, "")).choices[:3]
    assert [(c.code, c.mark) for c in plain] == [
        ("Latn", "likely for ha (CLDR)"),
        ("Arab", "also used for ha (CLDR)"),
        ("Adlm", ""),
    ]


def test_region_choices_put_cldr_likely_first_then_sils(data: tuple) -> None:  # type: ignore[type-arg]
    reg, likely, sil = data
    rows = ChoiceIndex(region_choices(reg, "aeb", likely, None, "", "", sil)).choices[:3]
    assert [(c.code, c.mark) for c in rows] == [
        ("TN", "likely for aeb (CLDR); default for aeb (SIL)"),
        ("IL", "also used for aeb (SIL)"),
        ("AA", "private use"),
    ]
    assert rows[1].detail == "SIL's langtags data also has a tag set of 'aeb' for Israel."
    rows = ChoiceIndex(region_choices(reg, "gsg", likely, None, "", "", sil)).choices[:1]
    assert (rows[0].code, rows[0].mark, rows[0].pinned) == ("DE", "default for gsg (SIL)", 1)


def test_sil_note_answers_where_cldr_cannot_and_names_differences(data: tuple) -> None:  # type: ignore[type-arg]
    reg, likely, sil = data
    assert sil_note(reg, "gsg", "", likely, sil, None, "region") == (
        "CLDR's likely subtags cannot maximize 'gsg'. SIL's answer: gsg-Zxxx-DE (Code for unwritten documents, "
        "Germany). The regions SIL lists for 'gsg': Germany (DE)."
    )
    assert sil_note(reg, "aeb", "", likely, sil) == (
        "The scripts SIL lists for 'aeb': Arabic (Arab), Hebrew (Hebr), Latin (Latn)."
    )
    note = sil_note(reg, "en", "", likely, sil, None, "region")
    assert note.startswith("The regions SIL lists for 'en': United States (US), World (001), Europe (150), ")
    assert note.endswith(" … (99 in all).")
    assert sil_note(reg, "aa", "", likely, None) == ""
    assert sil_note(reg, "", "", likely, sil) == ""


def test_sil_note_names_a_full_tag_that_differs_from_cldrs(data: tuple) -> None:  # type: ignore[type-arg]
    reg, likely, sil = data
    assert sil_note(reg, "apd", "", likely, sil) == (
        "SIL's full tag for 'apd' is apd-Arab-TG (Arabic, Togo); CLDR's likely subtags give apd-Arab-SD. "
        "The scripts SIL lists for 'apd': Arabic (Arab), Latin (Latn)."
    )
