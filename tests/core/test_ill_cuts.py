"""The cheaper ways of the ill-formed lines give the precise path's lines and parses, byte for byte, field for field.

The cuts: the ``fix`` of an ill-formed text left null without the repair where it surely finds nothing
(:func:`.checkjson._ill_formed_fix_json`); the rank of a fix that is a tag with one slip from its lane
(:meth:`.tag.TagEngine._rank`); what a bad piece says learnt once per piece and language
(:func:`.parser.bad_piece`); a tag with '_' for '-' parsed from its regex groups
(:meth:`.illshape.IllShapes.parse_underscore`). Every corruption the benchmark column makes, and more, is put
on many valid tags, in odd case too; each text's line is compared with the one the precise path writes with all
of them off (and the slip lanes too), in English and in German.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from bcp47_explorer.core.engine import checkjson
from bcp47_explorer.core.engine.illshape import IllShapes
from bcp47_explorer.core.engine.tag import TagEngine
from bcp47_explorer.core.grammar import parser
from bcp47_explorer.core.grammar.syntax import WELL_FORMED
from bcp47_explorer.core.text.catalogue import set_language
from bcp47_explorer.core.text.frozen import replace

from benchmarks.corpus import build, build_advice
from tests.core.engines import LanesOff, fresh_engine

_BAD_ENDS = ("普通话", "é", "$$", "a.b", "en/US", "ı", "a@b", "\u200b", "a b", "e\u0301", "\udcff", "Ａ", "a+b")
# Platforms' shapes, which the repair reads (the fix is then not null): the shortcut must leave them to it.
_PLATFORM = ("de_DE.UTF-8", "values-pt-rBR-ı", "zh-CHS", "zh-chT", "C", "POSIX", "ja_JP_JP", "qps-plocı", "en-rUS",
             "English.lproj", "en-r$$", "values-ı", "de@euro", "sr_RS@latin", "en-US+ı",
             "de.ı", "de-\u00a0ı", "de-ı\t")  # fmt: skip


def _corruptions(rnd: random.Random, tag: str, scripts: list[str], regions: list[str]) -> Iterator[str]:
    """*tag* with each corruption of ``benchmarks.corpus`` (and its neighbours)."""
    parts = tag.split("-")
    yield tag.replace("-", "_")
    yield tag.replace("-", "_", 1)
    yield "_".join(parts[:2]) + "-" + "-".join(parts[2:]) if len(parts) > 2 else tag + "_"
    i = rnd.randrange(len(parts))
    yield "-".join([*parts[:i], "", *parts[i:]])
    yield tag + "-"
    yield tag + "-" + "abcdefghij"[: rnd.randint(9, 10)]
    yield tag + "-" + "x" * rnd.randint(9, 30)
    yield f"{parts[0]}-{rnd.choice(regions)}-{rnd.choice(scripts)}"
    yield f"{parts[0]}_{rnd.choice(regions)}_{rnd.choice(scripts)}"
    yield f"{parts[0]}-{rnd.choice(regions)}-{rnd.choice(scripts)}".upper()
    yield f"{parts[0]}-{rnd.choice(regions)}-{rnd.choice(scripts)}-{rnd.choice(parts)}"
    yield f"{parts[0]}-{rnd.choice(regions)}-{rnd.choice(scripts).replace('a', 'ı')}"
    yield tag.replace("i", "ı", 1) if "i" in tag else tag + "-ı"
    yield tag.replace("i", "ı") + "-ı"
    yield tag.replace("e", "é", 1)
    yield " " + tag
    yield tag + " "
    yield tag + "-" + rnd.choice("abcdefghijklmnopqrstuvwyz")
    yield tag + "-x"
    yield parts[0] + "-12"
    yield "-" + tag
    for end in _BAD_ENDS:
        yield tag + "-" + end
    yield tag + "-" + rnd.choice(_BAD_ENDS) + "-" + rnd.choice(parts)
    yield rnd.choice(_BAD_ENDS) + "-" + tag
    yield tag.replace("-", "_") + "-ı"
    yield tag.replace("-", "--", 1) + "-$$"


def _texts(seed: int, size: int) -> list[str]:
    from bcp47_explorer.core.data import bundled_registry

    rnd = random.Random(seed)
    records = bundled_registry().records
    scripts = sorted(r.code for r in records if r.type == "script" and not r.is_range)
    regions = sorted(r.code for r in records if r.type == "region" and not r.is_range)
    tags = [t for t in build(size, seed=seed) + build_advice(size // 2, seed=seed) if WELL_FORMED.fullmatch(t)]
    tags += ["zh-yue-HK", "zh-min-nan", "art-lojban", "en-GB-oed", "sgn-BE-FR", "x-abc", "en-x-abc", "i-klingon",
             "de-u-co-phonebk", "en-t-de", "sl-rozaj-biske", "xx-YY", "cmn-Hans-CN", "en-419", "EN-latn-us",
             "en-u-ca-gregory-ca-buddhist", "de-t-en-t0-und", "ar-u-nu-arab-x-a"]  # fmt: skip
    tags += [t.upper() for t in tags[: len(tags) // 4]] + [t.lower() for t in tags[len(tags) // 4 : len(tags) // 2]]
    texts: list[str] = list(_PLATFORM)
    for tag in tags:
        texts += _corruptions(rnd, tag, scripts, regions)
    return [t for t in dict.fromkeys(texts) if WELL_FORMED.fullmatch(t) is None]


def _precise(monkeypatch: pytest.MonkeyPatch) -> TagEngine:
    """Turn every cut off (and the slip lanes), for the engine returned."""
    monkeypatch.setattr(checkjson, "ill_shapes", lambda engine: LanesOff())
    monkeypatch.setattr(checkjson, "_ill_formed_fix_json", checkjson._repaired_fix_json)
    monkeypatch.setattr(parser, "_said_of", lambda piece: None)
    monkeypatch.setattr("bcp47_explorer.core.engine.tag._without_fix", lambda d: replace(d, fix=None))
    engine = fresh_engine()
    off = lambda text: None  # noqa: E731
    engine._slip_parse = engine._end_parse = engine._underscore_parse = engine._swapped_parse = off  # type: ignore[method-assign]
    engine._slip_errors = off  # type: ignore[method-assign]
    return engine


def _compare(texts: list[str], monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    used = {
        "null": 0,
        "underscore": 0,
        "said": 0,
        "rank": 0,
        "swapped": 0,
        "ended": 0,
        "underscore_line": 0,
        "swapped_line": 0,
    }
    fix_json = checkjson._ill_formed_fix_json
    said_of = parser._said_of
    underscore = IllShapes.parse_underscore
    swapped = IllShapes.parse_swapped
    end_line = IllShapes.end_line
    lines = {name: getattr(IllShapes, name) for name in ("underscore_line", "swapped_line")}

    def counted_fix(engine: TagEngine, tag: str, diags: list[object]) -> str:
        got = fix_json(engine, tag, diags)  # type: ignore[arg-type]
        if got == "null" and checkjson.first_fix(diags) is None and checkjson._no_platform_shape(tag):  # type: ignore[arg-type]
            used["null"] += 1
        return got

    def counted_said(piece: str) -> object:
        got = said_of(piece)
        used["said"] += got is not None
        return got

    def counted_underscore(self: IllShapes, text: str) -> object:
        got = underscore(self, text)
        used["underscore"] += got is not None
        return got

    def counted_end(self: IllShapes, text: str) -> object:
        got = end_line(self, text)
        used["ended"] += got is not None
        return got

    def counted_line(name: str) -> Callable[[IllShapes, str], object]:
        def counted(self: IllShapes, text: str) -> object:
            got = lines[name](self, text)
            used[name] += got is not None
            return got

        return counted

    def counted_swapped(self: IllShapes, text: str) -> object:
        got = swapped(self, text)
        used["swapped"] += got is not None
        return got

    with monkeypatch.context() as m:
        m.setattr(IllShapes, "parse_swapped", counted_swapped)
        m.setattr(IllShapes, "end_line", counted_end)
        for name in lines:
            m.setattr(IllShapes, name, counted_line(name))
        m.setattr(checkjson, "_ill_formed_fix_json", counted_fix)
        m.setattr(parser, "_said_of", counted_said)
        m.setattr(IllShapes, "parse_underscore", counted_underscore)
        engine = fresh_engine()
        slip = engine._slip_errors

        def counted_slip(text: str) -> object:
            got = slip(text)
            used["rank"] += got is not None and WELL_FORMED.fullmatch(text) is None
            return got

        engine._slip_errors = counted_slip  # type: ignore[method-assign]
        cut = list(checkjson.check_json_lines(engine, texts))
    with monkeypatch.context() as m:
        precise = list(checkjson.check_json_lines(_precise(m), texts))
    assert len(cut) == len(precise) == len(texts)
    for text, one, other in zip(texts, cut, precise, strict=True):
        assert one == other, text
    return used


def test_the_cuts_write_the_precise_paths_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = _texts(51, 2500)
    assert len(texts) > 50000
    used = _compare(texts, monkeypatch)
    # Worth something only if each cut really ran on many of these texts.
    assert used["null"] > 5000 and used["said"] > 10000 and used["rank"] > 1000, used
    assert used["underscore"] > 50 and used["underscore"] + used["underscore_line"] > 2000, used
    assert used["swapped"] > 1000 and used["ended"] > 3000, used
    assert used["underscore_line"] > 1000 and used["swapped_line"] > 1000, used


def test_the_cuts_write_the_precise_paths_bytes_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        set_language("de")
        used = _compare(_texts(52, 800), monkeypatch)
    finally:
        set_language("en")
    assert used["null"] > 1000 and used["said"] > 2000 and used["ended"] > 500, used
    assert used["underscore_line"] > 500 and used["swapped_line"] > 100, used


def test_what_a_piece_says_follows_the_language() -> None:
    """The memo of a bad piece's wording is per language: German after English, then English again."""
    texts = ["kw-AR-ı", "de-$$", "en-a b", "fr-é-ı"]
    english = [[d.message for d in parser.parse(t).diags] for t in texts]
    try:
        set_language("de")
        german = [[d.message for d in parser.parse(t).diags] for t in texts]
    finally:
        set_language("en")
    pairs = [(m, n) for a, b in zip(german, english, strict=True) for m, n in zip(a, b, strict=True)]
    assert len(pairs) == 6 and all(m != n for m, n in pairs)
    assert "U+0131" in german[0][0] and german[0][0] != english[0][0]
    assert [[d.message for d in parser.parse(t).diags] for t in texts] == english
    fixes = [[(d.start, d.end, d.fix) for d in parser.parse(t).diags] for t in ("kw-AR-ı", "sw-ı", "en-a b")]
    assert fixes[0][0][2] is not None and fixes[0][0][2].tag == "kw-AR-i" and fixes[0][0][:2] == (6, 7)
    assert fixes[1][0][2] is not None and fixes[1][0][2].tag == "sw-i" and fixes[1][0][:2] == (3, 4)
    assert fixes[2][0][2] is not None and fixes[2][0][2].tag == "en-a-b"


_SLOTS = ("text", "subtags", "diags", "canonical_fixes", "well_formed", "grandfathered", "language", "extlangs",
          "script", "region", "variants", "extensions", "privateuse", "x_token", "truncated")  # fmt: skip


def _lane_taken(seed: int, lane_parse: Callable[[IllShapes], Callable[[str], parser.Parse | None]]) -> int:
    """Compare every field of a lane's parses, after the engine's checks, with the precise parser's; return how many."""
    engine = fresh_engine()
    parse_of = lane_parse(IllShapes(engine.fast_path))
    taken = 0
    for text in _texts(seed, 1500):
        got = parse_of(text)
        if got is None:
            continue
        taken += 1
        p = parser.parse(text)
        p.subtags.sort(key=lambda s: s[1])
        want = engine._analyze(p, None).parse
        got = engine._analyze(got, None).parse
        assert [getattr(got, s) for s in _SLOTS] == [getattr(want, s) for s in _SLOTS], text
    return taken


def test_the_underscore_parse_is_the_precise_one_after_the_engines_checks() -> None:
    assert (taken := _lane_taken(53, lambda lane: lane.parse_underscore)) > 3000, taken
    lane = IllShapes(fresh_engine().fast_path)
    assert [t for t in ("en_US", "sr_Latn_RS", "de_DE_u_co_phonebk") if lane.parse_underscore(t) is None] == []
    left = (
        "en_GB-oed",
        "zh_min_nan",
        "i_klingon",
        "en__US",
        "_en",
        "en_",
        "en_US ",
        "en_US.UTF-8",
        "en-US",
        "abcd_abc",
    )
    assert [t for t in left if lane.parse_underscore(t) is not None] == []


def test_the_null_fix_is_the_repairs() -> None:
    """Where the shortcut writes ``fix`` without the repair, the repair finds the same; a platform's shape is its."""
    from bcp47_explorer.core.build.platforms import detect
    from bcp47_explorer.core.build.repair import MAX_REPAIR_INPUT

    assert checkjson._REPAIR_INPUT_MAX == MAX_REPAIR_INPUT
    engine = fresh_engine()
    assert engine.repair_fix is not None and engine.repair_reads_no_names
    checked = followed = 0
    for text in _texts(54, 600):
        a = engine.unmatched_analysis(text)
        if a.parse.well_formed or not checkjson._no_platform_shape(text):
            continue
        checked += 1
        diags = a.diagnostics
        got = checkjson._ill_formed_fix_json(engine, text, diags)
        assert got == checkjson._repaired_fix_json(engine, text, diags), text
        if checkjson.first_fix(diags) is None:
            assert engine.repair_fix(text) is None, text
        else:
            followed += got != "null" and not engine.is_valid(checkjson.first_fix(diags) or "")
    assert checked > 1000 and followed > 100, (checked, followed)
    assert [t for t in _PLATFORM if checkjson._no_platform_shape(t)] == []
    # Shapes no platform reader matches, now left out of the repair (before, any '.', '-r', '-ch' or 'ploc' went).
    kept = ("yag-a.b", "en-US-ploc-ı", "sv-RW-普通话", "ky-RO-a.b", "de-CH-$$", "zh-Hans.ı", "mt-Tang-RS-ı",
            "zh-CHS-ı", "zh-chs-$$", "qps-ploc-$$")  # fmt: skip
    assert [t for t in kept if not checkjson._no_platform_shape(t) or detect(t.strip()) is not None] == []
    for text in kept:
        diags = engine.unmatched_analysis(text).diagnostics
        assert checkjson._ill_formed_fix_json(engine, text, diags) == checkjson._repaired_fix_json(engine, text, diags)
    text = "values-ı"
    assert checkjson._ill_formed_fix_json(engine, text, []) == checkjson._repaired_fix_json(engine, text, [])
    # Another repair (one that reads names, say) is always asked: the shortcut is the composer's repair's alone.
    asked: list[str] = []
    other = TagEngine(engine.registry, engine.cldr, engine.extensions)
    assert not other.repair_reads_no_names  # the default: a repair handed in is asked
    other.repair_fix = lambda text: asked.append(text) or "en"
    checkjson._ill_formed_fix_json(other, "kw-AR-ı", [])
    assert asked == ["kw-AR-ı"]


def test_the_swapped_parse_is_the_precise_one_after_the_engines_checks() -> None:
    assert (taken := _lane_taken(55, lambda lane: lane.parse_swapped)) > 1500, taken
    lane = IllShapes(fresh_engine().fast_path)
    assert [t for t in ("bnv-BR-Latg", "ko-143-Aran", "ABCDEFGH-us-latn") if lane.parse_swapped(t) is None] == []
    left = ("en-US-Latn-x", "e-US-Latn", "en-ÜS-Latn", "en-US-Lıtn", "en-US-Latn ", "en_US_Latn", "en-US",
            "en-1234-Latn", "abcdefghi-US-Latn", "en-GB-oed-Latn", "en-Latn-US", "en--US-Latn",
            "12-US-Latn")  # fmt: skip
    assert [t for t in left if lane.parse_swapped(t) is not None] == []


def test_a_locale_id_reading_is_asked_only_where_it_may_find_one() -> None:
    """The underscore lane leaves out the reading as a pasted locale id only where it surely finds none."""
    from bcp47_explorer.core.cldr.locale_ids import locale_id_conversion
    from bcp47_explorer.core.engine.illshape import maybe_locale_id

    engine = fresh_engine()
    lane = IllShapes(engine.fast_path)
    texts = [t for t in _texts(55, 1500) if "_" in t] + ["root_US", "en_US_POSIX", "Root_Latn", "de_posix_1901"]
    skipped = 0
    for text in texts:
        if lane.parse_underscore(text) is None:
            continue
        if not maybe_locale_id(text):
            skipped += 1
            assert locale_id_conversion(text, engine.cldr) is None, text
    assert skipped > 1000, skipped
    assert all(locale_id_conversion(t, engine.cldr) is not None for t in ("root_US", "en_US_POSIX", "Root_Latn"))
    line = next(checkjson.check_json_lines(engine, ["en_US_POSIX"]))[0]
    assert '"code":"unicode-locale-id"' in line and "en-US-u-va-posix" in line


def test_the_end_line_takes_a_plain_tag_and_a_piece_that_fits_nowhere(monkeypatch: pytest.MonkeyPatch) -> None:
    """:meth:`.illshape.IllShapes.end_line` writes ``ln-12``'s line; a tail's piece, a singleton, '_', a character no
    subtag has are left to the precise path, and so is the fix of a text with a platform's shape (the repair's)."""
    engine = fresh_engine()
    lane = checkjson.ill_shapes(engine)
    taken = ["ln-12", "ta-abcdefghi", "Lydi-12", "en-US-1a2", "sl-rozaj-" + "x" * 25, "zh-yue-HK-12"]
    left = ["en-x-ab-12", "de-u-co-phonebk-12", "en-a", "en_US-12", "en-a.b", "en--12", " en-12", "en-ı", "en-abc",
            "x-abc-12", "en-Latn"]  # fmt: skip
    assert [t for t in taken if lane.end_line(t) is None] == []
    assert [t for t in left if lane.end_line(t) is not None] == []
    texts = [*taken, "en-r12", "zh-CHS-12", "sr-ploc1"]
    with monkeypatch.context() as m:
        precise = list(checkjson.check_json_lines(_precise(m), texts))
    assert list(checkjson.check_json_lines(engine, texts)) == precise
    assert precise[0][0].endswith('"fix":null,"plausibility":[]}')


def test_the_underscore_and_swapped_lines_take_valid_fixes_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lines of a valid tag with '_' and of a valid tag with region and script swapped are the precise path's; an
    invalid fix (which the repair may better), a locale id the engine reads, a -u- finding are left to it."""
    engine = fresh_engine()
    lane = checkjson.ill_shapes(engine)
    taken = ["en_US", "sr_Latn_RS", "de_DE_u_co_phonebk", "en_US-x-a_b", "ja-t-it_m0_ungegn", "sl_rozaj_biske"]
    left = ["xx_YY", "root_US", "en_US_POSIX", "de_u_co_phonebk_co_trad", "en_GB_oed", "en-US"]
    assert [t for t in taken if lane.underscore_line(t) is None] == []
    assert [t for t in left if lane.underscore_line(t) is not None] == []
    swaps = ["bnv-BR-Latg", "en-US-Latn", "SR-rs-latn"]
    assert [t for t in swaps if lane.swapped_line(t) is None] == []
    assert [t for t in ("xx-US-Latn", "en-US-Abcd", "en-Latn-US", "en_US_Latn") if lane.swapped_line(t)] == []
    texts = taken + left + swaps
    with monkeypatch.context() as m:
        precise = list(checkjson.check_json_lines(_precise(m), texts))
    assert list(checkjson.check_json_lines(engine, texts)) == precise
    assert precise[0][0].endswith('"fix":"en-US","plausibility":[]}')


def test_the_slip_errors_are_the_slip_parses() -> None:
    """What a fix with one slip is weighed by, counted without its parse for a plain tag, is its parse's errors."""
    from bcp47_explorer.core.grammar.values import Severity

    lane = IllShapes(fresh_engine().fast_path)
    counted = 0
    for text in [*_texts(56, 800), "en-US-", " en ", "\ten\u3000", "en-u-ca-gregory-q", "de-u-co-phonebk-u"]:
        p = lane.parse(text)
        want = None if p is None else sum(1 for d in p.diags if d.severity is Severity.ERROR)
        assert lane.slip_errors(text) == want, text
        counted += want is not None
    assert counted > 2000, counted
    assert lane.slip_errors(" en ") == 2
