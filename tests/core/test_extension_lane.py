"""The extensions' own lane of the fused line (:meth:`.quickline.QuickLine._extensions`).

A tag whose -u-/-t- extensions draw nothing gets their canonical form and their entries in ``subtags`` from
one regex split and what each keyword, field and source language as written gives (kept), not from the walk
(:class:`.fastpath.ExtensionWalk`) and :func:`.quickline.tail_subtags_json`. Pinned here: over a generated
corpus of extensions (keywords CLDR lists and does not, odd case, attributes, source languages of every shape,
other singletons, repeats) the lane gives what the walk and ``tail_subtags_json`` give whenever it answers, and
answers for no extensions the walk refuses (for those it finds loud, with CLDR's findings on them placed, unless one
offers a fix); the fused line takes the lane (the walk is not asked);
what the lane leaves to the walk still gets its line. The lines themselves are compared with the precise
path's in test_extension_walk.
"""

from __future__ import annotations

import random
import re

from bcp47_explorer.core.engine import checkjson
from bcp47_explorer.core.engine.quickline import QuickLine, tail_subtags_json
from bcp47_explorer.core.grammar.syntax import WELL_FORMED

from tests.core.engines import fresh_engine

_U = ["ca-gregory", "ca-buddhist", "nu-latn", "nu-arab", "co-phonebk", "kn", "kn-true", "kn-false", "hc-h12",
      "ks-level2", "va-posix", "em-emoji", "ms-metric", "cu-usd", "tz-usnyc", "sd-usca", "rg-usz", "kh",
      "kh-false", "lb-strict", "fw-mon", "mu-celsius", "ca-gregorian", "zz-abc", "ca-islamic-civil", "ca",
      "co-abc", "attr", "abcde", "dx-thai", "cf-account", "x0-abc", "ab", "a1"]  # fmt: skip
_T = ["m0-ungegn", "m0-bgn", "h0-hybrid", "s0-ascii", "d0-fwidth", "t0-und", "i0-und", "k0-abc", "m0",
      "x0-private", "m0-din-bgn", "m9-abc", "t0-abcd"]  # fmt: skip
_SOURCES = ["ja", "ja-jp", "und", "und-latn", "en-us", "ja-latn-jp", "zh-hant-tw", "de-1996", "iw", "sgn-be",
            "en-419", "abcd", "jpn", "und-us", "ab-cd", "en-xx", "und-zzzz", "fr-latn", "12"]  # fmt: skip


def _extension(rnd: random.Random, singleton: str) -> str:
    if singleton == "u":
        return "-u-" + "-".join(rnd.sample(_U, rnd.randint(1, 4)))
    if singleton == "t":
        parts = [rnd.choice(_SOURCES)] if rnd.random() < 0.7 else []
        if rnd.random() < 0.8 or not parts:
            parts += rnd.sample(_T, rnd.randint(1, 3))
        return "-t-" + "-".join(parts)
    return f"-{singleton}-" + rnd.choice(["abc", "abcd-ef", "ab-cde"])


def _odd_case(rnd: random.Random, text: str) -> str:
    r = rnd.random()
    if r < 0.6:
        return text
    if r < 0.8:
        return text.upper()
    return "".join(ch.upper() if rnd.random() < 0.5 else ch for ch in text)


def test_the_lane_gives_what_the_walk_and_tail_subtags_json_give() -> None:
    writer = checkjson.quick_line(fresh_engine())
    walk = fresh_engine().fast_path.walk  # another engine's: its memos owe nothing to the lane's
    rnd = random.Random(36)
    taken = refused = left = loud_taken = 0
    for _ in range(12_000):
        singletons = rnd.sample(["u", "t", "a", "u", "t", "u"], rnd.choice([1, 1, 1, 2, 2, 3]))
        exts = _odd_case(rnd, "".join(_extension(rnd, s) for s in singletons))
        head = rnd.choice(["de", "sr-Latn-RS", "es-419"])
        tag = head + exts
        m = WELL_FORMED.fullmatch(tag)
        if m is None or m.group(6) != exts:
            continue
        at = len(head)
        got = writer._extensions(exts, at)
        canonical, roles, loud = walk(exts)
        if canonical is None or roles is None:
            assert got is None, tag
            refused += 1
        elif got is None:
            # -u- attributes are the walk's, and CLDR's findings with a fix (weighed by the quick path)
            assert loud or "-u-attr" in exts.lower() or "-u-abcde" in exts.lower(), tag
            left += 1
        else:
            assert got[:2] == (canonical, tail_subtags_json(tag, at, exts, None, roles)), tag
            # The findings on loud keywords, placed: as many as the walk lists keywords at least, none otherwise.
            assert (len(got[2]) >= len(loud)) if loud else got[2] == [], tag
            if loud:
                for d in got[2]:  # placed on a keyword's subtags, within the extensions
                    start, end = map(int, re.search(r'"start":(\d+),"end":(\d+),', d[1].decode()).groups())  # type: ignore[union-attr]
                    assert at + 3 <= start < end <= at + len(exts) and tag[start - 1] == "-", tag
                loud_taken += 1
            taken += 1
    assert taken > 1500 and refused > 5000 and left > 50 and loud_taken > 150, (taken, refused, left, loud_taken)


def test_the_fused_line_takes_the_lane_and_leaves_the_rest_to_the_walk() -> None:
    engine = fresh_engine()
    writer = checkjson.quick_line(engine)
    tags = ["en-u-ca-gregory-nu-latn", "sr-Latn-RS-t-ja-latn-m0-ungegn-u-kn-x-priv", "es-419-t-und-h0-hybrid"]
    lines = {}
    for tag in tags:
        m = WELL_FORMED.fullmatch(tag)
        assert m is not None
        lines[tag] = writer.line(tag, m.groups())
        assert lines[tag] is not None, tag

    def no_walk(exts: str) -> tuple[str | None, tuple[str, ...] | None, tuple[tuple[str, int, int], ...]]:
        raise AssertionError(exts)

    lane = checkjson.quick_line(fresh_engine())
    lane._walk = no_walk  # what the lane answers never reaches the walk
    walked = checkjson.quick_line(fresh_engine())
    walked._lane = False  # the walk and tail_subtags_json alone
    for tag in tags:
        g = WELL_FORMED.fullmatch(tag).groups()  # type: ignore[union-attr]
        assert lane.line(tag, g) == walked.line(tag, g) == lines[tag], tag
    # Attributes are the walk's: the line is still written, from it.
    tag = "en-u-attr1-ca-gregory"
    g = WELL_FORMED.fullmatch(tag).groups()  # type: ignore[union-attr]
    assert writer._extensions(g[5], 2) is None  # type: ignore[arg-type]
    assert writer.line(tag, g) is not None
    assert isinstance(writer, QuickLine)
