"""The one bulk runner: work shared out among worker processes, results in order (Qt-free).

``bcp47 check --json --jobs N`` and the Batch pane (checks and exports) both run their work
through :class:`Runner`:

- **a process pool** of *jobs* workers; each builds its engine once (:func:`pool_init`, from the
  factory the caller hands in: this module never composes data) and the task functions read it
  with :func:`worker_engine`. The command line forks (the loaded engine's code is already in
  memory); the window spawns (a process that runs Qt must not fork);
- **order kept**: :meth:`Runner.map` yields the results in the order of the tasks, whatever order
  the workers finish in;
- **a crashed child redone**: a task whose worker died (or whose pool could not start) is run
  again in this process on the engine of *local_engine*, so a failed worker costs time, never rows;
- **cancel**: :meth:`Runner.cancel` (any thread) stops :meth:`Runner.map` before its next result;
  the workers are then let go without waiting for the tasks still queued;
- **bounded memory**: at most *window* tasks (2 × *jobs* by default) are in flight; the next is
  sent when the oldest is taken.

The memo per distinct value lives with the work: the Batch pane's workers remember the rows of
the tags they have checked (:func:`.lines.pool_check_block`), and ``check --json`` keeps one in the
parent so that only tags not seen go to the workers (:func:`.distinct.check_json_parallel`).

>>> def task(x: int) -> int: return x * x
>>> with Runner(0, lambda: None) as r:  # no worker processes: everything runs here
...     list(r.map([(task, (n,)) for n in range(5)]))
[0, 1, 4, 9, 16]
"""

from __future__ import annotations

import contextlib
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import concurrent.futures as cf

    from ..engine.tag import TagEngine

__all__ = ["FLUSH", "Handle", "Runner", "Task", "pool_init", "worker_engine"]

#: A task: a module-level function (it is sent to a worker by name) and its arguments.
Task = tuple[Callable[..., Any], tuple[Any, ...]]
#: Put among :meth:`Runner.map`'s tasks: every result before it is yielded, then FLUSH itself (write now).
FLUSH: Any = ("flush",)

_ENGINE: TagEngine | None = None


def pool_init(engine_factory: Callable[[], TagEngine | None], nice: int = 0) -> None:
    """Start a worker process: lower its priority by *nice* (a GUI it works for stays quick), build the engine.

    *engine_factory* is handed in by the caller (a module-level function when the pool spawns, so
    that it pickles by name). Niceness 5 at most: on a machine busy with other work, a lower
    priority would starve the check itself.
    """
    global _ENGINE
    if nice and hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(nice)
    _ENGINE = engine_factory()


def worker_engine() -> TagEngine:
    """Return the engine of this worker process (or of the task being redone here)."""
    if _ENGINE is None:
        raise RuntimeError("pool_init was not run in this process")
    return _ENGINE


class Handle:
    """A submitted task's result: its worker's, or, if the worker failed, the same task run in this process."""

    __slots__ = ("_fut", "_runner", "_task", "_value")

    def __init__(self, runner: Runner, task: Task, fut: cf.Future[Any] | None) -> None:
        self._runner, self._task, self._fut = runner, task, fut
        self._value: Any = _MISSING

    def result(self) -> Any:
        """Return the result (waiting for the worker, or redoing the task here when it failed)."""
        if self._value is _MISSING:
            if self._fut is None:
                self._value = self._runner.here(self._task)
            else:
                try:
                    self._value = self._fut.result()
                except Exception:  # a child that died (killed, out of memory), a pool that could not start
                    self._value = self._runner.here(self._task)  # costs time, never rows
        return self._value

    def done(self) -> bool:
        """Tell whether :meth:`result` would return without waiting for a worker."""
        return self._fut is None or self._value is not _MISSING or self._fut.done()


_MISSING: Any = object()


class Runner:
    """A pool of *jobs* worker processes (none when *jobs* is 0: every task runs here); see the module docstring.

    *engine_factory* builds each worker's engine; *local_engine* gives this process's engine for
    a task redone here (by default *engine_factory*, called once when first needed).
    """

    def __init__(
        self,
        jobs: int,
        engine_factory: Callable[[], TagEngine | None],
        *,
        start_method: str = "spawn",
        local_engine: Callable[[], TagEngine | None] | None = None,
        window: int | None = None,
        nice: int = 0,
    ) -> None:
        self.jobs = max(0, jobs)
        self.window = window if window is not None else max(2, 2 * self.jobs)
        self._local = local_engine or engine_factory
        self._here_engine: TagEngine | None = None
        self._cancelled = False
        self._pool: cf.ProcessPoolExecutor | None = None
        if self.jobs:
            # Imported here: `bcp47 check` without --jobs never pays for them (nor for the logging they import).
            import concurrent.futures as cf
            import multiprocessing

            try:
                self._pool = cf.ProcessPoolExecutor(
                    self.jobs,
                    mp_context=multiprocessing.get_context(start_method),
                    initializer=pool_init,
                    initargs=(engine_factory, nice),
                )
            except (OSError, ValueError, RuntimeError):  # no processes here (a sandbox, a frozen app): run here
                self._pool = None

    # ------------------------------------------------------------------ work
    def submit(self, fn: Callable[..., Any], *args: Any) -> Handle:
        """Send ``fn(*args)`` to a worker; return its :class:`Handle`."""
        task: Task = (fn, args)
        if self._pool is None:
            return Handle(self, task, None)
        try:
            return Handle(self, task, self._pool.submit(fn, *args))
        except (RuntimeError, OSError):  # the pool is broken (BrokenProcessPool is a RuntimeError): here from now on
            self._pool = None
            return Handle(self, task, None)

    def here(self, task: Task) -> Any:
        """Run *task* in this process, on the local engine (a failed worker's task, or no pool at all)."""
        global _ENGINE
        if self._here_engine is None:
            self._here_engine = self._local()
        saved, _ENGINE = _ENGINE, self._here_engine
        try:
            fn, args = task
            return fn(*args)
        finally:
            _ENGINE = saved

    def map(self, tasks: Iterable[Task]) -> Iterator[Any]:
        """Yield the result of each task, in order, with at most :attr:`window` in flight; stop on :meth:`cancel`.

        A :data:`FLUSH` among the tasks yields every result before it, then FLUSH itself. Results
        that are ready are yielded as soon as they are (a live input's answers go out at once).
        """
        pending: deque[Handle] = deque()
        for task in tasks:
            if self._cancelled:
                return
            if task is FLUSH:
                while pending:
                    yield pending.popleft().result()
                    if self._cancelled:
                        return
                yield FLUSH
                continue
            pending.append(self.submit(task[0], *task[1]))
            while pending and (len(pending) > self.window or pending[0].done()):
                yield pending.popleft().result()
                if self._cancelled:
                    return
        while pending:
            if self._cancelled:
                return
            yield pending.popleft().result()

    # --------------------------------------------------------------- control
    def cancel(self) -> None:
        """Stop :meth:`map` before its next result (any thread)."""
        self._cancelled = True

    @property
    def cancelled(self) -> bool:
        """Tell whether :meth:`cancel` was called."""
        return self._cancelled

    def close(self) -> None:
        """Let the workers go: after a full run wait for them (no zombies); after a cancel, do not."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=not self._cancelled, cancel_futures=True)

    def __enter__(self) -> Runner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
