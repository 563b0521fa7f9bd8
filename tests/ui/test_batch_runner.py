"""Pins issue 18's one bulk runner: `bcp47 check --json --jobs N` and the Batch pane both run their work through
`core.batch.runner.Runner` (the class is replaced by a spy and both paths are seen to call it), with order kept."""

from __future__ import annotations

import io
import json
import os
import sys
import tempfile
from typing import Any

import pytest
from bcp47_explorer.cli import main
from bcp47_explorer.core.batch import runner
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.ui import batch_worker
from bcp47_explorer.ui.batch_pane import BatchPane
from PySide6.QtCore import Qt

TAGS = ["en-US", "en_US", "de-DE-u-co-phonebk", "iw-IL", "", "zh-Hant-TW", "x-private", "en--US"]


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Replace the runner class by one that records each use and runs its tasks here (no processes)."""
    made: list[dict[str, Any]] = []
    real = runner.Runner

    class Spy(real):  # type: ignore[misc, valid-type]
        def __init__(self, jobs: int, engine_factory: Any, **kw: Any) -> None:
            made.append({"jobs": jobs, "start_method": kw.get("start_method"), "tasks": 0})
            super().__init__(0, engine_factory, **kw)

        def here(self, task: runner.Task) -> Any:
            made[-1]["tasks"] += 1
            return super().here(task)

    monkeypatch.setattr(runner, "Runner", Spy)
    return made


@pytest.mark.skipif(not hasattr(os, "fork"), reason="check --jobs forks where it can")
def test_check_jobs_and_the_batch_pane_use_the_one_runner(qtbot, spy, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    lines = [TAGS[i % len(TAGS)] + ("" if i % 5 else f"-x-n{i}") for i in range(3000)]
    # The command line: check --json --jobs 2 on a real file as stdin.
    with tempfile.TemporaryFile() as f:
        f.write(("\n".join(lines) + "\n").encode())
        f.seek(0)
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(f, encoding="utf-8"))
        out_bytes = io.BytesIO()
        monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(out_bytes, encoding="utf-8"))
        code = main(["check", "--json", "--jobs", "2", "-"])
        sys.stdout.flush()
    got = out_bytes.getvalue().decode().splitlines()
    assert code == 1 and [json.loads(line)["input"] for line in got] == lines
    assert [(m["jobs"], m["start_method"]) for m in spy] == [(2, "fork")] and spy[0]["tasks"] > 0

    # The Batch pane: a paste big enough for worker processes, checked with a click on Check.
    monkeypatch.setattr(batch_worker, "POOL_MIN", 100)
    pane = BatchPane(bundled_engine())
    qtbot.addWidget(pane)
    pane.show()
    pane.input.setPlainText("\n".join(lines))
    qtbot.mouseClick(pane.check_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not pane.is_running(), timeout=60_000)
    assert [r.input for r in pane.rows()] == lines and [r.line for r in pane.rows()][-1] == 3000
    assert len(spy) == 2 and spy[1]["start_method"] == "spawn" and spy[1]["tasks"] > 0
    pane.shutdown()
