"""The values the tag engine hands out: roles, severities, subtags, diagnostics, fixes and steps.

They live apart from :mod:`.tag` so the parser, the advice and the canonicalizer can use them
without importing the engine; :mod:`.tag` re-exports every name.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["Role", "Severity", "Subtag", "Fix", "Diagnostic", "Step", "Canonicalization"]

_MARKER_WIDTH = 80


class Role(StrEnum):
    """What a subtag is in its tag; also the vocabulary of the CLI's JSON."""

    LANGUAGE = "language"
    EXTLANG = "extlang"
    SCRIPT = "script"
    REGION = "region"
    VARIANT = "variant"
    SINGLETON = "singleton"
    EXTENSION = "extension"
    U_ATTRIBUTE = "u-attribute"
    U_KEY = "u-key"
    U_TYPE = "u-type"
    T_LANG = "t-lang"  # no longer given: -t- source-language subtags carry T_LANGUAGE .. T_VARIANT
    T_LANGUAGE = "t-language"
    T_EXTLANG = "t-extlang"
    T_SCRIPT = "t-script"
    T_REGION = "t-region"
    T_VARIANT = "t-variant"
    T_KEY = "t-key"
    T_VALUE = "t-value"
    PRIVATEUSE = "privateuse"
    GRANDFATHERED = "grandfathered"
    INVALID = "invalid"


class Severity(StrEnum):
    """How bad a diagnostic is: an error makes the tag ill-formed or invalid; the rest is advice."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, slots=True)
class Subtag:
    """One subtag as written, with its span in the input (Python indices, end exclusive) and its role."""

    text: str
    start: int
    end: int
    role: Role


@dataclass(frozen=True, slots=True)
class Fix:
    """A correction: a short imperative label and the whole corrected tag."""

    label: str
    tag: str


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem or piece of advice about a span of the input."""

    code: str
    severity: Severity
    start: int
    end: int
    message: str
    fix: Fix | None = None
    section: str = ""  # the section of the standard it rests on (the diagnostics table's), "" when unknown

    def marker(self, text: str, indent: str = "    ") -> str:
        """Return *text* over a line that marks this diagnostic's span with ``~~~^``.

        Text longer than 80 characters is shown as a window of about 80 around the span.

        >>> print(Diagnostic("x", Severity.ERROR, 3, 7, "m").marker("en-Qqqq", ""))
        en-Qqqq
           ~~~^
        """
        start, end = self.start, self.end
        if len(text) > _MARKER_WIDTH:
            # A long input is shown as a window around the span, '…' where cut: output stays
            # proportional to the span, never to the input (a 10 MB line, a hundred problems).
            end = min(end, start + _MARKER_WIDTH // 2)
            a = max(0, start - _MARKER_WIDTH // 4)
            b = min(len(text), max(end, a + _MARKER_WIDTH))
            lead = "…" if a > 0 else ""
            text = lead + text[a:b] + ("…" if b < len(text) else "")
            start, end = start - a + len(lead), end - a + len(lead)
        width = max(end - start, 1)
        return f"{indent}{text}\n{indent}{' ' * start}{'~' * (width - 1)}^"


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a canonicalization: the tag before, the tag after, and why."""

    before: str
    after: str
    reason: str

    def __str__(self) -> str:
        return f"{self.before} -> {self.after}: {self.reason}"


@dataclass(frozen=True, slots=True)
class Canonicalization:
    """A canonical tag with the steps that produced it (empty when the input already was canonical)."""

    tag: str
    steps: tuple[Step, ...] = ()
