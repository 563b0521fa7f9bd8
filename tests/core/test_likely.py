"""Likely subtags (UTS #35 §4.3) and parent locales (§4.1) against CLDR 48's own data and the spec's examples."""

from __future__ import annotations

import json

import pytest
from bcp47_explorer.core import data
from bcp47_explorer.core.build.localeinfo import likely_info
from bcp47_explorer.core.cldr.likely import LanguageId, Supplemental, SupplementalError, split_language_id
from bcp47_explorer.core.data import bundled_engine
from hypothesis import given, settings
from hypothesis import strategies as st


@pytest.fixture(scope="module")
def sup() -> Supplemental:
    return data.bundled_supplemental()


def _raw() -> dict[str, object]:
    doc = json.loads(data.read_text(data.resource_path(data.SUPPLEMENTAL_FILE)))
    assert isinstance(doc, dict)
    return doc


def test_every_likely_subtags_entry_maximizes_to_its_value(sup: Supplemental) -> None:
    """For each CLDR entry K → V, maximizing K gives V: the lookup order finds K itself first."""
    likely = _raw()["likely"]
    assert isinstance(likely, dict) and len(likely) == 7788
    wrong = {k: (v, m.tag if (m := sup.maximize(k)) else None) for k, v in likely.items()}
    wrong = {k: pair for k, pair in wrong.items() if pair[0] != pair[1]}
    assert wrong == {}


def test_every_maximal_form_minimizes_and_maximizes_back(sup: Supplemental) -> None:
    """Minimizing V (either way) gives a tag whose maximal form is V again, and never a longer one.

    With CLDR 48's lookup order (script before region) every value is a fixed point: the older
    order looked up ``und-CY`` before ``und-Cpmn`` and broke ``und-Cpmn-CY``.
    """
    likely = _raw()["likely"]
    assert isinstance(likely, dict)
    all_values = set(likely.values())
    values = {v for v in all_values if (m := sup.maximize(v)) is not None and m.tag == v}
    assert values == all_values and "und-Cpmn-CY" in values
    for value in values:
        for favor_script in (False, True):
            small = sup.minimize(value, favor_script=favor_script)
            assert small is not None
            again = sup.maximize(small)
            assert again is not None and again.tag == value, (value, small)
            assert len(small.split("-")) <= len(value.split("-"))


@pytest.mark.parametrize(
    ("tag", "maximal", "added"),
    [
        ("en", "en-Latn-US", (("script", "Latn"), ("region", "US"))),
        ("zh-TW", "zh-Hant-TW", (("script", "Hant"),)),
        ("zh-Hant", "zh-Hant-TW", (("region", "TW"),)),
        ("sr", "sr-Cyrl-RS", (("script", "Cyrl"), ("region", "RS"))),
        ("und", "en-Latn-US", (("language", "en"), ("script", "Latn"), ("region", "US"))),
        ("und-Arab", "ar-Arab-EG", (("language", "ar"), ("region", "EG"))),
        ("und-DE", "de-Latn-DE", (("language", "de"), ("script", "Latn"))),
        # The input's own fields win over the match's (§4.3 step 3): sr-Latn keeps Latn from entry "sr".
        ("sr-Latn", "sr-Latn-RS", (("region", "RS"),)),
        ("en-Zzzz-ZZ", "en-Latn-US", (("script", "Latn"), ("region", "US"))),  # unknown script/region dropped
        ("de-CH-1901-u-co-phonebk", "de-Latn-CH-1901-u-co-phonebk", (("script", "Latn"),)),
        ("root", "en-Latn-US", (("language", "en"), ("script", "Latn"), ("region", "US"))),
        # No und-Qaaa entry: the lookup reaches "und", and the input's script is kept.
        ("und-Qaaa", "en-Qaaa-US", (("language", "en"), ("region", "US"))),
    ],
)
def test_maximize_examples(sup: Supplemental, tag: str, maximal: str, added: tuple[tuple[str, str], ...]) -> None:
    found = sup.maximize(tag)
    assert found is not None
    assert (found.tag, found.added) == (maximal, added)


@pytest.mark.parametrize("tag", ["qaa", "qtz-Latn", "xyz", "x-private", "zh-yue", "", "en--US"])
def test_tags_without_likely_subtags_are_none(sup: Supplemental, tag: str) -> None:
    assert sup.maximize(tag) is None
    assert sup.minimize(tag) is None


@pytest.mark.parametrize(
    ("tag", "by_region", "by_script"),
    [
        ("zh-Hant-TW", "zh-TW", "zh-Hant"),
        ("zh-Hans-CN", "zh", "zh"),
        ("en-Latn-US", "en", "en"),
        ("sr-Latn-RS", "sr-Latn", "sr-Latn"),
        ("de-Latn-AT", "de-AT", "de-AT"),
        ("pa-Arab-PK", "pa-PK", "pa-Arab"),
        ("und-Latn", "en", "en"),
        ("de-Latn-DE-1901-x-foo", "de-1901-x-foo", "de-1901-x-foo"),
    ],
)
def test_minimize_favouring_region_and_script(sup: Supplemental, tag: str, by_region: str, by_script: str) -> None:
    assert sup.minimize(tag) == by_region
    assert sup.minimize(tag, favor_script=True) == by_script


@pytest.mark.parametrize(
    ("tag", "chain"),
    [
        ("en-AU", ("en-AU", "en-001", "en", "root")),
        ("en-150", ("en-150", "en-001", "en", "root")),
        ("es-MX", ("es-MX", "es-419", "es", "root")),
        ("pt-AO", ("pt-AO", "pt-PT", "pt", "root")),
        ("zh-Hant-MO", ("zh-Hant-MO", "zh-Hant-HK", "zh-Hant", "root")),  # zh-Hant: not zh's likely script
        ("sr-Latn-RS", ("sr-Latn-RS", "sr-Latn", "root")),
        ("sr-Cyrl-RS", ("sr-Cyrl-RS", "sr-Cyrl", "sr", "root")),  # the likely script: plain truncation
        ("de-CH-1901-u-co-phonebk", ("de-CH-1901", "de-CH", "de", "root")),  # extensions never name a bundle
        ("az-Arab", ("az-Arab", "root")),
        ("und", ("root",)),
        ("root", ("root",)),
    ],
)
def test_parent_chains_follow_parent_locales(sup: Supplemental, tag: str, chain: tuple[str, ...]) -> None:
    assert sup.parent_chain(tag) == chain


def test_every_explicit_parent_is_used(sup: Supplemental) -> None:
    parents = _raw()["parents"]
    assert isinstance(parents, dict) and len(parents) == 199
    for child, parent in parents.items():
        assert sup.parent(child) == ("root" if parent == "und" else parent)


def test_split_language_id_reads_both_separators_and_root() -> None:
    assert split_language_id("SR_latn_rs") == (LanguageId("sr", "Latn", "RS"), ())
    assert split_language_id("root") == (LanguageId("und"), ())
    assert split_language_id("de-1996-1901-u-co-phonebk") == (
        LanguageId("de", "", "", ("1996", "1901")),
        ("u", "co", "phonebk"),
    )
    for bad in ("", "1234", "en-Latn-Latn", "en-US-Latn", "en-ÿ", "en-toolongsubtag", "a"):
        assert split_language_id(bad) is None, bad


@given(st.text(max_size=30))
@settings(max_examples=300, deadline=None)
def test_maximize_never_raises_and_round_trips(text: str) -> None:
    sup = data.bundled_supplemental()
    found = sup.maximize(text)
    if found is not None:
        lsr = found.id
        assert lsr.language != "und" and lsr.script and lsr.region
        again = sup.maximize(found.tag)
        assert again is not None and again.tag == found.tag  # a maximal form is a fixed point
    sup.minimize(text)
    sup.parent_chain(text)


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ("[]", "format"),
        ('{"format": 2}', "format"),
        ('{"format": 1, "likely": {}}', "und"),
        ('{"format": 1, "likely": {"und": "en"}}', "language-script-region"),
        ('{"format": 1, "likely": {"und": 5}}', "table of strings"),
        ('{"format": 1, "likely": {"und": "en-Latn-US"}, "parents": {}, "parent_rules": {}}', "matching"),
        (
            '{"format": 1, "likely": {"und": "en-Latn-US"}, "parents": {}, "parent_rules": {}, '
            '"matching": {"paradigm": [], "variables": {}, "rules": [["en", "fr", "x", false]]}}',
            "damaged",
        ),
        ("not json", "not JSON"),
        ("9" * 5000, "not JSON"),
    ],
)
def test_damaged_supplemental_data_is_refused_with_a_reason(doc: str, message: str) -> None:
    with pytest.raises(SupplementalError, match=message):
        Supplemental.from_json(doc)


def test_damaged_file_is_a_data_error_naming_the_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "cldr-supplemental.json"
    bad.write_text('{"format": 1}', "utf-8")
    with pytest.raises(data.DataError, match=r"cldr-supplemental\.json"):
        data.load_supplemental(bad)


def test_likely_info_canonicalizes_first_and_explains() -> None:
    engine = bundled_engine()
    info = likely_info(engine, "cmn-TW")
    assert (info.unicode, info.max, info.min, info.min_region) == ("zh-TW", "zh-Hant-TW", "zh-Hant", "zh-TW")
    assert info.added == (("script", "Hant", "Han (Traditional variant)"),)
    assert info.explanation.startswith("zh-TW means script Hant (Han (Traditional variant))")
    assert likely_info(engine, "sh").max == "sr-Latn-RS"  # CLDR alias sh → sr-Latn before the lookup
    assert likely_info(engine, " en").max is None  # whitespace: not well-formed, never stripped silently
    assert "cannot be maximized" in likely_info(engine, "i-klingon").explanation


@pytest.mark.parametrize(
    ("tag", "maximal"),
    [
        # Issue 19: CLDR 48's lookup order (lang-script-region, lang-script, lang-region, lang).
        # The old order (lang-region before lang-script) gave hi-Beng-IN, ms-Hant-MY, zh-Cyrl-CN, he-Arab-IL.
        ("und-Beng-IN", "bn-Beng-IN"),
        ("und-Hant-MY", "zh-Hant-MY"),
        ("und-Cyrl-CN", "ru-Cyrl-CN"),
        ("und-Arab-IL", "ar-Arab-IL"),
        ("und-Hant-CN", "yue-Hant-CN"),
        ("af-Egyp", "af-Egyp-ZA"),
    ],
)
def test_cldr48_lookup_order_script_before_region(sup: Supplemental, tag: str, maximal: str) -> None:
    m = sup.maximize(tag)
    assert m is not None and m.tag == maximal


@pytest.mark.parametrize("tag", ["qaa", "qaa-CH", "qaa-Cyrl", "qaa-Cyrl-CH"])
def test_no_und_script_step_so_unknown_language_with_script_fails(sup: Supplemental, tag: str) -> None:
    """CLDR's likely-subtags test data expects FAIL for these: there is no und-script fallback."""
    assert sup.maximize(tag) is None
    assert sup.minimize(tag) is None and sup.minimize(tag, favor_script=True) is None


def _cldr_test_lines() -> list[tuple[str, str, str, str]]:
    """Every line of CLDR 48's likelySubtags.txt test data (see tests/data/README.md)."""
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "data" / "cldr-48-likelySubtags.txt"
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        src, add, by_script, by_region = (f.strip() for f in line.split(";"))
        rows.append((src, add, by_script, by_region))
    return rows


@pytest.mark.parametrize(("src", "add", "by_script", "by_region"), _cldr_test_lines())
def test_cldr_likely_subtags_test_data(sup: Supplemental, src: str, add: str, by_script: str, by_region: str) -> None:
    """Each line: AddLikely (or FAIL), then Remove favouring the script and the region (empty = column before)."""
    m = sup.maximize(src)
    if add == "FAIL":
        assert m is None
        assert sup.minimize(src) is None and sup.minimize(src, favor_script=True) is None
        return
    assert m is not None and m.tag == add
    want_script = by_script or add
    assert sup.minimize(src, favor_script=True) == want_script
    assert sup.minimize(src) == (by_region or want_script)


def test_cldr_likely_subtags_test_data_is_the_whole_documented_file() -> None:
    import hashlib
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "data" / "cldr-48-likelySubtags.txt"
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    assert digest == "0a610d6517538d34bad5bcd9da81ccd11a87f91a150411d6ea6d8f1c8ecc29e2"
    assert len(_cldr_test_lines()) == 1802
