"""Pins how a ``bcp47`` process starts and ends (issue 22: a column's check is mostly start-up and ending).

- ``cli.run`` ends a ``check`` at once once its output is flushed, unless something is registered to run at
  exit or the verb did not say it leaves nothing open (then the interpreter ends as usual);
- while a verb loops over its inputs, the collector's young generation is large (``cli.YOUNG_THRESHOLD``);
- importing the check's modules makes no large block (the 1.5 MB example of ``tag-too-long`` is made on use).
"""

from __future__ import annotations

import subprocess
import sys

from bcp47_explorer.core.grammar import diagnostics as M

from benchmarks.corpus import build

# os._exit, told: the quick ending says so on stderr before it ends the process.
_PROBE = (
    "import os, sys\n"
    "real_exit = os._exit\n"
    "def told_exit(status):\n"
    "    os.write(2, b'quick ending\\n')\n"
    "    real_exit(status)\n"
    "os._exit = told_exit\n"
)


def _run(code: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], input=stdin, capture_output=True, text=True, timeout=120)


def test_check_ends_at_once_with_all_its_output() -> None:
    tags = build(3000, seed=5)
    code = _PROBE + "sys.argv = ['bcp47', 'check', '--json', '-']\nfrom bcp47_explorer.cli import run\nrun()\n"
    done = _run(code, "\n".join(tags) + "\n")
    lines = done.stdout.splitlines()
    assert [line.split('"input":', 1)[1][:1] for line in lines[:1]] == ['"']
    assert len(lines) == len(tags)  # every line flushed before the process ended
    assert done.returncode == 1  # the corpus has tags that are not valid: the status survives the quick ending
    assert done.stderr == "quick ending\n"  # the interpreter's own ending was skipped


def test_an_exit_callback_or_another_verb_takes_the_usual_ending() -> None:
    callback = "import atexit\natexit.register(lambda: sys.stderr.write('callback ran\\n'))\n"
    checked = _run(
        _PROBE + callback + "sys.argv = ['bcp47', 'check', '--json', 'en']\nfrom bcp47_explorer.cli import run\nrun()\n"
    )
    assert checked.returncode == 0
    assert checked.stdout.startswith('{"input":"en",')
    assert checked.stderr == "callback ran\n"  # the usual ending, which ran the callback
    looked = _run(_PROBE + "sys.argv = ['bcp47', 'lookup', 'en']\nfrom bcp47_explorer.cli import run\nrun()\n")
    assert looked.returncode == 0 and "English" in looked.stdout
    assert looked.stderr == ""  # lookup did not say it leaves only the standard streams: the usual ending


def test_checking_a_column_meets_few_young_collections() -> None:
    tags = "\n".join(build(4000, seed=9)) + "\n"

    def collections(young: str) -> tuple[int, int]:
        code = (
            "import gc, sys\n"
            "seen = []\n"
            "def count(phase, info):\n"
            "    if phase == 'start' and 'bcp47_explorer.core.engine.checkjson' in sys.modules:\n"
            "        seen.append(info['generation'])\n"
            "gc.callbacks.append(count)\n"
            "sys.argv = ['bcp47', 'check', '--json', '-']\n"
            "from bcp47_explorer import cli\n"
            f"cli.YOUNG_THRESHOLD = {young}\n"
            "status = cli.main()\n"
            "sys.stdout.flush()\n"
            "sys.stderr.write(f'{len(seen)} {gc.get_threshold()[0]}\\n')\n"
        )
        done = _run(code, tags)
        assert len(done.stdout.splitlines()) == 4000
        count, threshold = done.stderr.split()
        return int(count), int(threshold)

    ours = collections("cli.YOUNG_THRESHOLD")
    usual = collections("700")  # Python's default
    assert ours[1] == 20_000 and usual[1] == 700
    assert usual[0] >= 10 and ours[0] * 4 <= usual[0]


def test_importing_the_check_makes_no_large_block() -> None:
    code = (
        "import tracemalloc\n"
        "tracemalloc.start()\n"
        "import bcp47_explorer.cli, bcp47_explorer.commands.tag_cmds, bcp47_explorer.commands.live\n"
        "print(max(t.size for t in tracemalloc.take_snapshot().traces))\n"
    )
    done = _run(code)
    assert int(done.stdout.strip()) < 512 * 1024
    tag = M.TAG_TOO_LONG.example  # made when asked: 250,000 subtags
    assert tag is not None and tag.count("-") == 250_000 and tag.startswith("en-a1b2c")
