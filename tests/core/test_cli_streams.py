"""Pins issue 14 items 9, 10 and 12 (CLI side): every verb, run as a real process under
``LC_ALL=C PYTHONUTF8=0``, ``PYTHONIOENCODING=ascii`` and ``C.UTF-8`` with random bytes and CRLF on
stdin, writes only valid JSON with ``--json`` (UTF-8, accepted by a strict parser: no lone
surrogates), escapes what the locale cannot encode, never prints a traceback; ``canon`` writes one
line per input line; a full disk or a closed stdout is one line on stderr and exit 2; ``--jobs 0``
and ``-1`` are usage errors.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENVIRONMENTS = {
    "C": {"LC_ALL": "C", "PYTHONUTF8": "0"},
    "ascii": {"PYTHONIOENCODING": "ascii", "LC_ALL": "C.UTF-8"},
    "C.UTF-8": {"LC_ALL": "C.UTF-8"},
}


def _stdin() -> bytes:
    rng = random.Random(14)
    lines = [b"en-US", b"de-\xff-CH", b"\xc3\x28x", "zh-普-§".encode(), b"", b"sl-rozaj-biske", b"i-\x80klingon"]
    lines += [bytes(rng.randrange(1, 256) for _ in range(rng.randrange(1, 40))).replace(b"\n", b"") for _ in range(40)]
    return b"\r\n".join(lines) + b"\r\n"


STDIN = _stdin()
LINES_IN = STDIN.count(b"\n")
JSON_VERBS = {
    "check": ["check", "--json", "-"],
    "check-jobs": ["check", "--json", "--jobs", "2", "-"],
    "canon": ["canon", "--json", "-"],
    "canon-extlang": ["canon", "--json", "--extlang", "-"],
    "explain": ["explain", "--json", "-"],
    "convert": ["convert", "--json", "-"],
    "convert-legacy": ["convert", "--json", "--to", "legacy", "-"],
    "match": ["match", "--json", "--ranges", "en, de;q=0.5, *;q=0.1", "-"],
    "match-lookup": ["match", "--json", "--lookup", "--ranges", "zh-Hant, en", "-"],
    "lookup": ["lookup", "--json", "en", "§", "\udcff"],
    "search": ["search", "--json", "provençal§"],
    "registry-info": ["registry", "info", "--json"],
}
TEXT_VERBS = {
    "check": ["check", "-"],
    "canon": ["canon", "-"],
    "canon-steps": ["canon", "--steps", "-"],
    "explain": ["explain", "-"],
    "convert": ["convert", "-"],
    "match": ["match", "--ranges", "en, de;q=0.5", "-"],
    "match-lookup": ["match", "--lookup", "--ranges", "zh-Hant, en", "-"],
    "lookup": ["lookup", "§", "en"],
    "search": ["search", "provençal"],
    "registry-info": ["registry", "info"],
    "help": ["--help"],
    "check-help": ["check", "--help"],
}


def _run(args: list[str], env: dict[str, str], stdin: bytes = STDIN, **kw: Any) -> subprocess.CompletedProcess[bytes]:
    clean = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LANG", "LC_CTYPE", "PYTHONUTF8",
                                                              "PYTHONIOENCODING")}  # fmt: skip
    # Arguments that are not UTF-8 reach the process as bytes: surrogates become the bytes they stand for.
    argv = [a.encode("utf-8", "surrogateescape") for a in args]
    kw.setdefault("stdout", subprocess.PIPE)
    kw.setdefault("stderr", subprocess.PIPE)
    return subprocess.run(
        [sys.executable.encode(), b"-m", b"bcp47_explorer.cli", *argv],
        input=stdin, cwd=ROOT, env={**clean, **env}, timeout=300, check=False, **kw,
    )  # fmt: skip


def _strict_json_lines(out: bytes) -> list[Any]:
    """Parse every line as JSON the strict way: UTF-8, and no lone surrogate in any string."""
    text = out.decode("utf-8")  # raises on any byte that is not UTF-8
    values = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            value.encode("utf-8")  # raises on a lone surrogate ("\udcff" escapes)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(k)
                walk(v)

    for line in text.splitlines():
        value = json.loads(line)
        walk(value)
        values.append(value)
    return values


@pytest.mark.parametrize("env_name", list(ENVIRONMENTS))
@pytest.mark.parametrize("verb", list(JSON_VERBS))
def test_every_json_line_is_strict_json_in_utf8(env_name: str, verb: str) -> None:
    done = _run(JSON_VERBS[verb], ENVIRONMENTS[env_name])
    assert b"Traceback" not in done.stderr and done.returncode in (0, 1), done.stderr
    values = _strict_json_lines(done.stdout)
    if verb in ("check", "check-jobs", "canon", "canon-extlang", "explain", "convert", "convert-legacy"):
        assert len(values) == LINES_IN  # one object per input line, blank and undecodable lines included
        assert values[1]["input"] == "de-\ufffd-CH"  # an undecodable byte is U+FFFD: offsets unchanged
        assert values[3]["input"] == "zh-普-§"  # UTF-8 text stays itself, never \xa7 or \u00a7 escapes
    else:
        assert len(values) == 1


def test_jobs_output_equals_one_process_under_every_environment() -> None:
    big = STDIN * 20  # --jobs N forks whatever the size
    for env in ENVIRONMENTS.values():
        one = _run(["check", "--json", "--jobs", "1", "-"], env, big)
        two = _run(["check", "--json", "--jobs", "3", "-"], env, big)
        assert one.stdout == two.stdout and len(_strict_json_lines(two.stdout)) == big.count(b"\n")


@pytest.mark.parametrize("env_name", list(ENVIRONMENTS))
@pytest.mark.parametrize("verb", list(TEXT_VERBS))
def test_text_output_is_escaped_where_the_locale_cannot_encode_it(env_name: str, verb: str) -> None:
    done = _run(TEXT_VERBS[verb], ENVIRONMENTS[env_name])
    assert b"Traceback" not in done.stderr and done.returncode in (0, 1), done.stderr
    if env_name != "C.UTF-8":  # an ASCII locale: every byte written is ASCII, § as \xa7
        assert done.stdout.isascii() and done.stderr.isascii()
    if verb == "help":
        assert (b"\\xa7" if env_name != "C.UTF-8" else "§".encode()) in done.stdout


@pytest.mark.parametrize("env_name", list(ENVIRONMENTS))
def test_canon_writes_one_line_per_input_line(env_name: str) -> None:
    done = _run(["canon", "-"], ENVIRONMENTS[env_name])
    lines = done.stdout.split(b"\n")
    assert lines[-1] == b"" and len(lines) - 1 == LINES_IN
    assert lines[0] == b"en-US" and lines[1] == b"" and lines[5] == b"sl-rozaj-biske"  # empty: no canonical form
    assert done.returncode == 1 and b"is not well-formed" in done.stderr


@pytest.mark.parametrize(
    "verb", [["check", "en"], ["check", "--json", "en"], ["canon", "en"], ["explain", "en"], ["convert", "en"],
             ["match", "--ranges", "en", "en"], ["lookup", "en"], ["search", "e"], ["registry", "info"], ["--help"]],
)  # fmt: skip
def test_a_full_disk_is_one_line_and_exit_2(verb: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        done = _run(verb, ENVIRONMENTS["C.UTF-8"], b"", stdout=full, stderr=subprocess.PIPE)
    assert done.returncode == 2, done.stderr
    assert done.stderr == b"bcp47: cannot write the output: No space left on device\n"


def test_a_full_disk_under_parallel_check_is_one_line_and_exit_2() -> None:
    with open("/dev/full", "wb") as full:
        done = _run(["check", "--json", "--jobs", "2", "-"], {}, b"en\n" * 20_000, stdout=full, stderr=subprocess.PIPE)
    assert done.returncode == 2 and done.stderr == b"bcp47: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("verb", [["check", "en"], ["canon", "en"], ["lookup", "en"], ["--help"]])
def test_a_closed_stdout_is_one_line_and_exit_2(verb: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import os, sys, runpy; os.close(1); sys.argv = ['bcp47', *sys.argv[1:]];"
         " runpy.run_module('bcp47_explorer.cli', run_name='__main__')", *verb],
        capture_output=False, stderr=subprocess.PIPE, cwd=ROOT, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.startswith(b"bcp47: cannot write the output:") and done.stderr.count(b"\n") == 1


@pytest.mark.parametrize("jobs", ["0", "-1", "two"])
def test_jobs_below_one_are_a_usage_error(jobs: str) -> None:
    done = _run(["check", "--json", "--jobs", jobs, "en"], {})
    assert done.returncode == 2 and b"--jobs" in done.stderr and b"Traceback" not in done.stderr
