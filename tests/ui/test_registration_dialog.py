"""The registration assistant, driven as a person drives it: menu action, typing into fields, clicking buttons.

Pins: refused requests (colliding, ill-formed, ISO 639-shaped language; variant without a valid Prefix) show
their message in the label right under the field; a valid variant request says "Ready", and its record
(read from the Record tab) re-parses and stays within 72 columns; Save writes the form; the preview checks
a tag using the new variant as valid; "Show in browser" puts the requested record in the browser's details.
"""

from __future__ import annotations

import os
import re

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest
from bcp47_explorer.core.registry.recordjar import parse_record_jar
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.registration import CHECK_DELAY_MS, RegistrationDialog
from bcp47_explorer.ui.settings import Settings
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QPlainTextEdit, QVBoxLayout, QWidget


@pytest.fixture
def window(qtbot, registry, settings_path) -> MainWindow:  # type: ignore[no-untyped-def]
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.show()
    return win


@pytest.fixture
def dialog(qtbot, window) -> RegistrationDialog:  # type: ignore[no-untyped-def]
    window.register_action.trigger()
    dlg = window.registry_files.registration_dialog
    qtbot.waitExposed(dlg)
    return dlg


def _type(qtbot, dlg: RegistrationDialog, key: str, text: str) -> None:  # type: ignore[no-untyped-def]
    widget = dlg.findChild(QWidget, f"{key}_field")
    assert isinstance(widget, (QLineEdit, QPlainTextEdit)) and widget is dlg.fields[key]
    widget.setFocus()
    qtbot.keyClicks(widget, text)


def _choose_type(qtbot, dlg: RegistrationDialog, type_: str) -> None:  # type: ignore[no-untyped-def]
    combo = dlg.findChild(QComboBox, "type_field")
    combo.setFocus()
    while combo.currentData() != type_:
        qtbot.keyClick(combo, Qt.Key.Key_Down)


def _message_next_to(dlg: RegistrationDialog, key: str, qtbot) -> str:  # type: ignore[no-untyped-def]
    qtbot.wait(CHECK_DELAY_MS + 60)
    label = dlg.findChild(QLabel, f"{key}_message")
    field = dlg.fields[key]
    # The message is the item right under its field in the field's own column of the form (checked in
    # the layout, not in pixels: a large UI font squeezes the form, and the order is what matters).
    assert label.isVisible() == bool(label.text())
    if label.isVisible():
        assert label.parentWidget() is field.parentWidget()
        columns = [c for c in dlg.findChildren(QVBoxLayout) if c.indexOf(field) >= 0]
        assert len(columns) == 1 and columns[0].indexOf(label) == columns[0].indexOf(field) + 1
    return label.text() if label.isVisible() else ""


def _fill_person(qtbot, dlg: RegistrationDialog) -> None:  # type: ignore[no-untyped-def]
    _type(qtbot, dlg, "name", "A. Linguist")
    _type(qtbot, dlg, "email", "linguist@example.org")
    _type(qtbot, dlg, "meaning", "The spelling used by one school")
    _type(qtbot, dlg, "reference", "A grammar, 2020")


@pytest.mark.parametrize(
    ("subtag", "expected"),
    [
        ("fr", "already registered: language 'fr'"),
        ("zzq", "shape of an ISO 639 code"),
        ("zz9", "not a language subtag"),
        ("abcd", "reserved"),
    ],
)
def test_language_requests_are_refused_at_the_subtag_field(qtbot, dialog, subtag: str, expected: str) -> None:  # type: ignore[no-untyped-def]
    _fill_person(qtbot, dialog)
    _choose_type(qtbot, dialog, "language")
    _type(qtbot, dialog, "subtag", subtag)
    _type(qtbot, dialog, "description", "A language")
    message = _message_next_to(dialog, "subtag", qtbot)
    assert message.startswith("Error: ") and expected in message
    assert re.search(r"<b>1 problem to fix</b>|<b>\d+ problems to fix</b>", dialog.summary.text())


def test_a_variant_without_a_valid_prefix_is_refused_at_the_prefix_field(qtbot, dialog) -> None:  # type: ignore[no-untyped-def]
    _fill_person(qtbot, dialog)
    _type(qtbot, dialog, "subtag", "zzvarnt")
    _type(qtbot, dialog, "description", "School spelling")
    assert "give at least one Prefix" in _message_next_to(dialog, "prefix", qtbot)
    _type(qtbot, dialog, "prefix", "xx-QQ")
    assert "'xx-QQ' is not a valid language tag" in _message_next_to(dialog, "prefix", qtbot)
    assert _message_next_to(dialog, "subtag", qtbot) == ""


def test_a_colliding_variant_is_refused(qtbot, dialog) -> None:  # type: ignore[no-untyped-def]
    _type(qtbot, dialog, "subtag", "rozaj")
    assert "already registered: variant 'rozaj'" in _message_next_to(dialog, "subtag", qtbot)


def test_a_valid_variant_request_is_ready_and_its_record_folds_at_72(qtbot, dialog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _fill_person(qtbot, dialog)
    _type(qtbot, dialog, "subtag", "zzvarnt")
    _type(qtbot, dialog, "description", "Orthography of the Zzyzx school")
    _type(qtbot, dialog, "prefix", "de")
    long_comment = (
        "Romanizations recommended by the American Library Association and the Library of Congress, in "
        '"ALA-LC Romanization Tables: Transliteration Schemes for Non-Roman Scripts" (1997), ISBN 978-0-8444-0940-5.'
    )
    _type(qtbot, dialog, "comments", long_comment)
    qtbot.wait(CHECK_DELAY_MS + 60)
    assert "Ready to send" in dialog.summary.text()
    assert all(_message_next_to(dialog, k, qtbot) == "" for k in ("subtag", "prefix", "description"))
    record = dialog.record_view.toPlainText()
    assert all(len(line) <= 72 for line in record.splitlines())
    assert record.splitlines()[-4:] == [
        "Comments: Romanizations recommended by the American Library Association",
        '  and the Library of Congress, in "ALA-LC Romanization Tables:',
        '  Transliteration Schemes for Non-Roman Scripts" (1997), ISBN',
        "  978-0-8444-0940-5.",
    ]  # line for line as the registry folds alalc97's Comments
    parsed = parse_record_jar("File-Date: 2026-01-01\n%%\n" + record).records[0]
    assert parsed.fields == (("Type", "variant"), ("Subtag", "zzvarnt"),
                             ("Description", "Orthography of the Zzyzx school"), ("Prefix", "de"),
                             ("Comments", long_comment))  # fmt: skip
    tabs = dialog.outputs.tabBar()
    qtbot.mouseClick(tabs, Qt.MouseButton.LeftButton, pos=tabs.tabRect(2).center())  # "Tags using it"
    assert dialog.outputs.currentWidget() is dialog.preview_view
    lines = dialog.preview_view.toPlainText().splitlines()
    assert lines[lines.index("de-zzvarnt") + 1] == "valid"  # valid once registered (it is not today)
    assert not dialog._base().is_valid("de-zzvarnt")
    qtbot.mouseClick(dialog.copy_record_button, Qt.MouseButton.LeftButton)
    from PySide6.QtGui import QGuiApplication

    assert QGuiApplication.clipboard().text() == record
    qtbot.mouseClick(dialog.copy_form_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text().startswith("LANGUAGE SUBTAG REGISTRATION FORM\n")
    target = tmp_path / "form.txt"
    dialog.save_path_chooser = lambda: str(target)
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    saved = target.read_text(encoding="utf-8")
    assert saved.startswith("LANGUAGE SUBTAG REGISTRATION FORM\n1. Name of requester: A. Linguist\n")
    assert "   Subtag: zzvarnt\n" in saved and "Saved to" in dialog.summary.text()


def test_show_in_browser_previews_the_requested_record(qtbot, window, dialog) -> None:  # type: ignore[no-untyped-def]
    _type(qtbot, dialog, "subtag", "zzvarnt")
    _type(qtbot, dialog, "description", "Orthography of the Zzyzx school")
    _type(qtbot, dialog, "prefix", "de")
    qtbot.mouseClick(dialog.preview_button, Qt.MouseButton.LeftButton)
    text = window.browser.details.toPlainText()
    assert "Preview of a requested record" in text and "zzvarnt" in text and "Orthography of the Zzyzx school" in text
    assert window.tabs.currentWidget() is window.browser


def test_the_browser_opens_the_assistant_for_a_variant_of_a_language(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    browser = window.browser
    window.tabs.setCurrentWidget(browser)
    assert browser.show_record("language", "sl")
    cursor = browser.details.document().find("Request a new variant for this language")
    assert not cursor.isNull()
    rect = browser.details.cursorRect(cursor)
    from PySide6.QtCore import QPoint

    qtbot.mouseClick(
        browser.details.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(rect.left() - 20, rect.center().y())
    )
    dialog = window.registry_files.registration_dialog
    qtbot.waitExposed(dialog)
    assert dialog.request().type == "variant" and dialog.request().prefixes == ("sl",)
