"""Pins that :func:`summarize` (the column functions' row: the Unicode verdict without a parse for plain valid tags,
the Unicode form without its steps, none for text Annex C cannot read) gives exactly what the plain composition
:func:`summarize_plainly` (check, verdict_of, unicode_canonical, fix_for) gives, over large corpora: mixed and
advice-heavy tags, re-cased ones, ``_`` forms, ``root`` forms, extensions, private use, undecodable bytes; that the
fast lane (:func:`_quick_summary`: a valid tag read once from its regex groups) is taken where it should be and gives
the plain answers on each kind it takes (Suppress-Script, deprecated subtags, extlangs, variants with a Prefix, quiet
extensions) and leaves the rest (grandfathered and private-use tags); and that the canonicalizer's
:meth:`canonical_tag` is :meth:`canonicalize`'s tag, remembered or not, and :meth:`canonical_tag_of` (from the groups)
is :meth:`canonical_tag`.
"""

from __future__ import annotations

import random

import pytest
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine import summary
from bcp47_explorer.core.engine.fastpath import FAST_MAX
from bcp47_explorer.core.engine.summary import TagSummary, _quick_summary, summarize, summarize_plainly
from bcp47_explorer.core.engine.tag import TagEngine
from bcp47_explorer.core.engine.unicode_locale import unicode_canonical_tag, unicode_canonicalizer
from bcp47_explorer.core.grammar.syntax import WELL_FORMED

from benchmarks.corpus import build, build_advice


def _corpus() -> list[str]:
    rnd = random.Random(30)
    tags = build(6000, seed=30) + build_advice(5000, seed=30)
    tags += [t.swapcase() for t in rnd.sample(tags, 1500)]
    tags += [t.replace("-", "_") for t in rnd.sample(tags, 1500)]
    tags += ["root" + t[t.index("-") :] for t in rnd.sample(tags, 300) if "-" in t]
    tags += [t + "-u-ca-gregory-nu-latn" for t in rnd.sample(tags, 300)]
    tags += [t + "-t-ja-m0-ungegn-x-priv" for t in rnd.sample(tags, 300)]
    bad = (b"de-\xff-CH", b"\xc3\x28x", b"i-\x80klingon", b"en_\xffUS")
    tags += [b.decode("utf-8", "surrogateescape") for b in bad]
    tags += ["", "_", "root", "ROOT_us", "root-u-ca-x", "en_US", "x-foo", "i-klingon", "zh-min-nan", "Flob", "hy-SU"]
    tags += ["en-US-u-rg-gbzzzz", "en-u-sd-usca", "sgn-076", "und-Latn-x-a", "art-lojban", "en-" + "a" * 2000]
    return list(dict.fromkeys(tags))


CORPUS = _corpus()


@pytest.fixture(scope="module")
def engine() -> TagEngine:
    base = bundled_engine()
    fresh = TagEngine(base.registry, base.cldr, base.extensions, base.supplemental)
    fresh.repair_fix, fresh.plausibility = base.repair_fix, base.plausibility
    return fresh


def test_the_corpus_has_every_kind_of_input(engine: TagEngine) -> None:
    got = [summarize_plainly(engine, t) for t in CORPUS]
    assert len(CORPUS) > 14_000
    assert {s.well_formed for s in got} == {True, False} and {s.unicode_valid for s in got} == {True, False}
    assert sum(not s.well_formed and s.unicode is not None for s in got) > 500  # '_' and 'root' forms
    assert sum(s.unicode is not None and s.unicode != s.canonical for s in got) > 1000
    assert sum(s.fix is not None and not s.valid for s in got) > 1000


def test_summarize_gives_what_the_plain_composition_gives(engine: TagEngine) -> None:
    canonicalizer = unicode_canonicalizer(engine)
    assert canonicalizer is not None
    differ = []
    for tag in CORPUS:
        canonicalizer.memo.clear()  # each way works it out afresh: the memo may not hide a difference
        fast = summarize(engine, tag)
        canonicalizer.memo.clear()
        plain = summarize_plainly(engine, tag)
        if fast != plain:
            differ.append((tag, fast, plain))
    assert differ == []


def test_the_unicode_tag_is_the_unicode_forms_tag_remembered_or_not(engine: TagEngine) -> None:
    canonicalizer = unicode_canonicalizer(engine)
    assert canonicalizer is not None
    sample = CORPUS[::7]
    canonicalizer.memo.clear()
    fresh = [unicode_canonical_tag(engine, t) for t in sample]
    want = [canonicalizer.canonicalize(t).tag for t in sample]  # fills the memo
    assert fresh == want and [unicode_canonical_tag(engine, t) for t in sample] == want
    assert unicode_canonical_tag(engine, "en_us") == "en-US" and unicode_canonical_tag(engine, "en-us-") is None


# (tag, whether the fast lane takes it, the first problem's code, unicode_valid, the Unicode form): one of each kind
# the lane reads otherwise than the precise path, and the kinds it must leave. The expected values pin that each
# tag is still of its kind (the data could change under it); the test compares the answers with the plain ones.
KINDS = [
    ("en-US", True, None, True, "en-US"),
    ("en-Latn-US", True, "suppress-script", True, "en-Latn-US"),
    ("EN-latn-us", True, "suppress-script", True, "en-Latn-US"),  # re-cased: the fix keeps the input's case
    ("iw-IL", True, "deprecated", True, "he-IL"),
    ("en-BU", True, "deprecated", True, "en-MM"),
    ("hy-SU", True, "deprecated", True, "hy-AM"),  # no Preferred-Value: no fix; CLDR's alias in the Unicode form
    ("zh-yue-HK", True, "macrolanguage", False, "yue-HK"),  # an extlang: UTS #35's finding after RFC 5646's
    ("sgn-ase-US", True, "collection", False, "ase-US"),
    ("zh-cmn-Hans", True, "macrolanguage", False, "zh-Hans"),
    ("sl-rozaj-biske", True, None, True, "sl-biske-rozaj"),  # variants with their Prefix; Unicode sorts them
    ("de-rozaj", True, "prefix-mismatch", True, "de-rozaj"),
    ("cmn-TW", True, "macrolanguage-member", True, "zh-TW"),
    ("tl-PH", True, None, True, "fil-PH"),
    ("en-x-priv", True, None, True, "en-x-priv"),
    ("en-US-u-ca-gregory-nu-latn", True, None, True, "en-US-u-ca-gregory-nu-latn"),  # quiet extensions
    ("ja-t-it-m0-ungegn", True, None, True, "ja-t-it-m0-ungegn"),
    ("i-klingon", False, "deprecated", False, "tlh"),  # grandfathered: the precise path
    ("en-GB-oed", False, "deprecated", False, "en-GB-oxendict"),
    ("zh-min-nan", False, "deprecated", False, "nan"),
    ("art-lojban", False, "deprecated", False, "jbo"),
    ("x-foo", False, "private-use-tag", False, "und-x-foo"),  # a private-use tag
    ("en-a-bbb", False, "unregistered-extension", True, "en-a-bbb"),  # an extension the lane does not read
    ("root", False, "unknown-language", False, "und"),
]


@pytest.mark.parametrize(("tag", "lane", "code", "unicode_valid", "unicode"), KINDS)
def test_the_fast_lane_gives_the_plain_answer_on_each_kind(
    engine: TagEngine, tag: str, lane: bool, code: str | None, unicode_valid: bool, unicode: str
) -> None:
    canonicalizer = unicode_canonicalizer(engine)
    assert canonicalizer is not None
    canonicalizer.memo.clear()
    quick = _quick_summary(engine, tag)
    canonicalizer.memo.clear()
    plain = summarize_plainly(engine, tag)
    assert (quick is not None) is lane
    assert (plain.code, plain.unicode_valid, plain.unicode) == (code, unicode_valid, unicode)
    assert summarize(engine, tag) == plain
    if quick is not None:
        assert quick == plain and quick.valid


def test_summarize_takes_the_fast_lane_for_the_valid_tags_it_settles(
    engine: TagEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    taken: list[str] = []

    def spy(engine: TagEngine, tag: str) -> TagSummary | None:
        got = _quick_summary(engine, tag)
        if got is not None:
            taken.append(tag)
        return got

    monkeypatch.setattr(summary, "_quick_summary", spy)
    valid = [t for t in CORPUS if summarize_plainly(engine, t).valid]
    got = [summarize(engine, t) for t in valid]
    assert all(s.valid for s in got)
    # Nearly every valid tag of the corpus is read once (the rest: grandfathered, private-use, '-a-' extensions,
    # extensions drawing more than CLDR's notes); of those, the extlang ones are not Unicode locale identifiers.
    assert len(taken) > 0.98 * len(valid) and len(taken) > 10_000
    assert sum(not s.unicode_valid for s in got) > 500
    # A plain langtag (language, script, region, one variant: nothing unusual) always takes it.
    whole = engine.tables.tags  # grandfathered and redundant tags, looked up whole (the precise path)
    plain = [t for t in valid if _plain_langtag(t) and not any(w in whole for w in _heads(t.lower()))]
    assert len(plain) > 5000 and set(plain) - set(taken) == set()


def _plain_langtag(tag: str) -> bool:
    m = WELL_FORMED.fullmatch(tag)
    if m is None:
        return False
    lang, ext, _script, _region, var, exts, pu, _pu2 = m.groups()
    return lang is not None and len(lang) <= 3 and ext is None and var.count("-") <= 1 and not exts and pu is None


def _heads(low: str) -> list[str]:
    """Return the tag *low* and its shorter heads of whole subtags ('sgn-gr-x': 'sgn-gr-x', 'sgn-gr', 'sgn')."""
    parts = low.split("-")
    return ["-".join(parts[:i]) for i in range(len(parts), 0, -1)]


def test_the_unicode_tag_from_the_groups_is_the_unicode_tag(engine: TagEngine) -> None:
    canonicalizer = unicode_canonicalizer(engine)
    assert canonicalizer is not None
    matched = [(t, m.groups()) for t in CORPUS if len(t) <= FAST_MAX and (m := WELL_FORMED.fullmatch(t)) is not None]
    assert len(matched) > 10_000
    differ = []
    for tag, g in matched:
        canonicalizer.memo.clear()
        got = canonicalizer.canonical_tag_of(tag, g)
        canonicalizer.memo.clear()
        want = canonicalizer.canonical_tag(tag)
        if got != want:
            differ.append((tag, got, want))
    assert differ == []
