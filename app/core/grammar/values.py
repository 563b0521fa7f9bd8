"""The values the tag engine hands out: roles, severities, subtags, diagnostics, fixes and steps.

``Severity``, ``Fix`` and ``Diagnostic`` (an alias of ``Problem``) come from :mod:`.problems`, the one
problem type of every checker.

They live apart from :mod:`.tag` so the parser, the advice and the canonicalizer can use them
without importing the engine; :mod:`.tag` re-exports every name.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .problems import Fix, Problem, Severity

__all__ = ["Role", "Severity", "Subtag", "Fix", "Diagnostic", "Problem", "Step", "Canonicalization"]

#: The tag engine's name for :class:`~.problems.Problem` (the one problem type), kept because some
#: 70 places in the engine, the UI and the tests say "diagnostic"; the one alias.
Diagnostic = Problem


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


@dataclass(frozen=True, slots=True)
class Subtag:
    """One subtag as written, with its span in the input (Python indices, end exclusive) and its role."""

    text: str
    start: int
    end: int
    role: Role


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
