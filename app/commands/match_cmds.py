"""``bcp47 match``: RFC 4647 filtering and lookup over an Accept-Language priority list."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ..cli import EXIT_NO_MATCH, EXIT_OK, CommandError, emit_json
from ..core.grammar.problems import Problem, marker
from ..core.matching.rfc4647 import (
    TRACE_LIMIT,
    FilterResult,
    LookupResult,
    PriorityList,
    basic_filter,
    extended_filter,
    format_q,
    lookup,
    parse_accept_language,
)
from ..core.text.catalogue import N_, _, ngettext
from ..core.text.formats import format_number
from .common import common_options, engine_for
from .streams import iter_stdin_lines

if TYPE_CHECKING:
    from ..core.engine.tag import TagEngine

__all__ = ["register"]

_DESCRIPTION = N_(
    """\
Match language tags against a priority list given as an Accept-Language value
(RFC 9110), using RFC 4647: basic filtering (default), extended filtering
(--extended, ranges may hold '*' subtags such as de-*-DE) or lookup (--lookup:
one best tag, trying each range truncated from the right) or, with --best-fit,
CLDR's language matching (UTS #35 §4.4: not RFC 4647; desired and supported
locales are maximized with likely subtags and compared by CLDR's distances, so
gsw readers get de and en-AU prefers en-GB to en). Give '-' to read tags,
one per line, from standard input. RFC 4647 compares subtags as text and never
asks whether a tag is valid; the available tags are also checked against the
registry (the bundled one or --registry FILE) and each one that is not valid
(RFC 5646 §2.2.9) gets a note, as a typo there silently matches nothing. With
--json, one JSON object: the scheme, the ranges, the matches (or, for lookup, the
result and the fallback chain), the problems and not_valid (tag, well_formed,
code, message). Exit status: 0 when a range matched, 1 when none did (also when
lookup falls back to --default), 2 for usage or data errors.

--each answers each available tag on its own, one line (with --json one JSON
object: tag, matched, range and q, or for --best-fit desired, distance and
effective_distance, then valid and code) per tag, written as each line of '-'
arrives: the range that matches it, the range whose lookup reaches it, or the
desired language it best fits. Without --each, match reads every tag first.

--best-fit --json writes one JSON object: result (the best fit, or the default),
matched, desired (the desired language it matched), distance, effective_distance
(with the demotion for its place in the list), threshold, demotion, reason,
levels (language, script and region: the subtags, the CLDR rule and its
distance), candidates (the closest pairs), rfc4647_lookup (what RFC 4647 lookup
gives for the same input, side by side), fallback (the first desired locale's
parent-locale chain of UTS #35 §4.1, each marked available or not, and the first
available one: resource bundle lookup), problems and not_valid.
"""
)


def register(sub: Any) -> None:
    """Add the ``match`` verb to the subparsers *sub*."""
    p = sub.add_parser(
        "match",
        parents=[common_options()],
        help=_("filter or look up tags with an Accept-Language priority list (RFC 4647)"),
        description=_(_DESCRIPTION),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--ranges",
        required=True,
        metavar="LIST",
        help=_('the priority list, e.g. "fr-CH, fr;q=0.9, *;q=0.1"'),
    )
    scheme = p.add_mutually_exclusive_group()
    scheme.add_argument("--lookup", action="store_true", help=_("lookup (RFC 4647 §3.4): one best tag"))
    scheme.add_argument(
        "--extended", action="store_true", help=_("extended filtering (RFC 4647 §3.3.2) instead of basic")
    )
    scheme.add_argument(
        "--best-fit",
        action="store_true",
        help=_("CLDR language matching (UTS #35 §4.4): the best fit with its distance"),
    )
    p.add_argument("--default", metavar="TAG", help=_("with --lookup or --best-fit: the answer when nothing matches"))
    p.add_argument(
        "--each",
        action="store_true",
        help=_(
            "answer each available tag on its own line as it arrives (the tags of '-' stream): the range that "
            "matches it, the range whose lookup reaches it, or (--best-fit) the desired language it fits"
        ),
    )
    p.add_argument("tags", nargs="+", metavar="TAG", help=_("available tags ('-' reads them from stdin)"))
    p.set_defaults(handler=_run_match)


def _read_tags(items: list[str]) -> list[str]:
    """Return the tags, with each '-' replaced by the non-blank lines of stdin."""
    tags: list[str] = []
    for item in items:
        if item == "-":
            tags.extend(line.strip() for line in iter_stdin_lines() if line.strip())
        else:
            tags.append(item.strip())
    return [t for t in tags if t]


def _marker(text: str, problem: Problem) -> str:
    """Return the input around the problem (an excerpt of a long one) and a ``~~~^`` marker under its span."""
    return marker(text, problem.start, problem.end)


def _check_ranges(plist: PriorityList) -> None:
    """Raise CommandError describing every error of the --ranges value."""
    errors = plist.errors
    if not errors:
        return
    lines = [_("bad --ranges value {value}:").format(value=repr(plist.text))]
    for problem in errors:
        lines.append(f"  {problem.message}")
        if plist.text.strip():
            lines.append(_marker(plist.text, problem))
    raise CommandError("\n".join(lines))


def _problem_json(problem: Problem) -> dict[str, Any]:
    return {
        "code": problem.code,
        "severity": problem.severity.value,
        "message": problem.message,
        "start": problem.start,
        "end": problem.end,
    }


def _print_header(plist: PriorityList, title: str) -> None:
    print(title)
    print(_("Priority list, highest first:"))
    for n, rng in enumerate(plist.ranges, 1):
        print("  " + _("{n}. {range} (q={q})").format(n=n, range=rng.text, q=format_q(rng.q)))
    for rng in plist.excluded:
        print("  " + _("left out: {range} (q=0, not acceptable)").format(range=rng.text))


def _print_notes(problems: tuple[Problem, ...]) -> None:
    for problem in problems:
        if problem.code != "zero-q":  # already listed as "left out"
            print("  " + _("note: {message}").format(message=problem.message))


def _not_valid(engine: TagEngine, tags: list[str]) -> list[dict[str, Any]]:
    """Return, for each distinct available tag that is not valid, its verdict and first error."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for tag in tags:
        if tag in seen:
            continue
        seen.add(tag)
        r = engine.check(tag)
        if r.valid:
            continue
        first = r.errors[0] if r.errors else None
        out.append(
            {
                "tag": tag,
                "well_formed": r.well_formed,
                "code": first.code if first else None,
                "message": first.message if first else None,
            }
        )
    return out


def _print_not_valid(not_valid: list[dict[str, Any]]) -> None:
    for item in not_valid:
        if item["well_formed"]:
            text = _("note: available tag {tag} is not valid:{why}")
        else:
            text = _("note: available tag {tag} is not well-formed:{why}")
        why = f" [{item['code']}] {item['message']}" if item["code"] else ""
        print("  " + text.format(tag=repr(item["tag"]), why=why))


def _run_filter(
    plist: PriorityList, tags: list[str], extended: bool, as_json: bool, not_valid: list[dict[str, Any]]
) -> int:
    result: FilterResult = extended_filter(plist, tags) if extended else basic_filter(plist, tags)
    status = EXIT_OK if result.matches else EXIT_NO_MATCH
    if as_json:
        emit_json(
            {
                "scheme": result.scheme,
                "ranges": [{"range": r.text, "q": r.q} for r in plist.ranges],
                "excluded": [r.text for r in plist.excluded],
                "matches": [{"tag": m.tag, "range": m.range, "q": m.q} for m in result.matches],
                "unmatched": list(result.unmatched),
                "problems": [_problem_json(p) for p in result.problems],
                "not_valid": not_valid,
            }
        )
        return status
    if extended:
        title = _("Extended filtering (RFC 4647 §3.3.2): '*' stands for any subtags; never past a singleton.")
    else:
        title = _("Basic filtering (RFC 4647 §3.3.1): a range matches a tag equal to it or starting with it + '-'.")
    _print_header(plist, title)
    _print_notes(result.problems)
    _print_not_valid(not_valid)
    print(_("Steps:"))
    applied = {r.text for r in result.ranges}
    matched_before = False
    for rng in plist.ranges:
        if rng.text not in applied:
            continue
        mine = [m.tag for m in result.matches if m.range == rng.text]
        if mine:
            print("  " + _("range {range} matches: {tags}").format(range=rng.text, tags=", ".join(mine)))
        elif matched_before:
            print("  " + _("range {range} matches no tag that a range above had not matched").format(range=rng.text))
        else:
            print("  " + _("range {range} matches no tag").format(range=rng.text))
        matched_before = matched_before or bool(mine)
    if result.unmatched:
        print("  " + _("no range matches: {tags}").format(tags=", ".join(result.unmatched)))
    if result.matches:
        print(_("Result: {tags}").format(tags=" ".join(result.tags)))
    else:
        print(_("Result: nothing matched"))
    return status


def _run_lookup(
    plist: PriorityList, tags: list[str], default: str | None, as_json: bool, not_valid: list[dict[str, Any]]
) -> int:
    result: LookupResult = lookup(plist, tags, default=default)
    status = EXIT_OK if result.matched else EXIT_NO_MATCH
    if as_json:
        emit_json(
            {
                "scheme": "lookup",
                "result": result.tag,
                "range": result.range,
                "default_used": result.used_default,
                "default": default,
                "ranges": [{"range": r.text, "q": r.q} for r in plist.ranges],
                "excluded": [r.text for r in plist.excluded],
                "chain": _chain_json(result),
                "tried": result.tried,
                "omitted": result.omitted,
                "problems": [_problem_json(p) for p in result.problems],
                "not_valid": not_valid,
            }
        )
        return status
    _print_header(plist, _("Lookup (RFC 4647 §3.4): each range is truncated from the right until it equals a tag."))
    _print_notes(result.problems)
    _print_not_valid(not_valid)
    print(_("Fallback chain:"))
    current: str | None = None
    for shown, step in enumerate(result.chain, 1):
        if step.range != current:
            current = step.range
            print("  " + _("range {range}:").format(range=_short(step.range)))
        if result.omitted and shown == len(result.chain) and step.matched is not None:
            print("    " + _omitted(result.omitted))
        outcome = _("matches {tag}").format(tag=step.matched) if step.matched is not None else _("no tag")
        if step.length <= _SHOWN:
            print(f"    {step.candidate} -> {outcome}")
        else:  # a step names only what it drops
            print(
                "    "
                + ngettext(
                    "drop {dropped} ({count} character left) -> {outcome}",
                    "drop {dropped} ({count} characters left) -> {outcome}",
                    step.length,
                ).format(
                    dropped=_short(step.dropped) or _("(nothing)"), count=format_number(step.length), outcome=outcome
                )
            )
    if result.omitted and (not result.chain or result.chain[-1].matched is None):
        print("    " + _omitted(result.omitted))
    if result.matched:
        print(_("Result: {tag} (from range {range})").format(tag=result.tag, range=result.range))
    elif default is not None:
        print("  " + _("(default) -> {tag}").format(tag=default))
        print(_("Result: {tag} (the default: no range matched)").format(tag=default))
    else:
        print(_("Result: nothing matched and no --default was given"))
    return status


_SHOWN = 80  # candidates longer than this are shown by what their step drops


def _omitted(count: int) -> str:
    """Return the line saying how many candidates the trace left out."""
    return ngettext(
        "... {count} more candidate tried (the trace keeps the first {limit})",
        "... {count} more candidates tried (the trace keeps the first {limit})",
        count,
    ).format(count=format_number(count), limit=TRACE_LIMIT)


def _short(text: str) -> str:
    """Return *text*, or its start and end around '…' when it is longer than _SHOWN characters."""
    return text if len(text) <= _SHOWN else f"{text[: _SHOWN // 2]}…{text[-_SHOWN // 2 :]}"


def _chain_json(result: LookupResult) -> list[dict[str, Any]]:
    """Return the fallback chain grouped by range: each range once, each step by what it drops (linear size)."""
    groups: list[dict[str, Any]] = []
    for step in result.chain:
        if not groups or groups[-1]["range"] != step.range:
            groups.append({"range": step.range, "looked_up": step.looked_up, "steps": []})
        groups[-1]["steps"].append({"dropped": step.dropped, "length": step.length, "matched": step.matched})
    return groups


def _run_match(args: argparse.Namespace) -> int:
    """Run ``bcp47 match``."""
    if args.default is not None and not (args.lookup or args.best_fit):
        raise CommandError(_("--default only applies to --lookup and --best-fit"))
    plist = parse_accept_language(args.ranges)
    _check_ranges(plist)
    if args.each:
        return _run_each(args, plist)
    tags = _read_tags(args.tags)
    if not tags:
        raise CommandError(_("no tags to match: give tags as arguments or '-' with one tag per line on stdin"))
    engine = engine_for(args)
    not_valid = _not_valid(engine, tags)
    default = args.default.strip() if args.default is not None else None
    if args.best_fit:
        from .bestfit_out import run_best_fit

        return run_best_fit(engine, plist, tags, default, args.json, not_valid)
    if args.lookup:
        return _run_lookup(plist, tags, default, args.json, not_valid)
    return _run_filter(plist, tags, args.extended, args.json, not_valid)


def _run_each(args: argparse.Namespace, plist: PriorityList) -> int:
    """Run ``bcp47 match --each``: one answer per tag, written as each line of '-' arrives (see match_each)."""
    import sys

    from .match_each import run_each
    from .streams import writer

    if args.default is not None:
        raise CommandError(
            _("{option} does not apply to {each}: each tag is answered on its own").format(
                option="--default", each="--each"
            )
        )
    scheme = "best-fit" if args.best_fit else "lookup" if args.lookup else "extended" if args.extended else "basic"
    return run_each(engine_for(args), plist, scheme, args.tags, args.json, writer(sys.stdout))
