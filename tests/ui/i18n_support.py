"""Helpers of the translation tests (issue 25): a pseudo-translation and the visible texts of a widget tree.

``pseudo_language()`` puts a catalogue in place that answers every message with ``⟦message⟧`` (the core's
``_()`` and Qt's ``tr()`` alike), so a visible text without the marks did not go through the catalogue.
"""

from __future__ import annotations

import gettext
import re
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

OPEN, CLOSE = "⟦", "⟧"


class PseudoTranslations(gettext.NullTranslations):
    """Answer every message with itself between ⟦ ⟧ (plural and context forms too)."""

    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"{OPEN}{msgid1 if n == 1 else msgid2}{CLOSE}"

    def pgettext(self, context: str, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


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


#: A tag, subtag, code or number on its own (no spaces): never translated.
_CODE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:/+=-]*$")  # "=": a key sequence such as Ctrl+=
#: A word a person reads: two letters or more.
# A tag as the Examples menu shows its traps: joined by - or _, letters of any script (zh-普通话, tr-Latı).
_TAG_LIKE = re.compile(r"^\w+(?:[-_]\w+)+$")
_STANDARD = re.compile(r"\b(?:BCP|RFC|UTS|ISO|CLDR) ?#?[0-9][0-9.-]*")
#: Proper names read as they are in every language, also inside a sentence.
PROPER_NAMES = ("BCP 47 Explorer", "Unicode CLDR", "Unicode, Inc.")
_WORD = re.compile(r"[A-Za-z]{2,}")
#: A single word that is a code: a script code (Latn), an upper-case code (US, OK aside), a lower-case subtag.
_CODE_WORD = re.compile(r"^(?:[A-Z][a-z]{3}|[A-Z0-9]{1,4}|[a-z0-9]+)$")


def needs_translation(text: str) -> bool:
    """Tell whether *text* shown to a person has English words outside ⟦ ⟧ (tags, codes and numbers aside).

    Two words or more outside the marks are a phrase; one word needs translation when it is not code-like
    (``Light``, ``Colours:``; not ``en``, ``Latn``, ``US`` or ``en-Latn-US``).
    """
    rest, inner = text.replace("&", ""), re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
    for name in PROPER_NAMES:  # names stay as they are inside any sentence
        rest = rest.replace(name, " ")
    rest = _STANDARD.sub(" ", rest)  # standards are cited as written: "RFC 5646", "BCP 47", "UTS #35"
    while inner.search(rest):  # innermost first: a template's field may itself be translated (⟦⟦Open⟧ (Ctrl+O)⟧)
        rest = inner.sub(" ", rest)
    pieces = [p.strip(".,;:!?()[]\"'«»“”…") for p in rest.split()]
    pieces = [p for p in pieces if p and not (_CODE.match(p) and not p.isalpha()) and not _TAG_LIKE.match(p)]
    words = [p for p in pieces if _WORD.search(p)]
    if len(words) >= 2:
        return True
    return len(words) == 1 and not _CODE_WORD.match(words[0])


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
