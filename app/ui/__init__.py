"""Qt widgets and models of BCP 47 Explorer."""

from __future__ import annotations

import sys


def _keep_singletons_alive() -> None:
    """Make the reference counts of None, True and False unreachable for builds that drop references.

    PySide6 6.12 under CPython 3.11 returns None from every void method (QLabel.setText, ...) without
    taking a reference (and loses references to True/False in some overrides); after some 50,000 calls
    the count reaches zero and the interpreter aborts ("Fatal Python error: none_dealloc"). CPython 3.12+
    makes these objects immortal, so this only runs before it.
    """
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return
    import ctypes

    for obj in (None, True, False):
        ctypes.c_ssize_t.from_address(id(obj)).value += 1 << 40


_keep_singletons_alive()
