"""``bcp47 name``: CLDR display names of tags, whole and subtag by subtag, in a chosen language."""

from __future__ import annotations

import argparse
import sys
import unicodedata
from typing import TYPE_CHECKING, Any

from ..cli import EXIT_NO_MATCH, EXIT_OK, CommandError, data_loaded, emit_json
from ..core.text.catalogue import N_, _
from .common import common_options, registry_for
from .live import live_inputs

if TYPE_CHECKING:
    from ..core.names.namer import Namer, TagName

__all__ = ["register", "name_json", "name_text"]

_DESCRIPTION = N_(
    """\
Name language tags with CLDR 48's locale display names (UTS #35 Part 2 §1.1): the whole tag
("Serbian (Latin, Serbia)", or CLDR's own name for a language+region such as "British English"),
each subtag's CLDR name beside its English registry Description, -u-/-t- keys and types where
CLDR names them, and the autonym (the tag named in its own language: de -> Deutsch).
--in LANG picks the display language (default en); a name CLDR lacks there comes from its parent
locales (de-CH -> de -> root), then from the registry's English Description, then the code.
Give '-' to read tags from standard input, one per line. With --json, one JSON object per tag:
input, display (LANG as given), locale (the CLDR locale used; "root" when CLDR has none for
LANG), name (null when the tag is not well-formed), autonym, autonym_locale, and subtags (text,
start, end, kind, code, cldr, source: the CLDR locale that named it, registry). Exit status 1
when a tag is not well-formed.
"""
)


def register(sub: Any) -> None:
    """Add the ``name`` verb to the subparsers *sub*."""
    p = sub.add_parser(
        "name",
        parents=[common_options()],
        help=_("name tags in any language with CLDR's display names (and the autonym)"),
        description=_(_DESCRIPTION),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--in",
        dest="display",
        metavar="LANG",
        default="en",
        help=_("the display language, a BCP 47 tag such as de, fr-CA, zh-Hant, sr-Latn (default: en)"),
    )
    p.add_argument("tags", nargs="+", metavar="TAG", help=_("tags to name ('-' reads them from stdin)"))
    p.set_defaults(handler=_run_name)


def name_json(result: TagName) -> dict[str, Any]:
    """Return the JSON object ``bcp47 name --json`` writes for one tag."""
    return {
        "input": result.tag,
        "display": result.display,
        "locale": result.locale,
        "name": result.name,
        "autonym": result.autonym,
        "autonym_locale": result.autonym_locale,
        "subtags": [
            {
                "text": s.text,
                "start": s.start,
                "end": s.end,
                "kind": s.kind,
                "code": s.code,
                "cldr": s.name,
                "source": s.source,
                "registry": s.description,
            }
            for s in result.subtags
        ],
    }


def name_text(result: TagName) -> str:
    """Return the text ``bcp47 name`` prints for one tag."""
    lines = [f"{result.tag}: {result.name if result.name is not None else _('(not well-formed: no name)')}"]
    if result.autonym is not None:
        lines.append("  " + _("autonym ({locale}): {name}").format(locale=result.autonym_locale, name=result.autonym))
    width = max((len(s.text) for s in result.subtags), default=0)
    cells = []
    for s in result.subtags:
        cldr = s.name if s.name is not None else _("(CLDR has no name)")
        if s.name is not None and s.source not in (None, result.locale):
            cldr += " " + _("[from {locale}]").format(locale=s.source)
        cells.append(cldr)
    cwidth = max((_width(c) for c in cells), default=0)
    for s, cldr in zip(result.subtags, cells, strict=True):
        line = f"  {s.text:<{width}}  {s.kind:<11} {cldr}{' ' * (cwidth - _width(cldr))}"
        if s.description:
            line += "  " + _("registry: {description}").format(description=s.description)
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def _width(text: str) -> int:
    """Return how many terminal columns *text* takes (East Asian wide characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _namer(args: argparse.Namespace) -> Namer:
    from ..core import data
    from ..core.data import bundled_namer
    from ..core.names.namer import Namer

    if getattr(args, "registry", None):
        return Namer(data.bundled_names(), registry_for(args), data.bundled_cldr())
    return bundled_namer()


def _run_name(args: argparse.Namespace) -> int:
    from ..core.data import DataError
    from ..core.grammar.parser import parse
    from ..core.names.pack import NamesPackError

    display = args.display.strip()
    if not display or not parse(display).well_formed:
        raise CommandError(
            _("--in {tag}: not a well-formed language tag (try en, de, fr-CA, zh-Hant)").format(tag=repr(args.display))
        )
    namer = _namer(args)
    locale = namer.pack.resolve_locale(display)
    if locale == "root":
        print(
            "bcp47: "
            + _(
                "CLDR {version} has no display names for {locale}; names come from the registry's English Descriptions"
            ).format(version=namer.pack.cldr_version, locale=repr(display)),
            file=sys.stderr,
        )
    data_loaded()
    status = EXIT_OK
    for tag in live_inputs(args.tags):  # each result out as its line arrives
        try:
            result = namer.name_tag(tag, display)
        except NamesPackError as exc:
            raise DataError(f"{namer.pack.source}: {exc}") from None
        if result.name is None:
            print(
                "bcp47: "
                + _("{tag} is not well-formed, so it has no name (bcp47 check says why)").format(tag=repr(tag)),
                file=sys.stderr,
            )
            status = EXIT_NO_MATCH
        if args.json:
            emit_json(name_json(result))
        else:
            sys.stdout.write(name_text(result))
    return status
