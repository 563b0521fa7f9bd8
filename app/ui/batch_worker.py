"""The batch checker's worker: reads the source and checks it off the GUI thread, in processes when it pays.

A :class:`BatchWorker` runs its jobs in a thread of the pane's ``QThreadPool`` and signals
back to the GUI thread (queued). It reads the file (or takes the pasted
text), splits it into lines with :func:`..core.batch.read_source`, and checks them in chunks:
in this thread for small inputs, or in a pool of worker processes (``spawn``: no fork of a
process that runs Qt) when there are at least :data:`POOL_MIN` lines and the engine is the
bundled one (a child loads the bundled data itself; another registry file stays in this
thread). Rows come back in line order, a chunk at a time, through ``rows_ready``; ``cancel``
stops between chunks. The exports run here too.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import os
import sys
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from ..core import batch
from ..core.tag import TagEngine, bundled_engine

__all__ = ["BatchWorker", "BatchJob", "POOL_MIN", "CHUNK"]

#: Inputs with at least this many lines are checked in worker processes.
POOL_MIN = 50_000
#: Lines per chunk (one signal per chunk; one task per chunk in the pool).
CHUNK = 5_000


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


class BatchWorker(QObject):
    """Check a batch job off the GUI thread; report progress, rows, and the end."""

    started = Signal(int)  # number of lines
    progress = Signal(int, int)  # done, total
    rows_ready = Signal(list)  # a list of BatchRow, in line order
    finished = Signal(bool, float)  # cancelled, seconds
    failed = Signal(str)
    export_done = Signal(str, int)  # path, rows
    export_failed = Signal(str)

    def __init__(self, engine: TagEngine, *, use_pool: bool = True) -> None:
        super().__init__()
        self._engine = engine
        self._cancel = False
        self._use_pool = use_pool

    def cancel(self) -> None:
        """Ask the running job to stop after the chunk in hand (any thread)."""
        self._cancel = True

    def run(self, job: BatchJob) -> None:
        """Read and check *job*; every line becomes a row, in order."""
        self._cancel = False
        t0 = time.perf_counter()
        try:
            data: bytes | str
            if job.path:
                with open(job.path, "rb") as f:
                    data = f.read()
            else:
                data = job.text
            lines = batch.read_source(data, job.fmt, job.column, job.header)
            del data
        except (OSError, ValueError, MemoryError) as exc:
            self.failed.emit(f"Cannot read {job.path or 'the text'}: {getattr(exc, 'strerror', None) or exc}")
            return
        total = len(lines)
        self.started.emit(total)
        items = [(s.line, s.tag, s.note) for s in lines]
        del lines
        if self._use_pool and total >= POOL_MIN and self._engine is bundled_engine() and self._pool_allowed():
            done = self._run_pool(items, total)
        else:
            done = self._run_here(items, total)
        self.finished.emit(done < total, time.perf_counter() - t0)

    def _run_here(self, items: list[tuple[int, str, str]], total: int) -> int:
        done = 0
        for i in range(0, total, CHUNK):
            if self._cancel:
                break
            rows = [batch.BatchRow(*t) for t in batch.check_chunk(self._engine, items[i : i + CHUNK])]
            done += len(rows)
            self.rows_ready.emit(rows)
            self.progress.emit(done, total)
        return done

    @staticmethod
    def _pool_allowed() -> bool:
        # A frozen app (PyInstaller) cannot spawn itself as a Python interpreter without freeze_support.
        return not getattr(sys, "frozen", False)

    def _run_pool(self, items: list[tuple[int, str, str]], total: int) -> int:
        try:
            cores = len(os.sched_getaffinity(0))
        except (AttributeError, OSError):
            cores = os.cpu_count() or 1
        workers = max(1, min(cores, 4))
        chunks = [items[i : i + CHUNK] for i in range(0, total, CHUNK)]
        done = 0
        try:
            pool = cf.ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
        except (OSError, ValueError):
            return self._run_here(items, total)
        try:
            pending: list[tuple[int, cf.Future[list[tuple[Any, ...]]]]] = []
            nxt = 0
            window = workers * 2
            while nxt < len(chunks) or pending:
                while nxt < len(chunks) and len(pending) < window:
                    pending.append((nxt, pool.submit(batch.pool_check, chunks[nxt])))
                    nxt += 1
                index, fut = pending.pop(0)
                if self._cancel:
                    break
                try:
                    got = fut.result()
                except (cf.process.BrokenProcessPool, OSError):  # a child died: check that chunk here
                    got = batch.check_chunk(self._engine, chunks[index])
                rows = [batch.BatchRow(*t) for t in got]
                done += len(rows)
                self.rows_ready.emit(rows)
                self.progress.emit(done, total)
        finally:
            pool.shutdown(wait=False, cancel_futures=True)
        return done

    def export(self, path: str, fmt: str, tags: list[str]) -> None:
        """Write the rows' check results to *path* as JSON lines ("jsonl") or CSV ("csv")."""
        total = len(tags)
        self.started.emit(total)

        def progress(n: int) -> None:
            self.progress.emit(n, total)

        write_rows: Callable[..., int] = batch.export_json_lines if fmt == "jsonl" else batch.export_csv
        try:
            # surrogateescape: bytes that were not UTF-8 go back out as the same bytes, as `bcp47 check --json`
            # writes them to a pipe or file (Python's POSIX standard streams use surrogateescape).
            with open(path, "w", encoding="utf-8", errors="surrogateescape", newline="") as f:
                n = write_rows(self._engine, tags, f.write, progress)
        except OSError as exc:
            self.export_failed.emit(f"Cannot write {path}: {exc.strerror or exc}")
            return
        self.export_done.emit(path, n)
