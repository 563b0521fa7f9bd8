"""Standard input as it arrives: results go out soon after their line comes in, in blocks, order kept.

A pipe from a live log gives a line now and then; a file gives megabytes at once. Both are read
the same way: in chunks of whatever is there (at most :data:`CHUNK` bytes), line by line. Before a
read that would wait for more input, :func:`live_lines` calls *idle*: the verb writes what it has
and flushes, so each result is out as soon as its line has been checked, while a file (always
ready) is read and written in large blocks, as fast as before. Memory stays one chunk plus what the
verb keeps per block, whatever the input's size.

Readings as :func:`.streams.iter_stdin_lines`: ``\\n`` ends a line, a ``\\r`` before it is dropped,
bytes that are not UTF-8 become U+DC80..U+DCFF.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from ..core.engine.checkjson import memo_json_lines
from .streams import iter_stdin_lines

if TYPE_CHECKING:
    from ..core.engine.tag import TagEngine

__all__ = ["CHUNK", "BlockWriter", "check_json_live", "live_inputs", "live_lines", "flush_stdout", "would_wait"]

#: The most bytes read at once.
CHUNK = 1 << 16


def would_wait(fd: int) -> bool:
    """Return whether reading *fd* now would wait for input (True where that cannot be told)."""
    try:
        import select

        ready, _, _ = select.select([fd], [], [], 0)
    except (OSError, ValueError, ImportError):  # no select on this kind of file here: assume it would
        return True
    return not ready


def live_lines(idle: Callable[[], object], stream: Any = None) -> Iterator[str]:
    """Yield the lines of standard input as they arrive; call *idle* before any read that would wait."""
    src = stream if stream is not None else sys.stdin
    if src is None:
        return
    try:
        fd = src.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (a test's StringIO): plain lines
        yield from iter_stdin_lines(src)
        return
    # Read below Python's buffer (it holds nothing yet: nothing else reads standard input first).
    rest = b""
    while True:
        if would_wait(fd):
            idle()
        try:
            chunk = os.read(fd, CHUNK)
        except InterruptedError:
            continue
        if not chunk:
            break
        lines = (rest + chunk).split(b"\n")
        rest = lines.pop()
        for raw in lines:
            yield _text(raw)
    if rest:
        yield _text(rest)


def flush_stdout() -> None:
    """Flush standard output (the *idle* of a verb that writes straight to it)."""
    if sys.stdout is not None:
        sys.stdout.flush()


def live_inputs(items: list[str], idle: Callable[[], object] = flush_stdout) -> Iterator[str]:
    """Yield the command's arguments, each '-' replaced by the lines of standard input as they arrive."""
    for item in items:
        if item == "-":
            yield from live_lines(idle)
        else:
            yield item


def _text(raw: bytes) -> str:
    if raw.endswith(b"\r"):
        raw = raw[:-1]
    return raw.decode("utf-8", "surrogateescape")


class BlockWriter:
    """Gather output text and write it in blocks: when a block is full, and whenever the input is idle.

    ``add`` one result's text; ``idle`` (given to :func:`live_lines`) writes what is gathered and
    flushes the stream, so a waiting reader gets every result of the lines read so far.
    """

    __slots__ = ("flush_stream", "limit", "parts", "write")

    def __init__(self, write: Callable[[str], object], flush: Callable[[], object], limit: int = 2000) -> None:
        self.write = write
        self.flush_stream = flush
        self.limit = limit
        self.parts: list[str] = []

    def add(self, text: str) -> None:
        """Add one result's text (with its newline); write the block when it is full."""
        parts = self.parts
        parts.append(text)
        if len(parts) >= self.limit:
            self.write("".join(parts))
            parts.clear()

    def idle(self) -> None:
        """Write what is gathered and flush: the input has nothing more for now."""
        if self.parts:
            self.write("".join(self.parts))
            self.parts.clear()
        self.flush_stream()

    def close(self) -> None:
        """Write what is left (without flushing: the CLI flushes at exit)."""
        if self.parts:
            self.write("".join(self.parts))
            self.parts.clear()


def check_json_live(
    engine: TagEngine,
    items: list[str],
    write: Callable[[str], object],
    flush: Callable[[], object],
    memo: dict[str, tuple[str, bool]] | None = None,
) -> bool:
    """Write ``bcp47 check --json``'s lines for *items* ('-': stdin as it arrives) in one process; return all valid.

    Each distinct tag is checked once (a bounded memo); lines go out in blocks, and whenever the
    input would wait, so memory stays one block and a live pipe gets each answer at once.
    """
    out = BlockWriter(write, flush)
    all_valid = True
    add = out.add
    for line, valid in memo_json_lines(engine, live_inputs(items, out.idle), memo):
        add(line + "\n")
        if not valid:
            all_valid = False
    out.close()
    return all_valid
