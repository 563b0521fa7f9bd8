"""PySide6's check of each imported module, answered from the file's bytes (the same answer, a tenth of the cost).

On every import after its own, PySide6 asks whether the module uses PySide6 (for its ``__feature__`` switches
such as ``snake_case``): ``shibokensupport.feature._mod_uses_pyside`` reads the module's source through
``inspect.getsource`` and looks for "PySide6". ``inspect`` scans every loaded module for each call, so the
58 modules the app imports before its window's first paint cost it about 10 ms. :func:`quicken` puts a check in
its place that reads the module's ``.py`` file and looks for the same ASCII bytes (``tests/ui/test_startup_first_paint``
compares the two answers over every loaded module); anything else (no file, not a ``.py`` file, an unreadable
file, a different call) goes to PySide6's own check. Where PySide6 has no such check, nothing is changed.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

__all__ = ["quicken", "uses_pyside"]

_MARK = b"PySide6"


def uses_pyside(module: ModuleType, fallback: Callable[..., bool]) -> bool:
    """Return whether *module*'s source names PySide6, from its ``.py`` file; else ask *fallback* (PySide6's check)."""
    path = getattr(module, "__file__", None)
    if isinstance(path, str) and path.endswith(".py"):
        try:
            with open(path, "rb") as source:
                return _MARK in source.read()
        except OSError:
            pass
    return bool(fallback(module))


def quicken() -> None:
    """Answer PySide6's per-import check with :func:`uses_pyside` (once; only where PySide6 has that check).

    PySide6's own check stays at hand as the new one's ``original``.
    """
    feature = sys.modules.get("shibokensupport.feature")
    original = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or not callable(original) or getattr(original, "_quick", False):
        return

    def check(module: ModuleType, *args: object, **kwargs: object) -> bool:
        if args or kwargs:  # a call this module does not know: PySide6's own check
            return bool(original(module, *args, **kwargs))
        return uses_pyside(module, original)

    check._quick = True  # type: ignore[attr-defined]
    check.original = original  # type: ignore[attr-defined]
    feature._mod_uses_pyside = check  # type: ignore[attr-defined]
