"""Parse the record-jar text format of the IANA language tag registries (RFC 5646 §3.1.1).

A file is a sequence of records separated by lines holding only ``%%``. A record is
a sequence of fields ``Field-Name: body``; a line that starts with white space
continues the body of the field before it (the line break and the leading white
space fold into one space). Characters outside ASCII are written ``&#xHHHH;``.

>>> jar = parse_record_jar("File-Date: 2024-01-01\\n%%\\nType: language\\nSubtag: aa\\n"
...                        "Description: Afar\\n  people\\n")
>>> jar.header.fields
(('File-Date', '2024-01-01'),)
>>> jar.records[0].fields
(('Type', 'language'), ('Subtag', 'aa'), ('Description', 'Afar people'))
>>> jar.records[0].line
3
"""

from __future__ import annotations

import re
from operator import attrgetter

from ..text.frozen import Frozen, _set
from ..text.lazy import lazy_pattern

__all__ = ["RawRecord", "RecordJar", "RecordJarError", "decode_escapes", "parse_record_jar"]

# Compiled on first use: a start whose registry comes from its parse cache parses only the small extensions
# registry (which needs neither _NAME nor _ESCAPE); the full registry is parsed when its cache misses.
_NAME = lazy_pattern(r"[A-Za-z][A-Za-z0-9_-]*\Z")
_FAST_FIELD = lazy_pattern(r"^([A-Za-z][A-Za-z0-9_-]*)[ \t]*:[ \t]*(.*)$", re.MULTILINE)
_FOLD = lazy_pattern(r"[ \t]*\n[ \t]+")
_ESCAPE = lazy_pattern(r"&#x([0-9A-Fa-f]{1,6});")
# Control characters other than tab; CR and LF are removed before this is used.
_CONTROL = lazy_pattern(r"[\x00-\x08\x0b-\x1f\x7f]")


class RecordJarError(ValueError):
    """The text is not a well-formed registry file; carries the 1-based line number."""

    def __init__(self, message: str, line: int, source: str = "<registry>") -> None:
        self.message = message
        self.line = line
        self.source = source
        super().__init__(f"{source}, line {line}: {message}")


class RawRecord(Frozen):
    """One record: its fields in file order and the line its first field is on."""

    __slots__ = __match_args__ = ("fields", "line", "raw")
    _compared = attrgetter(*__match_args__)

    fields: tuple[tuple[str, str], ...]
    line: int
    raw: str  # the record's lines as in the file, for locating a field on error

    def __init__(self, fields: tuple[tuple[str, str], ...], line: int, raw: str = "") -> None:
        _set(self, "fields", fields)
        _set(self, "line", line)
        _set(self, "raw", raw)

    def get(self, name: str) -> str | None:
        """Return the first body of field *name* (case-insensitive), or None."""
        lname = name.lower()
        for key, value in self.fields:
            if key.lower() == lname:
                return value
        return None

    def get_all(self, name: str) -> tuple[str, ...]:
        """Return every body of field *name* (case-insensitive), in file order."""
        lname = name.lower()
        return tuple(value for key, value in self.fields if key.lower() == lname)

    def line_of(self, name: str) -> int:
        """Return the line of the first field *name*, or the record's own line."""
        lname = name.lower()
        for offset, text in enumerate(self.raw.split("\n")):
            key, colon, _ = text.partition(":")
            if colon and key.strip().lower() == lname:
                return self.line + offset
        return self.line


class RecordJar(Frozen):
    """A parsed file: the header record (``File-Date``) and the records after it."""

    __slots__ = __match_args__ = ("header", "records", "line_count")
    _compared = attrgetter(*__match_args__)

    header: RawRecord
    records: tuple[RawRecord, ...]
    line_count: int

    def __init__(self, header: RawRecord, records: tuple[RawRecord, ...], line_count: int) -> None:
        _set(self, "header", header)
        _set(self, "records", records)
        _set(self, "line_count", line_count)


_RAW_SETTERS = tuple(RawRecord.__dict__[name].__set__ for name in ("fields", "line", "raw"))


def decode_escapes(text: str) -> str:
    """Replace ``&#xHHHH;`` escapes with the characters they name; raise ValueError for a bad one.

    An escape of a control character (NUL included), of a surrogate or past U+10FFFF names no
    text a field can hold: the file is damaged, and the caller reports it with its line.

    >>> decode_escapes("Proven&#xE7;al")
    'Provençal'
    >>> decode_escapes("a&#x0;b")
    Traceback (most recent call last):
    ...
    ValueError: '&#x0;' is the escape of a control character (U+0000), which no field may hold
    """
    if "&#x" not in text:
        return text

    def _char(match: re.Match[str]) -> str:
        value = int(match.group(1), 16)
        if value > 0x10FFFF or 0xD800 <= value <= 0xDFFF:
            raise ValueError(f"{match.group(0)!r} names no character (U+{value:04X})")
        if value < 0x20 or 0x7F <= value <= 0x9F:
            raise ValueError(
                f"{match.group(0)!r} is the escape of a control character (U+{value:04X}), which no field may hold"
            )
        return chr(value)

    return _ESCAPE().sub(_char, text)


def parse_record_jar(text: str, source: str = "<registry>") -> RecordJar:
    """Parse record-jar *text*; raise RecordJarError naming the line of the first problem."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    if not text.strip():
        raise RecordJarError("the file is empty", 1, source)
    bad = _CONTROL().search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        code = ord(bad.group(0))
        raise RecordJarError(
            f"control character U+{code:04X} in the text (binary data or a damaged file?)", line, source
        )
    fast = _parse_fast(text)
    return fast if fast is not None else _parse_lines(text, source)


def _parse_fast(text: str) -> RecordJar | None:
    """Parse a file in the official layout quickly; return None for anything unusual.

    The official file has no blank lines and separates records with lines that are
    exactly ``%%``. Anything else (or any damage) goes to the line-by-line parser,
    which is slower but names the line of each problem.
    """
    if not text.endswith("\n") or "\n\n" in text or text.startswith("%%"):
        return None
    blocks = text[:-1].split("\n%%\n")
    records: list[RawRecord] = []
    line = 1
    findall = _FAST_FIELD().findall
    fold = _FOLD().sub
    new = object.__new__
    set_fields, set_line, set_raw = _RAW_SETTERS
    # Trailing blanks after a body are rare; strip them only when the file has any.
    strip_ends = " \n" in text or "\t\n" in text
    for block in blocks:
        nlines = block.count("\n") + 1
        folded = fold(" ", block) if ("\n " in block or "\n\t" in block) else block
        fields = findall(folded)
        if len(fields) != folded.count("\n") + 1 or block[:1] in (" ", "\t"):
            return None
        if strip_ends or "&#" in block:
            try:
                fields = [(n, decode_escapes(v.rstrip(" \t"))) for n, v in fields]
            except ValueError:
                return None  # the line-by-line parser reports it with its line
        rec = new(RawRecord)
        set_fields(rec, tuple(fields))
        set_line(rec, line)
        set_raw(rec, block)
        records.append(rec)
        line += nlines + 1
    if len(records) < 1:
        return None
    return RecordJar(header=records[0], records=tuple(records[1:]), line_count=line - 2)


def _parse_lines(text: str, source: str) -> RecordJar:
    """Parse *text* line by line, raising RecordJarError at the first problem."""
    lines = text.split("\n")
    trailing_newline = lines[-1] == ""
    if trailing_newline:
        lines.pop()

    records: list[RawRecord] = []
    names: list[str] = []
    bodies: list[str] = []
    raw_lines: list[str] = []
    record_line = 0
    good_names: set[str] = set()
    for number, line in enumerate(lines, 1):
        if line.endswith("\r"):
            line = line[:-1]
        first = line[:1]
        if first == "%" and line.rstrip() == "%%":
            if not names:
                raise RecordJarError("empty record ('%%' with no fields before it)", number, source)
            records.append(_finish(names, bodies, raw_lines, record_line, source))
            names, bodies, raw_lines = [], [], []
            continue
        if first == " " or first == "\t":
            if not names:
                raise RecordJarError("continuation line with no field before it", number, source)
            if line.strip():
                bodies[-1] = f"{bodies[-1]} {line.strip()}" if bodies[-1] else line.strip()
            raw_lines.append(line)
            continue
        if not line:
            continue  # blank lines carry nothing; the official file has none
        name, colon, body = line.partition(":")
        if colon and name not in good_names:
            if _NAME().match(name) is None:
                colon = ""
            else:
                good_names.add(name)
        if not colon:
            if number == len(lines) and not trailing_newline:
                raise RecordJarError(
                    f"the file ends in the middle of a line ({line[:40]!r}; truncated download?)", number, source
                )
            shown = line if len(line) <= 40 else line[:37] + "..."
            raise RecordJarError(f"expected 'Field-Name: value', found {shown!r}", number, source)
        if not names:
            record_line = number
        names.append(name)
        bodies.append(body.strip())
        raw_lines.append(line)

    if names:
        if not trailing_newline:
            raise RecordJarError("the file ends in the middle of a line (truncated download?)", len(lines), source)
        records.append(_finish(names, bodies, raw_lines, record_line, source))
    elif lines and lines[-1].rstrip() == "%%":
        raise RecordJarError("the file ends with '%%' and no record after it (truncated?)", len(lines), source)
    if not records:
        raise RecordJarError("no records found", 1, source)
    return RecordJar(header=records[0], records=tuple(records[1:]), line_count=len(lines))


def _finish(names: list[str], bodies: list[str], raw_lines: list[str], line: int, source: str) -> RawRecord:
    try:
        decoded = [decode_escapes(b) if "&#" in b else b for b in bodies]
    except ValueError as exc:
        at = next(
            (line + i for i, raw in enumerate(raw_lines) if "&#" in raw and str(exc)[1:-1].split("'")[0] in raw), line
        )
        raise RecordJarError(str(exc), at, source) from None
    return RawRecord(fields=tuple(zip(names, decoded, strict=True)), line=line, raw="\n".join(raw_lines))
