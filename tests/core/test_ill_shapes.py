"""The line of a valid plain tag with one slip around it (:mod:`.illshape`) is the precise path's, byte for byte.

Every slip the lane writes (a ``-`` at the end, at the start, doubled inside; whitespace around; a
dangling singleton) and the look-alikes it must leave to the precise path (two slips, ``-u``/``-t``,
private use, extensions, invalid or grandfathered tags, a 4-letter language with an extlang) are put
around the tags of the benchmark corpora, in odd case too; each text's line is compared with the one
the precise path writes when the lane is off, in English and in German.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from bcp47_explorer.core.engine import checkjson
from bcp47_explorer.core.engine.illshape import IllShapes
from bcp47_explorer.core.grammar.syntax import WELL_FORMED
from bcp47_explorer.core.text.catalogue import set_language

from benchmarks.corpus import build, build_advice
from tests.core.engines import LanesOff, fresh_engine


def _slips(rnd: random.Random, tag: str) -> Iterator[str]:
    """*tag* with each slip around it, and with two slips."""
    yield tag + "-"
    yield "-" + tag
    yield " " + tag
    yield tag + " "
    yield "\t" + tag + "\u00a0"
    yield "  " + tag + "\u3000"
    for c in "xXqQ1uUtTa":
        yield f"{tag}-{c}"
    seps = [i for i, ch in enumerate(tag) if ch == "-"]
    if seps:
        at = rnd.choice(seps)
        yield tag[:at] + "-" + tag[at:]
        yield tag[:at] + "--" + tag[at:]  # two empty subtags
    yield "-" + tag + "-"
    yield " " + tag + "-"
    yield tag + "-x-"
    for end in _ENDS:
        yield tag + end


# Last pieces no subtag can be there: letters and digits of no subtag's shape, too long, characters no subtag has.
_ENDS = ("-12", "-a1", "-1a2", "-abcdefghi", "-" + "x" * 25, "-ı", "-普通话", "-a.b", "-$$", "-a@b", "-\u200b",
         "-a b", "-é", "-e\u0301", "-\udcff", "-Ａ", "-abc", "-Latn", "-a_b")  # fmt: skip


def _texts(seed: int) -> list[str]:
    rnd = random.Random(seed)
    tags = build(800, seed=seed) + build_advice(800, seed=seed)
    tags += ["zh-yue-HK", "zh-min-nan", "art-lojban", "i-klingon", "en-GB-oed", "sgn-BE-FR", "abcd-abc", "x-abc",
             "en-x-abc", "en-US-x-a-b", "de-u-co-phonebk", "en-t-de", "en-a-bbb", "sl-rozaj-biske", "qaa-Qaaa-QM",
             "xx-YY", "en-Qabz", "cmn-Hans-CN", "zh-cmn-yue", "en-419", "EN-latn-us"]  # fmt: skip
    tags += [t.upper() for t in tags[:300]] + [t.lower() for t in tags[300:600]]
    texts: list[str] = []
    for tag in tags:
        texts += _slips(rnd, tag)
    return list(dict.fromkeys(texts))


def _compare(texts: list[str], monkeypatch: pytest.MonkeyPatch, share: float) -> None:
    written: list[str] = []
    line_of = IllShapes.line

    def counted(self: IllShapes, text: str) -> str | None:
        got = line_of(self, text)
        if got is not None:
            written.append(text)
        return got

    with monkeypatch.context() as m:
        m.setattr(IllShapes, "line", counted)
        lane = list(checkjson.check_json_lines(fresh_engine(), texts))
    with monkeypatch.context() as m:
        m.setattr(checkjson, "ill_shapes", lambda engine: LanesOff())
        precise = list(checkjson.check_json_lines(fresh_engine(), texts))
    assert len(lane) == len(precise) == len(texts)
    for text, one, other in zip(texts, lane, precise, strict=True):
        assert one == other, text
    # The comparison is worth something only if the lane really wrote many of these texts.
    assert len(written) >= share * len(texts), (len(written), len(texts))


def test_the_lane_writes_the_precise_paths_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    _compare(_texts(41), monkeypatch, 0.2)


def test_the_lane_writes_the_precise_paths_bytes_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        set_language("de")
        _compare(_texts(42)[:6000], monkeypatch, 0.15)
    finally:
        set_language("en")


@pytest.mark.parametrize("notes", [True, False])
def test_the_lane_line_ends_as_the_precise_one(notes: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    texts = ["en-US-", "-de", "fr--CA", " ja", "es-419 ", "en-x", "en-q"]
    with monkeypatch.context() as m:
        engine = fresh_engine()
        engine.plausibility_in_json = notes
        lane = list(checkjson.check_json_lines(engine, texts))
        m.setattr(checkjson, "ill_shapes", lambda engine: LanesOff())
        other = fresh_engine()
        other.plausibility_in_json = notes
        assert lane == list(checkjson.check_json_lines(other, texts))
    assert all(not valid for _, valid in lane)
    assert lane[0][0].endswith('"fix":"en-US","plausibility":[]}' if notes else '"fix":"en-US"}')


def test_the_lane_takes_what_it_words_and_leaves_the_rest() -> None:
    lane = checkjson.ill_shapes(fresh_engine())
    taken = ["en-US-", "-de", "fr--CA", " ja", "es-419\t", "en-x", "en-Latn-q", "en-x-abc-", "zh-yue-",
             "en-u-ca-gregory-", " de-DE-u-co-phonebk", "de--DE-u-co-phonebk", "en-a-bbb-q",
             "en-u-nu-arab-x"]  # fmt: skip
    left = ["en-US", "en--", "--en", "en---US", "en-u", "en-T", "en-u-ca-u-", "en-a-bbb-a", "x-abc-", "-x-a",
            "xx-YY-", "abcd-abc-", "en_US", "en-US-12", "i-klingon-", "en-GB-oed ", "-en-", " en-", "a" * 300 + "-",
            "en-x-a-x", "art-lojban-"]  # fmt: skip
    assert [t for t in taken if lane.line(t) is None] == []
    assert [t for t in left if lane.line(t) is not None] == []
    assert WELL_FORMED.fullmatch("abcd-abc") is not None  # the regex's quirk the lane must leave alone
    line = lane.line("fr--CA")
    assert line is not None and line.endswith(
        '"subtags":[{"text":"fr","start":0,"end":2,"role":"language"},{"text":"CA","start":4,"end":6,"role":"region"}],'
        '"diagnostics":[{"code":"empty-subtag","severity":"error","start":2,"end":4,"message":"Two separators in a row '
        'leave an empty subtag; subtags are 1 to 8 letters or digits (RFC 5646 §2.1).","verdict":"valid"}],'
        '"fix":"fr-CA"'
    )


_SLOTS = ("text", "subtags", "diags", "canonical_fixes", "well_formed", "grandfathered", "language", "extlangs",
          "script", "region", "variants", "extensions", "privateuse", "x_token", "truncated")  # fmt: skip


def test_the_lanes_parse_is_the_precise_one_after_the_engines_checks() -> None:
    """Every field of the lane's parse equals the precise parse's, once the engine has checked (and weighed) it."""
    from bcp47_explorer.core.grammar.parser import parse

    engine = fresh_engine()
    lane = IllShapes(engine.fast_path)
    taken = ended = 0
    for text in _texts(43):
        got = lane.parse(text)
        if got is None:
            got = lane.parse_end(text)
            if got is None:
                continue
            got = engine._analyze(got, None).parse
            ended += 1
        else:
            taken += 1
        assert WELL_FORMED.fullmatch(text) is None, text
        p = parse(text)
        p.subtags.sort(key=lambda s: s[1])
        want = engine._analyze(p, None).parse
        assert [getattr(got, s) for s in _SLOTS] == [getattr(want, s) for s in _SLOTS], text
    assert taken > 10000 and ended > 10000, (taken, ended)


def test_the_column_rows_are_the_precise_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    """``summarize`` (a column's row) and the analysis of a checked text: the same with the lane as without."""
    from bcp47_explorer.core.engine.summary import summarize

    texts = _texts(44)[::3]
    engine = fresh_engine()
    rows = [summarize(engine, t) for t in texts]
    diags = [engine.check(t).diagnostics for t in texts]
    with monkeypatch.context() as m:
        m.setattr(IllShapes, "parse", lambda self, text: None)
        m.setattr(IllShapes, "parse_end", lambda self, text: None)
        other = fresh_engine()
        assert rows == [summarize(other, t) for t in texts]
        assert diags == [other.check(t).diagnostics for t in texts]
