"""Pins the one problem type and the one ``~~~^`` marker renderer (issue 18)."""

from __future__ import annotations

from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.grammar.problems import Problem, Severity, marker
from bcp47_explorer.core.matching.rfc4647 import parse_accept_language


def test_the_tag_engine_and_matching_return_the_one_problem_type() -> None:
    d = bundled_engine().check("en-Qqqq").errors[0]
    p = parse_accept_language("fr_CH").problems[0]
    assert type(d) is Problem and type(p) is Problem
    assert p.severity is Severity.ERROR and p.section == "RFC 4647 §2.1" and (p.start, p.end) == (2, 3)


def test_the_marker_text_is_pinned_for_short_and_long_input() -> None:
    assert marker("en-Qqqq", 3, 7) == "    en-Qqqq\n       ~~~^"
    assert marker("ab", 0, 0, "") == "ab\n^"
    tag = "en-a-" + "-".join(["abcdefgh"] * 20) + "-Qqqq"
    assert len(tag) == 189
    assert marker(tag, 185, 189, "") == "…fgh-abcdefgh-abcdefgh-abcdefgh-abcdefgh-Qqqq\n" + " " * 41 + "~~~^"
