#!/usr/bin/env python3
"""Compile every app/locale/<tag>/LC_MESSAGES/bcp47_explorer.po into its .mo (what the app reads).

Usage (Babel from the dev extra):

    python3 tools/i18n_compile.py           # write every .mo that differs from its .po
    python3 tools/i18n_compile.py --check   # change nothing; exit 1 when a .mo is out of date
    python3 tools/i18n_compile.py --stats   # also print how much of each catalogue is translated

Fuzzy entries are left out (the English text shows until a translator confirms them). The .mo files are
committed and shipped in the wheel (pyproject's package-data) and the PyInstaller build.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "app" / "locale"
DOMAIN = "bcp47_explorer"


def compile_po(po: bytes, tag: str) -> tuple[bytes, int, int]:
    """Return the .mo bytes of a .po, with the number of translated and of all entries."""
    cat = read_po(io.BytesIO(po), locale=tag.replace("-", "_"), domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    entries = [m for m in cat if m.id]
    done = sum(
        1 for m in entries if not m.fuzzy and (all(m.string) if isinstance(m.string, (list, tuple)) else m.string)
    )
    return buf.getvalue(), done, len(entries)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    p.add_argument("--check", action="store_true", help="change nothing; exit 1 when a .mo is out of date")
    p.add_argument("--stats", action="store_true", help="print the share of translated entries")
    args = p.parse_args(argv)
    stale = 0
    for po in sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        tag = po.parent.parent.name
        mo_bytes, done, total = compile_po(po.read_bytes(), tag)
        mo = po.with_suffix(".mo")
        if args.stats:
            print(f"{tag}: {done}/{total} translated")
        if mo.exists() and mo.read_bytes() == mo_bytes:
            continue
        stale += 1
        if args.check:
            print(f"out of date: {mo.relative_to(ROOT)}", file=sys.stderr)
        else:
            mo.write_bytes(mo_bytes)
            print(f"wrote {mo.relative_to(ROOT)}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
