"""Helpers of the translation tests (issue 25): a pseudo-translation and the visible texts of a widget tree.

``pseudo_language()`` puts a catalogue in place that answers every message with ``⟦message⟧`` (the core's
``_()`` and Qt's ``tr()`` alike), so a visible text without the marks did not go through the catalogue.
"""

from __future__ import annotations

from collections.abc import Iterator

from bcp47_explorer.core.text.catalogue import set_language, use_translations
from bcp47_explorer.ui.i18n import install_translations
from PySide6 import QtGui
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QTextDocumentFragment
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QTabWidget,
    QWidget,
)

from tests.i18n_pseudo import CLOSE, OPEN, PseudoTranslations, needs_translation

__all__ = ["CLOSE", "OPEN", "PseudoTranslations", "english", "needs_translation", "pseudo_language", "untranslated"]


def pseudo_language() -> None:
    """Install the pseudo-translation in the core and in Qt (left to right, like English)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    install_translations(app, "en")
    use_translations(PseudoTranslations(), "en-x-pseudo")


def english() -> None:
    """Put the source language back in the core and in Qt."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    install_translations(app, "en")
    set_language("en")


def visible_texts(root: QWidget) -> Iterator[tuple[str, str]]:
    """Yield (where, text) for every text a person reads or hears in *root*'s widget tree and menus."""
    widgets = [root, *root.findChildren(QWidget)]
    for w in widgets:
        where = f"{type(w).__name__}:{w.objectName() or w.accessibleName() or ''}"
        yield where + " tooltip", w.toolTip()
        yield where + " accessible name", w.accessibleName()
        yield where + " accessible description", w.accessibleDescription()
        if w.isWindow():
            yield where + " title", w.windowTitle()
        if isinstance(w, QLabel) and w.textFormat() != Qt.TextFormat.RichText:
            text = w.text()
            if QtGui.Qt.mightBeRichText(text):  # read as a person sees it: the words, not the markup
                text = QTextDocumentFragment.fromHtml(text).toPlainText()
            yield where + " text", text
        if isinstance(w, QAbstractButton):
            yield where + " text", w.text()
        if isinstance(w, QLineEdit):
            yield where + " placeholder", w.placeholderText()
        if isinstance(w, QGroupBox):
            yield where + " title", w.title()
        if isinstance(w, QMenu):
            yield where + " title", w.title()
        if isinstance(w, QTabWidget):
            for i in range(w.count()):
                yield f"{where} tab {i}", w.tabText(i)
                yield f"{where} tab {i} tooltip", w.tabToolTip(i)
        if isinstance(w, QComboBox) and not w.isEditable():
            for i in range(w.count()):
                yield f"{where} item {i}", w.itemText(i)
        if isinstance(w, QAbstractItemView) and w.model() is not None:
            model = w.model()
            try:
                columns = model.columnCount(QModelIndex())
            except TypeError:  # a list model: no header
                columns = 0
            for col in range(columns):
                yield f"{where} header {col}", str(model.headerData(col, Qt.Orientation.Horizontal) or "")
        for action in w.actions():
            yield f"{where} action", action.text()
            yield f"{where} action tip", action.toolTip() if action.toolTip() != action.text().replace("&", "") else ""
            yield f"{where} action status", action.statusTip()


#: Texts shown as they are in every language (names; add here only what a translator must not change).
NOT_TRANSLATED = frozenset({"BCP 47 Explorer"})


def untranslated(root: QWidget) -> list[str]:
    """Return every visible text in *root* that did not go through the catalogue, as 'where: text'."""
    seen: set[str] = set()
    out = []
    for where, text in visible_texts(root):
        if text and text not in NOT_TRANSLATED and needs_translation(text) and where + text not in seen:
            seen.add(where + text)
            out.append(f"{where}: {text!r}")
    return out
