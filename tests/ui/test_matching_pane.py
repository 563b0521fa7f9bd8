"""Pins the matching playground: for a dozen Accept-Language strings typed into the pane, the basic, extended and
lookup results (and lookup's fallback chain) equal `bcp47 match --json`; the traces name the range of each tag;
the CLDR best fit (UTS #35) equals `bcp47 match --best-fit --json`: answer, distance and levels; priority-list
errors are shown at their place."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import json

import pytest
from bcp47_explorer.cli import main
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.ui.matching_pane import MatchingPane, split_tags

TAGS = "de de-CH de-Latn-DE de-DE-1996 fr fr-CA fr-CH-1996 en-GB en-US-x-twain es-419 zh-Hant-TW zh sr-Latn-RS x-a"

CASES = [
    "fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5",
    "de-de",
    "de-*-DE",
    "*-CH",
    "en-US, en;q=0.5",
    "zh-Hant-CN-x-private1, zh;q=0.2",
    "es, *;q=0",
    "sr-Latn, sr;q=0.8",
    "DE-ch;q=0.3, FR;q=1",
    "pt-BR, pt;q=0.9",
    "en-GB-oed;q=0.9, en;q=0.1",
    "x-a, *;q=0.001",
]


@pytest.fixture
def pane(qtbot) -> MatchingPane:  # type: ignore[no-untyped-def]
    p = MatchingPane(bundled_engine())
    qtbot.addWidget(p)
    p.show()
    return p


def cli(capsys, *argv: str) -> dict:  # type: ignore[no-untyped-def]
    main(["match", "--json", *argv])
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("ranges", CASES)
def test_results_equal_bcp47_match(qtbot, pane, capsys, ranges: str) -> None:  # type: ignore[no-untyped-def]
    pane.tags.setPlainText(TAGS)
    pane.default.clear()
    qtbot.keyClicks(pane.default, "en")
    pane.ranges.clear()
    qtbot.keyClicks(pane.ranges, ranges)
    qtbot.waitUntil(lambda: not pane._timer.isActive() and pane.results is not None)
    assert pane.results[0].text == ranges
    _plist, basic, ext, look = pane.results
    tags = split_tags(TAGS)
    want_basic = cli(capsys, "--ranges", ranges, *tags)
    want_ext = cli(capsys, "--extended", "--ranges", ranges, *tags)
    want_look = cli(capsys, "--lookup", "--default", "en", "--ranges", ranges, *tags)
    assert [{"tag": m.tag, "range": m.range, "q": m.q} for m in basic.matches] == want_basic["matches"]
    assert list(basic.unmatched) == want_basic["unmatched"]
    assert [{"tag": m.tag, "range": m.range, "q": m.q} for m in ext.matches] == want_ext["matches"]
    assert look.tag == want_look["result"] and look.range == want_look["range"]
    # The CLI lists each range once with its steps (what each drops); the pane's trace is the same steps.
    want_chain = [
        {"range": r["range"], "candidate": r["looked_up"][: st["length"]], "matched": st["matched"]}
        for r in want_look["chain"]
        for st in r["steps"]
    ]
    assert [{"range": s.range, "candidate": s.candidate, "matched": s.matched} for s in look.chain] == want_chain
    want_fit = cli(capsys, "--best-fit", "--default", "en", "--ranges", ranges, *tags)
    fit = pane.fit
    assert fit is not None
    assert (fit.supported, fit.matched, fit.distance, fit.effective) == (
        want_fit["result"],
        want_fit["matched"],
        want_fit["distance"],
        want_fit["effective_distance"],
    )
    assert fit.reason == want_fit["reason"]
    assert [d.supported for d in fit.candidates[:5]] == [c["supported"] for c in want_fit["candidates"]]
    pairs = [(eff, d.supported) for eff, d in fit.closest(5)]
    assert pairs == [(c["effective_distance"], c["supported"]) for c in want_fit["candidates"]]
    shown_fit = pane.best_fit.toPlainText()
    for eff, d in fit.closest(5):
        assert f"{eff}: {d.desired} ({d.desired_max}) ~ {d.supported}" in shown_fit
    assert f"Result: {fit.supported}" in pane.best_fit.toPlainText()
    # What the columns show is those results.
    shown = pane.basic.toPlainText()
    assert ("Result: " + ", ".join(basic.tags)) in shown if basic.tags else "nothing matched" in shown
    for m in basic.matches:
        assert f"range {m.range} matches:" in shown
    look_text = pane.lookup.toPlainText()
    assert f"Result: {look.tag}" in look_text
    for step in look.chain:
        assert step.candidate in look_text


def test_errors_in_the_priority_list_are_marked_and_best_fit_is_labelled(qtbot, pane) -> None:  # type: ignore[no-untyped-def]
    pane.ranges.clear()
    qtbot.keyClicks(pane.ranges, "fr;q=2, de")
    qtbot.waitUntil(lambda: pane.results is None)
    assert "error:" in pane.problems.text() and "^" in pane.problems.text()
    assert "The priority list has errors" in pane.basic.toPlainText()
    pane.set_inputs("de", "de de-CH en_US")
    assert "available tag <code>en_US</code> is not well-formed" in pane.problems.text()
    assert "Result: de" in pane.best_fit.toPlainText() and "distance 0" in pane.best_fit.toPlainText()


def test_tags_come_from_a_file(pane, tmp_path) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "tags.txt"
    f.write_bytes(b"de-CH\nfr\n\xff\n")
    assert pane.load_tags_file(str(f))
    assert split_tags(pane.tags.toPlainText()) == ["de-CH", "fr", "\ufffd"]
    assert not pane.load_tags_file(str(tmp_path / "missing.txt"))
    assert "Cannot read" in pane.problems.text()
