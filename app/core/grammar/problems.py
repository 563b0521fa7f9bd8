"""The one way to say "a problem with a span", and the one way to draw it under the input.

:class:`Problem` is what every checker hands out: the tag engine (a tag's diagnostics), RFC 4647
matching (a priority list's problems), the registration form (a field's problems) and the
registry-file check (a file's findings). :func:`marker` draws a span as ``~~~^`` under the input,
with a window around the span when the input is long; the CLI (every verb), the matching pane
and the tests use it, so one long tag is cut the same way everywhere.

>>> p = Problem("unknown-script", Severity.ERROR, 3, 7, "m", section="RFC 5646 §2.2.3")
>>> print(marker("en-Qqqq", p.start, p.end, ""))
en-Qqqq
   ~~~^
"""

from __future__ import annotations

import re
from enum import StrEnum
from operator import attrgetter

from ..text.frozen import Frozen, _set

__all__ = ["Severity", "Fix", "Problem", "marker", "section_cited", "MARKER_CONTEXT"]

#: Characters of input :func:`marker` shows on either side of a span (and at most twice this of the span).
MARKER_CONTEXT = 40


class Severity(StrEnum):
    """How bad a problem is: an error makes the input ill-formed or invalid (or blocks a request); the rest is advice.

    One vocabulary for every checker. The least severe grade is ``info`` (not ``note``): the tag
    engine, RFC 4647 matching and the JSON of ``bcp47 check --json`` and ``bcp47 match --json``
    already said ``info``, and pipelines read those strings. Only the registration form said
    ``note``; user-facing text may still *word* an info as "Note" (the editor's counts and the
    registration form do), but the value is ``info``.
    """

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class Fix(Frozen):
    """A correction: a short imperative label and the whole corrected tag."""

    __slots__ = __match_args__ = ("label", "tag")
    _compared = attrgetter(*__match_args__)

    label: str
    tag: str

    def __init__(self, label: str, tag: str) -> None:
        _set(self, "label", label)
        _set(self, "tag", tag)


class Problem(Frozen):
    """One problem or piece of advice about a span of the input.

    ``start``/``end`` index the input the checker was given (Python indices, end exclusive): the
    tag, the Accept-Language text, the form field's text (0, 0: the field as a whole) or the
    registry file's line (0, 0: the line as a whole). ``section`` is the section of the standard
    the problem rests on ("" when none). ``field`` names the form field a registration problem is
    about and ``line`` the 1-based line of a registry-file finding (``""`` and 0 elsewhere).
    """

    __slots__ = __match_args__ = ("code", "severity", "start", "end", "message", "fix", "section", "field", "line")
    _compared = attrgetter(*__match_args__)

    code: str
    severity: Severity
    start: int
    end: int
    message: str
    fix: Fix | None
    section: str
    field: str
    line: int

    def __init__(
        self,
        code: str,
        severity: Severity,
        start: int,
        end: int,
        message: str,
        fix: Fix | None = None,
        section: str = "",
        field: str = "",
        line: int = 0,
    ) -> None:
        _set(self, "code", code)
        _set(self, "severity", severity)
        _set(self, "start", start)
        _set(self, "end", end)
        _set(self, "message", message)
        _set(self, "fix", fix)
        _set(self, "section", section)
        _set(self, "field", field)
        _set(self, "line", line)

    @property
    def is_error(self) -> bool:
        """Return True for an error."""
        return self.severity is Severity.ERROR


_CITATION = re.compile(r"\(((?:RFC|UTS) [^()]*§[^()]*)\)")


def section_cited(message: str) -> str:
    """Return the last standard's section a message cites in parentheses, or "".

    Messages written in place (matching, the form, the registry check) cite their section at the
    end, as the diagnostics table's do; this reads it back so the section is said once.

    >>> section_cited("range 'fr_CH' has an empty subtag (RFC 4647 §2.1)")
    'RFC 4647 §2.1'
    >>> section_cited("no citation")
    ''
    """
    found = _CITATION.findall(message)
    return found[-1] if found else ""


def marker(text: str, start: int, end: int, indent: str = "    ", context: int = MARKER_CONTEXT) -> str:
    """Return *text* (a window of it when long) over a ``~~~^`` line that marks ``[start, end)``.

    A long input is cut to *context* characters either side of the span (and the span to 2 ×
    *context*), with ``…`` where it is cut, so the output's size never depends on the input's
    (a 10 MB line, a hundred problems). An empty span gets a lone ``^``.

    >>> print(marker("en-Qqqq", 3, 7, ""))
    en-Qqqq
       ~~~^
    >>> print(marker("a-" * 100 + "Qqqq", 200, 204, "", 5))
    …-a-a-Qqqq
          ~~~^
    """
    end = max(end, start)
    a = max(0, start - context)
    b = min(len(text), max(end, start + 1) + context, start + 2 * context)
    head = "…" if a > 0 else ""
    tail = "…" if b < len(text) else ""
    width = max(min(end, b) - start, 1)
    pad = " " * (len(head) + start - a)
    return f"{indent}{head}{text[a:b]}{tail}\n{indent}{pad}{'~' * (width - 1)}^"
