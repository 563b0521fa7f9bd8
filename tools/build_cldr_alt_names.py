#!/usr/bin/env python3
"""Build resources/cldr-alt-names.json: CLDR's alternate forms of language and region names, every locale.

Usage (the package's .tgz as ``npm pack`` writes it):

    npm pack cldr-localenames-full@48.2.0
    python3 tools/build_cldr_alt_names.py cldr-localenames-full-48.2.0.tgz --out resources/cldr-alt-names.json

The names pack (tools/build_cldr_names.py) leaves CLDR's ``alt`` forms out; the name index wants
them ("UK" ``GB-alt-short``, "Ivory Coast" ``CI-alt-variant``). Output: ``{"l": {code: [[locale,
name], ...]}, "r": {...}}``, the forms that differ from the locale's plain name, each (locale,
name) once per code, sorted; menu forms are left out (they are list labels, not names).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import tarfile
from pathlib import Path

FORMAT = 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tgz", type=Path)
    ap.add_argument("--out", type=Path, default=Path("resources/cldr-alt-names.json"))
    args = ap.parse_args(argv)
    raw = args.tgz.read_bytes()
    out: dict[str, dict[str, set[tuple[str, str]]]] = {"l": {}, "r": {}}
    with tarfile.open(fileobj=io.BytesIO(raw)) as tar:
        version = json.load(tar.extractfile("package/package.json"))["version"]  # type: ignore[arg-type]
        for member in sorted(tar.getmembers(), key=lambda m: m.name):
            parts = member.name.split("/")
            if len(parts) != 4 or parts[3] not in ("languages.json", "territories.json"):
                continue
            locale = parts[2]
            doc = json.load(tar.extractfile(member))  # type: ignore[arg-type]
            names = doc["main"][locale]["localeDisplayNames"]["languages" if parts[3][0] == "l" else "territories"]
            for key, name in names.items():
                code, sep, alt = key.partition("-alt-")
                if not sep or alt == "menu" or name == names.get(code):
                    continue
                out["l" if parts[3][0] == "l" else "r"].setdefault(code, set()).add((locale, name))
    doc_out = {
        "format": FORMAT,
        "source": f"npm cldr-localenames-full@{version}",
        "sha256": hashlib.sha256(raw).hexdigest(),
        **{c: {k: sorted(v) for k, v in sorted(t.items())} for c, t in out.items()},
    }
    args.out.write_text(json.dumps(doc_out, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
