"""Issue 25's display leftovers in the Qt UI: quoted tags in diagnostics stay whole in Arabic (left-to-right
isolates, the core's text untouched), dates follow the UI language's QLocale format, the two senses of "Added"
are two catalogue entries, and a Japanese "(&D)" mnemonic leaves no "(D)" in tooltips or the shortcut list."""

from __future__ import annotations

import re
from datetime import date

import pytest
from bcp47_explorer.core.data import bundled_registry
from bcp47_explorer.core.registry.diff import diff_registries
from bcp47_explorer.ui.changes import ChangesDialog
from bcp47_explorer.ui.i18n import install_translations, shown_date, with_isolated_quotes, without_mnemonic
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.settings import Settings
from PySide6.QtCore import QCoreApplication, QDate, QLocale, Qt
from PySide6.QtWidgets import QApplication

from tests.ui.i18n_support import english

#: What a mnemonic "(&D)" leaves when only the '&' is removed.
LEFTOVER = re.compile(r"[(（][A-Za-z0-9][)）]")
LRI, PDI = "\u2066", "\u2069"


@pytest.fixture(autouse=True)
def _english_afterwards(qapp):  # type: ignore[no-untyped-def]
    yield
    english()


def _use(tag: str) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    assert install_translations(app, tag) == tag


def _window(qtbot, registry, settings_path) -> MainWindow:  # type: ignore[no-untyped-def]
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.resize(1180, 780)
    win.show()
    qtbot.waitExposed(win)
    return win


# ----------------------------------------------------------------- (d) mnemonics
def test_a_mnemonic_is_removed_whole_in_every_form() -> None:
    assert without_mnemonic("Buil&d") == "Build"
    assert without_mnemonic("ビルド(&D)") == "ビルド"
    assert without_mnemonic("文件（&F）") == "文件"
    assert without_mnemonic("Tom && Jerry (&T)…") == "Tom & Jerry…"


def test_japanese_tab_tooltips_and_the_shortcut_list_show_no_mnemonic_leftover(qtbot, registry, settings_path) -> None:  # type: ignore[no-untyped-def]
    _use("ja")
    win = _window(qtbot, registry, settings_path)
    titles = [win.tabs.tabText(i) for i in range(win.tabs.count())]
    assert any("(&" in t for t in titles)  # the catalogue writes them the Japanese way: the case is real
    tips = [win.tabs.tabToolTip(i) for i in range(win.tabs.count())]
    assert [t for t in tips if LEFTOVER.search(t)] == []
    assert tips[0] == f"{without_mnemonic(titles[0])} (Ctrl+1)"
    rows = [text for _keys, text in win.shortcut_rows()]
    assert rows and [t for t in rows if LEFTOVER.search(t) or "&" in t] == []


# ----------------------------------------------------------------- (a) quoted tags in Arabic
def test_quoted_tags_in_diagnostics_are_isolated_left_to_right_in_arabic_only(qtbot, registry, settings_path) -> None:  # type: ignore[no-untyped-def]
    _use("ar")
    win = _window(qtbot, registry, settings_path)
    win.show_pane("editor")
    qtbot.keyClicks(win.editor.editor, "en-UK")
    win.editor.flush()
    problems = win.editor.problems.list.model()
    shown = [problems.index(r, 0).data() for r in range(problems.rowCount())]
    assert shown and any(f"{LRI}'UK'{PDI}" in line for line in shown), shown
    assert all(line.count(LRI) == line.count(PDI) for line in shown)
    # The core's message is untouched (the CLI and JSON print it as it is).
    core = win.editor.result().diagnostics
    assert any("'UK'" in d.message for d in core) and not any(LRI in d.message for d in core)
    # A word's apostrophe is no quote.
    assert with_isolated_quotes("the tag's region 'UK'") == f"the tag's region {LRI}'UK'{PDI}"
    english()
    assert with_isolated_quotes("region 'UK'") == "region 'UK'"  # left to right: nothing added


# ----------------------------------------------------------------- (b) dates
def test_dates_follow_the_ui_languages_qlocale_format(qtbot, registry, settings_path) -> None:  # type: ignore[no-untyped-def]
    iso = registry.file_date
    y, m, d = (int(p) for p in iso.split("-"))
    arabic = QLocale("ar").toString(QDate(y, m, d), QLocale.FormatType.ShortFormat)
    assert arabic != iso
    _use("ar")
    assert shown_date(iso) == arabic
    assert shown_date("not a date") == "not a date"
    win = _window(qtbot, registry, settings_path)
    assert arabic in win._status_data.text() and iso not in win._status_data.text()
    win.show_pane("browser")
    assert arabic in win.browser.count_label.text()
    _use("de")
    assert shown_date(iso) == date(y, m, d).strftime("%d.%m.%y")  # QLocale's German short form
    english()
    assert shown_date(iso) == iso  # English keeps the registry's ISO form


# ----------------------------------------------------------------- (c) the two senses of "Added"
def test_added_as_a_kind_of_change_and_added_as_a_date_column_translate_apart(qtbot) -> None:  # type: ignore[no-untyped-def]
    _use("ja")
    registry = bundled_registry()
    dialog = ChangesDialog(diff_registries(registry, registry), "a", "b")
    qtbot.addWidget(dialog)
    kinds = [dialog.kind_combo.itemText(i) for i in range(dialog.kind_combo.count())]
    assert kinds[1] == "追加"  # records added
    assert QCoreApplication.translate("RegistryModel", "Added") == "追加日"  # the column: the date added
    assert dialog.kind_combo.itemData(1) == "added"


def test_the_kind_filter_still_filters_by_keyboard(qtbot) -> None:  # type: ignore[no-untyped-def]
    registry = bundled_registry()
    dialog = ChangesDialog(diff_registries(registry, registry), "a", "b")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.kind_combo.setFocus()
    qtbot.keyClick(dialog.kind_combo, Qt.Key.Key_Down)
    assert dialog.kind_combo.currentData() == "added"
    assert dialog.kind_combo.currentText() == "Added"
