"""The one walk of a tag's -u-/-t- extensions and the fused line of tags whose extensions draw nothing.

:class:`.fastpath.ExtensionWalk` splits a tag's extensions once for the fast path (their canonical form) and the
quick advice (their subtags' roles, CLDR's warnings), remembering what each keyword, field and extensions as
written give; :class:`.quickline.QuickLine` writes the line of a tag whose extensions draw nothing from it.
Compared here with the precise path (the parser, the canonicalizer and every check):

- every CLDR ``-u-`` key with each of its types and every ``-t-`` key with each of its types, after several
  heads, as written and in odd case, with attributes, a ``-t-`` source language and private use, deprecated
  keys and types among them: the fused line, the quick path of ``checkjson`` and the precise path write the
  same bytes, in English and in German;
- the same extensions after heads of different lengths (the walk remembers them as written, their places differ);
- the walk's canonical form and roles against the precise analysis.
"""

from __future__ import annotations

import random

import pytest
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine import checkjson
from bcp47_explorer.core.engine.fastpath import FastPath
from bcp47_explorer.core.engine.quickline import QuickLine
from bcp47_explorer.core.engine.tag import TagEngine
from bcp47_explorer.core.grammar.syntax import WELL_FORMED
from bcp47_explorer.core.text.catalogue import set_language

from tests.core.engines import fresh_engine
from tests.core.test_quick_line import _Off

_HEADS = ["en", "DE-at", "sr-Latn-RS", "iw", "zh-Hant-TW", "de-CH-1901", "sl-rozaj", "en-US", "und", "ja-JP",
          "tlh", "en-Latn-US", "es-419", "mo", "pt-BR"]  # fmt: skip


def _odd_case(rnd: random.Random, tag: str) -> str:
    return "".join(ch.upper() if rnd.random() < 0.5 else ch for ch in tag)


def _corpus(engine: TagEngine) -> list[str]:
    """Every CLDR -u-/-t- key with each of its types (and a -u- key alone or 'true'), after varied heads."""
    cldr = engine.cldr
    assert cldr is not None
    rnd = random.Random(47)
    bodies: list[str] = []
    for key in cldr.u_keys.values():
        for t in [*key.types, "true", ""]:
            bodies.append(f"u-{key.key}-{t}" if t else f"u-{key.key}")
    for key in cldr.t_keys.values():
        for t in key.types:
            bodies.append(f"t-{key.key}-{t}")
    tags = []
    for i, body in enumerate(bodies):
        head = _HEADS[i % len(_HEADS)]
        tags.append(f"{head}-{body}")
        r = rnd.random()
        if r < 0.25:  # with another keyword, an attribute or a -t- source language before it
            extra = rnd.choice(["u-attr1-ca-gregory", "t-ja-latn-m0-ungegn", "u-nu-latn", "t-en-gb",
                                "t-ja-Latn-m0-ungegn"])  # fmt: skip
            if extra[0] != body[0]:
                tags.append(f"{head}-{extra}-{body}")
        elif r < 0.5:
            tags.append(f"{head}-{body}-x-priv-u")
        elif r < 0.75:
            tags.append(_odd_case(rnd, f"{head}-{body}"))
    # The same extensions after heads of every length: written at other places.
    for body in rnd.sample(bodies, 60):
        tags += [f"{head}-{body}" for head in _HEADS]
        tags.append(f"en-{body}-U-kn-t-und-h0-hybrid")
    return tags


@pytest.fixture(scope="module")
def corpus() -> list[str]:
    got = _corpus(bundled_engine())
    assert len(got) > 2500
    return got


def _three_ways(tags: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[str], list[str], list[str]]:
    """Return the lines of *tags*: fused, quick (checkjson's own), precise, each on a fresh engine; and the fused's."""
    written: list[str] = []
    line_of = QuickLine.line

    def counted(self: QuickLine, tag: str, g: tuple[str | None, ...], end: bytes = b"") -> tuple[bytes, str] | None:
        got = line_of(self, tag, g, end)
        if got is not None:
            written.append(tag)
        return got

    with monkeypatch.context() as m:
        m.setattr(QuickLine, "line", counted)
        fused = [line for line, _ in checkjson.check_json_lines(fresh_engine(), tags)]
    with monkeypatch.context() as m:
        m.setattr(checkjson, "quick_line", lambda engine: _Off())
        quick = [line for line, _ in checkjson.check_json_lines(fresh_engine(), tags)]
        m.setattr(FastPath, "match", lambda self, text, g: None)
        precise = [line for line, _ in checkjson.check_json_lines(fresh_engine(), tags)]
    return fused, quick, precise, written


def _three_ways_alike(
    tags: list[str], language: str, monkeypatch: pytest.MonkeyPatch
) -> tuple[list[str], list[str], list[str], list[str]]:
    """Return :func:`_three_ways` of *tags* in *language*, after asserting each tag's three lines equal."""
    try:
        set_language(language)
        fused, quick, precise, written = _three_ways(tags, monkeypatch)
    finally:
        set_language("en")
    for tag, f, q, p in zip(tags, fused, quick, precise, strict=True):
        assert q == p, tag
        assert f == p, tag
    return fused, quick, precise, written


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_cldr_keyword_and_field_gets_the_precise_paths_line(
    corpus: list[str], language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fused, _quick, precise, written = _three_ways_alike(corpus, language, monkeypatch)
    # Worth something only if the fused line wrote many of them (with private use, source languages, head advice),
    # others took the other ways (odd case, CLDR's warnings, errors).
    taken = set(written)
    lines = dict(zip(corpus, precise, strict=True))
    assert len(taken) > 1200, len(taken)
    assert sum('"role":"privateuse"' in lines[t] for t in taken) > 150
    assert sum('"role":"t-script"' in lines[t] for t in taken) > 30
    assert sum('"diagnostics":[]' not in lines[t] for t in taken) > 40  # head advice without a fix
    assert sum('"code":"deprecated-u-' in lines[t] for t in corpus) > 20  # CLDR's warnings: the quick path's
    assert sum('"valid":false' in lines[t] for t in corpus) > 40  # errors: the precise path's
    if language == "de":
        assert sum("Sprach" in lines[t] for t in taken) > 20  # worded in German


def test_the_same_extensions_after_other_heads_are_placed_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    """The walk and the lines keep extensions as written; a second head of another length places them anew."""
    bodies = ["-u-ca-gregory-nu-latn", "-t-ja-Latn-m0-ungegn-u-attr1-kn", "-U-Ca-Gregory", "-u-tz-usnyc-x-ab-u"]
    tags = [head + body for body in bodies for head in ("en", "sr-Latn-RS", "de-CH-1901", "es-419", "EN")]
    fused, quick, precise, written = _three_ways(tags, monkeypatch)
    assert fused == quick == precise
    assert len(written) >= 8
    walk = fresh_engine().fast_path.walk
    assert walk("-U-Ca-Gregory") == ("-u-ca-gregory", ("singleton", "u-key", "u-type"), ())
    first = walk("-u-ca-gregory-nu-latn")
    assert walk("-u-ca-gregory-nu-latn") is first  # remembered as written


def test_the_walk_gives_the_precise_canonical_form_and_roles(corpus: list[str]) -> None:
    engine = fresh_engine()
    precise_engine = fresh_engine()
    walk = engine.fast_path.walk
    canonical = roles = quiet = 0
    for tag in corpus[::3]:
        m = WELL_FORMED.fullmatch(tag)
        assert m is not None, tag
        g = m.groups()
        exts = g[5]
        assert exts is not None
        tail, walked_roles, loud = walk(exts)
        a = precise_engine.analyze(tag)  # the precise parser and every check
        fast = engine.fast_path.match(tag, g)
        if fast is not None:
            assert tail is not None and fast == a.canonical_tag, tag
            canonical += 1
        if walked_roles is None or fast is None:
            continue
        start = len(tag) - len(exts) - (len(g[6]) + 2 if g[6] is not None else 0) + 1
        end = start + len(exts) - 1
        assert tuple(s[3] for s in a.parse.subtags if start <= s[1] < end) == walked_roles, tag
        roles += 1
        if not loud:  # nothing drawn by the extensions: no diagnostic of the precise path starts in them
            assert not [d for d in a.diagnostics if start <= d.start < end], tag
            quiet += 1
    assert canonical > 800 and roles > 800 and quiet > 700, (canonical, roles, quiet)


def test_the_fused_line_leaves_extensions_it_cannot_word_to_the_other_ways() -> None:
    writer = checkjson.quick_line(fresh_engine())
    for tag in [
        "zh-yue-u-ca-gregory",  # an extlang and extensions
        "iw-u-ca-gregory",  # a fix (the preferred language): weighed by checkjson's quick path
        "EN-u-ca-gregory",  # the letter case note's fix
        "en-u-tz-caffs",  # CLDR's warning on a deprecated type, with a fix (its preferred type): weighed
        "en-u-ca-gregorian",  # an error
        "en-a-bcd",  # an extension the quick advice does not read
        "en-u-rg-gbzzzz",  # weighed against the region by UTS #35
        "en-u-ca-gregory-u-nu-latn",  # a repeated singleton
    ]:
        m = WELL_FORMED.fullmatch(tag)
        assert m is None or writer.line(tag, m.groups()) is None, tag
    # private use alone (what looks like an extension after x- is private use) is the fused line's too
    # CLDR's warnings and notes without a fix (a deprecated key without a replacement, a -t- subfield CLDR does not
    # list) are the fused line's too
    for tag in ["en-u-ca-gregory", "sr-Latn-RS-t-ja-m0-ungegn-x-a", "es-419-u-nu-latn-t-und-h0-hybrid", "en-x-u-ca",
                "en-u-kh", "de-CH-u-kh-false-ca-roc", "ja-t-m0-ungegn-abcd"]:  # fmt: skip
        m = WELL_FORMED.fullmatch(tag)
        assert m is not None and writer.line(tag, m.groups()) is not None, tag


_LOUD = ["kh", "kh-false", "KH-True", "hc-c24", "hc-c12", "lb-loose", "kb", "kn-true", "co-big5han", "co-gb2312",
         "co-reformed", "co-direct", "ca-islamic", "tz-umjon", "kv-punct"]  # fmt: skip
_QUIET = ["ca-gregory", "nu-latn", "em-emoji", "ms-ussystem", "ks-level2", "va-posix", "cu-usd"]


def test_cldr_warnings_and_notes_get_the_precise_paths_line_from_the_fused_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Keywords with CLDR's warnings or notes (no fix) among quiet ones, in any order and case, after heads with and
    without advice, with -t- fields and private use: the three ways agree, in English and German, and the fused
    line writes many of them (their findings kept per keyword as written, placed anew; a line with a fix, such as
    the letter case note's, is still the quick path's)."""
    rnd = random.Random(36)
    tags = []
    for _ in range(3000):
        kws = rnd.sample(_LOUD, rnd.randint(1, 2)) + rnd.sample(_QUIET, rnd.randint(0, 2))
        rnd.shuffle(kws)
        tag = f"{rnd.choice(_HEADS)}-u-{'-'.join(kws)}"
        r = rnd.random()
        if r < 0.2:
            tag += "-t-" + rnd.choice(["m0-ungegn", "ja-m0-ungegn-abcd", "en-gb-h0-hybrid", "m0-bgn-xyzzy"])
        elif r < 0.35:
            tag += "-x-priv"
        tags.append(_odd_case(rnd, tag) if rnd.random() < 0.2 else tag)
    for language in ("en", "de"):
        _fused, _quick, precise, written = _three_ways_alike(tags, language, monkeypatch)
        lines = dict(zip(tags, precise, strict=True))
        loud = [t for t in set(written) if '"severity":"warning"' in lines[t] or '"severity":"info"' in lines[t]]
        assert len(loud) > 700, len(loud)
        assert sum(lines[t].count('"code":"') > 1 for t in loud) > 300  # several findings, sorted with the head's
        assert sum('"severity":"info"' in lines[t] and '"severity":"warning"' in lines[t] for t in loud) > 200
        assert sum('"code":"macrolanguage' in lines[t] for t in loud) > 100  # the head's advice among them


def test_the_fast_path_and_the_quick_advice_share_one_walk_let_go_with_their_engine() -> None:
    import gc
    import weakref

    engine = fresh_engine()
    walk = engine.fast_path.walk.__self__
    assert engine.quick_advice._walk.__self__ is walk  # the fast path's walk of a tag serves the advice
    assert fresh_engine().fast_path.walk.__self__ is not walk  # another engine, another walk
    kept = weakref.ref(walk)
    del engine, walk
    gc.collect()
    assert kept() is None
