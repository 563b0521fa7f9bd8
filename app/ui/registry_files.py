"""Registry updates and the linguists' tools: open or download a newer registry, see what changed, register.

One object carries out these actions for the main window (which makes the menu entries that call it):

- **Open registry file…**: the file is parsed completely and checked (:mod:`..core.registry_check`);
  a file that does not parse leaves the registry in use, with a message naming the file, the line
  and the problem; one that parses but lacks Types or records, has field-name problems or an older
  File-Date than the bundled one is used only if the user says so. A file that is used is kept in
  the user data folder, so the next start uses it too.
- **Download the latest registry…**: only on this request; from IANA's address (or
  ``BCP47_EXPLORER_REGISTRY_URL``), in a worker thread with a progress dialog, a timeout per read, a
  deadline over the whole exchange and a plain message when offline. Cancel closes the connection at
  once (:class:`.update.DownloadControl`) and forgets the download, so a new one can start at once;
  closing the window does the same and never waits for the server. The worker is a daemon thread, so
  even a download stuck where no socket can be closed (a name lookup) cannot hold or abort the exit.
  Verified like a file before it is used or kept.
- **Use the bundled registry**: forgets the kept copy and goes back to the bundled one.
- **What changed…** / **Compare two registry files…**: the :class:`.changes.ChangesDialog`.
- **Registration assistant…** and **Extensions registry…**.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal, SignalInstance
from PySide6.QtWidgets import QFileDialog, QMessageBox, QProgressDialog, QWidget

from ..core import data
from ..core.registry.check import RegistryReport
from ..core.registry.diff import RegistryDiff, diff_registries, in_time_order
from ..core.registry.model import Record, Registry, RegistryError
from ..core.registry.update import (
    DEFAULT_TIMEOUT,
    TOTAL_TIMEOUT,
    DownloadControl,
    Downloaded,
    DownloadError,
    download_registry,
    forget_kept_registry,
    keep_registry,
    registry_label,
    registry_url,
    verify_registry_bytes,
)
from ..core.text.formats import format_number
from .changes import ChangesDialog
from .errors import show_error
from .i18n import ltr

if TYPE_CHECKING:
    from .main_window import MainWindow

__all__ = ["DownloadWorker", "RegistryFiles"]

log = logging.getLogger(__name__)


class DownloadWorker(QObject):
    """Run the download in a daemon thread; report progress, the result or the failure by signals.

    The signals are queued to the window's thread. A worker that was cancelled or forgotten (the
    window closed) ends on its own: its connection is closed, and what it still emits goes nowhere.
    """

    progressed = Signal(int, int)
    finished = Signal(object)  # Downloaded
    failed = Signal(str)

    def __init__(self, reference: Registry | None, url: str, timeout: float, total_timeout: float) -> None:
        super().__init__()
        self.reference = reference
        self.url = url
        self.timeout = timeout
        self.total_timeout = total_timeout
        self.control = DownloadControl()

    @property
    def cancelled(self) -> bool:
        """Whether the user (or closing the window) stopped this download."""
        return self.control.cancelled

    def cancel(self) -> None:
        """Stop the download now: its connection is closed, whatever it was waiting for."""
        self.control.cancel()

    def run(self) -> None:
        """Download and verify (in the worker thread)."""

        def progress(received: int, total: int) -> bool:
            self._emit(self.progressed, received, total)
            return True

        try:
            result = download_registry(
                self.reference,
                url=self.url,
                timeout=self.timeout,
                total_timeout=self.total_timeout,
                progress=progress,
                control=self.control,
            )
        except DownloadError as exc:
            self._emit(self.failed, str(exc))
            return
        self._emit(self.finished, result)

    def _emit(self, signal: SignalInstance, *args: object) -> None:
        with contextlib.suppress(RuntimeError):  # the window (and this object's C++ side) is gone: nobody to tell
            signal.emit(*args)


def _bundled() -> Registry | None:
    try:
        return data.bundled_registry()
    except (data.DataError, ValueError):
        return None


class RegistryFiles(QObject):
    """The registry-file and linguist actions of the main window."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.last_diff: tuple[RegistryDiff, str, str] | None = None
        self.last_message: QMessageBox | None = None
        self.changes_dialog: ChangesDialog | None = None
        self.progress: QProgressDialog | None = None
        self._thread: threading.Thread | None = None
        self._worker: DownloadWorker | None = None
        #: Seconds without an answer or data before the download gives up.
        self.timeout = DEFAULT_TIMEOUT
        #: Seconds the whole download may take, connection and headers included.
        self.total_timeout = TOTAL_TIMEOUT
        #: Ask the user a yes/no question; tests answer through the real dialog.
        self.confirm: Callable[[str, str], bool] = self._ask
        #: Choose a file to open (a QFileDialog); tests replace it.
        self.choose_file: Callable[[str], str] = self._choose_file

    # ------------------------------------------------------------------ dialogs
    def _ask(self, title: str, text: str) -> bool:
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, parent=self.window)
        use = box.addButton(self.tr("&Use it anyway"), QMessageBox.ButtonRole.AcceptRole)
        keep = box.addButton(self.tr("&Keep the registry in use"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setObjectName("confirm_registry")
        box.exec()
        return box.clickedButton() is use

    def _choose_file(self, title: str) -> str:
        path, _ = QFileDialog.getOpenFileName(self.window, title, "", self.tr("Registry files (*.txt);;All files (*)"))
        return path

    def _error(self, title: str, text: str) -> None:
        self.last_message = show_error(self.window, title, text)

    # ------------------------------------------------------------------ opening
    def open_file(self, path: str) -> bool:
        """Check the registry at *path* and use it (asking first if it lacks something); False if not used."""
        try:
            raw = data.read_bytes(path)  # read once: the bytes checked are the bytes kept
            registry, report = verify_registry_bytes(raw, path, _bundled())
        except (data.DataError, DownloadError) as exc:
            self._error(
                self.tr("Cannot open the registry"),
                self.tr("{reason}\n\nThe registry in use is unchanged.").format(reason=exc),
            )
            self.window.statusBar().showMessage(self.tr("Not used: {path}").format(path=path), 8000)
            return False
        if not self._accept(report, path):
            self.window.statusBar().showMessage(
                self.tr("Kept the registry in use; {path} was not used.").format(path=path), 8000
            )
            return False
        self._replace(registry, raw)
        self.window.statusBar().showMessage(
            self.tr("Using {path} (File-Date {date})").format(path=path, date=registry.file_date), 8000
        )
        return True

    def _accept(self, report: RegistryReport, name: str) -> bool:
        if report.is_clean:
            return True
        problems = "\n".join(f"• {line}" for line in report.lines())
        return self.confirm(
            self.tr("Use this registry?"),
            self.tr(
                "{file} loads, but:\n\n{problems}\n\nUsing it means tags are checked against what it holds."
            ).format(file=name, problems=problems),
        )

    def _replace(self, registry: Registry, raw: bytes | None) -> None:
        """Use *registry* from now on, keep its bytes for the next start, and show what changed."""
        old = self.window.registry
        if raw is not None:
            try:
                keep_registry(raw)
            except DownloadError as exc:
                log.warning("cannot keep the registry: %s", exc)
                self.window.statusBar().showMessage(
                    self.tr("Used for this session only: {reason}").format(reason=exc), 10000
                )
        self.window.set_registry(registry)
        older, newer, _swapped = in_time_order(old, registry)  # what changed reads forwards in time
        diff = diff_registries(older, newer)
        self.last_diff = (diff, registry_label(older), registry_label(newer))
        if self.window.browser is not None:
            self.window.browser.set_comparison(diff)
        self.show_changes()

    def use_bundled(self) -> None:
        """Forget the kept copy and go back to the bundled registry."""
        bundled = _bundled()
        if bundled is None:
            self._error(self.tr("Cannot open the registry"), self.tr("The bundled registry cannot be read."))
            return
        try:
            forget_kept_registry()
        except DownloadError as exc:
            self._error(self.tr("Cannot forget the kept registry"), str(exc))
        if self.window.registry is not bundled:
            self._replace(bundled, None)
        self.window.statusBar().showMessage(
            self.tr("Using the bundled registry (File-Date {date})").format(date=bundled.file_date), 8000
        )

    # ------------------------------------------------------------------ download
    def download(self) -> None:
        """Download the registry in a worker thread, with a progress dialog that can cancel."""
        if self._worker is not None:  # one at a time: show the running one and say so
            if self.progress is not None:
                self.progress.raise_()
            self.window.statusBar().showMessage(self.tr("A download is already running."), 8000)
            return
        url = registry_url()
        self.progress = QProgressDialog(
            self.tr("Downloading the registry from\n{url}").format(url=url), self.tr("Cancel"), 0, 0, self.window
        )
        self.progress.setObjectName("download_progress")
        self.progress.setWindowTitle(self.tr("Download the latest registry"))
        self.progress.setWindowModality(Qt.WindowModality.WindowModal)
        self.progress.setMinimumDuration(0)
        self.progress.setAutoClose(False)
        self.progress.setAutoReset(False)
        worker = DownloadWorker(_bundled(), url, self.timeout, self.total_timeout)
        worker.progressed.connect(self._on_worker_progressed)
        worker.finished.connect(self._on_worker_finished)
        worker.failed.connect(self._on_worker_failed)
        self.progress.canceled.connect(self._on_progress_canceled)
        thread = threading.Thread(target=worker.run, name="registry-download", daemon=True)
        self._thread, self._worker = thread, worker
        thread.start()
        self.progress.show()

    def _on_progress_canceled(self) -> None:
        self._forget_download()
        self.window.statusBar().showMessage(self.tr("Download cancelled; the registry in use is unchanged."), 8000)

    def _on_worker_progressed(self, received: int, total: int) -> None:
        dialog = self.progress  # setValue on a modal dialog processes events: the download may end meanwhile
        if dialog is None or self.sender() is not self._worker:
            return
        dialog.setLabelText(
            self.tr("Downloading the registry from\n{url}\n{size} KB").format(
                url=registry_url(), size=format_number(round(received / 1024))
            )
        )
        if total:
            dialog.setMaximum(total)
            dialog.setValue(min(received, total))

    def _forget_download(self) -> None:
        """Stop the running download (its connection is closed) and close the dialog; never waits."""
        if self.progress is not None:
            self.progress.canceled.disconnect(self._on_progress_canceled)
            self.progress.close()
            self.progress.deleteLater()
            self.progress = None
        worker = self._worker
        if worker is not None:
            worker.cancel()
            worker.progressed.disconnect(self._on_worker_progressed)
            worker.finished.disconnect(self._on_worker_finished)
            worker.failed.disconnect(self._on_worker_failed)
        self._thread, self._worker = None, None

    def _on_worker_failed(self, message: str) -> None:
        if self.sender() is not self._worker:  # a forgotten download's last word
            return
        self._forget_download()
        self._error(
            self.tr("Cannot download the registry"),
            self.tr("{reason}\n\nThe registry in use is unchanged.").format(reason=message),
        )
        self.window.statusBar().showMessage(self.tr("Download failed; the registry in use is unchanged."), 8000)

    def _on_worker_finished(self, result: Downloaded) -> None:
        if self.sender() is not self._worker:
            return
        self._forget_download()
        if not self._accept(result.report, result.url):
            self.window.statusBar().showMessage(self.tr("Kept the registry in use; the download was not used."), 8000)
            return
        self._replace(result.registry, result.raw)
        self.window.statusBar().showMessage(
            self.tr("Using the downloaded registry (File-Date {date})").format(date=result.registry.file_date), 8000
        )

    def stop_download(self) -> None:
        """Stop a running download at shutdown: close its connection and forget it, without waiting."""
        self._forget_download()

    # ------------------------------------------------------------------ changes and tools
    def show_changes(self) -> None:
        """Show the changes of the last registry switch, else those from the bundled registry to the one in use."""
        if self.last_diff is None:
            bundled = _bundled()
            if bundled is None or bundled is self.window.registry:
                self.window.statusBar().showMessage(
                    self.tr("No other registry has been opened yet: nothing to compare."), 8000
                )
                return
            older, newer, swapped = in_time_order(bundled, self.window.registry)
            labels = (self.tr("the bundled copy"), registry_label(self.window.registry))
            self.last_diff = (diff_registries(older, newer), *(labels[::-1] if swapped else labels))
        diff, old_name, new_name = self.last_diff
        self._show_diff(diff, old_name, new_name)

    def _show_diff(self, diff: RegistryDiff, old_name: str, new_name: str) -> None:
        if self.changes_dialog is not None:
            self.changes_dialog.close()
            self.changes_dialog.deleteLater()
        dialog = ChangesDialog(diff, old_name, new_name, self.window)
        dialog.open_record_requested.connect(self._on_changes_open_record_requested)
        self.changes_dialog = dialog
        dialog.show()

    def compare_files(self) -> None:
        """Ask for two registry files and show the changes from the first to the second."""
        old_path = self.choose_file(self.tr("The older registry file"))
        if not old_path:
            return
        new_path = self.choose_file(self.tr("The newer registry file"))
        if not new_path:
            return
        try:
            old = data.load_registry(old_path)
            new = data.load_registry(new_path)
        except (data.DataError, RegistryError) as exc:
            self._error(self.tr("Cannot compare the registries"), str(exc))
            return
        older, newer, swapped = in_time_order(old, new)  # picked in either order: read forwards in time
        names = (Path(old_path).name, Path(new_path).name)
        self._show_diff(diff_registries(older, newer), *(names[::-1] if swapped else names))

    def _on_changes_open_record_requested(self, type_: str, code: str) -> None:
        browser = self.window.browser
        if browser is not None and browser.show_record(type_, code):
            self.window.tabs.setCurrentWidget(browser)
        else:
            self.window.statusBar().showMessage(
                self.tr("{type} {code} is not in the registry in use.").format(type=type_, code=ltr(code)), 6000
            )

    def show_registration(self, record_type: str = "variant", prefix: str = "") -> None:
        """Open the registration assistant on the registry in use (a variant for *prefix*, if given)."""
        from .registration import RegistrationDialog

        dialog = RegistrationDialog(self.window.registry, self.window, settings=self.window.settings)
        dialog.start_with(record_type, prefix)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.preview_requested.connect(self._on_registration_preview_requested)
        self.registration_dialog = dialog
        dialog.show()

    def _on_registration_preview_requested(self, record: object) -> None:
        browser = self.window.browser
        if browser is not None and isinstance(record, Record):  # the signal carries a Record as an object
            browser.show_preview(record)
            self.window.tabs.setCurrentWidget(browser)

    def show_extensions(self) -> None:
        """Open the Language Tag Extensions Registry browser."""
        from .extensions_view import ExtensionsDialog

        try:
            extensions = data.bundled_extensions_registry()
        except (data.DataError, ValueError) as exc:
            self._error(self.tr("Cannot open the extensions registry"), str(exc))
            return
        dialog: QWidget = ExtensionsDialog(extensions, self.window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.extensions_dialog = dialog
        dialog.show()
