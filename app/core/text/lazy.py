"""Regular expressions compiled when first used, not when their module is imported.

``re.compile`` runs the pattern compiler in Python (tens of microseconds a pattern): a module whose
patterns serve only some inputs (a platform's locale shape, a pasted LDML id, a repair's separators)
would make every ``bcp47 check`` pay for them at start-up. ``tests/core/test_repair_start.py`` runs
a fresh ``check --json -`` and fails if a shape's pattern is compiled for nothing.

>>> letters = lazy_pattern(r"[a-z]+")
>>> letters().fullmatch("abc") is not None, letters() is letters()
(True, True)
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["lazy_pattern"]


def lazy_pattern(pattern: str, flags: int = 0) -> Callable[[], re.Pattern[str]]:
    """Return a function that gives *pattern* compiled with *flags*, compiling it on its first call only."""
    compiled: list[re.Pattern[str]] = []

    def get() -> re.Pattern[str]:
        if not compiled:
            compiled.append(re.compile(pattern, flags))
        return compiled[0]

    return get
