"""Issue 26: the CLI on hostile input stays bounded (output size, memory) and says what it refuses.

Pathological inputs run in a child process with a memory cap and a timeout, so a regression fails
the test instead of taking the machine down; no test asserts wall-clock time.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from bcp47_explorer.commands.tag_cmds import fix_text
from bcp47_explorer.core.grammar.problems import Fix

_CAPPED = """\
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
from bcp47_explorer.cli import main
sys.argv[0] = "bcp47"
raise SystemExit(main(sys.argv[1:]))
"""


def _run_capped(
    args: list[str], stdin: bytes = b"", cap_mb: int = 1500, timeout: float = 240
) -> subprocess.CompletedProcess[bytes]:
    """Run ``bcp47 ARGS`` in a child process limited to *cap_mb* of address space and *timeout* seconds."""
    code = _CAPPED.format(cap=cap_mb << 20)
    return subprocess.run(
        [sys.executable, "-c", code, *args], input=stdin, capture_output=True, timeout=timeout, check=False
    )


@pytest.mark.parametrize("verb", ["check", "explain"])
def test_text_output_grows_linearly_with_repeated_u_keys(verb: str) -> None:
    sizes = []
    for n in (10_000, 100_000):
        tag = "en-u" + "-ca-gregory" * (n // 11)
        got = _run_capped([verb, tag])
        assert got.returncode == 0, got.stderr[-2000:]  # valid BCP 47 (the repeats are only ignored)
        assert b"Traceback" not in got.stderr
        assert got.stdout.count(b"[unicode-duplicate-key]") == (n // 11 - 1 if verb == "check" else 0)
        sizes.append(len(got.stdout))
    assert sizes[1] < 15 * sizes[0], sizes  # 10x the input: about 10x the output, never 100x


def test_fix_text_short_tag_is_whole_and_long_one_a_window_around_the_change() -> None:
    assert fix_text("en-latn", Fix("Write it 'Latn'", "en-Latn")) == "    fix: Write it 'Latn' -> en-Latn"
    # A removal is marked where the fixed tag joins up again.
    tag = "en-u-ca-buddhist-ca-islamic" + "".join(f"-nu-n{i:03d}" for i in range(20))
    assert fix_text(tag, Fix("Remove the later 'ca'", tag[:16] + tag[27:])) == (
        "    fix: Remove the later 'ca' -> (the fixed tag, around the change)\n"
        "      en-u-ca-buddhist-nu-n000-nu-n001-nu-n002-nu-n003-nu-n004-n…\n"
        "                       ^"
    )
