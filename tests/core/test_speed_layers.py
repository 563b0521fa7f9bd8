"""Issue 22's speed layers give the same answers as the ways they shortcut.

- the Unicode form's fast path for plain language ids (:meth:`Uts35Canonicalizer._quick`) against
  the whole Annex C algorithm (:meth:`Uts35Canonicalizer._run`), over every language, language-script
  and language-region of CLDR's likely subtags, the registry's deprecated codes and random case;
- the Unicode form's fast path for well-formed tags with extensions (:meth:`Uts35Canonicalizer._quick_extended_tag`)
  against the whole algorithm, over generated tags: every -u- and -t- key of CLDR's bcp47 data with its types,
  deprecated ones, aliases, ``true``, repeated keys and singletons, aliased language ids and source languages,
  other extensions, private use and random case, and the benchmark corpora;
- the best-fit index (:mod:`bcp47_explorer.core.matching.fitindex`) against the plain matcher's
  :meth:`Matcher.best_fit`, every field of the answer, over likely-subtag keys and awkward tags;
  a first-seen desired locale is measured only against the supported locales its language can
  reach until the answer's candidates are read, and then ranks them all as the plain matcher does.
"""

from __future__ import annotations

import pickle
import random
from itertools import chain

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


def _extended_tags(engine: TagEngine, count: int) -> list[str]:
    """Return *count* generated tags with extensions, many of them in no canonical order or case."""
    from benchmarks.corpus import build, build_advice

    cldr = engine.cldr
    assert cldr is not None
    rnd = random.Random(31)
    base = build(6000, seed=31) + build_advice(3000, seed=31)
    heads = [t.split("-u-")[0].split("-t-")[0].split("-x-")[0] for t in base[:2500]]
    heads += ["en", "iw", "und", "root", "EN-latn-us", "sh", "zh-min-nan", "en-GB-oed", "x-foo", "de-1901", "Flob"]
    heads += ["i-klingon", "sgn-BR", "zh-yue-HK", "en-840", "hy-SU", "mo", "aaa-bbb", "en-a-bbb", "und-Latn"]
    sources = [["en"], ["ja", "latn"], ["iw"], ["und"], ["zh", "hant", "tw"], ["en", "gb"], ["sh"], ["de", "1901"]]
    sources += [["zh", "yue"], ["en", "su"], ["mo"], ["root"], ["abcd"], ["en", "latn", "us", "posix"]]
    u_keys, t_keys = list(cldr.u_keys.values()), list(cldr.t_keys.values())

    def keyword() -> list[str]:
        k = rnd.choice(u_keys)
        value = rnd.choice([*k.types, "true", "yes", "abc", "gbzzzz", "usca", "fi01", "ab"])
        return [k.key, *value.split("-")] if rnd.random() < 0.9 else [k.key]

    def field() -> list[str]:
        k = rnd.choice(t_keys)
        return [k.key, *rnd.choice([*k.types, "und", "ab"]).split("-")]

    tags = [t for t in base if "-u-" in t.lower() or "-t-" in t.lower()]
    while len(tags) < count:
        seqs = []
        for _ in range(rnd.randint(1, 3)):
            r = rnd.random()
            if r < 0.5:
                attrs = rnd.choice([[], [], ["attr1"], ["zzz", "aaa", "zzz"]])
                seqs.append(["u", *attrs, *chain.from_iterable(keyword() for _ in range(rnd.randint(1, 3)))])
            elif r < 0.85:
                source = rnd.choice(sources) if rnd.random() < 0.7 else []
                seqs.append(["t", *source, *chain.from_iterable(field() for _ in range(rnd.randint(1, 2)))])
            else:
                seqs.append([rnd.choice("abz019"), rnd.choice(["abc", "xyz12", "ab"])])
        private = rnd.choice([[], [], ["x", "Priv"], ["x", "u", "ca", "abc"]])
        tag = "-".join([rnd.choice(heads), *chain.from_iterable(seqs), *private])
        if rnd.random() < 0.3:
            tag = "".join(ch.upper() if rnd.random() < 0.5 else ch for ch in tag)
        tags.append(tag)
    return list(dict.fromkeys(tags))


def test_the_unicode_forms_fast_path_for_extensions_gives_the_algorithms_answer(engine: TagEngine) -> None:
    c = unicode_canonicalizer(engine)
    assert c is not None
    tags = _extended_tags(engine, 40_000)
    quick, changed, differ = 0, 0, []
    for tag in tags:
        got = c._quick_extended_tag(tag)
        if got is None:
            continue
        quick += 1
        changed += got != tag
        want = _slow(c, tag).tag
        if got != want:
            differ.append((tag, got, want))
    assert differ == []
    # Not vacuous: the fast path takes a good share, and many of those are re-ordered or re-cased.
    assert quick > len(tags) // 4 and changed > quick // 2
    for tag, want in (
        ("EN-u-NU-latn-CA-gregory-ca-buddhist", "en-u-ca-gregory-nu-latn"),
        ("de-t-EN-m0-ungegn-a-bbb-u-kn-true", "de-a-bbb-t-en-m0-ungegn-u-kn"),
        ("en-u-zzz-aaa-zzz-x-A-b", "en-u-aaa-zzz-x-a-b"),
    ):
        assert c._quick_extended_tag(tag) == want == _slow(c, tag).tag
    # Left to the whole algorithm: aliases of the language id, of a source language or of a value; refusals.
    for tag in ("iw-u-ca-gregory", "en-t-iw-m0-ungegn", "en-u-ca-islamicc", "en-u-ms-imperial", "en-u-rg-fi01",
                "en-u-c0-abc", "en-u-ca-gregory-u-nu-latn", "en-t-m0", "en-US", "en-US-u", "en-GB-oed-u-ca-gregory",
                "zh-yue-u-ca-chinese", "en-t-zh-yue-m0-ungegn", "de-1901-u-co-phonebk", "x-u-ca-gregory"):  # fmt: skip
        assert c._quick_extended_tag(tag) is None, tag


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
