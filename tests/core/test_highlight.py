"""The editor's runs, without Qt: role runs from subtag spans, the worst severity where diagnostics overlap,
empty spans shown on the character before, non-ASCII characters marked, Python indices throughout."""

from __future__ import annotations

import doctest

import pytest
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine.tag import CheckResult, Role, Severity, TagEngine
from bcp47_explorer.core.grammar import highlight
from bcp47_explorer.core.grammar.highlight import Run, highlight_runs, visible_span


@pytest.fixture(scope="module")
def engine() -> TagEngine:
    return bundled_engine()


def runs(result: CheckResult) -> list[tuple[str, Role | None, Severity | None, bool]]:
    """Return each run as (its text, role, severity, non_ascii)."""
    text = result.input
    return [(text[r.start : r.end], r.role, r.severity, r.non_ascii) for r in highlight_runs(
        text, result.subtags, result.diagnostics)]  # fmt: skip


def test_doctests_pass() -> None:
    failures, tried = doctest.testmod(highlight)
    assert tried and not failures


def test_each_subtag_is_a_run_in_its_role_and_hyphens_get_none(engine: TagEngine) -> None:
    assert runs(engine.check("sl-IT-rozaj")) == [
        ("sl", Role.LANGUAGE, None, False),
        ("IT", Role.REGION, None, False),
        ("rozaj", Role.VARIANT, None, False),
    ]


def test_a_misplaced_script_keeps_its_role_and_carries_the_error(engine: TagEngine) -> None:
    got = runs(engine.check("en-US-Latn"))
    assert got[-1] == ("Latn", Role.SCRIPT, Severity.ERROR, False)
    assert got[0] == ("en", Role.LANGUAGE, None, False)


def test_a_warning_is_a_warning_run(engine: TagEngine) -> None:
    assert runs(engine.check("iw")) == [("iw", Role.LANGUAGE, Severity.WARNING, False)]


def test_a_trailing_hyphen_is_marked_on_the_hyphen(engine: TagEngine) -> None:
    result = engine.check("en-US-")
    last = highlight_runs(result.input, result.subtags, result.diagnostics)[-1]
    assert (last.start, last.end) == (5, 6) and last.severity is Severity.ERROR


def test_the_worst_severity_wins_where_diagnostics_overlap() -> None:
    from bcp47_explorer.core.grammar.values import Diagnostic, Subtag

    subtags = [Subtag("abcd", 0, 4, Role.LANGUAGE)]
    diagnostics = [
        Diagnostic("a", Severity.INFO, 0, 4, "info"),
        Diagnostic("b", Severity.ERROR, 1, 2, "error"),
        Diagnostic("c", Severity.WARNING, 1, 3, "warning"),
    ]
    assert highlight_runs("abcd", subtags, diagnostics) == (
        Run(0, 1, Role.LANGUAGE, Severity.INFO, False),
        Run(1, 2, Role.LANGUAGE, Severity.ERROR, False),
        Run(2, 3, Role.LANGUAGE, Severity.WARNING, False),
        Run(3, 4, Role.LANGUAGE, Severity.INFO, False),
    )


def test_non_ascii_characters_are_runs_of_their_own_in_python_indices(engine: TagEngine) -> None:
    result = engine.check("en-😀-US")
    got = highlight_runs(result.input, result.subtags, result.diagnostics)
    emoji = [r for r in got if r.non_ascii]
    assert [(r.start, r.end) for r in emoji] == [(3, 4)]  # one Python index, though two UTF-16 units
    assert emoji[0].severity is Severity.ERROR
    assert (got[-1].start, got[-1].end, got[-1].role) == (5, 7, Role.REGION)


def test_spans_past_the_text_are_cut() -> None:
    from bcp47_explorer.core.grammar.values import Diagnostic, Subtag

    got = highlight_runs("en", [Subtag("en-US", 0, 5, Role.LANGUAGE)], [Diagnostic("a", Severity.ERROR, 4, 9, "")])
    assert got == (Run(0, 1, Role.LANGUAGE, None, False), Run(1, 2, Role.LANGUAGE, Severity.ERROR, False))


def test_empty_text_has_no_runs() -> None:
    assert highlight_runs("", [], []) == ()
    assert visible_span(0, 0, 0) == (0, 0)
