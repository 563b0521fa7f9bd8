"""The batch checker pane: paste a list or open a file, check it in a worker, filter the table, export.

Sources: one tag per line, CSV or TSV (choose the column; the first row may be a header), or
JSON lines (each a string, or an object: choose the key). The check runs in a
:class:`.batch_worker.BatchWorker` in its own thread with a progress bar and Cancel; rows
arrive a chunk at a time and the window stays responsive. The table is a RowTableModel over
:class:`..core.batch.BatchRow` values (sorted in Python, filtered on the rows: only problems,
one diagnostic code, text); a double-click or Enter opens the row's tag in the editor. The
summary counts rows per diagnostic code; clicking a code filters on it. Exports (JSON lines,
CSV) carry the fields of ``bcp47 check --json`` and, for JSON lines, its very bytes.
"""

from __future__ import annotations

import gc
from collections import Counter
from operator import itemgetter

from PySide6.QtCore import QCoreApplication, QModelIndex, QPersistentModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ..core.batch import lines as batch
from ..core.batch.lines import BatchRow, Summary
from ..core.engine.tag import TagEngine
from ..core.files.reading import DataError, open_regular
from ..core.text.catalogue import N_, ngettext
from ..core.text.formats import format_number
from . import a11y
from .a11y import describe
from .batch_worker import BATCH_FILES_ONLY, BatchJob, BatchWorker
from .bounded import SEARCH_MAX, bound
from .table_model import Column, RowTableModel

__all__ = ["BatchPane", "BatchModel", "batch_columns"]

_YES, _NO = N_("yes"), N_("no")
_OPEN_FILTER = "Tag lists (*.txt *.csv *.tsv *.jsonl *.ndjson);;All files (*)"


def _yn(v: bool) -> str:
    return QCoreApplication.translate("BatchPane", _YES if v else _NO)


def batch_columns(engine: TagEngine) -> tuple[Column[BatchRow], ...]:
    """Return the table's columns; the first problem's message is asked of *engine* for the rows shown."""

    def first(r: BatchRow) -> str:
        return batch.display_text(batch.first_problem(engine, r), 300) if r.codes else ""

    cols: list[Column[BatchRow]] = [
        Column(N_("Line"), lambda r: str(r.line), sort_key=lambda r: r.line, alignment=Qt.AlignmentFlag.AlignRight),
        Column(
            N_("Input"),
            lambda r: batch.display_text(r.input),
            sort_key=lambda r: r.input.casefold(),
            tooltip=lambda r: batch.display_text(r.input, 2000),
        ),
        Column(
            N_("Well-formed"),
            lambda r: _yn(r.well_formed),
            sort_key=lambda r: r.well_formed,
            header_tip=N_("RFC 5646 §2.1: matches the grammar (or is grandfathered)"),
        ),
        Column(
            N_("Valid"),
            lambda r: _yn(r.valid),
            sort_key=lambda r: r.valid,
            header_tip=N_("RFC 5646 §2.2.9 (and CLDR for -u-/-t-)"),
        ),
    ]
    cols.append(
        Column(
            N_("Unicode valid"),
            lambda r: _yn(r.unicode_valid),
            sort_key=lambda r: r.unicode_valid,
            header_tip=N_("UTS #35: a valid Unicode locale identifier (a verdict of its own)"),
        )
    )
    cols += [
        Column(
            N_("Canonical (RFC 5646)"),
            lambda r: batch.display_text(r.canonical or ""),
            sort_key=lambda r: (r.canonical is None, (r.canonical or "").casefold()),
            header_tip=N_("The RFC 5646 §4.5 canonical form (empty when not well-formed)"),
        ),
        Column(
            N_("First problem"),
            first,
            sort_key=lambda r: (not r.codes, r.codes[:1]),
            tooltip=first,
            header_tip=N_("The engine's first diagnostic: errors first, then warnings, then notes"),
        ),
        Column(
            N_("Errors"), lambda r: str(r.errors), sort_key=lambda r: r.errors, alignment=Qt.AlignmentFlag.AlignRight
        ),
        Column(
            N_("Warnings"),
            lambda r: str(r.warnings),
            sort_key=lambda r: r.warnings,
            alignment=Qt.AlignmentFlag.AlignRight,
        ),
        Column(N_("Notes"), lambda r: str(r.infos), sort_key=lambda r: r.infos, alignment=Qt.AlignmentFlag.AlignRight),
        Column(
            N_("About the line"),
            lambda r: batch.note_text(r.note),
            sort_key=lambda r: (not r.note, r.note),
            tooltip=lambda r: batch.note_text(r.note) or None,
            header_tip=N_("Undecodable bytes, huge lines, rows without the chosen column"),
        ),
    ]
    return tuple(cols)


class BatchModel(RowTableModel[BatchRow]):
    """The rows of a batch; rows can also be appended as the worker sends them."""

    def append_rows(self, rows: list[BatchRow]) -> None:
        """Add *rows* at the end (the table is not re-sorted while a check runs)."""
        if not rows:
            return
        n = self.rowCount()
        self.beginInsertRows(QModelIndex(), n, n + len(rows) - 1)
        self._rows.extend(rows)
        self.endInsertRows()


_WELL_FORMED, _VALID, _CODES = itemgetter(2), itemgetter(3), itemgetter(6)


_NOTE = itemgetter(10)


class _Tally:
    """The summary counts, kept up to date chunk by chunk (one pass over a million rows at the end would pause)."""

    def __init__(self) -> None:
        self.rows = self.well_formed = self.valid = self.problems = self.blank = 0
        self.per_code: Counter[str] = Counter()

    def add(self, rows: list[BatchRow]) -> None:
        """Count *rows* (C-level counting: this runs in the GUI thread for every chunk)."""
        self.rows += len(rows)
        self.well_formed += sum(map(_WELL_FORMED, rows))
        self.valid += sum(map(_VALID, rows))
        blank = batch.BLANK
        notes = Counter(map(_NOTE, rows))
        self.blank += notes[blank]
        self.problems += sum(1 for r in rows if r.errors or r.warnings or (r.note and r.note != blank))
        for codes, n in Counter(map(_CODES, rows)).items():
            for code in codes:
                self.per_code[code] += n

    def summary(self) -> Summary:
        """Return the counts as the core's Summary."""
        ranked = sorted(self.per_code.items(), key=lambda kv: (-kv[1], kv[0]))
        per_code = tuple((code, batch.severity_name(code), n) for code, n in ranked)
        return Summary(self.rows, self.well_formed, self.valid, self.problems, per_code, self.blank)


class _Table(QTableView):
    """A table whose Enter key opens the current row, like a double-click."""

    activated_row = Signal(int)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Open the current row on Enter or Return."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentIndex().isValid():
            self.activated_row.emit(self.currentIndex().row())
            return
        super().keyPressEvent(event)


class BatchPane(QWidget):
    """Check a list or a file of tags; table, summary, filters and export."""

    file_opened = Signal(str)  # a file of tags was opened as the source (for File > Open recent)

    open_tag_requested = Signal(str)

    def __init__(self, engine: TagEngine, parent: QWidget | None = None, *, use_pool: bool = True) -> None:
        super().__init__(parent)
        self.setObjectName("BatchPane")
        self._engine = engine
        self._all: list[BatchRow] = []
        self._running = False
        self._path = ""
        self._seconds = 0.0
        self._exporting = ""  # the path being exported to ("" when no export runs)
        self._checked_column: int | str | None = None  # the column of the last check (None: nothing checked yet)
        # The worker: heavy work in processes (or GUI-thread slices); its signals arrive here.
        self.worker = BatchWorker(engine, use_pool=use_pool, parent=self)
        self._tally = _Tally()
        self.worker.started.connect(self._on_worker_started)
        self.worker.progress.connect(self._on_worker_progress)
        self.worker.rows_ready.connect(self._on_worker_rows_ready)
        self.worker.finished.connect(self._on_worker_finished)
        self.worker.failed.connect(self._on_worker_failed)
        self.worker.export_done.connect(self._on_worker_export_done)
        self.worker.export_failed.connect(self._on_worker_failed)
        self._build()

    def _build(self) -> None:
        self.input = QPlainTextEdit()
        self.input.setAccessibleName(self.tr("Tags to check"))
        self.input.setTabChangesFocus(True)  # Tab moves on: it never edits the tags (or traps the keyboard)
        self.input.setPlaceholderText(
            self.tr("Paste tags here, one per line (or CSV, TSV, JSON lines), or open a file.")
        )
        self.open_button = QPushButton(self.tr("&Open file…"))
        self.check_button = QPushButton(self.tr("Chec&k"))
        self.check_button.setToolTip(self.tr("Check the pasted text (or the opened file)"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setEnabled(False)
        self.format_box = QComboBox()
        self.format_box.setAccessibleName(self.tr("Format"))
        self.format_box.addItem(self.tr("Guess the format"), "auto")
        for key, label in batch.FORMATS:
            self.format_box.addItem(self.tr(label), key)
        self.column_box = QComboBox()
        self.column_box.setAccessibleName(self.tr("Column"))
        self.column_box.setEditable(True)
        line = self.column_box.lineEdit()
        if line is not None:
            bound(line, SEARCH_MAX)
        self.column_box.setToolTip(
            self.tr("CSV/TSV: the column (its header or its number from 1); JSON lines: the key")
        )
        self.column_box.setMinimumContentsLength(10)
        self.header_box = QCheckBox(self.tr("First row is a header"))
        self.header_box.setChecked(True)
        self.progress = QProgressBar()
        self.progress.setAccessibleName(self.tr("Progress"))
        self.progress.setTextVisible(True)
        self.progress.setFormat("%v of %m lines")
        self.status = a11y.VerdictLabel()
        self.status.setText(self.tr("No tags checked yet."))
        a11y.verdict(self.status, self.tr("Batch status"))
        self.status.setWordWrap(True)
        describe(
            self.input,
            self.tr("Tags to check"),
            self.tr("Paste tags, one per line (or CSV, TSV, JSON lines); Check runs them"),
        )
        describe(
            self.open_button, self.tr("Open file"), self.tr("Open a file of tags: one per line, CSV/TSV or JSON lines")
        )
        describe(
            self.check_button, self.tr("Check"), self.tr("Check the pasted text (or the opened file) in the background")
        )
        describe(self.cancel_button, self.tr("Cancel"), self.tr("Stop the running check; the rows so far stay"))
        describe(
            self.format_box,
            self.tr("Format"),
            self.tr("How the source is laid out: one tag per line, CSV, TSV or JSON lines"),
        )
        describe(
            self.header_box,
            self.tr("First row is a header"),
            self.tr("For CSV and TSV: the first row names the columns"),
        )
        src = QHBoxLayout()
        source_widgets: list[QWidget] = [
            self.open_button,
            a11y.buddy(QLabel(self.tr("Format:")), self.format_box),
            self.format_box,
            a11y.buddy(QLabel(self.tr("Column:")), self.column_box),
            self.column_box,
            self.header_box,
        ]
        for w in source_widgets:
            src.addWidget(w)
        src.addStretch(1)
        src.addWidget(self.check_button)
        src.addWidget(self.cancel_button)

        self.problems_only = QCheckBox(self.tr("Only &problems"))
        self.problems_only.setToolTip(self.tr("Rows with an error or a warning, or a note about the line"))
        self.code_box = QComboBox()
        self.code_box.setAccessibleName(self.tr("Diagnostic code filter"))
        self.code_box.addItem(self.tr("Any diagnostic code"), "")
        self.search = QLineEdit()
        bound(self.search, SEARCH_MAX)
        self.search.setPlaceholderText(self.tr("Filter the inputs…"))
        self.search.setAccessibleName(self.tr("Filter the inputs"))
        self.search.setClearButtonEnabled(True)
        self.export_json_button = QPushButton(self.tr("Export &JSON lines…"))
        self.export_csv_button = QPushButton(self.tr("Export &CSV…"))
        self.export_shown_box = QCheckBox(self.tr("Only the rows &shown"))
        describe(
            self.export_shown_box,
            self.tr("Export only the rows shown"),
            self.tr("Export only the rows the filters show (in line order), not every row checked"),
        )
        describe(
            self.problems_only,
            self.tr("Only problems"),
            self.tr("Show rows with an error or a warning, or a note about the line"),
        )
        describe(self.code_box, self.tr("Diagnostic code filter"), self.tr("Show only rows with this diagnostic code"))
        describe(self.search, self.tr("Filter the inputs"), self.tr("Show only rows whose input contains this text"))
        describe(
            self.export_json_button,
            self.tr("Export JSON lines"),
            self.tr("Write every row as bcp47 check --json writes it"),
        )
        describe(
            self.export_csv_button,
            self.tr("Export CSV"),
            self.tr("Write every row as CSV with the fields of bcp47 check --json"),
        )
        filt = QHBoxLayout()
        filter_widgets: list[QWidget] = [
            self.problems_only,
            a11y.buddy(QLabel(self.tr("Code:")), self.code_box),
            self.code_box,
            a11y.buddy(QLabel(self.tr("Input:")), self.search),
            self.search,
        ]
        for w in filter_widgets:
            filt.addWidget(w)
        filt.addStretch(1)
        filt.addWidget(self.export_shown_box)
        filt.addWidget(self.export_json_button)
        filt.addWidget(self.export_csv_button)

        self.model = BatchModel(batch_columns(self._engine), parent=self)
        self.table = _Table()
        self.table.setAccessibleName(self.tr("Checked tags"))
        self.table.setModel(self.model)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table; arrows move inside it
        describe(
            self.table,
            self.tr("Checked tags"),
            self.tr("One row per line; double-click or Enter opens the tag in the editor"),
        )
        self.table.setSortingEnabled(True)
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setWordWrap(False)
        for col, width in enumerate((50, 170, 85, 50, 95, 170, 380)):
            self.table.setColumnWidth(col, width)

        self.summary = QTableView()
        self.summary.setAccessibleName(self.tr("Rows per diagnostic code"))
        self.summary_model: RowTableModel[tuple[str, str, int]] = RowTableModel(
            (
                Column(N_("Code"), lambda c: c[0]),
                Column(N_("Severity"), lambda c: c[1]),
                Column(
                    N_("Rows"), lambda c: _num(c[2]), sort_key=lambda c: c[2], alignment=Qt.AlignmentFlag.AlignRight
                ),
            ),
            parent=self,
        )
        self.summary.setModel(self.summary_model)
        self.summary.setTabKeyNavigation(False)
        describe(
            self.summary,
            self.tr("Rows per diagnostic code"),
            self.tr("How many rows have each diagnostic code; click one to filter"),
        )
        self.summary.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.summary.verticalHeader().hide()
        # The counts and severities keep the room their text needs and the code takes the rest, so the
        # right-aligned counts are never pushed past the view's edge (they were, under the scroll bar).
        head = self.summary.horizontalHeader()
        head.setStretchLastSection(False)
        head.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        head.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.summary.setSortingEnabled(True)
        self.summary.sortByColumn(2, Qt.SortOrder.DescendingOrder)  # the most frequent codes first
        self.summary.setMinimumWidth(300)
        self.summary_label = a11y.VerdictLabel()
        a11y.verdict(self.summary_label, self.tr("Summary of the results"))
        self.summary_label.setWordWrap(True)
        side = QWidget()
        sl = QVBoxLayout(side)
        sl.setContentsMargins(0, 0, 0, 0)
        sl.addWidget(QLabel(self.tr("<b>Summary</b> (click a code to filter)")))
        sl.addWidget(self.summary_label)
        sl.addWidget(self.summary, 1)

        self.splitter = QSplitter(Qt.Orientation.Vertical)
        top = QWidget()
        tl = QVBoxLayout(top)
        tl.setContentsMargins(0, 0, 0, 0)
        tl.addLayout(src)
        tl.addWidget(self.input)
        bottom = QSplitter()
        bottom.addWidget(self.table)
        bottom.addWidget(side)
        bottom.setStretchFactor(0, 4)
        bottom.setStretchFactor(1, 1)
        bottom.setSizes([800, 380])
        self.splitter.addWidget(top)
        self.splitter.addWidget(bottom)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 4)
        lay = QVBoxLayout(self)
        lay.addWidget(self.splitter, 1)
        prog = QHBoxLayout()
        prog.addWidget(self.progress, 1)
        prog.addWidget(self.status, 2)
        lay.addLayout(prog)
        lay.addLayout(filt)

        self._pending: list[BatchRow] = []
        self._progress = (0, 0)
        self._flush_timer = QTimer(self)
        self._flush_timer.setSingleShot(True)
        self._flush_timer.setInterval(200)
        self._flush_timer.timeout.connect(self._flush)
        self._filter_timer = QTimer(self)
        self._filter_timer.setSingleShot(True)
        self._filter_timer.setInterval(200)
        self._filter_timer.timeout.connect(self.apply_filters)
        self._column_timer = QTimer(self)  # a column typed or picked: check again once the choice settles
        self._column_timer.setSingleShot(True)
        self._column_timer.setInterval(400)
        self._column_timer.timeout.connect(self._recheck_for_column)
        self.column_box.currentTextChanged.connect(self._on_column_box_text_changed)
        self.open_button.clicked.connect(self._on_open_button_clicked)
        self.check_button.clicked.connect(self._on_check_button_clicked)
        self.cancel_button.clicked.connect(self._on_cancel_button_clicked)
        self.problems_only.toggled.connect(self._on_filter_changed)
        self.code_box.currentIndexChanged.connect(self._on_filter_changed)
        self.search.textChanged.connect(self._on_search_text_changed)
        self.table.doubleClicked.connect(self._on_table_double_clicked)
        self.table.activated_row.connect(self._on_table_activated_row)
        self.summary.clicked.connect(self._on_summary_clicked)
        self.export_json_button.clicked.connect(self._on_export_json_button_clicked)
        self.export_csv_button.clicked.connect(self._on_export_csv_button_clicked)
        self.format_box.currentIndexChanged.connect(self._on_format_box_changed)
        self.input.textChanged.connect(self._on_input_text_changed)
        self._update_buttons()

    # ------------------------------------------------------------------ reading
    def rows(self) -> list[BatchRow]:
        """Return every checked row, in line order."""
        return list(self._all)

    def is_running(self) -> bool:
        """Tell whether a check or an export is running."""
        return self._running

    def open_file(self, path: str) -> None:
        """Use the file at *path* as the source: guess its format and columns, then check it."""
        try:
            with open_regular(path, BATCH_FILES_ONLY) as f:  # a FIFO or a device is refused, never waited on
                head = batch.decode(f.read(65536))
        except DataError as exc:
            a11y.show(self.status, self.tr("<b>Cannot open:</b> {reason}").format(reason=_esc(str(exc))))
            return
        except OSError as exc:
            a11y.show(
                self.status,
                self.tr("<b>Cannot open {path}:</b> {reason}").format(
                    path=_esc(path), reason=_esc(exc.strerror or str(exc))
                ),
            )
            return
        self._path = path
        self.file_opened.emit(path)
        self.input.blockSignals(True)
        self.input.setPlainText("")
        self.input.setPlaceholderText(
            self.tr("Checking the file {path}. Paste text here to check it instead.").format(path=path)
        )
        self.input.blockSignals(False)
        self._set_format_from(path, head)
        self.start()

    def start(self) -> None:
        """Check the current source (the opened file, else the pasted text) in the worker."""
        if self._running:
            return
        fmt = self.format_box.currentData()
        text = self.input.toPlainText()
        if fmt == "auto":
            fmt = batch.guess_format(self._path if not text else "", text if text else "")
            if self._path and not text:
                try:
                    with open_regular(self._path, BATCH_FILES_ONLY) as f:
                        fmt = batch.guess_format(self._path, batch.decode(f.read(65536)))
                except (OSError, DataError):
                    fmt = "lines"
        job = BatchJob(
            path=self._path if not text else "",
            text=text,
            fmt=fmt,
            column=self._column(),
            header=self.header_box.isChecked(),
        )
        self._checked_column = job.column
        self._column_timer.stop()
        self._all = []
        self.model.set_rows([])
        self.model.sort(-1)
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.summary_model.set_rows([])
        self._running = True
        self._update_buttons()
        self.status.setText(self.tr("Reading…"))
        self._tally = _Tally()
        _gc_pause()
        self.worker.run(job)

    def cancel(self) -> None:
        """Stop the running check after the chunk in hand; the rows so far stay."""
        self.worker.cancel()

    def export(self, path: str, fmt: str, *, shown_only: bool | None = None) -> None:
        """Write the rows (in line order) to *path* as "jsonl" or "csv", in the worker.

        Every row checked, whatever the filters; or, with *shown_only* (by default: the "Only the
        rows shown" box), only the rows the filters show.
        """
        if self._running or not self._all:
            return
        if shown_only is None:
            shown_only = self.export_shown_box.isChecked()
        rows = self._filtered(self._all) if shown_only else self._all
        if not rows:
            a11y.show(self.status, self.tr("No rows to export: the filters show none."))
            return
        self._running = True
        self._exporting = path
        self._update_buttons()
        self.progress.setFormat(self.tr("Exporting: %v of %m rows"))
        self.status.setText(self.tr("Exporting to {path}…").format(path=_esc(path)))
        self.worker.export(path, fmt, [r.input for r in rows])

    def shutdown(self) -> None:
        """Stop a running check and wait for the worker (the pane or the window is going away)."""
        self.worker.cancel()
        self.worker.wait()
        if not gc.isenabled():  # a run stopped before its end: the collector must not stay paused
            gc.enable()

    # ------------------------------------------------------------------ filters
    def apply_filters(self) -> None:
        """Show the rows that pass the filters (only problems, one code, text), keeping the sort."""
        self.model.set_rows(self._filtered(self._all))
        self._show_counts()

    def _filtered(self, rows: list[BatchRow]) -> list[BatchRow]:
        only = self.problems_only.isChecked()
        code = self.code_box.currentData() or ""
        needle = self.search.text().strip().casefold()
        if not (only or code or needle):
            return rows
        return [
            r
            for r in rows
            if (not only or r.has_problem)
            and (not code or code in r.codes)
            and (not needle or needle in r.input.casefold())
        ]

    def set_code_filter(self, code: str) -> None:
        """Show only rows with the diagnostic *code* ("" for any)."""
        i = self.code_box.findData(code)
        self.code_box.setCurrentIndex(max(i, 0))

    # -------------------------------------------------------------------- slots
    def _on_worker_started(self, total: int) -> None:
        self._pending = []
        self._progress = (0, total)
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(0)
        if self._exporting:  # an export: say so, never the check's "lines checked"
            self.status.setText(
                self.tr("Exporting {count} rows to {path}…").format(count=_num(total), path=_esc(self._exporting))
            )
            return
        self.progress.setFormat(self.tr("%v of %m lines"))
        self.status.setText(ngettext("{count} line…", "{count} lines…", total).format(count=_num(total)))

    def _on_worker_progress(self, done: int, total: int) -> None:
        self._progress = (done, total)
        if not self._flush_timer.isActive():
            self._flush_timer.start()

    def _on_worker_rows_ready(self, tuples: list[tuple[object, ...]]) -> None:
        rows = batch.rows_from_tuples(tuples)
        self._all.extend(rows)
        self._tally.add(rows)
        self._pending.extend(self._filtered(rows))
        if not self._flush_timer.isActive():
            self._flush_timer.start()

    def _flush(self) -> None:
        """Show the rows and progress that arrived since the last flush (a few times a second, not per chunk)."""
        self._flush_timer.stop()
        # The table takes the rows when the run ends: a repaint of a Python-backed table costs tens of
        # milliseconds of Python calls, which on a busy machine would make the window stutter during the run.
        if self._pending and not self._running:
            self.model.append_rows(self._pending)
            self._pending = []
        done, total = self._progress
        self.progress.setMaximum(max(total, 1))
        self.progress.setValue(done)
        if self._running and self._tally.rows and not self._exporting:
            t = self._tally
            self.status.setText(
                ngettext(
                    "{done} of {count} line checked: {valid} valid, {problems} with problems…",
                    "{done} of {count} lines checked: {valid} valid, {problems} with problems…",
                    total,
                ).format(done=_num(t.rows), count=_num(total), valid=_num(t.valid), problems=_num(t.problems))
            )

    def _on_worker_finished(self, cancelled: bool, seconds: float) -> None:
        self._running = False
        self._pending = []  # _show_summary puts every row in the table at once (one reset, not an insert and a reset)
        self._flush()
        _gc_resume()
        self._seconds = seconds
        self._show_summary(self._tally.summary())
        n = len(self._all)
        fields = {
            "count": _num(n),
            "seconds": format_number(round(seconds, 1)),
            "rate": _num(round(n / seconds)) if seconds > 0 else "",
        }
        if cancelled and seconds > 0 and n:
            done = ngettext(
                "Cancelled after {count} line in {seconds} s ({rate} tags/s).",
                "Cancelled after {count} lines in {seconds} s ({rate} tags/s).",
                n,
            )
        elif cancelled:
            done = ngettext(
                "Cancelled after {count} line in {seconds} s.", "Cancelled after {count} lines in {seconds} s.", n
            )
        elif seconds > 0 and n:
            done = ngettext(
                "Checked {count} line in {seconds} s ({rate} tags/s).",
                "Checked {count} lines in {seconds} s ({rate} tags/s).",
                n,
            )
        else:
            done = ngettext("Checked {count} line in {seconds} s.", "Checked {count} lines in {seconds} s.", n)
        a11y.show(self.status, done.format(**fields))
        self._update_buttons()

    def _on_worker_failed(self, message: str) -> None:
        self._running = False
        self._end_export()
        self._flush()
        _gc_resume()
        a11y.show(self.status, f"<b>{_esc(message)}</b>")
        self._update_buttons()

    def _on_worker_export_done(self, path: str, n: int) -> None:
        self._running = False
        self._end_export()
        self._flush()
        a11y.show(self.status, self.tr("Exported {count} rows to {path}.").format(count=_num(n), path=_esc(path)))
        self._update_buttons()

    def _end_export(self) -> None:
        self._exporting = ""
        self.progress.setFormat(self.tr("%v of %m lines"))

    def _on_open_button_clicked(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open a list of tags"), "", _OPEN_FILTER)
        if path:
            self.open_file(path)

    def _on_check_button_clicked(self) -> None:
        self.start()

    def _on_cancel_button_clicked(self) -> None:
        self.cancel()

    def _on_filter_changed(self, *_args: object) -> None:
        self.apply_filters()

    def _on_search_text_changed(self, _text: str) -> None:
        self._filter_timer.start()

    def _on_table_double_clicked(self, index: QModelIndex | QPersistentModelIndex) -> None:
        self._on_table_activated_row(index.row())

    def _on_table_activated_row(self, row: int) -> None:
        if 0 <= row < self.model.rowCount():
            self.open_tag_requested.emit(batch.editor_text(self.model.row_at(row).input[:100_000]))

    def _on_summary_clicked(self, index: QModelIndex) -> None:
        self.set_code_filter(self.summary_model.row_at(index.row())[0])

    def _on_export_json_button_clicked(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export as JSON lines"), "checked.jsonl", self.tr("JSON lines (*.jsonl)")
        )
        if path:
            self.export(path, "jsonl")

    def _on_export_csv_button_clicked(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export as CSV"), "checked.csv", self.tr("CSV (*.csv)"))
        if path:
            self.export(path, "csv")

    def _on_format_box_changed(self, _index: int) -> None:
        self._fill_columns()

    def _on_column_box_text_changed(self, _text: str) -> None:
        if self._checked_column is not None and not self._running:
            self._column_timer.start()

    def _recheck_for_column(self) -> None:
        """Check again with the column now chosen (issue 24: changing the column re-checks)."""
        if self._running or self._checked_column is None or self._column() == self._checked_column:
            return
        if self.column_box.isEnabled() and (self._path or self.input.toPlainText()):
            self.start()

    def _on_input_text_changed(self) -> None:
        if self.input.toPlainText():
            self._path = ""
            self.input.setPlaceholderText(
                self.tr("Paste tags here, one per line (or CSV, TSV, JSON lines), or open a file.")
            )
        self._fill_columns()
        self._update_buttons()

    # ------------------------------------------------------------------ helpers
    def _set_format_from(self, path: str, head: str) -> None:
        fmt = batch.guess_format(path, head)
        self.format_box.blockSignals(True)
        self.format_box.setCurrentIndex(max(self.format_box.findData(fmt), 0))
        self.format_box.blockSignals(False)
        self._fill_columns(head)

    def _fill_columns(self, head: str | None = None) -> None:
        fmt = self.format_box.currentData()
        text = head if head is not None else self.input.toPlainText()[:65536]
        if fmt == "auto":
            fmt = batch.guess_format("", text)
        names = batch.columns_of(text, fmt) if fmt in ("csv", "tsv", "jsonl") else []
        current = self.column_box.currentText()
        if current not in names and fmt in ("csv", "tsv", "jsonl"):
            # The column named like tags (lang, locale, tag…) or filled with them; never blindly the first (an id).
            current = batch.guess_column(text, fmt) or current
        self.column_box.blockSignals(True)
        self.column_box.clear()
        self.column_box.addItems(names)
        if current in names:
            self.column_box.setCurrentText(current)
        self.column_box.blockSignals(False)
        self.column_box.setEnabled(fmt in ("csv", "tsv", "jsonl"))
        self.header_box.setEnabled(fmt in ("csv", "tsv"))

    def _column(self) -> int | str:
        text = self.column_box.currentText().strip()
        if text.isdigit() and text not in [self.column_box.itemText(i) for i in range(self.column_box.count())]:
            return max(int(text) - 1, 0)
        return text or 0

    def _update_buttons(self) -> None:
        idle = not self._running
        self.check_button.setEnabled(idle and bool(self.input.toPlainText() or self._path))
        self.open_button.setEnabled(idle)
        self.cancel_button.setEnabled(self._running)
        self.export_json_button.setEnabled(idle and bool(self._all))
        self.export_csv_button.setEnabled(idle and bool(self._all))
        self.export_shown_box.setEnabled(idle and bool(self._all))
        self.table.setSortingEnabled(idle)

    def _show_summary(self, summary: Summary) -> None:
        self.summary_model.set_rows(summary.per_code)
        current = self.code_box.currentData()
        self.code_box.blockSignals(True)
        self.code_box.clear()
        self.code_box.addItem(self.tr("Any diagnostic code"), "")
        for code, _sev, n in summary.per_code:
            self.code_box.addItem(self.tr("{code} ({count})").format(code=code, count=_num(n)), code)
        self.code_box.setCurrentIndex(max(self.code_box.findData(current), 0))
        self.code_box.blockSignals(False)
        counts = {
            "rows": _num(summary.rows),
            "well_formed": _num(summary.well_formed),
            "valid": _num(summary.valid),
            "problems": _num(summary.with_problems),
            "blank": _num(summary.blank),
        }
        if summary.blank:
            text = self.tr(
                "{rows} lines: {well_formed} well-formed, {valid} valid, {problems} with problems; "
                "{blank} blank lines, counted apart."
            )
        else:
            text = self.tr("{rows} lines: {well_formed} well-formed, {valid} valid, {problems} with problems.")
        self.summary_label.setText(text.format(**counts))
        self.apply_filters()

    def _show_counts(self) -> None:
        shown = self.model.rowCount()
        if not self._running and self._all and shown != len(self._all):
            self.status.setText(
                ngettext("Showing {shown} of {count} row.", "Showing {shown} of {count} rows.", len(self._all)).format(
                    shown=_num(shown), count=_num(len(self._all))
                )
            )


def _gc_pause() -> None:
    """Stop the cyclic garbage collector while rows pour in.

    A million rows are a million tuples; each full collection would walk them all and pause the
    window for a second. Rows hold no cycles (reference counting frees them), so nothing is lost.
    """
    gc.disable()


def _gc_resume() -> None:
    """Start the collector again, with the objects alive now (the rows) set aside for good (``gc.freeze``)."""
    gc.freeze()
    gc.enable()


def _num(n: int) -> str:
    """Return *n* as the UI language writes numbers."""
    return format_number(n)


def _esc(text: str) -> str:
    import html

    return html.escape(batch.display_text(text, 500))
