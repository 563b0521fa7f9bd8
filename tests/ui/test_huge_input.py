"""Pins what happens to huge or odd input in the editor and builder: pasted megabytes are cut to
MAX_TEXT with a notice, only the first CHECK_LIMIT characters are checked and coloured (and the notice
says so), no misleading forms are shown for a cut text, and the builder declines such a tag in words."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine.tag import TagEngine
from bcp47_explorer.ui.builder import BuilderPane
from bcp47_explorer.ui.editor import CHECK_LIMIT, EditorPane
from bcp47_explorer.ui.settings import Settings
from bcp47_explorer.ui.state import TagState
from bcp47_explorer.ui.tag_edit import MAX_TEXT, clean_pasted
from PySide6.QtCore import QMimeData


@pytest.fixture(scope="module")
def engine() -> TagEngine:
    return bundled_engine()


@pytest.fixture
def panes(qtbot, tmp_path, engine):  # type: ignore[no-untyped-def]
    state = TagState()
    editor = EditorPane(state, engine, engine.registry, Settings(tmp_path / "s.ini"))
    builder = BuilderPane(state, engine, engine.cldr)
    for w in (editor, builder):
        qtbot.addWidget(w)
        w.resize(900, 600)
    return editor, builder


def _paste(editor: EditorPane, text: str) -> None:
    editor.editor.selectAll()  # the paste replaces the whole text
    mime = QMimeData()
    mime.setText(text)
    editor.editor.insertFromMimeData(mime)
    editor.flush()


def test_a_pasted_megabyte_is_cut_and_said_so(panes) -> None:  # type: ignore[no-untyped-def]
    editor, builder = panes
    _paste(editor, "ab-" * 350_000)
    assert len(editor.text()) == MAX_TEXT
    notice = editor.notice.text()
    assert "1,050,000 characters" in notice and f"kept the first {MAX_TEXT:,}" in notice
    _paste(editor, "de-DE\n" + "x" * 20_000)
    assert editor.text() == "de-DE"
    assert "2 lines; kept the first one (de-DE)" in editor.notice.text()
    _paste(editor, "ab-" * 350_000)
    assert f"only the first {CHECK_LIMIT:,} are checked" in notice
    # The check ran on the first CHECK_LIMIT characters only, and nothing pretends to be the tag's form.
    assert editor.result().input == editor.text()[:CHECK_LIMIT]
    assert editor.form("canonical") is None and editor.form("unicode") is None
    assert f"up to {1_000:,} characters" in builder.messages.item(0).text()


def test_colours_stop_at_the_check_limit(panes) -> None:  # type: ignore[no-untyped-def]
    editor, _ = panes
    editor.set_text("en-" + "-".join(["abcde"] * 400))  # well over CHECK_LIMIT, under MAX_TEXT
    layout = editor.editor.document().firstBlock().layout()
    painted_end = max(r.start + r.length for r in layout.formats())
    assert painted_end <= CHECK_LIMIT
    assert painted_end > CHECK_LIMIT - 10


def test_odd_strings_never_break_the_panes(panes) -> None:  # type: ignore[no-untyped-def]
    editor, builder = panes
    for text in ["\x00", "\ud800", "🏳️‍🌈-en", "en\u200b-US", "-", "--", "x", "İstanbul", "en-" * 300, "   "]:
        editor.set_text(text)
        editor.flush()
        assert editor.status.text()  # a status line for every input
        if editor.text().strip():
            # The builder has followed the tag and says something about it (problems, or that it is fine).
            assert builder.messages.count() > 0, text


def test_pasting_into_text_keeps_the_whole_within_the_limit(panes) -> None:  # type: ignore[no-untyped-def]
    editor, _ = panes
    editor.set_text("en-")
    editor.editor.moveCursor(editor.editor.textCursor().MoveOperation.End)
    mime = QMimeData()
    mime.setText("x" * MAX_TEXT)
    editor.editor.insertFromMimeData(mime)
    editor.flush()
    assert len(editor.text()) == MAX_TEXT and editor.text().startswith("en-x")
    assert f"at most {MAX_TEXT:,} characters" in editor.notice.text()


def test_clean_pasted_keeps_short_text_whole() -> None:
    assert clean_pasted("en-US") == ("en-US", None)
    text, note = clean_pasted("x" * (MAX_TEXT + 5))
    assert len(text) == MAX_TEXT and note is not None
