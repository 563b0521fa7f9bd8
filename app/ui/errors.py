"""The one place where unexpected exceptions end up: logged, shown in a dialog, and survived."""

from __future__ import annotations

import logging
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

if TYPE_CHECKING:  # the dialog's classes are made when an error is first shown (a quick start-up)
    from PySide6.QtWidgets import QMessageBox, QWidget

__all__ = ["ExceptionHandler", "install_excepthook", "log_file", "show_error"]

log = logging.getLogger("bcp47_explorer")


def log_file() -> Path:
    """Return the file the app logs to (in the user's app-data folder)."""
    from PySide6.QtCore import QStandardPaths

    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(folder or ".") / "bcp47-explorer.log"


def setup_logging(path: Path | None = None) -> Path | None:
    """Log warnings and errors to *path* (default: log_file()); return the path, or None if unwritable."""
    target = path or log_file()
    root = logging.getLogger()
    for h in root.handlers:
        if isinstance(h, logging.FileHandler) and Path(h.baseFilename) == target.resolve():
            return target  # already logging there (main() run twice in one process, as tests do)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.FileHandler(target, encoding="utf-8")
    except OSError:
        return None  # a read-only home must not stop the app; messages still reach stderr
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    if root.level > logging.INFO or root.level == logging.NOTSET:
        root.setLevel(logging.INFO)
    return target


def show_error(parent: QWidget | None, title: str, message: str, details: str = "") -> QMessageBox:
    """Show a non-blocking error dialog with optional details and return it."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Critical)
    box.setWindowTitle(title)
    box.setText(message)
    if details:
        box.setDetailedText(details)
    box.setStandardButtons(QMessageBox.StandardButton.Close)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setAccessibleName(title)
    box.open()
    return box


class ExceptionHandler:
    """A sys.excepthook that logs the exception and shows it in a dialog, leaving the app running."""

    def __init__(self, parent: Callable[[], QWidget | None] | None = None) -> None:
        self._parent = parent or (lambda: QApplication.activeWindow())
        self._busy = False
        self.last_dialog: QMessageBox | None = None
        self.count = 0

    def __call__(self, exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            QApplication.quit()
            return
        self.count += 1
        details = "".join(traceback.format_exception(exc_type, exc, tb))
        log.error("unexpected error\n%s", details)
        if self._busy or QApplication.instance() is None:
            # An error while showing the dialog (or before Qt exists) goes to stderr only: no dialog loops.
            sys.stderr.write(details)
            return
        self._busy = True
        try:
            summary = f"{exc_type.__name__}: {exc}" if str(exc) else exc_type.__name__
            self.last_dialog = show_error(
                self._parent(),
                QCoreApplication.translate("ExceptionHandler", "Unexpected error"),
                QCoreApplication.translate(
                    "ExceptionHandler",
                    "Something went wrong, but the app is still running.\n\n{summary}\n\n"
                    "The details below were also written to the log.",
                ).format(summary=summary),
                details,
            )
        finally:
            self._busy = False


def install_excepthook(parent: Callable[[], QWidget | None] | None = None) -> ExceptionHandler:
    """Install an ExceptionHandler as sys.excepthook and return it."""
    handler = ExceptionHandler(parent)
    sys.excepthook = handler
    return handler
