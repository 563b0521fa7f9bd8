#!/usr/bin/env python3
"""Build resources/cldr-bcp47.json from the npm packages cldr-bcp47 and cldr-core.

Usage (each argument an unpacked package folder or its .tgz as `npm pack` writes it):

    npm pack cldr-bcp47@48.2.0 cldr-core@48.2.0
    python3 tools/build_cldr_data.py cldr-bcp47-48.2.0.tgz cldr-core-48.2.0.tgz \
        --out resources/cldr-bcp47.json --license resources/LICENSE-CLDR

The output is one compact JSON document that app/core/cldr/model.py turns into objects with
json.loads and a single pass; its shape is described by FORMAT below. The build is
deterministic: the same packages give the same bytes.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import re
import sys
import tarfile
from pathlib import Path, PurePosixPath
from typing import Any

#: Bump when the shape of the output changes; the loader refuses other values.
FORMAT = 1

_ALIAS_TABLES = ("languageAlias", "scriptAlias", "territoryAlias", "variantAlias", "subdivisionAlias")
_SPACES = re.compile(r"\s+")


class Package:
    """The files of one npm package, read from a folder or a .tgz."""

    def __init__(self, source: Path) -> None:
        self.source = source
        self.files: dict[str, bytes] = {}
        if source.is_dir():
            root = source / "package" if (source / "package" / "package.json").is_file() else source
            for p in sorted(root.rglob("*")):
                if p.is_file():
                    self.files[p.relative_to(root).as_posix()] = p.read_bytes()
        else:
            with tarfile.open(source, "r:gz") as tar:
                for member in tar.getmembers():
                    if not member.isfile():
                        continue
                    parts = PurePosixPath(member.name).parts
                    name = "/".join(parts[1:]) if len(parts) > 1 else parts[0]
                    handle = tar.extractfile(member)
                    if handle is not None:
                        self.files[name] = handle.read()
        if "package.json" not in self.files:
            raise SystemExit(f"{source}: no package.json (not an npm package)")
        self.meta: dict[str, Any] = json.loads(self.files["package.json"])
        self.name: str = self.meta["name"]
        self.version: str = self.meta["version"]
        self.sha256 = hashlib.sha256(source.read_bytes()).hexdigest() if source.is_file() else ""

    def json(self, name: str) -> Any:
        """Return the parsed JSON file *name* of the package."""
        try:
            return json.loads(self.files[name])
        except KeyError:
            raise SystemExit(f"{self.source}: the package has no {name}") from None


def _clean(text: str) -> str:
    # The data wraps long descriptions with runs of spaces; one space reads the same.
    return _SPACES.sub(" ", text).strip()


def _type_row(name: str, body: dict[str, Any]) -> list[Any]:
    """Return [name, description, legacy names, deprecated, preferred, since, iana, region]."""
    return [
        name,
        _clean(body.get("_description", "")),
        body.get("_alias", ""),
        bool(body.get("_deprecated", False)),
        body.get("_preferred"),
        body.get("_since"),
        body.get("_iana"),
        body.get("_region"),
    ]


def build_keys(bcp47: Package) -> list[list[Any]]:
    """Return one row per key: [ext, key, description, legacy, deprecated, preferred, value type, since, types]."""
    rows = []
    seen = set()
    for name in sorted(n for n in bcp47.files if n.startswith("bcp47/") and n.endswith(".json")):
        keyword = bcp47.json(name).get("keyword", {})
        for ext in sorted(keyword):
            for key in sorted(keyword[ext]):
                if (ext, key) in seen:
                    raise SystemExit(f"{name}: key {ext}-{key} defined twice")
                seen.add((ext, key))
                body = keyword[ext][key]
                types = [_type_row(t, v) for t, v in sorted(body.items()) if not t.startswith("_")]
                rows.append(
                    [
                        ext,
                        key,
                        _clean(body.get("_description", "")),
                        body.get("_alias"),
                        bool(body.get("_deprecated", False)),
                        body.get("_preferred"),
                        body.get("_valueType"),
                        body.get("_since"),
                        types,
                    ]
                )
    rows.sort(key=lambda r: (r[0], r[1]))
    return rows


def build_aliases(core: Package) -> dict[str, dict[str, str]]:
    """Return the UTS #35 alias tables (code -> replacement, space-separated when several) and languageAlias reasons."""
    alias = core.json("supplemental/aliases.json")["supplemental"]["metadata"]["alias"]
    out = {}
    for table in _ALIAS_TABLES:
        out[table] = {code: alias[table][code]["_replacement"] for code in sorted(alias[table])}
    # Why each languageAlias row exists (overlong, bibliographic, macrolanguage, deprecated, legacy): the
    # repair says "ISO 639-2/B" or "ISO 639-3" from it.
    out["languageAliasReason"] = {
        code: alias["languageAlias"][code]["_reason"] for code in sorted(alias["languageAlias"])
    }
    return out


def build_subdivisions(core: Package) -> list[str]:
    """Return every subdivision code that CLDR's subdivision containment names."""
    tree = core.json("supplemental/subdivisionContainment.json")["supplemental"]["subdivisionContainment"]
    codes = set()
    for parent, body in tree.items():
        if parent.islower():
            codes.add(parent)
        codes.update(body["_contains"])
    bad = [c for c in codes if not re.fullmatch(r"[a-z]{2}[a-z0-9]{1,4}|[0-9]{3}[a-z0-9]{1,4}", c)]
    if bad:
        raise SystemExit(f"unexpected subdivision codes: {bad[:5]}")
    return sorted(codes)


def build_territory_containment(core: Package) -> dict[str, list[str]]:
    """Return CLDR's territory containment: container -> members (with its '-status-' groups as CLDR has them)."""
    tree = core.json("supplemental/territoryContainment.json")["supplemental"]["territoryContainment"]
    return {code: sorted(body["_contains"]) for code, body in sorted(tree.items())}


def build_territory_codes(core: Package) -> dict[str, list[str]]:
    """Return ISO 3166's other codes of each region: alpha-2 -> [alpha-3, numeric] ('' where CLDR has none).

    codeMappings also maps currencies (three-letter keys such as 'AED'); those are left out.
    """
    table = core.json("supplemental/codeMappings.json")["supplemental"]["codeMappings"]
    out = {}
    for code, body in sorted(table.items()):
        if not re.fullmatch(r"[A-Z]{2}", code):
            continue
        alpha3, numeric = body.get("_alpha3", ""), body.get("_numeric", "")
        if not re.fullmatch(r"(?:[A-Z]{3})?", alpha3) or not re.fullmatch(r"(?:[0-9]{3})?", numeric):
            raise SystemExit(f"unexpected codes for {code}: {alpha3!r}, {numeric!r}")
        if alpha3 or numeric:
            out[code] = [alpha3, numeric]
    return out


def build(bcp47: Package, core: Package) -> dict[str, Any]:
    """Return the whole output document."""
    if bcp47.name != "cldr-bcp47" or core.name != "cldr-core":
        raise SystemExit(f"need cldr-bcp47 and cldr-core, got {bcp47.name} and {core.name}")
    cldr = str(bcp47.meta.get("cldrVersion", ""))
    if cldr != str(core.meta.get("cldrVersion", "")):
        raise SystemExit("the two packages are from different CLDR versions")
    return {
        "format": FORMAT,
        "cldr_version": cldr,
        "package_version": bcp47.version,
        "unicode_version": bcp47.meta.get("unicodeVersion"),
        "sources": [
            {"package": bcp47.name, "version": bcp47.version, "files": "bcp47/*.json"},
            {
                "package": core.name,
                "version": core.version,
                "files": "supplemental/aliases.json, supplemental/subdivisionContainment.json, "
                "supplemental/territoryContainment.json, supplemental/codeMappings.json",
            },
        ],
        "keys": build_keys(bcp47),
        "aliases": build_aliases(core),
        "subdivisions": " ".join(build_subdivisions(core)),
        "territory_containment": build_territory_containment(core),
        "territory_codes": build_territory_codes(core),
    }


def _package_of(paths: list[Path], name: str) -> Package:
    for p in paths:
        pkg = Package(p)
        if pkg.name == name:
            return pkg
    raise SystemExit(f"none of the arguments is the npm package {name}")


def main(argv: list[str] | None = None) -> int:
    """Run the build from the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("packages", nargs=2, type=Path, help="cldr-bcp47 and cldr-core (folder or .tgz)")
    parser.add_argument("--out", type=Path, default=Path("resources/cldr-bcp47.json"))
    parser.add_argument("--license", type=Path, help="also copy the packages' LICENSE here")
    args = parser.parse_args(argv)
    bcp47 = _package_of(args.packages, "cldr-bcp47")
    core = _package_of(args.packages, "cldr-core")
    doc = build(bcp47, core)
    buf = io.StringIO()
    json.dump(doc, buf, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    buf.write("\n")
    args.out.write_text(buf.getvalue(), encoding="utf-8")
    if args.license:
        lic = bcp47.files.get("LICENSE")
        if lic is None or lic != core.files.get("LICENSE"):
            raise SystemExit("the packages' LICENSE files are missing or differ")
        args.license.write_bytes(lic)
    n_types = sum(len(r[8]) for r in doc["keys"])
    print(
        f"{args.out}: {len(doc['keys'])} keys, {n_types} types, {len(doc['subdivisions'].split())} subdivisions",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
