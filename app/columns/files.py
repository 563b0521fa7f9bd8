"""Check a column of tags in a file: Parquet, CSV or JSON lines in, the same rows with the verdicts added out.

What ``bcp47 check --input FILE --column NAME --output FILE`` runs. The input is read in batches
(Parquet row groups, CSV blocks, JSON-lines blocks) and each batch is written as soon as it is
checked, so memory stays bounded by a batch and the memo of distinct tags, whatever the file's size.
Every input column is kept, in its order; the result's fields are added after them as columns named
``bcp47_<field>`` (:data:`.FIELDS`). The registry's File-Date and CLDR's version go into the output's
metadata: Parquet's key-value metadata; CSV and JSON lines have no place for it, so they get a
small JSON file beside the output (``OUTPUT.bcp47.json``).

Reading: a tag column whose bytes are not UTF-8 is read as bytes and checked as ``bcp47 check -``
reads stdin (bad bytes are reported as bad characters); the output writes each as U+FFFD. Other
problems (a missing column, a file that does not parse) raise :class:`ColumnFileError` with a
message that says where.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import FIELDS, check_arrow, data_versions

if TYPE_CHECKING:
    import pyarrow as pa

    from ..core.engine.tag import TagEngine

__all__ = ["FORMATS", "PREFIX", "ColumnFileError", "FileSummary", "check_file", "guess_format", "sidecar_path"]

#: The file formats, by name, with the file name endings that choose them.
FORMATS = {"parquet": (".parquet", ".pq"), "csv": (".csv",), "jsonl": (".jsonl", ".ndjson", ".json")}
#: The prefix of the added columns' names.
PREFIX = "bcp47_"
_BLOCK = 1 << 20  # bytes per CSV/JSON block: about 50,000 short rows


class ColumnFileError(Exception):
    """A file cannot be read or written as asked; the message says why."""


@dataclass(frozen=True, slots=True)
class FileSummary:
    """What :func:`check_file` did: rows, how many were not valid, null tags, and the data versions written."""

    rows: int
    invalid: int
    nulls: int
    versions: dict[str, str]


def guess_format(path: str) -> str | None:
    """Return the format its name's ending gives *path* (``parquet``, ``csv``, ``jsonl``), else None.

    >>> guess_format("tags.Parquet"), guess_format("x.ndjson"), guess_format("x.txt")
    ('parquet', 'jsonl', None)
    """
    low = path.lower()
    for name, endings in FORMATS.items():
        if low.endswith(endings):
            return name
    return None


def sidecar_path(output: str) -> str:
    """Return where the data versions of a CSV or JSON-lines *output* are written."""
    return output + ".bcp47.json"


def _batches(path: str, fmt: str, column: str) -> tuple[pa.Schema, Iterator[pa.RecordBatch], int | None]:
    """Open *path*; return its schema, its batches and its row count when the format knows it up front."""
    import pyarrow as pa

    try:
        if fmt == "parquet":
            import pyarrow.parquet as pq

            f = pq.ParquetFile(path)
            return f.schema_arrow, f.iter_batches(batch_size=65_536), f.metadata.num_rows
        if fmt == "csv":
            import pyarrow.csv as pcsv

            # The tag column as bytes: one that is not UTF-8 is checked as `bcp47 check -` reads stdin.
            reader = pcsv.open_csv(
                path,
                read_options=pcsv.ReadOptions(block_size=_BLOCK),
                # A quoted cell may hold a line break (RFC 4180): blocks are cut at record boundaries, never
                # inside a cell, so the second half of a cell is never read as a row of its own.
                parse_options=pcsv.ParseOptions(newlines_in_values=True),
                convert_options=pcsv.ConvertOptions(column_types={column: pa.binary()}),
            )
            return reader.schema, iter(reader), None
        import pyarrow.json as pjson

        reader = pjson.open_json(path, read_options=pjson.ReadOptions(block_size=_BLOCK))
        return reader.schema, iter(reader), None
    except FileNotFoundError as exc:
        raise ColumnFileError(f"cannot read {path}: no such file") from exc
    except (OSError, pa.ArrowException) as exc:
        raise ColumnFileError(f"cannot read {path} as {fmt}: {_first_line(exc)}") from exc


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


def _as_text(array: Any) -> Any:
    """Return a binary tag column as strings (bytes that are not UTF-8 as U+FFFD), any other column unchanged."""
    import pyarrow as pa

    t = array.type
    if not (pa.types.is_binary(t) or pa.types.is_large_binary(t)):
        return array
    try:
        return array.cast(pa.string())
    except pa.ArrowInvalid:
        return pa.array([None if b is None else b.decode("utf-8", "replace") for b in array.to_pylist()], pa.string())


def check_file(
    input_path: str,
    column: str,
    output_path: str,
    *,
    input_format: str | None = None,
    output_format: str | None = None,
    engine: TagEngine | None = None,
    progress: Callable[[int, int | None], object] | None = None,
) -> FileSummary:
    """Check the tags in *column* of *input_path* and write every row with the verdicts to *output_path*.

    The formats come from the names' endings unless given. *progress* is called after each
    batch with the rows done and the total (None when the format does not say it up front).
    """
    import pyarrow as pa

    fmt_in = input_format or guess_format(input_path)
    fmt_out = output_format or guess_format(output_path) or fmt_in
    if fmt_in is None:
        raise ColumnFileError(f"cannot tell the format of {input_path} from its name: give --format")
    if fmt_in not in FORMATS or fmt_out not in FORMATS:
        raise ColumnFileError(f"unknown format {fmt_in if fmt_in not in FORMATS else fmt_out!r}: one of "
                              f"{', '.join(FORMATS)}")  # fmt: skip
    if os.path.exists(output_path) and os.path.samefile(input_path, output_path):
        raise ColumnFileError(f"{output_path} is the input file: write the output to another file")
    schema, batches, total = _batches(input_path, fmt_in, column)
    if column not in schema.names:
        raise ColumnFileError(f"{input_path} has no column {column!r}; its columns: {', '.join(schema.names)}")
    added = [PREFIX + f for f in FIELDS]
    clash = [n for n in added if n in schema.names]
    if clash:
        raise ColumnFileError(f"{input_path} already has the column {clash[0]!r}, which the output adds")
    versions = data_versions(engine)
    rows = invalid = nulls = 0
    writer = _Writer(output_path, fmt_out, versions)
    try:
        try:
            for batch in batches:
                tags = batch.column(column)
                result = check_arrow(tags, engine)
                names = list(batch.schema.names)
                arrays = [_as_text(a) if n == column else a for n, a in zip(names, batch.columns, strict=True)]
                nulls += tags.null_count
                arrays += [result.field(i) for i in range(len(FIELDS))]
                out = pa.RecordBatch.from_arrays(arrays, names=names + added)
                if result.null_count:  # a null tag: null fields (a struct's children ignore its own nulls)
                    keep = result.is_valid()
                    out = pa.RecordBatch.from_arrays(
                        [*arrays[: len(names)], *(_masked(a, keep) for a in arrays[len(names) :])], names=names + added
                    )
                writer.write(out)
                rows += batch.num_rows
                valid = result.field(FIELDS.index("valid"))
                invalid += batch.num_rows - tags.null_count - _true_count(valid, result)
                if progress is not None:
                    progress(rows, total)
        except (pa.ArrowException, OSError) as exc:
            if isinstance(exc, OSError) and writer.failed:
                raise
            raise ColumnFileError(f"cannot read {input_path} as {fmt_in}: {_first_line(exc)}") from exc
        if writer.sink is None:  # no rows: the output still has the columns
            fields = [pa.field(n, pa.string()) if n == column else schema.field(n) for n in schema.names]
            writer.write(pa.RecordBatch.from_pylist([], schema=pa.schema(fields + list(_result_fields(added)))))
    finally:
        writer.close()
    return FileSummary(rows, invalid, nulls, versions)


def _result_fields(names: list[str]) -> Iterator[pa.Field]:
    import pyarrow as pa

    from . import result_type

    for name, field in zip(names, result_type(), strict=True):
        yield pa.field(name, field.type)


def _masked(array: Any, keep: Any) -> Any:
    import pyarrow.compute as pc

    return pc.if_else(keep, array, None)


def _true_count(valid: Any, result: Any) -> int:
    import pyarrow.compute as pc

    got = pc.sum(pc.and_(valid, result.is_valid())).as_py()
    return int(got or 0)


class _Writer:
    """Write batches to Parquet (with key-value metadata), CSV or JSON lines (with a sidecar of the versions)."""

    def __init__(self, path: str, fmt: str, versions: dict[str, str]) -> None:
        self.path = path
        self.fmt = fmt
        self.versions = versions
        self.sink: Any = None
        self.failed = False

    def write(self, batch: pa.RecordBatch) -> None:
        try:
            if self.sink is None:
                self._open(batch.schema)
            if self.fmt == "jsonl":
                lines = [json.dumps(row, ensure_ascii=False, default=str) for row in batch.to_pylist()]
                self.sink.write("\n".join(lines) + "\n" if lines else "")
            else:
                self.sink.write_batch(batch)
        except OSError as exc:
            self.failed = True
            raise ColumnFileError(f"cannot write {self.path}: {exc.strerror or exc}") from exc

    def _open(self, schema: pa.Schema) -> None:
        if self.fmt == "parquet":
            import pyarrow.parquet as pq

            meta = {**(schema.metadata or {}), **{k.encode(): v.encode() for k, v in self.versions.items()}}
            self.sink = pq.ParquetWriter(self.path, schema.with_metadata(meta))
            return
        with open(sidecar_path(self.path), "w", encoding="utf-8") as f:
            json.dump(self.versions, f, indent=1)
            f.write("\n")
        if self.fmt == "csv":
            import pyarrow.csv as pcsv

            self.sink = pcsv.CSVWriter(self.path, schema)
        else:
            self.sink = open(self.path, "w", encoding="utf-8")  # noqa: SIM115 (closed by close())

    def close(self) -> None:
        if self.sink is not None:
            self.sink.close()
            self.sink = None
