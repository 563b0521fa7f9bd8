"""Tags whose -u-/-t- extensions draw no diagnostic take a short way; it gives the precise path's answers.

:meth:`.quickadvice.QuickAdvice.extension_diagnostics` tells such a tag (the fast path settled it) and gives
its head's diagnostics and its extensions' roles: ``bcp47 check --json`` writes its line from them
(``checkjson._extension_line``; the fused line of :mod:`.quickline` writes most of them before, compared in
``test_extension_walk``, and is turned off here), its analysis makes no parse until one is read
(:class:`.quickadvice.QuietAnalysis`) and its Unicode verdict needs none. Compared here with the precise
path (the fast path turned off: the parser and every check) over the 41,000 generated extension tags of
``test_extension_speed`` and in the column summaries.
"""

from __future__ import annotations

import pytest
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine import checkjson
from bcp47_explorer.core.engine.fastpath import FastPath
from bcp47_explorer.core.engine.quickadvice import QuickAdvice, QuietAnalysis
from bcp47_explorer.core.engine.summary import summarize
from bcp47_explorer.core.engine.unicode_validity import verdict_of
from bcp47_explorer.core.grammar.values import Diagnostic

from tests.core.engines import fresh_engine
from tests.core.test_quick_line import _Off
from tests.core.test_speed_layers import _extended_tags


@pytest.fixture(scope="module")
def tags() -> list[str]:
    got = _extended_tags(bundled_engine(), 42_000)
    assert len(got) >= 40_000
    return got


def _quiet_lane(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record the tags the short way takes (extension_diagnostics gives an answer)."""
    taken: list[str] = []
    real = QuickAdvice.extension_diagnostics

    def counted(
        self: QuickAdvice, text: str, g: tuple[str | None, ...], canonical: str
    ) -> tuple[tuple[Diagnostic, ...], tuple[str, ...]] | None:
        got = real(self, text, g, canonical)
        if got is not None:
            taken.append(text)
        return got

    monkeypatch.setattr(QuickAdvice, "extension_diagnostics", counted)
    return taken


def test_the_json_lines_of_quiet_extension_tags_are_the_precise_paths(
    tags: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    quick_engine = fresh_engine()
    quick_engine.plausibility_in_json = False  # as the command line, without --plausibility
    with monkeypatch.context() as m:
        m.setattr(checkjson, "quick_line", lambda engine: _Off())  # the fused line: test_extension_walk
        taken = _quiet_lane(m)
        quick = list(checkjson.check_json_lines(quick_engine, tags))
    with monkeypatch.context() as m:
        m.setattr(checkjson, "quick_line", lambda engine: _Off())
        m.setattr(FastPath, "match", lambda self, text, g: None)
        precise_engine = fresh_engine()
        precise_engine.plausibility_in_json = False
        precise = list(checkjson.check_json_lines(precise_engine, tags))
        # With CLDR's plausibility notes, on the tags the short way takes.
        noted = list(checkjson.check_json_lines(fresh_engine(), taken))
    assert len(quick) == len(precise) == len(tags)
    for tag, q, p in zip(tags, quick, precise, strict=True):
        assert q == p, tag
    assert list(checkjson.check_json_lines(fresh_engine(), taken)) == noted
    # The comparison is worth something only if many tags took the short way, with head advice and case notes,
    # and CLDR's warnings on keywords and fields.
    lines = dict(zip(tags, quick, strict=True))
    assert len(taken) > 3000, len(taken)
    assert sum('"code":"deprecated-u-' in lines[t][0] for t in taken) > 100
    assert sum('"diagnostics":[]' not in lines[t][0] for t in taken) > 500
    assert any('"role":"t-script"' in lines[t][0] and '"role":"privateuse"' in lines[t][0] for t in taken)
    assert any('"plausibility":["' in line for line, _ in noted)


def test_the_analysis_and_verdicts_of_quiet_extension_tags_are_the_precise_paths(
    tags: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = fresh_engine()
    with monkeypatch.context() as m:
        m.setattr(FastPath, "match", lambda self, text, g: None)
        precise_engine = fresh_engine()
        tags = tags[::2]  # half the corpus: the JSON lines take it whole
        precise = [(summarize(precise_engine, t), precise_engine.check(t).analysis) for t in tags]
    quiet = 0
    for tag, (summary, a) in zip(tags, precise, strict=True):
        assert summarize(engine, tag) == summary, tag
        got = engine.check(tag).analysis
        if type(got) is QuietAnalysis:
            quiet += 1
            assert verdict_of(engine, got) == verdict_of(precise_engine, a), tag
            assert got.diagnostics == a.diagnostics, tag
            assert got.subtags == a.subtags, tag  # from the parse made on first read
            assert (got.valid, got.canonical_tag) == (a.valid, a.canonical_tag), tag
            assert got.parse.extensions == a.parse.extensions, tag
    assert quiet > 1500, quiet


def test_a_keyword_with_a_finding_or_a_repeat_takes_the_precise_path() -> None:
    q = bundled_engine().quick_advice
    roles = q.extension_roles
    assert roles("-u-ca-gregory-t-ja-Latn-m0-ungegn") == [
        "singleton", "u-key", "u-type", "singleton", "t-language", "t-script", "t-key", "t-value",
    ]  # fmt: skip
    assert roles("-u-attr1-CA-gregory-kn") == ["singleton", "u-attribute", "u-key", "u-type", "u-key"]
    for loud in (
        "-u-ca-gregory-ca-buddhist",  # a repeated key
        "-u-kh",  # deprecated key
        "-u-ca-gregorian",  # not a type CLDR lists
        "-u-rg-gbzzzz",  # rg and sd: UTS #35 weighs them against the region
        "-u-sd-gbsct",
        "-u-zzz-aaa-zzz",  # a repeated attribute
        "-t-m0-ab",  # a -t- value of 2 characters
        "-t-en-1901",  # a variant in the source language
        "-t-xx-m0-ungegn",  # an unknown source language
        "-a-bcd",  # an extension no registry lists
        "-u-ca-gregory-U-nu-latn",  # a repeated singleton
    ):
        assert roles(loud) is None, loud
    # CLDR's warnings and notes on a keyword or field: taken when asked, listed (singleton, key index, length).
    listed: list[tuple[str, int, int]] = []
    assert roles("-u-kh-false-ks-level2-t-m0-ungegn", listed) == [
        "singleton", "u-key", "u-type", "u-key", "u-type", "singleton", "t-key", "t-value",
    ]  # fmt: skip
    assert listed == [("u", 1, 2)]  # (CLDR has no -t- value with a warning alone)
    assert roles("-u-ca-gregorian", []) is None  # an error stays the precise path's
