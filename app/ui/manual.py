"""Help > Manual (F1): the README and the primer in one searchable window, with the keyboard shortcuts.

The README is the user manual; it is read from the source checkout or an installed copy beside the package.
When neither is there (a wheel without it), the manual says so and keeps the primer and the shortcuts.
"""

from __future__ import annotations

import html
import importlib.metadata
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QKeySequence, QShortcut, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ..core.text.catalogue import ngettext
from ..core.text.formats import format_number
from . import a11y
from .about import HOMEPAGE_URL
from .primer import primer_html

__all__ = ["ManualDialog", "manual_readme", "README_PLACES"]

_HERE = Path(__file__).resolve().parent
#: Where the README is looked for: the source checkout, then a copy installed with the resources.
README_PLACES = (_HERE.parent.parent / "README.md", _HERE.parent / "resources" / "README.md")


#: The distribution whose metadata carries the README as its long description (pyproject's ``readme``).
DISTRIBUTION = "bcp47-explorer"


def manual_readme() -> str | None:
    """Return the README's Markdown, or None when no copy is installed.

    A source checkout reads README.md itself; an installed wheel has it as its metadata's description
    (pyproject's ``readme = "README.md"``), so the installed app's manual is the README of its own release.
    """
    for place in README_PLACES:
        try:
            return place.read_text(encoding="utf-8")
        except OSError:
            continue
    try:
        meta = importlib.metadata.metadata(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return None
    payload = getattr(meta, "get_payload", None)  # the description is the message's body (metadata 2.1+)
    body = payload() if callable(payload) else None
    if not isinstance(body, str) or not body.strip():
        body = next(iter(meta.get_all("Description") or []), None)  # or, in older metadata, a header
    return body if isinstance(body, str) and body.strip() else None


class ManualDialog(QDialog):
    """The manual: README, keyboard shortcuts and primer, with Find (Enter: next, Shift+Enter: previous)."""

    def __init__(self, shortcuts_html: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("BCP 47 Explorer manual"))
        self.resize(900, 700)
        self.find_edit = QLineEdit(self)
        self.find_edit.setPlaceholderText(self.tr("Find in the manual…"))
        self.find_edit.setClearButtonEnabled(True)
        a11y.describe(
            self.find_edit,
            self.tr("Find in the manual"),
            self.tr("Type words to find; Enter finds the next, Shift+Enter the previous"),
        )
        find_label = a11y.buddy(QLabel(self.tr("&Find:"), self), self.find_edit)
        self.previous_button = QPushButton(self.tr("&Previous"), self)
        self.next_button = QPushButton(self.tr("&Next"), self)
        a11y.describe(self.previous_button, self.tr("Previous match"), self.tr("Find the previous match (Shift+Enter)"))
        a11y.describe(self.next_button, self.tr("Next match"), self.tr("Find the next match (Enter)"))
        self.count_label = a11y.VerdictLabel(self)
        a11y.verdict(self.count_label, self.tr("Matches"))
        self.view = QTextBrowser(self)
        self.view.setOpenExternalLinks(True)
        self.view.setTabChangesFocus(True)
        a11y.describe(self.view, self.tr("Manual"), self.tr("The README, the keyboard shortcuts and the primer"))
        self.view.setHtml(self._html(shortcuts_html))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        for w in (find_label, self.find_edit, self.previous_button, self.next_button, self.count_label):
            row.addWidget(w, 1 if w is self.find_edit else 0)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.view, 1)
        layout.addWidget(buttons)
        self.find_edit.textChanged.connect(self._on_find_edit_text_changed)
        self.find_edit.returnPressed.connect(self.find_next)
        QShortcut(QKeySequence("Shift+Return"), self.find_edit, self.find_previous,
                  context=Qt.ShortcutContext.WidgetShortcut)  # fmt: skip
        self.next_button.clicked.connect(self.find_next)
        self.previous_button.clicked.connect(self.find_previous)
        self.find_edit.setFocus()

    @staticmethod
    def _html(shortcuts_html: str) -> str:
        readme = manual_readme()
        doc = QTextDocument()
        if readme is not None:
            doc.setMarkdown(readme)
            body = doc.toHtml()
            start, end = body.find("<body"), body.rfind("</body>")
            body = body[body.find(">", start) + 1 : end] if start >= 0 and end > start else body
        else:
            link = f'<a href="{html.escape(HOMEPAGE_URL)}">{html.escape(HOMEPAGE_URL)}</a>'
            body = QCoreApplication.translate(
                "ManualDialog",
                "<p>The full manual (the README) is not installed with this copy; read it at {link}.</p>",
            ).format(link=link)
        heading = QCoreApplication.translate("ManualDialog", "<h2>Keyboard shortcuts</h2>")
        return f"{body}{heading}{shortcuts_html}<hr>{primer_html()}"

    def text(self) -> str:
        """Return the manual's plain text."""
        return self.view.toPlainText()

    def matches(self, words: str) -> int:
        """Return how many times *words* occur in the manual (case ignored)."""
        if not words:
            return 0
        return self.text().casefold().count(words.casefold())

    def find_next(self) -> bool:
        """Select the next match of the search text (wrapping round); return whether there is one."""
        return self._find(QTextDocument.FindFlag(0))

    def find_previous(self) -> bool:
        """Select the previous match of the search text (wrapping round); return whether there is one."""
        return self._find(QTextDocument.FindFlag.FindBackward)

    def _find(self, flags: QTextDocument.FindFlag) -> bool:
        words = self.find_edit.text()
        if not words:
            return False
        if self.view.find(words, flags):
            return True
        cursor = self.view.textCursor()  # wrap round to the other end and try once more
        cursor.movePosition(
            QTextCursor.MoveOperation.End
            if flags & QTextDocument.FindFlag.FindBackward
            else QTextCursor.MoveOperation.Start
        )
        self.view.setTextCursor(cursor)
        return self.view.find(words, flags)

    def _on_find_edit_text_changed(self, words: str) -> None:
        n = self.matches(words)
        found = ngettext("{count} found", "{count} found", n).format(count=format_number(n))
        a11y.show(self.count_label, "" if not words else (found if n else self.tr("not found")))
        cursor = self.view.textCursor()
        cursor.movePosition(QTextCursor.MoveOperation.Start)
        self.view.setTextCursor(cursor)
        if words:
            self.find_next()
