"""``check --json`` over a stream of tags in worker processes, each distinct tag checked once (Qt-free).

The parent keeps the memo: only tags it has not seen (nor sent) go to the workers of the one
:class:`.runner.Runner`, so a column of repeated tags costs its distinct values, and an
all-distinct one is shared out. Lines go out in input order. Blocks of at most the caller's size,
at most 2 × *jobs* in flight: memory is bounded by them and by the memo
(:data:`.checkjson.MEMO_SIZE` entries). When the input would wait (the caller puts :data:`IDLE`
among the blocks), every block sent is written and flushed, so a pipe gets its answers at once.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ..engine.checkjson import MEMO_KEY_MAX, MEMO_SIZE, check_json_lines, clean_json_text
from . import runner as bulk
from .runner import Handle, Runner, worker_engine

if TYPE_CHECKING:
    from ..engine.tag import TagEngine

__all__ = ["IDLE", "check_json_parallel", "check_lines_bytes", "pool_check"]

#: A block that stands for "the input would wait now": the caller writes everything it has.
IDLE: list[str] = []


def check_lines_bytes(engine: TagEngine, tags: list[str]) -> list[tuple[bytes, bool]]:
    """Return the output line (UTF-8, with its newline) and validity of each tag: what a worker sends back."""
    return [
        (((line if line.isascii() else clean_json_text(line)) + "\n").encode("utf-8"), valid)
        for line, valid in check_json_lines(engine, tags)
    ]


def pool_check(tags: list[str]) -> list[tuple[bytes, bool]]:
    """Check tags on the worker's engine (a :class:`.runner.Runner` task)."""
    return check_lines_bytes(worker_engine(), tags)


def check_json_parallel(
    load: Callable[[], TagEngine],
    blocks: Iterable[list[str]],
    out: Any,
    jobs: int,
    *,
    start_method: str = "fork",
    runner: Runner | None = None,
) -> bool:
    """Write ``check --json``'s lines (bytes) for *blocks* of tags to *out* with *jobs* workers; return all valid.

    *load* builds the engine (in each worker, and here for a worker's block redone after a crash);
    a *runner* given is used instead of a new one (and left open).
    """
    if runner is not None:
        return _run(runner, blocks, out, jobs)
    with bulk.Runner(jobs, load, start_method=start_method) as new:  # looked up here: one runner, one place
        return _run(new, blocks, out, jobs)


def _run(runner: Runner, blocks: Iterable[list[str]], out: Any, jobs: int) -> bool:
    memo: dict[bytes, tuple[bytes, bool]] = {}
    inflight: dict[bytes, tuple[Any, int]] = {}  # a tag sent and not yet back -> (its handle, its place)
    pending: deque[tuple[list[Any], list[bytes], Handle | None]] = deque()
    all_valid = True

    def send(block: list[str]) -> None:
        values: list[Any] = []
        misses: list[str] = []
        keys: list[bytes] = []
        handle = None
        for tag in block:
            key = tag.encode("utf-8", "surrogateescape")
            got: Any = memo.get(key) or inflight.get(key)
            if got is None:
                got = (None, len(misses))  # the handle is filled in below
                inflight[key] = got
                misses.append(tag)
                keys.append(key)
            values.append(got)
        if misses:
            handle = runner.submit(pool_check, misses)
            for key in keys:
                inflight[key] = (handle, inflight[key][1])
            values = [(handle, v[1]) if v[0] is None else v for v in values]
        pending.append((values, keys, handle))

    def write_one() -> None:
        nonlocal all_valid
        values, keys, handle = pending.popleft()
        if handle is not None:
            results = handle.result()
            if len(memo) + len(keys) > MEMO_SIZE:
                memo.clear()
            for key, got in zip(keys, results, strict=True):
                inflight.pop(key, None)
                if len(key) <= MEMO_KEY_MAX:
                    memo[key] = got
        parts = []
        for v in values:
            if isinstance(v[0], bytes):
                line, valid = v
            else:
                line, valid = v[0].result()[v[1]]
            parts.append(line)
            if not valid:
                all_valid = False
        out.write(b"".join(parts))

    for block in blocks:
        if block is IDLE:
            while pending:
                write_one()
            out.flush()
            continue
        send(block)
        while len(pending) > 2 * jobs or (pending and (pending[0][2] is None or pending[0][2].done())):
            write_one()
    while pending:
        write_one()
    return all_valid
