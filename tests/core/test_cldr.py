"""CLDR BCP 47 data: the bundled snapshot, -u- and -t- checks, legacy names, damaged files."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from bcp47_explorer.core.cldr.model import CldrData, CldrDataError
from bcp47_explorer.core.data import CLDR_FILE, DataError, bundled_cldr, load_cldr, resource_path
from bcp47_explorer.core.registry.extensions import ExtensionsRegistry


@pytest.fixture(scope="module")
def cldr() -> CldrData:
    return bundled_cldr()


def codes(problems: list) -> list[tuple[str, str, int]]:  # type: ignore[type-arg]
    return [(p.code, p.severity, p.index) for p in problems]


def test_bundled_snapshot_is_cldr_48_with_all_keys(cldr: CldrData) -> None:
    assert (cldr.version, cldr.package_version) == ("48", "48.2.0")
    assert len(cldr.u_keys) == 29
    assert sorted(cldr.t_keys) == ["d0", "h0", "i0", "k0", "m0", "s0", "t0", "x0"]
    assert len(cldr.u_keys["tz"].types) == 469
    assert len(cldr.u_keys["cu"].types) == 307
    assert len(cldr.subdivisions) == 5046
    assert {"usca", "gbsct", "gbeng"} <= cldr.subdivisions


def test_load_time_is_reported() -> None:
    text = resource_path(CLDR_FILE).read_text(encoding="utf-8")
    start = time.perf_counter()
    data = CldrData.from_json(text)
    elapsed_ms = (time.perf_counter() - start) * 1000
    print(f"cldr-bcp47.json parsed and built in {elapsed_ms:.1f} ms")
    assert data.u_key("ca") is not None


def test_keys_and_types_carry_descriptions_and_legacy_names(cldr: CldrData) -> None:
    co = cldr.u_key("CO")
    assert co is not None and co.legacy_name == "collation" and co.name == "Collation"
    assert co.types["phonebk"].legacy_names == ("phonebook",)
    assert co.types["phonebk"].description == "Phonebook style ordering (such as in German)"
    ca = cldr.u_keys["ca"]
    assert ca.value_type == "incremental"
    assert ca.types["islamic-civil"].subtags == ("islamic", "civil")
    assert ca.types["gregory"].legacy_name == "gregorian"
    assert cldr.u_keys["tz"].types["uslax"].legacy_names[0] == "America/Los_Angeles"
    assert cldr.u_keys["ks"].types["level4"].legacy_names == ("quaternary", "quarternary")
    assert cldr.u_keys["kr"].value_classes == ("REORDER_CODE",)
    assert "digit" in cldr.u_keys["kr"].types
    assert cldr.u_keys["vt"].deprecated and cldr.u_keys["vt"].value_classes == ("CODEPOINTS",)
    assert cldr.u_keys["kn"].has_true and not cldr.u_keys["ca"].has_true
    assert [t.name for t in cldr.u_keys["fw"].sorted_types()] == ["fri", "mon", "sat", "sun", "thu", "tue", "wed"]
    assert cldr.u_keys["hc"].sorted_types()[-1].deprecated  # c12/c24 go last


def test_value_help_for_value_class_keys(cldr: CldrData) -> None:
    assert cldr.value_help("ca") is None
    help_rg = cldr.value_help("rg")
    assert help_rg is not None and "uszzzz" in help_rg
    assert "hex" in (cldr.value_help("vt") or "")


@pytest.mark.parametrize(
    ("key", "types"),
    [
        ("ca", ["islamic", "civil"]),
        ("ca", ["gregory"]),
        ("co", ["phonebk"]),
        ("kr", ["latn", "digit"]),
        ("kr", ["others"]),
        ("rg", ["uszzzz"]),
        ("rg", ["usca"]),
        ("sd", ["usca"]),
        ("sd", ["gbsct"]),
        ("dx", ["hani", "thai"]),
        ("kn", []),
        ("tz", ["uslax"]),
        ("cu", ["ddm"]),
        ("CA", ["GREGORY"]),
    ],
)
def test_valid_u_keywords_have_no_problems(cldr: CldrData, key: str, types: list[str]) -> None:
    assert cldr.check_u_keyword(key, types) == []


def test_vt_code_point_is_valid_but_key_deprecated(cldr: CldrData) -> None:
    assert codes(cldr.check_u_keyword("vt", ["0020"])) == [("deprecated-u-key", "warning", -1)]
    assert cldr.validate_value("vt", "0020") is None
    assert cldr.validate_value("vt", "0020-1f600") is None


@pytest.mark.parametrize(
    ("key", "types", "expected"),
    [
        ("zz", ["abc"], [("unknown-u-key", "error", -1)]),
        ("ca", ["xyzzy"], [("unknown-u-type", "error", 0)]),
        ("ca", ["gregory", "civil"], [("unknown-u-type", "error", 1)]),
        ("ca", [], [("unknown-u-type", "error", -1)]),
        ("sd", ["usxx"], [("bad-u-value", "error", 0)]),
        ("sd", ["uszzzz"], [("bad-u-value", "error", 0)]),
        ("sd", ["usca", "ustx"], [("bad-u-value", "error", 1)]),
        ("rg", ["001zzzz"], [("bad-u-value", "error", 0)]),
        ("kr", ["latn", "latn"], [("bad-u-value", "error", 1)]),
        ("kr", ["xyz1"], [("bad-u-value", "error", 0)]),
    ],
)
def test_invalid_u_keywords_are_errors(cldr: CldrData, key: str, types: list[str], expected: list) -> None:  # type: ignore[type-arg]
    assert codes(cldr.check_u_keyword(key, types)) == expected


def test_vt_rejects_non_hex_and_out_of_range(cldr: CldrData) -> None:
    assert ("bad-u-value", "error", 0) in codes(cldr.check_u_keyword("vt", ["zz"]))
    assert "10FFFF" in (cldr.validate_value("vt", "110000") or "")
    assert cldr.validate_value("vt", "zz") is not None


def test_messages_name_key_meaning_and_rule(cldr: CldrData) -> None:
    (p,) = cldr.check_u_keyword("ca", ["xyzzy"])
    assert "'xyzzy'" in p.message and "'ca'" in p.message and "Calendar algorithm" in p.message
    assert "RFC 6067 §2.1" in p.message and "gregory" in p.message
    (q,) = cldr.check_u_keyword("zz", [])
    assert "'zz'" in q.message and "RFC 6067" in q.message


def test_deprecated_types_give_warnings_with_replacements(cldr: CldrData) -> None:
    (p,) = cldr.check_u_keyword("ca", ["islamicc"])
    assert (p.code, p.severity, p.replacement) == ("deprecated-u-type", "warning", ("islamic", "civil"))
    assert "islamic-civil" in p.message
    (tz,) = cldr.check_u_keyword("tz", ["cst6cdt"])
    assert tz.replacement == ("uschi",)
    (co,) = cldr.check_u_keyword("co", ["big5han"])
    assert co.severity == "warning" and co.replacement is None
    (sd,) = cldr.check_u_keyword("sd", ["cn11"])
    assert sd.replacement == ("cnbj",)
    (rg,) = cldr.check_u_keyword("rg", ["buzzzz"])
    assert rg.replacement == ("mmzzzz",)


def test_kn_true_is_noted_as_droppable(cldr: CldrData) -> None:
    (p,) = cldr.check_u_keyword("kn", ["true"])
    assert (p.code, p.severity, p.replacement) == ("true-type", "info", ())


def test_callbacks_check_scripts_and_regions_against_the_registry(cldr: CldrData) -> None:
    scripts = {"Latn", "Hani"}
    assert cldr.check_u_keyword("dx", ["hani"], is_script=scripts.__contains__) == []
    assert codes(cldr.check_u_keyword("dx", ["qqqq"], is_script=scripts.__contains__)) == [("bad-u-value", "error", 0)]
    assert codes(cldr.check_u_keyword("kr", ["cyrl"], is_script=scripts.__contains__)) == [("bad-u-value", "error", 0)]
    regions = {"US"}
    assert cldr.check_u_keyword("rg", ["uszzzz"], is_region=regions.__contains__) == []
    bad = cldr.check_u_keyword("rg", ["qqzzzz"], is_region=regions.__contains__)
    assert codes(bad) == [("bad-u-value", "error", 0)]


def test_t_fields(cldr: CldrData) -> None:
    assert cldr.check_t_field("m0", ["ungegn"]) == []
    assert cldr.check_t_field("k0", ["android", "azerty"]) == []
    assert cldr.check_t_field("x0", ["anything", "goes"]) == []
    assert cldr.check_t_field("h0", ["hybrid"]) == []
    assert codes(cldr.check_t_field("m0", ["ungegn", "2007"])) == [("unlisted-t-subfield", "info", 1)]
    assert codes(cldr.check_t_field("m0", ["xyzzy"])) == [("unknown-t-value", "error", 0)]
    assert codes(cldr.check_t_field("q0", ["abc"])) == [("unknown-t-key", "error", -1)]
    assert codes(cldr.check_t_field("h0", ["hybrid", "more"])) == [("unknown-t-value", "error", 1)]
    assert codes(cldr.check_t_field("m0", [])) == [("missing-t-value", "error", -1)]


def test_the_quick_answer_on_a_listed_type_is_the_full_checks(cldr: CldrData) -> None:
    """check_u_keyword and check_t_field answer a listed, undeprecated type at once, before wording their labels;
    over every key and type (in odd case, 'true', deprecated ones) that is what the full check finds."""
    from bcp47_explorer.core.cldr import checks

    quick = 0
    for k in cldr.u_keys.values():
        for t in [*k.types, "true"]:
            types = t.upper().split("-")
            got = cldr.check_u_keyword(k.key, types)
            if k.key in cldr.u_keys and not k.deprecated:
                label = {"ext": "u", "key": k.key, "name": k.name, "version": cldr.version}
                full = cldr._check_types(k, [x.lower() for x in types], label, None, None)
                assert got == full, (k.key, t)
                quick += not full
    assert quick > 500, quick
    for k in cldr.t_keys.values():
        for t in k.types:
            got = cldr.check_t_field(k.key, [t.upper()])
            ty = k.types[t]
            assert (got == []) == (not ty.deprecated), (k.key, t)
            assert not ty.deprecated or got[0].code == "deprecated-t-value"
    assert all(checks._name_of(k) == k.name for k in [*cldr.u_keys.values(), *cldr.t_keys.values()])


def test_legacy_names_both_ways(cldr: CldrData) -> None:
    assert cldr.legacy_key("co") == "collation"
    assert cldr.legacy_key("fw") == "fw"
    assert cldr.legacy_key("zz") is None
    assert cldr.bcp47_key_for_legacy("colNumeric") == "kn"
    assert cldr.bcp47_key_for_legacy("COLLATION") == "co"
    assert cldr.bcp47_key_for_legacy("nonsense") is None
    assert cldr.legacy_type("co", "phonebk") == "phonebook"
    assert cldr.legacy_type("tz", "uslax") == "America/Los_Angeles"
    assert cldr.legacy_type("cu", "ddm") == "DDM"
    assert cldr.legacy_type("kn", "") == "yes"
    assert cldr.legacy_type("ca", "xyzzy") is None
    assert cldr.bcp47_type_for_legacy("co", "Phonebook") == "phonebk"
    assert cldr.bcp47_type_for_legacy("tz", "US/Pacific") == "uslax"
    # 'islamic-civil' is a type and also the legacy name of deprecated 'islamicc': the type wins.
    assert cldr.bcp47_type_for_legacy("ca", "islamic-civil") == "islamic-civil"
    assert cldr.bcp47_type_for_legacy("kr", "Latn-digit") == "latn-digit"
    assert cldr.bcp47_type_for_legacy("sd", "usxx") is None


def test_alias_tables_for_unicode_canonicalization(cldr: CldrData) -> None:
    assert cldr.language_aliases["cmn"] == "zh"
    assert cldr.language_aliases["sh"] == "sr-Latn"
    assert cldr.language_aliases["en-gb-oed"] == "en-GB-oxendict"
    assert cldr.territory_aliases["bu"] == "MM"
    assert cldr.script_aliases["qaai"] == "Zinh"
    assert cldr.variant_aliases["heploc"] == "alalc97"
    assert cldr.subdivision_aliases["cn11"] == "cnbj"


def test_iso_3166_codes_of_regions(cldr: CldrData) -> None:
    assert cldr.region_by_alpha3["usa"] == "US" and cldr.region_by_alpha3["deu"] == "DE"
    assert cldr.region_by_numeric["840"] == "US" and cldr.region_by_numeric["826"] == "GB"
    assert "aed" not in cldr.region_by_alpha3  # codeMappings' currencies are left out
    assert len(cldr.region_by_alpha3) > 250


def test_damaged_territory_codes_are_refused(tmp_path: Path) -> None:
    doc = json.loads(resource_path(CLDR_FILE).read_text(encoding="utf-8"))
    doc["territory_codes"]["US"] = ["USA"]
    with pytest.raises(CldrDataError, match="territory_codes"):
        CldrData.from_json(json.dumps(doc))


def test_damaged_json_gives_data_error(tmp_path: Path) -> None:
    good = resource_path(CLDR_FILE).read_text(encoding="utf-8")
    truncated = tmp_path / "truncated.json"
    truncated.write_text(good[: len(good) // 2], encoding="utf-8")
    with pytest.raises(DataError, match=r"truncated\.json: not valid JSON \(line 1"):
        load_cldr(truncated)
    wrong_format = tmp_path / "format.json"
    doc = json.loads(good)
    doc["format"] = 99
    wrong_format.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(DataError, match="format 99"):
        load_cldr(wrong_format)
    with pytest.raises(DataError, match="no such file"):
        load_cldr(tmp_path / "missing.json")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[]", "must be a JSON object"),
        ('{"format": 1}', "no 'keys' member"),
        ('{"format": 1, "keys": [["u"]], "aliases": {}, "subdivisions": "", "cldr_version": "48", '
         '"package_version": "48.2.0"}', "key row"),
        ('{"format": 1, "keys": [], "aliases": {}, "subdivisions": "", "cldr_version": "48", '
         '"package_version": "48.2.0"}', "no -u- key 'ca'"),
        ("\x00\x01", "not valid JSON"),
    ],
)  # fmt: skip
def test_malformed_documents_raise_clear_errors(text: str, message: str) -> None:
    with pytest.raises(CldrDataError, match=message):
        CldrData.from_json(text)


def test_bundled_extensions_registry_parses_with_both_records() -> None:
    text = resource_path("language-tag-extensions-registry.txt").read_text(encoding="utf-8")
    reg = ExtensionsRegistry.from_text(text)
    assert reg.file_date == "2014-04-02"
    assert [r.identifier for r in reg] == ["t", "u"]
    u = reg.get("U")
    assert u is not None and u.descriptions == ("Unicode Locale",) and u.rfc == "[RFC6067]"
    assert u.authority == "Unicode Consortium" and u.added == "2010-09-02"
    assert u.comments[0].startswith("Subtags for the identification of language and cultural variations.")
    t = reg.get("t")
    assert t is not None and t.descriptions == ("Specifying Transformed Content",) and t.added == "2011-12-16"
    assert t.mailing_list == "cldr-users&unicode.org"


def test_provenance_records_the_sha256_of_the_cldr_data() -> None:
    import hashlib
    import re

    digest = hashlib.sha256(resource_path(CLDR_FILE).read_bytes()).hexdigest()
    provenance = (Path(__file__).resolve().parents[2] / "resources" / "PROVENANCE.md").read_text(encoding="utf-8")
    section = provenance[provenance.index(f"resources/{CLDR_FILE}") :]
    assert re.search(r"\*\*sha256\*\* `([0-9a-f]{64})`", section).group(1) == digest  # type: ignore[union-attr]


@pytest.mark.skipif(not os.environ.get("BCP47_CLDR_NPM"), reason="set BCP47_CLDR_NPM to the folder of the npm tarballs")
def test_rebuilding_the_cldr_data_from_the_npm_tarballs_gives_it_byte_for_byte(tmp_path: Path) -> None:
    import importlib.util

    folder = Path(os.environ["BCP47_CLDR_NPM"])
    tool = Path(__file__).resolve().parents[2] / "tools" / "build_cldr_data.py"
    spec = importlib.util.spec_from_file_location("build_cldr_data", tool)
    assert spec is not None and spec.loader is not None
    builder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(builder)
    out = tmp_path / "rebuilt.json"
    tarballs = [str(folder / f"{n}-48.2.0.tgz") for n in ("cldr-bcp47", "cldr-core")]
    assert builder.main([*tarballs, "--out", str(out)]) == 0
    assert out.read_bytes() == resource_path(CLDR_FILE).read_bytes()
