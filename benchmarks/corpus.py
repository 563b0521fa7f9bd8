"""A deterministic corpus of language-tag strings for the engine benchmark.

Real tags are built from the bundled IANA registry (languages alone and with scripts,
regions, variants with their Prefixes, extlangs, grandfathered tags) and CLDR's -u-/-t-
data, plus private use; about 20% are malformed variations of real tags (underscores,
empty subtags, trailing '-', overlong or out-of-order subtags, non-ASCII letters,
whitespace, bad singletons). No string repeats. Same seed and same data give the same
corpus.

:func:`build_advice` makes the second, advice-heavy corpus (issue 8's): well-formed tags drawn
from the registry where most carry advice: deprecated subtags with and without a
Preferred-Value, variants with and without their Prefix, extlangs, Suppress-Script, macrolanguages
and their members, collections, private-use codes, special languages, redundant and
grandfathered tags, unconventional case.

    python benchmarks/corpus.py [--size N] [--seed S] [--advice] > corpus.txt
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SEED = 4646
SIZE = 30_000
MALFORMED_SHARE = 0.2
ADVICE_SIZE = 20_000


def _codes(registry, type_: str, *, plain: bool = True) -> list[str]:
    out = []
    for code, rec in registry.table(type_).items():
        if plain and (rec.is_range or rec.deprecated):
            continue
        out.append(code)
    return sorted(out)


def build(size: int = SIZE, seed: int = SEED) -> list[str]:
    """Return *size* distinct tag strings (about 20% malformed), deterministic for *seed*."""
    from bcp47_explorer.core import data

    registry = data.bundled_registry()
    cldr = data.bundled_cldr()
    rnd = random.Random(seed)
    langs2 = [c for c in _codes(registry, "language") if len(c) == 2]
    langs3 = [c for c in _codes(registry, "language") if len(c) == 3]
    scripts = [c.title() for c in _codes(registry, "script")]
    regions = [c.upper() for c in _codes(registry, "region")]
    variants = [r for r in registry.records if r.type == "variant" and not r.deprecated]
    extlangs = [r for r in registry.records if r.type == "extlang"]
    tags = [r.code for r in registry.records if r.type in ("grandfathered", "redundant")]
    all_records = [r for r in registry.records if r.type in ("language", "region", "script") and not r.is_range]
    u_keys = [k for k in cldr.u_keys.values() if k.types and not k.value_classes]
    t_keys = [k for k in cldr.t_keys.values() if k.types]

    def lang() -> str:
        # Common tags use 2-letter languages much more often.
        return rnd.choice(langs2) if rnd.random() < 0.6 else rnd.choice(langs3)

    def u_ext() -> str:
        keys = rnd.sample(u_keys, rnd.randint(1, 3))
        parts = ["u"]
        for k in keys:
            ty = rnd.choice(sorted(k.types))
            parts.append(k.key)
            if ty != "true":
                parts.append(ty)
        return "-".join(parts)

    def t_ext() -> str:
        k = rnd.choice(t_keys)
        src = rnd.choice(langs2)
        return f"t-{src}-{k.key}-{rnd.choice(sorted(k.types))}"

    def x_ext() -> str:
        return "x-" + "-".join(
            "".join(rnd.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(rnd.randint(1, 8)))
            for _ in range(rnd.randint(1, 2))
        )

    def real() -> str:
        r = rnd.random()
        if r < 0.25:
            return lang()
        if r < 0.50:
            return f"{lang()}-{rnd.choice(regions)}"
        if r < 0.62:
            return f"{lang()}-{rnd.choice(scripts)}-{rnd.choice(regions)}"
        if r < 0.68:
            v = rnd.choice(variants)
            prefix = rnd.choice(v.prefixes) if v.prefixes else lang()
            return f"{prefix}-{v.code}"
        if r < 0.70:
            e = rnd.choice(extlangs)
            return f"{e.prefixes[0]}-{e.code}" + (f"-{rnd.choice(regions)}" if rnd.random() < 0.5 else "")
        if r < 0.71:
            return rnd.choice(tags)
        if r < 0.84:
            return f"{lang()}-{rnd.choice(regions)}-{u_ext()}"
        if r < 0.90:
            return f"{lang()}-{t_ext()}"
        if r < 0.98:
            return f"{lang()}-{rnd.choice(regions)}-{x_ext()}"
        return f"{lang()}-{rnd.choice(regions)}-{u_ext()}-{x_ext()}"

    def malformed() -> str:
        base = real()
        parts = base.split("-")
        kind = rnd.randrange(12)
        if kind == 0:
            return base.replace("-", "_")
        if kind == 1:
            i = rnd.randrange(len(parts))
            return "-".join([*parts[:i], "", *parts[i:]])
        if kind == 2:
            return base + "-"
        if kind == 3:
            return base + "-" + "abcdefghij"[: rnd.randint(9, 10)] * 1
        if kind == 4:
            return f"{lang()}-{rnd.choice(regions)}-{rnd.choice(scripts)}"  # script after region
        if kind == 5:
            return base.replace("i", "ı", 1) if "i" in base else base + "-ı"
        if kind == 6:
            return " " + base if rnd.random() < 0.5 else base + " "
        if kind == 7:
            return base + "-" + rnd.choice("abcdefghijklmnopqrstuvwyz")  # dangling singleton
        if kind == 8:
            return base + "-x"
        if kind == 9:
            return rnd.choice(all_records).code + "-" + "12"  # two digits: no subtag has that shape
        if kind == 10:
            return "-" + base
        return base + "-" + rnd.choice(["普通话", "é", "$$", "a.b", "en/US"])

    seen: set[str] = set()
    out: list[str] = []
    n_bad = int(size * MALFORMED_SHARE)
    while len(out) < size:
        s = malformed() if len(out) < n_bad else real()
        if s not in seen:
            seen.add(s)
            out.append(s)
    rnd.shuffle(out)
    return out


def build_advice(size: int = ADVICE_SIZE, seed: int = SEED) -> list[str]:
    """Return *size* distinct well-formed tags drawn from the registry, most of which draw advice."""
    from bcp47_explorer.core import data

    registry = data.bundled_registry()
    rnd = random.Random(seed)
    records = [r for r in registry.records if not r.is_range]
    langs = sorted((r for r in records if r.type == "language"), key=lambda r: r.code)
    plain = [r.code for r in langs if not r.deprecated and r.scope is None and not r.macrolanguage]
    dep = {t: [r.code for r in records if r.deprecated and r.type == t] for t in ("language", "region", "variant")}
    suppress = [r for r in langs if r.suppress_script]
    members = [r.code for r in langs if r.macrolanguage]
    macros = [r.code for r in langs if r.scope == "macrolanguage"]
    collections = [r.code for r in langs if r.scope == "collection"]
    scripts = sorted(r.code for r in records if r.type == "script" and not r.deprecated)
    regions = sorted(r.code for r in records if r.type == "region" and not r.deprecated)
    variants = sorted((r for r in records if r.type == "variant"), key=lambda r: r.code)
    extlangs = sorted((r for r in records if r.type == "extlang"), key=lambda r: r.code)
    whole = sorted(r.code for r in records if r.type in ("grandfathered", "redundant"))
    private = [f"q{a}{b}" for a in "abcdefghijklmnopqrst" for b in "abcdefghijklmnopqrstuvwxyz"]  # qaa..qtz

    def region() -> str:
        return rnd.choice(regions)

    def maybe_region(tag: str) -> str:
        return f"{tag}-{region()}" if rnd.random() < 0.6 else tag

    def messy_case(tag: str) -> str:
        return "".join(c.upper() if rnd.random() < 0.5 else c.lower() for c in tag)

    def one() -> str:
        r = rnd.random()
        if r < 0.16:  # a deprecated language, script, region or variant
            kind = rnd.random()
            if kind < 0.45:
                return maybe_region(rnd.choice(dep["language"]))
            if kind < 0.75:
                return f"{rnd.choice(plain)}-{rnd.choice(dep['region'])}"
            if kind < 0.9:
                return f"{rnd.choice(plain)}-{rnd.choice(dep['variant'])}"
            return f"{rnd.choice(plain)}-{rnd.choice(scripts)}-{rnd.choice(dep['region'])}"
        if r < 0.32:  # Suppress-Script
            rec = rnd.choice(suppress)
            return maybe_region(f"{rec.code}-{rec.suppress_script}")
        if r < 0.48:  # a member of a macrolanguage
            tag = rnd.choice(members)
            return f"{tag}-{rnd.choice(scripts)}-{region()}" if rnd.random() < 0.2 else maybe_region(tag)
        if r < 0.56:  # a macrolanguage, a collection, a special or private-use language
            pool = rnd.choice((macros, collections, private, ["und", "mul", "zxx", "mis"]))
            return maybe_region(rnd.choice(pool))
        if r < 0.68:  # a variant with its Prefix, or without it
            v = rnd.choice(variants)
            if v.prefixes and rnd.random() < 0.6:
                return f"{rnd.choice(v.prefixes)}-{v.code}"
            return f"{rnd.choice(plain)}-{v.code}"
        if r < 0.76:  # an extlang after its Prefix or after another language
            e = rnd.choice(extlangs)
            head = e.prefixes[0] if rnd.random() < 0.7 else rnd.choice([c for c in plain if len(c) <= 3][:400])
            return maybe_region(f"{head}-{e.code}")
        if r < 0.78:
            return rnd.choice(whole)
        if r < 0.86:  # unconventional case
            return messy_case(f"{rnd.choice(plain)}-{rnd.choice(scripts)}-{region()}")
        # the rest: ordinary tags with a script and a region, mostly without advice
        if rnd.random() < 0.4:
            return f"{rnd.choice(plain)}-{rnd.choice(scripts)}-{region()}"
        return f"{rnd.choice(plain)}-{region()}"

    seen: set[str] = set()
    out: list[str] = []
    tries = 0
    while len(out) < size and tries < size * 50:
        tries += 1
        s = one()
        if s not in seen:
            seen.add(s)
            out.append(s)
    rnd.shuffle(out)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", type=int, default=None)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--advice", action="store_true", help="the advice-heavy corpus")
    args = ap.parse_args()
    make = build_advice if args.advice else build
    tags = make(args.size or (ADVICE_SIZE if args.advice else SIZE), args.seed)
    sys.stdout.write("\n".join(tags) + "\n")


if __name__ == "__main__":
    main()
