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

import codecs
import os
import sys
from collections.abc import Callable, Iterator
from stat import S_ISREG
from sys import getsizeof

from ..core.engine.checkjson import (
    MEMO_KEY_MAX,
    MEMO_SIZE,
    check_json_lines,
    clean_json_text,
    memo_json_lines,
    quick_json_bytes,
)
from .streams import MAX_LINE_BYTES, iter_stdin_lines, line_too_long

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    from typing import Any

    from ..core.engine.tag import TagEngine

__all__ = ["CHUNK", "MAX_JOBS", "BlockWriter", "check_json_live", "check_json_run", "flush_stdout", "live_blocks",
           "live_inputs", "live_jobs", "live_lines", "utf8_line", "would_wait"]  # fmt: skip

#: The most bytes read at once.
CHUNK = 1 << 16
#: ``--jobs`` above this is taken as this (each process loads the data).
MAX_JOBS = 16


def would_wait(fd: int) -> bool:
    """Return whether reading *fd* now would wait for input (True where that cannot be told).

    A regular file never waits (at its end a read returns nothing at once): asked first, so that a
    file's input needs no ``select`` (neither the module nor the call).
    """
    try:
        if S_ISREG(os.fstat(fd).st_mode):
            return False
        import select

        ready, _, _ = select.select([fd], [], [], 0)
    except (OSError, ValueError, ImportError):  # no select on this kind of file here: assume it would
        return True
    return not ready


def _stdin_lines(stream: Any = None) -> Iterator[str | None]:
    """Yield standard input's lines as they arrive, and None before a read that would wait."""
    src = stream if stream is not None else sys.stdin
    if src is None:
        return
    try:
        fd = src.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (a test's StringIO): plain lines
        yield from iter_stdin_lines(src)
        return
    # Read below Python's buffer (it holds nothing yet: nothing else reads standard input first).
    pending = _Pending()
    while True:
        if would_wait(fd):
            yield None
        try:
            chunk = os.read(fd, CHUNK)
        except InterruptedError:
            continue
        if not chunk:
            break
        for raw in pending.lines(chunk):
            yield _text(raw)
    if pending.rest:
        yield _text(bytes(pending.rest))


class _Pending:
    """The unfinished line of a byte stream: appended to in place (a 10 MB line costs linear time, not quadratic)
    and refused once it grows past :data:`.streams.MAX_LINE_BYTES` (a line that never ends cannot exhaust memory)."""

    def __init__(self) -> None:
        self.rest = bytearray()
        self.number = 0  # lines completed so far

    def lines(self, chunk: bytes) -> list[bytes]:
        """Take *chunk*; return the lines it completes (without their line breaks)."""
        self.rest += chunk
        if b"\n" not in chunk:
            if len(self.rest) > MAX_LINE_BYTES + 1:  # + 1: a CR before the line break is not the line's
                raise line_too_long(self.number + 1)
            return []
        if len(self.rest) > MAX_LINE_BYTES + 1:  # one of the lines may be too long (else none can be)
            for n, line in enumerate(bytes(self.rest).split(b"\n"), self.number + 1):  # the first too long
                if len(line) > MAX_LINE_BYTES + 1:
                    raise line_too_long(n)
        *done, last = bytes(self.rest).split(b"\n")
        self.number += len(done)
        self.rest = bytearray(last)
        return done


def live_lines(idle: Callable[[], object], stream: Any = None) -> Iterator[str]:
    """Yield the lines of standard input as they arrive; call *idle* before any read that would wait."""
    for line in _stdin_lines(stream):
        if line is None:
            idle()
        else:
            yield line


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
    input would wait, so memory stays one block and a live pipe gets each answer at once. Where
    standard input and output are real files, :class:`_ByteLoop` does the same on bytes.
    """
    raw = _ByteLoop.open(engine)
    if raw is not None:
        return raw.run(items)
    out = BlockWriter(write, flush)
    all_valid = True
    add = out.add
    for line, valid in memo_json_lines(engine, live_inputs(items, out.idle), memo):
        add(line + "\n")
        if not valid:
            all_valid = False
    out.close()
    return all_valid


def utf8_line(line: str) -> bytes:
    """Return the UTF-8 bytes of an output *line*, each lone surrogate (an undecodable input byte) as U+FFFD.

    The UTF-8 encoder takes a non-ASCII line one character at a time. A line whose characters are all
    Latin-1 (CPython then keeps it one byte a character, which its size tells) and ASCII but for the
    messages' '§' is encoded as Latin-1 (a copy) with each '§' (byte A7) then written as its two UTF-8
    bytes (C2 A7): the same bytes at a fraction of the cost. Any other line (a bidi isolate around
    quoted input is beyond Latin-1) goes to the encoder straight away; a lone surrogate cannot be
    encoded: that rare line is cleaned first.
    """
    if line.isascii():  # known without a look at the characters
        return line.encode("ascii")
    if getsizeof(line) - len(line) == _ONE_BYTE and line.replace("§", "").isascii():
        return line.encode("latin-1").replace(b"\xa7", b"\xc2\xa7")
    try:
        return line.encode("utf-8")
    except UnicodeEncodeError:
        return clean_json_text(line).encode("utf-8")


# What CPython adds to the length of a non-ASCII str of one byte a character (another kind is larger).
_ONE_BYTE = getsizeof("§" * 64) - 64


def _real_streams() -> tuple[int, Any] | None:
    """Return stdin's file descriptor and stdout's byte stream (its text layer flushed), or None (tests' fakes)."""
    try:
        fd = sys.stdin.fileno()
        out = sys.stdout.buffer
        if codecs.lookup(sys.stdout.encoding).name != "utf-8":
            return None
    except (AttributeError, OSError, ValueError, LookupError, TypeError):
        return None
    sys.stdout.flush()  # what the text layer holds goes first
    return fd, out


class _ByteLoop:
    """``check --json`` on bytes: stdin's raw lines are the memo's keys, the encoded output lines its values.

    A chunk's lines are looked up in the memo in one ``map`` and joined: no decoding, no encoding, no
    generator between reading and writing, no Python step per remembered line (on a column of repeated
    tags these cost more than the check). A tag not remembered is checked by the look-up itself (the
    memo's ``__missing__``), in order: it gets its encoded line from the fused quick line
    (:func:`.checkjson.quick_json_bytes`: most valid tags), else from :func:`.checkjson.check_json_lines`
    (fed one at a time), whose line is cleaned (U+FFFD for an undecodable byte, as the text writer does)
    and encoded once. The memo is bounded as :func:`.checkjson.memo_json_lines`'s.

    The memo keeps the line alone, not whether it was valid: a tag is remembered only after its first
    check, which clears the memo's ``all_valid`` when it is not valid, so a repeat never changes the answer.
    """

    def __init__(self, engine: TagEngine, fd: int, out: Any) -> None:
        self.fd = fd
        self.out = out
        self.memo = _Memo(engine)
        self.parts: list[bytes] = []

    @classmethod
    def open(cls, engine: TagEngine) -> _ByteLoop | None:
        """Return the loop over the real standard streams, or None where they are not files (tests' fakes)."""
        got = _real_streams()
        return cls(engine, got[0], got[1]) if got is not None else None

    def _flush(self) -> None:
        if self.parts:
            self.out.write(b"".join(self.parts))
            self.parts.clear()
        self.out.flush()

    def run(self, items: list[str]) -> bool:
        """Check every item ('-': the lines of stdin), writing as it goes; return whether all were valid."""
        parts = self.parts
        for item in items:
            if item != "-":
                parts.append(self.memo[item.encode("utf-8", "surrogateescape")])
                continue
            self._stdin()
        if parts:
            self.out.write(b"".join(parts))
            parts.clear()
        return self.memo.all_valid

    def _stdin(self) -> None:
        fd, parts = self.fd, self.parts
        line_of = self.memo.__getitem__  # a tag not held is checked by the look-up (_Memo.__missing__)
        pending = _Pending()
        cr = False  # a CR in the last chunk: a line it began may end in this one
        while True:
            if would_wait(fd):
                self._flush()
            try:
                chunk = os.read(fd, CHUNK)
            except InterruptedError:
                continue
            if not chunk:
                break
            raws = pending.lines(chunk)
            was_cr, cr = cr, b"\r" in chunk
            if cr or was_cr:
                raws = [raw[:-1] if raw.endswith(b"\r") else raw for raw in raws]
            parts += map(line_of, raws)  # in order: a tag new in this chunk is held from its first line on
            if len(parts) >= _BLOCK_LINES:
                self.out.write(b"".join(parts))
                parts.clear()
        if pending.rest:
            rest = bytes(pending.rest)
            parts.append(line_of(rest[:-1] if rest.endswith(b"\r") else rest))


_BLOCK_LINES = 2000


class _Memo(dict[bytes, bytes]):
    """The byte loop's memo (input line -> output line): a line it does not hold is checked when looked up.

    A look-up of a held line stays the dict's own (no Python call); ``__missing__`` checks a new one and
    stores its line (unless the line is too long to keep), clearing :attr:`all_valid` for a tag not valid.
    """

    __slots__ = ("all_valid", "box", "lines", "quick")

    def __init__(self, engine: TagEngine) -> None:
        super().__init__()
        self.box: list[str] = []
        self.lines = check_json_lines(engine, self._feed(), fused=False)  # the fused line is asked first
        self.quick = quick_json_bytes(engine)
        self.all_valid = True

    def _feed(self) -> Iterator[str]:
        while True:
            yield self.box.pop()

    def __missing__(self, key: bytes) -> bytes:
        tag = key.decode("utf-8", "surrogateescape")
        got = self.quick(tag)  # a valid tag
        if got is None:
            self.box.append(tag)
            line, valid = next(self.lines)
            got = utf8_line(line + "\n")
            if not valid:
                self.all_valid = False
        if len(key) <= MEMO_KEY_MAX:
            if len(self) >= MEMO_SIZE:
                self.clear()
            self[key] = got
        return got


def live_blocks(items: list[str], size: int) -> Iterator[list[str]]:
    """Yield the items ('-': stdin's lines as they arrive) in blocks of at most *size*; :data:`IDLE` before a wait.

    A block is cut short when the input has nothing more for now (it is yielded, then IDLE, before
    the read that waits), so a live pipe's lines are checked at once; a file fills every block.
    """
    from ..core.batch.distinct import IDLE  # the bulk runner's: imported when it runs (one job does without)

    block: list[str] = []
    for item in items:
        lines: Iterator[str | None] = _stdin_lines() if item == "-" else iter((item,))
        for tag in lines:
            if tag is None:
                if block:
                    yield block
                    block = []
                yield IDLE
                continue
            block.append(tag)
            if len(block) >= size:
                yield block
                block = []
    if block:
        yield block


def live_jobs(requested: int | None, items: list[str]) -> int:
    """Decide how many processes check: *requested* (capped at 16), else one.

    One by default: with the memo, one process spends less CPU than several (each loads the data,
    and every line crosses between processes), and a pipe's lines are answered at once
    (``benchmarks/bench_columns.py`` has the figures).
    """
    return max(1, min(requested, MAX_JOBS)) if requested is not None else 1


def check_json_run(load: Callable[[], TagEngine], items: list[str], jobs: int, write: Callable[[str], object]) -> bool:
    """Run ``check --json`` on *items* in *jobs* processes (order kept, streaming); return whether all were valid.

    More than one job: the core's one bulk runner (:func:`.distinct.check_json_parallel`), fed
    blocks of standard input as they arrive; this module only reads and writes.
    """
    streams = _real_streams()
    if jobs <= 1 or streams is None or not hasattr(os, "fork"):
        return check_json_live(load(), items, write, sys.stdout.flush)
    from ..core.batch.distinct import check_json_parallel  # not imported by one job: start-up counts

    sys.stdout.flush()
    return check_json_parallel(load, live_blocks(items, 4000), streams[1], jobs)
