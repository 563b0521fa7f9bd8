"""What assistive technology gets: names, descriptions, buddies and polite announcements.

A label's accessible name *replaces* its visible text for a screen reader, so a label that shows a
verdict, a count or a notice keeps no accessible name of its own: its name is what it shows, and its
description says what it is ("Tag status"). Changes of such text are announced politely, once typing
pauses (:data:`ANNOUNCE_DEBOUNCE_MS`), with ``QAccessibleAnnouncementEvent``; the :data:`announcer`'s
``announced`` signal lets tests (and a log) see what a screen reader was told.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QAccessible, QTextDocumentFragment
from PySide6.QtWidgets import QLabel, QWidget

__all__ = [
    "ANNOUNCE_DEBOUNCE_MS",
    "Announcer",
    "announcer",
    "buddy",
    "describe",
    "plain",
    "show",
    "verdict",
]

#: Quiet time after the last change before a change is announced: typing a tag must not chatter.
ANNOUNCE_DEBOUNCE_MS = 600

try:  # Qt 6.8+
    from PySide6.QtGui import QAccessibleAnnouncementEvent
except ImportError:  # pragma: no cover - older Qt: the announced signal still fires, nothing is posted
    QAccessibleAnnouncementEvent = None  # type: ignore[assignment,misc]


def describe(widget: QWidget, name: str, tip: str) -> None:
    """Set *widget*'s accessible name to *name* and its tooltip to *tip*."""
    widget.setAccessibleName(name)
    widget.setToolTip(tip)


def plain(text: str) -> str:
    """Return *text* without markup, as a screen reader speaks it.

    >>> plain("<b>3</b> records &amp; more")
    '3 records & more'
    """
    if "<" not in text and "&" not in text:
        return text
    return QTextDocumentFragment.fromHtml(text).toPlainText()


def verdict(label: QLabel, role: str) -> None:
    """Make *label* speak its visible text as its name, with *role* ("Tag status") as its description."""
    label.setAccessibleName("")
    label.setAccessibleDescription(role)
    label.setProperty("a11y_role", role)


def show(label: QLabel, text: str, *, announce: bool = True) -> None:
    """Show *text* in the verdict *label* and, when it changed, announce it politely (debounced)."""
    if label.text() == text:
        return
    label.setText(text)
    if announce and text:
        announcer.announce(label, plain(text))


def buddy(label: QLabel, widget: QWidget) -> QLabel:
    """Make *label* the visible, spoken label of *widget* (Alt+its mnemonic focuses *widget*)."""
    label.setBuddy(widget)
    return label


class Announcer(QObject):
    """Post polite announcements once changes pause: the last text of each source wins."""

    announced = Signal(QObject, str)  # (source widget, text), as posted

    def __init__(self) -> None:
        super().__init__()
        self._pending: dict[int, tuple[QWidget, str]] = {}
        self._last: dict[int, str] = {}
        self._timer: QTimer | None = None

    def announce(self, source: QWidget, text: str) -> None:
        """Queue *text* from *source*; it replaces what *source* queued before."""
        if self._timer is None:  # made lazily: the module is imported before the QApplication exists
            self._timer = QTimer(self)
            self._timer.setSingleShot(True)
            self._timer.setInterval(ANNOUNCE_DEBOUNCE_MS)
            self._timer.timeout.connect(self.flush)
        self._pending[id(source)] = (source, text)
        self._timer.start()

    def flush(self) -> None:
        """Post what is queued now (tests call it instead of waiting)."""
        if self._timer is not None:
            self._timer.stop()
        pending, self._pending = self._pending, {}
        for key, (source, text) in pending.items():
            if self._last.get(key) == text:
                continue
            try:
                visible = source.isVisible()
            except RuntimeError:  # deleted since
                continue
            self._last[key] = text
            if not visible:
                continue
            if QAccessibleAnnouncementEvent is not None:
                event = QAccessibleAnnouncementEvent(source, text)
                event.setPoliteness(QAccessible.AnnouncementPoliteness.Polite)
                QAccessible.updateAccessibility(event)
            self.announced.emit(source, text)


#: The app's one announcer.
announcer = Announcer()
