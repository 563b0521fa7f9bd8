"""What assistive technology gets: names, descriptions, buddies and polite announcements.

A label's accessible name *replaces* its visible text for a screen reader, so a label that shows a
verdict, a count or a notice keeps no accessible name of its own: its name is what it shows, and its
description says what it is ("Tag status"). Such a label is a :class:`VerdictLabel`: while it is empty it is
hidden (keeping its room, so nothing around it moves), because Qt names an empty label after its buddy caption or
its group box ("Autonym:", "2. Value") and a screen reader would read that as the verdict. Changes of such text are
announced politely, once typing
pauses (:data:`ANNOUNCE_DEBOUNCE_MS`), with ``QAccessibleAnnouncementEvent``; the :data:`announcer`'s
``announced`` signal lets tests (and a log) see what a screen reader was told.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QWidget

__all__ = [
    "ANNOUNCE_DEBOUNCE_MS",
    "Announcer",
    "VerdictLabel",
    "announcer",
    "buddy",
    "describe",
    "plain",
    "show",
    "verdict",
]

#: Quiet time after the last change before a change is announced: typing a tag must not chatter.
ANNOUNCE_DEBOUNCE_MS = 600


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
    from PySide6.QtGui import QTextDocumentFragment  # (Qt makes the class on first use: not before the paint)

    return QTextDocumentFragment.fromHtml(text).toPlainText()


class VerdictLabel(QLabel):
    """A label that shows a verdict, a count or a notice: once :func:`verdict` made it one, it is hidden while empty.

    Qt reads an empty label by its buddy caption or its group box's title (``QAccessibleWidget``'s fallback for an
    empty name, which an empty ``accessibleName`` does not stop), so an empty verdict would be heard as "Autonym:".
    A hidden widget is not exposed as showing, so a screen reader meets no empty verdict. It keeps its room while
    hidden for being empty, so the fields around it stay put. Whether it is shown is the app's wish (``setVisible``,
    ``hide``, ``show``) *and* having text: a label the app hides stays hidden when text arrives.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._hides_when_empty = False
        self._wanted = True  # the app's wish; a child widget is shown with its parent unless hidden
        self._retains = self.sizePolicy().retainSizeWhenHidden()  # the label's own choice, for the app's hiding

    def setText(self, text: str) -> None:
        """Show *text*; an empty text hides a verdict label (see the class)."""
        super().setText(text)
        self._follow_text()

    def clear(self) -> None:
        """Show nothing: a verdict label is hidden."""
        super().clear()
        self._follow_text()

    def setVisible(self, visible: bool) -> None:
        """Record the app's wish; a verdict label is shown only if it has text as well."""
        if not self._hides_when_empty:
            super().setVisible(visible)
            return
        self._wanted = visible
        self._keep_room()
        # Always passed on: Qt shows a parent's children with show(), and a child that is not hidden yet not
        # visible (its parent is being shown) must still be shown.
        super().setVisible(visible and bool(self.text()))

    def hides_when_empty(self) -> bool:
        """Whether the label is a verdict label, hidden while empty."""
        return self._hides_when_empty

    def _start_hiding_when_empty(self) -> None:
        if not self._hides_when_empty:
            self._retains = self.sizePolicy().retainSizeWhenHidden()
            self._wanted = not (self.isHidden() and self.testAttribute(Qt.WidgetAttribute.WA_WState_ExplicitShowHide))
            self._hides_when_empty = True
        self._follow_text()

    def _follow_text(self) -> None:
        if not self._hides_when_empty:
            return
        shown = self._wanted and bool(self.text())
        self._keep_room()
        if self.isWindow():  # not placed yet: showing it would open a window of its own
            if shown:  # shown with the parent it gets
                self.setAttribute(Qt.WidgetAttribute.WA_WState_ExplicitShowHide, False)
            elif not self.isHidden() or not self.testAttribute(Qt.WidgetAttribute.WA_WState_ExplicitShowHide):
                super().setVisible(False)  # hidden explicitly: it stays hidden when placed
            return
        if self.isHidden() == shown:  # not hidden but not yet visible (its parent is hidden): shown with the parent
            super().setVisible(shown)

    def _keep_room(self) -> None:
        # Room is kept while the label is hidden only for being empty; hidden by the app, it keeps its own choice.
        retain = self._retains or (self._wanted and not self.text())
        policy = self.sizePolicy()
        if policy.retainSizeWhenHidden() != retain:
            policy.setRetainSizeWhenHidden(retain)
            self.setSizePolicy(policy)


def verdict(label: QLabel, role: str) -> None:
    """Make *label* speak its visible text as its name, with *role* ("Tag status") as its description.

    *label* must be a :class:`VerdictLabel`: it is hidden while it is empty (see there).
    """
    if not isinstance(label, VerdictLabel):
        raise TypeError(f"a verdict label must be a VerdictLabel, not {type(label).__name__}")
    label.setAccessibleName("")
    label.setAccessibleDescription(role)
    label.setProperty("a11y_role", role)
    label._start_hiding_when_empty()


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
            _post_announcement(source, text)
            self.announced.emit(source, text)


def _post_announcement(source: QWidget, text: str) -> None:
    """Post *text* from *source* to assistive technology, politely (Qt 6.8+; older Qt: nothing is posted)."""
    from PySide6 import QtGui  # made on first use, not before the window's first paint

    event_class = getattr(QtGui, "QAccessibleAnnouncementEvent", None)
    if event_class is not None:
        event = event_class(source, text)
        event.setPoliteness(QtGui.QAccessible.AnnouncementPoliteness.Polite)
        QtGui.QAccessible.updateAccessibility(event)


#: The app's one announcer.
announcer = Announcer()
