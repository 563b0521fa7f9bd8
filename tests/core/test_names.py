"""CLDR display names: whole tags per UTS #35 Part 2 §1.1, subtags, autonyms, fallback, search, the CLI."""

from __future__ import annotations

import json

import pytest
from bcp47_explorer import cli
from bcp47_explorer.core.data import bundled_namer, bundled_names
from bcp47_explorer.core.names.namer import Namer


@pytest.fixture(scope="module")
def namer() -> Namer:
    return bundled_namer()


# ------------------------------------------------------------------ whole tags, several display languages
@pytest.mark.parametrize(
    ("tag", "display", "expected"),
    [
        ("sr-Latn-RS", "en", "Serbian (Latin, Serbia)"),
        ("sr-Latn-RS", "de", "Serbisch (Lateinisch, Serbien)"),
        ("sr-Latn-RS", "fr", "serbe (latin, Serbie)"),
        ("sr-Latn-RS", "ja", "セルビア語 (ラテン文字、セルビア)"),
        ("sr-Latn-RS", "ar", "الصربية (اللاتينية، صربيا)"),
        # CLDR's own names for language+region and language+script combinations (CombineLanguage)
        ("en-GB", "en", "British English"),
        ("en-GB", "fr", "anglais britannique"),
        ("en-GB", "ja", "イギリス英語"),
        ("en-GB", "de", "Englisch (Vereinigtes Königreich)"),
        ("en-GB", "ar", "الإنجليزية (المملكة المتحدة)"),
        ("zh-Hant-TW", "en", "Traditional Chinese (Taiwan)"),
        ("zh-Hant-TW", "ar", "الصينية التقليدية (تايوان)"),
        ("es-419", "en", "Latin American Spanish"),
        ("es-419", "fr", "espagnol d’Amérique latine"),
        ("fr-CA-u-ca-buddhist", "fr", "français canadien (calendrier bouddhiste)"),
        ("fr-CA-u-ca-buddhist", "ja", "フランス語 (カナダ、仏暦)"),
        ("ar-001", "en", "Modern Standard Arabic"),
        ("de", "ja", "ドイツ語"),
    ],
)
def test_whole_tag_names_in_several_display_languages(namer: Namer, tag: str, display: str, expected: str) -> None:
    assert namer.display_name(tag, display) == expected


def test_the_longest_language_match_wins_and_its_subtags_are_not_named_again(namer: Namer) -> None:
    # en-Latn-GB: no en-Latn-GB or en-Latn entry, en-GB is: "British English" + Latin only.
    assert namer.display_name("en-Latn-GB", "en") == "British English (Latin)"
    # a tie between language+script and language+region goes to the script (it comes earlier)
    assert namer.display_name("zh-Hans-TW", "en") == "Simplified Chinese (Taiwan)"


def test_pattern_with_several_qualifiers_and_variants_in_alphabetical_order(namer: Namer) -> None:
    # variants are named in canonical (alphabetical) order, whatever order the tag has
    assert namer.display_name("en-Latn-US-scouse-fonipa", "en") == "American English (Latin, IPA Phonetics, Scouse)"
    assert (
        namer.display_name("de-Latn-CH-1996", "de")
        == "Schweizer Hochdeutsch (Lateinisch, Neue deutsche Rechtschreibung)"
    )
    # the locale's own separator pattern: Japanese 、 and Arabic ،
    assert namer.display_name("sr-Cyrl-BA", "ja") == "セルビア語 (キリル文字、ボスニア・ヘルツェゴビナ)"
    assert "، " in namer.display_name("en-Latn-US-fonipa", "ar")  # type: ignore[operator]


def test_the_spec_examples_of_extensions(namer: Namer) -> None:
    assert namer.display_name("en-u-nu-deva-t-de", "en") == "English (Transform: German, Devanagari Digits)"
    assert namer.display_name("hi-u-nu-latn-t-en-h0-hybrid", "en") == "Hindi (Hybrid: English, Western Digits)"
    # our reading: private use last (the spec's steps), parentheses in the t-lang name become brackets
    assert namer.display_name("fr-z-zz-zzz-v-vv-vvv-u-uu-uuu-t-ru-Cyrl-s-ss-sss-a-aa-aaa-x-u-x", "en") == (
        "French (Transform: Russian [Cyrillic], uu: uuu, a: aa-aaa, s: ss-sss, v: vv-vvv, z: zz-zzz, Private-Use: u-x)"
    )


def test_u_keywords_are_named_by_their_bcp47_codes_through_the_legacy_names(namer: Namer) -> None:
    assert namer.display_name("de-u-co-phonebk", "de") == "Deutsch (Telefonbuch-Sortierung)"
    assert namer.display_name("en-u-ca-gregory", "en") == "English (Gregorian Calendar)"
    assert namer.display_name("en-u-ks-level1", "en") == "English (Sort Base Letters Only)"
    assert namer.display_name("en-u-kn", "en") == "English (Sort Digits Numerically)"  # no type means true
    # a name with parentheses inside a qualifier becomes bracketed
    assert namer.display_name("en-u-ca-islamic-civil", "en") == "English (Hijri Calendar [tabular, civil epoch])"
    # key and value without a combined name: localeKeyTypePattern (French puts a narrow space before the colon)
    assert namer.display_name("en-u-xx-yyy", "en") == "English (xx: yyy)"
    assert namer.display_name("en-u-xx-yyy", "fr") == "anglais (xx\u202f: yyy)"
    assert namer.display_name("en-u-kr-latn-digit", "en") == "English (Script/Block Reordering: Latin, Digits)"


def test_currency_values_have_cldr_currency_names(namer: Namer) -> None:
    assert namer.display_name("en-u-cu-eur", "en") == "English (Currency: Euro)"
    assert namer.display_name("de-CH-u-cu-chf", "de") == "Schweizer Hochdeutsch (Währung: Schweizer Franken)"
    assert namer.display_name("en-u-cu-eur", "ja") == "英語 (通貨: ユーロ)"
    assert namer.type_name("cu", "usd", "fr") == "dollar des États-Unis"
    assert namer.display_name("en-u-cu-xyz", "en") == "English (Currency: xyz)"  # not a currency CLDR names
    row = namer.subtag_names("en-u-cu-eur", "de-CH")[-1]
    assert (row.kind, row.code, row.name, row.source) == ("u-type", "eur", "Euro", "de")


def test_time_zone_values_are_named_by_their_exemplar_city(namer: Namer) -> None:
    assert namer.display_name("de-CH-u-tz-chzrh", "de") == "Schweizer Hochdeutsch (Zeitzone: Zürich)"
    assert namer.display_name("en-u-tz-usnyc", "ja") == "英語 (タイムゾーン: ニューヨーク)"
    # CLDR en lists no city for America/New_York: the city comes from the IANA id, as CLDR's own fallback
    assert namer.display_name("en-u-tz-usnyc", "en") == "English (Time Zone: New York)"
    assert namer.subtag_names("en-u-tz-usnyc", "en")[-1].source == "IANA id"
    assert namer.display_name("en-u-tz-unk", "de") == "Englisch (Zeitzone: Unbekannt)"
    assert namer.display_name("en-u-tz-utc", "en") == "English (Time Zone: utc)"  # Etc/ ids have no city


def test_subdivision_and_rg_values_have_names(namer: Namer) -> None:
    assert namer.subdivision_name("gbsct", "de") == "Schottland"
    assert namer.subdivision_name("usca", "en") == "California"
    assert namer.subdivision_name("usca", "ja") == "California"  # CLDR names it in English only
    assert namer.subdivision_name("zz99", "en") is None
    assert namer.rg_name("gbzzzz", "fr") == "Royaume-Uni"
    assert namer.type_name("sd", "gbsct", "fr") == "Écosse"
    assert namer.display_name("en-u-sd-gbsct", "en") == "English (Region Subdivision: Scotland)"
    assert namer.display_name("en-u-rg-uszzzz", "en") == "English (Region For Supplemental Data: United States)"
    # the -u- builder's sd picker: every subdivision of a region with its name
    us = namer.subdivisions_of("US", "fr")
    assert len(us) == 57 and ("usca", "California") in us and ("ustx", "Texas") in us  # English: fr has 3
    assert namer.subdivisions_of("419", "en") == []


# ------------------------------------------------------------------ unknown codes, registry fallback
def test_codes_cldr_does_not_name_fall_back_to_the_registry_then_the_code(namer: Namer) -> None:
    assert namer.display_name("aaa", "en") == "Ghotuo"  # registry Description, CLDR has no name
    assert namer.display_name("aaa", "de") == "Ghotuo"
    assert namer.display_name("qaa", "en") == "Private use"  # inside the range qaa..qtz
    assert namer.display_name("en-fonipa", "ar").endswith("(International Phonetic Alphabet)")
    assert namer.display_name("xyz", "en") == "xyz"  # in neither
    assert namer.display_name("en-Zzzz-YY", "en") == "English (Unknown Script, YY)"
    assert namer.display_name("en-XY", "en") == "English (Private use)"  # inside XA..XZ


def test_deprecated_grandfathered_and_extlang_tags_are_named_through_the_registry(namer: Namer) -> None:
    assert namer.display_name("iw-IL", "en") == "Hebrew (Israel)"  # Preferred-Value he
    assert namer.display_name("i-klingon", "de") == "Klingonisch"
    assert namer.display_name("i-default", "en") == "Default Language"
    assert namer.display_name("zh-yue", "en") == "Cantonese"
    # An extlang the registry does not hold names no language ('usa' is Usarufa's language subtag).
    assert namer.display_name("en-USA", "en") == "English (USA)"
    assert namer.display_name("zh-xxx-HK", "en") == "Chinese (xxx, Hong Kong SAR China)"


def test_a_tag_that_is_not_well_formed_has_no_name(namer: Namer) -> None:
    assert namer.display_name("en-US-x-", "en") is None
    assert namer.name_tag("en--US", "en").name is None


# ------------------------------------------------------------------ autonyms
@pytest.mark.parametrize(
    ("tag", "autonym"),
    [
        ("de", "Deutsch"),
        ("ja", "日本語"),
        ("es", "español"),
        ("ar", "العربية"),
        ("fr-CA", "français canadien"),
        ("sr-Latn-RS", "srpski (latinica, Srbija)"),
        ("sr-Cyrl", "српски (ћирилица)"),
        ("zh-Hant-TW", "繁體中文（台灣）"),
    ],
)
def test_autonyms(namer: Namer, tag: str, autonym: str) -> None:
    assert namer.autonym(tag) == autonym


def test_no_autonym_where_cldr_has_no_locale(namer: Namer) -> None:
    assert namer.autonym("aaa") is None
    assert namer.name_tag("aaa", "en").autonym_locale is None


# ------------------------------------------------------------------ fallback along the parent chain
def test_display_locale_resolution_and_parent_chain() -> None:
    pack = bundled_names()
    assert pack.chain(pack.resolve_locale("de-CH")) == ("de-CH", "de", "root")
    assert pack.chain(pack.resolve_locale("en-GB")) == ("en-GB", "en-001", "en", "root")
    assert pack.chain(pack.resolve_locale("pt-AO")) == ("pt-AO", "pt-PT", "pt", "root")
    assert pack.chain(pack.resolve_locale("sr-Latn")) == ("sr-Latn", "root")  # parentLocales: not sr
    assert pack.resolve_locale("zh-TW") == "zh-Hant"  # the region's likely script
    assert pack.resolve_locale("zh-Hans-HK") == "zh-Hans-HK"
    assert pack.resolve_locale("de-Latn-AT-1996-u-co-phonebk") == "de-AT"
    assert pack.resolve_locale("de-Cyrl") == "root"  # nonlikelyScript: not de
    assert pack.resolve_locale("en_GB") == "en-GB"
    assert pack.resolve_locale("und") == pack.resolve_locale("xx") == "root"


def test_names_come_from_the_nearest_locale_that_has_them(namer: Namer) -> None:
    ch = namer.names("de-CH")
    assert ch.get("k", "ms") == "Mass-System"  # de-CH's own spelling
    assert namer.names("de").get("k", "ms") == "Maßsystem"
    assert ch.source("k", "ms") == "de-CH"
    assert ch.get("l", "fr") == "Französisch" and ch.source("l", "fr") == "de"  # inherited from de
    assert ch.get("l", "de-CH") == "Schweizer Hochdeutsch"
    # in root there are patterns but no names: the registry's English descriptions take over
    root = namer.names("xx")
    assert root.locale == "root" and root.get("l", "de") is None and root.pattern == "{0} ({1})"
    assert namer.display_name("de-CH", "xx") == "German (Switzerland)"


def test_subtag_names_carry_cldr_name_source_and_registry_description(namer: Namer) -> None:
    rows = {s.text: s for s in namer.subtag_names("zh-Hans-CN-u-ca-chinese-sd-cnbj", "de-CH")}
    assert (rows["zh"].kind, rows["zh"].name, rows["zh"].source, rows["zh"].description) == (
        "language",
        "Chinesisch",
        "de",
        "Chinese",
    )
    assert rows["Hans"].name == "Vereinfachtes Chinesisch"  # the stand-alone script name
    assert rows["Hans"].description == "Han (Simplified variant)"
    assert rows["CN"].name == "China"
    assert (rows["ca"].kind, rows["ca"].name) == ("u-key", "Kalender")
    assert (rows["chinese"].kind, rows["chinese"].code, rows["chinese"].name) == (
        "u-type",
        "chinese",
        "Chinesischer Kalender",
    )
    assert rows["cnbj"].name == "Beijing"
    assert [(s.start, s.end) for s in namer.subtag_names("en-GB", "en")] == [(0, 2), (3, 5)]


def test_t_source_language_subtags_are_named(namer: Namer) -> None:
    rows = [(s.kind, s.code, s.name) for s in namer.subtag_names("en-t-de-ch-m0-ungegn", "en")]
    assert rows == [
        ("language", "en", "English"),
        ("t-language", "de", "German"),
        ("t-region", "CH", "Switzerland"),
        ("t-key", "m0", "Transform Rules"),
        ("t-value", "ungegn", "UN GEGN Transliteration"),
    ]


# ------------------------------------------------------------------ search by name in any language
@pytest.mark.parametrize("display", ["en", "de", "ja"])
@pytest.mark.parametrize(("text", "code"), [("Deutsch", "de"), ("español", "es"), ("日本語", "ja"), ("espanol", "es")])
def test_search_finds_languages_by_autonym_in_any_display_language(
    namer: Namer, display: str, text: str, code: str
) -> None:
    hits = namer.search_index(display).search(text, kinds=("language",))
    assert hits[0].code == code


def test_search_by_english_and_display_language_names_and_by_code(namer: Namer) -> None:
    de = namer.search_index("de")
    assert de.search("Schweiz", kinds=("region",))[0].code == "CH"
    assert de.search("Switzerland")[0].code == "CH"  # English works in every display language
    assert de.search("Lateinisch", kinds=("script",))[0].code == "Latn"
    assert de.search("latn")[0].code == "Latn"  # the code itself ranks first
    assert de.get("language", "DE").name == "Deutsch"  # type: ignore[union-attr]
    assert namer.search_index("en").search("Schweiz") == []
    assert de.search("") == list(de.entries)
    assert len(de.search("a", limit=5)) == 5


def test_search_puts_live_records_before_deprecated_ones(namer: Namer) -> None:
    hits = namer.search_index("en").search("Hebrew", kinds=("language",))
    codes = [h.code for h in hits]
    assert codes.index("he") < codes.index("iw")


# ------------------------------------------------------------------ the CLI
def test_cli_name_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["name", "--in", "de", "sr-Latn-RS"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "sr-Latn-RS: Serbisch (Lateinisch, Serbien)"
    assert "autonym (sr-Latn): srpski (latinica, Srbija)" in out
    assert "Latn  script      Lateinisch" in out and "registry: Latin" in out


def test_cli_name_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["name", "--json", "--in", "ja", "en-GB", "de"]) == 0
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert first["input"] == "en-GB" and first["display"] == "ja" and first["locale"] == "ja"
    assert first["name"] == "イギリス英語" and first["autonym"] == "British English"
    assert first["subtags"][1] == {
        "text": "GB",
        "start": 3,
        "end": 5,
        "kind": "region",
        "code": "GB",
        "cldr": "イギリス",
        "source": "ja",
        "registry": "United Kingdom",
    }
    assert second["autonym"] == "Deutsch" and second["autonym_locale"] == "de"


def test_cli_name_reads_stdin_and_reports_ill_formed_tags(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"de\nen-US-x-\n")))
    assert cli.main(["name", "--json", "-"]) == 1
    captured = capsys.readouterr()
    rows = [json.loads(line) for line in captured.out.splitlines()]
    assert [r["name"] for r in rows] == ["German", None]
    assert "'en-US-x-' is not well-formed" in captured.err


def test_cli_name_display_language_problems(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["name", "--in", "a b", "de"]) == 2
    assert "--in 'a b': not a well-formed language tag" in capsys.readouterr().err
    assert cli.main(["name", "--in", "tlh", "de"]) == 0  # no CLDR locale: registry names, and a note
    captured = capsys.readouterr()
    assert captured.out.startswith("de: German")
    assert "has no display names for 'tlh'" in captured.err


def test_typing_one_more_character_gives_the_same_hits_as_a_fresh_search(namer: Namer) -> None:
    from bcp47_explorer.core.names.search import NameIndex

    typed = namer.search_index("fr")
    fresh_entries = typed.entries
    for text in ("s", "se", "ser", "serb", "se", "x", "", "s", "sé", "s", "x"):
        fresh = NameIndex(typed.display, typed.locale, fresh_entries)
        assert typed.search(text) == fresh.search(text), text
    assert typed.search("d", kinds=("region",)) == NameIndex("fr", "fr", fresh_entries).search("d", kinds=("region",))
    assert [e.code for e in typed.search("de", kinds=("language",), limit=1)] == ["de"]
    first = typed.search("s")
    first.clear()  # a caller's list is its own: the remembered one-letter result is untouched
    assert typed.search("s") == NameIndex("fr", "fr", fresh_entries).search("s")


def test_cli_name_takes_its_registry_descriptions_from_registry_file(
    capsys: pytest.CaptureFixture[str], tmp_path
) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.core.registry.model import SAMPLE

    path = tmp_path / "registry.txt"
    path.write_text(SAMPLE, encoding="utf-8")
    assert cli.main(["name", "--json", "--registry", str(path), "mt-MT", "de"]) == 0
    mt, de = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert [s["registry"] for s in mt["subtags"]] == ["Maltese", "Malta"]
    assert mt["name"] == "Maltese (Malta)"
    assert de["subtags"][0]["registry"] is None and de["subtags"][0]["cldr"] == "German"  # not in that file


def test_cli_name_reports_a_damaged_pack_as_a_data_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.core import data
    from bcp47_explorer.core.names.namer import Namer

    raw = bytearray(data.resource_path("cldr-names.pack").read_bytes())
    raw[-5000:] = b"\0" * 5000
    (tmp_path / "names.pack").write_bytes(bytes(raw))
    broken = Namer(data.load_names(tmp_path / "names.pack"), data.bundled_registry(), data.bundled_cldr())
    monkeypatch.setattr("bcp47_explorer.core.data.bundled_namer", lambda: broken)
    assert cli.main(["name", "--in", "zu", "de"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bcp47: data error: ") and "names.pack: the names of zu are damaged" in err


@pytest.mark.parametrize(
    ("tag", "locale", "name"),
    [
        # Issue 19: brackets replace parentheses only inside a localePattern, not in a name standing alone.
        ("nb", "de", "Norwegisch (Bokmål)"),
        ("hi-Latn", "en", "Hindi (Latin)"),
        ("nb-SJ", "de", "Norwegisch [Bokmål] (Spitzbergen und Jan Mayen)"),
    ],
)
def test_brackets_only_inside_a_locale_pattern(namer: Namer, tag: str, locale: str, name: str) -> None:
    assert namer.display_name(tag, locale) == name


@pytest.mark.parametrize(
    ("tag", "locale", "name"),
    [
        # Issue 19: a code CLDR does not name is retried in its canonical form (CLDR's aliases, UTS #35
        # Part 2) before the registry's English Description.
        ("arb", "ja", "アラビア語"),
        ("als", "ja", "アルバニア語"),
        ("azj", "ru", "азербайджанский"),
        ("bh", "ja", "ボージュプリー語"),
        ("und-BU", "ja", "言語不明 (ミャンマー [ビルマ])"),
        ("und-DD", "de", "Unbekannte Sprache (Deutschland)"),
        ("und-ZR", "ja", "言語不明 (コンゴ民主共和国[キンシャサ])"),
        # Of several replacements (SU, YU, CS, AN) the first is taken: a reading.
        ("und-YU", "de", "Unbekannte Sprache (Serbien)"),
    ],
)
def test_names_retried_through_cldr_aliases(namer: Namer, tag: str, locale: str, name: str) -> None:
    assert namer.display_name(tag, locale) == name
