"""The quicker ways of tags with -u-/-t- extensions give what the plain ways give, over 40,000+ generated tags.

- the parser's tail for a tag the langtag regex matched (``_parse_matched_tail``) against the general tail
  of :func:`.grammar.parser.parse`;
- the -u- parse (attributes, keywords, roles) against :func:`.grammar.syntax.split_u`'s split;
- the extension advisor's memo of CLDR's findings per keyword as written against asking CLDR each time.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from bcp47_explorer.core.cldr.values import KeywordProblem
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine.advice import ExtensionAdvisor
from bcp47_explorer.core.engine.fastpath import quick_parse
from bcp47_explorer.core.engine.tag import TagEngine
from bcp47_explorer.core.grammar import parser as grammar
from bcp47_explorer.core.grammar.parser import Token
from bcp47_explorer.core.grammar.syntax import WELL_FORMED, split_u
from bcp47_explorer.core.text.catalogue import set_language

from tests.core.test_speed_layers import _extended_tags


@pytest.fixture(scope="module")
def engine() -> TagEngine:
    return bundled_engine()


@pytest.fixture(scope="module")
def tags(engine: TagEngine) -> list[str]:
    got = _extended_tags(engine, 42_000)
    assert len(got) >= 40_000
    return got


def test_the_matched_tail_parses_as_the_general_tail(tags: list[str]) -> None:
    matched = 0
    for tag in tags:
        quick = quick_parse(tag)
        precise = grammar.parse(tag)
        precise.subtags.sort(key=lambda s: s[1])
        assert quick.subtags == precise.subtags, tag
        assert quick.diags == precise.diags and quick.well_formed == precise.well_formed, tag
        assert [tuple(x) for x in quick.extensions] == [tuple(x) for x in precise.extensions], tag
        assert (quick.privateuse, quick.x_token) == (precise.privateuse, precise.x_token), tag
        matched += WELL_FORMED.fullmatch(tag) is not None
    assert matched > len(tags) * 3 // 4  # most take the matched tail (else this would compare nothing)
    # A repeated singleton in a matched tail: the same warning and merge fix as the general tail gives.
    p = quick_parse("en-u-ca-gregory-a-bbb-u-nu-latn-x-u-ca")
    assert [d.code for d in p.diags] == ["duplicate-singleton"]
    assert p.diags[0].fix is not None and p.diags[0].fix.tag == "en-u-ca-gregory-nu-latn-a-bbb-x-u-ca"
    assert p.privateuse == [("u", 34, 35), ("ca", 36, 38)] and p.x_token == ("x", 32, 33)


def test_the_u_parse_splits_and_labels_as_split_u(tags: list[str]) -> None:
    keywords = attributes = 0
    for tag in tags:
        p = grammar.parse(tag)
        role_at = {s[1]: s[3] for s in p.subtags}
        for ext in p.extensions:
            if ext.singleton[0].lower() != "u":
                continue
            attrs, kws = split_u([b[0] for b in ext.subtags])
            assert [b[0] for b in ext.attributes] == attrs, tag
            assert [[k[0], *(t[0] for t in types)] for k, types in ext.keywords] == kws, tag
            want = ["u-attribute"] * len(attrs) + [r for kw in kws for r in ["u-key", *["u-type"] * (len(kw) - 1)]]
            assert [role_at.get(b[1]) for b in ext.subtags] == want, tag
            keywords += len(kws)
            attributes += len(attrs)
    assert keywords > 20_000 and attributes > 2_000
    p = grammar.parse("en-u-zzz-aaa-zzz-ca-gregory-ca-buddhist-kn")
    assert [d.code for d in p.diags] == ["duplicate-u-attribute", "duplicate-u-key"]
    roles = [s[3] for s in p.subtags if s[1] > 2]
    assert roles == ["singleton", *["u-attribute"] * 3, "u-key", "u-type", "u-key", "u-type", "u-key"]


class _Unkept(ExtensionAdvisor):
    """An extension advisor that asks CLDR every time, as before the memo."""

    def _keyword_problems(self, singleton: str, key: str, values: Sequence[Token]) -> Sequence[KeywordProblem]:
        cldr = self.cldr
        assert cldr is not None
        written = [x[0] for x in values]
        if singleton == "u":
            return cldr.check_u_keyword(key, written, is_script=self.tables.is_script, is_region=self.tables.is_region)
        return cldr.check_t_field(key, written)


def test_the_memo_of_cldr_findings_gives_what_cldr_says_each_time(engine: TagEngine, tags: list[str]) -> None:
    shared = engine.advisor.extensions
    shared._problems.clear()
    fresh = _Unkept(shared.tables, shared.cldr, shared.registered)
    kept = 0
    for tag in tags:
        p = quick_parse(tag)
        if not p.well_formed:
            continue
        q = quick_parse(tag)
        shared.validate(p)
        fresh.validate(q)
        assert p.diags == q.diags, tag
        kept += bool(p.diags)
    assert kept > 5_000 and len(shared._problems) > 1_000  # CLDR found things, the memo was used


def test_the_memo_of_cldr_findings_is_forgotten_on_a_change_of_language(engine: TagEngine) -> None:
    ext = engine.advisor.extensions
    p = quick_parse("en-u-ca-islamicc")
    ext.validate(p)
    assert ("u", "ca", "islamicc") in ext._problems
    try:
        set_language("de")
        assert ext._problems == {}
        q = quick_parse("en-u-ca-islamicc")
        ext.validate(q)
        assert [d.code for d in q.diags] == [d.code for d in p.diags]
        assert q.diags[0].message != p.diags[0].message  # worded in German, not kept from English
    finally:
        set_language("en")
