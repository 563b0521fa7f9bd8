"""The CLI's standard streams: any input bytes, any locale, any output trouble, never a traceback.

Readings taken here (the CLI's README section says the same):

- Input is read as bytes, line by line (``\\n``; a ``\\r`` before it is dropped, so CRLF files
  work); bytes that are not UTF-8 become U+DC80..U+DCFF (``surrogateescape``) and are reported
  as bad characters by the engine, never a decoding error.
- Text output is written in the locale's encoding; what it cannot encode (``§`` under
  ``LC_ALL=C``, an undecodable input byte) is written as a backslash escape (``\\xa7``,
  ``\\udcff``).
- ``--json`` output is always UTF-8, whatever the locale, and every line is one JSON value a
  strict parser accepts: an undecodable input byte is written as U+FFFD (one code point for one,
  so the offsets in the JSON still hold), never as a lone surrogate.
- A write that fails (a full disk, a closed standard output) ends the run with one line on
  stderr and exit status 2; a reader that stops early (``| head``) ends it quietly.
- One input line may hold at most :data:`MAX_LINE_BYTES` (64 MiB, over six times the longest
  line anyone has fed the checker on purpose, 10 MB): a longer one (``< /dev/zero``, a line that
  never ends) stops the run with one line on stderr naming the line and the limit, exit status 2,
  before memory runs out.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterable, Iterator

from ..core.engine.checkjson import clean_json_text
from ..core.text.catalogue import _
from ..core.text.formats import format_number

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    from typing import Any, TextIO

__all__ = [
    "MAX_LINE_BYTES",
    "clean_json_text",
    "line_too_long",
    "read_stdin_bytes",
    "iter_stdin_lines",
    "prepare_streams",
    "use_json_stdout",
    "writer",
]


def prepare_streams() -> None:
    """Make the standard streams safe for any input and locale (the CLI run as a process only)."""
    for stream, errors in ((sys.stdin, "surrogateescape"), (sys.stdout, "backslashreplace"),
                           (sys.stderr, "backslashreplace")):  # fmt: skip
        if stream is not None and getattr(stream, "errors", None) != errors:
            # A stream that cannot be reconfigured (not a TextIOWrapper) is left as it is.
            with contextlib.suppress(AttributeError, ValueError, OSError):
                stream.reconfigure(errors=errors)  # type: ignore[union-attr]


def use_json_stdout() -> None:
    """Switch standard output to strict UTF-8 for ``--json`` (the writers replace lone surrogates first)."""
    with contextlib.suppress(AttributeError, ValueError, OSError):
        sys.stdout.reconfigure(encoding="utf-8", errors="strict")  # type: ignore[union-attr]


def writer(out: TextIO) -> Callable[[str], None]:
    """Return a write function for *out* that never fails on text: lone surrogates become U+FFFD."""

    def write(text: str) -> None:
        try:
            out.write(text)
        except UnicodeEncodeError:  # nothing was written: the text is encoded before it is buffered
            out.write(clean_json_text(text).encode(out.encoding or "utf-8", "backslashreplace").decode(
                out.encoding or "utf-8"))  # fmt: skip

    return write


#: The most bytes one line of standard input may hold (its line ending not counted).
MAX_LINE_BYTES = 64 << 20


def line_too_long(number: int) -> Exception:
    """Return the usage error for line *number* of standard input being longer than :data:`MAX_LINE_BYTES`."""
    from ..cli import CommandError

    return CommandError(
        _(
            "line {number} of standard input is longer than {mib} MiB ({bytes} bytes) without a line break; no "
            "language tag comes near that, so the input is refused (give one tag per line)"
        ).format(number=format_number(number), mib=MAX_LINE_BYTES >> 20, bytes=format_number(MAX_LINE_BYTES))
    )


def read_stdin_bytes(src: Any, chunk: int = 1 << 20) -> bytes:
    """Read the binary stream *src* whole, refusing it once a line grows past :data:`MAX_LINE_BYTES`."""
    parts: list[bytes] = []
    run = 0  # bytes since the last line break
    lines = 1
    while block := src.read(chunk):
        parts.append(block)
        first = block.find(b"\n")
        if first >= 0:  # the line that ends here, then only lines shorter than a block
            if run + first > MAX_LINE_BYTES + 1:  # + 1: a CR before the line break is not the line's
                raise line_too_long(lines)
            lines += block.count(b"\n")
            run = len(block) - block.rfind(b"\n") - 1
        else:
            run += len(block)
        if run > MAX_LINE_BYTES + 1:
            raise line_too_long(lines)
    return b"".join(parts)


def iter_stdin_lines(stream: Any = None) -> Iterator[str]:
    """Yield the lines of standard input one at a time, without their ``\\n`` or ``\\r\\n``.

    Bytes that are not UTF-8 become U+DC80..U+DCFF; memory stays one line, whatever the input size.
    """
    src = stream if stream is not None else sys.stdin
    if src is None:
        return
    buffer = getattr(src, "buffer", None)
    lines: Iterable[Any] = _bounded_lines(buffer) if buffer is not None else src
    for raw in lines:
        line = raw.decode("utf-8", "surrogateescape") if isinstance(raw, bytes) else raw
        if line.endswith("\n"):
            line = line[:-1]
        if line.endswith("\r"):  # CRLF, or a last line ending in CR
            line = line[:-1]
        yield line


def _bounded_lines(buffer: Any) -> Iterator[bytes]:
    """Yield the lines of the binary stream *buffer*, refusing one longer than :data:`MAX_LINE_BYTES`."""
    number = 0
    while raw := buffer.readline(MAX_LINE_BYTES + 3):  # room for the line and its CR LF
        number += 1
        if len(raw) > MAX_LINE_BYTES and len(raw.rstrip(b"\r\n")) > MAX_LINE_BYTES:
            raise line_too_long(number)
        yield raw


def report_write_error(exc: OSError) -> int:
    """Say on stderr that the output could not be written; return exit status 2.

    Standard output is pointed at the null device afterwards, so that the interpreter's own
    flush at exit finds nothing left to fail on.
    """
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    why = exc.strerror or str(exc)
    with contextlib.suppress(OSError, ValueError, AttributeError):
        print(_("bcp47: cannot write the output: {reason}").format(reason=why), file=sys.stderr, flush=True)
    return 2
