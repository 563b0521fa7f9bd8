"""``bcp47 likely``: add and remove likely subtags (UTS #35 §4.3) with CLDR 48's data."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from ..cli import EXIT_NO_MATCH, EXIT_OK, CommandError, emit_json
from ..core import data
from ..core.text.catalogue import N_, _
from .common import common_options, engine_for
from .live import live_inputs

if TYPE_CHECKING:
    from ..core.build.localeinfo import LikelyInfo
    from ..core.names.sil import SilData

__all__ = ["register"]

_DESCRIPTION = N_(
    """\
Add likely subtags to tags (maximize: zh-TW -> zh-Hant-TW) and remove them
(minimize, favouring the script: zh-Hant, or the region as CLDR does by default:
zh-TW), as UTS #35 Part 1 §4.3 defines with CLDR 48's likelySubtags data. Each
tag is first put in its Unicode (UTS #35) canonical form (cmn-TW is zh-TW); the
language, script and region are looked up, variants and extensions are kept.
This is the Unicode/CLDR view, not an RFC 5646 operation: RFC 5646 advises
against adding a script that adds nothing (Suppress-Script).

Give '-' to read tags from standard input, one per line. With --json, one JSON
object per input line: input, unicode (the UTS #35 form looked up), max, min
(favouring the script), min_region (favouring the region), looked_up (the
likelySubtags entry), added (field, subtag, registry description) and
explanation; max, min and min_region are null when the tag cannot be maximized
(not well-formed, or no entry for its language: qaa, tlh). Exit status: 0 when
every tag was maximized, 1 when one could not be, 2 for usage or data errors.
"""
)


def register(sub: Any) -> None:
    """Add the ``likely`` verb to the subparsers *sub*."""
    p = sub.add_parser(
        "likely",
        parents=[common_options()],
        help=_("add and remove likely subtags (UTS #35 §4.3, CLDR)"),
        description=_(_DESCRIPTION),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("tags", nargs="+", metavar="TAG", help=_("tags ('-' reads them from stdin)"))
    p.add_argument(
        "--sil",
        action="store_true",
        help=_(
            "also show SIL's answer (langtags via @ethnolib/find-language): its maximal tag, equivalent tags "
            "and the scripts it records for the language; CLDR's answer stays the one above (JSON: a 'sil' object)"
        ),
    )
    p.set_defaults(handler=_run_likely)


def _as_json(info: LikelyInfo) -> dict[str, Any]:
    return {
        "input": info.input,
        "unicode": info.unicode or None,
        "max": info.max,
        "min": info.min,
        "min_region": info.min_region,
        "looked_up": info.looked_up or None,
        "added": [{"field": f, "subtag": c, "description": d} for f, c, d in info.added],
        "explanation": info.explanation,
    }


def _as_text(info: LikelyInfo) -> str:
    if info.max is None:
        return info.input + "\n  " + _("no likely subtags: {why}").format(why=info.explanation)
    lines = [info.input]
    if info.unicode != info.input:
        lines.append("  " + _("Unicode form:  {tag}").format(tag=info.unicode))
    lines.append("  " + _("maximized:     {tag}").format(tag=info.max))
    lines.append("  " + _("minimized:     {tag} (favouring the region, CLDR's default)").format(tag=info.min_region))
    if info.min != info.min_region:
        lines.append("  " + _("               {tag} (favouring the script)").format(tag=info.min))
    lines.append("  " + _("why:           {why}").format(why=info.explanation))
    return "\n".join(lines)


def _run_likely(args: argparse.Namespace) -> int:
    """Run ``bcp47 likely``."""
    from ..core.build.localeinfo import likely_info, supplemental_or_error

    engine = engine_for(args)
    supplemental, why = supplemental_or_error(engine)
    if supplemental is None:
        raise CommandError(why)
    status = EXIT_OK
    sil = data.bundled_sil() if args.sil else None
    n = 0
    for tag in live_inputs(args.tags):  # each result out as its line arrives
        n += 1
        info = likely_info(engine, tag, supplemental)
        if info.max is None:
            status = EXIT_NO_MATCH
        extra = _sil_json(sil, tag, info.max) if sil is not None else None
        if args.json:
            emit_json(_as_json(info) if extra is None else {**_as_json(info), "sil": extra})
        else:
            sys.stdout.write(_as_text(info) + "\n" + (_sil_text(extra) if extra is not None else ""))
    if not n:
        raise CommandError(_("no tags: give tags as arguments or '-' with one tag per line on stdin"))
    return status


def _sil_json(sil: SilData, tag: str, cldr_max: str | None) -> dict[str, Any]:
    """What SIL's data says of *tag*, and whether its maximal tag differs from CLDR's."""
    maximal = sil.maximal(tag)
    language = (maximal or tag).split("-")[0].split("_")[0]  # sgn-ase's language is ase
    return {
        "source": sil.source,
        "max": maximal,
        "equivalents": list(sil.equivalents(tag)),
        "scripts": list(sil.scripts(language)),
        "differs_from_cldr": maximal is not None and (cldr_max is None or maximal.lower() != cldr_max.lower()),
    }


def _sil_text(extra: dict[str, Any]) -> str:
    if extra["max"] is None and not extra["scripts"]:
        return "  " + _("SIL:           no tag set for this tag ({source})").format(source=extra["source"]) + "\n"
    lines = [
        "  "
        + (
            _("SIL maximal:   {tag}  (differs from CLDR)") if extra["differs_from_cldr"] else _("SIL maximal:   {tag}")
        ).format(tag=extra["max"] or _("(no tag set)"))
    ]
    if extra["equivalents"]:
        lines.append("  " + _("SIL same as:   {tags}").format(tags=" ".join(extra["equivalents"])))
    if extra["scripts"]:
        lines.append("  " + _("SIL scripts:   {scripts}").format(scripts=" ".join(extra["scripts"])))
    return "\n".join(lines) + "\n"
