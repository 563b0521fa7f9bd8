"""Pins ``bcp47 match --each`` (issue 22's streaming for match): each available tag is answered on its own, in
order, as its line arrives (a real process on a pipe: one line written, its answer read back while standard input
is still open), for filtering, lookup and best fit; the whole text and JSON of each answer; its exit status."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from pathlib import Path

import pytest
from bcp47_explorer.cli import main

ROOT = Path(__file__).resolve().parents[2]
GUARD = 120  # seconds before a hung test gives up (a guard against a hang, not a measure of speed)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["match", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_each_tag_gets_the_range_that_matches_it(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--ranges", "fr-CH, fr;q=0.9", "--each", "fr-FR", "de", "fr-CH-1996", "xx_yy", "de")
    assert status == 0
    assert out.splitlines() == [
        "fr-FR: matched by range fr (q=0.9)",
        "de: no range matches",
        "fr-CH-1996: matched by range fr-CH (q=1)",
        "xx_yy: no range matches (note: not well-formed, underscore-separator)",
        "de: no range matches",
    ]


def test_each_json_for_extended_filtering_lookup_and_best_fit(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--ranges", "de-*-DE", "--extended", "--each", "--json", "de-Latn-DE", "iw")
    assert status == 0
    assert [json.loads(x) for x in out.splitlines()] == [
        {"tag": "de-Latn-DE", "matched": True, "range": "de-*-DE", "q": 1.0, "valid": True, "code": None},
        {"tag": "iw", "matched": False, "range": None, "q": None, "valid": True, "code": None},
    ]
    status, out, _ = run(capsys, "--ranges", "fr-CH-x-y", "--lookup", "--each", "--json", "fr-CH", "de")
    assert [json.loads(x) for x in out.splitlines()] == [
        {"tag": "fr-CH", "matched": True, "range": "fr-CH-x-y", "valid": True, "code": None},
        {"tag": "de", "matched": False, "range": None, "valid": True, "code": None},
    ]
    status, out, _ = run(
        capsys, "--ranges", "en-AU, fr;q=0.9", "--best-fit", "--each", "--json", "fr-FR", "de", "en-GB"
    )
    assert status == 0
    assert [json.loads(x) for x in out.splitlines()] == [
        {"tag": "fr-FR", "matched": True, "desired": "fr", "distance": 0, "effective_distance": 5, "valid": True,
         "code": None},
        {"tag": "de", "matched": False, "desired": None, "distance": None, "effective_distance": None, "valid": True,
         "code": None},
        {"tag": "en-GB", "matched": True, "desired": "en-AU", "distance": 3, "effective_distance": 3, "valid": True,
         "code": None},
    ]  # fmt: skip
    status, out, _ = run(capsys, "--ranges", "en-AU", "--best-fit", "--each", "de", "zh-Hant")
    assert status == 1
    assert out.splitlines() == [
        "de: no desired language within the best fit's threshold",
        "zh-Hant: no desired language within the best fit's threshold",
    ]


def test_each_refuses_a_default(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "--ranges", "fr", "--lookup", "--each", "--default", "en", "de")
    assert status == 2
    assert "--default does not apply to --each" in err


def _read_line(proc: subprocess.Popen[bytes]) -> bytes:
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    got = b""
    while not got.endswith(b"\n"):
        ready, _, _ = select.select([fd], [], [], GUARD)
        assert ready, f"no output within {GUARD} s while stdin is open: {got!r}"
        byte = os.read(fd, 1)
        assert byte, f"the output ended early: {got!r}"
        got += byte
    return got


@pytest.mark.parametrize("scheme", [[], ["--lookup"], ["--best-fit"]])
def test_each_answer_comes_out_while_stdin_is_open(scheme: list[str]) -> None:
    env = {**os.environ, "LC_ALL": "C.UTF-8"}
    argv = [sys.executable, "-m", "bcp47_explorer.cli", "match", "--ranges", "fr", *scheme, "--each", "--json", "-"]
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                            env=env)  # fmt: skip
    assert proc.stdin is not None
    try:
        for tag, matched in (("fr", True), ("de", False), ("fr", True)):
            proc.stdin.write(tag.encode() + b"\n")
            proc.stdin.flush()
            got = json.loads(_read_line(proc))
            assert proc.poll() is None  # still running: stdin is open
            assert (got["tag"], got["matched"]) == (tag, matched)
        proc.stdin.close()
        assert proc.wait(GUARD) == 0
    finally:
        proc.kill()
        proc.wait()
