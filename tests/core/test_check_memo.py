"""Pins issue 22's memo of ``bcp47 check --json``: each distinct tag is checked once, the lines are the same
bytes as without the memo, in order, and the memo stays within its bound (long inputs never enter it)."""

from __future__ import annotations

import random

import pytest
from bcp47_explorer.core.data import bundled_engine, engine_for
from bcp47_explorer.core.engine import checkjson

from benchmarks.corpus import build, build_advice


def test_memo_lines_equal_the_plain_lines_and_check_each_distinct_tag_once(monkeypatch: pytest.MonkeyPatch) -> None:
    base = bundled_engine()
    rnd = random.Random(22)
    pool = build(600, seed=22) + build_advice(400, seed=22) + ["de-\udcff-CH", "", "x" * 200]
    tags = rnd.choices(pool, k=6000)
    want = list(checkjson.check_json_lines(base, tags))
    engine = engine_for(base.registry)  # composed as the bundled one is: its repair and plausibility notes too
    seen: list[str] = []
    real = engine.unmatched_analysis  # what the line asks for a text the regex does not match

    def counted(text: str):  # type: ignore[no-untyped-def]
        seen.append(text)
        return real(text)

    monkeypatch.setattr(engine, "unmatched_analysis", counted)
    memo: dict[str, tuple[str, bool]] = {}
    got = list(checkjson.memo_json_lines(engine, tags, memo))
    assert got == want
    assert len(memo) == len({t for t in tags if len(t) <= 64})
    # the precise path ran once per distinct tag that needs it, not once per row (the long one is not remembered)
    long_rows = sum(t == "x" * 200 for t in tags)
    assert len(set(seen)) > 25 and long_rows > 1  # the ill-formed lanes (.illshape) write the commonest without it
    assert len(seen) == len(set(seen)) + max(0, long_rows - 1)


def test_the_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(checkjson, "MEMO_SIZE", 50)
    memo: dict[str, tuple[str, bool]] = {}
    tags = [f"en-x-n{i}" for i in range(175)]
    lines = list(checkjson.memo_json_lines(bundled_engine(), tags, memo))
    assert [line for line, _ in lines] == [line for line, _ in checkjson.check_json_lines(bundled_engine(), tags)]
    assert 0 < len(memo) <= 50 and "en-x-n174" in memo


def test_the_cli_byte_loop_writes_the_same_lines_and_checks_each_distinct_tag_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import io
    import os

    from bcp47_explorer.commands.live import _ByteLoop

    base = bundled_engine()
    engine = engine_for(base.registry)  # composed as the bundled one is: its repair and plausibility notes too
    seen: list[str] = []
    real = engine.unmatched_analysis  # what the line asks for a text the regex does not match

    def counted(text: str):  # type: ignore[no-untyped-def]
        seen.append(text)
        return real(text)

    monkeypatch.setattr(engine, "unmatched_analysis", counted)
    rnd = random.Random(5)
    tags = rnd.choices([*build(300, seed=5), "de-\udcff", "en_US", ""], k=3000)
    data = b"".join(t.encode("utf-8", "surrogateescape") + (b"\r\n" if i % 2 else b"\n") for i, t in enumerate(tags))
    assert len(data) < 60000  # fits in a pipe's buffer: written whole before the loop reads
    r, w = os.pipe()
    with os.fdopen(w, "wb") as f:
        f.write(data)
    out = io.BytesIO()
    all_valid = _ByteLoop(engine, r, out).run(["-"])
    os.close(r)
    want = [checkjson.clean_json_text(line) for line, _ in checkjson.check_json_lines(base, tags)]
    assert out.getvalue().decode("utf-8").splitlines() == want
    assert all_valid is False
    assert seen and len(seen) == len(set(seen))


@pytest.mark.parametrize("worker", ["works", "dies"])
def test_parallel_blocks_keep_order_send_each_distinct_tag_once_and_redo_a_failed_worker(worker: str) -> None:
    import io
    from concurrent.futures import Future

    from bcp47_explorer.core.batch.distinct import check_json_parallel, check_lines_bytes, pool_check
    from bcp47_explorer.core.batch.runner import Handle, Runner, Task

    engine = bundled_engine()
    rnd = random.Random(9)
    tags = rnd.choices([*build(200, seed=9), "de-\udcff", ""], k=2500)
    sent: list[str] = []
    redone: list[str] = []

    class Workers(Runner):
        """The one runner, with workers that answer at once, or die without an answer."""

        def submit(self, fn, *args):  # type: ignore[no-untyped-def]
            assert fn is pool_check
            sent.extend(args[0])
            fut: Future[list[tuple[bytes, bool]]] = Future()
            if worker == "dies":
                fut.set_exception(RuntimeError("the worker died"))
            else:
                fut.set_result(check_lines_bytes(engine, args[0]))
            return Handle(self, (fn, args), fut)

        def here(self, task: Task):  # type: ignore[no-untyped-def]
            redone.extend(task[1][0])
            return super().here(task)

    blocks = [tags[i : i + 300] for i in range(0, len(tags), 300)]
    out = io.BytesIO()
    all_valid = check_json_parallel(lambda: engine, blocks, out, 2, runner=Workers(0, lambda: engine))
    want = [checkjson.clean_json_text(line) for line, _ in checkjson.check_json_lines(engine, tags)]
    assert out.getvalue().decode("utf-8").splitlines() == want and all_valid is False
    assert sorted(sent) == sorted(set(tags))  # the parent's memo: each distinct tag sent once
    assert redone == (sent if worker == "dies" else [])


def test_the_cli_byte_loop_memo_is_bounded_and_checks_what_it_forgot_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The byte loop checks a tag it does not hold when looking it up: new, forgotten or too long to keep."""
    import io
    import os

    from bcp47_explorer.commands import live

    monkeypatch.setattr(live, "MEMO_SIZE", 50)
    engine = engine_for(bundled_engine().registry)
    checked: list[str] = []
    real = engine.unmatched_analysis

    def counted(text: str):  # type: ignore[no-untyped-def]
        checked.append(text)
        return real(text)

    monkeypatch.setattr(engine, "unmatched_analysis", counted)
    long_text = "a_" * 40  # ill-formed, longer than a key the memo keeps
    tags = [f"en_x{i}" for i in range(175)] * 2 + [long_text, "en_x3", long_text, "en_x3"]
    r, w = os.pipe()
    with os.fdopen(w, "wb") as f:
        f.write(b"".join(t.encode() + b"\n" for t in tags))
    out = io.BytesIO()
    loop = live._ByteLoop(engine, r, out)
    assert loop.run(["-"]) is False
    os.close(r)
    want = [line for line, _ in checkjson.check_json_lines(bundled_engine(), tags)]
    assert out.getvalue().decode("utf-8").splitlines() == want
    assert 0 < len(loop.memo) <= 50 and long_text.encode() not in loop.memo
    # 175 distinct tags do not fit in 50: the second round checks each again; the long text is never kept
    assert checked.count("en_x0") == 2 and checked.count(long_text) == 2
    assert checked.count("en_x3") == 3  # forgotten before its third and fourth rows, which come one after the other
