"""The Build pane's "Start from…" field: what a person has (a code, a locale string, a name) → the repaired tag.

Enter repairs the text with the one repair (``core.build.repair``, as ``bcp47 repair`` does) and the pane puts
the tag into its steps; the box shows where the tag came from, the steps, the alternatives (each a link that
uses it instead) and the notes. Names (``Deutsch``, ``Latin American Spanish``) need the name index, which the
pane hands in once its worker has built it; until then codes, platforms' strings and slips are repaired.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QLineEdit, QWidget

from ..core.build.repair import Repair, Repairer
from ..core.text.said import shown
from . import a11y
from .bounded import SEARCH_MAX, bound
from .i18n import ltr_if_rtl as ltr

__all__ = ["StartFromBox"]


class StartFromBox(QWidget):
    """A field that repairs what a user has into a tag, and what the repair says about it."""

    tag_chosen = Signal(str)  # the repaired tag (Enter) or an alternative (a click on its link)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._repairer: Repairer | None = None
        self._names = False  # the repairer looks names up (the name index is loaded)
        self._repair: Repair | None = None
        self.edit = QLineEdit(self)
        bound(self.edit, SEARCH_MAX)
        self.edit.setClearButtonEnabled(True)
        self.edit.setPlaceholderText(
            self.tr("what you have: a code, a locale string or a name (ron-RO, de_DE.UTF-8, Deutsch…); Enter")
        )
        self.edit.setAccessibleName(self.tr("Start from what you have"))
        self.edit.setToolTip(
            self.tr(
                "Type or paste an ISO 639 code, a POSIX, Java, Android, Windows or Apple locale string, a "
                "language's name or a tag with slips, and press Enter: the repaired tag fills the steps below"
            )
        )
        self.edit.returnPressed.connect(self._on_edit_return_pressed)
        label = a11y.buddy(QLabel(self.tr("&Start from:"), self), self.edit)
        self.report = a11y.VerdictLabel(self)
        self.report.setWordWrap(True)
        self.report.setTextFormat(Qt.TextFormat.RichText)  # the alternatives are links; all else is escaped
        self.report.setTextInteractionFlags(
            Qt.TextInteractionFlag.LinksAccessibleByMouse | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
        )
        a11y.verdict(self.report, self.tr("What the repair found"))
        self.report.linkActivated.connect(self._on_report_link_activated)
        self.report.hide()
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(label, 0, 0)
        grid.addWidget(self.edit, 0, 1)
        grid.addWidget(self.report, 1, 0, 1, 2)
        grid.setColumnStretch(1, 1)

    def set_repairer(self, repairer: Repairer | None, *, names: bool) -> None:
        """Use *repairer* from now on; *names* says whether it looks names up (the name index is loaded)."""
        self._repairer = repairer
        self._names = names

    def repair(self) -> Repair | None:
        """Return the last repair shown (None before the first Enter)."""
        return self._repair

    def start_from(self, text: str) -> str | None:
        """Repair *text*, show what the repair says, and return the tag (None when nothing fits)."""
        if not text.strip():
            self._repair = None
            self.report.hide()
            return None
        if self._repairer is None:
            self._repair = None
            self._show(self.tr("The repair needs CLDR's supplemental data, which could not be loaded."))
            return None
        self._repair = r = self._repairer.repair(text)
        esc = html.escape
        quoted = esc(ltr(r.input.strip()))
        if r.tag is not None:
            lines = [self.tr("<b>{input}</b> → <b>{tag}</b>").format(input=quoted, tag=esc(ltr(r.tag)))]
        else:
            lines = [self.tr("Nothing fits <b>{input}</b>.").format(input=quoted)]
        lines.append(self.tr("Source: {source}").format(source=esc(shown(r.source))))
        lines += [self.tr("Step: {step}").format(step=esc(shown(s))) for s in r.steps]
        for a in r.alternatives:
            link = f"<a href='{esc(a.tag, quote=True)}'>{esc(ltr(a.tag))}</a>"
            lines.append(self.tr("Alternative: {tag} ({reason})").format(tag=link, reason=esc(shown(a.reason))))
        lines += [self.tr("Note: {note}").format(note=esc(shown(n))) for n in r.notes]
        if r.tag is None and not self._names:
            lines.append(self.tr("Names are looked up once the name index has loaded: try again in a moment."))
        self._show("<br>".join(lines))
        if r.tag is not None:
            self.tag_chosen.emit(r.tag)
        return r.tag

    def _show(self, text: str) -> None:
        a11y.show(self.report, text)
        self.report.show()

    def _on_edit_return_pressed(self) -> None:
        self.start_from(self.edit.text())

    def _on_report_link_activated(self, tag: str) -> None:
        self.tag_chosen.emit(tag)
