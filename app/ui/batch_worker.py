"""The batch checker's worker: checks and exports in worker processes, so the window never waits.

Why processes and not a thread: checking is pure Python, and a Python thread that computes
holds the GIL in 5 ms turns; every Python call Qt makes while painting a table (a dozen per
cell) then waits for a turn, so a repaint takes seconds. Here the heavy work runs in the core's
one bulk runner (:class:`..core.batch.runner.Runner`, the one ``bcp47 check --jobs`` uses), with
``spawn`` processes (no fork of a process that runs Qt; each child loads the bundled data
once); a ``QThreadPool`` thread only reads the file, hands out chunks and waits for results
(waiting releases the GIL), and sends back plain tuples that the pane turns into rows a chunk
at a time. Where no pool can be used (another registry file than the bundled one, whose engine
a child cannot rebuild; a frozen app; a pool that fails to start) and for small inputs, the
chunks run in the GUI thread in time slices of about 15 ms between events, so the window still
answers. Rows come in line order; ``cancel`` stops between chunks; exports work the same way.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from PySide6.QtCore import QElapsedTimer, QObject, QThreadPool, QTimer, Signal

from ..core.batch import lines as batch
from ..core.batch import runner
from ..core.data import bundled_engine
from ..core.engine.tag import TagEngine
from ..core.files.reading import DataError, open_regular
from ..core.files.safe_write import AtomicFile

__all__ = ["BatchWorker", "BatchJob", "POOL_MIN", "CHUNK", "BATCH_FILES_ONLY"]

#: Inputs with at least this many lines are checked in worker processes (below, slices are quicker).
POOL_MIN = 20_000
#: Why a FIFO or a device is refused as a source (the registry loader refuses them the same way).
BATCH_FILES_ONLY = "the Batch pane checks regular files only (save what a pipe or device gives to a file first)"
#: Lines per chunk (one signal per chunk; one task per chunk in the pool).
CHUNK = 2_000
#: Lines per time slice in the GUI thread, and the time a slice may take.
_SLICE = 200
_SLICE_MS = 15


class BatchJob:
    """What to check: a file path or pasted text, its format, the column and whether it has a header."""

    __slots__ = ("column", "fmt", "header", "path", "text")

    def __init__(
        self, *, path: str = "", text: str = "", fmt: str = "lines", column: int | str = 0, header: bool = True
    ) -> None:
        self.path = path
        self.text = text
        self.fmt = fmt
        self.column = column
        self.header = header


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class BatchWorker(QObject):
    """Check a batch job, or export rows, without stopping the GUI; report progress, rows and the end."""

    started = Signal(int)  # number of lines
    progress = Signal(int, int)  # done, total
    rows_ready = Signal(list)  # check_chunk tuples, in line order
    finished = Signal(bool, float)  # cancelled, seconds
    failed = Signal(str)
    export_done = Signal(str, int)  # path, rows
    export_failed = Signal(str)

    def __init__(self, engine: TagEngine, *, use_pool: bool = True, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._engine = engine
        self._cancel = False
        self._use_pool = use_pool
        self._threads = QThreadPool(self)
        self._threads.setMaxThreadCount(1)
        self._slicer: QTimer | None = None
        self._active: runner.Runner | None = None  # the bulk runner of the job in the thread pool

    # ------------------------------------------------------------------ public
    def cancel(self) -> None:
        """Ask the running job to stop after the chunk in hand (any thread)."""
        self._cancel = True
        active = self._active
        if active is not None:
            active.cancel()

    def wait(self, msecs: int = 10_000) -> None:
        """Wait for a job running in the thread pool (at shutdown)."""
        self._threads.waitForDone(msecs)

    def pool_usable(self, lines: int) -> bool:
        """Tell whether *lines* lines would go to worker processes."""
        return (
            self._use_pool
            and lines >= POOL_MIN
            and self._engine is bundled_engine()
            and not getattr(sys, "frozen", False)  # a frozen app cannot spawn itself as an interpreter
        )

    def run(self, job: BatchJob) -> None:
        """Read and check *job*; every line becomes a row, in order (returns at once)."""
        self._cancel = False
        if job.path:
            try:
                size = os.path.getsize(job.path)
            except OSError as exc:
                self.failed.emit(
                    self.tr("Cannot read {path}: {reason}").format(path=job.path, reason=exc.strerror or exc)
                )
                return
            big = size >= POOL_MIN * 8  # about POOL_MIN short lines
        else:
            big = job.text.count("\n") >= POOL_MIN
        if big and self.pool_usable(POOL_MIN):
            self._threads.start(lambda: self._run_in_pool(job))
            return
        try:
            prep = self._prepare(job)
        except DataError as exc:  # names the file and what it is
            self.failed.emit(self.tr("Cannot read {reason}").format(reason=exc))
            return
        except (OSError, ValueError, MemoryError) as exc:
            self.failed.emit(
                self.tr("Cannot read {path}: {reason}").format(
                    path=job.path or self.tr("the text"), reason=getattr(exc, "strerror", None) or exc
                )
            )
            return
        self._slice(self._check_slices(prep), time.perf_counter(), len(prep.lines))

    def export(self, path: str, fmt: str, tags: list[str]) -> None:
        """Write *tags*' check results to *path* as JSON lines ("jsonl") or CSV ("csv") (returns at once)."""
        self._cancel = False
        try:
            out = _ExportFile(path, lambda: self._cancel)
        except OSError as exc:
            self.export_failed.emit(
                self.tr("Cannot write {path}: {reason}").format(path=path, reason=exc.strerror or exc)
            )
            return
        self.started.emit(len(tags))
        if self.pool_usable(len(tags)):
            self._threads.start(lambda: self._export_in_pool(out, path, fmt, tags))
        else:
            self._slice(self._export_slices(out, path, fmt, tags), time.perf_counter(), len(tags), export=True)

    # ------------------------------------------------------------ GUI slices
    @staticmethod
    def _prepare(job: BatchJob) -> batch.Prepared:
        data: bytes | str
        if job.path:
            with open_regular(job.path, BATCH_FILES_ONLY) as f:
                data = f.read()
        else:
            data = job.text
        return batch.prepare(data, job.fmt, job.column, job.header)

    def _check_slices(self, prep: batch.Prepared) -> Iterator[int]:
        """Check *prep* a few lines at a time; yield the count done after each piece."""
        total = len(prep.lines)
        self.started.emit(total)
        done = 0
        pending: list[tuple[Any, ...]] = []
        for i in range(0, total, _SLICE):
            lines = prep.lines[i : i + _SLICE]
            numbers = prep.numbers[i : i + _SLICE] if prep.numbers is not None else None
            pending.extend(batch.check_raw(self._engine, prep.fmt, prep.key, prep.first_line + i, lines, numbers))
            done += len(lines)
            if len(pending) >= CHUNK or done == total:
                self.rows_ready.emit(pending)
                self.progress.emit(done, total)
                pending = []
            yield done
        if pending:
            self.rows_ready.emit(pending)

    def _export_slices(self, out: _ExportFile, path: str, fmt: str, tags: list[str]) -> Iterator[int]:
        done = 0
        try:
            for i in range(0, len(tags), _SLICE):
                part = tags[i : i + _SLICE]
                out.write(batch.export_chunk(self._engine, fmt, part, header=fmt == "csv" and i == 0))
                done += len(part)
                self.progress.emit(done, len(tags))
                yield done
            if not tags and fmt == "csv":
                out.write(batch.export_chunk(self._engine, fmt, [], header=True))
            out.close()
        except OSError as exc:
            out.discard()
            self.export_failed.emit(
                self.tr("Cannot write {path}: {reason}").format(path=path, reason=exc.strerror or exc)
            )
            return
        finally:
            out.discard()  # stopped early (cancelled): the file that was there stays as it was
        self.export_done.emit(path, done)

    def _slice(self, work: Iterator[int], t0: float, total: int, *, export: bool = False) -> None:
        """Run *work* in the GUI thread, about :data:`_SLICE_MS` ms at a time, until done or cancelled."""
        timer = QTimer(self)
        timer.setInterval(0)
        clock = QElapsedTimer()
        done = [0]

        def step() -> None:
            clock.start()
            while clock.elapsed() < _SLICE_MS:
                if self._cancel:
                    break
                n = next(work, None)
                if n is None:
                    break
                done[0] = n
            else:
                return
            timer.stop()
            timer.deleteLater()
            self._slicer = None
            if not export:
                self.finished.emit(done[0] < total, time.perf_counter() - t0)
            elif self._cancel:
                self.export_failed.emit(self.tr("The export was cancelled."))

        timer.timeout.connect(step)
        self._slicer = timer
        timer.start()

    # ---------------------------------------------------------- worker processes
    def _runner(self) -> runner.Runner:
        """Return the core's one bulk runner (as ``bcp47 check --jobs`` uses it): spawned workers, niceness 5."""
        r = runner.Runner(
            max(1, min(_cores(), 4)),
            bundled_engine,
            start_method="spawn",
            local_engine=lambda: self._engine,  # a crashed child's block is redone here, on this engine
            nice=5,
        )
        self._active = r
        if self._cancel:
            r.cancel()
        return r

    def _run_in_pool(self, job: BatchJob) -> None:
        """Cut the source into blocks of whole records (C-level work only) and check them in the processes."""
        t0 = time.perf_counter()
        try:
            data: bytes | str
            if job.path:
                with open_regular(job.path, BATCH_FILES_ONLY) as f:  # never a FIFO or device: see batch_pane
                    data = f.read()
                if data.startswith(b"\xef\xbb\xbf"):
                    data = data[3:]
            else:
                data = job.text
            if job.fmt not in {k for k, _label in batch.FORMATS}:
                raise ValueError(f"unknown format {job.fmt!r}")
        except DataError as exc:  # names the file and what it is
            self.failed.emit(self.tr("Cannot read {reason}").format(reason=exc))
            return
        except (OSError, ValueError, MemoryError) as exc:
            self.failed.emit(
                self.tr("Cannot read {path}: {reason}").format(
                    path=job.path or self.tr("the text"), reason=getattr(exc, "strerror", None) or exc
                )
            )
            return
        key: int | str = job.column
        start = 0
        total = batch.count_lines(data)
        if job.fmt in ("csv", "tsv") and job.header and total:
            first, start = batch.header_of(data)
            names = batch.columns_of(first, job.fmt)
            if isinstance(key, str) and key in names:
                key = names.index(key)
            total -= 1
        elif job.fmt in ("csv", "tsv") and isinstance(key, str) and key.isdigit():
            key = int(key) - 1
        self.started.emit(total)
        parts = list(batch.blocks(data, start, quoted=job.fmt in ("csv", "tsv")))  # a quoted cell may hold a break
        del data
        tasks = ((batch.pool_check_block, (job.fmt, key, before + 1, block)) for before, block in parts)
        done = 0  # lines read (a CSV record may span several): what the progress bar counts
        r = self._runner()
        try:
            for i, rows in enumerate(r.map(tasks)):
                done += batch.count_lines(parts[i][1])
                self.rows_ready.emit(rows)
                self.progress.emit(done, total)
        finally:
            r.close()
            self._active = None
        self.finished.emit(done < total, time.perf_counter() - t0)

    def _export_in_pool(self, out: _ExportFile, path: str, fmt: str, tags: list[str]) -> None:
        starts = range(0, len(tags), CHUNK)
        tasks = ((batch.pool_export_chunk, (fmt, tags[i : i + CHUNK], fmt == "csv" and i == 0)) for i in starts)
        done = 0
        r = self._runner()
        try:
            for text in r.map(tasks):
                out.write(text)
                done = min(done + CHUNK, len(tags))
                self.progress.emit(done, len(tags))
        except OSError as exc:
            out.discard()
            self.export_failed.emit(
                self.tr("Cannot write {path}: {reason}").format(path=path, reason=exc.strerror or exc)
            )
            return
        finally:
            r.close()
            self._active = None
            try:
                out.close()
            except OSError as exc:
                self.export_failed.emit(
                    self.tr("Cannot write {path}: {reason}").format(path=path, reason=exc.strerror or exc)
                )
                return
        if self._cancel:
            self.export_failed.emit(self.tr("The export was cancelled."))
        else:
            self.export_done.emit(path, len(tags))


class _ExportFile:
    """The export's text file, written through the app's one safe writer (:class:`.safe_write.AtomicFile`).

    Nothing replaces the chosen file until the export is complete; a cancelled or failed export
    leaves it as it was. Bytes that were not UTF-8 in a CSV's input go back out as the same bytes
    (surrogateescape); the JSON lines are already strict UTF-8 (U+FFFD), as ``bcp47 check --json``.
    """

    def __init__(self, path: str, cancelled: Callable[[], bool]) -> None:
        self._out: AtomicFile | None = AtomicFile(path, what="export")
        self._cancelled = cancelled

    def write(self, text: str) -> None:
        if self._out is not None:
            self._out.write(text.encode("utf-8", "surrogateescape"))

    def close(self) -> None:
        """Put the file in place, unless the export was cancelled (then discard it)."""
        out, self._out = self._out, None
        if out is None:
            return
        if self._cancelled():
            out.discard()
        else:
            out.commit()

    def discard(self) -> None:
        out, self._out = self._out, None
        if out is not None:
            out.discard()
