"""PySide6's per-import check answered from the files' bytes (ui/pyside_imports.py): the same answer as PySide6's
own ``inspect.getsource`` check, for every module loaded in a process that has made the app's window."""

from __future__ import annotations

import sys

import pytest


def _pyside_check():  # type: ignore[no-untyped-def]
    feature = sys.modules.get("shibokensupport.feature")
    check = getattr(feature, "_mod_uses_pyside", None)
    if check is None:
        pytest.skip("this PySide6 has no per-import check")
    return feature, getattr(check, "original", check)


def test_the_quick_check_gives_pysides_answer_for_every_loaded_module(qtbot, registry, settings_path) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.ui.main_window import MainWindow
    from bcp47_explorer.ui.pyside_imports import uses_pyside
    from bcp47_explorer.ui.settings import Settings

    win = MainWindow(registry, Settings(settings_path))  # the app's modules and the stdlib's they use, loaded
    qtbot.addWidget(win)
    _feature, original = _pyside_check()
    modules = [m for m in list(sys.modules.values()) if m is not None]
    assert len(modules) > 300
    mine = {m.__name__: uses_pyside(m, original) for m in modules}
    theirs = {m.__name__: bool(original(m)) for m in modules}
    assert mine == theirs
    assert mine["bcp47_explorer.ui.main_window"] is True and mine["bcp47_explorer.core.data"] is False
    assert mine["sys"] is False and mine["json"] is False  # a built-in module, a stdlib module


def test_quicken_puts_the_quick_check_in_place_once(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.ui.pyside_imports import quicken

    feature, original = _pyside_check()
    monkeypatch.setattr(feature, "_mod_uses_pyside", original)
    quicken()
    quick = feature._mod_uses_pyside
    assert quick is not original and quick.original is original
    quicken()
    assert feature._mod_uses_pyside is quick  # not wrapped twice
    import json

    import bcp47_explorer.ui.elided as elided

    assert quick(elided) is True and quick(json) is False and quick(sys) is False
