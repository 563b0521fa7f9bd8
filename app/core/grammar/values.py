"""The values the tag engine hands out: roles, severities, subtags, diagnostics, fixes and steps.

``Severity``, ``Fix`` and ``Diagnostic`` (an alias of ``Problem``) come from :mod:`.problems`, the one
problem type of every checker.

They live apart from :mod:`.tag` so the parser, the advice and the canonicalizer can use them
without importing the engine; :mod:`.tag` re-exports every name.
"""

from __future__ import annotations

from enum import StrEnum
from operator import attrgetter

from ..text.frozen import Frozen, _set
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


class Subtag(Frozen):
    """One subtag as written, with its span in the input (Python indices, end exclusive) and its role."""

    __slots__ = __match_args__ = ("text", "start", "end", "role")
    _compared = attrgetter(*__match_args__)

    text: str
    start: int
    end: int
    role: Role

    def __init__(self, text: str, start: int, end: int, role: Role) -> None:
        _set(self, "text", text)
        _set(self, "start", start)
        _set(self, "end", end)
        _set(self, "role", role)


class Step(Frozen):
    """One step of a canonicalization: the tag before, the tag after, and why."""

    __slots__ = __match_args__ = ("before", "after", "reason")
    _compared = attrgetter(*__match_args__)

    before: str
    after: str
    reason: str

    def __init__(self, before: str, after: str, reason: str) -> None:
        _set(self, "before", before)
        _set(self, "after", after)
        _set(self, "reason", reason)

    def __str__(self) -> str:
        return f"{self.before} -> {self.after}: {self.reason}"


class Canonicalization(Frozen):
    """A canonical tag with the steps that produced it (empty when the input already was canonical)."""

    __slots__ = __match_args__ = ("tag", "steps")
    _compared = attrgetter(*__match_args__)

    tag: str
    steps: tuple[Step, ...]

    def __init__(self, tag: str, steps: tuple[Step, ...] = ()) -> None:
        _set(self, "tag", tag)
        _set(self, "steps", steps)
