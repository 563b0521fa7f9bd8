"""The Unicode (UTS #35 Annex C) canonical form: the spec's own examples, the issue's classes, and every rule
of CLDR 48's alias data (language, script, territory, variant, subdivision aliases and the bcp47 type
aliases), each applied to a fixed point; refusals with their reasons; steps that chain."""

from __future__ import annotations

import re

import pytest
from bcp47_explorer.core.cldr.canonical import UnicodeCanonicalization, Uts35Canonicalizer
from bcp47_explorer.core.cldr.model import CldrData
from bcp47_explorer.core.cldr.rules import is_unicode_bcp47_locale_id, parse_lang_id
from bcp47_explorer.core.data import bundled_engine, bundled_supplemental
from bcp47_explorer.core.engine.tag import TagEngine
from bcp47_explorer.core.engine.unicode_locale import unicode_canonical, unicode_canonicalizer
from bcp47_explorer.core.engine.unicode_validity import unicode_verdict


@pytest.fixture(scope="module")
def engine() -> TagEngine:
    return bundled_engine()


@pytest.fixture(scope="module")
def cldr(engine: TagEngine) -> CldrData:
    assert engine.cldr is not None
    return engine.cldr


def canon(engine: TagEngine, text: str) -> str | None:
    got = unicode_canonical(engine, text)
    assert_sound(got)
    return got.tag


def assert_sound(got: UnicodeCanonicalization) -> None:
    """A Unicode form is a Unicode BCP 47 locale id, a fixed point, with steps that chain; else a reason."""
    if got.tag is None:
        assert got.refusal and not got.ok
        return
    assert is_unicode_bcp47_locale_id(got.tag), got
    c = unicode_canonicalizer(bundled_engine())
    assert c is not None
    again = c.canonicalize(got.tag)
    assert (again.tag, again.steps) == (got.tag, ()), (got.input, got.tag, again)
    if got.steps:
        assert got.steps[0].before == got.input
        assert got.steps[-1].after == got.tag
        for a, b in zip(got.steps, got.steps[1:], strict=False):
            assert a.after == b.before, (a, b)
        assert all(s.before != s.after and s.reason for s in got.steps)
    else:
        assert got.tag == got.input


# ----------------------------------------------------------------------------- the spec's examples
@pytest.mark.parametrize(
    ("tag", "unicode"),
    [
        # UTS #35 §3.3.1, "BCP 47 Language Tag to Unicode BCP 47 Locale Identifier"
        ("en-US", "en-US"),
        ("iw-FX", "he-FR"),
        ("cmn-TW", "zh-TW"),
        ("zh-cmn-TW", "zh-TW"),
        ("sr-CS", "sr-RS"),
        ("sh", "sr-Latn"),
        ("sh-Cyrl", "sr-Cyrl"),
        ("hy-SU", "hy-AM"),
        ("i-enochian", "und-x-i-enochian"),
        ("x-abc", "und-x-abc"),
        # Annex C 4, Replacement; §3.2.1 canonical syntax; the equivalence example of §3.2.1
        ("ja-Latn-fonipa-hepburn-heploc", "ja-Latn-alalc97-fonipa"),
        ("en-u-foo-bar-nu-thai-ca-buddhist-kk-true", "en-u-bar-foo-ca-buddhist-kk-nu-thai"),
        ("IW-HEBR-u-ms-imperial", "he-Hebr-u-ms-uksystem"),
        # Annex C, Processing LocaleIds 2 and 3
        ("en-u-ms-imperial", "en-u-ms-uksystem"),
        ("en-u-rg-fi01", "en-u-rg-axzzzz"),
        # CLDR to BCP 47 (§3.3.2): '_' and 'root' are read; the result is BCP 47
        ("en_US", "en-US"),
        ("de_DE_u_co_phonebk", "de-DE-u-co-phonebk"),
        ("root", "und"),
        ("root_u_cu_usd", "und-u-cu-usd"),
    ],
)
def test_the_specs_examples(engine: TagEngine, tag: str, unicode: str) -> None:
    assert canon(engine, tag) == unicode


# ----------------------------------------------------------------------------- the issue's classes
@pytest.mark.parametrize(
    ("tag", "unicode"),
    [
        ("en-t-sgn-br", "en-t-bzs"),  # -t- source language canonicalized as a language id
        ("en-t-aar", "en-t-aa"),
        ("en-t-zh-yue-hk", "en-t-yue-hk"),
        ("en-t-sh-yu", "en-t-sr-latn-rs"),
        ("de-t-en-emodeng-fonipa", "de-t-en-emodeng-fonipa"),
        ("de-t-en-fonipa-emodeng", "de-t-en-emodeng-fonipa"),  # its variants sorted
        ("en-u-sd-cn11", "en-u-sd-cnbj"),  # subdivision aliases
        ("und-u-rg-no23", "und-u-rg-no50"),
        ("en-u-sd-lud", "en-u-sd-lucl"),  # several replacements: the first
        ("en-u-ca-islamicc", "en-u-ca-islamic-civil"),  # deprecated types with a preferred value
        ("en-u-tz-est5edt", "en-u-tz-usnyc"),
        ("en-u-ms-imperial", "en-u-ms-uksystem"),  # bcp47 type aliases
        ("en-u-ks-primary", "en-u-ks-level1"),
        ("en-u-ca-ethiopic-amete-alem", "en-u-ca-ethioaa"),
        ("en-t-m0-names", "en-t-m0-prprname"),
        ("en-t-d0-name", "en-t-d0-charname"),
        ("sgn-076", "bzs"),  # repeated until nothing changes
        ("hy-SU", "hy-AM"),  # territory exception
        ("sk-200", "sk-SK"),
        ("hy-arevmda", "hyw"),  # language aliases keyed on language+variants
        ("no-bokmal", "nb"),
        ("en-aaland", "en-AX"),
        ("und-hepburn-heploc", "und-alalc97"),
        ("art-lojban-fonipa", "jbo-fonipa"),  # a regular grandfathered tag followed by more subtags
        ("en-u-kn-yes", "en-u-kn"),  # 'yes' is CLDR's alias of 'true', which is dropped
        ("und", "und"),  # und stays und
    ],
)
def test_the_issues_classes(engine: TagEngine, tag: str, unicode: str) -> None:
    assert canon(engine, tag) == unicode


@pytest.mark.parametrize(
    ("tag", "reason"),
    [
        ("Flob", "4-letter subtag"),
        ("Latn-DE", "write 'und-Latn'"),
        ("en-u-c0", "not a UTS #35 key"),
        (" en", "not a well-formed BCP 47"),
        ("en ", "not a well-formed BCP 47"),
        ("de-t-en-emodeng-emodeng", "appears twice in the -t- source language"),
        ("de-1901-1901", "appears twice"),
        ("en-a-bbb-a-ccc", "singleton 'a' appears twice"),
        ("zh-min-nan-Hant", "extlang subtags (min, nan)"),
        ("en-t-1234", "neither a source language nor a field"),
        ("en-t-m0", "needs values"),
        ("en-t-de-DE-Latn", "not language, optional script"),
        ("", "empty"),
        ("en--US", "not a well-formed"),
        ("zh-qqq", "not an extlang of the registry"),
    ],
)
def test_refusals_say_why(engine: TagEngine, tag: str, reason: str) -> None:
    got = unicode_canonical(engine, tag)
    assert got.tag is None and reason in got.refusal, got


# ------------------------------------------------------------------------ every rule of CLDR's data
def test_every_language_alias_rule(engine: TagEngine, cldr: CldrData) -> None:
    c = unicode_canonicalizer(engine)
    assert c is not None
    legacy = c.aliases.legacy
    checked = 0
    for key, replacement in cldr.language_aliases.items():
        repl = replacement.replace("_", "-")
        got = unicode_canonical(engine, key)
        assert_sound(got)
        if key in legacy:
            # A BCP47 LegacyRule replaces the whole tag in one step, then canonicalizes the result.
            assert got.steps[0].after == repl and "LegacyRules" in got.steps[0].reason, key
        else:
            assert got.tag is not None, (key, got.refusal)
            assert any("CLDR languageAlias" in s.reason for s in got.steps), key
        # The rule's replacement and its type end in the same place (a fixed point of the rules).
        want = canon(engine, repl)
        assert got.tag == want, (key, got.tag, want)
        # As a -t- source language (when the type is a language id), the same result in lowercase.
        lid = parse_lang_id(key.split("-"))
        if lid is not None and want is not None and "-x-" not in want:
            assert canon(engine, f"de-t-{key}") == f"de-t-{want.lower()}", key
        checked += 1
    assert checked == len(cldr.language_aliases) == 500


def test_every_script_and_variant_alias_rule(engine: TagEngine, cldr: CldrData) -> None:
    for key, replacement in cldr.script_aliases.items():
        assert canon(engine, f"und-{key}") == f"und-{replacement}"
    for key, replacement in cldr.variant_aliases.items():
        assert canon(engine, f"de-{key}") == canon(engine, f"de-{replacement}")
        assert f"variantAlias {key}" in unicode_canonical(engine, f"de-{key}").steps[-1].reason or key == "heploc"


def test_every_territory_alias_rule_and_the_territory_exception(engine: TagEngine, cldr: CldrData) -> None:
    supplemental = bundled_supplemental()
    c = unicode_canonicalizer(engine)
    assert c is not None
    kept = {r.type_text.lower() for r in c.aliases.rules if r.table == "territoryAlias"}
    several = 0
    for key, replacement in cldr.territory_aliases.items():
        if not re.fullmatch(r"[a-z]{2}|[0-9]{3}", key):
            assert key not in kept  # 'und-AAA' is no language id: Annex C Preprocessing 3 discards the rule
            continue
        regions = replacement.split()
        if len(regions) == 1:
            assert canon(engine, f"und-{key}") == canon(engine, f"und-{regions[0]}"), key
            continue
        several += 1
        # The likely region of each language: chosen when it is a replacement, else the first replacement.
        for lang in ("und", "ru", "hy", "uk", "sk", "cs", "sr", "hr", "nl", "pap", "ar", "fr", "ms", "en"):
            likely = supplemental.maximize(lang)
            assert likely is not None
            region = likely.id.region
            want = region if region in regions else regions[0]
            got = canon(engine, f"{lang}-{key}")
            assert got == f"{lang}-{want}", (lang, key, got)
    assert several == 18


def test_every_subdivision_alias_in_sd_and_rg(engine: TagEngine, cldr: CldrData) -> None:
    assert len(cldr.subdivision_aliases) == 147
    for code, target in cldr.subdivision_aliases.items():
        first = target.split()[0].lower()
        want = first + "zzzz" if len(first) == 2 else first
        assert canon(engine, f"und-u-sd-{code}") == f"und-u-sd-{want}", code
        assert canon(engine, f"en-u-rg-{code}-sd-{code}") == f"en-u-rg-{want}-sd-{want}", code


def test_every_bcp47_alias_and_preferred_value(engine: TagEngine, cldr: CldrData) -> None:
    seen = 0
    for ext, keys in (("u", cldr.u_keys), ("t", cldr.t_keys)):
        for k in keys.values():
            for ty in k.types.values():
                target = ty.preferred if ty.deprecated and ty.preferred else ty.name
                tail = "" if target == "true" else f"-{target}"
                if ty.deprecated and ty.preferred:
                    assert canon(engine, f"und-{ext}-{k.key}-{ty.name}") == f"und-{ext}-{k.key}{tail}", ty
                    seen += 1
                for alias in ty.legacy_names:
                    low = alias.lower()
                    if not re.fullmatch(r"[a-z0-9]{3,8}(-[a-z0-9]{3,8})*", low) or low in k.types:
                        continue  # no BCP 47 spelling ('gregorian', 'Asia/Calcutta'), or a type of its own
                    assert canon(engine, f"und-{ext}-{k.key}-{low}") == f"und-{ext}-{k.key}{tail}", (k.key, alias)
                    seen += 1
    assert seen >= 60  # tz's deprecated zones and plain aliases such as 'cuba' -> 'cuhav' among them
    # An alias that is also a listed type stays (islamic-civil is an alias of islamicc and a type).
    assert canon(engine, "en-u-ca-islamic-civil") == "en-u-ca-islamic-civil"


def test_canonical_syntax_sorts_and_deduplicates(engine: TagEngine) -> None:
    assert canon(engine, "EN-latn-us-FONIPA-1901") == "en-Latn-US-1901-fonipa"
    assert canon(engine, "en-u-foo-bar-foo-nu-thai-ca-gregory-nu-arab") == "en-u-bar-foo-ca-gregory-nu-thai"
    assert canon(engine, "en-t-m0-ungegn-d0-ascii-m0-bgn") == "en-t-d0-ascii-m0-ungegn"
    assert canon(engine, "en-z-zz-u-nu-thai-b-bb-t-m0-ungegn-x-Private") == (
        "en-b-bb-t-m0-ungegn-u-nu-thai-z-zz-x-private"
    )
    # 'true' is dropped from -u- values only: a -t- value cannot be empty.
    assert canon(engine, "en-u-kn-true-kb-yes") == "en-u-kb-kn"


def test_extlangs_and_legacy_tags(engine: TagEngine) -> None:
    assert canon(engine, "zh-yue-HK") == "yue-HK"
    assert canon(engine, "zh-min-nan") == "nan"
    assert canon(engine, "zh-min") == "nan-x-zh-min"
    assert canon(engine, "i-default") == "en-x-i-default"
    assert canon(engine, "en-GB-oed") == "en-GB-oxendict"
    assert canon(engine, "sgn-BE-FR") == "sfb"
    assert canon(engine, "cel-gaulish") == "xtg"


def test_steps_name_the_rule_and_the_section(engine: TagEngine) -> None:
    steps = unicode_canonical(engine, "sgn-076").steps
    assert [(s.before, s.after) for s in steps] == [("sgn-076", "sgn-BR"), ("sgn-BR", "bzs")]
    assert "territoryAlias 076 → BR" in steps[0].reason and "UTS #35 Annex C" in steps[0].reason
    assert "languageAlias sgn-BR → bzs" in steps[1].reason
    hy = unicode_canonical(engine, "hy-SU").steps[0].reason
    assert "the one likely subtags give for 'hy' (hy-Armn-AM)" in hy and "Territory Exception" in hy


def test_without_likely_subtags_the_first_replacement(engine: TagEngine, cldr: CldrData) -> None:
    c = Uts35Canonicalizer(cldr, {}, None)
    got = c.canonicalize("hy-SU")
    assert got.tag == "hy-RU" and "the first (likely subtags are not available)" in got.steps[0].reason
    fake = Uts35Canonicalizer(cldr, {}, lambda base: {"hy": "hy-Armn-GE"}.get(base))
    assert fake.canonicalize("hy-SU").tag == "hy-GE"


def test_the_rules_are_in_annex_c_order(engine: TagEngine) -> None:
    c = unicode_canonicalizer(engine)
    assert c is not None
    keys = [r.sort_key() for r in c.aliases.rules]
    assert keys == sorted(keys)
    first = c.aliases.rules[0]
    assert len(first.variants) + bool(first.lang) + bool(first.script) + bool(first.region) >= 2
    # 'sh-YU': the languageAlias (L) comes before the territoryAlias (R) at the same size.
    steps = unicode_canonical(engine, "sh-YU").steps
    assert "languageAlias sh" in steps[0].reason and steps[-1].after == "sr-Latn-RS"


def test_the_whole_corpus_is_canonical_or_refused(engine: TagEngine) -> None:
    from benchmarks.corpus import build

    refused = 0
    for tag in build(6000):
        got = unicode_canonical(engine, tag)
        assert_sound(got)
        refused += got.tag is None
        if unicode_verdict(engine, engine.check(tag)).valid:
            assert got.tag is not None, (tag, got.refusal)  # a valid Unicode locale id has a Unicode form
            assert unicode_verdict(engine, engine.check(got.tag)).valid, (tag, got.tag)
    assert 0 < refused < 6000


def test_sgn_no_is_norwegian_sign_language_in_both_canonical_forms() -> None:
    """Issue 19: CLDR 48's sgn_NO alias says nsi (Nigerian) against its own comment; ICU and the registry: nsl."""
    from bcp47_explorer.core.cldr.model import CLDR_ALIAS_CORRECTIONS
    from bcp47_explorer.core.data import bundled_engine

    engine = bundled_engine()
    assert CLDR_ALIAS_CORRECTIONS == {"sgn-no": "nsl"}
    assert engine.canonicalize("sgn-NO").tag == "nsl"
    assert engine.to_unicode_locale("sgn-NO")[0] == "nsl"
