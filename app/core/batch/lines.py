"""Check many tags at once: read them from text or a file, check each, and summarize (Qt-free).

Sources (:func:`read_source`): one tag per line; CSV or TSV with a column to choose (by index or
header name; a quoted cell may hold a line break, as RFC 4180 allows: its record is read whole and
numbered by its first line, and blocks for worker processes are cut between records); JSON lines
(each line a JSON string, or an object with a key to choose). Bytes that are not UTF-8 become
U+DC80..U+DCFF (as ``bcp47 check -`` reads them), so the engine reports them as bad characters in
their row; a line longer than :data:`HUGE_LINE` characters is checked whole and its row says so. No
line is ever dropped: a line from which no tag can be taken (a CSV row without the column, a JSON
line that does not parse) is checked as written and its row carries a note saying why.

Each line becomes one :class:`BatchRow`: the verdicts, the RFC 5646 canonical form, the
diagnostic codes (errors first) and the counts per severity. The message of a code is not kept
per row (a million rows would hold a million strings): :func:`first_problem` asks the engine
again for the row shown. The export (:func:`export_json_lines`) is :func:`.checkjson.check_json_lines`
over the same tags, so it equals ``bcp47 check --json`` byte for byte.

>>> from ..data import bundled_engine
>>> src = read_source(b"en-US\\nen_US\\n\\xff\\n", "lines")
>>> [line.tag for line in src]
['en-US', 'en_US', '\\udcff']
>>> rows = check_lines(bundled_engine(), src)
>>> [(r.line, r.well_formed, r.codes[:1]) for r in rows]
[(1, True, ()), (2, False, ('underscore-separator',)), (3, False, ('bad-character',))]
>>> rows[2].note
'not valid UTF-8: undecodable bytes are shown as U+DCxx'
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from ..engine.checkjson import check_json_lines, clean_json_text
from ..engine.unicode_validity import verdict_of
from ..grammar.diagnostics import severity_of
from ..grammar.parser import parse
from ..grammar.quoting import with_badges
from ..grammar.values import Severity
from ..text.catalogue import N_, _
from ..text.formats import format_number
from .runner import worker_engine

if TYPE_CHECKING:
    from ..engine.tag import TagEngine

__all__ = [
    "FORMATS",
    "HUGE_LINE",
    "SourceLine",
    "BatchRow",
    "Summary",
    "split_lines",
    "guess_format",
    "columns_of",
    "read_source",
    "check_lines",
    "check_chunk",
    "row_from_tuple",
    "rows_from_tuples",
    "Prepared",
    "count_lines",
    "blocks",
    "header_of",
    "check_block",
    "pool_check_block",
    "prepare",
    "source_lines",
    "check_raw",
    "pool_check_raw",
    "export_chunk",
    "severity_name",
    "pool_export_chunk",
    "decode",
    "summarize",
    "first_problem",
    "export_json_lines",
    "export_csv",
    "display_text",
    "CSV_FIELDS",
    "csv_records",
    "BLANK",
    "NOTES",
    "note_text",
    "TAG_COLUMN_NAMES",
    "guess_column",
    "editor_text",
]

#: Source formats: (key, label).
FORMATS = (("lines", N_("One tag per line")), ("csv", "CSV"), ("tsv", "TSV"), ("jsonl", N_("JSON lines")))
#: Lines longer than this are checked whole but shown cut, with a note.
HUGE_LINE = 1000
#: The fields of the CSV export: flat columns a spreadsheet can filter on (the first problem's code and message,
#: the counts per severity), ``fix`` (the repaired tag) and ``plausibility`` (CLDR's notes on a valid tag, joined
#: by " | "); the subtags and every diagnostic with its span are in the JSON lines export.
CSV_FIELDS = (
    "input", "well_formed", "valid", "unicode_valid", "canonical", "extlang_form", "first_code", "first_message",
    "errors", "warnings", "infos", "fix", "plausibility",
)  # fmt: skip
#: The note of a blank line (or an empty CSV/TSV row): counted apart, never as an ``empty-tag`` error of the batch.
BLANK = N_("a blank line")
#: The notes about a line, as templates. A row keeps its note in English (worker processes make it, the summary
#: compares it with :data:`BLANK`, and the exports write it as they write codes): :func:`note_text` words it in
#: the current language where it is shown.
NOTE_HUGE = N_("a line of {count} characters: checked whole, shown cut")
NOTE_UTF8 = N_("not valid UTF-8: undecodable bytes are shown as U+DCxx")
NOTE_BAD_ROW = N_("not a {format} row ({error}): checked as written")
NOTE_NO_COLUMN = N_("no column {column} in this row: the whole line is checked")
NOTE_NOT_JSON = N_("not JSON ({error}): the whole line is checked")
NOTE_DEEP_JSON = N_("JSON nested too deeply to read: the whole line is checked")
NOTE_NO_STRING_UNDER = N_("no string under {key}: the whole line is checked")
NOTE_NO_STRING = N_("no string here: the whole line is checked")
#: The messages of Python's JSON parser, worded where a note quoting one is shown (the note keeps Python's English).
JSON_ERRORS = {
    "Expecting value": N_("a value was expected"),
    "Expecting property name enclosed in double quotes": N_("a key in double quotes was expected"),
    "Expecting ',' delimiter": N_("a ',' was expected"),
    "Expecting ':' delimiter": N_("a ':' was expected"),
    "Extra data": N_("more text follows the value"),
    "Unterminated string starting at": N_("a string is not closed"),
    "Invalid control character at": N_("a control character is inside a string"),
    "Invalid \\escape": N_("a backslash escape is not valid"),
    "Invalid \\uXXXX escape": N_("a \\u escape is not valid"),
    "Illegal trailing comma before end of object": N_("a comma ends an object"),
    "Illegal trailing comma before end of array": N_("a comma ends an array"),
}
_JSON_ERROR = re.compile(r"(?P<message>.*): line \d+ column (?P<column>\d+) \(char \d+\)", re.DOTALL)
NOTES = (
    BLANK, NOTE_HUGE, NOTE_UTF8, NOTE_BAD_ROW, NOTE_NO_COLUMN, NOTE_NOT_JSON, NOTE_DEEP_JSON, NOTE_NO_STRING_UNDER,
    NOTE_NO_STRING,
)  # fmt: skip
#: Header names that say a column holds tags (compared without case, spaces, ``-`` and ``_``), best first.
TAG_COLUMN_NAMES = (
    "bcp47", "languagetag", "langtag", "tag", "locale", "localeid", "language", "lang", "hreflang", "languagecode",
    "langcode", "lc", "locales", "languages", "tags",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class SourceLine:
    """One line of the source: its number (from 1), the tag taken from it, and a note when something was off."""

    line: int
    tag: str
    note: str = ""


class BatchRow(NamedTuple):
    """The outcome of one line: RFC 5646 verdicts, the Unicode (UTS #35) verdict, canonical form, codes, counts.

    A named tuple rather than a dataclass: a million of them are made from the tuples worker
    processes send back, and ``tuple.__new__`` (:func:`rows_from_tuples`) costs a tenth of a
    frozen dataclass's ``__init__``.
    """

    line: int
    input: str
    well_formed: bool
    valid: bool
    unicode_valid: bool
    canonical: str | None
    codes: tuple[str, ...]  # distinct diagnostic codes, in the engine's order (errors first)
    errors: int
    warnings: int
    infos: int
    note: str

    @property
    def has_problem(self) -> bool:
        """Tell whether the row has an error or a warning, or a note about its line (a blank line is not a problem)."""
        return bool(self.errors or self.warnings or (self.note and self.note != BLANK))

    @property
    def is_blank(self) -> bool:
        """Tell whether the row is a blank line (counted apart from the tags)."""
        return self.note == BLANK


@dataclass(frozen=True, slots=True)
class Summary:
    """Counts over a batch: rows, verdicts, and rows per diagnostic code."""

    rows: int
    well_formed: int
    valid: int
    with_problems: int
    per_code: tuple[tuple[str, str, int], ...]  # (code, severity, rows), most frequent first
    blank: int = 0  # blank lines: rows, but neither tags nor problems


def split_lines(text: str) -> list[str]:
    """Split *text* into lines as ``bcp47 check -`` does: on LF, a CR before it dropped, no empty last line.

    >>> split_lines("a\\r\\nb\\n"), split_lines(""), split_lines("a\\n\\nb")
    (['a', 'b'], [], ['a', '', 'b'])
    """
    if not text:
        return []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    if "\r" not in text:
        return lines
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def decode(data: bytes | str) -> str:
    """Return *data* as text; bytes that are not UTF-8 become U+DC80..U+DCFF (a BOM is dropped)."""
    if isinstance(data, str):
        return data
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return data.decode("utf-8", errors="surrogateescape")


def guess_format(name: str, text: str) -> str:
    """Guess the format from a file name, else from the first line.

    >>> guess_format("tags.csv", ""), guess_format("x", '{"tag": "en"}'), guess_format("x", "en\\tfoo")
    ('csv', 'jsonl', 'tsv')
    """
    low = name.lower()
    for ext, fmt in ((".csv", "csv"), (".tsv", "tsv"), (".tab", "tsv"), (".jsonl", "jsonl"), (".ndjson", "jsonl")):
        if low.endswith(ext):
            return fmt
    first = text[:4096].split("\n", 1)[0].strip()
    if first[:1] in ("{", '"'):
        return "jsonl"
    if "\t" in first:
        return "tsv"
    return "lines"


def _reader(fmt: str, lines: Iterable[str]) -> Iterator[list[str]]:
    return csv.reader(lines, delimiter="\t" if fmt == "tsv" else ",")


def columns_of(text: str, fmt: str) -> list[str]:
    """Return the column names a source offers: the CSV/TSV header cells, or the keys of the first JSON object."""
    lines = split_lines(text[:65536])
    if not lines:
        return []
    if fmt in ("csv", "tsv"):
        try:
            return next(_reader(fmt, lines[:1]), [])
        except csv.Error:
            return []
    if fmt == "jsonl":
        try:
            first = json.loads(lines[0])
        except (ValueError, RecursionError):  # nested too deep for the parser: no keys to offer
            return []
        return [str(k) for k in first] if isinstance(first, dict) else []
    return []


def _name_key(name: str) -> str:
    return "".join(c for c in name.casefold() if c.isalnum())


def guess_column(text: str, fmt: str, *, by_values: bool = True) -> str:
    """Return the column (CSV/TSV header cell, JSON key) that holds the tags, or "" when none stands out.

    A header named like :data:`TAG_COLUMN_NAMES` (``lang``, ``language``, ``locale``, ``tag``…) wins;
    else (with *by_values*) the column whose values in the first 200 rows are most often well-formed
    tags (RFC 5646 §2.1), written in lower case (a column of names such as "Ann" is well-formed too).
    An ``id`` column of numbers is never a tag column.

    >>> guess_column("id,name,locale\\n1,x,en", "csv"), guess_column('{"n": 1, "Language_Tag": "en"}', "jsonl")
    ('locale', 'Language_Tag')
    """
    names = columns_of(text, fmt)
    if not names:
        return ""
    keys = [_name_key(n) for n in names]
    for wanted in TAG_COLUMN_NAMES:
        if wanted in keys:
            return names[keys.index(wanted)]
    if not by_values:
        return ""
    lines = split_lines(text[:65536])[1 if fmt in ("csv", "tsv") else 0 :][:200]
    samples = source_rows(lines, fmt, names)
    best, best_share = "", 0.75  # more than half well-formed, or all of them in any case
    for i, name in enumerate(names):
        values = [row[i] for row in samples if i < len(row) and row[i].strip()]
        if not values:
            continue
        formed = [v for v in values if parse(v).well_formed]
        share = len(formed) / len(values)
        # Names (Ann, Bo) are well-formed too; tags are written with their first subtag in lower case.
        share += sum(v.split("-", 1)[0].islower() for v in formed) / len(values) / 2
        if share > best_share:
            best, best_share = name, share
    return best


def source_rows(lines: Sequence[str], fmt: str, names: Sequence[str]) -> list[list[str]]:
    """Return the cells of CSV/TSV *lines* or the values (as text) under *names* of JSON *lines*."""
    if fmt in ("csv", "tsv"):
        records, _numbers = csv_records(lines, 1)
        try:
            return list(_reader(fmt, records))
        except csv.Error:
            return []
    rows = []
    for raw in lines:
        try:
            obj = json.loads(raw)
        except (ValueError, RecursionError):
            continue
        if isinstance(obj, dict):
            rows.append([v if isinstance(v := obj.get(n), str) else "" for n in names])
    return rows


def _line_note(text: str) -> str:
    notes = []
    if len(text) > HUGE_LINE:
        notes.append(NOTE_HUGE.format(count=f"{len(text):,}"))  # the English key: note_text() words the number
    if not text.isascii() and any(0xDC80 <= ord(c) <= 0xDCFF for c in text):
        notes.append(NOTE_UTF8)
    return "; ".join(notes)


def _note_pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile("".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.*)" for i, p in enumerate(parts)), re.DOTALL)


_NOTE_PATTERNS = tuple((t, _note_pattern(t)) for t in NOTES)


def _one_note(note: str) -> str | None:
    for template, pattern in _NOTE_PATTERNS:
        m = pattern.fullmatch(note)
        if m is None:
            continue
        fields = m.groupdict()
        if "count" in fields:
            fields["count"] = format_number(int(fields["count"].replace(",", "")))
        if template == NOTE_NOT_JSON and (j := _JSON_ERROR.fullmatch(fields["error"])) and j["message"] in JSON_ERRORS:
            fields["error"] = _("{problem}, at column {column}").format(
                problem=_(JSON_ERRORS[j["message"]]), column=format_number(int(j["column"]))
            )
        return _(template).format(**fields)
    return None


def note_text(note: str) -> str:
    """Return a row's note (English, as the row keeps it) worded in the current language, for the window.

    The fields stay as written: a format (CSV), a column or key as the source names it, and the JSON
    parser's own message (Python's, in English).

    >>> note_text(BLANK), note_text("a line of 1,200 characters: checked whole, shown cut")
    ('a blank line', 'a line of 1,200 characters: checked whole, shown cut')
    """
    if not note:
        return note
    whole = _one_note(note)
    if whole is not None:
        return whole
    pieces = note.split("; ")  # at most two: a huge line that is also not UTF-8 (_line_note)
    if len(pieces) == 2:
        first, second = _one_note(pieces[0]), _one_note(pieces[1])
        if first is not None and second is not None:
            return _("{note}; {other_note}").format(note=first, other_note=second)
    return note


@dataclass(frozen=True, slots=True)
class Prepared:
    """A source split into raw lines: the format, the column (index or key), the first line's number.

    For CSV/TSV, ``lines`` holds records (a quoted cell may span lines) and ``numbers`` the line
    number each starts on; elsewhere ``numbers`` is None and ``lines[i]`` is line ``first_line + i``.
    """

    fmt: str
    key: int | str
    first_line: int
    lines: list[str]
    numbers: list[int] | None = None


def csv_records(lines: Sequence[str], first_line: int) -> tuple[list[str], list[int]]:
    """Join the lines of each CSV/TSV record whose quoted cell holds a line break; return records and line numbers.

    A record ends at a line break outside quotes: where the quotes seen so far are even in number
    (an escaped ``""`` counts two). Only counting in C: a file without a multi-line cell costs one
    pass of ``str.count`` per line.

    >>> csv_records(['1,"en', 'US"', '2,fr'], 2)
    (['1,"en\\nUS"', '2,fr'], [2, 4])
    """
    records: list[str] = []
    numbers: list[int] = []
    open_parts: list[str] = []
    start = 0
    for n, line in enumerate(lines, first_line):
        quotes = line.count('"')
        if open_parts:
            open_parts.append(line)
            if quotes % 2:
                records.append("\n".join(open_parts))
                numbers.append(start)
                open_parts = []
        elif quotes % 2:
            open_parts = [line]
            start = n
        else:
            records.append(line)
            numbers.append(n)
    if open_parts:  # a quote never closed: the rest of the source is one record, as the CSV reader reads it
        records.append("\n".join(open_parts))
        numbers.append(start)
    return records, numbers


def prepare(data: bytes | str, fmt: str = "lines", column: int | str = 0, header: bool = True) -> Prepared:
    """Decode and split *data*; for CSV/TSV with *header*, resolve a column name and leave the header row out.

    Only C-level string work happens here (decode, split), so a GUI can call it without pausing for long;
    each line is read into a tag later, chunk by chunk (:func:`source_lines`), in a worker process.
    """
    if fmt not in {k for k, _label in FORMATS}:
        raise ValueError(f"unknown format {fmt!r}")
    lines = split_lines(decode(data))
    first = 1
    key: int | str = column
    if fmt in ("csv", "tsv"):
        if header and lines:
            first = 2
            if isinstance(column, str):
                names = columns_of(lines[0], fmt)
                key = names.index(column) if column in names else column
            del lines[0]
        elif isinstance(column, str):
            key = int(column) - 1 if column.isdigit() else column
        records, numbers = csv_records(lines, first)
        return Prepared(fmt, key, first, records, numbers)
    return Prepared(fmt, key, first, lines)


def count_lines(data: bytes | str) -> int:
    """Return how many lines :func:`split_lines` finds in *data* (counted in C, without splitting)."""
    if not data:
        return 0
    nl = b"\n" if isinstance(data, bytes) else "\n"
    return data.count(nl) + (0 if data.endswith(nl) else 1)  # type: ignore[arg-type]


def blocks(
    data: bytes | str, start: int = 0, size: int = 1 << 16, *, quoted: bool = False
) -> Iterator[tuple[int, bytes | str]]:
    """Cut *data* from offset *start* into blocks of whole lines of about *size*; yield (lines before, block).

    Only C-level searching and slicing: a GUI can cut a file of a million lines without a pause,
    and each worker decodes and splits its own block (a line break is never inside a UTF-8
    sequence, so blocks decode exactly as the whole would). With *quoted* (CSV, TSV) a block ends
    only at a line break outside quotes (an even number of ``"`` since the block's start), so a
    quoted cell that holds a line break stays in one block.
    """
    nl = b"\n" if isinstance(data, bytes) else "\n"
    quote = b'"' if isinstance(data, bytes) else '"'
    before = data.count(nl, 0, start) if start else 0  # type: ignore[arg-type]
    n = len(data)
    pos = start
    while pos < n:
        cut = data.find(nl, min(pos + size, n - 1))  # type: ignore[arg-type]
        if quoted and cut >= 0:
            odd = data.count(quote, pos, cut) % 2  # type: ignore[arg-type]
            while odd and cut >= 0:  # inside a quoted cell: the record goes on past this line break
                nxt = data.find(nl, cut + 1)  # type: ignore[arg-type]
                odd ^= data.count(quote, cut, n if nxt < 0 else nxt) % 2  # type: ignore[arg-type]
                cut = nxt
        end = n if cut < 0 else cut + 1
        block = data[pos:end]
        yield before, block
        before += block.count(nl)  # type: ignore[arg-type]
        pos = end


def header_of(data: bytes | str) -> tuple[str, int]:
    """Return the first line of *data* as text and the offset where the second line starts."""
    nl = b"\n" if isinstance(data, bytes) else "\n"
    cut = data.find(nl)  # type: ignore[arg-type]
    end = len(data) if cut < 0 else cut + 1
    first = decode(data[:end]).rstrip("\n").rstrip("\r")
    return first, end


def check_block(
    engine: TagEngine,
    fmt: str,
    key: int | str,
    first_line: int,
    block: bytes | str,
    seen: dict[str, RowTuple] | None = None,
) -> list[RowTuple]:
    """Decode, split, read and check one block of whole lines whose first line is number *first_line*."""
    items = [(s.line, s.tag, s.note) for s in source_lines(fmt, key, first_line, split_lines(decode(block)))]
    return check_chunk(engine, items, seen)


def source_lines(
    fmt: str, key: int | str, first_line: int, lines: Sequence[str], numbers: Sequence[int] | None = None
) -> list[SourceLine]:
    """Return the tag (and a note) of each raw line; *first_line* is the number of ``lines[0]``.

    CSV/TSV: *lines* are raw lines, joined here into records (:func:`csv_records`), unless
    *numbers* is given: then they are records already, and *numbers* their line numbers.
    """
    if fmt == "lines":
        return [SourceLine(n, t, _line_note(t) if t.strip() else BLANK) for n, t in enumerate(lines, first_line)]
    if fmt in ("csv", "tsv"):
        if numbers is None:
            lines, numbers = csv_records(lines, first_line)
        return [_csv_line(fmt, n, raw, key) for n, raw in zip(numbers, lines, strict=True)]
    return [
        _json_line(n, raw, key) if raw.strip() else SourceLine(n, raw, BLANK) for n, raw in enumerate(lines, first_line)
    ]


def read_source(data: bytes | str, fmt: str = "lines", column: int | str = 0, header: bool = True) -> list[SourceLine]:
    """Return the lines of *data* in *fmt*, each with the tag taken from it (see the module docstring).

    *column* is an index or a header name (CSV/TSV) or a key (JSON objects); with *header* the
    first CSV/TSV row names the columns and is not checked.
    """
    prep = prepare(data, fmt, column, header)
    return source_lines(prep.fmt, prep.key, prep.first_line, prep.lines, prep.numbers)


def _csv_line(fmt: str, n: int, raw: str, key: int | str) -> SourceLine:
    try:
        cells = next(_reader(fmt, [raw]), [])
    except csv.Error as exc:
        return SourceLine(n, raw, NOTE_BAD_ROW.format(format=fmt.upper(), error=exc))
    if isinstance(key, int) and 0 <= key < len(cells):
        tag = cells[key]
        return SourceLine(n, tag, _line_note(tag))
    if not raw.strip():
        return SourceLine(n, raw, BLANK)
    shown = key + 1 if isinstance(key, int) else key
    return SourceLine(n, raw, NOTE_NO_COLUMN.format(column=repr(shown)))


def _json_line(n: int, raw: str, key: int | str) -> SourceLine:
    try:
        value: Any = json.loads(raw)
    except ValueError as exc:
        return SourceLine(n, raw, NOTE_NOT_JSON.format(error=exc.args[0] if exc.args else exc))
    except RecursionError:  # a line such as 100,000 '[': Python's JSON parser recurses once per level
        return SourceLine(n, raw, NOTE_DEEP_JSON)
    if isinstance(value, dict):
        if isinstance(key, str):
            value = value.get(key)
        else:
            values = list(value.values())
            value = values[key] if 0 <= key < len(values) else None
    if isinstance(value, str):
        return SourceLine(n, value, _line_note(value))
    note = NOTE_NO_STRING_UNDER.format(key=repr(key)) if isinstance(key, str) else NOTE_NO_STRING
    return SourceLine(n, raw, note)


# --------------------------------------------------------------------------- checking
RowTuple = tuple[Any, ...]


def check_chunk(
    engine: TagEngine, lines: Sequence[tuple[int, str, str]], seen: dict[str, RowTuple] | None = None
) -> list[RowTuple]:
    """Check ``(line, tag, note)`` items; return plain tuples (cheap to send between processes).

    Repeated tags are checked once per chunk, or once per *seen* (a cache the caller keeps).
    """
    if seen is None:
        seen = {}
    analyse = engine.full_analysis
    error, warning = Severity.ERROR, Severity.WARNING
    out: list[RowTuple] = []
    for line, tag, note in lines:
        if note is BLANK or note == BLANK:  # not a tag: a row of its own kind, with no verdict and no code
            out.append((line, tag, False, False, False, None, (), 0, 0, 0, BLANK))
            continue
        got = seen.get(tag)
        if got is None:
            a = analyse(tag)
            uv = verdict_of(engine, a)  # the Unicode verdict (UTS #35), apart from RFC 5646's valid
            diags = (*a.diagnostics, *uv.own) if uv.diagnostics else a.diagnostics
            e = w = 0
            for d in diags:
                if d.severity is error:
                    e += 1
                elif d.severity is warning:
                    w += 1
            codes = tuple(dict.fromkeys(d.code for d in diags)) if diags else ()
            canonical = a.canonical_tag
            if canonical == tag:
                canonical = tag  # one string object for both fields: a million rows hold half the text
            got = (a.parse.well_formed, a.valid, uv.valid, canonical, codes, e, w, len(diags) - e - w)
            seen[tag] = got
        out.append((line, tag, *got, note))
    return out


def check_raw(
    engine: TagEngine,
    fmt: str,
    key: int | str,
    first_line: int,
    lines: Sequence[str],
    numbers: Sequence[int] | None = None,
) -> list[RowTuple]:
    """Read and check a chunk of raw lines (or CSV records, see :func:`prepare`); return :func:`check_chunk` tuples."""
    return check_chunk(engine, [(s.line, s.tag, s.note) for s in source_lines(fmt, key, first_line, lines, numbers)])


def pool_check_raw(fmt: str, key: int | str, first_line: int, lines: Sequence[str]) -> list[RowTuple]:
    """:func:`check_raw` on the worker's engine (:func:`.runner.worker_engine`), with the worker's memo."""
    items = [(s.line, s.tag, s.note) for s in source_lines(fmt, key, first_line, lines)]
    return check_chunk(worker_engine(), items, _worker_cache())


def _worker_cache() -> dict[str, RowTuple]:
    """Return this process's memo of checked tags, for the engine in use (emptied when it changes or grows large).

    A worker remembers the results of up to :data:`_WORKER_CACHE_MAX` distinct tags across its
    blocks: real lists repeat their tags a lot (``en-US`` a hundred thousand times).
    """
    global _CACHE_ENGINE
    engine = worker_engine()
    if _CACHE_ENGINE is not engine or len(_WORKER_CACHE) > _WORKER_CACHE_MAX:
        _WORKER_CACHE.clear()
        _CACHE_ENGINE = engine
    return _WORKER_CACHE


_CACHE_ENGINE: TagEngine | None = None
_WORKER_CACHE: dict[str, RowTuple] = {}
_WORKER_CACHE_MAX = 300_000


def export_chunk(engine: TagEngine, fmt: str, tags: Sequence[str], header: bool = False) -> str:
    """Return the export text of *tags*: JSON lines ("jsonl") or CSV rows ("csv", with the header row if asked)."""
    out: list[str] = []
    write = out.append
    if fmt == "jsonl":
        export_json_lines(engine, tags, write)
    else:
        export_csv(engine, tags, write, header=header)
    return "".join(out)


def pool_check_block(fmt: str, key: int | str, first_line: int, block: bytes | str) -> list[RowTuple]:
    """:func:`check_block` on the worker's engine, with the worker's memo of distinct tags."""
    cache = _worker_cache()
    return check_block(worker_engine(), fmt, key, first_line, block, cache)


def pool_export_chunk(fmt: str, tags: Sequence[str], header: bool = False) -> str:
    """:func:`export_chunk` on the worker's engine, in a worker process."""
    return export_chunk(worker_engine(), fmt, tags, header)


def row_from_tuple(t: RowTuple) -> BatchRow:
    """Return the row a :func:`check_chunk` tuple stands for."""
    return _new_row(BatchRow, t)


def rows_from_tuples(tuples: Iterable[RowTuple]) -> list[BatchRow]:
    """Return the rows of :func:`check_chunk` tuples (made in C, without a Python ``__init__`` per row)."""
    new = _new_row
    return [new(BatchRow, t) for t in tuples]


_new_row = tuple.__new__


def check_lines(
    engine: TagEngine, lines: Sequence[SourceLine], progress: Callable[[int], object] | None = None
) -> list[BatchRow]:
    """Check every line in this thread; call *progress* with the count done every 5,000 lines."""
    rows: list[BatchRow] = []
    step = 5000
    for i in range(0, len(lines), step):
        chunk = [(s.line, s.tag, s.note) for s in lines[i : i + step]]
        rows.extend(rows_from_tuples(check_chunk(engine, chunk)))
        if progress is not None:
            progress(len(rows))
    return rows


def summarize(rows: Sequence[BatchRow]) -> Summary:
    """Return the counts over *rows*: verdicts, rows with problems, and rows per diagnostic code."""
    per_code: Counter[str] = Counter()
    wf = valid = problems = blank = 0
    for r in rows:
        wf += r.well_formed
        valid += r.valid
        problems += r.has_problem
        blank += r.is_blank
        per_code.update(r.codes)
    ranked = sorted(per_code.items(), key=lambda kv: (-kv[1], kv[0]))
    return Summary(len(rows), wf, valid, problems, tuple((c, severity_name(c), n) for c, n in ranked), blank)


def first_problem(engine: TagEngine, row: BatchRow) -> str:
    """Return the first diagnostic of *row*'s tag as "code: message" ("" when it has none)."""
    if not row.codes:
        return ""
    diags = engine.check(row.input).diagnostics
    return f"{diags[0].code}: {diags[0].message}" if diags else ""


def display_text(text: str, limit: int = 200) -> str:
    """Return *text* fit for a table cell, cut after *limit* characters: each invisible or control character as
    the editor's named badge (``⟨NUL⟩``, ``⟨RLO⟩``), each undecodable byte (U+DCxx) as U+FFFD.

    >>> display_text("en\\x00-\\u202eUS\\udcff")
    'en⟨NUL⟩-⟨RLO⟩US�'
    """
    if len(text) > limit:
        text = text[:limit] + "…"
    if text.isascii() and text.isprintable():
        return text
    return with_badges("".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in text))


def editor_text(text: str) -> str:
    """Return *text* as the tag editor gets it: undecodable bytes as U+FFFD, every other character as it is."""
    if text.isascii():
        return text
    return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in text)


def export_json_lines(
    engine: TagEngine,
    tags: Iterable[str],
    write: Callable[[str], object],
    progress: Callable[[int], object] | None = None,
) -> int:
    """Write one ``bcp47 check --json`` line per tag through *write*; return how many."""
    n = 0
    batch: list[str] = []
    for line, _valid in check_json_lines(engine, tags):
        batch.append(clean_json_text(line))  # strict UTF-8, as `bcp47 check --json` writes it
        n += 1
        if len(batch) >= 2000:
            batch.append("")
            write("\n".join(batch))
            batch = []
            if progress is not None:
                progress(n)
    if batch:
        batch.append("")
        write("\n".join(batch))
    if progress is not None:
        progress(n)
    return n


def export_csv(
    engine: TagEngine,
    tags: Iterable[str],
    write: Callable[[str], object],
    progress: Callable[[int], object] | None = None,
    *,
    header: bool = True,
) -> int:
    """Write a CSV of flat columns (:data:`CSV_FIELDS`: verdicts, the first problem, counts); return the rows."""
    buf = io.StringIO()
    out = csv.writer(buf, lineterminator="\n")
    if header:
        out.writerow(CSV_FIELDS)
    n = 0
    for line, _valid in check_json_lines(engine, tags):
        obj = json.loads(line)
        diags = obj["diagnostics"]
        severities = Counter(d["severity"] for d in diags)
        out.writerow(
            [
                obj["input"],
                "true" if obj["well_formed"] else "false",
                "true" if obj["valid"] else "false",
                "true" if obj["unicode_valid"] else "false",
                obj["canonical"] or "",
                obj["extlang_form"] or "",
                diags[0]["code"] if diags else "",
                diags[0]["message"] if diags else "",
                severities["error"],
                severities["warning"],
                severities["info"],
                obj["fix"] or "",
                " | ".join(obj["plausibility"]),
            ]
        )
        n += 1
        if n % 2000 == 0:
            write(buf.getvalue())
            buf.seek(0)
            buf.truncate()
            if progress is not None:
                progress(n)
    write(buf.getvalue())
    if progress is not None:
        progress(n)
    return n


def severity_name(code: str) -> str:
    """Return the severity of *code* as text ("unknown" for a code newer than the diagnostics table)."""
    try:
        return str(severity_of(code))
    except KeyError:  # a code from newer data than the table: say so rather than fail
        return "unknown"
