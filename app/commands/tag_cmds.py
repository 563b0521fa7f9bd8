"""``bcp47 check | canon | explain | convert``: the tag engine on the command line."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator

from ..cli import EXIT_NO_MATCH, EXIT_OK, CommandError, data_loaded, emit_json, leaves_only_std_streams
from ..core.engine.checkjson import check_json_lines
from ..core.engine.tag import CheckResult, Severity, Subtag, TagEngine
from ..core.engine.unicode_validity import first_singleton, unicode_verdict, verdict_label
from ..core.grammar.problems import MARKER_CONTEXT, Fix, marker
from ..core.text.catalogue import N_, _
from ..core.text.formats import format_number
from ..core.text.said import Said, shown
from .common import common_options, engine_for, positive_int, record_to_json, severity_word
from .file_cmds import add_file_options, run_check_file, wants_file
from .live import check_json_run, live_jobs
from .streams import iter_stdin_lines
from .streams import writer as _writer

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    import argparse
    from typing import Any

    from ..core.registry.model import Record

__all__ = ["register", "fix_text", "check_json_lines", "explain_json", "explain_text", "tag_forms"]

_CHECK_DESCRIPTION = N_(
    """\
Check language tags against RFC 5646 (and CLDR for -u-/-t-): well-formed, valid, and advice.
Give '-' to read tags from standard input, one per line (blank lines are checked too, so the
output keeps one result per input line). With --json, one JSON object per input line, in order:
input, well_formed, valid, canonical (null when not well-formed), extlang_form, subtags (text,
start, end, role), diagnostics (code, severity, start, end, message) and fix (the tag the
first diagnostic that offers a fix offers; for a tag that is not valid, where that fix is missing
or still not valid, the tag 'bcp47 repair' makes of it: de_DE.UTF-8 gives de-DE; else null),
and with --plausibility also plausibility (CLDR's notes on a valid tag whose script or region is
unusual for its language: es-LA, vi-VI, es-Hant-419; never a verdict; [] when none; the text
output always prints them as notes).
Offsets are Python string indices into
input, end exclusive. Bytes that are not UTF-8 are read as
U+DC80..U+DCFF and reported as bad characters; the JSON (always UTF-8) writes each as U+FFFD.
Exit status: 0 when all tags are valid, 1 when any is not, 2 for usage errors.
"""
)


def register(sub: Any) -> None:
    """Add the ``check``, ``canon``, ``explain`` and ``convert`` verbs to the subparsers *sub*."""
    import argparse

    p = sub.add_parser(
        "check",
        parents=[common_options()],
        help=_("check tags: well-formed, valid, diagnostics with fixes"),
        description=_(_CHECK_DESCRIPTION),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--jobs",
        type=positive_int,
        metavar="N",
        help=_(
            "with --json, check in N processes where the system can fork (default: 1; output order is kept, "
            "and each distinct tag is checked once)"
        ),
    )
    p.add_argument(
        "--plausibility",
        action="store_true",
        help=_(
            "with --json, add 'plausibility': CLDR's notes on a valid tag whose script or region is unusual for "
            "its language (the text output always shows them)"
        ),
    )
    p.add_argument("tags", nargs="*", metavar="TAG", help=_("tags to check ('-' reads them from stdin)"))
    add_file_options(p)
    p.set_defaults(handler=_run_check)

    p = sub.add_parser(
        "canon",
        parents=[common_options()],
        help=_("print the RFC 5646 §4.5 canonical form of tags (or, with --unicode, the UTS #35 one)"),
        description=_(
            "Print the RFC 5646 §4.5 canonical form of each tag, one per line. With --json, one JSON "
            "object per tag: input, canonical (or extlang_form with --extlang, unicode with --unicode; null when "
            "there is none) and steps (before, after, reason); with --unicode also reason (why there is no Unicode "
            "form, else null). One line out per line in: a tag with no such form gives an empty line (and stderr "
            "says why), exit status 1."
        ),
    )
    which = p.add_mutually_exclusive_group()
    which.add_argument("--extlang", action="store_true", help=_("print the extlang form instead (zh-yue, not yue)"))
    which.add_argument(
        "--unicode",
        action="store_true",
        help=_("print the Unicode (UTS #35 Annex C, CLDR) canonical form instead: a Unicode BCP 47 locale identifier"),
    )
    p.add_argument("--steps", action="store_true", help=_("also print each step and the rule behind it"))
    p.add_argument("tags", nargs="+", metavar="TAG", help=_("tags ('-' reads them from stdin)"))
    p.set_defaults(handler=_run_canon)

    p = sub.add_parser(
        "explain",
        parents=[common_options()],
        help=_("explain tags subtag by subtag, for teaching"),
        description=_(_EXPLAIN_DESCRIPTION),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("tags", nargs="+", metavar="TAG", help=_("tags to explain ('-' reads them from stdin)"))
    p.add_argument(
        "--svg", metavar="FILE", help=_("write the tag's anatomy diagram as SVG to FILE ('-': stdout); one TAG")
    )
    p.add_argument("--theme", choices=("light", "dark"), default="light", help=_("with --svg: the diagram's colours"))
    p.add_argument(
        "--scale", type=float, default=1.0, metavar="F", help=_("with --svg: multiply width and height by F")
    )
    p.set_defaults(handler=_run_explain)

    p = sub.add_parser(
        "convert",
        parents=[common_options()],
        help=_("convert between BCP 47, Unicode locale ids, legacy LDML keywords and platforms' locale strings"),
        description=_(
            "Convert between BCP 47 tags and Unicode locale identifiers (UTS #35: '_' separators, "
            "'root') or legacy LDML keywords (de_DE@collation=phonebook). Without --to, input with '_', '@' "
            "or 'root' goes to BCP 47 and a BCP 47 tag goes to a Unicode locale id. --to posix|java|android|"
            "windows|apple|icu writes a valid tag as that platform's string (glibc locale name, "
            "java.util.Locale.toString, Android resource folder, Windows/.NET culture name, Apple .lproj folder, "
            "ICU locale ID), and the notes say what that form cannot carry. --from X reads platform X's string "
            "(or an ISO 639 code, a name) into a tag, as 'bcp47 repair --from X' does. With --json, one JSON "
            "object per input: input, to, result (null when it cannot be converted) and notes."
        ),
    )
    p.add_argument(
        "--to",
        choices=("bcp47", "unicode", "legacy", "posix", "java", "android", "windows", "apple", "icu"),
        help=_("the target form"),
    )
    p.add_argument(
        "--from",
        dest="origin",
        choices=("auto", "iso639", "posix", "java", "android", "windows", "apple", "name"),
        help=_("read the input as this platform's string (or an ISO 639 code, a name) and repair it into a tag"),
    )
    p.add_argument("items", nargs="+", metavar="TEXT", help=_("tags or locale ids ('-' reads them from stdin)"))
    p.set_defaults(handler=_run_convert)


# ----------------------------------------------------------------------------- input
def _inputs(items: list[str]) -> Iterator[str]:
    """Yield the tags: the arguments, with each '-' replaced by the lines of stdin (read as they come)."""
    for item in items:
        if item == "-":
            yield from iter_stdin_lines()
        else:
            yield item


# ----------------------------------------------------------------------------- check
def _dumps(obj: object) -> str:
    """Return *obj* as compact JSON (``explain --json``); the json module imported here, not by ``check``."""
    import json

    return json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode(obj)


def _run_check(args: argparse.Namespace) -> int:
    items: list[str] = args.tags
    if wants_file(args):
        return run_check_file(args, _loaded(args))
    if not items:
        raise CommandError(_("give at least one tag, or '-' to read tags from standard input"))
    leaves_only_std_streams()  # no file of its own: the process may end as soon as its output is out (cli.run)
    write = _writer(sys.stdout)
    if args.json:
        # Stdin as it arrives, each distinct tag checked once, lines out in blocks and whenever the input is idle;
        # with --jobs N, shared out among N processes (order kept).
        loaded: list[TagEngine] = []

        def load() -> TagEngine:
            engine = _loaded(args)
            engine.plausibility_in_json = args.plausibility  # worded notes only when asked: they cost time
            loaded.append(engine)
            return engine

        try:
            all_valid = check_json_run(load, items, live_jobs(args.jobs, items), write)
        finally:
            for engine in loaded:  # the engine is shared in this process (the app's, a test's): as it was
                engine.plausibility_in_json = True
        return EXIT_OK if all_valid else EXIT_NO_MATCH
    engine = _loaded(args)
    all_valid = True
    for tag in _inputs(items):
        r = engine.check(tag)
        all_valid = all_valid and r.valid
        write(_human_check(r, engine))
    return EXIT_OK if all_valid else EXIT_NO_MATCH


def _loaded(args: argparse.Namespace) -> TagEngine:
    """Load the engine for *args* and tell the CLI its data is loaded."""
    engine = engine_for(args)
    data_loaded()
    return engine


def _status(r: CheckResult) -> str:
    if r.valid:
        return _("valid")
    if r.well_formed:
        return _("well-formed but NOT valid")
    return _("NOT well-formed")


def _human_check(r: CheckResult, engine: TagEngine) -> str:
    lines = [
        (_("{tag}: {status} ({section})") if r.well_formed else _("{tag}: {status}")).format(
            tag=repr(r.input), status=_status(r), section="RFC 5646 §2.2.9"
        )
    ]
    uv = unicode_verdict(engine, r)
    if r.well_formed:
        lines.append(
            "  "
            + (
                _("Unicode locale identifier (UTS #35): valid")
                if uv.valid
                else _("Unicode locale identifier (UTS #35): NOT valid: {reason}").format(reason=uv.reason)
            )
        )
    if r.canonical is not None:
        lines.append(
            "  "
            + (
                _("canonical: {canonical} (extlang form: {extlang_form})")
                if r.extlang_form != r.canonical
                else _("canonical: {canonical}")
            ).format(canonical=r.canonical, extlang_form=r.extlang_form)
        )
    first = first_singleton(r.analysis.parse) if r.well_formed else None
    for d in (*r.diagnostics, *uv.own):
        label = " [UTS #35]" if verdict_label(d, first) == "unicode_valid" else ""
        lines.append(
            "  "
            + _("{severity}{label} [{code}] at {start}-{end}: {message}").format(
                severity=severity_word(d.severity),
                label=label,
                code=d.code,
                start=d.start,
                end=d.end,
                message=d.message,
            )
        )
        if d.start < d.end or d.severity is Severity.ERROR:
            lines.append(marker(r.input, d.start, d.end))
        if d.fix is not None:
            lines.append(fix_text(r.input, d.fix))
    if r.valid and r.canonical is not None:
        lines.extend(
            "  " + _("note [CLDR plausibility, not a verdict]: {message}").format(message=n)
            for n in _plausibility(engine, r.canonical)
        )
    return "\n".join(lines) + "\n"


def _plausibility(engine: TagEngine, tag: str) -> list[str]:
    """Return CLDR's plausibility notes on a valid tag (es-LA, vi-VI, es-Hant-419): notes, never errors."""
    return list(engine.plausibility(tag)) if engine.plausibility is not None else []


#: A fixed tag up to this long is printed whole; a longer one as a window around what the fix changed.
FIX_WHOLE = 4 * MARKER_CONTEXT


def fix_text(tag: str, fix: Fix) -> str:
    """Return the text lines of a fix: its label and the fixed tag, cut to a window when long.

    A fix is a whole corrected tag; printed whole for each of a long tag's many diagnostics, the
    output would grow as the square of the input. A long one is drawn by :func:`marker` over the
    part it changes (a window of the same bounded size as the diagnostic's own marker).

    >>> print(fix_text("en-latn", Fix("Write it 'Latn'", "en-Latn")))
        fix: Write it 'Latn' -> en-Latn
    """
    if len(fix.tag) <= FIX_WHOLE:
        return "    " + _("fix: {label} -> {tag}").format(label=fix.label, tag=fix.tag)
    start, end = _changed(tag, fix.tag)
    return (
        "    "
        + _("fix: {label} -> (the fixed tag, around the change)").format(label=fix.label)
        + "\n"
        + marker(fix.tag, start, end, "      ")
    )


def _changed(old: str, new: str) -> tuple[int, int]:
    """Return the span of *new* that differs from *old* (common head and tail left out), in linear time."""
    limit = min(len(old), len(new))
    head = 0
    step = 4096
    while step:  # long equal blocks compare as one slice; a differing block is searched in smaller steps
        while head + step <= limit and old[head : head + step] == new[head : head + step]:
            head += step
        step //= 8
    tail = 0
    limit -= head
    step = 4096
    while step:
        while (
            tail + step <= limit
            and old[len(old) - tail - step : len(old) - tail] == new[len(new) - tail - step : len(new) - tail]
        ):
            tail += step
        step //= 8
    return head, len(new) - tail


# ----------------------------------------------------------------------------- canon
def _run_canon(args: argparse.Namespace) -> int:
    engine = engine_for(args)
    data_loaded()
    status = EXIT_OK
    write = _writer(sys.stdout)
    for tag in _inputs(args.tags):
        if args.unicode:
            status = max(status, _unicode_canon(engine, tag, args, write))
            continue
        r = engine.check(tag)
        if r.canonical is None:
            first = r.errors[0] if r.errors else None
            why = f"{first.code}: {first.message}" if first else _("not well-formed")
            print("bcp47: " + _("{tag} is not well-formed: {why}").format(tag=repr(tag), why=why), file=sys.stderr)
            status = EXIT_NO_MATCH
            if args.json:
                emit_json({"input": tag, "canonical": None, "steps": []})
            else:
                write("\n")  # one line out per line in: empty where there is no canonical form
            continue
        form = engine.extlang_form(tag) if args.extlang else engine.canonicalize(tag)
        if args.json:
            emit_json(
                {
                    "input": tag,
                    "canonical" if not args.extlang else "extlang_form": form.tag,
                    "steps": [{"before": s.before, "after": s.after, "reason": s.reason} for s in form.steps],
                }
            )
            continue
        write(form.tag + "\n")
        if args.steps:
            for s in form.steps:
                write(f"  {s.before} -> {s.after}: {s.reason}\n")
    return status


def _unicode_canon(engine: TagEngine, tag: str, args: argparse.Namespace, write: Callable[[str], object]) -> int:
    """Print the Unicode (UTS #35) canonical form of *tag* (or why there is none); return the exit status."""
    from ..core.engine.unicode_locale import unicode_canonical  # on use: `bcp47 check` does not need it

    got = unicode_canonical(engine, tag)
    if args.json:
        emit_json(
            {
                "input": tag,
                "unicode": got.tag,
                "steps": [{"before": s.before, "after": s.after, "reason": s.reason} for s in got.steps],
                "reason": got.refusal or None,
            }
        )
    elif got.tag is None:
        print(
            "bcp47: " + _("{tag} has no Unicode (UTS #35) form: {reason}").format(tag=repr(tag), reason=got.refusal),
            file=sys.stderr,
        )
        write("\n")  # one line out per line in: empty where there is no Unicode form
    else:
        write(got.tag + "\n")
        if args.steps:
            for s in got.steps:
                write(f"  {s.before} -> {s.after}: {s.reason}\n")
    return EXIT_OK if got.tag is not None else EXIT_NO_MATCH


# ---------------------------------------------------------------------------- explain
_EXPLAIN_DESCRIPTION = N_(
    """\
Explain language tags for teaching: each subtag with its role and its registry record (or its
CLDR entry for -u-/-t- keys and types), then every diagnostic with its span and fix, then the
forms: the RFC 5646 §4.5 canonical form and the extlang form with the steps that make them,
and the Unicode locale identifier and legacy LDML form (UTS #35, a different standard). Give
'-' to read tags from standard input, one per line. With --json, one JSON object per tag, one
per line: input, well_formed, valid (RFC 5646 §2.2.9); subtags (text, start, end, role, record:
the registry record as `lookup --json` gives it or null, cldr: the CLDR key or type or null);
diagnostics (code, severity, section, message, start, end, fix: {label, tag} or null); forms
(canonical, extlang, unicode, legacy: each {label, tag, steps or notes}, tag null when the tag
has no such form). Offsets are Python string indices, end exclusive. Exit status: 0 when all
tags are valid, 1 when any is not, 2 for usage or data errors.
"""
)


def _run_explain(args: argparse.Namespace) -> int:
    engine = engine_for(args)
    data_loaded()
    if args.svg is not None:
        return _explain_svg(engine, args)
    write = _writer(sys.stdout)
    all_valid = True
    for n, tag in enumerate(_inputs(args.tags)):
        r = engine.check(tag)
        all_valid = all_valid and r.valid
        if args.json:
            write(_dumps(explain_json(engine, r)) + "\n")
        else:
            write(("\n" if n else "") + explain_text(engine, r))
    return EXIT_OK if all_valid else EXIT_NO_MATCH


def _explain_svg(engine: TagEngine, args: argparse.Namespace) -> int:
    """Write the anatomy diagram of the one tag given to the file --svg names."""
    tags = list(_inputs(args.tags))
    if len(tags) != 1:
        raise CommandError(_("--svg draws one tag, not {count}").format(count=format_number(len(tags))))
    if not 0.05 <= args.scale <= 50:
        raise CommandError(_("--scale {scale} is out of range (0.05 to 50)").format(scale=f"{args.scale:g}"))
    from ..core.teaching.anatomy import anatomy  # here, not at the top: `bcp47 check` should not pay for drawing
    from ..core.teaching.anatomy_draw import layout, to_svg

    r = engine.check(tags[0])
    svg = to_svg(layout(anatomy(r)), args.theme, args.scale)
    if args.svg == "-":
        sys.stdout.write(svg)
    else:
        from ..core.files.safe_write import write_file  # the app's one writer: no link, device or folder

        try:
            write_file(args.svg, svg.encode("utf-8"), what="SVG file")
        except OSError as exc:  # UnsafeWriteError too: says what is at the path
            raise CommandError(
                _("cannot write {path}: {error}").format(path=args.svg, error=exc.strerror or exc)
            ) from exc
    return EXIT_OK if r.valid else EXIT_NO_MATCH


_ROLE_TEXT = {
    "language": N_("primary language (RFC 5646 §2.2.1)"),
    "extlang": N_("extended language (RFC 5646 §2.2.2)"),
    "script": N_("script (RFC 5646 §2.2.3)"),
    "region": N_("region (RFC 5646 §2.2.4)"),
    "variant": N_("variant (RFC 5646 §2.2.5)"),
    "singleton": N_("singleton: starts an extension or private use (RFC 5646 §2.2.6, §2.2.7)"),
    "extension": N_("extension subtag (RFC 5646 §2.2.6)"),
    "u-attribute": N_("-u- attribute (RFC 6067)"),
    "u-key": N_("-u- key (RFC 6067, UTS #35)"),
    "u-type": N_("-u- type (RFC 6067, UTS #35)"),
    "t-lang": N_("-t- source tag (RFC 6497)"),
    "t-language": N_("language of the -t- source tag (RFC 6497 §2.2)"),
    "t-extlang": N_("extended language of the -t- source tag (RFC 6497 §2.2)"),
    "t-script": N_("script of the -t- source tag (RFC 6497 §2.2)"),
    "t-region": N_("region of the -t- source tag (RFC 6497 §2.2)"),
    "t-variant": N_("variant of the -t- source tag (RFC 6497 §2.2)"),
    "t-key": N_("-t- field key (RFC 6497)"),
    "t-value": N_("-t- field value (RFC 6497)"),
    "privateuse": N_("private use (RFC 5646 §2.2.7)"),
    "grandfathered": N_("grandfathered tag, one unit (RFC 5646 §2.2.8)"),
    "invalid": N_("not a subtag"),
}
# Roles whose subtag has a record of the same Type in the Language Subtag Registry.
_REGISTRY_ROLES = frozenset({"language", "extlang", "script", "region", "variant"})


def _subtag_record(engine: TagEngine, text: str, role: str) -> Record | None:
    """Return the registry record that describes a subtag in its role, or None."""
    reg = engine.registry
    if role in _REGISTRY_ROLES:
        return reg.get(role, text)
    if role == "grandfathered":
        return reg.tag_record(text)
    if role.startswith("t-") and role[2:] in _REGISTRY_ROLES:
        return reg.get(role[2:], text)  # the engine names the subtag's place in the -t- source tag
    return None


def _cldr_entry(engine: TagEngine, text: str, role: str, key: str | None) -> dict[str, Any] | None:
    """Return CLDR's entry for a ``-u-``/``-t-`` key or type (key, type, description, deprecated, preferred)."""
    cldr = engine.cldr
    if cldr is None:
        return None
    if role in ("u-key", "t-key"):
        k = cldr.u_key(text) if role == "u-key" else cldr.t_key(text)
        if k is None:
            return None
        return {"key": k.key, "description": k.description, "deprecated": k.deprecated, "preferred": k.preferred}
    if role == "u-type" and key:
        uk = cldr.u_key(key)
        ty = uk.types.get(text.lower()) if uk is not None else None
        if uk is None or ty is None:
            return None
        return {
            "key": uk.key,
            "type": ty.name,
            "description": ty.description,
            "deprecated": ty.deprecated,
            "preferred": ty.preferred,
        }
    return None


def _subtag_entries(engine: TagEngine, r: CheckResult) -> list[tuple[Subtag, Record | None, dict[str, Any] | None]]:
    """Return each subtag with its registry record and CLDR entry (each None when there is none)."""
    out = []
    key: str | None = None
    for s in r.subtags:
        role = s.role.value
        if role == "u-key":
            key = s.text
        out.append((s, _subtag_record(engine, s.text, role), _cldr_entry(engine, s.text, role, key)))
    return out


def tag_forms(engine: TagEngine, r: CheckResult) -> dict[str, dict[str, Any]]:
    """Return every form of a checked tag (the core's list): label, tag (None when there is none), steps or notes."""
    from ..core.build.forms import FORMS_BY_KEY, compute_forms  # not needed by `bcp47 check`: imported on use

    out: dict[str, dict[str, Any]] = {}
    steps_of = {"canonical": r.canonical_steps, "extlang": r.extlang_steps}
    for key, value in compute_forms(engine, r).items():
        entry: dict[str, Any] = {"label": FORMS_BY_KEY[key].title, "tag": value.value}
        if key in steps_of:
            entry["steps"] = [{"before": s.before, "after": s.after, "reason": s.reason} for s in steps_of[key]]
        else:
            entry["notes"] = list(value.steps) if value.value is not None else [value.note]
        out[key] = entry
    return out


def explain_json(engine: TagEngine, r: CheckResult) -> dict[str, Any]:
    """Return the JSON shape of ``bcp47 explain --json`` for one check result."""
    subtags = []
    for s, rec, cldr in _subtag_entries(engine, r):
        subtags.append(
            {
                "text": s.text,
                "start": s.start,
                "end": s.end,
                "role": s.role.value,
                "record": record_to_json(rec) if rec is not None else None,
                "cldr": cldr,
            }
        )
    diagnostics = [
        {
            "code": d.code,
            "severity": d.severity.value,
            "section": d.section,
            "message": d.message,
            "start": d.start,
            "end": d.end,
            "fix": {"label": d.fix.label, "tag": d.fix.tag} if d.fix is not None else None,
        }
        for d in r.diagnostics
    ]
    return {
        "input": r.input,
        "well_formed": r.well_formed,
        "valid": r.valid,
        "unicode_valid": unicode_verdict(engine, r).valid,
        "subtags": subtags,
        "diagnostics": diagnostics,
        "forms": tag_forms(engine, r),
    }


def _record_lines(rec: Record | None, cldr: dict[str, Any] | None, role: str) -> list[str]:
    if rec is not None:
        out = [
            "      "
            + _("registry: {type} {code} — {description}").format(
                type=rec.type, code=rec.code, description=rec.description
            )
        ]
        for name, value in rec.fields:
            if name in ("Type", "Subtag", "Tag", "Description"):
                continue
            out.append(f"        {name}: {value}")
        return out
    if cldr is None:
        return []
    if role == "u-type":
        line = _("CLDR: type '{type}' of '{key}' — {description}")
    elif role == "t-key":
        line = _("CLDR: -t- key '{key}' — {description}")
    else:
        line = _("CLDR: key '{key}' — {description}")
    line = "      " + line.format(
        type=cldr["type"] if role == "u-type" else "", key=cldr["key"], description=cldr["description"]
    )
    if cldr["deprecated"]:
        line += " " + (
            _("(deprecated; use {preferred})").format(preferred=repr(cldr["preferred"]))
            if cldr["preferred"]
            else _("(deprecated)")
        )
    return [line]


def explain_text(engine: TagEngine, r: CheckResult) -> str:
    """Return the teacher-friendly explanation of one check result."""
    from ..core.build.forms import FORMS  # not needed by `bcp47 check`: imported on use

    out = [
        _("Tag: {tag}").format(tag=r.input),
        (_("Status: {status} ({section})") if r.well_formed else _("Status: {status}")).format(
            status=_status(r), section="RFC 5646 §2.2.9"
        ),
    ]
    if r.well_formed:
        uv = unicode_verdict(engine, r)
        out.append(
            _("Unicode locale identifier (UTS #35): valid")
            if uv.valid
            # The whole reason, as worded: cutting it at a parenthesis cut translated sentences in two.
            else _("Unicode locale identifier (UTS #35): NOT valid: {reason}").format(reason=uv.reason)
        )
    out += ["", _("Subtags:")]
    for s, rec, cldr in _subtag_entries(engine, r):
        role = s.role.value
        out.append(
            f"  {s.text:<10} {role:<13} {_(_ROLE_TEXT[role]) if role in _ROLE_TEXT else role}  [{s.start}-{s.end}]"
        )
        out.extend(_record_lines(rec, cldr, role))
    out.append("")
    if r.diagnostics:
        out.append(_("Diagnostics:"))
        for d in r.diagnostics:
            out.append(
                "  "
                + _("{severity} [{code}] {message}").format(
                    severity=severity_word(d.severity, upper=True), code=d.code, message=d.message
                )
            )
            out.append(marker(r.input, d.start, d.end))
            if d.fix is not None:
                out.append(fix_text(r.input, d.fix))
    else:
        out.append(_("Diagnostics: none"))
    out.append("")
    if r.canonical is None:
        out.append(_("No canonical form: the tag is not well-formed."))
        return "\n".join(out) + "\n"
    for form in FORMS:  # the core's one list of forms
        got = form.compute(engine, r)
        if got.value is None or (form.key == "extlang" and got.value == r.canonical):
            continue
        out.append(_("{form}: {tag}").format(form=_(form.title), tag=got.value))
        if form.key in ("canonical", "extlang"):  # the extlang form's steps go on from the canonical ones
            for st in r.canonical_steps if form.key == "canonical" else r.extlang_steps[len(r.canonical_steps) :]:
                out.append(f"  {st.before} -> {st.after}: {st.reason}")
        elif form.key in ("unicode", "maximized", "minimized"):
            out.extend(f"  {step}" for step in got.steps)
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------- convert
def _guess_target(text: str) -> str:
    if "@" in text or "_" in text or text.lower().split("-")[0] == "root":
        return "bcp47"
    return "unicode"


def _run_convert(args: argparse.Namespace) -> int:
    engine = engine_for(args)
    status = EXIT_OK
    if args.origin is not None and args.to not in (None, "bcp47"):
        raise CommandError(
            _("{option} reads into a BCP 47 tag: give no {to}, or {to} {form}").format(
                option="--from", to="--to", form="bcp47"
            )
        )
    repairer = None
    if args.origin is not None:
        from .repair_cmds import make_repairer

        repairer = make_repairer(engine)
    for text in _inputs(args.items):
        target = args.to or ("bcp47" if repairer is not None else _guess_target(text))
        if repairer is not None:
            r = repairer.repair(text, args.origin)
            result = r.tag or ""
            alternatives = [
                Said(N_("alternative: {tag} ({reason})"), tag=a.tag, reason=a.reason) for a in r.alternatives
            ]
            notes = [*r.steps, *alternatives, *r.notes]  # English in --json, worded by shown() in the text
        elif target in ("posix", "java", "android", "windows", "apple", "icu"):
            from .repair_cmds import platform_form

            form, notes = platform_form(engine, text, target)
            result = form or ""
        elif target == "unicode":
            result, notes = engine.to_unicode_locale(text)
        elif target == "bcp47":
            result, notes = engine.from_unicode_locale(text)
        else:
            result, notes = _to_legacy(engine, text)
        if not result:
            status = EXIT_NO_MATCH
        if args.json:
            emit_json({"input": text, "to": target, "result": result or None, "notes": notes})
            continue
        if result:
            print(result)
            if target == "unicode":
                print(
                    "  " + _("the Unicode (UTS #35) canonical form: a Unicode BCP 47 locale identifier, not RFC 5646's")
                )
            for n in notes:
                print(f"  {shown(n)}")
        else:
            print(_("bcp47: cannot convert {text!r} to {target}:").format(text=text, target=target), file=sys.stderr)
            for n in notes:
                print(f"  {shown(n)}", file=sys.stderr)
    return status


def _to_legacy(engine: TagEngine, text: str) -> tuple[str, list[str]]:
    from ..core.cldr.ldml import bcp47_to_legacy

    tag = text
    if "_" in text or "@" in text or text.lower().startswith("root"):
        tag, notes = engine.from_unicode_locale(text)
        if not tag:
            return "", notes
    if engine.cldr is None:
        return "", [_("CLDR data is not loaded, so there is no legacy form")]
    conv = bcp47_to_legacy(tag, engine.cldr)
    if conv.result is None:
        return "", list(conv.errors)
    return conv.result, [*conv.notes, *conv.errors]
