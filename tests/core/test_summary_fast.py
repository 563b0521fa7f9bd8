"""Pins that :func:`summarize` (the column functions' row: the Unicode verdict without a parse for plain valid tags,
the Unicode form without its steps, none for text Annex C cannot read) gives exactly what the plain composition
:func:`summarize_plainly` (check, verdict_of, unicode_canonical, fix_for) gives, over large corpora: mixed and
advice-heavy tags, re-cased ones, ``_`` forms, ``root`` forms, extensions, private use, undecodable bytes; and that
the canonicalizer's :meth:`canonical_tag` is :meth:`canonicalize`'s tag, remembered or not.
"""

from __future__ import annotations

import random

import pytest
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine.summary import summarize, summarize_plainly
from bcp47_explorer.core.engine.tag import TagEngine
from bcp47_explorer.core.engine.unicode_locale import unicode_canonical_tag, unicode_canonicalizer

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
