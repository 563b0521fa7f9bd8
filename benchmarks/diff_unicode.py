"""Differential spot check of the Unicode (UTS #35) canonical form against independent implementations.

Peers: ``langcodes.standardize_tag`` (bench extra; its own CLDR-based normalization, not Annex C) and,
when PyICU is importable, ICU's ``Locale.forLanguageTag(tag)`` → ``Locale.createCanonical`` →
``toLanguageTag`` (ICU implements Annex C; its CLDR version is the one of the ICU it was built on,
printed in the report). Inputs: every key of CLDR's alias tables as a tag (``und-`` in front of
script, region and variant keys; as ``-u-sd``/``-u-rg`` values for subdivisions), every bcp47 type
alias and deprecated type, the examples of the issue, and the benchmark corpus.

Disagreements are grouped by the kinds of rule our steps applied (the reason of each step names
its rule), so each group reads as "the peer does not apply X". Refusals are counted apart.

    python benchmarks/diff_unicode.py [--size N]

Writes a Markdown report to stdout and to benchmarks/results/unicode-diff.md.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.corpus import SEED, build  # noqa: E402

_KINDS = (
    ("LegacyRules", "legacy tag replaced whole"),
    ("extlang", "extlang removed"),
    ("private-use tag", "und- before a private-use tag"),
    ("'root' becomes", "root read as und"),
    ("'_' separators", "'_' read as '-'"),
    ("Territory Exception", "territory alias with several replacements, chosen by likely subtags"),
    ("languageAlias", "CLDR languageAlias"),
    ("scriptAlias", "CLDR scriptAlias"),
    ("territoryAlias", "CLDR territoryAlias"),
    ("variantAlias", "CLDR variantAlias"),
    ("subdivisionAlias", "rg/sd subdivision alias"),
    ("preferred value", "deprecated -u-/-t- type with a preferred value"),
    ("is an alias of", "bcp47 type alias"),
    ("'true' is removed", "-u- 'true' removed"),
    ("sorted", "canonical syntax: order"),
    ("canonical syntax", "canonical syntax: case"),
)


def inputs(size: int) -> list[str]:
    """Return the tags to compare: CLDR's alias keys and bcp47 aliases, the issue's examples, the corpus."""
    from bcp47_explorer.core.data import bundled_engine

    cldr = bundled_engine().cldr
    assert cldr is not None
    out: list[str] = []
    out += list(cldr.language_aliases)
    out += [f"und-{k}" for k in (*cldr.script_aliases, *cldr.territory_aliases, *cldr.variant_aliases)]
    out += [f"hy-{k}" for k in cldr.territory_aliases]
    out += [f"en-u-sd-{k}" for k in cldr.subdivision_aliases] + [f"en-u-rg-{k}" for k in cldr.subdivision_aliases]
    for ext, keys in (("u", cldr.u_keys), ("t", cldr.t_keys)):
        for k in keys.values():
            for ty in k.types.values():
                if ty.deprecated:
                    out.append(f"en-{ext}-{k.key}-{ty.name}")
                for alias in ty.legacy_names:
                    if re.fullmatch(r"[a-z0-9]{3,8}(-[a-z0-9]{3,8})*", alias.lower()):
                        out.append(f"en-{ext}-{k.key}-{alias.lower()}")
    out += ["en-t-sgn-br", "en-t-aar", "sgn-076", "hy-SU", "sk-200", "hy-arevmda", "no-bokmal", "en-aaland",
            "und-hepburn-heploc", "art-lojban-fonipa", "en-u-kn-yes", "Flob", "en-u-c0", " en",
            "de-t-en-emodeng-emodeng", "und", "root"]  # fmt: skip
    out += build(size, SEED)
    return list(dict.fromkeys(out))


def peers() -> dict[str, Callable[[str], str | None]]:
    """Return the available peers: name -> function (None when the peer refuses the input)."""
    found: dict[str, Callable[[str], str | None]] = {}
    try:
        import langcodes

        def lc(tag: str) -> str | None:
            try:
                return str(langcodes.standardize_tag(tag))
            except Exception:
                return None

        found["langcodes.standardize_tag"] = lc
    except ImportError:
        pass
    try:
        import icu  # type: ignore[import-not-found]

        def icu_canon(tag: str) -> str | None:
            try:
                loc = icu.Locale.forLanguageTag(tag)
                if not loc.getName() and tag.lower() not in ("und", "root"):
                    return None
                out = icu.Locale.createCanonical(loc.getName()).toLanguageTag()
                return str(out) if (out and out != "und") or tag.lower() in ("und", "root") else None
            except Exception:
                return None

        found[f"ICU {icu.ICU_VERSION} (CLDR of that ICU): createCanonical"] = icu_canon
    except ImportError:
        pass
    return found


def _refusal_kind(reason: str) -> str:
    """Return a short name for the kind of a refusal, from its wording."""
    for needle, kind in (
        ("4-letter", "a 4-letter first subtag"),
        ("not a UTS #35 key", "a -u- key that does not end in a letter"),
        ("appears twice in the -t-", "a variant twice in the -t- source language"),
        ("variant", "a variant twice"),
        ("singleton", "a singleton twice"),
        ("extlang", "extlangs that cannot be removed"),
        ("-t-", "-t- content outside RFC 6497's syntax"),
    ):
        if needle in reason:
            return kind
    return reason[:60]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", type=int, default=20000, help="benchmark corpus size added to the data-driven inputs")
    args = ap.parse_args()
    from bcp47_explorer.core.data import bundled_engine
    from bcp47_explorer.core.engine.unicode_locale import unicode_canonical

    engine = bundled_engine()
    tags = inputs(args.size)
    lines = [f"Inputs: {len(tags):,} (CLDR alias keys and bcp47 aliases, the issue's examples, the corpus).", ""]
    for name, peer in peers().items():
        same = refused_ours = refused_peer = 0
        groups: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
        refusals: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for tag in tags:
            ours = unicode_canonical(engine, tag)
            theirs = peer(tag)
            if ours.tag is None:
                refused_ours += 1
                if theirs is not None and engine.check(tag).well_formed:
                    refusals[_refusal_kind(ours.refusal)].append((tag, theirs))
                continue
            if theirs is None:
                refused_peer += 1
                continue
            if theirs.lower() == ours.tag.lower():
                same += 1
                continue
            kinds = sorted({label for key, label in _KINDS for s in ours.steps if key in s.reason}) or ["(no step)"]
            groups["; ".join(kinds)].append((tag, ours.tag, theirs))
        differ = sum(len(v) for v in groups.values())
        lines += [
            f"### {name}",
            "",
            f"Same: {same:,}; different: {differ:,}; refused by us (reason given): {refused_ours:,}; "
            f"refused by the peer only: {refused_peer:,}.",
            "",
            "| our steps applied (the peer does not do the same) | cases | examples (input → ours / peer) |",
            "|---|---:|---|",
        ]
        for kinds, cases in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            shown = "; ".join(f"`{t}` → `{o}` / `{p}`" for t, o, p in cases[:3])
            lines.append(f"| {kinds} | {len(cases):,} | {shown} |")
        lines += [
            "",
            "Well-formed BCP 47 tags we refuse (with the reason) and the peer converts:",
            "",
            "| our reason | cases | examples (input → peer) |",
            "|---|---:|---|",
        ]
        for kind, cases in sorted(refusals.items(), key=lambda kv: -len(kv[1])):
            lines.append(f"| {kind} | {len(cases):,} | " + "; ".join(f"`{t}` → `{p}`" for t, p in cases[:3]) + " |")
        lines.append("")
        print(f"{name}: {Counter({'same': same, 'different': differ})}", file=sys.stderr)
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    out = ROOT / "benchmarks" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "unicode-diff.md").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
