#!/usr/bin/env python3
"""Build resources/cldr-names.pack, CLDR's locale display names for every locale, from the npm packages.

Usage (each argument an unpacked package folder or its .tgz as `npm pack` writes it):

    npm pack cldr-localenames-full@48.2.0 cldr-subdivisions-full@48.2.0 cldr-numbers-full@48.2.0 \
        cldr-dates-full@48.2.0 cldr-bcp47@48.2.0 cldr-core@48.2.0
    python3 tools/build_cldr_names.py cldr-localenames-full-48.2.0.tgz cldr-subdivisions-full-48.2.0.tgz \
        cldr-numbers-full-48.2.0.tgz cldr-dates-full-48.2.0.tgz cldr-bcp47-48.2.0.tgz cldr-core-48.2.0.tgz \
        --out resources/cldr-names.pack

What goes in (app/core/names/pack.py reads it back; the shape is FORMAT below):

- for each of the locales of cldr-localenames-full (``main/<locale>/``) the names of languages
  (including CLDR's language+script and language+region entries such as ``en-GB``), scripts (with
  the stand-alone form where CLDR has one), regions, variants, ``-u-``/``-t-`` keys and types, and
  subdivisions (from cldr-subdivisions-full, which holds the full lists, and the few in
  localeDisplayNames), currencies (the ``cu`` values, from cldr-numbers-full's ``currencies.json``:
  ``displayName`` only), time zones (the ``tz`` values, from cldr-dates-full's ``timeZoneNames.json``:
  the ``exemplarCity`` CLDR gives, under the zone's BCP 47 code), and the localePattern /
  localeSeparator / localeKeyTypePattern;
- keys and types are stored under their BCP 47 codes (``ca``/``gregory``), translated from the
  legacy names CLDR's display data uses (``calendar``/``gregorian``) with cldr-bcp47's aliases;
- the packages' JSON is resolved (a sub-locale repeats everything it inherits), so each locale keeps
  only what differs from its parent locale (cldr-core ``parentLocales``; the ``nonlikelyScript`` rule
  with cldr-core ``likelySubtags``; otherwise truncation), and the reader merges the chain back;
- an index: every locale with its parent, the likely script of each language that has a locale (for
  the ``nonlikelyScript`` rule at run time), language+region forms whose likely script is not the
  language's (``zh-TW`` → ``zh-Hant-TW``, whose parent is ``zh-Hant``), every language's autonyms (its
  name in each of its own locales, for search), and each blob's offset, length and sha256.

Left out on purpose: ``alt`` forms other than the stand-alone script names, CLDR's ``menu`` forms and
the stray ``core`` entries that the JSON conversion makes of the XML ``scope`` attribute.

The file: one ASCII line ``BCP47-CLDR-NAMES <FORMAT> <header length>``, the header (UTF-8 JSON), then
the locale blobs, each zlib-compressed compact JSON. The build is deterministic: the same packages
give the same bytes (keys sorted, no timestamps).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import sys
import zlib
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_cldr_data import Package  # tools/ is not a package: the one npm package reader

#: Bump when the shape of the output changes; the reader refuses other values.
FORMAT = 1
MAGIC = "BCP47-CLDR-NAMES"

Names = dict[str, dict[str, str]]


def _key_maps(bcp47: Package) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """Return legacy key → BCP 47 key, and per BCP 47 key legacy type → BCP 47 type."""
    keys: dict[str, str] = {}
    types: dict[str, dict[str, str]] = {}
    for name in sorted(bcp47.files):
        if not name.startswith("bcp47/") or not name.endswith(".json"):
            continue
        for ext_keys in bcp47.json(name).get("keyword", {}).values():
            for key, body in ext_keys.items():
                keys[key] = key
                for alias in str(body.get("_alias", "") or "").split():
                    keys[alias] = key
                tmap = types.setdefault(key, {})
                for typ, tbody in body.items():
                    if typ.startswith("_") or not isinstance(tbody, dict):
                        continue
                    tmap.setdefault(typ, typ)
                    for alias in str(tbody.get("_alias", "") or "").split():
                        tmap.setdefault(alias, typ)
    return keys, types


def _section(pkg: Package, locale: str, file: str, part: str) -> dict[str, Any]:
    data = pkg.files.get(f"main/{locale}/{file}.json")
    if data is None:
        return {}
    ldn = json.loads(data)["main"][locale]["localeDisplayNames"]
    return dict(ldn.get(part, {}))


def _locale_names(
    pkg: Package,
    subdiv: Package,
    numbers: Package,
    dates: Package,
    locale: str,
    keymap: dict[str, str],
    typemap: dict[str, dict[str, str]],
) -> Names:
    """Return every name of *locale* (resolved, as the package gives it) in the builder's categories."""
    out: Names = {c: {} for c in ("l", "s", "S", "r", "v", "k", "t", "d", "c", "z", "p")}
    for code, name in _section(pkg, locale, "languages", "languages").items():
        if "-alt-" in code or "-menu-" in code:
            continue
        out["l"][code] = name
    for code, name in _section(pkg, locale, "scripts", "scripts").items():
        if code.endswith("-alt-stand-alone"):
            out["S"][code.split("-")[0]] = name
        elif "-alt-" not in code:
            out["s"][code] = name
    for code, name in _section(pkg, locale, "territories", "territories").items():
        if "-alt-" not in code:
            out["r"][code] = name
    for code, name in _section(pkg, locale, "variants", "variants").items():
        if "-alt-" not in code:
            out["v"][code.lower()] = name
    ldn = json.loads(pkg.files[f"main/{locale}/localeDisplayNames.json"])["main"][locale]["localeDisplayNames"]
    pattern = ldn.get("localeDisplayPattern", {})
    for short, long in (
        ("pattern", "localePattern"),
        ("separator", "localeSeparator"),
        ("keytype", "localeKeyTypePattern"),
    ):
        if long in pattern:
            out["p"][short] = pattern[long]
    for legacy, name in ldn.get("keys", {}).items():
        out["k"][keymap.get(legacy, legacy)] = name
    for legacy_key, tbody in ldn.get("types", {}).items():
        key = keymap.get(legacy_key, legacy_key)
        tmap = typemap.get(key, {})
        for legacy_type, name in tbody.items():
            if legacy_type == "core" or "-alt-" in legacy_type:
                continue  # the JSON's rendering of the XML scope="core" attribute, and alt forms
            out["t"][f"{key}-{tmap.get(legacy_type, legacy_type).lower()}"] = name
    out["d"].update(ldn.get("subdivisions", {}))
    sub = subdiv.files.get(f"subdivisions/{locale}/{locale.replace('-', '_')}.json")
    if sub is not None:
        out["d"].update(json.loads(sub)["subdivisions"]["localeDisplayNames"]["subdivisions"])
    cur = numbers.files.get(f"main/{locale}/currencies.json")
    if cur is not None:
        for code, body in json.loads(cur)["main"][locale]["numbers"]["currencies"].items():
            if isinstance(body, dict) and body.get("displayName"):
                out["c"][code] = body["displayName"]  # the cu values' names
    tzn = dates.files.get(f"main/{locale}/timeZoneNames.json")
    if tzn is not None:
        zones = json.loads(tzn)["main"][locale]["dates"]["timeZoneNames"].get("zone", {})
        tz_types = typemap.get("tz", {})
        for iana, city in sorted(_exemplar_cities(zones, ())):
            if iana in tz_types:
                out["z"][tz_types[iana]] = city  # the tz values' names: the zone's exemplar city
    return out


def _exemplar_cities(tree: dict[str, Any], path: tuple[str, ...]) -> list[tuple[str, str]]:
    """Return (IANA zone id, exemplarCity) for every zone of a timeZoneNames ``zone`` tree."""
    found: list[tuple[str, str]] = []
    for part, body in tree.items():
        if isinstance(body, dict):
            if isinstance(body.get("exemplarCity"), str):
                found.append(("/".join((*path, part)), body["exemplarCity"]))
            found.extend(_exemplar_cities(body, (*path, part)))
    return found


def _parents(core: Package, locales: list[str]) -> tuple[dict[str, str], dict[str, str]]:
    """Return each locale's parent (``root`` at the top) and the likely script of each language with a locale."""
    pl = core.json("supplemental/parentLocales.json")["supplemental"]["parentLocales"]
    explicit: dict[str, str] = pl["parentLocale"]
    likely: dict[str, str] = core.json("supplemental/likelySubtags.json")["supplemental"]["likelySubtags"]
    scripts: dict[str, str] = {}
    for loc in locales:
        lang = loc.split("-")[0]
        if lang in likely and lang not in scripts:
            scripts[lang] = likely[lang].split("-")[1]
    parents: dict[str, str] = {}
    for loc in locales:
        if loc == "und":
            continue
        parents[loc] = _parent_of(loc, explicit, scripts)
    return parents, scripts


def _parent_of(loc: str, explicit: dict[str, str], scripts: dict[str, str]) -> str:
    if loc in explicit:
        return "root" if explicit[loc] in ("und", "root") else explicit[loc]
    parts = loc.split("-")
    if len(parts) == 1:
        return "root"
    if len(parts) == 2 and len(parts[1]) == 4 and scripts.get(parts[0]) != parts[1]:
        return "root"  # parentLocales' nonlikelyScript rule
    return "-".join(parts[:-1])


def _chain(loc: str, parents: dict[str, str]) -> list[str]:
    out = [loc]
    while out[-1] in parents:
        out.append(parents[out[-1]])
    return out


def _resolve(chain: list[str], deltas: dict[str, Names]) -> Names:
    merged: Names = {}
    for loc in reversed(chain):
        for cat, names in deltas.get(loc, {}).items():
            merged.setdefault(cat, {}).update(names)
    return merged


def build(
    localenames: Package, subdivisions: Package, numbers: Package, dates: Package, bcp47: Package, core: Package
) -> bytes:
    """Return the bytes of the names pack built from the six packages."""
    pkgs = (localenames, subdivisions, numbers, dates, bcp47, core)
    versions = {p.name: p.version for p in pkgs}
    if len(set(versions.values())) != 1:
        raise SystemExit(f"the packages are of different versions: {versions}")
    licences = {p.files.get("LICENSE") for p in pkgs}
    if len(licences) != 1 or None in licences:
        raise SystemExit("the packages' LICENSE files differ (resources/LICENSE-CLDR covers one licence)")
    keymap, typemap = _key_maps(bcp47)
    locales = sorted({name.split("/")[1] for name in localenames.files if name.startswith("main/")})
    full = {loc: _locale_names(localenames, subdivisions, numbers, dates, loc, keymap, typemap) for loc in locales}
    parents, scripts = _parents(core, locales)
    # The root locale ("und" in the package) holds only the patterns; it is stored as "root".
    full["root"] = full.pop("und")
    locales = sorted(full)
    deltas: dict[str, Names] = {}
    # Parents first, so that each delta is taken against its parent's resolved names.
    for loc in sorted(locales, key=lambda x: (len(_chain(x, parents)), x)):
        parent = parents.get(loc)
        base = _resolve(_chain(parent, parents), deltas) if parent else {}
        delta: Names = {}
        for cat, names in sorted(full[loc].items()):
            inherited = base.get(cat, {})
            changed = {k: v for k, v in sorted(names.items()) if inherited.get(k) != v}
            if changed:
                delta[cat] = changed
        deltas[loc] = delta

    likely: dict[str, str] = core.json("supplemental/likelySubtags.json")["supplemental"]["likelySubtags"]
    # A language+region whose likely script is not the language's own (zh-TW: Hant, zh: Hans) resolves
    # through its full form (zh-Hant-TW, whose parent zh-Hant CLDR has), not by truncation to zh.
    region_forms: dict[str, str] = {}
    for short, full_form in sorted(likely.items()):
        parts = short.split("-")
        if len(parts) == 2 and parts[0] in scripts and len(parts[1]) != 4:
            max_parts = full_form.split("-")
            if len(max_parts) == 3 and max_parts[1] != scripts[parts[0]]:
                region_forms[short] = f"{parts[0]}-{max_parts[1]}-{parts[1]}"
    autonyms: dict[str, list[str]] = {}
    for loc in locales:
        lang = loc.split("-")[0]
        if loc == "root":
            continue
        name = _resolve(_chain(loc, parents), deltas).get("l", {}).get(lang)
        if name and name not in autonyms.setdefault(lang, []):
            autonyms[lang].append(name)

    blobs: list[bytes] = []
    index: dict[str, list[Any]] = {}
    offset = 0
    for loc in locales:
        raw = json.dumps(deltas[loc], ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
        blob = zlib.compress(raw, 9)
        index[loc] = [offset, len(blob), hashlib.sha256(raw).hexdigest()]
        blobs.append(blob)
        offset += len(blob)
    header = {
        "format": FORMAT,
        "cldr": versions[localenames.name],
        "packages": {p.name: p.version for p in pkgs},
        "locales": index,
        "parents": dict(sorted(parents.items())),
        "likely_scripts": dict(sorted(scripts.items())),
        "region_forms": dict(sorted(region_forms.items())),
        "autonyms": dict(sorted(autonyms.items())),
    }
    head = json.dumps(header, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()
    out = io.BytesIO()
    out.write(f"{MAGIC} {FORMAT} {len(head)}\n".encode("ascii"))
    out.write(head)
    for blob in blobs:
        out.write(blob)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "packages",
        nargs=6,
        type=Path,
        help="cldr-localenames-full, cldr-subdivisions-full, cldr-numbers-full, cldr-dates-full, cldr-bcp47, "
        "cldr-core (any order)",
    )
    ap.add_argument("--out", type=Path, required=True, help="the pack to write")
    args = ap.parse_args(argv)
    pkgs = {p.name: p for p in (Package(src) for src in args.packages)}
    wanted = (
        "cldr-localenames-full",
        "cldr-subdivisions-full",
        "cldr-numbers-full",
        "cldr-dates-full",
        "cldr-bcp47",
        "cldr-core",
    )
    missing = [w for w in wanted if w not in pkgs]
    if missing:
        raise SystemExit(f"missing package(s): {', '.join(missing)}")
    data = build(*(pkgs[w] for w in wanted))
    args.out.write_bytes(data)
    print(f"{args.out}: {len(data):,} bytes, sha256 {hashlib.sha256(data).hexdigest()}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
