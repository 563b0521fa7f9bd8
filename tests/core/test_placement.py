"""Pins where variants go (core/registry/placement.py) and that "Use in tag" and the editor's reorder fix use that
one rule (issue 11 item 4): ``sl`` + ``biske`` + ``rozaj`` gives ``sl-rozaj-biske``, and ``sl-biske-rozaj``
draws a prefix-mismatch warning whose fix puts the variants in that order."""

from __future__ import annotations

import itertools

import pytest
from bcp47_explorer.core.build.compose import remove_from_tag, use_in_tag
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.registry.placement import order_variants, prefix_met, prefix_table, variant_fit


@pytest.fixture(scope="module")
def prefixes(registry):  # type: ignore[no-untyped-def]
    return prefix_table(registry)


def test_use_in_tag_places_a_variant_where_its_prefix_is_met(registry) -> None:
    tag = use_in_tag("sl", "variant", "biske", registry)
    assert tag == "sl-biske"  # alone it cannot be met: it stays where the user put it
    assert use_in_tag(tag, "variant", "rozaj", registry) == "sl-rozaj-biske"
    assert use_in_tag("sl-IT-biske-rozaj", "variant", "1994", registry) == "sl-IT-rozaj-biske-1994"


@pytest.mark.parametrize(
    ("head", "variants", "expected"),
    [
        (["sl"], ["biske", "rozaj"], ("rozaj", "biske")),
        (["sl"], ["1994", "biske", "rozaj"], ("rozaj", "biske", "1994")),
        (["sl"], ["rozaj", "biske"], ("rozaj", "biske")),  # already right: kept
        (["en"], ["rozaj", "oxendict"], ("rozaj", "oxendict")),  # rozaj can never be met: keeps its place
        (["ja", "Latn"], ["heploc", "hepburn"], ("hepburn", "heploc")),
        (["sl"], ["fonipa", "biske", "rozaj"], ("fonipa", "rozaj", "biske")),
        (["de"], ["1901"], ("1901",)),
    ],
)
def test_order_variants(prefixes, head, variants, expected) -> None:  # type: ignore[no-untyped-def]
    assert order_variants(head, variants, prefixes) == expected


def test_every_order_of_the_resian_variants_is_put_right(prefixes) -> None:  # type: ignore[no-untyped-def]
    kept = {("rozaj", "biske", "1994"), ("rozaj", "1994", "biske")}  # both meet every Prefix: kept as given
    for perm in itertools.permutations(["1994", "biske", "rozaj"]):
        expected = perm if perm in kept else ("rozaj", "biske", "1994")
        assert order_variants(["sl", "IT"], list(perm), prefixes) == expected


def test_every_registered_prefix_is_met_by_the_order_found(registry, prefixes) -> None:  # type: ignore[no-untyped-def]
    """For each variant and each of its Prefixes, the Prefix's variants plus this one, reversed, come out right."""
    checked = 0
    for code, rec in registry.table("variant").items():
        for prefix in rec.prefixes:
            subtags = prefix.split("-")
            head = [s for s in subtags if prefixes.get(s.lower()) is None and len(s) < 5 and not s[0].isdigit()]
            vars_ = [s for s in subtags if s not in head] + [code]
            order = order_variants(head, list(reversed(vars_)), prefixes)
            before = [h.lower() for h in head]
            for v in order:
                assert prefix_met(v, before, prefixes) or v.lower() != code, (prefix, code, order)
                before.append(v.lower())
            checked += 1
    assert checked > 150


def test_variant_fit_says_what_is_missing(prefixes) -> None:  # type: ignore[no-untyped-def]
    assert variant_fit(["sl"], [], "biske", prefixes, ["sl-rozaj"]).reason == (
        "needs 'rozaj' first (its Prefix is 'sl-rozaj')"
    )
    assert variant_fit(["ja"], [], "hepburn", prefixes, ["ja-Latn"]).reason == (
        "needs 'latn' first (its Prefix is 'ja-Latn')"
    )
    assert variant_fit(["en"], [], "oxendict", prefixes).fits
    assert variant_fit(["en"], ["oxendict"], "oxendict", prefixes).present


def test_remove_from_tag() -> None:
    assert remove_from_tag("sl-IT-rozaj-biske", "region") == "sl-rozaj-biske"
    assert remove_from_tag("zh-yue-HK", "extlang", "yue") == "zh-HK"
    assert remove_from_tag("en", "language") == ""


@pytest.mark.parametrize(
    ("tag", "fixed"),
    [
        ("sl-biske-rozaj", "sl-rozaj-biske"),
        ("sl-IT-1994-biske-rozaj-u-nu-latn", "sl-IT-rozaj-biske-1994-u-nu-latn"),
        ("ja-Latn-heploc-hepburn", "ja-Latn-hepburn-heploc"),
    ],
)
def test_editor_offers_the_reorder_fix(tag: str, fixed: str) -> None:
    engine = bundled_engine()
    diags = [d for d in engine.check(tag).diagnostics if d.code == "prefix-mismatch"]
    assert diags, tag
    assert all(d.fix is not None and d.fix.tag == fixed for d in diags)
    assert diags[0].fix is not None and diags[0].fix.label.startswith("Put the variants in the order")
    after = engine.check(fixed)
    assert not [d for d in after.diagnostics if d.code == "prefix-mismatch"]


def test_no_reorder_fix_when_no_order_helps() -> None:
    diags = [d for d in bundled_engine().check("en-rozaj").diagnostics if d.code == "prefix-mismatch"]
    assert len(diags) == 1 and diags[0].fix is None
