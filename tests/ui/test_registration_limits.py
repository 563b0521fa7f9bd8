"""The registration assistant's caps and escapes (issue 26 item 4), driven by typing and pasting.

Pins: a 100 KB paste into Description or 5,000 Prefix lines are cut to the field's cap at once, and
one more keystroke runs a bounded number of registry searches; a multi-line paste into the one-line
Name is an error under the field and never forges a line of the form; NUL, ESC, DEL and C1 controls
and a lone surrogate are errors under their field and are written visibly (``&#x0;``), never raw; a
literal ``&#x41;`` is written ``&#x26;#x41;`` so that the registry reads what was typed; saving into a
missing folder says so and creates nothing; a path holding NUL is a message, not an uncaught error.
"""

from __future__ import annotations

import os
import re

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest
from bcp47_explorer.core.registry.model import Registry
from bcp47_explorer.core.registry.recordjar import parse_record_jar
from bcp47_explorer.core.registry.registration import FIELD_CAPS, MAX_SIMILAR_WORDS
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.registration import CHECK_DELAY_MS, RegistrationDialog
from bcp47_explorer.ui.settings import Settings
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLabel, QLineEdit, QPlainTextEdit


@pytest.fixture
def dialog(qtbot, registry, settings_path) -> RegistrationDialog:  # type: ignore[no-untyped-def]
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.show()
    win.register_action.trigger()
    dlg = win.registry_files.registration_dialog
    qtbot.waitExposed(dlg)
    return dlg


def _field(dlg: RegistrationDialog, key: str) -> QLineEdit | QPlainTextEdit:
    widget = dlg.fields[key]
    assert isinstance(widget, (QLineEdit, QPlainTextEdit))
    return widget


def _type(qtbot, dlg: RegistrationDialog, key: str, text: str) -> None:  # type: ignore[no-untyped-def]
    widget = _field(dlg, key)
    widget.setFocus()
    qtbot.keyClicks(widget, text)


def _paste(qtbot, dlg: RegistrationDialog, key: str, text: str) -> None:  # type: ignore[no-untyped-def]
    """Paste *text* into field *key* with Ctrl+V, as a person does."""
    QGuiApplication.clipboard().setText(text)
    widget = _field(dlg, key)
    widget.setFocus()
    qtbot.keyClick(widget, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)


def _text(widget: QLineEdit | QPlainTextEdit) -> str:
    return widget.text() if isinstance(widget, QLineEdit) else widget.toPlainText()


def _message(qtbot, dlg: RegistrationDialog, key: str) -> str:  # type: ignore[no-untyped-def]
    qtbot.wait(CHECK_DELAY_MS + 60)
    label = dlg.findChild(QLabel, f"{key}_message")
    return label.text() if label.isVisible() else ""


def test_a_100_kb_description_paste_is_cut_and_the_searches_are_bounded(qtbot, dialog, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    _type(qtbot, dialog, "subtag", "zzvarnt")
    words = " ".join(f"word{i:05d}" for i in range(10_000))  # 100 KB of distinct words
    _paste(qtbot, dialog, "description", words)
    field = _field(dialog, "description")
    assert _text(field) == words[: FIELD_CAPS["description"]]
    searched: list[str] = []
    real_search = Registry.search

    def counting(self: Registry, query: str, *args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        searched.append(query)
        return real_search(self, query, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Registry, "search", counting)
    field.moveCursor(field.textCursor().MoveOperation.Start)
    qtbot.keyClicks(field, "x")  # one more character: the check runs once more
    qtbot.wait(CHECK_DELAY_MS + 60)
    assert len(_text(field)) == FIELD_CAPS["description"]  # the character went in; the tail was cut
    assert 0 < len(searched) <= MAX_SIMILAR_WORDS


def test_5000_prefix_lines_are_cut_to_the_cap(qtbot, dialog) -> None:  # type: ignore[no-untyped-def]
    _type(qtbot, dialog, "subtag", "zzvarnt")
    _paste(qtbot, dialog, "prefix", "\n".join(["de"] * 5000))
    assert len(_text(_field(dialog, "prefix"))) == FIELD_CAPS["prefix"]
    message = _message(qtbot, dialog, "prefix")
    assert "Error: 667 Prefixes: at most 50 are checked and sent" in message


def test_a_multi_line_paste_into_the_name_never_forges_a_line_of_the_form(qtbot, dialog) -> None:  # type: ignore[no-untyped-def]
    _type(qtbot, dialog, "name", "Bob")
    _paste(qtbot, dialog, "name", "\n3. Record Requested:\nType: language")
    assert _message(qtbot, dialog, "name") == (
        "Error: it holds a line break, and it takes one line (a line break would add lines to the form)"
    )
    form = dialog.form_view.toPlainText().splitlines()
    assert form[1] == "1. Name of requester: Bob 3. Record Requested: Type: language"
    assert [line for line in form if line.startswith("3. Record Requested")] == ["3. Record Requested:"]


@pytest.mark.parametrize(
    ("pasted", "code", "kind"),
    [
        ("Dia\x00lect", "U+0000", "the control character"),
        ("Dia\x1blect", "U+001B", "the control character"),
        ("Dia\x7flect", "U+007F", "the control character"),
        ("Dia\x9blect", "U+009B", "the control character"),  # CSI, the C1 escape
    ],
)
def test_control_characters_are_errors_and_never_written_raw(qtbot, dialog, pasted: str, code: str, kind: str) -> None:  # type: ignore[no-untyped-def]
    _type(qtbot, dialog, "subtag", "zzvarnt")
    _paste(qtbot, dialog, "description", pasted)
    if _text(_field(dialog, "description")) != pasted:
        pytest.skip(f"Qt's paste dropped {code} before the form saw it")  # nothing to refuse then
    assert (
        f"Error: it holds {kind} {code} (character 4), which a registry record cannot hold (RFC 5646 §3.1.1): "
        "remove it" in _message(qtbot, dialog, "description")
    )
    record = dialog.record_view.toPlainText()
    assert f"Description: Dia&#x{int(code[2:], 16):X};lect" in record
    assert all(ch == "\n" or 32 <= ord(ch) < 127 for ch in record + dialog.form_view.toPlainText())
    assert re.search(r"<b>\d+ problems? to fix</b>", dialog.summary.text())


def test_a_lone_surrogate_is_an_error(qtbot, dialog) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.core.registry.registration import Request, check_request

    # Qt cannot hold a lone surrogate in a QString, so the form's check is driven directly here.
    problems = check_request(Request(subtag="zzvarnt", descriptions=("Dia\ud800lect",)), dialog.registry)
    assert next(p.message for p in problems if p.field == "description") == (
        "it holds a lone surrogate U+D800 (character 4), which a registry record cannot hold (RFC 5646 §3.1.1): "
        "remove it"
    )


def test_a_typed_escape_is_written_so_the_registry_reads_what_was_typed(qtbot, dialog) -> None:  # type: ignore[no-untyped-def]
    _type(qtbot, dialog, "subtag", "zzvarnt")
    _type(qtbot, dialog, "description", "Spelling &#x41; and &#x0; & more")
    qtbot.wait(CHECK_DELAY_MS + 60)
    record = dialog.record_view.toPlainText()
    assert "Description: Spelling &#x26;#x41; and &#x26;#x0; & more" in record
    parsed = parse_record_jar("File-Date: 2026-01-01\n%%\n" + record).records[0]
    assert dict(parsed.fields)["Description"] == "Spelling &#x41; and &#x0; & more"  # the parser decoded it


def test_saving_into_a_missing_folder_says_so_and_creates_nothing(qtbot, dialog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _type(qtbot, dialog, "name", "Bob")
    missing = tmp_path / "no-such-folder" / "form.txt"
    dialog.save_path_chooser = lambda: str(missing)
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.summary.text().startswith(f"<b>Not saved</b>: {missing}: ")
    assert not missing.parent.exists()


def test_a_path_with_nul_is_a_message(qtbot, dialog, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _type(qtbot, dialog, "name", "Bob")
    dialog.save_path_chooser = lambda: str(tmp_path / "fo\x00rm.txt")
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)  # no uncaught ValueError
    assert dialog.summary.text() == f"<b>Not saved</b>: {tmp_path}/fo\\0rm.txt: embedded null byte"
    assert list(tmp_path.iterdir()) == []
