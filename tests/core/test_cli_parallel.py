"""`bcp47 check --json --jobs N -` in several processes gives the same lines, in the same order, as one process;
a worker that dies or cannot load its data has its tags checked in the parent (time lost, never output)."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest
from bcp47_explorer.cli import main

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")


def _tags() -> list[str]:
    good = ["en", "en-US", "sr-Latn-RS", "zh-yue-HK", "de-DE-u-co-phonebk", "x-private", "i-klingon"]
    bad = ["en--US", "en_US", "zh-普通话", "de-1901-1901", "a" * 40]
    tags = []
    for i in range(1500):
        tags.append(good[i % len(good)])
        tags.append(bad[i % len(bad)] + ("" if i % 3 else "-x-" + str(i)))
        tags.append(f"en-x-n{i}")
    return tags


def _run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tags: list[str], jobs: str
) -> tuple[int, list[str]]:
    """Run ``check --json --jobs JOBS -`` here, stdin a real file (so the workers are real forked processes)."""
    import tempfile

    data = ("\n".join(tags) + "\n").encode("utf-8")
    with tempfile.TemporaryFile() as f:
        f.write(data)
        f.seek(0)
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(f, encoding="utf-8"))
        code = main(["check", "--json", "--jobs", jobs, "-"])
    return code, capsys.readouterr().out.splitlines()


def test_parallel_check_keeps_every_line_in_order(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tags = _tags()
    code1, one = _run(monkeypatch, capsys, tags, "1")
    code3, three = _run(monkeypatch, capsys, tags, "3")
    assert len(one) == len(tags) == len(three)
    assert three == one
    assert [json.loads(line)["input"] for line in three] == tags
    assert code1 == code3 == 1  # some tags are not valid


def test_parallel_check_all_valid_exits_0(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    tags = [f"en-x-n{i}" for i in range(5000)]
    code, lines = _run(monkeypatch, capsys, tags, "2")
    assert code == 0 and len(lines) == 5000
    assert json.loads(lines[-1])["input"] == "en-x-n4999"


def test_a_worker_that_dies_has_its_tags_checked_here(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bcp47_explorer.core.batch import distinct as live

    tags = _tags()
    _, one = _run(monkeypatch, capsys, tags, "1")
    parent = os.getpid()
    real = live.pool_check

    def dying(block):  # type: ignore[no-untyped-def]
        if os.getpid() != parent:  # a worker: die without an answer
            os._exit(9)
        return real(block)

    redone: list[int] = []
    checked_here = live.check_lines_bytes

    def spy(engine, block):  # type: ignore[no-untyped-def]
        redone.append(len(block))  # recorded in the parent only: the workers died before answering
        return checked_here(engine, block)

    monkeypatch.setattr(live, "pool_check", dying)
    monkeypatch.setattr(live, "check_lines_bytes", spy)
    code, two = _run(monkeypatch, capsys, tags, "2")
    assert two == one and code == 1
    assert sum(redone) == len(set(tags))  # every distinct tag went to a worker once, and was redone here


def test_each_process_loads_its_own_data_and_a_worker_that_cannot_is_redone(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bcp47_explorer.commands import tag_cmds

    tags = _tags()
    _, one = _run(monkeypatch, capsys, tags, "1")
    parent = os.getpid()
    real = tag_cmds.engine_for
    loads: list[int] = []

    def failing_in_children(args):  # type: ignore[no-untyped-def]
        loads.append(os.getpid())  # seen in the parent only: a worker's list is its own copy
        if os.getpid() != parent:
            raise RuntimeError("no data here")
        return real(args)

    monkeypatch.setattr(tag_cmds, "engine_for", failing_in_children)
    code, three = _run(monkeypatch, capsys, tags, "3")
    assert three == one and code == 1
    assert loads == [parent]  # the parent loads only when it must redo the workers' tags, once


def test_undecodable_bytes_come_out_the_same_from_children(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import tempfile

    raw = b"".join(b"en-\x80\xff-%d\nde-DE\n" % i for i in range(3000))
    outs = []
    for jobs in ("1", "2"):
        with tempfile.TemporaryFile() as f:
            f.write(raw)
            f.seek(0)
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(f, encoding="utf-8"))
            assert main(["check", "--json", "--jobs", jobs, "-"]) == 1
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1] and outs[0].count("\n") == 6000


@pytest.mark.parametrize("errors", ["strict", "surrogateescape"])
@pytest.mark.parametrize("bad_at", ["start", "end", "none"])
def test_process_output_equals_one_process(tmp_path, bad_at: str, errors: str) -> None:  # type: ignore[no-untyped-def]
    # A real process with a real stdout: children's output is copied file to file, undecodable
    # input bytes (here in the parent's share, the child's, or nowhere) included.
    import subprocess

    good = [b"en-US", b"de-DE-u-co-phonebk", b"zh-\xe6\x99\xae", b"x-a-%d"]
    lines = [good[i % 4].replace(b"%d", str(i).encode()) for i in range(6000)]
    if bad_at == "start":
        lines[3] = b"en-\x80\xff"
    elif bad_at == "end":
        lines[-3] = b"en-\x80\xff"
    data = b"\n".join(lines) + b"\n"
    root = Path(__file__).resolve().parents[2]
    outs = []
    for jobs in ("1", "2"):
        target = tmp_path / f"out{jobs}.jsonl"
        with target.open("wb") as out:
            done = subprocess.run(
                [sys.executable, "-m", "bcp47_explorer.cli", "check", "--json", "--jobs", jobs, "-"],
                input=data, stdout=out, cwd=root, check=False,
                env={**os.environ, "PYTHONIOENCODING": f"utf-8:{errors}"},
            )  # fmt: skip
        assert done.returncode == 1
        outs.append(target.read_bytes())
    assert outs[0] == outs[1]
    assert outs[0].count(b"\n") == 6000
    # Whatever the stream's error handler, --json is UTF-8 and each undecodable byte is U+FFFD.
    escaped = '"en-\ufffd\ufffd"'.encode()
    assert (escaped in outs[0]) == (bad_at != "none")
    outs[0].decode("utf-8")  # strict: the whole output is UTF-8


def test_jobs_are_capped_by_a_fixed_maximum_and_default_to_one() -> None:
    from bcp47_explorer.commands.live import MAX_JOBS, live_jobs

    assert live_jobs(3, ["-"]) == 3
    assert live_jobs(100_000, ["-"]) == MAX_JOBS
    assert live_jobs(0, ["-"]) == 1 and live_jobs(-4, ["-"]) == 1
    assert live_jobs(None, ["-"]) == 1  # one process unless asked: with the memo it spends the least


def test_many_requested_jobs_on_few_tags_still_answer_in_order(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tags = ["en", "de-1901-1901", "x-a"]
    code, lines = _run(monkeypatch, capsys, tags, "5000")
    assert [json.loads(line)["input"] for line in lines] == tags and code == 1
