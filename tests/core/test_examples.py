"""The teaching examples are well-formed data, and the engine agrees with what each one claims."""

from __future__ import annotations

import re

import pytest
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.teaching.examples import EXAMPLES, Category, by_category, find


def test_every_example_has_a_one_sentence_explanation() -> None:
    for ex in EXAMPLES:
        text = ex.explanation
        assert text[0].isupper() and text.endswith("."), ex.tag
        # One sentence: no sentence end before the final full stop ("§2.2.6)." style endings allowed).
        assert not re.search(r"[.!?]\s+[A-Z]", text[:-1]), ex.tag
        assert ex.title and len(ex.title) <= 40, ex.tag


def test_there_are_structures_and_traps_without_repeats_in_a_category() -> None:
    for cat in Category:
        tags = [e.tag for e in by_category(cat)]
        assert len(tags) >= 10
        assert len(tags) == len(set(tags)), cat


def test_an_ill_formed_example_is_never_claimed_valid() -> None:
    for ex in EXAMPLES:
        assert ex.well_formed or not ex.valid, ex.tag


def test_the_issue_3_traps_are_all_there() -> None:
    traps = {e.tag for e in by_category(Category.trap)}
    for tag in (
        "sl-rozaj-biske",
        "de-1901-1901",
        "en-a-bbb-a-ccc",
        "en-Z",
        "en--US",
        "en-US-x",
        "en-a-",
        "zh-min-nan-Hant",
        "zh-yue-cmn",
        "en-x-ab-cd",
        "ads-aeb",
        "zh-cmn-Hans-CN",
        "zh-yue",
        "en-GB-oed",
        "en-BU",
        "en-b-warble-a-babble",
    ):
        assert tag in traps, tag


def test_find_ignores_case() -> None:
    assert [e.canonical for e in find("EN-bu")] == ["en-MM"]
    assert find("no-such-tag") == []


@pytest.fixture(scope="module")
def engine():  # type: ignore[no-untyped-def]

    return bundled_engine()


@pytest.mark.parametrize("ex", EXAMPLES, ids=lambda e: f"{e.category}:{e.tag}")
def test_the_engine_agrees_with_the_example(engine, ex) -> None:  # type: ignore[no-untyped-def]
    result = engine.check(ex.tag)
    assert result.well_formed == ex.well_formed
    assert result.valid == ex.valid
    if ex.canonical is not None:
        assert result.canonical == ex.canonical
