"""The runs a tag editor paints: each stretch of the input with one role, one severity and one ASCII-ness.

The engine already gives every subtag and every diagnostic its span; this module only lays them over
the text. It never looks for subtags itself, so the colours can never disagree with the engine. The
editor's highlighter (Qt) turns each run into a text format; positions here are Python string
indices, and the conversion to Qt's UTF-16 positions stays in the UI.

Decisions:

- Where diagnostics overlap, a character shows the worst severity (error over warning over info).
- A diagnostic with an empty span (the missing subtag in ``en--US``, a trailing ``-``) is shown on
  the character before it, so every problem has something to point at.
- A non-ASCII character is a run of its own kind (``non_ascii``): RFC 5646 §2.1 allows only ASCII
  letters, digits and ``-``, and a look-alike (Cyrillic ``а`` for Latin ``a``) must stand out.

>>> from bcp47_explorer.core.grammar.values import Diagnostic, Role, Severity, Subtag
>>> subtags = [Subtag("en", 0, 2, Role.LANGUAGE), Subtag("US", 3, 5, Role.REGION)]
>>> diagnostics = [Diagnostic("x", Severity.WARNING, 3, 5, "m")]
>>> runs = highlight_runs("en-US", subtags, diagnostics)
>>> [(r.start, r.end, str(r.role), r.severity and str(r.severity)) for r in runs]
[(0, 2, 'language', None), (3, 5, 'region', 'warning')]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .values import Diagnostic, Role, Severity, Subtag

__all__ = ["SEVERITY_RANK", "Run", "highlight_runs", "visible_span"]

#: How bad each severity is; the higher wins where diagnostics overlap.
SEVERITY_RANK = {Severity.ERROR: 3, Severity.WARNING: 2, Severity.INFO: 1}


@dataclass(frozen=True, slots=True)
class Run:
    """A stretch [start, end) of the text (Python indices) painted one way.

    ``role`` is the role of the subtag the stretch belongs to (None between subtags), ``severity``
    the worst diagnostic over it (None when there is none) and ``non_ascii`` whether its characters
    are outside ASCII.
    """

    start: int
    end: int
    role: Role | None
    severity: Severity | None
    non_ascii: bool


def visible_span(start: int, end: int, length: int) -> tuple[int, int]:
    """Return a span of at least one character for a diagnostic at [start, end) in a text of *length*.

    >>> visible_span(6, 6, 6)  # "en-US-": the missing subtag after the trailing '-' is shown on the '-'
    (5, 6)
    >>> visible_span(3, 99, 5)
    (3, 5)
    """
    start = max(0, min(start, length))
    end = max(start, min(end, length))
    if end == start and length:
        start = max(0, start - 1)
        end = start + 1
    return start, end


def highlight_runs(text: str, subtags: Iterable[Subtag], diagnostics: Iterable[Diagnostic]) -> tuple[Run, ...]:
    """Return the runs of *text* that carry a role, a diagnostic or non-ASCII characters, in text order.

    *subtags* and *diagnostics* are a CheckResult's, for exactly *text*; spans past its end are cut.
    Plain stretches (no role, no diagnostic, ASCII: the hyphens between subtags) get no run.
    """
    n = len(text)
    if not n:
        return ()
    roles: list[Role | None] = [None] * n
    for sub in subtags:
        for i in range(max(0, sub.start), min(n, sub.end)):
            roles[i] = sub.role
    severities: list[Severity | None] = [None] * n
    for diag in diagnostics:
        start, end = visible_span(diag.start, diag.end, n)
        rank = SEVERITY_RANK[diag.severity]
        for i in range(start, end):
            current = severities[i]
            if current is None or rank > SEVERITY_RANK[current]:
                severities[i] = diag.severity
    runs: list[Run] = []
    run_start = 0
    key = (roles[0], severities[0], not text[0].isascii())
    for i in range(1, n + 1):
        nxt = (roles[i], severities[i], not text[i].isascii()) if i < n else None
        if nxt != key:
            if key != (None, None, False):
                runs.append(Run(run_start, i, *key))
            run_start = i
            if nxt is not None:
                key = nxt
    return tuple(runs)
