"""Registry verbs: ``lookup``, ``search``, ``registry info``, ``registry diff`` and ``registry download``."""

from __future__ import annotations

import argparse
import hashlib
from typing import Any

from ..cli import EXIT_NO_MATCH, EXIT_OK, CommandError, emit_json
from ..core import data
from ..core.names.finder import source_text
from ..core.registry.model import Record, RecordType, Registry
from ..core.registry.search import MatchKind
from ..core.registry.update import (
    DEFAULT_TIMEOUT,
    TOTAL_TIMEOUT,
    DownloadError,
    download_registry,
    keep_registry,
)
from ..core.text.catalogue import _
from .common import common_options, file_name, record_to_json, registry_for, warn_or_refuse

__all__ = ["register", "record_to_json"]  # record_to_json: re-exported from .common

_TYPES = [t.value for t in RecordType]
_SCOPES = ["macrolanguage", "collection", "special", "private-use", "none"]


def register(sub: Any) -> None:
    """Add the registry verbs to the ``bcp47`` parser."""
    p = sub.add_parser(
        "lookup",
        parents=[common_options()],
        help=_("show every registry record for codes or whole tags"),
        description=_(
            "Show every record of the Language Subtag Registry that a code names "
            "(a subtag of any type, a code inside a range such as qab, or a grandfathered/redundant tag), "
            "with all its fields. With --json, one JSON array: per code, its query and records (every field by name "
            "and in file order). Exit status 1 when some code matched nothing."
        ),
    )
    p.add_argument("codes", nargs="+", metavar="CODE")
    p.set_defaults(handler=_run_lookup)

    p = sub.add_parser(
        "search",
        parents=[common_options()],
        help=_("search codes, descriptions and comments"),
        description=_(
            "Search the registry by code (exact, then prefix) and by words of Description and "
            "Comments, ignoring case and diacritics, best matches first. With --json, one JSON object: query, total "
            "and the results, each a record with how it matched. Exit status 1 when nothing matched."
        ),
    )
    p.add_argument("text", nargs="+", metavar="TEXT", help=_("words to look for (all must match)"))
    p.add_argument("--type", dest="types", action="append", choices=_TYPES, help=_("only records of this Type"))
    p.add_argument("--scope", choices=_SCOPES, help=_("only records with this Scope ('none': without one)"))
    dep = p.add_mutually_exclusive_group()
    dep.add_argument("--deprecated", dest="deprecated", action="store_true", default=None, help=_("only deprecated"))
    dep.add_argument("--live", dest="deprecated", action="store_false", help=_("only records not deprecated"))
    p.add_argument("--limit", type=_positive, default=50, help=_("at most this many results (default 50; 0: all)"))
    p.add_argument(
        "--names",
        action="store_true",
        help=_(
            "search every name people use (registry Descriptions, CLDR names in every language and their alt "
            "forms, SIL's Ethnologue names, autonyms and alternate names), words in any order, each hit with its source"
        ),
    )
    p.set_defaults(handler=_run_search)

    reg = sub.add_parser("registry", help=_("facts about a registry file, or the changes between two"))
    reg_sub = reg.add_subparsers(dest="registry_verb", metavar="ACTION", parser_class=type(reg))
    reg_sub.required = True
    p = reg_sub.add_parser(
        "info",
        parents=[common_options()],
        help=_("File-Date, counts per Type and source"),
        description=_(
            "Show the File-Date, the number of records per Type and where the data came from "
            "(with --json, as one JSON object)."
        ),
    )
    p.set_defaults(handler=_run_info)
    p = reg_sub.add_parser(
        "download",
        parents=[common_options()],
        help=_("download the latest registry from IANA, check it and write it to a file"),
        description=_(
            "Download the Language Subtag Registry (from IANA, or from $BCP47_EXPLORER_REGISTRY_URL), "
            "parse it completely and check it against the bundled one, then write it to --output FILE, or with "
            "--keep into the app's data folder, where the next start of the app and of bcp47 use it (as the "
            "window's File > Download). Nothing is written when the download fails or does not parse. --timeout "
            "bounds each wait for the server, --deadline the whole exchange (a server that trickles its answer "
            "is cut off there). The check's findings are warnings on stderr; with --strict they stop the run "
            "before anything is written. This is the only verb that uses the network, and only when run. "
            "With --json, one object: url, file_date, records, written, findings."
        ),
    )
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument("--output", "-o", metavar="FILE", type=file_name, help=_("write the registry to FILE"))
    where.add_argument("--keep", action="store_true", help=_("keep it in the app's data folder (used from then on)"))
    p.add_argument("--url", type=_address, help=_("download from this http:// or https:// address instead"))
    p.add_argument("--timeout", type=_seconds, default=DEFAULT_TIMEOUT, help=_("seconds per wait (default 20)"))
    p.add_argument("--deadline", type=_seconds, default=TOTAL_TIMEOUT, help=_("seconds in all (default 300)"))
    p.set_defaults(handler=_run_download)
    p = reg_sub.add_parser(
        "diff",
        parents=[common_options()],
        help=_("records added, removed and changed between two registry files"),
        description=_(
            "Compare two registry files record by record and field by field. NEW defaults to the "
            "registry in use: the --registry file, else the bundled one. Exit status 0 when they hold the same "
            "records, 1 when they differ (like diff(1)). With --json, one JSON object: the File-Dates and the "
            "records added, removed and changed field by field."
        ),
    )
    p.add_argument("old", metavar="OLD", help=_("the older registry file"))
    p.add_argument("new", metavar="NEW", nargs="?", help=_("the newer registry file (default: the registry in use)"))
    p.set_defaults(handler=_run_diff)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("not a number of seconds: {text!r}").format(text=text)) from None
    if not 0 < value <= 86_400:
        raise argparse.ArgumentTypeError(_("must be more than 0 and at most 86400 seconds"))
    return value


def _address(text: str) -> str:
    """Return *text* as a download address; an empty, non-http(s) or malformed one is a usage error."""
    from ..core.registry.update import url_problem

    problem = url_problem(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return text


def _output_problem(path: str) -> str | None:
    """Say why the registry could not be written to *path*, before anything is downloaded."""
    import os

    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        return _("{path} is a folder; give a file name").format(path=path)
    if not os.path.isdir(folder):
        return _("{path}: the folder {folder} does not exist").format(path=path, folder=folder)
    if not os.access(folder, os.W_OK | os.X_OK):
        return _("{path}: no permission to write in {folder}").format(path=path, folder=folder)
    return None


def _run_download(args: argparse.Namespace) -> int:
    """Download, verify and write the registry; every failure is one plain line (exit status 2)."""
    import sys

    from ..core.files.safe_write import UnsafeWriteError, write_file

    if args.output is not None and (problem := _output_problem(args.output)) is not None:
        raise CommandError(problem)  # said before the download, not after it
    reference = registry_for(args)  # checked against the registry in use (--registry, else the bundled one)
    try:
        got = download_registry(reference, url=args.url, timeout=args.timeout, total_timeout=args.deadline)
    except DownloadError as exc:
        raise CommandError(str(exc)) from None
    findings = got.report.lines()
    warn_or_refuse(got.url, findings, args.strict)
    try:
        if args.keep:
            target = str(keep_registry(got.raw))
        else:
            write_file(args.output, got.raw, what="registry file")
            target = args.output
    except (UnsafeWriteError, OSError) as exc:
        raise CommandError(_("cannot write the registry: {reason}").format(reason=exc)) from None
    if args.json:
        emit_json(
            {
                "url": got.url,
                "file_date": got.registry.file_date,
                "records": len(got.registry),
                "written": target,
                "findings": findings,
            }
        )
    else:
        print(
            _("{url}: File-Date {date}, {count} records, written to {target}").format(
                url=got.url, date=got.registry.file_date, count=len(got.registry), target=target
            ),
            file=sys.stdout,
        )
    return EXIT_OK


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("not a whole number: {text!r}").format(text=text)) from None
    if value < 0:
        raise argparse.ArgumentTypeError(_("must be 0 or more"))
    return value


def _format_record(rec: Record) -> str:
    width = max(len(k) for k, _ in rec.fields)
    lines = [f"  {k + ':':<{width + 1}} {v}" for k, v in rec.fields]
    return "\n".join(lines)


def _run_lookup(args: argparse.Namespace) -> int:
    reg = registry_for(args)
    status = EXIT_OK
    results = []
    for code in args.codes:
        records = reg.lookup(code)
        if not records:
            status = EXIT_NO_MATCH
        if args.json:
            results.append({"query": code, "records": [record_to_json(r) for r in records]})
            continue
        if not records:
            print(_("{code}: no record in the registry (File-Date {date})").format(code=code, date=reg.file_date))
            continue
        for rec in records:
            if rec.is_range:
                print(_("{code}: {type} (inside the range {range})").format(code=code, type=rec.type, range=rec.code))
            else:
                print(f"{code}: {rec.type}")
            print(_format_record(rec))
        print()
    if args.json:
        emit_json(results)
    return status


def _run_search(args: argparse.Namespace) -> int:
    query = " ".join(args.text)
    if not query.strip():
        # The core lists every record for an empty query (the browser's unfiltered view); on the
        # command line that would be 9,000 lines labelled as text matches.
        raise CommandError(_("nothing to search for: give a code or some words of a description"))
    if args.names:
        return _run_name_search(args, query)
    reg = registry_for(args)
    limit = args.limit or None
    hits = reg.search(query, types=args.types, scope=args.scope, deprecated=args.deprecated)
    total = len(hits)
    shown = hits[:limit] if limit else hits
    if args.json:
        emit_json(
            {
                "query": query,
                "total": total,
                "results": [{"match": h.kind.value, **record_to_json(h.record)} for h in shown],
            }
        )
        return EXIT_OK if hits else EXIT_NO_MATCH
    if not hits:
        print(_("nothing matches {query}").format(query=repr(query)))
        return EXIT_NO_MATCH
    code_w = min(max(len(h.record.code) for h in shown), 16)
    for h in shown:
        rec = h.record
        flags = " " + _("(deprecated)") if rec.is_deprecated else ""
        why = (
            "" if h.kind in (MatchKind.CODE, MatchKind.CODE_PREFIX, MatchKind.WORD) else "  " + _("[in comments/text]")
        )
        print(f"{rec.type:<13} {rec.code:<{code_w}}  {rec.description}{flags}{why}")
    if total > len(shown):
        print(_("... {count} more (use --limit 0 for all)").format(count=total - len(shown)))
    return EXIT_OK


_NAME_KINDS = {"language": "language", "script": "script", "region": "region"}


def _run_name_search(args: argparse.Namespace, query: str) -> int:
    """Search the one name index (names/finder.py); --type language/script/region narrows it."""
    kinds = [_NAME_KINDS[t] for t in args.types or () if t in _NAME_KINDS]
    if args.types and not kinds:
        raise CommandError(_("--names searches languages, scripts and regions: --type language, script or region"))
    if kinds and "language" in kinds:
        kinds.append("tag")  # CLDR's dialect names (Brazilian Portuguese: pt-BR) are languages to a reader
    hits = data.bundled_name_finder().search(query, kinds=kinds or None, limit=args.limit or 10_000)
    if args.json:
        emit_json(
            {
                "query": query,
                "total": len(hits),
                "results": [
                    {"kind": h.kind, "code": h.code, "name": h.name, "source": h.source, "exact": h.exact} for h in hits
                ],
            }
        )
        return EXIT_OK if hits else EXIT_NO_MATCH
    if not hits:
        print(_("no name matches {query}").format(query=repr(query)))
        return EXIT_NO_MATCH
    code_w = min(max(len(h.code) for h in hits), 16)
    for h in hits:
        print(f"{h.kind:<9} {h.code:<{code_w}}  {h.name}  [{source_text(h.source)}]")
    return EXIT_OK


def _run_info(args: argparse.Namespace) -> int:
    path = args.registry or str(data.resource_path(data.REGISTRY_FILE))
    text = data.read_text(path)
    reg = Registry.from_text(text, source=path if args.registry else data.REGISTRY_FILE)
    counts = reg.counts()
    info: dict[str, Any] = {
        "file_date": reg.file_date,
        "records": len(reg),
        "counts": counts,
        "path": path,
        "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
        "source": "bundled" if not args.registry else "file",
    }
    if not args.registry:
        info["data_folder"] = str(data.resources_dir())
        info["extra"] = _bundled_extras()
    else:  # what the file lacks against the bundled registry, as for every verb (common.checked_registry)
        from ..core.registry.check import inspect

        info["problems"] = inspect(reg, text, data.bundled_registry()).lines()
        warn_or_refuse(path, info["problems"], args.strict)
    if args.json:
        emit_json(info)
        return EXIT_OK
    print(_("Language Subtag Registry  File-Date {date}  ({count} records)").format(date=reg.file_date, count=len(reg)))
    print("  " + _("file:   {path}").format(path=path))
    print(f"  sha256: {info['sha256']}")
    for type_, n in counts.items():
        print(f"  {type_:<14}{n:>6}")
    for line in info.get("extra", []):
        print(line)
    return EXIT_OK


def _bundled_extras() -> list[str]:
    """Describe the other bundled data files, tolerating their absence."""
    lines = []
    try:
        ext = data.bundled_extensions_registry()
        ids = ", ".join(r.identifier for r in ext.records)
        lines.append(
            _("Language Tag Extensions Registry  File-Date {date}  (singletons: {singletons})").format(
                date=ext.file_date, singletons=ids
            )
        )
    except (data.DataError, ValueError) as exc:
        lines.append(_("Language Tag Extensions Registry: not available ({error})").format(error=exc))
    try:
        lines.append(_("CLDR BCP 47 data  version {version}").format(version=data.bundled_cldr().version))
    except (data.DataError, ValueError) as exc:
        lines.append(_("CLDR BCP 47 data: not available ({error})").format(error=exc))
    return lines


def _diff_side(path: str, strict: bool) -> Registry:
    """Load one file of a diff; with *strict*, refuse it for field problems (not for being older: it may be)."""
    if not strict:
        return data.load_registry(path)
    from ..core.registry.check import inspect

    text = data.read_text(path)
    reg = Registry.from_text(text, source=path)
    warn_or_refuse(path, inspect(reg, text).lines(), strict)
    return reg


def _run_diff(args: argparse.Namespace) -> int:
    from ..core.registry.diff import diff_registries

    if args.new is not None and args.registry:
        raise CommandError(_("give NEW or --registry FILE, not both: both name the newer registry"))
    new_path = args.new or args.registry
    if new_path is not None and args.old == new_path:
        raise CommandError(_("OLD and NEW are the same file"))
    old = _diff_side(args.old, args.strict)
    new = _diff_side(new_path, args.strict) if new_path is not None else data.bundled_registry()
    d = diff_registries(old, new)
    if args.json:
        emit_json(
            {
                "old_file_date": d.old_file_date,
                "new_file_date": d.new_file_date,
                "added": [record_to_json(r) for r in d.added],
                "removed": [record_to_json(r) for r in d.removed],
                "changed": [
                    {
                        "type": c.new.type,
                        "code": c.new.code,
                        "changes": [{"field": f.name, "old": list(f.old), "new": list(f.new)} for f in c.changes],
                    }
                    for c in d.changed
                ],
            }
        )
        return EXIT_OK if d.is_empty else EXIT_NO_MATCH
    print(f"File-Date {d.old_file_date} -> {d.new_file_date}")
    print(
        _("{added} added, {removed} removed, {changed} changed").format(
            added=len(d.added), removed=len(d.removed), changed=len(d.changed)
        )
    )
    for rec in d.added:
        print(f"+ {rec.type} {rec.code}: {rec.description}")
    for rec in d.removed:
        print(f"- {rec.type} {rec.code}: {rec.description}")
    for change in d.changed:
        print(f"~ {change.new.type} {change.new.code}:")
        for f in change.changes:
            old_text = " | ".join(f.old) if f.old else _("(none)")
            new_text = " | ".join(f.new) if f.new else _("(none)")
            print(f"    {f.name}: {old_text} -> {new_text}")
    return EXIT_OK if d.is_empty else EXIT_NO_MATCH
