"""The repair (core build/repair and build/platforms): each family's cases taken from its own source, the
"Did you mean" over all 205 ISO 639 codes CLDR maps to a two-letter subtag, and each platform's form."""

from __future__ import annotations

import re

import pytest
from bcp47_explorer.core.build.choices import Likely
from bcp47_explorer.core.build.platforms import (
    detect,
    read_android,
    read_java,
    read_posix,
    read_windows,
    write_android,
    write_apple,
    write_java,
    write_posix,
    write_windows,
)
from bcp47_explorer.core.build.repair import Repairer
from bcp47_explorer.core.data import bundled_engine, bundled_name_finder, bundled_registry, bundled_supplemental
from bcp47_explorer.core.engine.tag import TagEngine


@pytest.fixture(scope="module")
def engine() -> TagEngine:
    return bundled_engine()


@pytest.fixture(scope="module")
def repairer(engine: TagEngine) -> Repairer:
    return Repairer(engine, Likely(bundled_supplemental(), bundled_registry()), bundled_name_finder())


def _iso639_codes(engine: TagEngine) -> list[tuple[str, str]]:
    """The three-letter codes CLDR's languageAlias maps to a two-letter subtag that the registry does not hold."""
    assert engine.cldr is not None
    return sorted(
        (k, v)
        for k, v in engine.cldr.language_aliases.items()
        if re.fullmatch("[a-z]{3}", k) and re.fullmatch("[a-z]{2}", v) and engine.registry.get("language", k) is None
    )


def test_did_you_mean_sends_every_iso_639_code_cldr_maps_to_its_two_letter_subtag(engine: TagEngine) -> None:
    codes = _iso639_codes(engine)
    assert len(codes) == 205
    assert engine.cldr is not None
    reasons = {engine.cldr.language_alias_reasons[k] for k, _ in codes}
    assert reasons == {"overlong", "bibliographic", "deprecated"}  # deprecated: the withdrawn scc, scr
    wrong = {}
    for code, two in codes:
        fixes = [d.fix.tag for d in engine.check(code).diagnostics if d.fix is not None]
        if fixes[:1] != [two]:
            wrong[code] = fixes[:1]
    assert wrong == {}


def test_did_you_mean_never_reads_a_code_as_a_language_name(engine: TagEngine) -> None:
    # Each of these went to a language that merely has the code as a name ("Ron", "Ge"...) or to no language.
    cases = (("ron-RO", "ro-RO"), ("fas", "fa"), ("dan", "da"), ("tha", "th"), ("zul", "zu"), ("ge", "ka"),
             ("KZ", "kk"), ("ko-KO", "ko-KR"), ("he-HE", "he-IL"), ("uk-UK", "uk-UA"))  # fmt: skip
    for text, fixed in cases:
        r = engine.check(text)
        fixes = [d.fix.tag for d in r.diagnostics if d.fix is not None]
        assert fixes[:1] == [fixed], text
    (d,) = [d for d in engine.check("uk-UK").diagnostics if d.code == "unknown-region"]
    assert "'UK' is also ISO 3166's reserved code for 'GB'. Did you mean 'UA'?" in d.message


def test_the_repair_gives_every_iso_639_code_its_two_letter_subtag(engine: TagEngine, repairer: Repairer) -> None:
    assert {code: repairer.repair(code).tag for code, _ in _iso639_codes(engine)} == dict(_iso639_codes(engine))


@pytest.mark.parametrize(
    ("text", "tag", "source"),
    [
        ("ron-RO", "ro-RO", "CLDR languageAlias (overlong"),
        ("ger", "de", "CLDR languageAlias (bibliographic: an ISO 639-2/B code)"),
        ("rum", "ro", "CLDR languageAlias (bibliographic"),
        ("zho-Hant-TW", "zh-Hant-TW", "CLDR languageAlias (overlong"),
        ("scc", "sr", "CLDR languageAlias (a withdrawn ISO 639-2/B code)"),
        ("rus_Cyrl", "ru-Cyrl", "CLDR languageAlias (overlong"),
        ("sla", "sla", "already a valid tag"),  # a collective code (ISO 639-5, a collection in the registry)
        ("arb", "arb", "already a valid tag"),  # a macrolanguage member is kept as written
    ],
)
def test_iso_639_codes_alone_and_with_script_and_region(repairer: Repairer, text: str, tag: str, source: str) -> None:
    r = repairer.repair(text)
    assert (r.tag, r.source[: len(source)]) == (tag, source)


def test_an_iso_639_3_code_whose_cldr_alias_goes_through_a_legacy_code_keeps_the_registry_s_subtag(
    repairer: Repairer,
) -> None:
    r = repairer.repair("hbs")
    assert r.tag == "sh"
    assert [(a.tag, a.reason) for a in r.alternatives] == [("sr-Latn", "CLDR's Unicode form of 'sh'")]


@pytest.mark.parametrize(
    ("text", "tag"),
    [
        ("de_DE.UTF-8", "de-DE"),
        ("sr_RS@latin", "sr-Latn-RS"),
        ("uz_UZ@cyrillic", "uz-Cyrl-UZ"),
        ("sd_IN@devanagari", "sd-Deva-IN"),
        ("ca_ES@valencia", "ca-ES-valencia"),
        ("de_DE@euro", "de-DE"),
        ("en_US_POSIX", "en-US-u-va-posix"),
        ("C", "en-US-u-va-posix"),
        ("POSIX", "en-US-u-va-posix"),
    ],
)
def test_posix_locale_names(repairer: Repairer, text: str, tag: str) -> None:
    assert detect(text) == "posix"
    assert repairer.repair(text).tag == tag


def test_posix_readings_say_what_was_dropped_and_offer_und_for_c() -> None:
    assert read_posix("de_DE.UTF-8").steps == (
        "the codeset '.UTF-8' is dropped: a language tag says nothing about encoding",
    )
    assert read_posix("de_DE@euro").notes == (
        "'@euro' chose the euro as the currency; -u-cu-eur would say so, if that matters.",
    )
    assert read_posix("C").alternatives == (("und", "the C locale as 'no particular language'"),)


@pytest.mark.parametrize(
    ("text", "tag"),
    [
        ("ja_JP_JP", "ja-JP-u-ca-japanese"),
        ("ja_JP_JP_#u-ca-japanese", "ja-JP-u-ca-japanese"),
        ("th_TH_TH", "th-TH-u-nu-thai"),
        ("no_NO_NY", "nn-NO"),
        ("sr_BA_#Latn", "sr-Latn-BA"),
        ("iw_IL", "he-IL"),
        ("in_ID", "id-ID"),
        ("ji", "yi"),
        ("en_US_WIN", "en-US-x-lvariant-win"),
    ],
)
def test_java_locale_strings_with_java_s_exceptions(repairer: Repairer, text: str, tag: str) -> None:
    assert repairer.repair(text, "java").tag == tag


@pytest.mark.parametrize(
    ("text", "tag", "alternatives", "note"),
    [
        # ICU's legacy canonicalization: PREEURO is the currency the euro replaced (de_DE@currency=DEM).
        (
            "de_DE_PREEURO",
            "de-DE-u-cu-dem",
            ["de-DE"],
            "Java's toLanguageTag keeps 'PREEURO' as a variant (de-DE-preeuro), which is well-formed but not valid: "
            "no such variant is registered.",
        ),
        (
            "ca_ES_PREEURO",
            "ca-ES-u-cu-esp",
            ["ca-ES"],
            "Java's toLanguageTag keeps 'PREEURO' as a variant (ca-ES-preeuro), which is well-formed but not valid: "
            "no such variant is registered.",
        ),
        # EURO only chose the euro, these countries' currency anyway: dropped as glibc's @euro is, -u-cu-eur offered.
        (
            "es_ES_EURO",
            "es-ES",
            ["es-ES-u-cu-eur"],
            "Java's toLanguageTag writes 'EURO' as private use (es-ES-x-lvariant-euro).",
        ),
        # No currency the euro replaced in the US: the variant is dropped, and said.
        (
            "en_US_PREEURO",
            "en-US",
            [],
            "Java's toLanguageTag keeps 'PREEURO' as a variant (en-US-preeuro), which is well-formed but not valid: "
            "no such variant is registered.",
        ),
    ],
)
def test_java_and_icu_currency_variants_preeuro_and_euro(
    repairer: Repairer, text: str, tag: str, alternatives: list[str], note: str
) -> None:
    r = repairer.repair(text)  # detected as a Java locale string by its shape
    assert (r.tag, [a.tag for a in r.alternatives]) == (tag, alternatives)
    assert r.source == "Java Locale string (java.util.Locale.toString)"
    assert r.notes[0] == note


def test_preeuro_step_names_the_old_currency(repairer: Repairer) -> None:
    assert repairer.repair("de_DE_PREEURO").steps == (
        "the variant 'PREEURO' asks for the currency before the euro: 'DEM' in DE, -u-cu-dem "
        "(ICU's legacy canonicalization)",
    )


def test_java_auto_detection_and_old_codes() -> None:
    assert [detect(t) for t in ("ja_JP_JP", "th_TH_TH", "no_NO_NY", "sr_BA_#Latn")] == ["java"] * 4
    assert read_java("iw_IL").steps == ("'iw' is Java's old code for 'he'",)


@pytest.mark.parametrize(
    ("text", "tag"),
    [
        ("values-pt-rBR", "pt-BR"),
        ("values-b+sr+Latn", "sr-Latn"),
        ("b+es+419", "es-419"),
        ("in-rID", "id-ID"),
        ("values-iw", "he"),
        ("values-fr", "fr"),
    ],
)
def test_android_resource_qualifiers(repairer: Repairer, text: str, tag: str) -> None:
    assert repairer.repair(text, "android").tag == tag
    assert read_android(text).tag is not None


@pytest.mark.parametrize(
    ("text", "tag"),
    [
        ("zh-CHS", "zh-Hans"),
        ("zh-CHT", "zh-Hant"),
        ("es-ES_tradnl", "es-ES-u-co-trad"),
        ("de-DE_phoneb", "de-DE-u-co-phonebk"),
        ("zh-TW_pronun", "zh-TW-u-co-zhuyin"),
        ("zh-CN_stroke", "zh-CN-u-co-stroke"),
        ("qps-ploc", "en-XA"),
        ("qps-plocm", "ar-XB"),
        ("qps-ploca", "qps-x-ploca"),
    ],
)
def test_windows_culture_and_sort_names(repairer: Repairer, text: str, tag: str) -> None:
    assert detect(text) == "windows"
    assert repairer.repair(text).tag == tag


def test_a_windows_sort_without_a_cldr_collation_is_dropped_and_said() -> None:
    r = read_windows("hu-HU_technl")
    assert (r.tag, r.notes) == (
        "hu-HU",
        ("'_technl' (Hungarian technical sort) has no CLDR collation; it was dropped.",),
    )


@pytest.mark.parametrize(
    ("text", "tag"),
    [("English.lproj", "en"), ("Japanese.lproj", "ja"), ("pt-BR.lproj", "pt-BR"), ("zh_Hans.lproj", "zh-Hans")],
)
def test_apple_lproj_folders(repairer: Repairer, text: str, tag: str) -> None:
    assert repairer.repair(text).tag == tag


def test_base_lproj_is_no_language(repairer: Repairer) -> None:
    r = repairer.repair("Base.lproj")
    assert (r.tag, r.notes) == (None, ("'Base.lproj' holds the base internationalization, no language.",))


@pytest.mark.parametrize(
    ("text", "tag", "source"),
    [
        ("Deutsch", "de", "a name: autonym (CLDR)"),
        ("Brazilian Portuguese", "pt-BR", "a name: CLDR name in English"),
        ("Simplified Chinese", "zh-Hans", "a name: CLDR name in English"),
        ("Latin American Spanish", "es-419", "a name: CLDR name in English"),
        ("Flemish", "nl-BE", "a name: CLDR name in English"),
        ("english", "en", "a name: registry Description"),
    ],
)
def test_names_in_any_language(repairer: Repairer, text: str, tag: str, source: str) -> None:
    r = repairer.repair(text)
    assert (r.tag, r.source) == (tag, source)


def test_a_name_with_two_close_readings_says_so(repairer: Repairer) -> None:
    r = repairer.repair("Flemish")
    assert [a.tag for a in r.alternatives] == ["nl"]
    assert r.notes == (
        "Two readings are close: 'Flemish' names 'nl-BE' (CLDR name in English) and 'nl' (registry Description); "
        "'nl-BE' is taken.",
    )


@pytest.mark.parametrize(
    ("text", "tag"),
    [("jp", "ja"), ("cn", "zh"), ("gr", "el"), ("dk", "da"), ("ge", "ka"), ("KZ", "kk"), ("en-UK", "en-GB"),
     ("ko-KO", "ko-KR"), ("he-HE", "he-IL"), ("ja-JA", "ja-JP"), ("EN_us", "en-US"), ("pt br", "pt-BR"),
     ("en-USA", "en-US"), ("ZH-hant-tw", "zh-Hant-TW")],
)  # fmt: skip
def test_slips(repairer: Repairer, text: str, tag: str) -> None:
    assert repairer.repair(text).tag == tag


def test_separators_and_case_say_what_decided(repairer: Repairer) -> None:
    r = repairer.repair("EN_us")
    assert (r.tag, r.source) == ("en-US", "'_' and spaces read as '-' (RFC 5646 §2.1: subtags are separated by '-')")
    assert r.steps == ("'_' and spaces are read as '-': EN-us", "canonical form (RFC 5646 §4.5): EN-us → en-US")
    assert repairer.repair("EN-us").source == "already a valid tag (RFC 5646 §2.2.9)"


def test_uk_uk_is_ukrainian_in_ukraine_with_the_united_kingdom_as_a_close_alternative(repairer: Repairer) -> None:
    r = repairer.repair("uk-UK")
    assert r.as_json() == {
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


def test_a_valid_country_code_slip_is_kept_and_the_other_reading_offered(repairer: Repairer) -> None:
    r = repairer.repair("kr")
    assert (r.tag, [a.tag for a in r.alternatives]) == ("kr", ["ko"])
    assert r.notes[0].startswith("Two readings are close: 'kr' is Kanuri")


@pytest.mark.parametrize(
    ("text", "alternative", "note"),
    [
        ("es-LA", "es-419", "Spanish is not among the languages CLDR lists for Lao People's Democratic Republic (LA); "
         "Latin America is 419: es-419?"),
        ("vi-VI", "vi-VN", "Vietnamese is not among the languages CLDR lists for U.S. Virgin Islands (VI); CLDR's "
         "likely region for it is Viet Nam: vi-VN?"),
        ("es-Hant-419", None, "Spanish is not written in Han (Traditional variant) (Hant) in CLDR's likely-subtags "
         "data, which lists Latin."),
    ],
)  # fmt: skip
def test_a_valid_but_implausible_tag_is_kept_with_a_note(
    repairer: Repairer, text: str, alternative: str | None, note: str
) -> None:
    r = repairer.repair(text)
    assert (r.tag, r.notes) == (text, (note,))
    assert [a.tag for a in r.alternatives] == ([alternative] if alternative else [])


def test_nothing_fits_gives_no_tag(repairer: Repairer) -> None:
    r = repairer.repair("xx-YY")
    assert (r.tag, r.source, r.notes) == (None, "nothing fits", ("No valid tag could be made from 'xx-YY'.",))
    assert repairer.repair("   ").tag is None
    long = repairer.repair("en-" * 5000)
    assert (long.tag, long.notes) == (None, ("The input is longer than 256 characters (15000): no tag, platform string "
                                             "or name is that long.",))  # fmt: skip
    with pytest.raises(ValueError, match="unknown origin"):
        repairer.repair("en", "klingon")


# ------------------------------------------------------------------------------------------------- platform forms
@pytest.mark.parametrize(
    ("tag", "posix", "java", "android", "windows", "apple"),
    [
        ("de-DE", "de_DE.UTF-8", "de_DE", "values-de-rDE", "de-DE", "de-DE.lproj"),
        ("sr-Latn-RS", "sr_RS.UTF-8@latin", "sr_RS_#Latn", "values-b+sr+Latn+RS", "sr-Latn-RS", "sr-Latn-RS.lproj"),
        ("ca-ES-valencia", "ca_ES.UTF-8@valencia", "ca_ES_valencia", "values-b+ca+ES+valencia", "ca-ES-valencia",
         "ca-ES-valencia.lproj"),
        ("ja-JP-u-ca-japanese", "ja_JP.UTF-8", "ja_JP_JP_#u-ca-japanese", "values-b+ja+JP+u+ca+japanese", "ja-JP",
         "ja-JP.lproj"),
        ("es-ES-u-co-trad", "es_ES.UTF-8", "es_ES_#u-co-trad", "values-b+es+ES+u+co+trad", "es-ES_tradnl",
         "es-ES.lproj"),
        ("en-US-u-va-posix", "en_US_POSIX", "en_US_#u-va-posix", "values-b+en+US+u+va+posix", "en-US",
         "en-US.lproj"),
        ("es-419", "es.UTF-8", "es_419", "values-b+es+419", "es-419", "es-419.lproj"),
        ("nn-NO", "nn_NO.UTF-8", "nn_NO", "values-nn-rNO", "nn-NO", "nn-NO.lproj"),
    ],
)  # fmt: skip
def test_each_platform_s_form(tag: str, posix: str, java: str, android: str, windows: str, apple: str) -> None:
    got = [f(tag).text for f in (write_posix, write_java, write_android, write_windows, write_apple)]
    assert got == [posix, java, android, windows, apple]


def test_what_each_platform_form_loses() -> None:
    assert write_posix("ja-JP-u-ca-japanese").lost == (
        "the extensions u-ca-japanese (POSIX has no place for -u- or -t-)",
    )
    assert write_android("sr-Latn").lost == (
        "the 'b+' form needs Android 7.0 (API 24) or later; older versions ignore the folder",
    )
    assert write_windows("ja-JP-u-ca-japanese").lost == ("the -u- keywords ca-japanese",)
    assert write_java("he-IL").lost == ("Java before 17 writes 'he' as its old code 'iw'",)
    assert write_android("he").lost == ("Android before 7.0 looks for 'iw' (values-iw): ship both",)
    assert write_posix("x-private").text is None


@pytest.mark.parametrize(
    "tag", ["de-DE", "sr-Latn-RS", "ca-ES-valencia", "ja-JP-u-ca-japanese", "es-ES-u-co-trad", "pt-BR", "zh-Hant-TW"]
)
def test_every_platform_form_reads_back_to_the_tag_where_nothing_is_lost(repairer: Repairer, tag: str) -> None:
    for platform, write in (("posix", write_posix), ("java", write_java), ("android", write_android),
                            ("windows", write_windows), ("apple", write_apple)):  # fmt: skip
        form = write(tag)
        if form.lost or form.text is None:
            continue
        assert repairer.repair(form.text, platform).tag == tag, (platform, form.text)
