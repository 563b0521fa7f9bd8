"""The fused quick line (:mod:`.quickline`) writes the same bytes as the other ways of writing a ``check --json`` line.

Three ways are compared, line for line and byte for byte: the fused line (what ``check_json_lines``
gives), the quick path of :mod:`.checkjson` from :mod:`.quickadvice`'s diagnostics (the fused line
turned off), and the precise path (the fused line and the fast path turned off: the precise parser and
every check). Over the advice-heavy corpus, the mixed corpus, and every registered subtag in every
place, in odd case, with deprecated subtags, Suppress-Script and Prefix cases.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine import checkjson
from bcp47_explorer.core.engine.fastpath import FastPath
from bcp47_explorer.core.engine.quickline import QuickLine
from bcp47_explorer.core.engine.tag import TagEngine
from bcp47_explorer.core.grammar.syntax import WELL_FORMED
from bcp47_explorer.core.text.catalogue import set_language

from benchmarks.corpus import build, build_advice
from tests.core.engines import fresh_engine


class _Off:
    """A fused line that never writes: every tag takes the other ways."""

    def line(self, tag: str, g: tuple[str | None, ...]) -> None:
        return None


def _lines(tags: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[list[tuple[str, bool]], ...]:
    """Return the lines of *tags* the three ways: fused, quick, precise (each on a fresh engine)."""
    written: list[str] = []
    line_of = QuickLine.line

    def counted(self: QuickLine, tag: str, g: tuple[str | None, ...], end: bytes = b"") -> tuple[bytes, str] | None:
        got = line_of(self, tag, g, end)
        if got is not None:
            written.append(tag)
        return got

    with monkeypatch.context() as m:
        m.setattr(QuickLine, "line", counted)
        fused = list(checkjson.check_json_lines(fresh_engine(), tags))
    with monkeypatch.context() as m:
        m.setattr(checkjson, "quick_line", lambda engine: _Off())
        quick = list(checkjson.check_json_lines(fresh_engine(), tags))
        m.setattr(FastPath, "match", lambda self, text, g: None)
        precise = list(checkjson.check_json_lines(fresh_engine(), tags))
    # The comparison is worth something only if the fused line really wrote many of these tags.
    assert len(written) > 0, "the fused line wrote none of these tags"
    return fused, quick, precise, [(t, True) for t in written]


def _assert_same(tags: list[str], monkeypatch: pytest.MonkeyPatch, share: float) -> None:
    fused, quick, precise, written = _lines(tags, monkeypatch)
    assert len(fused) == len(quick) == len(precise) == len(tags)
    for tag, f, q, p in zip(tags, fused, quick, precise, strict=True):
        assert f == q, tag
        assert f == p, tag
    assert len(written) >= share * len(tags), (len(written), len(tags))


def _odd(rnd: random.Random, tag: str) -> str:
    return "".join(c.upper() if rnd.random() < 0.5 else c.lower() for c in tag)


def test_the_fused_line_is_the_other_ways_bytes_over_the_advice_corpus(monkeypatch: pytest.MonkeyPatch) -> None:
    rnd = random.Random(32)
    tags = build_advice(4000, seed=32)
    _assert_same(tags + [_odd(rnd, t) for t in tags], monkeypatch, 0.75)


def test_the_fused_line_is_the_other_ways_bytes_over_the_mixed_corpus(monkeypatch: pytest.MonkeyPatch) -> None:
    rnd = random.Random(33)
    tags = build(4000, seed=33)
    _assert_same(tags + [_odd(rnd, t) for t in tags], monkeypatch, 0.3)


def test_the_fused_line_writes_private_use_as_the_other_ways_do(monkeypatch: pytest.MonkeyPatch) -> None:
    """A valid tag with private use alone (no extension, no extlang) is the fused line's, in any case."""
    rnd = random.Random(35)
    heads = [t for t in build(1500, seed=35) if "-x-" not in t.lower() and "-u-" not in t.lower()]
    heads += ["en", "zh-Hant-TW", "sl-IT-rozaj", "EN-us", "de-1901", "iw-IL", "en-GB-oed", "i-default", "x-a"]
    uses = ["x-a", "x-priv", "X-Priv", "x-1", "x-12345678-a-b", "x-ABCDEFGH", "x-en-US", "x-u-ca", "x-x"]
    tags = [f"{rnd.choice(heads)}-{rnd.choice(uses)}" for _ in range(3000)]
    _assert_same(tags + [_odd(rnd, t) for t in tags[:1000]], monkeypatch, 0.2)
    writer = checkjson.quick_line(fresh_engine())
    for tag in ["en-x-a", "tbe-GB-x-ic", "sn-LT-x-e", "zh-Hans-CN-x-private-use"]:
        m = WELL_FORMED.fullmatch(tag)
        assert m is not None and writer.line(tag, m.groups()) is not None, tag


def _every_subtag(engine: TagEngine) -> Iterator[str]:
    """Every registered subtag in every place, in the case written, in odd case, in upper and lower case."""
    rnd = random.Random(34)
    for rec in engine.registry.records:
        codes = rec.range_codes()[:2] if rec.is_range else [rec.code]
        for code in codes:
            if rec.type == "language":
                script = rec.suppress_script or "Latn"
                tags = [code, f"{code}-{script}", f"{code}-{script}-DE", f"{code}-419-1901", f"{code}-Zyyy-fonipa",
                        f"{code}-x-priv"]  # fmt: skip
            elif rec.type == "extlang":
                tags = [f"{rec.prefixes[0]}-{code}", f"de-{code}-BU", f"{rec.prefixes[0]}-{code}-Latn-CN-pinyin"]
            elif rec.type in ("script", "region"):
                tags = [f"sr-{code}", f"iw-{code}-heploc", f"en-{code}", f"zh-Hant-{code}", f"sh-{code}-1901"]
            elif rec.type == "variant":
                tags = [f"{p}-{code}" for p in rec.prefixes]
                tags += [f"und-{code}", f"ja-Latn-{code}", f"en-{code}", f"de-DE-{code}", f"sl-rozaj-{code}"]
            else:
                tags = [code, f"{code}-Latn"]
            for tag in tags:
                yield tag
                yield _odd(rnd, tag)
                yield tag.upper()


def test_the_fused_line_is_the_other_ways_bytes_for_every_registered_subtag(monkeypatch: pytest.MonkeyPatch) -> None:
    tags = list(dict.fromkeys(_every_subtag(bundled_engine())))
    _assert_same(tags, monkeypatch, 0.5)


def test_the_fused_line_covers_the_advice_it_words_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    """Suppress-Script, a variant's Prefix, the letter case note, a deprecated subtag's fix: on the fused line."""
    tags = ["en-Latn-US", "EN-latn-us", "de-1901", "ja-Latn-hepburn", "iw-IL", "IW-il", "en-BU", "sh-Latn",
            "de-DE-1996", "de-dd", "sr-Latn-RS-ROZAJ", "qaa-Qaaa-QM", "und-Zzzz", "mo", "he-Hebr", "zh-yue-HK",
            "ZH-yue-hk", "en-yue", "sgn-lsg", "ar-aao-1901"]  # fmt: skip
    fused, quick, precise, written = _lines(tags, monkeypatch)
    assert fused == quick == precise
    assert [t for t, _ in written] == tags
    line = dict(zip(tags, (f[0] for f in fused), strict=True))
    assert '"code":"suppress-script"' in line["en-Latn-US"] and '"fix":"en-US",' in line["en-Latn-US"]
    assert '"code":"letter-case"' in line["EN-latn-us"] and '"fix":"EN-us",' in line["EN-latn-us"]
    assert '"code":"variant-prefix"' in line["en-BU"] or '"code":"deprecated"' in line["en-BU"]
    assert '"fix":"he-IL",' in line["IW-il"]
    assert '"code":"prefix-mismatch"' in line["en-yue"] and '"fix":"zh-yue",' in line["en-yue"]
    assert '"unicode_valid":false' in line["zh-yue-HK"] and line["zh-yue-HK"].endswith(
        '"verdict":"unicode_valid"}],"fix":"yue-HK","plausibility":[]}'
    )


def test_the_fused_line_takes_no_tag_it_cannot_word() -> None:
    """An extlang with private use, two variants, grandfathered starts, unknown subtags: another way (extensions:
    see test_extension_walk)."""

    writer = checkjson.quick_line(fresh_engine())
    for tag in ["zh-yue-x-a", "zh-yue-u-ca-gregory", "sl-rozaj-biske", "i-klingon", "zh-min-nan",
                "art-lojban", "sgn-BR", "en-Qabz", "en-AA-1900", "x-a", "cel-gaulish"]:  # fmt: skip
        m = WELL_FORMED.fullmatch(tag)
        assert m is None or writer.line(tag, m.groups()) is None, tag
    assert writer.line("en", WELL_FORMED.fullmatch("en").groups()) is not None  # type: ignore[union-attr]


def _german_and_precise(
    engine: TagEngine, tags: list[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[list[str], list[str]]:
    """Return the lines *engine* writes for *tags* in German, and the precise path's (a fresh engine), in German."""
    try:
        set_language("de")
        german = [line for line, _ in checkjson.check_json_lines(engine, tags)]
        with monkeypatch.context() as m:
            m.setattr(checkjson, "quick_line", lambda engine: _Off())
            m.setattr(FastPath, "match", lambda self, text, g: None)
            precise = [line for line, _ in checkjson.check_json_lines(fresh_engine(), tags)]
    finally:
        set_language("en")
    return german, precise


def test_a_change_of_language_words_the_fused_line_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = fresh_engine()
    tags = ["iw-IL", "en-Latn", "EN-latn-gb", "de-1901"]
    english = [line for line, _ in checkjson.check_json_lines(engine, tags)]
    german, precise = _german_and_precise(engine, tags, monkeypatch)
    assert german == precise
    assert german != english
    assert [line for line, _ in checkjson.check_json_lines(engine, tags)] == english


@pytest.mark.parametrize("notes", [True, False])
def test_the_command_lines_bytes_are_the_lines_encoded(notes: bool) -> None:
    """``bcp47 check --json`` takes the fused line's bytes straight: check_json_lines' line, encoded, with a newline."""
    tags = [*build_advice(1500, seed=35), "de-u-co-phonebk", "de-u-co-gregorian", "x-a", "en-", "zh-yue-HK",
            "EN-latn-us", "a" * 300]  # fmt: skip
    engine, other = fresh_engine(), fresh_engine()
    engine.plausibility_in_json = other.plausibility_in_json = notes
    one = checkjson.quick_json_bytes(engine)
    written = 0
    for tag, (line, valid) in zip(tags, checkjson.check_json_lines(other, tags), strict=True):
        got = one(tag)
        if got is not None:
            written += 1
            assert valid and got == (line + "\n").encode("utf-8"), tag
    assert written > 0.75 * len(tags)
    assert one("de-u-co-phonebk") is not None  # extensions that draw nothing (test_extension_walk)
    assert one("de-u-co-gregorian") is None and one("a" * 300) is None


def test_the_command_line_checks_a_tag_repeated_in_one_chunk_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """``bcp47 check --json``'s byte loop: a tag met again in the same chunk of input comes from the memo."""
    import io
    import os

    from bcp47_explorer.commands.live import _ByteLoop

    written: list[str] = []
    line_of = QuickLine.line

    def counted(self: QuickLine, tag: str, g: tuple[str | None, ...], end: bytes = b"") -> tuple[bytes, str] | None:
        written.append(tag)
        return line_of(self, tag, g, end)

    monkeypatch.setattr(QuickLine, "line", counted)
    engine = fresh_engine()
    engine.plausibility_in_json = False
    tags = ["iw-IL", "en-Latn-US", "iw-IL", "de-1901", "ZH-yue"] * 400
    r, w = os.pipe()
    with os.fdopen(w, "wb") as f:
        f.write("\n".join(tags).encode() + b"\n")  # one chunk: fewer bytes than a pipe holds
    out = io.BytesIO()
    assert _ByteLoop(engine, r, out).run(["-"]) is True
    os.close(r)
    assert sorted(written) == sorted(set(tags))
    want = [line for line, _ in checkjson.check_json_lines(engine, tags)]
    assert out.getvalue().decode("utf-8").splitlines() == want


def test_an_engine_is_let_go_with_the_line_writers_check_json_made_for_it() -> None:
    """The fused line and the slip lanes ``check --json`` keeps per engine go when the engine goes.

    They were kept in tables keyed by the engine's advice, which they hold themselves: no engine was ever let go.
    """
    import gc
    import weakref

    engine = fresh_engine()
    lines = list(checkjson.check_json_lines(engine, ["en-US", "en-US-", "de-u-co-phonebk", "kw-AR-ı"]))
    assert [valid for _line, valid in lines] == [True, False, True, False]
    assert checkjson.quick_line(engine) is engine.kept["quick_line"]
    assert checkjson.ill_shapes(engine) is engine.kept["ill_shapes"]
    gone = [weakref.ref(engine), weakref.ref(engine.kept["quick_line"]), weakref.ref(engine.quick_advice)]
    del engine, lines
    gc.collect()
    assert [ref() for ref in gone] == [None, None, None]


def test_an_extlang_is_worded_once_for_every_language_before_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """An extlang as written at its place is learnt once: its Prefix warning and UTS #35's finding quote the language
    before it through a mark, filled in per language (the lines are the other ways' bytes for any language, in any
    case); the Prefix warning is worded only once a language other than the Prefix comes first."""
    heads = ["zh", "ZH", "en", "De", "sgn", "SGN", "ar", "aR", "Ms", "fr", "qaa", "Und"]
    exts = ["yue", "YUE", "lsg", "aao", "Aao", "ase", "cmn", "min", "zsm"]
    tags = [f"{h}-{x}{tail}" for h in heads for x in exts for tail in ("", "-HK", "-Latn-CN")]
    fused, quick, precise, written = _lines(tags, monkeypatch)
    assert fused == quick == precise
    assert len(written) > 0.75 * len(tags)
    writer = checkjson.quick_line(fresh_engine())
    for tag in ["zh-yue", "ZH-yue-HK", "zh-YUE", "sgn-lsg", "fr-lsg"]:
        m = WELL_FORMED.fullmatch(tag)
        assert m is not None and writer.line(tag, m.groups()) is not None, tag
    # One entry per extlang as written and its start; a Prefix warning for lsg only (fr came before it).
    assert sorted(writer._extlangs) == [("YUE", 3), ("lsg", 3), ("lsg", 4), ("yue", 3)]
    assert sorted(writer._mismatches) == [("lsg", 3)]
    line = writer.line("fr-lsg", WELL_FORMED.fullmatch("fr-lsg").groups())  # type: ignore[union-attr]
    assert line is not None and b"'fr'" in line[0] and b'"fix":"sgn-lsg"' in line[0]


def test_a_variant_whose_prefix_starts_with_no_subtag_before_it_is_warned_as_the_other_ways_do(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A variant's Prefix warning without the subsequence walk when none of its Prefixes' first subtags is among the
    subtags before it; with one (a region spelled as the Prefix's language, an extlang), the walk decides."""
    tags = ["en-1901", "de-1901", "en-DE-1901", "fr-de-1901", "sl-rozaj", "en-SL-rozaj", "en-Latn-pinyin",
            "zh-Latn-pinyin", "bo-Latn-pinyin", "zh-yue-jyutping", "yue-jyutping", "en-jyutping", "ja-Latn-hepburn",
            "en-Latn-hepburn", "ja-hepburn", "sa-Latn-IT-fonipa", "hy-arevela", "hy-AM-arevela", "en-AM-arevela",
            "sl-IT-nedis", "it-nedis", "en-IT-nedis", "RM-puter", "de-CH-1996", "DE-ch-1901",
            "en-US-fonipa"]  # fmt: skip
    fused, quick, precise, written = _lines(tags, monkeypatch)
    assert fused == quick == precise
    assert len(written) == len(tags)
    line = dict(zip(tags, (f[0] for f in fused), strict=True))
    warned = '"code":"prefix-mismatch"'
    assert warned in line["en-1901"] and warned not in line["de-1901"] and warned not in line["en-DE-1901"]
    assert warned in line["en-jyutping"] and warned not in line["yue-jyutping"]
    assert warned not in line["zh-yue-jyutping"]  # the extlang meets the Prefix


def test_a_language_that_begins_a_grandfathered_or_redundant_tag_sends_only_those_tags_another_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The grandfathered and redundant tags a language begins, and their beginnings, are kept per language: a tag that
    is or begins like one is left to the other ways, the rest of that language's tags are the fused line's."""
    other = ["zh-min-nan", "ZH-min-NAN-tw", "zh-Hakka", "zh-xiang-x-a", "no-bok-NO", "no-nyn", "zh-min", "zh-Min",
             "sgn-US", "sgn-BR", "sgn-br-x-a", "art-lojban", "cel-gaulish"]  # fmt: skip
    fused_ones = ["zh-Hans", "zh-Hant-TW", "zh-yue", "zh-cmn", "zh-cmn-Hans", "ZH-cmn-hant-tw", "sgn-ase", "sgn-BE",
                  "en-GB", "EN-gb-1994", "art", "no-NO", "nO-Latn", "cel", "en-US-x-oed", "zh-TW-x-min", "zh-gan",
                  "sgn-419"]  # fmt: skip
    fused, quick, precise, _written = _lines(other + fused_ones, monkeypatch)
    assert fused == quick == precise
    writer = checkjson.quick_line(fresh_engine())
    for tag in other + fused_ones:
        m = WELL_FORMED.fullmatch(tag)
        got = None if m is None else writer.line(tag, m.groups())
        assert (got is None) == (tag in other), tag


def test_a_script_or_region_is_looked_up_once_for_every_place_it_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A script or region as written keeps what does not depend on its place (its spellings, whether it draws advice)
    once; each place adds its entry in ``subtags`` and its advice there, worded in the language of the messages."""
    tags = ["en-US", "haw-US", "en-BU", "haw-BU", "haw-bu", "sr-Latn", "srr-Latn", "en-Latn-BU", "zh-yue-BU",
            "en-QM", "haw-QM", "de-DD", "sr-Qaaa"]  # fmt: skip
    fused, quick, precise, written = _lines(tags, monkeypatch)
    assert fused == quick == precise
    assert len(written) == len(tags)
    engine = fresh_engine()
    writer = checkjson.quick_line(engine)
    for tag in tags:
        m = WELL_FORMED.fullmatch(tag)
        assert m is not None and writer.line(tag, m.groups()) is not None, tag
    assert sorted(writer._cores) == ["BU", "DD", "Latn", "QM", "Qaaa", "US", "bu"]
    german, want = _german_and_precise(engine, tags, monkeypatch)
    assert german == want and german != [line for line, _ in fused]
