#!/usr/bin/env python3
"""Extract every marked string of app/ into app/locale/bcp47_explorer.pot, then update every language's .po.

Usage (Babel from the dev extra: ``pip install -e '.[dev]'``):

    python3 tools/i18n_extract.py              # write the .pot and update every app/locale/<tag>/.../*.po
    python3 tools/i18n_extract.py --add sv     # also start a catalogue for a new UI language (a BCP 47 tag)
    python3 tools/i18n_extract.py --check      # change nothing; exit 1 when the .pot or a .po is out of date

The marks (one catalogue, one domain ``bcp47_explorer``, for the core, the CLI and the GUI):

- core and CLI: ``_("...")``, ``N_("...")`` (tables built at import time), ``ngettext("one", "many", n)``,
  ``pgettext("context", "...")``, ``npgettext("context", "one", "many", n)``;
- Qt: ``self.tr("...")`` and ``self.tr("...", "disambiguation")`` (the disambiguation becomes the
  entry's ``msgctxt``; Qt's class context is not used, so the same English text is translated once), and
  ``QCoreApplication.translate("Context", "...")`` / ``translate("Context", "...", "disambiguation")``.
  Plurals in Qt code use the core's ``ngettext`` (a gettext plural entry), not ``tr(..., n)``.

The .pot carries no dates, so running the script twice changes nothing (tests/core/test_i18n_catalogues.py
checks that the .pot, each .po and each .mo are up to date).
"""

from __future__ import annotations

import argparse
import ast
import io
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_keywords
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "app"
LOCALE = SOURCE / "locale"
DOMAIN = "bcp47_explorer"
POT = LOCALE / f"{DOMAIN}.pot"
#: The marks, as Babel keyword specs (``t``: only calls with that many arguments; ``c``: the msgctxt).
KEYWORDS = [
    "_",
    "N_",
    "ngettext:1,2",
    "pgettext:1c,2",
    "npgettext:1c,2,3",
    "tr:1,1t",
    "tr:1,2c,2t",
    "tr:1,2c,3t",
    "translate:2,2t",
    "translate:2,3c,3t",
    "translate:2,3c,4t",
    "_tr:1,1t",  # a module's one-argument helper over QCoreApplication.translate (builder, tbuilder, ...)
]
#: Table rows written as calls whose arguments at these positions are messages (marked without N_()):
#: the diagnostics table's ``_m(code, severity, section, template, fix, example)``.
TABLE_CALLS: dict[str, tuple[int, ...]] = {"_m": (3, 4)}
#: Table messages built at run time (an f-string or a concatenation with a variable): they cannot be
#: extracted; make each a whole constant template with named fields. Filled by extract().
NOT_EXTRACTED: list[str] = []
#: Fixed, so the files change only when the strings do.
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
WIDTH = 116


def _babel_locale(tag: str) -> str:
    """Return Babel's locale identifier of a BCP 47 tag (``zh-Hans`` → ``zh_Hans``)."""
    return tag.replace("-", "_")


def languages(root: Path = LOCALE) -> list[str]:
    """Return the tags of the languages that have a catalogue folder."""
    return sorted(p.parent.parent.name for p in root.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def extract(source: Path = SOURCE) -> Catalog:
    """Return the template catalogue of every marked string under *source* (locations relative to the repo)."""
    NOT_EXTRACTED.clear()
    cat = Catalog(
        project="BCP 47 Explorer",
        domain=DOMAIN,
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        msgid_bugs_address="https://github.com/bcp47explorer/bcp47-explorer/issues",
        copyright_holder="BCP 47 Explorer developers",
        fuzzy=False,
    )
    method_map = [("locale/**", "ignore"), ("**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
        str(source),
        method_map,
        keywords=parse_keywords(KEYWORDS),
        comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    ):
        path = (Path("app") / filename).as_posix()
        cat.add(message, None, [(path, lineno)], auto_comments=comments, context=context or None)
    for path in sorted(source.rglob("*.py")):
        rel = (Path("app") / path.relative_to(source)).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in TABLE_CALLS:
                for i in TABLE_CALLS[node.func.id]:
                    arg = node.args[i] if i < len(node.args) else None
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value:
                        cat.add(arg.value, None, [(rel, arg.lineno)])
                    elif arg is not None and not (isinstance(arg, ast.Constant) and arg.value is None):
                        NOT_EXTRACTED.append(f"{rel}:{arg.lineno}")
    return cat


def render_po(cat: Catalog) -> bytes:
    """Return *cat* written as a .po/.pot file, deterministically."""
    buf = io.BytesIO()
    write_po(buf, cat, width=WIDTH, sort_output=False, sort_by_file=True, include_previous=False, omit_header=False)
    return buf.getvalue()


def updated_po(template: Catalog, tag: str, existing: bytes | None) -> bytes:
    """Return *tag*'s .po merged with *template* (new entries empty, gone ones kept as obsolete ``#~``)."""
    if existing is None:
        cat = Catalog(locale=_babel_locale(tag), domain=DOMAIN, project="BCP 47 Explorer", fuzzy=False)
        cat.creation_date = cat.revision_date = FIXED_DATE
    else:
        cat = read_po(io.BytesIO(existing), locale=_babel_locale(tag), domain=DOMAIN)
    cat.update(template, no_fuzzy_matching=True, update_header_comment=False)
    cat.creation_date = FIXED_DATE
    cat.language_team = f"{tag} <https://github.com/bcp47explorer/bcp47-explorer>"
    cat.fuzzy = False
    return render_po(cat)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    p.add_argument("--add", action="append", default=[], metavar="TAG", help="start a catalogue for this UI language")
    p.add_argument("--check", action="store_true", help="change nothing; exit 1 when a file is out of date")
    args = p.parse_args(argv)
    template = extract()
    outputs: dict[Path, bytes] = {POT: render_po(template)}
    for tag in sorted({*languages(), *args.add}):
        path = LOCALE / tag / "LC_MESSAGES" / f"{DOMAIN}.po"
        outputs[path] = updated_po(template, tag, path.read_bytes() if path.exists() else None)
    stale = [path for path, data in outputs.items() if not path.exists() or path.read_bytes() != data]
    if args.check:
        for path in stale:
            print(f"out of date: {path.relative_to(ROOT)}", file=sys.stderr)
        return 1 if stale else 0
    for path in stale:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(outputs[path])
        print(f"wrote {path.relative_to(ROOT)}")
    print(f"{len(template)} messages")
    for where in NOT_EXTRACTED:
        print(f"not extractable (build it as one constant template): {where}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
