"""Tags per second: our engine against langcodes, language_tags, iana_bcp47 and a regex-plus-dict floor.

Every implementation runs in its own process over the same deterministic corpora
(benchmarks/corpus.py): the mixed one (real tags from the registry and CLDR, -u-/-t-/-x- tags,
about 20% malformed, no repeats) and the advice-heavy one (well-formed tags from the registry,
most of which draw advice: deprecated subtags, Prefix, Suppress-Script, macrolanguage members).
Each process loads its library, warms up on a different small set of
tags, then times one pass over the corpus; the best of --repeat fresh processes counts. No
result cache: our engine has none, and a single pass over distinct strings gives the peers'
internal caches nothing to reuse. Then the whole process ``bcp47 check --json -`` over the
corpus is timed against a plain Python loop of ``iana_bcp47.validate_bcp47`` that prints one
small JSON object per tag (start-up and data loading included for both).

    python benchmarks/bench_engine.py [--size N] [--advice-size N] [--repeat R] [--before CHECKOUT] [--only-ours]

``--before CHECKOUT`` measures our engine a second time from another checkout (say
``git worktree add /tmp/before e4421f0``), in the same run, so before and after meet the same
machine load.

Writes a Markdown table to stdout and to benchmarks/results/engine.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._env import bench_env, precompile  # noqa: E402
from benchmarks.corpus import ADVICE_SIZE, SEED, SIZE, build, build_advice  # noqa: E402

# Each worker reads the corpus path from argv[1] and prints {"n": ..., "seconds": ...}.
_WORKER_HEAD = """
import json, sys, time
tags = open(sys.argv[1], encoding="utf-8").read().split("\\n")[:-1]
warm = ["en", "en-US", "zh-Hant-TW", "sr-Latn-RS", "de-DE-u-co-phonebk", "en_US", "en--US", "x-a"] * 50
"""

WORKERS = {
    "bcp47-explorer: check + canonical": """
try:
    from bcp47_explorer.core.data import bundled_engine
except ImportError:  # a checkout from before the core's layers (issue 18)
    from bcp47_explorer.core.tag import bundled_engine
engine = bundled_engine()
check = engine.check
def run(tags):
    for t in tags:
        r = check(t)
        r.valid
        r.canonical
""",
    "bcp47-explorer: check + canonical + all diagnostics": """
try:
    from bcp47_explorer.core.data import bundled_engine
except ImportError:  # a checkout from before the core's layers (issue 18)
    from bcp47_explorer.core.tag import bundled_engine
engine = bundled_engine()
check = engine.check
def run(tags):
    for t in tags:
        r = check(t)
        r.valid
        r.canonical
        r.analysis.diagnostics
""",
    "floor: one compiled regex + dict lookups": """
import re
from bcp47_explorer.core.data import bundled_registry
reg = bundled_registry()
langs, scripts, regions = (frozenset(reg.table(t)) for t in ("language", "script", "region"))
pat = re.compile(r"([A-Za-z]{2,3})(?:-([A-Za-z]{4}))?(?:-([A-Za-z]{2}|[0-9]{3}))?((?:-[A-Za-z0-9]{2,8})*)")
match = pat.fullmatch
def run(tags):
    for t in tags:
        m = match(t)
        if m is None:
            continue
        lang, script, region, rest = m.groups()
        ok = lang.lower() in langs and (script is None or script.lower() in scripts) and (
            region is None or region.lower() in regions)
        canon = lang.lower() + (("-" + script.title()) if script else "")
        canon += (("-" + region.upper()) if region else "") + rest.lower()
""",
    "langcodes: tag_is_valid + standardize_tag": """
import langcodes
def run(tags):
    for t in tags:
        langcodes.tag_is_valid(t)
        try:
            langcodes.standardize_tag(t)
        except Exception:
            pass
""",
    "language_tags: tags.check + tag().format": """
from language_tags import tags as lt
def run(tags):
    for t in tags:
        lt.check(t)
        try:
            lt.tag(t).format
        except Exception:
            pass
""",
    "iana_bcp47: validate_bcp47": """
from iana_bcp47.validator import validate_bcp47
def run(tags):
    for t in tags:
        validate_bcp47(t)
""",
}

_WORKER_TAIL = """
run(warm)
t0 = time.perf_counter()
run(tags)
print(json.dumps({"n": len(tags), "seconds": time.perf_counter() - t0}))
"""

IANA_CLI_LOOP = """
import json, sys
from bcp47_explorer.core.data import bundled_engine
from iana_bcp47.validator import validate_bcp47
out = sys.stdout.write
for line in sys.stdin:
    tag = line.rstrip("\\n")
    ok, message = validate_bcp47(tag)
    out(json.dumps({"input": tag, "valid": ok, "message": message}) + "\\n")
"""


def _run_worker(code: str, corpus: Path, pythonpath: str | None = None) -> float:
    env = bench_env(**({"PYTHONPATH": pythonpath} if pythonpath else {}))
    done = subprocess.run(
        [sys.executable, "-c", _WORKER_HEAD + code + _WORKER_TAIL, str(corpus)],
        capture_output=True, text=True, env=env, cwd=ROOT, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr else "worker failed")
    got = json.loads(done.stdout.strip().splitlines()[-1])
    return float(got["n"]) / float(got["seconds"])


def _whole_process(argv: list[str], corpus: Path, pythonpath: str | None = None) -> float:
    env = bench_env(**({"PYTHONPATH": pythonpath} if pythonpath else {}))
    with corpus.open("rb") as stdin:
        t0 = time.perf_counter()
        subprocess.run(argv, stdin=stdin, stdout=subprocess.DEVNULL, env=env, cwd=ROOT, check=False)
        return time.perf_counter() - t0


def _before_path(checkout: Path, tmp: Path) -> str:
    """Return a PYTHONPATH that imports ``bcp47_explorer`` from the ``app/`` folder of another checkout."""
    shim = tmp / "before"
    shim.mkdir()
    (shim / "bcp47_explorer").symlink_to(checkout.resolve() / "app", target_is_directory=True)
    return str(shim)


def _measure(corpus: Path, repeat: int, before: str | None, only_ours: bool) -> tuple[list[tuple[str, str]], list[str]]:
    """Return the in-process rows and the whole-process rows for one corpus file."""
    n = len(corpus.read_text(encoding="utf-8").splitlines())
    rows: list[tuple[str, str]] = []
    runs: list[tuple[str, str | None]] = [("", None)]
    if before is not None:
        runs.insert(0, (" (before)", before))
    for name, code in WORKERS.items():
        ours = name.startswith("bcp47-explorer")
        if only_ours and not ours:
            continue
        for suffix, path in runs if ours else [("", None)]:
            try:
                rate = max(_run_worker(code, corpus, path) for _ in range(repeat))
                rows.append((name + suffix, f"{rate:,.0f}"))
            except (RuntimeError, OSError) as exc:
                rows.append((name + suffix, f"not run ({exc})"))
            print(f"  {rows[-1][0]}: {rows[-1][1]}", file=sys.stderr)
    whole = []
    cli = [sys.executable, "-m", "bcp47_explorer.cli", "check", "--json", "-"]
    for suffix, path in runs:
        secs = min(_whole_process(cli, corpus, path) for _ in range(repeat))
        label = f"`bcp47 check --json -`{suffix} (full JSON: subtags, diagnostics)"
        whole.append(f"| {label} | {secs:.2f} | {n / secs:,.0f} |")
    peer = min(_whole_process([sys.executable, "-c", IANA_CLI_LOOP], corpus) for _ in range(repeat))
    label = "loop of `iana_bcp47.validate_bcp47` printing one JSON object per tag"
    whole.append(f"| {label} | {peer:.2f} | {n / peer:,.0f} |")
    return rows, whole


def main() -> None:
    precompile()
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", type=int, default=SIZE, help=f"corpus size (default {SIZE})")
    ap.add_argument("--advice-size", type=int, default=ADVICE_SIZE, help=f"advice corpus size (default {ADVICE_SIZE})")
    ap.add_argument("--repeat", type=int, default=3, help="fresh processes per implementation; best counts")
    ap.add_argument("--before", type=Path, help="a checkout of an earlier commit, measured beside this one")
    ap.add_argument("--only-ours", action="store_true", help="leave out the peer libraries (not the iana loop)")
    args = ap.parse_args()

    corpora = {
        "mixed": build(args.size, SEED),
        "advice": build_advice(args.advice_size, SEED),
    }
    lines = [
        f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} CPUs; best of {args.repeat} "
        "fresh processes each.",
    ]
    if args.before is not None:
        lines.append(f"Rows marked (before) run the same worker on the checkout of commit `{_commit(args.before)}`.")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        before = _before_path(args.before, tmp) if args.before is not None else None
        for key, tags in corpora.items():
            corpus = tmp / f"{key}.txt"
            corpus.write_text("\n".join(tags) + "\n", encoding="utf-8")
            print(f"{key} corpus", file=sys.stderr)
            rows, whole = _measure(corpus, args.repeat, before, args.only_ours)
            if key == "mixed":
                bad = sum(1 for t in tags if not _looks_well_formed(t))
                title = (
                    f"Mixed corpus: {len(tags):,} distinct strings (seed {SEED}; about {bad / len(tags):.0%} "
                    "malformed; real tags from the registry and CLDR, -u-/-t-/-x-)."
                )
            else:
                advised = sum(1 for t in tags if _has_advice(t))
                title = (
                    f"Advice-heavy corpus: {len(tags):,} distinct well-formed tags drawn from the registry (seed "
                    f"{SEED}; {advised / len(tags):.0%} draw at least one diagnostic: deprecated subtags, Prefix, "
                    "Suppress-Script, macrolanguages and members, extlangs, private use, case)."
                )
            lines += [
                "",
                title,
                "",
                "| Implementation (Python API, one process each) | tags/s |",
                "|---|---:|",
                *(f"| {name} | {rate} |" for name, rate in rows),
                "",
                "| Whole process over the corpus, start-up included | seconds | tags/s |",
                "|---|---:|---:|",
                *whole,
            ]
    command = "python benchmarks/bench_engine.py"
    command += f" --size {args.size} --advice-size {args.advice_size} --repeat {args.repeat}"
    if args.before is not None:
        command += " --before CHECKOUT"
    if args.only_ours:
        command += " --only-ours"
    lines += ["", f"Command: `{command}`"]
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    out = ROOT / "benchmarks" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "engine.md").write_text(text, encoding="utf-8")


def _commit(checkout: Path) -> str:
    done = subprocess.run(["git", "-C", str(checkout), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return done.stdout.strip() or "unknown"


def _has_advice(tag: str) -> bool:
    from bcp47_explorer.core.data import bundled_engine

    return bool(bundled_engine().check(tag).diagnostics)


def _looks_well_formed(tag: str) -> bool:
    from bcp47_explorer.core.data import bundled_engine

    return bundled_engine().check(tag).well_formed


if __name__ == "__main__":
    main()
