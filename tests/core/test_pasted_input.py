"""What the engine says about pasted text: locale ids, invisible characters, fixes that help, huge lines.

Pins, each failing on the code before it:
- issue 11 item 5: a Unicode locale identifier or legacy ``@key=type`` input is recognised and one
  fix converts it to the BCP 47 tag, the message saying what the conversion does;
- issue 11 item 7: invisible and bidi control characters are named with code point, name and
  position, a fix removes them, and messages quote user text inside bidi isolates;
- issue 11 item 15: a fix is offered only when its result is better than the input (over the
  whole Examples menu, the traps of the tests and the advice corpus);
- issue 14 item 4: messages, fixes and markers on a huge line are bounded, not proportional to
  the input times the number of problems.
"""

from __future__ import annotations

import json
import unicodedata

import pytest
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine.tag import Severity, TagEngine
from bcp47_explorer.core.grammar.problems import marker as draw_marker
from bcp47_explorer.core.grammar.quoting import FSI, PDI
from bcp47_explorer.core.teaching.examples import EXAMPLES

from benchmarks.corpus import build_advice


@pytest.fixture(scope="module")
def engine() -> TagEngine:
    return bundled_engine()


# ------------------------------------------------------------------- item 5: locale ids
@pytest.mark.parametrize(
    ("text", "tag", "says"),
    [
        ("de_DE@collation=phonebook", "de-DE-u-co-phonebk", "collation=phonebook → co-phonebk"),
        ("en_US_POSIX", "en-US-u-va-posix", "POSIX becomes -u-va-posix"),
        ("sr_Latn_RS@currency=EUR", "sr-Latn-RS-u-cu-eur", "currency=EUR → cu-eur"),
        ("de-DE@collation=phonebook", "de-DE-u-co-phonebk", "collation=phonebook → co-phonebk"),
        ("ja_JP@calendar=japanese;numbers=jpanfin", "ja-JP-u-ca-japanese-nu-jpanfin", "calendar=japanese"),
    ],
)
def test_a_unicode_locale_id_gets_one_fix_to_its_bcp47_tag(engine: TagEngine, text: str, tag: str, says: str) -> None:
    r = engine.check(text)
    found = [d for d in r.diagnostics if d.code == "unicode-locale-id"]
    assert len(found) == 1
    d = found[0]
    assert (d.start, d.end, d.severity) == (0, len(text), Severity.INFO)
    assert d.fix is not None and d.fix.tag == tag
    assert says in d.message and f"'{tag}'" in d.message
    assert engine.check(d.fix.tag).valid


def test_plain_underscores_and_tags_get_no_locale_id_diagnostic(engine: TagEngine) -> None:
    for text in ("en_US", "en-US", "de_DE@collation=telephone", "x_a@"):
        assert "unicode-locale-id" not in [d.code for d in engine.check(text).diagnostics], text
    assert engine.check("en_US").diagnostics[0].fix.tag == "en-US"  # type: ignore[union-attr]


# ------------------------------------------------------------ item 7: invisible characters
_INVISIBLE = [0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067,
              0x2068, 0x2069, 0xFEFF, 0x00AD, 0x2060, 0x061C]  # fmt: skip


@pytest.mark.parametrize("code", _INVISIBLE)
@pytest.mark.parametrize("at", [0, 2, 5])
def test_an_invisible_character_is_named_with_its_position_and_removed(engine: TagEngine, code: int, at: int) -> None:
    ch = chr(code)
    text = "en-US"[:at] + ch + "en-US"[at:]
    r = engine.check(text)
    d = next(d for d in r.diagnostics if d.code == "invisible-character")
    assert f"U+{code:04X} {unicodedata.name(ch)} at {at}" in d.message
    assert (d.start, d.end) == (at, at + 1)
    assert d.fix is not None and d.fix.tag == "en-US"


def test_the_example_of_the_issue(engine: TagEngine) -> None:
    d = engine.check("\u202een-US").diagnostics[0]
    assert d.message.startswith("U+202E RIGHT-TO-LEFT OVERRIDE at 0 ")
    assert d.fix is not None and d.fix.tag == "en-US"
    several = engine.check("\u2067en\u200b-US\ufeff")
    fixes = {d.fix.tag for d in several.diagnostics if d.fix is not None and d.code == "invisible-character"}
    assert fixes == {"en-US"}


_BIDI = {chr(c) for c in (0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x061C)}


def _outside_isolates(message: str) -> str:
    """Return the characters of *message* that are not inside a FSI … PDI isolate."""
    out, depth = [], 0
    for ch in message:
        if ch == FSI:
            depth += 1
        elif ch == PDI and depth:
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


@pytest.mark.parametrize(
    "text",
    [
        "\u202een-US",
        "en-\u202eSU",
        "i-klingon-\u202eabc",
        "en-\u05d0\u05d1",
        "he-\u05e2\u05d1\u05e8\u05d9\u05ea",
        "ar_\u0627\u0644@x=y",
        "de_DE@collation=\u202ephonebook",
        " \u200fen",
        "en-" + "\u202e" * 50,
        "\u2067en-US\u2069",
    ],
)
def test_messages_quote_user_text_inside_bidi_isolates(engine: TagEngine, text: str) -> None:
    r = engine.check(text)
    assert r.diagnostics
    for d in r.diagnostics:
        outside = _outside_isolates(d.message)
        assert not (set(outside) & _BIDI), (d.code, d.message)
        assert not any(unicodedata.bidirectional(c) in ("R", "AL") for c in outside), (d.code, d.message)


# ------------------------------------------------------------------- item 15: fixes help
def _rank(engine: TagEngine, text: str) -> tuple[int, int]:
    r = engine.check(text)
    return (0 if r.well_formed else 1, len(r.errors) + sum(1 for d in r.diagnostics if d.code == "too-many-problems"))


_TEST_TRAPS = ["x", "--", "-", "---", "x-", "-x", "en-Z", "en--US", "en-US-x", "en-a-", "zh-min-nan-Hant", "zh-yue-cmn",
               "i-klingon-x-a", "zh-普通话", "tır", "en_US", " en", "", "en-", "-en", "en-US-Latn", "en-abcdefghi",
               "en-u-ca-foo", "en-u-zz-abc", "en-t-xyz", "de-1901-1901", "en-a-bbb-a-ccc", "a-bcd", "e1-US", "en-a1",
               "x-", "_", "__", "@", "en@", "-_-", "en-x-", "en-u-", "en-t-", "en-t-m0", "i-klingon-abc",
               "de_DE@collation=phonebook", "de-DE@collation=phonebook", "\u202een-US", "jp", "en-UK",
               "iw-JJ"]  # fmt: skip


def test_no_fix_makes_things_worse_over_the_examples_and_the_traps(engine: TagEngine) -> None:
    texts = [e.tag for e in EXAMPLES] + _TEST_TRAPS
    offered = 0
    for text in texts:
        r = engine.check(text)
        before = _rank(engine, text)
        for d in r.diagnostics:
            if d.fix is None:
                continue
            offered += 1
            after = _rank(engine, d.fix.tag)
            assert any(c.isascii() and c.isalnum() for c in d.fix.tag), (text, d.code, d.fix)
            if d.severity is Severity.ERROR:
                assert after < before, (text, d.code, d.fix.tag, before, after)
            else:
                assert after <= before, (text, d.code, d.fix.tag, before, after)
    assert offered > 30  # the rule still leaves the useful fixes


def test_the_two_fixes_of_the_issue_are_gone(engine: TagEngine) -> None:
    assert [d.fix for d in engine.check("x").diagnostics] == [None]
    assert all(d.fix is None for d in engine.check("--").diagnostics)
    assert all(d.fix is None or d.fix.tag for d in engine.check("x-").diagnostics)


def test_fast_path_fixes_never_add_errors_over_the_advice_corpus(engine: TagEngine) -> None:
    for text in build_advice(3000, seed=15):
        r = engine.check(text)
        for d in r.diagnostics:
            if d.fix is not None:
                assert engine.check(d.fix.tag).valid or not r.valid, (text, d.code, d.fix.tag)


# --------------------------------------------------------------- issue 14 item 4: huge lines
@pytest.mark.parametrize(
    "text",
    [
        "en-" + "ı" * 1_000_000,
        "en--" * 250_000,
        "i-klingon-" + "a-" * 500_000,
        "\u202e" * 1_000_000,
        "en_" * 300_000 + "@collation=phonebook",
        "en-" + "abcdefghi-" * 100_000,
    ],
)
def test_a_huge_line_gives_bounded_messages_fixes_and_markers(engine: TagEngine, text: str) -> None:
    r = engine.check(text)
    assert r.diagnostics and len(r.diagnostics) <= 101
    for d in r.diagnostics:
        assert len(d.message) < 600, (d.code, len(d.message))
        assert d.fix is None, d.code  # no whole copy of a megabyte per problem
        marker = draw_marker(text, d.start, d.end)
        assert len(marker) < 300, (d.code, len(marker))
    line = json.dumps(r.as_dict(), ensure_ascii=False)
    # The input once, each subtag once (some 70 bytes of JSON for a 1-letter subtag), bounded
    # diagnostics: linear in the input, not input x problems (a hundred problems used to print it a hundred times).
    assert len(line) < 50 * len(text)
    assert sum(len(json.dumps(d)) for d in r.as_dict()["diagnostics"]) < 101 * 700
    _result, notes = engine.from_unicode_locale(text)
    assert sum(len(n) for n in notes) < 5_000


def test_weighing_fixes_of_fixes_never_recurses(engine: TagEngine) -> None:
    # Each fix of these leaves a text whose own fixes lead on: weighing must not chain (it once overflowed the stack).
    for text in ("ab-" * 300, "en-US-" * 160, "en--" * 240, "a-" * 450):
        r = engine.check(text)
        assert r.diagnostics and not r.well_formed
