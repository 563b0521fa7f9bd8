"""`bcp47 check --json -` in several processes gives the same lines, in the same order, as one process."""

from __future__ import annotations

import io
import json
import os
import sys

import pytest

from app.cli import main

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
    data = ("\n".join(tags) + "\n").encode("utf-8")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
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


def test_child_that_dies_mid_output_is_redone(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from app.commands import tag_cmds

    tags = _tags()
    _, one = _run(monkeypatch, capsys, tags, "1")
    parent = os.getpid()
    real = tag_cmds._check_json_into

    def dying(engine, share, write):  # type: ignore[no-untyped-def]
        if os.getpid() != parent:  # a child: write part of its output, then die
            write(one[0] + "\n")
            os._exit(9)
        return real(engine, share, write)

    monkeypatch.setattr(tag_cmds, "_check_json_into", dying)
    code, two = _run(monkeypatch, capsys, tags, "2")
    assert two == one and code == 1


def test_undecodable_bytes_come_out_the_same_from_children(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = b"".join(b"en-\x80\xff-%d\nde-DE\n" % i for i in range(3000))
    outs = []
    for jobs in ("1", "2"):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8"))
        assert main(["check", "--json", "--jobs", jobs, "-"]) == 1
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1] and outs[0].count("\n") == 6000
