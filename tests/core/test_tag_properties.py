"""Tag engine properties: RFC 5646 Appendix A, the whole registry, and hypothesis over any string."""

from __future__ import annotations

from pathlib import Path

import pytest
from bcp47_explorer.core.cldr.rules import is_unicode_bcp47_locale_id
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine.fastpath import quick_parse
from bcp47_explorer.core.engine.tag import Severity, TagEngine
from bcp47_explorer.core.engine.unicode_locale import unicode_canonical
from bcp47_explorer.core.engine.unicode_validity import _own as _own_findings
from bcp47_explorer.core.engine.unicode_validity import unicode_verdict, verdict_of
from bcp47_explorer.core.grammar import parser as grammar
from bcp47_explorer.core.grammar.diagnostics import judged_by_uts35
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

DATA = Path(__file__).resolve().parent.parent / "data"


@pytest.fixture(scope="module")
def engine() -> TagEngine:
    return bundled_engine()


def _appendix_a() -> list[tuple[str, str]]:
    rows = []
    for line in (DATA / "rfc5646-appendix-a.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            tag, expect = line.split("\t")
            rows.append((tag, expect))
    return rows


@pytest.mark.parametrize(("tag", "expect"), _appendix_a())
def test_rfc5646_appendix_a(engine: TagEngine, tag: str, expect: str) -> None:
    r = engine.check(tag)
    got = "valid" if r.valid else "well-formed" if r.well_formed else "ill-formed"
    assert got == expect, [d.code for d in r.diagnostics]


# --------------------------------------------------------------------- whole registry
def _records(engine: TagEngine, type_: str):
    return [r for r in engine.registry.records if r.type == type_]


@pytest.mark.slow
def test_every_registered_subtag_is_valid_in_its_position(engine: TagEngine) -> None:
    bad = []
    for rec in engine.registry.records:
        codes = rec.range_codes() if rec.is_range else [rec.code]
        for code in codes:
            if rec.type == "language":
                tags = [code]
            elif rec.type == "extlang":
                tags = [f"{rec.prefixes[0]}-{code}"]
            elif rec.type == "script" or rec.type == "region":
                tags = [f"und-{code}"]
            elif rec.type == "variant":
                tags = [f"{p}-{code}" for p in rec.prefixes] or [f"und-{code}"]
            else:
                tags = [code]
            for tag in tags:
                r = engine.check(tag)
                if not r.valid:
                    bad.append((tag, [d.code for d in r.errors]))
                elif rec.type in ("variant", "extlang") and any(d.code == "prefix-mismatch" for d in r.diagnostics):
                    bad.append((tag, "prefix-mismatch"))
    assert bad == []


@pytest.mark.slow
def test_every_preferred_value_is_applied(engine: TagEngine) -> None:
    bad = []
    for rec in engine.registry.records:
        pv = rec.preferred_value
        if not pv:
            continue
        if rec.type == "language":
            pairs = [(rec.code, pv.lower())]
        elif rec.type == "extlang":
            pairs = [(f"{rec.prefixes[0]}-{rec.code}", pv.lower())]
        elif rec.type == "script":
            pairs = [(f"und-{rec.code}", f"und-{pv.title()}")]
        elif rec.type == "region":
            pairs = [(f"und-{rec.code}", f"und-{pv.upper()}")]
        elif rec.type == "variant":
            pairs = [(f"{p}-{rec.code}", f"{engine.canonicalize(p).tag}-{pv.lower()}") for p in rec.prefixes]
        else:
            pairs = [(rec.code, engine.canonicalize(pv).tag)]
        for tag, want in pairs:
            got = engine.check(tag).canonical
            if got != want:
                bad.append((tag, got, want))
            if not engine.canonicalize(tag).steps:
                bad.append((tag, "no steps"))
    assert bad == []


def test_deprecated_without_preferred_value_stays(engine: TagEngine) -> None:
    r = engine.check("sgn-BE-FR-x-a")  # not a whole grandfathered tag: ill-formed
    assert not r.well_formed
    r = engine.check("i-default")
    assert r.canonical == "i-default"


# ---------------------------------------------------------------------------- hypothesis
PIECES = [
    "en", "US", "Latn", "zh", "yue", "cmn", "Hant", "x", "u", "t", "a", "ca", "gregory", "nu", "latn", "1901",
    "rozaj", "biske", "sl", "de", "DE", "i", "klingon", "m0", "ungegn", "iw", "BU", "heploc", "hepburn", "ja",
    "sgn", "BR", "co", "phonebk", "kn", "true", "foo", "abc", "abcdefghi", "ı", "1", "419", "art", "lojban",
    "zh-min-nan", "en-GB-oed", "", " ", "_", "ar", "aeb", "ads", "d0", "nfkd", "h0", "hybrid", "und", "qaa",
    "QM", "islamic", "civil", "k0", "rg", "uszzzz", "sd", "usca", "vt", "0020", "普",
]  # fmt: skip
tag_like = st.lists(st.sampled_from(PIECES), max_size=10).map("-".join)
any_text = st.one_of(st.text(max_size=40), tag_like, st.text(alphabet="abcxu-_019 ", max_size=30))


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_text)
def test_any_string_checks_without_exception_and_spans_match(text: str) -> None:
    engine = bundled_engine()
    r = engine.check(text)
    for s in r.subtags:
        assert 0 <= s.start < s.end <= len(text)
        assert text[s.start : s.end] == s.text
    starts = [s.start for s in r.subtags]
    assert starts == sorted(starts)
    for d in r.diagnostics:
        assert 0 <= d.start <= d.end <= len(text)
        assert d.message and d.code
        if d.fix is not None:
            assert isinstance(d.fix.tag, str) and d.fix.label
    first = r.analysis.parse.extensions[0].singleton[1] if r.analysis.parse.extensions else None
    rfc_errors = [d for d in r.diagnostics if d.severity is Severity.ERROR and not judged_by_uts35(d, first)]
    assert r.valid == (r.well_formed and not rfc_errors)
    assert (r.canonical is None) == (not r.well_formed)


@settings(max_examples=1500, deadline=None)
@given(any_text)
def test_fast_path_agrees_with_precise_analysis(text: str) -> None:
    engine = bundled_engine()
    r = engine.check(text)
    a = engine.analyze(text)  # no canonical handed over: the precise canonicalization runs
    assert (r.well_formed, r.valid) == (a.canonical_tag is not None, a.valid)
    assert r.canonical == (a.canonical.tag if a.canonical else None)
    assert r.extlang_form == (a.extlang.tag if a.extlang else None)
    assert sorted(r.diagnostics, key=repr) == sorted(a.diagnostics, key=repr)
    # The Unicode verdict from the fast path's result equals the one from the precise analysis, and its
    # shortcut for tags without extensions agrees with the full check.
    fast_verdict = unicode_verdict(engine, r)
    assert fast_verdict == verdict_of(engine, a)
    if r.well_formed:
        first = a.parse.extensions[0].singleton[1] if a.parse.extensions else None
        uts35_errors = [d for d in a.diagnostics if d.severity is Severity.ERROR and judged_by_uts35(d, first)]
        assert fast_verdict.valid == (a.valid and not uts35_errors and not _own_findings(engine, a.parse))


# Tag-like strings built from pieces that reach every class of Annex C: alias keys of every table,
# deprecated and aliased -u-/-t- values, subdivision aliases, extlangs, grandfathered tags, '_' and 'root'.
UNICODE_PIECES = [
    *PIECES, "sh", "YU", "SU", "hy", "arevmda", "no", "bokmal", "aaland", "polytoni", "Qaai", "200", "sk", "076",
    "ms", "imperial", "tz", "est5edt", "ks", "primary", "ethiopic", "amete", "alem", "names", "yes", "cn11",
    "no23", "fi01", "lud", "root", "tl", "mo", "aar", "cel", "gaulish", "zh-guoyu", "c0", "emodeng", "fonipa",
]  # fmt: skip
unicode_like = st.lists(st.sampled_from(UNICODE_PIECES), min_size=1, max_size=9).flatmap(
    lambda parts: st.sampled_from(["-", "_"]).map(lambda sep: sep.join(parts))
)


@settings(max_examples=2500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(unicode_like, any_text))
def test_the_unicode_form_is_a_fixed_point_and_a_unicode_locale_id_or_a_refusal(text: str) -> None:
    engine = bundled_engine()
    got = unicode_canonical(engine, text)
    if got.tag is None:
        assert got.refusal  # an explicit refusal with a reason
        return
    assert is_unicode_bcp47_locale_id(got.tag), (text, got.tag)
    assert engine.check(got.tag).well_formed  # a Unicode BCP 47 locale id is a BCP 47 tag
    again = unicode_canonical(engine, got.tag)
    assert again.tag == got.tag and again.steps == (), (text, got.tag, again)
    if got.steps:
        assert got.steps[0].before == text and got.steps[-1].after == got.tag


@settings(max_examples=1500, deadline=None)
@given(any_text)
def test_regex_parse_agrees_with_precise_parse(text: str) -> None:
    quick = quick_parse(text)
    precise = grammar.parse(text)
    precise.subtags.sort(key=lambda s: s[1])
    assert quick.subtags == precise.subtags
    assert quick.diags == precise.diags and quick.well_formed == precise.well_formed
    assert [tuple(x) for x in quick.extensions] == [tuple(x) for x in precise.extensions]


@settings(max_examples=1500, deadline=None)
@given(tag_like)
def test_canonicalizing_twice_changes_nothing_and_keeps_validity(text: str) -> None:
    engine = bundled_engine()
    r = engine.check(text)
    if r.canonical is None:
        return
    again = engine.check(r.canonical)
    assert again.canonical == r.canonical
    assert engine.canonicalize(r.canonical).steps == ()
    if r.valid:
        assert again.valid, [d.code for d in again.errors]


def _same_analysis(engine: TagEngine, text: str) -> None:
    """The single-pass analysis (CLI JSON path, quiet-advice shortcuts) equals the lazy precise one."""
    lazy = engine.check(text)
    once = engine.check_analyzed(text)
    assert (once.well_formed, once.valid, once.canonical, once.extlang_form) == (
        lazy.well_formed,
        lazy.valid,
        lazy.canonical,
        lazy.extlang_form,
    )
    assert once.subtags == lazy.subtags
    assert once.diagnostics == lazy.diagnostics


@settings(max_examples=1500, deadline=None)
@given(any_text)
def test_single_pass_analysis_agrees_with_lazy_analysis(text: str) -> None:
    _same_analysis(bundled_engine(), text)


_U_SAMPLES = ["ca-gregory", "co-phonebk", "nu-latn", "kn", "kn-true", "ca-islamicc", "rg-uszzzz", "sd-usca",
              "tz-usnyc", "vt-0020", "cu-ddm", "ms-imperial", "ka-shifted"]  # fmt: skip


@pytest.mark.slow
def test_single_pass_analysis_agrees_over_the_registry(engine: TagEngine) -> None:
    # Every subtag in a clean position, in two letter cases, with and without a script the
    # language suppresses: the quiet-advice shortcuts must never hide a diagnostic.
    fresh = TagEngine(engine.registry, engine.cldr, engine.extensions)
    for rec in engine.registry.records:
        codes = rec.range_codes()[:3] if rec.is_range else [rec.code]
        for code in codes:
            if rec.type == "language":
                tags = [code, code.upper(), f"{code}-Latn", f"{code}-{rec.suppress_script or 'Cyrl'}-AT"]
            elif rec.type == "extlang":
                tags = [f"{rec.prefixes[0]}-{code}", f"en-{code}"]
            elif rec.type in ("script", "region"):
                tags = [f"und-{code}", f"en-{code}".upper()]
            elif rec.type == "variant":
                tags = [f"{p}-{code}" for p in rec.prefixes] + [f"und-{code}"]
            else:
                tags = [code, f"{code}-x-a"]
            for tag in tags:
                _same_analysis(fresh, tag)
    for kw in _U_SAMPLES:
        for tag in (f"en-u-{kw}", f"en-u-{kw}-{kw}", f"de-t-en-m0-ungegn-u-{kw}".upper()):
            _same_analysis(fresh, tag)


_JSON_TRAPS = ["i-\u212alingon", "I-KLINGON", "en-GB-oed", "zh-min-nan", 'en-"US"', "en\\US", "en\x00", "en-\udc80",
               "", " en", "x-a", "en-US-u-ca-gregory", "zh-\u666e", "sgn-BR-x-a"]  # fmt: skip


@settings(max_examples=800, deadline=None)
@given(st.one_of(any_text, st.sampled_from(_JSON_TRAPS)))
def test_hand_built_json_lines_equal_json_dumps(text: str) -> None:
    import json

    from bcp47_explorer.commands.tag_cmds import check_json_lines

    engine = bundled_engine()
    ((line, valid),) = check_json_lines(engine, [text])
    want = json.dumps(engine.check(text).as_dict(), ensure_ascii=False, separators=(",", ":"))
    assert line == want
    assert valid == engine.check(text).valid
