"""Issue 22's speed layers give the same answers as the ways they shortcut.

- the Unicode form's fast path for plain language ids (:meth:`Uts35Canonicalizer._quick`) against
  the whole Annex C algorithm (:meth:`Uts35Canonicalizer._run`), over every language, language-script
  and language-region of CLDR's likely subtags, the registry's deprecated codes and random case;
- the best-fit index (:mod:`bcp47_explorer.core.matching.fitindex`) against the plain matcher's
  :meth:`Matcher.best_fit`, every field of the answer, over likely-subtag keys and awkward tags;
  a first-seen desired locale is measured only against the supported locales its language can
  reach until the answer's candidates are read, and then ranks them all as the plain matcher does.
"""

from __future__ import annotations

import pickle
import random

import pytest
from bcp47_explorer.core.cldr.canonical import UnicodeCanonicalization, Uts35Canonicalizer
from bcp47_explorer.core.data import bundled_engine, bundled_supplemental
from bcp47_explorer.core.engine.tag import TagEngine
from bcp47_explorer.core.engine.unicode_locale import unicode_canonicalizer


@pytest.fixture(scope="module")
def engine() -> TagEngine:
    return bundled_engine()


def _likely_keys() -> list[str]:
    from benchmarks.bench_likely import corpus

    return list(dict.fromkeys(corpus(30_000)))


def _slow(c: Uts35Canonicalizer, text: str) -> UnicodeCanonicalization:
    from bcp47_explorer.core.cldr.canonical import Refused
    from bcp47_explorer.core.grammar.values import Step

    steps: list[Step] = []
    try:
        return UnicodeCanonicalization(text, c._run(text, steps), tuple(steps))
    except Refused as exc:
        return UnicodeCanonicalization(text, None, tuple(steps), str(exc))


def test_the_unicode_forms_fast_path_gives_the_algorithms_answer(engine: TagEngine) -> None:
    c = unicode_canonicalizer(engine)
    assert c is not None
    rnd = random.Random(22)
    tags = _likely_keys()
    tags += ["".join(ch.upper() if rnd.random() < 0.5 else ch for ch in t) for t in tags]
    tags += ["root", "ROOT-us", "und", "UND-latn", "en-GB-oed", "zh-min", "art-lojban", "iw", "sh-YU", "en-840"]
    tags += ["abcde-Latn", "aaaaaaaa", "Flob", "en-u-ca-gregory", "x-foo", "sgn-BR", "no-NO", "mo", "en_US"]
    tags += [t + rnd.choice(["-x-Foo", "-X-a-b12", "-x-y", "-x-12345678", "-x"]) for t in tags[::7]]
    quick = 0
    for tag in tags:
        c.memo.clear()
        got = c.canonicalize(tag)
        assert got == _slow(c, tag), tag
        quick += c._quick(tag) is not None
    assert quick > len(tags) // 2  # the fast path takes most of these (the test would be vacuous otherwise)
    assert c._quick("iw") is None and c._quick("en-GB-oed") is None and c._quick("root") is None
    assert c.canonicalize("EN-latn-us").steps[0].reason.startswith("canonical syntax: case")


def test_the_best_fit_index_gives_the_plain_matchers_answers(engine: TagEngine) -> None:
    from bcp47_explorer.core.build.localeinfo import unicode_canonicalizer as canon_of
    from bcp47_explorer.core.matching.bestfit import Matcher
    from bcp47_explorer.core.matching.fitindex import IndexedMatcher

    from benchmarks.bench_likely import SUPPORTED

    sup = bundled_supplemental()
    plain, indexed = Matcher(sup, canon_of(engine)), IndexedMatcher(sup, canon_of(engine))
    rnd = random.Random(19)
    desired = [*_likely_keys()[:1500], "und", "x-piglatin", "en-001", "zh-Hant-HK", "sr-ME", "no", "nb", "hr", "bs"]
    lists = [SUPPORTED, ["en", "en", "fr"], ["en-GB", "en-001", "en-US"], ["zh-Hans", "zh-Hant", "yue"], []]
    for i, want in enumerate(desired):
        supported = lists[i % len(lists)]
        ask = [want] if i % 3 else [want, rnd.choice(desired), "en"]
        default = None if i % 4 else "fr"
        assert indexed.best_fit(ask, supported, default) == plain.best_fit(ask, supported, default), (ask, supported)
        have = supported[0] if supported else "en"
        assert indexed.distance(want, have) == plain.distance(want, have)


def test_a_first_seen_best_fit_measures_only_the_locales_its_language_can_reach(engine: TagEngine) -> None:
    from bcp47_explorer.core.build.localeinfo import unicode_canonicalizer as canon_of
    from bcp47_explorer.core.matching.bestfit import Matcher
    from bcp47_explorer.core.matching.fitindex import IndexedMatcher

    from benchmarks.bench_likely import SUPPORTED

    sup = bundled_supplemental()
    plain, indexed = Matcher(sup, canon_of(engine)), IndexedMatcher(sup, canon_of(engine))
    fit = indexed.best_fit(["gsw-CH"], SUPPORTED)
    # gsw reaches de by a one-way rule (4); the other 28 supported locales only by the catch-all (80): not measured.
    assert sorted(s for _d, s in indexed._by_pair) == [("de", "Latn", "CH"), ("de", "Latn", "DE")]
    assert (fit.supported, fit.distance, fit.desired) == ("de-CH", 4, "gsw-CH")
    assert fit.reason == (
        "gsw-CH (gsw-Latn-CH) vs de-CH (de-Latn-CH): language gsw ~ de: rule gsw → de = 4; "
        "script Latn = Latn: 0; region CH = CH: 0; total 4"
    )
    assert len(indexed._by_pair) == 2  # the reason is the best pair's: still nothing else measured
    # Reading the candidates measures and ranks every pair, as the plain matcher does.
    assert [(c.supported, c.total) for c in fit.candidates[:3]] == [("de-CH", 4), ("de", 8), ("en", 84)]
    assert len(fit.candidates) == len(fit.candidate_effective) == 30 == len(indexed._by_pair)
    assert fit == plain.best_fit(["gsw-CH"], SUPPORTED)
    assert pickle.loads(pickle.dumps(indexed.best_fit(["gsw"], SUPPORTED))) == plain.best_fit(["gsw"], SUPPORTED)
    # No match: the reason names the closest pair, which ranks them all when first read.
    none = indexed.best_fit(["qaa"], SUPPORTED)
    assert (none.supported, none.matched, none.distance) == ("en", False, None)
    assert none.reason.endswith(
        "vs en (en-Latn-US): language qaa ~ en: rule * ↔ * = 80; script ∅ ~ Latn: "
        "rule *-* ↔ *-* = 50; region ∅ ~ US: rule *-*-* ↔ *-*-* = 4; total 134)"
    )
    assert none == plain.best_fit(["qaa"], SUPPORTED)
