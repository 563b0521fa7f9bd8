"""``bcp47 repair``: whatever a person has (a code, a platform's locale string, a name, a slip) → a valid tag."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import Any

from ..cli import EXIT_NO_MATCH, EXIT_OK, data_loaded, emit_json
from ..core.build.choices import Likely
from ..core.build.platforms import WRITERS, write_icu
from ..core.build.repair import ORIGINS, Repair, Repairer
from ..core.engine.tag import TagEngine
from ..core.grammar.quoting import excerpt
from ..core.text.catalogue import N_, _
from ..core.text.said import Said, shown
from .common import common_options, engine_for
from .streams import iter_stdin_lines

__all__ = ["register", "make_repairer", "platform_form", "repair_text"]

_DESCRIPTION = N_("""\
Repair what people have into a valid language tag in RFC 5646 §4.5 canonical form: ISO 639-1/2T/2B/3
codes (ron-RO, ger), POSIX/glibc locale names (de_DE.UTF-8, sr_RS@latin), Java Locale strings (ja_JP_JP),
Android resource qualifiers (values-pt-rBR, values-b+sr+Latn), Windows/.NET names (zh-CHS, es-ES_tradnl),
Apple .lproj folders (English.lproj), a language's name in any language (Deutsch, Brazilian Portuguese)
and common slips (jp, en-UK, uk-UK). Each answer says which rule or data decided, the steps, the ranked
alternatives with their reasons, and what was guessed; a valid tag is kept as it is (with CLDR's
plausibility notes). With --json, one JSON object per input: input, tag (null when nothing fits), source,
steps, alternatives (tag, reason) and notes. '-' reads inputs from standard input, one per line.
Exit status: 0 when every input gave a tag, 1 when any did not, 2 for usage errors.
""")


def register(sub: Any) -> None:
    """Add the ``repair`` verb to the subparsers *sub*."""
    p = sub.add_parser(
        "repair",
        parents=[common_options()],
        help=_("repair codes, platform locale strings, names and slips into valid tags"),
        description=_(_DESCRIPTION),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--from",
        dest="origin",
        choices=ORIGINS,
        default="auto",
        help=_("how to read the input (default: {default}, from its shape)").format(default="auto"),
    )
    p.add_argument("items", nargs="+", metavar="TEXT", help=_("what to repair ('-' reads lines from stdin)"))
    p.set_defaults(handler=_run_repair)


def make_repairer(engine: TagEngine) -> Repairer:
    """Return the repairer over *engine*, CLDR's likely subtags and the bundled name index."""
    from ..core.data import bundled_name_finder

    supplemental = engine.supplemental
    if supplemental is None:
        from ..cli import CommandError

        raise CommandError(
            _("the repair needs CLDR's supplemental data: {error}").format(error=engine.supplemental_error)
        )
    return Repairer(engine, Likely(supplemental, engine.registry), bundled_name_finder())


def _inputs(items: list[str]) -> Iterator[str]:
    for item in items:
        if item == "-":
            yield from iter_stdin_lines()
        else:
            yield item


def repair_text(r: Repair) -> str:
    """Return the human-readable lines of one repair, in the UI language (codes and tags as they are)."""
    quoted = repr(excerpt(r.input, width=80))  # a huge input is not echoed whole (its note gives the length)
    head = f"{quoted} → {r.tag}" if r.tag is not None else _("{input}: no valid tag").format(input=quoted)
    lines = [head]
    lines.append("  " + _("source: {source}").format(source=shown(r.source)))
    lines.extend("  " + _("step: {step}").format(step=shown(s)) for s in r.steps)
    lines.extend(
        "  " + _("alternative: {tag} ({reason})").format(tag=a.tag, reason=shown(a.reason)) for a in r.alternatives
    )
    lines.extend("  " + _("note: {note}").format(note=shown(n)) for n in r.notes)
    return "\n".join(lines) + "\n"


def _run_repair(args: argparse.Namespace) -> int:
    engine = engine_for(args)
    repairer = make_repairer(engine)
    data_loaded()
    status = EXIT_OK
    for text in _inputs(args.items):
        r = repairer.repair(text, args.origin)
        if r.tag is None:
            status = EXIT_NO_MATCH
        if args.json:
            emit_json(r.as_json())
        else:
            sys.stdout.write(repair_text(r))
    return status


def platform_form(engine: TagEngine, tag: str, platform: str) -> tuple[str | None, list[str]]:
    """Return a valid tag's form on *platform* and what that form loses (None and why for an invalid tag)."""
    r = engine.check(tag)
    if not r.valid or r.canonical is None:
        return None, [Said(N_("'{tag}' is not a valid tag; '{command}' may make one"), tag=tag, command="bcp47 repair")]
    form = write_icu(r.canonical, engine.cldr) if platform == "icu" else WRITERS[platform](r.canonical)
    return form.text, list(form.lost)
