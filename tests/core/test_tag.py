"""Tag engine: well-formedness, validity, diagnostics with spans and fixes, canonical forms (RFC 5646, 6067, 6497)."""

from __future__ import annotations

import pytest
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine.tag import CheckResult, Role, Severity, TagEngine
from bcp47_explorer.core.engine.unicode_validity import first_singleton, unicode_verdict
from bcp47_explorer.core.grammar.diagnostics import judged_by_uts35


@pytest.fixture(scope="module")
def engine() -> TagEngine:
    return bundled_engine()


def codes(r: CheckResult) -> list[str]:
    return [d.code for d in r.diagnostics]


def diag(r: CheckResult, code: str):
    found = [d for d in r.diagnostics if d.code == code]
    assert found, f"{code} not in {codes(r)}"
    return found[0]


# ------------------------------------------------------------------ the traps of the issue
# RFC 5646 §2.2.9 validity and the Unicode verdict (UTS #35) side by side: the ABNF alone decides
# well-formedness; -u-/-t- content, extlangs, grandfathered and private-use tags only touch the second.
@pytest.mark.parametrize(
    ("tag", "well_formed", "valid", "unicode_valid"),
    [
        ("sl-rozaj-biske", True, True, True),
        ("de-1901-1901", True, False, False),
        ("en-a-bbb-a-ccc", True, False, False),
        ("en-Z", False, False, False),
        ("en--US", False, False, False),
        ("en-US-x", False, False, False),
        ("en-a-", False, False, False),
        ("zh-min-nan-Hant", True, False, False),
        ("zh-yue-cmn", True, False, False),
        ("ads-aeb", True, True, False),
        ("x-whatever", True, True, False),
        ("qaa-Qaaa-QM-x-southern", True, True, True),
        ("i-klingon", True, True, False),
        ("i-klingon-x-a", False, False, False),
        ("zh-普通话", False, False, False),
        ("tır", False, False, False),
        ("en_US", False, False, False),
        (" en", False, False, False),
        ("", False, False, False),
        ("en-", False, False, False),
        ("-en", False, False, False),
        ("en-US-Latn", False, False, False),
        ("en-abcdefghi", False, False, False),
        ("zh-min-nan", True, True, False),
        ("art-lojban", True, True, False),
        ("en-GB-oed", True, True, False),
        ("sgn-BE-FR", True, True, False),
        ("en-US-u-ca-gregory-nu-latn", True, True, True),
        ("en-u-ca-foo", True, True, False),
        ("en-u-zz-abc", True, True, False),
        ("en-u-xx-yyy", True, True, False),
        ("en-u-c0", True, True, False),
        ("de-DE-u-co-phonebk-cu-ddm", True, True, True),
        ("en-t-de-m0-ungegn", True, True, True),
        ("en-t-xyz", True, True, False),
        ("en-t-m0", True, True, False),
        ("en-t-1234", True, True, False),
        ("en-t-de-DE-Latn", True, True, False),
        ("de-t-en-emodeng-emodeng", True, True, False),
        ("zh-yue", True, True, False),
        ("en-GB-u-sd-usca", True, True, False),
        ("en-u-rg-euzzzz", True, True, False),
        ("en-b-warble-a-babble", True, True, True),
        ("iw", True, True, True),
        ("abcd", True, False, False),
        ("xyz", True, False, False),
        ("en-JJ", True, False, False),
    ],
)
def test_conformance_levels(engine: TagEngine, tag: str, well_formed: bool, valid: bool, unicode_valid: bool) -> None:
    r = engine.check(tag)
    assert (r.well_formed, r.valid) == (well_formed, valid), codes(r)
    assert unicode_verdict(engine, r).valid is unicode_valid, unicode_verdict(engine, r)
    assert r.as_dict()["unicode_valid"] is unicode_valid
    # The lazily computed analysis agrees with the fast path.
    a = engine.analyze(tag)
    assert (a.canonical_tag is not None, a.valid) == (well_formed, valid)
    if not well_formed:
        assert r.canonical is None
        assert any(d.severity is Severity.ERROR for d in r.diagnostics)


@pytest.mark.parametrize(
    ("tag", "canonical"),
    [
        ("zh-cmn-Hans-CN", "cmn-Hans-CN"),
        ("zh-yue", "yue"),
        ("en-GB-oed", "en-GB-oxendict"),
        ("en-BU", "en-MM"),
        ("de-DD", "de-DE"),
        ("iw", "he"),
        ("i-klingon", "tlh"),
        ("zh-min-nan", "nan"),
        ("sgn-BE-FR", "sfb"),
        ("art-lojban", "jbo"),
        ("en-b-warble-a-babble", "en-a-babble-b-warble"),
        ("EN-x-AB-cd", "en-x-ab-cd"),
        ("en-us-u-CA-gregory-NU-latn", "en-US-u-ca-gregory-nu-latn"),
        ("en-u-nu-latn-ca-gregory", "en-u-ca-gregory-nu-latn"),
        ("az-latn-x-LATN", "az-Latn-x-latn"),
        ("en-ca-x-ca", "en-CA-x-ca"),
        ("is-Latn", "is-Latn"),  # Suppress-Script is advice, never removed
        ("sl-IT-rozaj-biske-1994", "sl-IT-rozaj-biske-1994"),  # variants keep their order
        ("de-1996-1901", "de-1996-1901"),
        ("ja-Latn-hepburn-heploc", "ja-Latn-hepburn-alalc97"),  # the heploc decision
        ("sgn-BR", "bzs"),
        ("sgn-BR-x-a", "bzs-x-a"),
        ("I-KLINGON", "tlh"),
        ("cel-gaulish", "cel-gaulish"),
        ("i-default", "i-default"),
        ("x-Whatever", "x-whatever"),
        ("en-t-IW-m0-ungegn", "en-t-he-m0-ungegn"),
    ],
)
def test_canonical_form(engine: TagEngine, tag: str, canonical: str) -> None:
    assert engine.check(tag).canonical == canonical
    assert engine.canonicalize(tag).tag == canonical


def test_canonical_steps_say_why(engine: TagEngine) -> None:
    steps = engine.canonicalize("zh-yue").steps
    assert [(s.before, s.after) for s in steps] == [("zh-yue", "yue")]
    assert "extlang 'yue' has Preferred-Value 'yue'" in steps[0].reason
    steps = engine.canonicalize("EN-bu").steps
    assert [(s.before, s.after) for s in steps] == [("EN-bu", "en-BU"), ("en-BU", "en-MM")]


@pytest.mark.parametrize(
    ("tag", "extlang_form"),
    [("zh-yue", "zh-yue"), ("yue-HK", "zh-yue-HK"), ("cmn-Hans", "zh-cmn-Hans"), ("en", "en"), ("ase", "sgn-ase")],
)
def test_extlang_form(engine: TagEngine, tag: str, extlang_form: str) -> None:
    assert engine.check(tag).extlang_form == extlang_form
    assert engine.extlang_form(tag).tag == extlang_form
    assert engine.analyze(tag).extlang is not None


# ------------------------------------------------------------------------------ positions
def test_out_of_order_script_keeps_the_other_roles(engine: TagEngine) -> None:
    r = engine.check("en-US-Latn")
    assert [(s.text, s.start, s.end, s.role) for s in r.subtags] == [
        ("en", 0, 2, Role.LANGUAGE),
        ("US", 3, 5, Role.REGION),
        ("Latn", 6, 10, Role.SCRIPT),
    ]
    d = diag(r, "script-after-region")
    assert (d.severity, d.start, d.end) == (Severity.ERROR, 6, 10)
    assert "script must come before the region" in d.message and "§2.1" in d.message
    assert d.fix is not None and d.fix.tag == "en-Latn-US"


@pytest.mark.parametrize(
    ("tag", "code"),
    [
        ("en-fonipa-US", "region-after-variant"),
        ("en-Latn-abc", "extlang-after-script"),
        ("en-1996-Latn", "script-after-variant"),
        ("en-Latn-Cyrl", "duplicate-script"),
        ("zh-yue-cmn-gan-wuu", "too-many-extlangs"),
        ("en-US-FR", "duplicate-region"),
        ("abcde-abc", "misplaced-extlang"),
        ("a-en", "missing-language"),
        ("123", "bad-language"),
        ("en-a1", "bad-subtag"),
        ("en-a-bbb-ccccccccc", "subtag-too-long"),
        ("en-US-x", "empty-privateuse"),
        ("en-a", "empty-extension"),
        ("i-klingon-x-a", "grandfathered-extended"),
        ("en_US", "underscore-separator"),
        ("en US", "whitespace"),
        ("en-", "empty-subtag"),
        ("", "empty-tag"),
        ("zh-普通话", "bad-character"),
    ],
)
def test_ill_formed_codes(engine: TagEngine, tag: str, code: str) -> None:
    r = engine.check(tag)
    assert not r.well_formed
    d = diag(r, code)
    assert d.severity is Severity.ERROR
    assert 0 <= d.start <= d.end <= len(tag)
    assert "RFC" in d.message


@pytest.mark.parametrize(
    ("tag", "code", "fix"),
    [
        ("en_US", "underscore-separator", "en-US"),
        (" en-US ", "whitespace", "en-US"),
        ("en--US", "empty-subtag", "en-US"),
        ("en-US-", "empty-subtag", "en-US"),
        ("en-US-x", "empty-privateuse", "en-US"),
        ("en-a-", "empty-extension", "en-"),
        ("tır", "bad-character", "tir"),
        ("de-1901-1901", "duplicate-variant", "de-1901"),
        ("en-a-bbb-a-ccc", "duplicate-singleton", "en-a-bbb-ccc"),
        ("iw-IL", "deprecated", "he-IL"),
        ("en-BU", "deprecated", "en-MM"),
        ("is-Latn-IS", "suppress-script", "is-IS"),
        ("ads-aeb", "prefix-mismatch", "ar-aeb"),
        ("ja-Latn-hepburn-heploc", "preferred-tag", "ja-Latn-alalc97"),
        ("jp", "unknown-language", "ja"),
        ("en-UK", "unknown-region", "en-GB"),
        ("en-Latn-US-1996-Cyrl", "script-after-variant", None),
        ("en-u-ca-islamicc", "deprecated-u-type", "en-u-ca-islamic-civil"),
        ("zh-yue-cmn", "extlang-position-reserved", "zh-yue"),
        ("en-US-Latn", "script-after-region", "en-Latn-US"),
        ("en-US-u-nu-latn-Latn", "subtag-too-long", None),
    ],
)
def test_fixes_are_whole_tags(engine: TagEngine, tag: str, code: str, fix: str | None) -> None:
    r = engine.check(tag)
    if code == "subtag-too-long":
        assert code not in codes(r)
        return
    d = diag(r, code)
    assert (d.fix.tag if d.fix else None) == fix
    if d.fix is not None:
        assert d.fix.label


def test_non_ascii_letter_is_named(engine: TagEngine) -> None:
    r = engine.check("tır")
    d = diag(r, "bad-character")
    assert (d.start, d.end) == (1, 2)
    assert "U+0131" in d.message and "DOTLESS I" in d.message
    r = engine.check("zh-普通话")
    assert [s.role for s in r.subtags] == [Role.LANGUAGE, Role.INVALID]
    assert [d.start for d in r.diagnostics if d.code == "bad-character"] == [3, 4, 5]


@pytest.mark.parametrize(
    ("tag", "code", "severity"),
    [
        ("xyz", "unknown-language", Severity.ERROR),
        ("en-Qqqq", "unknown-script", Severity.ERROR),
        ("en-JJ", "unknown-region", Severity.ERROR),
        ("en-abcdefg", "unknown-variant", Severity.ERROR),
        ("zh-qqq", "unknown-extlang", Severity.ERROR),
        ("de-1901-1901", "duplicate-variant", Severity.ERROR),
        ("en-a-bbb-a-ccc", "duplicate-singleton", Severity.ERROR),
        ("iw", "deprecated", Severity.WARNING),
        ("sl-biske", "prefix-mismatch", Severity.WARNING),
        ("ads-aeb", "prefix-mismatch", Severity.WARNING),
        ("en-Latn", "suppress-script", Severity.WARNING),
        ("en-a-bbb", "unregistered-extension", Severity.WARNING),
        ("en-u-attr-attr", "duplicate-u-attribute", Severity.WARNING),
        ("en-u-ca-gregory-ca-buddhist", "duplicate-u-key", Severity.WARNING),
        ("en-t-m0-ungegn-m0-bgn", "duplicate-t-key", Severity.WARNING),
        ("und", "undetermined-language", Severity.INFO),
        ("mul", "multiple-languages", Severity.INFO),
        ("zxx", "no-linguistic-content", Severity.INFO),
        ("mis", "uncoded-language", Severity.INFO),
        ("qaa", "private-use-subtag", Severity.INFO),
        ("en-QM", "private-use-subtag", Severity.INFO),
        ("x-abc", "private-use-tag", Severity.INFO),
        ("sla", "collection", Severity.INFO),
        ("zh", "macrolanguage", Severity.INFO),
        ("cmn", "macrolanguage-member", Severity.INFO),
        ("i-default", "grandfathered", Severity.INFO),
        ("EN-us", "letter-case", Severity.INFO),
        ("zh-yue", "extlang-form", Severity.INFO),
        ("zh-min-nan-Hant", "grandfathered-prefix", Severity.INFO),
        ("zh-min-nan-Hant", "extlang-position-reserved", Severity.ERROR),
        ("en-u-ca-foo", "unknown-u-type", Severity.ERROR),
        ("en-u-zz-abc", "unknown-u-key", Severity.ERROR),
        ("en-u-ca-islamicc", "deprecated-u-type", Severity.WARNING),
        ("en-u-rg-abc", "bad-u-value", Severity.ERROR),
        ("en-u-vt-zzzz", "bad-u-value", Severity.ERROR),
        ("en-t-m0-xyzzy", "unknown-t-value", Severity.ERROR),
        ("en-t-q0-abc", "unknown-t-key", Severity.ERROR),
        ("en-t-xyz-m0-ungegn", "unknown-language", Severity.ERROR),
    ],
)
def test_diagnostic_codes_and_severities(engine: TagEngine, tag: str, code: str, severity: Severity) -> None:
    r = engine.check(tag)
    d = diag(r, code)
    assert d.severity is severity
    assert d.message
    assert 0 <= d.start <= d.end <= len(tag)
    # Only errors make a well-formed tag invalid; errors in -u-/-t- content only as Unicode (UTS #35).
    rfc_errors = [d for d in r.errors if not judged_by_uts35(d, first_singleton(r.analysis.parse))]
    assert r.valid == (r.well_formed and not rfc_errors)
    if severity is Severity.ERROR:
        assert not unicode_verdict(engine, r).valid


def test_advice_never_makes_invalid(engine: TagEngine) -> None:
    for tag in ("iw", "sl-biske", "ads-aeb", "en-Latn", "en-a-bbb", "und", "zh", "i-default", "en-u-kn-true"):
        assert engine.check(tag).valid, tag


def test_unknown_message_names_subtag_and_rule(engine: TagEngine) -> None:
    d = diag(engine.check("en-JJ"), "unknown-region")
    assert "'JJ'" in d.message and "region" in d.message and "§2.2.4" in d.message
    assert (d.start, d.end) == (3, 5)


def test_u_extension_roles_and_duplicates(engine: TagEngine) -> None:
    r = engine.check("en-u-attr-ca-gregory-ca-buddhist")
    assert [s.role for s in r.subtags] == [
        Role.LANGUAGE, Role.SINGLETON, Role.U_ATTRIBUTE, Role.U_KEY, Role.U_TYPE, Role.U_KEY, Role.U_TYPE,
    ]  # fmt: skip
    assert r.valid
    assert r.canonical == "en-u-attr-ca-gregory"
    assert r.extensions == {"u": ("attr", "ca", "gregory", "ca", "buddhist")}


def test_t_extension_roles(engine: TagEngine) -> None:
    r = engine.check("und-Cyrl-t-und-latn-m0-ungegn")
    assert [(s.text, s.role) for s in r.subtags][3:] == [
        ("und", Role.T_LANGUAGE), ("latn", Role.T_SCRIPT), ("m0", Role.T_KEY), ("ungegn", Role.T_VALUE),
    ]  # fmt: skip
    assert r.valid


@pytest.mark.parametrize(
    ("tag", "roles"),
    [
        ("en-t-de-it", [Role.T_LANGUAGE, Role.T_REGION]),
        ("en-t-sr-cyrl-rs-1901", [Role.T_LANGUAGE, Role.T_SCRIPT, Role.T_REGION, Role.T_VARIANT]),
        ("en-t-zh-yue-m0-ungegn", [Role.T_LANGUAGE, Role.T_EXTLANG, Role.T_KEY, Role.T_VALUE]),
        ("en-t-de-419", [Role.T_LANGUAGE, Role.T_REGION]),
    ],
)
def test_t_source_language_subtags_carry_their_role_in_the_source_tag(
    engine: TagEngine, tag: str, roles: list[Role]
) -> None:
    r = engine.check(tag)
    assert [s.role for s in r.subtags][2:] == roles
    # The source language's region is checked as a region: 'it' is Italy, not Italian.
    assert engine.check("en-t-de-jj").errors[0].code == "unknown-region"


def test_structure(engine: TagEngine) -> None:
    r = engine.check("sl-Latn-IT-rozaj-biske-u-co-phonebk-x-private")
    assert (r.language, r.extlangs, r.script, r.region, r.variants) == ("sl", (), "Latn", "IT", ("rozaj", "biske"))
    assert r.extensions == {"u": ("co", "phonebk")}
    assert r.privateuse == ("private",)
    assert r.grandfathered is None
    assert engine.check("i-klingon").grandfathered == "i-klingon"
    assert [s.role for s in engine.check("i-klingon").subtags] == [Role.GRANDFATHERED]


def test_u_keywords_round_trip(engine: TagEngine) -> None:
    u = engine.u_keywords("de-DE-u-attr-co-phonebk-ca-islamic-civil")
    assert u.attributes == ("attr",)
    assert u.keywords == (("co", ("phonebk",)), ("ca", ("islamic", "civil")))
    assert engine.with_u_keywords("de-DE-u-attr-co-phonebk-x-a", u.attributes, u.keywords) == (
        "de-DE-u-attr-ca-islamic-civil-co-phonebk-x-a"
    )
    assert engine.with_u_keywords("de-DE-u-co-phonebk", [], []) == "de-DE"
    assert engine.with_u_keywords("en-t-de-m0-ungegn", [], [("nu", ["thai"])]) == "en-t-de-m0-ungegn-u-nu-thai"


def test_huge_input_does_not_raise(engine: TagEngine) -> None:
    """A megabyte of any shape is checked, with diagnostics, and nothing raises.

    No clock here (a ratio of two timings still fails when load hits one side only): whether the
    time stays linear in the input is measured by ``benchmarks/bench_linear.py`` (slopes up to 10 MB).
    """
    shapes = (lambda n: "a" * n, lambda n: "en-" * (n // 3), lambda n: "-" * n, lambda n: "普" * (n // 2),
              lambda n: "en-" + "abcdefgh-" * (n // 9))  # fmt: skip
    for shape in shapes:
        r = engine.check(shape(1_000_000))
        assert not r.well_formed or r.valid in (True, False)
        assert r.diagnostics


def test_typical_tags_never_reach_the_precise_parser(engine: TagEngine) -> None:
    """What makes a check fast, pinned without a clock (benchmarks/bench_engine.py measures the speed).

    Tags the regex settles get their verdicts, subtags and diagnostics (advice included) from
    the fast path and :mod:`.quickadvice`; only the ill-formed one goes through the precise parser
    and every check (``TagEngine._analyze``).
    """
    fresh = TagEngine(engine.registry, engine.cldr, engine.extensions)
    calls: list[str] = []
    precise = fresh._analyze

    def counting(p, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(p.text)
        return precise(p, *args, **kwargs)

    fresh._analyze = counting  # type: ignore[method-assign]
    tags = ["en-US", "zh-Hant-TW", "sr-Latn-RS", "de-DE-u-co-phonebk", "iw-IL", "EN-us", "cmn-Hans", "en-US-Latn"]
    for t in tags:
        r = fresh.check(t)
        assert r.subtags and (r.diagnostics or r.valid)  # the editor always reads these
    assert [d.code for d in fresh.check("iw-IL").diagnostics] == ["deprecated"]
    assert calls == ["en-US-Latn"]


def test_member_advice_quotes_the_macrolanguage_record_instead_of_recommending_it() -> None:
    engine = bundled_engine()
    sr = [d for d in engine.check("sr-Latn-RS").diagnostics if d.code == "macrolanguage-member"]
    assert len(sr) == 1 and (sr[0].start, sr[0].end) == (0, 2)
    assert "sr, hr, bs are preferred for most modern uses" in sr[0].message
    assert "uses 'sh' instead" not in sr[0].message
    cmn = [d for d in engine.check("cmn").diagnostics if d.code == "macrolanguage-member"]
    assert "uses 'zh' instead" in cmn[0].message


def test_a_language_written_by_its_name_or_an_iso_639_2_code_is_pointed_to_its_subtag(engine: TagEngine) -> None:
    for text, fixed in (("english", "en"), ("German-DE", "de-DE"), ("ewe", "ee"), ("lao-LA", "lo-LA"),
                        ("occitan-FR", "oc-FR"), ("sp-ES", "es-ES"), ("moldovan", "ro")):  # fmt: skip
        (d,) = [d for d in engine.check(text).diagnostics if d.code == "unknown-language"]
        assert d.fix is not None and d.fix.tag.lower() == fixed.lower(), text
        assert f"Did you mean '{fixed.split('-')[0]}'?" in d.message
        assert engine.check(d.fix.tag).valid
    # A name two records share (Swahili: 'sw' and 'swh') points nowhere, nor does what names no language.
    for text in ("swahili", "qqqq", "abcdefgh"):
        (d,) = [d for d in engine.check(text).diagnostics if d.code == "unknown-language"]
        assert d.fix is None and "Did you mean" not in d.message, text


def test_a_region_written_in_another_iso_3166_code_is_pointed_to_its_subtag(engine: TagEngine) -> None:
    # 'USA' after a language reads as an extlang (three letters); '840' is a region's shape but not registered.
    for text, code, fixed, which in (("en-USA", "unknown-extlang", "en-US", "three-letter"),
                                     ("de-DEU-1901", "unknown-extlang", "de-DE-1901", "three-letter"),
                                     ("en-840", "unknown-region", "en-US", "numeric")):  # fmt: skip
        (d,) = [d for d in engine.check(text).diagnostics if d.code == code]
        assert d.fix is not None and d.fix.tag == fixed, text
        assert f"is ISO 3166's {which} code of '{fixed.split('-')[1]}'" in d.message
        assert engine.check(d.fix.tag).valid
    # A private-use region's code (AA, QM..QZ, XA..XZ, ZZ) is no hint; nor is a code ISO 3166 does not have.
    for text in ("en-AAA", "zh-qqq", "en-999"):
        (d,) = [d for d in engine.check(text).diagnostics if d.code.startswith("unknown-")]
        assert d.fix is None and "ISO 3166" not in d.message, text
    # Its Unicode verdict names no Preferred-Value that is not there.
    (u,) = [
        d for d in engine.unicode_verdict(engine.check("en-USA").analysis).diagnostics if d.code == "unicode-extlang"
    ]
    assert "has no one Preferred-Value" in u.message and "(none)" not in u.message


def test_dotnet_zh_chs_and_zh_cht_are_pointed_to_the_script_subtags(engine: TagEngine) -> None:
    for text, fixed in (("zh-CHS", "zh-Hans"), ("zh-cht-TW", "zh-Hant-TW")):
        (d,) = [d for d in engine.check(text).diagnostics if d.code == "unknown-extlang"]
        assert d.fix is not None and d.fix.tag == fixed and "old .NET culture name" in d.message, text
    (d,) = [d for d in engine.check("en-CHS").diagnostics if d.code == "unknown-extlang"]
    assert d.fix is None  # only Chinese had those names


@pytest.mark.parametrize(
    ("tag", "code", "alias_of", "fixed"),
    [
        # Issue 19: CLDR's legacy -u-/-t- type aliases, named as such with a fix to the canonical type.
        ("en-u-ca-ethiopic-amete-alem", "legacy-u-type", "ethioaa", "en-u-ca-ethioaa"),
        ("en-u-ms-imperial", "legacy-u-type", "uksystem", "en-u-ms-uksystem"),
        ("en-u-kn-yes", "legacy-u-type", "true", "en-u-kn"),
        ("en-u-tz-cet", "legacy-u-type", "bebru", "en-u-tz-bebru"),
        ("en-t-m0-names", "legacy-t-value", "prprname", "en-t-m0-prprname"),
    ],
)
def test_check_names_cldr_legacy_type_aliases_with_the_canonical_fix(
    tag: str, code: str, alias_of: str, fixed: str
) -> None:
    from bcp47_explorer.core.data import bundled_engine

    engine = bundled_engine()
    r = engine.check(tag)
    found = [d for d in r.diagnostics if d.code == code]
    assert len(found) == 1 and not [d for d in r.diagnostics if d.code.startswith("unknown-")]
    assert f"is a legacy alias of '{alias_of}'" in found[0].message
    assert found[0].fix is not None and found[0].fix.tag == fixed
    # convert applies the same table
    assert engine.to_unicode_locale(tag)[0] == fixed
