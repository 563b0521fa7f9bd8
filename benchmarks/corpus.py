"""A deterministic corpus of language-tag strings for the engine benchmark.

Real tags are built from the bundled IANA registry (languages alone and with scripts,
regions, variants with their Prefixes, extlangs, grandfathered tags) and CLDR's -u-/-t-
data, plus private use; about 20% are malformed variations of real tags (underscores,
empty subtags, trailing '-', overlong or out-of-order subtags, non-ASCII letters,
whitespace, bad singletons). No string repeats. Same seed and same data give the same
corpus.

    python benchmarks/corpus.py [--size N] [--seed S] > corpus.txt
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", type=int, default=SIZE)
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args()
    sys.stdout.write("\n".join(build(args.size, args.seed)) + "\n")


if __name__ == "__main__":
    main()
