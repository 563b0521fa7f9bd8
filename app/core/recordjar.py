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
from dataclasses import dataclass

__all__ = ["RecordJarError", "RawRecord", "RecordJar", "parse_record_jar", "decode_escapes"]

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*\Z")
_ESCAPE = re.compile(r"&#x([0-9A-Fa-f]{1,6});")
# Control characters other than tab; CR and LF are removed before this is used.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


class RecordJarError(ValueError):
    """The text is not a well-formed registry file; carries the 1-based line number."""

    def __init__(self, message: str, line: int, source: str = "<registry>") -> None:
        self.message = message
        self.line = line
        self.source = source
        super().__init__(f"{source}, line {line}: {message}")


@dataclass(frozen=True, slots=True)
class RawRecord:
    """One record: its fields in file order and the line its first field is on."""

    fields: tuple[tuple[str, str], ...]
    line: int
    field_lines: tuple[int, ...]

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
        for (key, _), line in zip(self.fields, self.field_lines, strict=True):
            if key.lower() == lname:
                return line
        return self.line


@dataclass(frozen=True, slots=True)
class RecordJar:
    """A parsed file: the header record (``File-Date``) and the records after it."""

    header: RawRecord
    records: tuple[RawRecord, ...]
    line_count: int


def decode_escapes(text: str) -> str:
    """Replace ``&#xHHHH;`` escapes with the characters they name.

    >>> decode_escapes("Proven&#xE7;al")
    'Provençal'
    """
    if "&#x" not in text:
        return text

    def _char(match: re.Match[str]) -> str:
        value = int(match.group(1), 16)
        if value > 0x10FFFF or 0xD800 <= value <= 0xDFFF:
            return match.group(0)
        return chr(value)

    return _ESCAPE.sub(_char, text)


def parse_record_jar(text: str, source: str = "<registry>") -> RecordJar:
    """Parse record-jar *text*; raise RecordJarError naming the line of the first problem."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise RecordJarError("the file is empty", 1, source)
    bad = _CONTROL.search(text.replace("\r\n", "\n"))
    if bad:
        clean = text.replace("\r\n", "\n")
        line = clean.count("\n", 0, bad.start()) + 1
        code = ord(bad.group(0))
        raise RecordJarError(
            f"control character U+{code:04X} in the text (binary data or a damaged file?)", line, source
        )
    lines = text.split("\n")
    trailing_newline = lines[-1] == ""
    if trailing_newline:
        lines.pop()

    records: list[RawRecord] = []
    names: list[str] = []
    bodies: list[str] = []
    field_lines: list[int] = []
    record_line = 0
    good_names: set[str] = set()
    for number, line in enumerate(lines, 1):
        if line.endswith("\r"):
            line = line[:-1]
        first = line[:1]
        if first == "%" and line.rstrip() == "%%":
            if not names:
                raise RecordJarError("empty record ('%%' with no fields before it)", number, source)
            records.append(_finish(names, bodies, field_lines, record_line))
            names, bodies, field_lines = [], [], []
            continue
        if first == " " or first == "\t":
            if not names:
                raise RecordJarError("continuation line with no field before it", number, source)
            if line.strip():
                bodies[-1] = f"{bodies[-1]} {line.strip()}" if bodies[-1] else line.strip()
            continue
        if not line:
            continue  # blank lines carry nothing; the official file has none
        name, colon, body = line.partition(":")
        if colon and name not in good_names:
            if _NAME.match(name) is None:
                colon = ""
            else:
                good_names.add(name)
        if not colon:
            shown = line if len(line) <= 40 else line[:37] + "..."
            raise RecordJarError(f"expected 'Field-Name: value', found {shown!r}", number, source)
        if not names:
            record_line = number
        names.append(name)
        bodies.append(body.strip())
        field_lines.append(number)

    if names:
        if not trailing_newline:
            raise RecordJarError(
                "the file ends in the middle of a line (truncated download?)", len(lines), source
            )
        records.append(_finish(names, bodies, field_lines, record_line))
    elif lines and lines[-1].rstrip() == "%%":
        raise RecordJarError("the file ends with '%%' and no record after it (truncated?)", len(lines), source)
    if not records:
        raise RecordJarError("no records found", 1, source)
    return RecordJar(header=records[0], records=tuple(records[1:]), line_count=len(lines))


def _finish(names: list[str], bodies: list[str], field_lines: list[int], line: int) -> RawRecord:
    decoded = [decode_escapes(b) if "&#" in b else b for b in bodies]
    return RawRecord(fields=tuple(zip(names, decoded, strict=True)), line=line, field_lines=tuple(field_lines))
