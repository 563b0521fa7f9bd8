"""What every verb shares: the ``--json`` and ``--registry FILE`` options and the data they select.

Every verb's parser takes :func:`common_options` as a parent, so the two options are spelt,
explained and read in this one place. A ``--registry`` file that cannot be loaded (missing,
not UTF-8, not a registry, truncated) raises :class:`~bcp47_explorer.core.data.DataError`
naming the file and the line; ``cli.main`` reports it with exit status 2.
"""

from __future__ import annotations

from functools import lru_cache

from ..core.text.catalogue import _, current_language, ngettext, pgettext
from ..core.text.formats import format_number

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:  # the core is imported when a verb runs, not when the parser is built
    import argparse
    from typing import Any

    from ..core.engine.tag import TagEngine
    from ..core.registry.model import Record, Registry

__all__ = [
    "checked_registry",
    "common_options",
    "warn_or_refuse",
    "file_name",
    "positive_int",
    "registry_for",
    "engine_for",
    "record_to_json",
    "severity_word",
]


def severity_word(severity: str, upper: bool = False) -> str:
    """Return the word the text output gives a severity (``error``, ``warning``, ``info``) in the UI language.

    ``--json`` keeps the English value; this is for text a person reads. *upper*: the capitals ``bcp47 explain``
    writes (a separate entry: not every script has capitals).

    >>> severity_word("warning"), severity_word("error", upper=True), severity_word("other")
    ('warning', 'ERROR', 'other')
    """
    if upper:
        words = {
            "error": pgettext("severity, capitals", "ERROR"),
            "warning": pgettext("severity, capitals", "WARNING"),
            "info": pgettext("severity, capitals", "INFO"),
        }
        return words.get(str(severity), str(severity).upper())
    words = {
        "error": pgettext("severity", "error"),
        "warning": pgettext("severity", "warning"),
        "info": pgettext("severity", "info"),
    }
    return words.get(str(severity), str(severity))


def common_options() -> argparse.ArgumentParser:
    """Return the parent parser that gives a verb ``--json`` and ``--registry FILE`` (its help in the UI language)."""
    return _common_options(current_language())


@lru_cache(maxsize=2)
def _common_options(language: str) -> argparse.ArgumentParser:
    """Build the parent parser once per UI language (*language* is the cache key: the help texts are translated)."""
    import argparse

    parent = argparse.ArgumentParser(add_help=False)
    group = parent.add_argument_group(_("options every verb takes"))
    group.add_argument(
        "--json", action="store_true", help=_("write JSON instead of text (the description says its shape)")
    )
    group.add_argument(
        "--registry",
        metavar="FILE",
        type=file_name,
        help=_(
            "use this Language Subtag Registry file instead of the bundled one (a file that does not "
            "load is an error naming the file and line, exit status 2)"
        ),
    )
    group.add_argument(
        "--strict",
        action="store_true",
        help=_(
            "treat a warning about a registry file as an error: exit status 2 before any output. Without "
            "it, a file that parses but has miscased or unknown field names, lacks Types or records the bundled "
            "registry has, or is older than it, is still used (it may be an older or a partial registry on "
            "purpose) and each problem is a 'bcp47: warning:' line on stderr, with the usual exit status"
        ),
    )
    return parent


def file_name(text: str) -> str:
    """Return *text* as a file name for an option; an empty one is a usage error (never "the default")."""
    if not text.strip():
        from argparse import ArgumentTypeError  # imported with the parser that calls this

        raise ArgumentTypeError(_("needs a file name (leave the option out for the bundled one)"))
    return text


def positive_int(text: str) -> int:
    """Return *text* as a whole number of at least 1 for an option such as ``--jobs``; else a usage error."""
    from argparse import ArgumentTypeError  # imported with the parser that calls this

    try:
        value = int(text)
    except ValueError:
        raise ArgumentTypeError(_("{text!r} is not a whole number").format(text=text)) from None
    if value < 1:
        raise ArgumentTypeError(_("{value} is not 1 or more").format(value=value))
    return value


def registry_for(args: argparse.Namespace) -> Registry:
    """Return the registry the verb works on: the ``--registry`` file, else the bundled one."""
    from ..core import data

    path: str | None = getattr(args, "registry", None)
    return checked_registry(path, getattr(args, "strict", False)) if path else data.bundled_registry()


def checked_registry(path: str, strict: bool = False) -> Registry:
    """Load the ``--registry`` file, warning on stderr of what it lacks against the bundled one.

    A file that does not parse raises (exit status 2, as before); one that parses but has
    miscased or unknown field names, missing Types or records, or an older File-Date than the
    bundled registry is used, with each problem on its own ``bcp47: warning:`` line on stderr;
    with *strict* (``--strict``) those lines are followed by a :class:`~bcp47_explorer.cli.CommandError`.
    """

    from ..core import data
    from ..core.registry.check import open_checked

    try:
        reference = data.bundled_registry()
    except (data.DataError, ValueError):
        reference = None
    registry, report = open_checked(path, reference)
    warn_or_refuse(path, report.lines(), strict)
    return registry


def warn_or_refuse(path: str, problems: list[str], strict: bool) -> None:
    """Print each problem of the registry file *path* as a warning; with *strict*, then refuse the file."""
    import sys

    for line in problems:
        print(_("bcp47: warning: {message}").format(message=line), file=sys.stderr)
    if strict and problems:
        from ..cli import CommandError

        raise CommandError(
            ngettext(
                "{path}: {count} warning above, and --strict treats it as an error",
                "{path}: {count} warnings above, and --strict treats them as errors",
                len(problems),
            ).format(path=path, count=format_number(len(problems)))
        )


def engine_for(args: argparse.Namespace) -> TagEngine:
    """Return the tag engine on the ``--registry`` file (else the bundled registry) with the bundled CLDR data.

    The core builds it (:func:`~bcp47_explorer.core.engine.tag.engine_for`), as for the GUI: ``--registry``
    replaces the Language Subtag Registry only; CLDR and the extensions registry stay the bundled
    ones and, as for the bundled engine, a damaged one only loses its checks.
    """
    from ..core.data import bundled_engine
    from ..core.data import engine_for as core_engine_for

    path: str | None = getattr(args, "registry", None)
    return core_engine_for(checked_registry(path, getattr(args, "strict", False))) if path else bundled_engine()


def record_to_json(rec: Record) -> dict[str, Any]:
    """Return *rec* as a JSON-ready dict: the known fields by name plus every field in file order."""
    out: dict[str, Any] = {"type": rec.type}
    out["tag" if rec.is_tag else "subtag"] = rec.code
    out.update(
        descriptions=list(rec.descriptions),
        added=rec.added,
        deprecated=rec.deprecated,
        preferred_value=rec.preferred_value,
        prefixes=list(rec.prefixes),
        suppress_script=rec.suppress_script,
        macrolanguage=rec.macrolanguage,
        scope=rec.scope,
        comments=list(rec.comments),
        fields=[[k, v] for k, v in rec.fields],
        line=rec.line,
    )
    bounds = rec.range_bounds
    if bounds:
        out["range"] = list(bounds)
    return out
