#!/usr/bin/env python3
"""Build resources/cldr-supplemental.json from the npm package cldr-core (CLDR 48).

Usage (the argument an unpacked package folder or its .tgz as `npm pack` writes it):

    npm pack cldr-core@48.2.0
    python3 tools/build_cldr_supplemental.py cldr-core-48.2.0.tgz --out resources/cldr-supplemental.json

It takes the supplemental data behind UTS #35 Part 1 §4.1 (parent locales), §4.3 (likely
subtags) and §4.4 (language matching) and writes one compact, deterministic JSON document
(the same package gives the same bytes) that app/core/cldr/likely.py and app/core/matching/bestfit.py read:

- ``likely``: every likelySubtags entry, key and value as CLDR writes them (``zh-TW`` →
  ``zh-Hant-TW``).
- ``parents``: parentLocales' ``parentLocale`` table, and ``parent_rules`` (CLDR 48 has one:
  a locale whose script is not the likely script of its language has root as parent).
- ``matching``: the ``written-new`` languageMatching data: ``paradigm`` locales, ``variables``
  (each match variable's own value and the regions it stands for, expanded through
  territoryContainment), ``rules`` in CLDR's order as ``[desired, supported, distance, oneway]``.
- ``territory_languages``: territoryInfo's ``languagePopulation``: for each territory, each language
  CLDR lists there (``zh_Hant`` written ``zh-Hant``) with its population percentage as CLDR gives it
  (a string), for the Build pane's plausibility notes ("Spanish is not among the languages CLDR lists
  for Laos").

Expanding a variable: a macro-region stands for itself and every region it contains
(recursively, deprecated containment left out), and a grouping such as 419 that lies wholly
inside the expansion is added too (419 Latin America is inside 019 Americas). This is the
reading of "a region in the variable" this project takes; ICU's builder reaches the same sets.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_cldr_data import Package  # tools/ is not a package

#: Bump when the shape of the output changes; the loader refuses other values.
FORMAT = 1


def _containment(core: Package) -> dict[str, list[str]]:
    """Return region → the regions it directly contains (groupings included, deprecated left out)."""
    raw = core.json("supplemental/territoryContainment.json")["supplemental"]["territoryContainment"]
    out: dict[str, list[str]] = {}
    for key, body in raw.items():
        if "-status-deprecated" in key:
            continue
        code = key.split("-status-")[0]
        out.setdefault(code, [])
        out[code].extend(c for c in body.get("_contains", []) if c not in out[code])
    return out


def _expand(codes: list[str], contains: dict[str, list[str]]) -> list[str]:
    """Return *codes* with every region they contain, and every grouping wholly inside them."""
    seen: set[str] = set()
    stack = list(codes)
    while stack:
        c = stack.pop()
        if c not in seen:
            seen.add(c)
            stack.extend(contains.get(c, ()))
    changed = True
    while changed:  # groupings (419, EU, ...) that lie wholly inside the set
        changed = False
        for code, kids in contains.items():
            if code not in seen and kids and all(k in seen for k in kids):
                seen.add(code)
                changed = True
    return sorted(seen)


def build_matching(core: Package) -> dict[str, Any]:
    """Return the languageMatching data with its variables expanded."""
    written = core.json("supplemental/languageMatching.json")["supplemental"]["languageMatching"]["written-new"]
    contains = _containment(core)
    variables = {}
    for name, body in sorted(written["matchVariables"].items()):
        value = body["_value"]
        variables[name] = {"value": value, "regions": _expand(value.split("+"), contains)}
    rules = [
        [r["_desired"], r["_supported"], int(r["_distance"]), bool(r.get("_oneway", False))]
        for r in written["languageMatch"]
    ]
    return {"paradigm": list(written["paradigmLocales"]["_locales"]), "variables": variables, "rules": rules}


def build(core: Package) -> dict[str, Any]:
    """Return the whole output document."""
    likely = core.json("supplemental/likelySubtags.json")["supplemental"]["likelySubtags"]
    parents = core.json("supplemental/parentLocales.json")["supplemental"]["parentLocales"]
    rules = parents.get("_localeRules", {}).get("parentLocale", {})
    return {
        "format": FORMAT,
        "source": f"{core.name} {core.version}",
        "likely": dict(sorted(likely.items())),
        "parents": dict(sorted(parents["parentLocale"].items())),
        "parent_rules": dict(sorted(rules.items())),
        "matching": build_matching(core),
        "territory_languages": build_territory_languages(core),
    }


def build_territory_languages(core: Package) -> dict[str, dict[str, str]]:
    """Return {territory: {language: population percent}} from territoryInfo, sorted."""
    info = core.json("supplemental/territoryInfo.json")["supplemental"]["territoryInfo"]
    out: dict[str, dict[str, str]] = {}
    for territory, body in sorted(info.items()):
        langs = body.get("languagePopulation", {})
        out[territory] = {
            lang.replace("_", "-"): str(v.get("_populationPercent", "")) for lang, v in sorted(langs.items())
        }
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("core", type=Path, help="cldr-core package folder or .tgz")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    core = Package(args.core)
    if core.name != "cldr-core":
        raise SystemExit(f"{args.core}: this is {core.name}, not cldr-core")
    doc = build(core)
    args.out.write_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":"), sort_keys=False) + "\n", "utf-8")
    print(
        f"{args.out}: {len(doc['likely'])} likely subtags, {len(doc['parents'])} parent locales, "
        f"{len(doc['matching']['rules'])} matching rules, {len(doc['territory_languages'])} territories",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
