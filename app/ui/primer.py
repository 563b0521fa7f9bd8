"""Help > Primer: one page that teaches how a tag is built, every example a link that opens it in the editor.

The text and the examples come from :mod:`..core.primer` (the examples' explanations are the
Examples menu's own, from :mod:`..core.examples`); this dialog only renders them.
"""

from __future__ import annotations

import html
from urllib.parse import quote, unquote

from PySide6.QtCore import QCoreApplication, QUrl, Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from ..core.teaching.primer import INTRO, SECTIONS

__all__ = ["PrimerDialog", "primer_html", "TAG_SCHEME"]

#: The URL scheme of the example links: ``tag:de-CH-1901``.
TAG_SCHEME = "tag"


def primer_html() -> str:
    """Return the primer as one HTML page with ``tag:`` links."""
    heading = QCoreApplication.translate("Primer", "<h2>How a language tag is built</h2>")
    out = [heading, f"<p>{html.escape(_tr(INTRO))}</p>"]
    for section in SECTIONS:  # the core's texts, marked there; the ABNF rules stay as they are
        out.append(f"<h3>{html.escape(_tr(section.title))}</h3>")
        out.extend(f"<p>{html.escape(_tr(p))}</p>" for p in section.paragraphs)
        if section.rule:
            out.append(f"<pre>{html.escape(section.rule)}</pre>")
        if section.examples:
            out.append("<ul>")
            for ex in section.examples:
                href = f"{TAG_SCHEME}:{quote(ex.tag, safe='-')}"
                out.append(
                    f'<li><a href="{href}"><code>{html.escape(ex.tag)}</code></a> — '
                    f"<b>{html.escape(_tr(ex.title))}</b>: {html.escape(_tr(ex.explanation))}</li>"
                )
            out.append("</ul>")
    return "\n".join(out)


class PrimerDialog(QDialog):
    """Show the primer; a click on an example asks for it to be opened in the editor."""

    tag_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Primer: how a language tag is built"))
        self.setObjectName("PrimerDialog")
        self.resize(760, 640)
        self.browser = QTextBrowser()
        self.browser.setAccessibleName(self.tr("Primer"))
        self.browser.setOpenLinks(False)
        self.browser.setHtml(primer_html())
        self.browser.anchorClicked.connect(self._on_browser_anchor_clicked)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        lay = QVBoxLayout(self)
        lay.addWidget(self.browser)
        lay.addWidget(buttons)

    def _on_browser_anchor_clicked(self, url: QUrl) -> None:
        if url.scheme() == TAG_SCHEME:
            self.tag_chosen.emit(unquote(url.toString()[len(TAG_SCHEME) + 1 :]))


def _tr(text: str) -> str:
    """Return *text* of the primer in the UI language."""
    return QCoreApplication.translate("Primer", text)
