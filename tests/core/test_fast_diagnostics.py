"""The fast path's diagnostics equal the precise parser's, value for value and in order (issue 8's speed-up).

``engine.check(tag).diagnostics`` of a tag the regex matches comes from :mod:`.quickadvice`
(per-subtag advice worked out once) and never runs the precise parser; ``engine.analyze(tag)``
without a canonical form runs the precise parser and every check. Both must give the same
diagnostics (code, severity, span, message, fix, section) in the same order, the same subtags,
validity and canonical form, over large generated corpora where most tags draw advice, in
conventional and in random letter case.
"""

from __future__ import annotations

import random

import pytest
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine.advice import Advisor
from bcp47_explorer.core.engine.tag import TagEngine
from bcp47_explorer.core.grammar.parser import Parse
from bcp47_explorer.core.grammar.syntax import WELL_FORMED
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.corpus import build, build_advice


@pytest.fixture(scope="module")
def engine() -> TagEngine:
    return bundled_engine()


def _assert_same(engine: TagEngine, tag: str) -> None:
    fast = engine.check(tag)
    fast_diags = fast.diagnostics
    precise = engine.analyze(tag)  # no canonical form handed over: the precise parser and every check
    assert fast_diags == precise.diagnostics, tag
    assert fast.subtags == precise.subtags, tag
    assert (fast.well_formed, fast.valid, fast.canonical) == (
        precise.parse.well_formed,
        precise.valid,
        precise.canonical_tag,
    ), tag
    once = engine.check_analyzed(tag)  # the CLI's single-pass analysis
    assert once.diagnostics == fast_diags and once.subtags == fast.subtags, tag


def _quick_lane(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str | None, ...]]:
    """Return the list that gets the regex groups of every tag written on the quick JSON line (as it is written)."""
    from bcp47_explorer.core.engine import checkjson
    from bcp47_explorer.core.engine.quickline import QuickLine

    lane: list[tuple[str | None, ...]] = []
    subtags_of = checkjson._langtag_subtags
    monkeypatch.setattr(checkjson, "_langtag_subtags", lambda g, tag: lane.append(g) or subtags_of(g, tag))
    line_of = QuickLine.line  # the plainest tags' lines are written from texts kept per subtag

    def fused(self: QuickLine, tag: str, g: tuple[str | None, ...], end: bytes = b"") -> tuple[bytes, str] | None:
        got = line_of(self, tag, g, end)
        if got is not None:
            lane.append(g)
        return got

    monkeypatch.setattr(QuickLine, "line", fused)
    return lane


def _assert_line(engine: TagEngine, tag: str, line: str, valid: bool) -> None:
    """Assert that *line* and *valid* are what the precise path gives for *tag*, byte for byte."""
    import json

    r = engine.check(tag)
    assert line == json.dumps(r.as_dict(), ensure_ascii=False, separators=(",", ":")), tag
    assert valid == r.valid, tag


def _random_case(rnd: random.Random, tag: str) -> str:
    return "".join(c.upper() if rnd.random() < 0.5 else c.lower() for c in tag)


def test_fast_diagnostics_equal_precise_over_the_advice_corpus(engine: TagEngine) -> None:
    # A fresh engine: the per-subtag advice is learnt during the run, as in a batch.
    fresh = TagEngine(engine.registry, engine.cldr, engine.extensions)
    rnd = random.Random(8)
    tags = build_advice(4000, seed=8)
    quick = 0
    for tag in tags:
        for t in (tag, _random_case(rnd, tag)):
            _assert_same(fresh, t)
        m = WELL_FORMED.fullmatch(tag)
        canonical = fresh.check(tag).canonical
        if m is not None and canonical is not None and fresh.quick_advice.head(tag, m.groups(), canonical) is not None:
            quick += 1
    # The comparison is worth something only if the fast path really gives these diagnostics.
    assert quick > 0.9 * len(tags)
    assert sum(1 for t in tags if fresh.check(t).diagnostics) > 0.7 * len(tags)


def test_fast_diagnostics_equal_precise_over_the_mixed_corpus(engine: TagEngine) -> None:
    fresh = TagEngine(engine.registry, engine.cldr, engine.extensions)
    rnd = random.Random(9)
    for tag in build(3000, seed=9):
        _assert_same(fresh, tag)
        _assert_same(fresh, _random_case(rnd, tag))


def test_fast_diagnostics_equal_precise_for_every_registered_subtag(engine: TagEngine) -> None:
    fresh = TagEngine(engine.registry, engine.cldr, engine.extensions)
    for rec in engine.registry.records:
        codes = rec.range_codes()[:2] if rec.is_range else [rec.code]
        for code in codes:
            if rec.type == "language":
                tags = [code, f"{code}-{rec.suppress_script or 'Latn'}-DE", f"{code}-x-Priv".upper()]
            elif rec.type == "extlang":
                tags = [f"{rec.prefixes[0]}-{code}", f"de-{code}-BU-x-a", f"{rec.prefixes[0]}-{code}-u-ca-gregory"]
            elif rec.type in ("script", "region"):
                tags = [f"sr-{code}", f"iw-{code}-heploc".upper()]
            elif rec.type == "variant":
                tags = [f"{p}-{code}" for p in rec.prefixes] + [f"und-{code}", f"ja-Latn-{code}-heploc-x-y"]
            else:
                tags = [code, f"{code}-x-a", f"{code}-a-bcd"]
            for tag in tags:
                _assert_same(fresh, tag)


def test_record_is_quiet_agrees_with_advise_record(engine: TagEngine) -> None:
    adv = engine.advisor
    for kind, table in engine.tables.by_type.items():
        for code, rec in table.items():
            probe = Parse(code)
            adv.advise_record(probe, (code, 0, len(code)), rec, kind)
            assert Advisor.record_is_quiet(rec, kind, code) == (not probe.diags), (kind, code)


_PIECES = ["iw", "in", "ji", "sh", "mo", "tl", "cmn", "zh", "yue", "hak", "ar", "aeb", "arb", "qaa", "qtz", "und",
           "mul", "zxx", "mis", "sla", "en", "sl", "de", "ja", "Latn", "Cyrl", "Hans", "Qaaa", "Zyyy", "BU", "DD",
           "YU", "QM", "XK", "419", "1901", "1996", "rozaj", "biske", "heploc", "hepburn", "alalc97", "fonipa",
           "u", "ca", "gregory", "x", "a", "t", "m0", "ungegn", "sgn", "BR", "GB", "oed"]  # fmt: skip


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=7).map("-".join), st.randoms())
def test_fast_diagnostics_equal_precise_for_advice_pieces(text: str, rnd: random.Random) -> None:
    engine = bundled_engine()
    _assert_same(engine, text)
    _assert_same(engine, _random_case(rnd, text))  # type: ignore[arg-type]


def test_check_json_lines_equal_json_dumps_over_the_corpora(engine: TagEngine, monkeypatch: pytest.MonkeyPatch) -> None:
    """``bcp47 check --json`` writes most advice tags from the regex groups: the bytes of the result's dict."""
    import json

    from bcp47_explorer.core.engine import checkjson

    lanes = _quick_lane(monkeypatch)
    fresh = TagEngine(engine.registry, engine.cldr, engine.extensions)
    fresh.repair_fix = engine.repair_fix  # the composer's repair gives the fix of a tag that is not valid
    fresh.plausibility = engine.plausibility  # and CLDR's plausibility notes on a valid one
    rnd = random.Random(10)
    advice = build_advice(3000, seed=10)
    tags = [t for tag in advice for t in (tag, _random_case(rnd, tag))] + build(3000, seed=10)
    lines = list(checkjson.check_json_lines(fresh, tags))
    assert len(lines) == len(tags)
    for tag, (line, valid) in zip(tags, lines, strict=True):
        r = engine.check(tag)
        assert line == json.dumps(r.as_dict(), ensure_ascii=False, separators=(",", ":")), tag
        assert valid == r.valid, tag
    # The comparison covers the short way: most advice tags take it, with their diagnostics.
    assert len(lanes) > 0.7 * 2 * len(advice)


def test_private_use_subtags_take_the_short_way_with_the_same_bytes(
    engine: TagEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The members of the registry's private-use ranges (qaa..qtz, Qaaa..Qabx, QM..QZ, XA..XZ): the fast path's."""
    from bcp47_explorer.core.engine import checkjson

    assert engine.fast_path.canonical("QFE-qaai-xk") == "qfe-Qaai-XK"
    assert engine.fast_path.canonical("qaa-Qabx-QZ-1901") == "qaa-Qabx-QZ-1901"
    assert engine.fast_path.canonical("qzz") is None and engine.fast_path.canonical("en-Qabz") is None  # not in a range
    lane = _quick_lane(monkeypatch)
    rnd = random.Random(11)
    heads = ["qaa", "qtz", "qfe", "en", "sr", "zh"]
    tails = ["", "-Qaaa", "-qabx", "-Latn", "-QM", "-xz", "-XK", "-aa", "-Qaai-QZ", "-Qaaa-DE", "-QM-1901", "-x-priv",
             "-Qaaa-x-a-b12-QM"]  # fmt: skip
    tags = [h + t for h in heads for t in tails]
    tags += [_random_case(rnd, t) for t in tags]
    for tag, (line, valid) in zip(tags, checkjson.check_json_lines(engine, tags), strict=True):
        _assert_line(engine, tag, line, valid)
        _assert_same(engine, tag)
    assert len(lane) == len(tags)  # -x- included


def test_extlang_tags_take_the_short_way_with_the_same_bytes(
    engine: TagEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A valid tag with one extlang gets its line from the regex groups, with UTS #35's finding on the extlang."""
    from bcp47_explorer.core.engine import checkjson

    lane = _quick_lane(monkeypatch)
    rnd = random.Random(12)
    tags = []
    for rec in engine.registry.records:
        if rec.type == "extlang":
            prefix = rec.prefixes[0]
            # Its own Prefix, another language (a prefix-mismatch warning), a script, region and variant after it.
            code = rec.code
            tags += [f"{prefix}-{code}", f"en-{code}-Latn", f"{prefix}-{code}-BU", f"{prefix}-{code}-fonipa-x-a"]
    tags += [_random_case(rnd, t) for t in tags[::7]]
    for tag, (line, valid) in zip(tags, checkjson.check_json_lines(engine, tags), strict=True):
        _assert_line(engine, tag, line, valid)
    with_extlang = [g for g in lane if g[1] is not None]
    assert len(with_extlang) > 0.9 * len(tags)
    assert '"role":"extlang"' in next(checkjson.check_json_lines(engine, ["zh-yue-HK"]))[0]


def test_private_use_after_a_langtag_takes_the_short_way_with_the_same_bytes(
    engine: TagEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A valid langtag followed by -x- private use (no extension) gets its line from the regex groups too."""
    from bcp47_explorer.core.engine import checkjson

    lane = _quick_lane(monkeypatch)
    rnd = random.Random(13)
    heads = ["en", "iw-IL", "zh-Hant-TW", "de-DE-1901", "sgn-ase", "cmn", "und", "en-Latn-US-fonipa", "sl-rozaj-biske"]
    tails = ["-x-a", "-X-Priv-12345678", "-x-x-y", "-x-u-ca", "-x-0-9-abcdefgh"]
    tags = [h + t for h in heads for t in tails]
    tags += [_random_case(rnd, t) for t in tags]
    for tag, (line, valid) in zip(tags, checkjson.check_json_lines(engine, tags), strict=True):
        _assert_line(engine, tag, line, valid)
    assert sum(1 for g in lane if g[6] is not None) == len(tags)
