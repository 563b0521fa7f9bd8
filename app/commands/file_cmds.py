"""``bcp47 check --input FILE --column NAME --output FILE``: a column of tags in a Parquet, CSV or JSON-lines file.

The work is :func:`bcp47_explorer.columns.files.check_file`; this module adds the options, the
progress line on stderr (when stderr is a terminal) and the messages. It needs pyarrow (the
``columns`` extra); without it the command says so.
"""

from __future__ import annotations

import sys
import time

from ..cli import EXIT_NO_MATCH, EXIT_OK, CommandError
from ..core.text.catalogue import _, ngettext
from ..core.text.formats import format_number

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    import argparse
    from typing import Any

__all__ = ["add_file_options", "run_check_file", "wants_file"]

_FORMATS = ("parquet", "csv", "jsonl")


def add_file_options(p: Any) -> None:
    """Add ``--input``, ``--column``, ``--output`` and ``--format`` to the ``check`` parser *p*."""
    g = p.add_argument_group(
        _("files"),
        _(
            "check a column of tags in a Parquet, CSV or JSON-lines file; the output keeps every column and adds "
            "{columns} (null where the tag is null), with the registry's File-Date and CLDR's "
            "version in its metadata (Parquet) or in {sidecar} beside it (CSV, JSON lines)"
        ).format(
            columns="bcp47_well_formed, bcp47_valid, bcp47_unicode_valid, bcp47_canonical, bcp47_unicode, bcp47_code, "
            "bcp47_message and bcp47_fix",
            sidecar="OUTPUT.bcp47.json",
        ),
    )
    g.add_argument("--input", metavar="FILE", help=_("the file to read (format from its name: .parquet, .csv, .jsonl)"))
    g.add_argument("--column", metavar="NAME", help=_("the column that holds the tags"))
    g.add_argument("--output", metavar="FILE", help=_("the file to write (format from its name, else the input's)"))
    g.add_argument(
        "--format",
        metavar="IN[,OUT]",
        help=_("the input format, and the output's after a comma, when the names do not say: {formats}").format(
            formats=", ".join(_FORMATS)
        ),
    )


def wants_file(args: argparse.Namespace) -> bool:
    """Return whether *args* ask for the file mode (any of its options given)."""
    return any(getattr(args, name, None) is not None for name in ("input", "column", "output", "format"))


def _formats(spec: str | None) -> tuple[str | None, str | None]:
    if spec is None:
        return None, None
    parts = [s.strip().lower() for s in spec.split(",")]
    if len(parts) > 2 or any(p not in _FORMATS for p in parts):
        raise CommandError(
            _("--format {spec}: give IN or IN,OUT, each one of {formats}").format(
                spec=repr(spec), formats=", ".join(_FORMATS)
            )
        )
    return parts[0], parts[-1]


class _Progress:
    """A progress line on stderr, redrawn at most every 0.2 s: rows done, and the share when the total is known."""

    def __init__(self) -> None:
        self.last = 0.0
        self.shown = False

    def __call__(self, rows: int, total: int | None) -> None:
        now = time.monotonic()
        if now - self.last < 0.2:
            return
        self.last = now
        share = f" ({rows / total:.0%})" if total else ""
        sys.stderr.write(
            "\rbcp47: "
            + ngettext("checked {count} row{share}", "checked {count} rows{share}", rows).format(
                count=format_number(rows), share=share
            )
        )
        sys.stderr.flush()
        self.shown = True

    def done(self) -> None:
        if self.shown:
            sys.stderr.write("\n")


def run_check_file(args: argparse.Namespace, engine: Any) -> int:
    """Run the file mode of ``bcp47 check``; return the exit status (1 when any tag is not valid)."""
    if args.input is None or args.column is None or args.output is None:
        raise CommandError(_("checking a file needs --input FILE, --column NAME and --output FILE"))
    if args.tags:
        raise CommandError(_("give tags or --input, not both"))
    fmt_in, fmt_out = _formats(args.format)
    try:
        from ..columns.files import ColumnFileError, check_file
    except ImportError as exc:
        raise CommandError(
            _("checking files needs pyarrow: pip install 'bcp47-explorer[columns]' ({error})").format(error=exc)
        ) from exc
    progress = _Progress() if sys.stderr is not None and sys.stderr.isatty() else None
    try:
        summary = check_file(
            args.input,
            args.column,
            args.output,
            input_format=fmt_in,
            output_format=fmt_out,
            engine=engine,
            progress=progress,
        )
    except ColumnFileError as exc:
        raise CommandError(str(exc)) from exc
    finally:
        if progress is not None:
            progress.done()
    v = summary.versions
    print(
        "bcp47: "
        + ngettext(
            "{count} row checked ({invalid} not valid, {nulls} null), written to {output} (registry File-Date "
            "{date}, CLDR {cldr})",
            "{count} rows checked ({invalid} not valid, {nulls} null), written to {output} (registry File-Date "
            "{date}, CLDR {cldr})",
            summary.rows,
        ).format(
            count=format_number(summary.rows),
            invalid=format_number(summary.invalid),
            nulls=format_number(summary.nulls),
            output=args.output,
            date=v["bcp47_registry_file_date"],
            cldr=v["bcp47_cldr_version"],
        ),
        file=sys.stderr,
    )
    return EXIT_NO_MATCH if summary.invalid else EXIT_OK
