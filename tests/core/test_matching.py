"""RFC 4647 matching: Accept-Language parsing, basic and extended filtering, lookup."""

from __future__ import annotations

import doctest

import pytest
from bcp47_explorer.core.matching import rfc4647 as matching
from bcp47_explorer.core.matching.rfc4647 import (
    LanguageRange,
    LookupStep,
    basic_filter,
    check_range,
    extended_filter,
    lookup,
    lookup_chain,
    parse_accept_language,
)


def test_doctests_pass() -> None:
    failures, tried = doctest.testmod(matching)
    assert tried > 10
    assert failures == 0


# --- Accept-Language -------------------------------------------------------


def test_ranges_sorted_by_q_with_stable_ties() -> None:
    plist = parse_accept_language("en;q=0.5, fr-CH, de;q=0.5, fr;q=0.9, it;q=1.0, *;q=0.1")
    assert list(plist) == [("fr-CH", 1.0), ("it", 1.0), ("fr", 0.9), ("en", 0.5), ("de", 0.5), ("*", 0.1)]
    assert plist.ok
    assert plist.problems == ()


def test_whitespace_around_commas_and_semicolons_is_allowed() -> None:
    plist = parse_accept_language(" da ,\ten-gb ; q=0.8 ,en;Q=0.7 ")
    assert list(plist) == [("da", 1.0), ("en-gb", 0.8), ("en", 0.7)]
    first = plist.ranges[1]
    assert plist.text[first.start : first.end] == "en-gb"
    assert first.index == 1


def test_q_values_three_decimals_and_limits() -> None:
    plist = parse_accept_language("a;q=0.125, b;q=1.000, c;q=0., d;q=1, e;q=0.001")
    assert list(plist) == [("b", 1.0), ("d", 1.0), ("a", 0.125), ("e", 0.001)]
    assert [r.text for r in plist.excluded] == ["c"]


@pytest.mark.parametrize("value", ["2", "1.001", "0.1234", ".5", "-0.1", "abc", "", "01", "1e0", "0.5x", " 0.5", "1.5"])
def test_bad_q_is_an_error_with_its_span(value: str) -> None:
    text = f"de, fr;q={value}, en"
    plist = parse_accept_language(text)
    assert not plist.ok
    (problem,) = plist.errors
    assert problem.code == "bad-q"
    if value:
        assert text[problem.start : problem.end] == value
    # The malformed element is left out; the others still count.
    assert [r.text for r in plist.ranges] == ["de", "en"]


def test_decimal_comma_splits_the_element() -> None:
    # "q=0,5" is "q=0" followed by a range "5", which is no range (digits first).
    plist = parse_accept_language("fr;q=0,5")
    assert [r.text for r in plist.excluded] == ["fr"]
    assert [p.code for p in plist.errors] == ["bad-range"]


def test_bad_q_message_and_span() -> None:
    plist = parse_accept_language("fr;q=2")
    (problem,) = plist.problems
    assert problem.code == "bad-q"
    assert problem.severity == "error"
    assert "'2'" in problem.message and "RFC 9110" in problem.message
    assert plist.text[problem.start : problem.end] == "2"


def test_q_zero_is_kept_out_and_reported() -> None:
    plist = parse_accept_language("fr, en;q=0, *;q=0.000")
    assert list(plist) == [("fr", 1.0)]
    assert [r.text for r in plist.excluded] == ["en", "*"]
    notes = [p for p in plist.problems if p.code == "zero-q"]
    assert len(notes) == 2
    assert all(p.severity == "info" for p in notes)
    assert "not acceptable" in notes[0].message
    assert plist.ok


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("de_DE", "_"),
        ("fr CH", " "),
        ("zh-普通话", "普"),
        ("de-", None),
        ("-de", None),
        ("de--DE", None),
        ("toolongsubtag", None),
        ("1996", None),
        ("de*", None),
        ("d\u0131", "\u0131"),
    ],
)
def test_bad_range_characters_and_shapes(text: str, bad: str | None) -> None:
    plist = parse_accept_language(f"en, {text};q=0.5")
    (problem,) = plist.errors
    assert problem.code == "bad-range"
    assert "RFC 4647" in problem.message
    assert plist.ranges == (LanguageRange("en", 1.0, 0, 0, 2),)
    if bad is not None:
        assert plist.text[problem.start : problem.end] == bad


def test_bad_parameters() -> None:
    plist = parse_accept_language("en;level=1, fr;q=0.5;q=0.4, de;, it;q")
    assert [p.code for p in plist.errors] == ["bad-parameter"] * 4
    assert list(plist) == []


def test_empty_elements_are_warned_and_skipped() -> None:
    plist = parse_accept_language("de,,fr, ")
    assert list(plist) == [("de", 1.0), ("fr", 1.0)]
    warnings = [p for p in plist.problems if p.code == "empty-element"]
    assert len(warnings) == 2
    assert all(p.severity == "warning" for p in warnings)
    assert plist.ok


@pytest.mark.parametrize("text", ["", "   ", ",", " , "])
def test_empty_list_is_an_error(text: str) -> None:
    plist = parse_accept_language(text)
    assert not plist.ok
    assert "empty" in [p.code for p in plist.errors]
    assert list(plist) == []


def test_wildcard_and_extended_ranges_are_accepted() -> None:
    plist = parse_accept_language("*, de-*-DE;q=0.5, *-CH;q=0.2")
    assert [r.text for r in plist.ranges] == ["*", "de-*-DE", "*-CH"]
    assert [r.is_basic for r in plist.ranges] == [True, False, False]
    assert plist.ranges[0].is_wildcard


def test_duplicate_range_keeps_the_first() -> None:
    plist = parse_accept_language("en;q=0.3, fr, EN;q=0.9")
    assert list(plist) == [("fr", 1.0), ("en", 0.3)]
    assert [p.code for p in plist.problems] == ["duplicate-range"]


def test_check_range_accepts_good_ranges() -> None:
    for text in ["*", "de", "de-CH-1996", "*-DE", "de-*-DE", "zh-Hant-CN-x-private1-private2"]:
        assert check_range(text) is None, text


# --- Basic filtering (§3.3.1) -----------------------------------------------


def test_basic_filter_rfc_example() -> None:
    result = basic_filter("de-de", ["de-DE", "de-DE-1996", "de-Deva", "de-Latn-DE", "de"])
    assert result.tags == ("de-DE", "de-DE-1996")
    assert result.unmatched == ("de-Deva", "de-Latn-DE", "de")
    assert {m.range for m in result.matches} == {"de-de"}


def test_basic_filter_needs_subtag_boundary() -> None:
    result = basic_filter(["en"], ["en", "en-US", "eng", "enx-US"])
    assert result.tags == ("en", "en-US")


def test_basic_filter_credits_the_highest_range_and_orders_by_priority() -> None:
    tags = ["de", "fr", "fr-CH-1996", "en-US", "fr-FR"]
    result = basic_filter("fr-CH, fr;q=0.9, *;q=0.1", tags)
    assert [(m.tag, m.range) for m in result.matches] == [
        ("fr-CH-1996", "fr-CH"),
        ("fr", "fr"),
        ("fr-FR", "fr"),
        ("de", "*"),
        ("en-US", "*"),
    ]
    assert result.range_for("fr-FR") == "fr"
    assert result.range_for("it") is None
    assert result.unmatched == ()


def test_basic_filter_skips_extended_ranges_with_a_warning() -> None:
    result = basic_filter("de-*-DE, en", ["de-DE", "de-Latn-DE", "en"])
    assert result.tags == ("en",)
    (problem,) = result.problems
    assert problem.code == "extended-range"
    assert "de-*-DE" in problem.message


def test_basic_filter_is_case_insensitive_and_keeps_tags_as_written() -> None:
    result = basic_filter("ZH-hant", ["zh-HANT-tw", "zh-Hans"])
    assert result.tags == ("zh-HANT-tw",)


def test_q_zero_range_matches_nothing() -> None:
    result = basic_filter("en;q=0", ["en"])
    assert result.matches == ()
    assert result.unmatched == ("en",)


# --- Extended filtering (§3.3.2) --------------------------------------------

RFC_EXTENDED_MATCH = ["de-DE", "de-de", "de-Latn-DE", "de-Latf-DE", "de-DE-x-goethe", "de-Latn-DE-1996", "de-Deva-DE"]
RFC_EXTENDED_NO_MATCH = ["de", "de-x-DE", "de-Deva"]


@pytest.mark.parametrize("range_text", ["de-*-DE", "de-DE"])
def test_extended_filter_rfc_examples(range_text: str) -> None:
    result = extended_filter(range_text, RFC_EXTENDED_MATCH + RFC_EXTENDED_NO_MATCH)
    assert result.tags == tuple(RFC_EXTENDED_MATCH)
    assert result.unmatched == tuple(RFC_EXTENDED_NO_MATCH)


def test_extended_filter_singleton_stops_the_skipping() -> None:
    # Step 3.D: 'DE' lies behind the singleton 'x' (or 'a'), so it is out of reach.
    result = extended_filter("de-DE", ["de-x-DE", "de-a-foo-DE", "de-Latn-x-DE", "de-Latn-DE-a-foo"])
    assert result.tags == ("de-Latn-DE-a-foo",)
    # A range may still name the singleton itself.
    assert extended_filter("de-x-DE", ["de-x-DE"]).tags == ("de-x-DE",)
    assert extended_filter("de-*-x-goethe", ["de-DE-x-goethe", "de-DE-a-x-goethe"]).tags == ("de-DE-x-goethe",)


def test_extended_filter_leading_wildcard_matches_any_primary() -> None:
    result = extended_filter("*-DE", ["de-DE", "fr-Latn-DE", "en-US", "DE"])
    assert result.tags == ("de-DE", "fr-Latn-DE")
    assert extended_filter("*", ["x-foo", "de"]).tags == ("x-foo", "de")


def test_extended_filter_trailing_wildcard_and_missing_subtags() -> None:
    assert extended_filter("de-*", ["de", "de-CH", "fr"]).tags == ("de", "de-CH")
    # Step 3.B: the tag runs out before the range does.
    assert extended_filter("de-CH-1996", ["de-CH"]).tags == ()


def test_extended_filter_priority_and_credit() -> None:
    result = extended_filter("*-CH;q=0.5, de-*-1996", ["fr-CH", "de-CH-1996", "it"])
    assert [(m.tag, m.range, m.q) for m in result.matches] == [
        ("de-CH-1996", "de-*-1996", 1.0),
        ("fr-CH", "*-CH", 0.5),
    ]
    assert result.unmatched == ("it",)


def test_filters_accept_pairs_and_language_ranges() -> None:
    pairs = list(parse_accept_language("fr;q=0.4, de"))
    assert extended_filter(pairs, ["fr", "de"]).tags == ("de", "fr")
    assert basic_filter([LanguageRange("fr")], ["fr"]).tags == ("fr",)


def test_filters_report_malformed_range_items() -> None:
    result = basic_filter(["de_DE", "fr"], ["fr", "de_DE"])
    assert result.tags == ("fr",)
    assert [p.code for p in result.problems] == ["bad-range"]


def test_empty_tag_matches_nothing() -> None:
    assert basic_filter("*", ["", "de"]).tags == ("de",)


# --- Lookup (§3.4) ----------------------------------------------------------

RFC_CHAIN = ("zh-Hant-CN-x-private1-private2", "zh-Hant-CN-x-private1", "zh-Hant-CN", "zh-Hant", "zh")


def test_lookup_chain_rfc_example() -> None:
    assert lookup_chain("zh-Hant-CN-x-private1-private2") == RFC_CHAIN


def test_lookup_chain_drops_trailing_singletons() -> None:
    assert lookup_chain("en-a-bbb-x-ccc") == ("en-a-bbb-x-ccc", "en-a-bbb", "en")
    assert lookup_chain("x-foo") == ("x-foo",)


def test_lookup_falls_back_to_default_with_the_full_chain() -> None:
    result = lookup("zh-Hant-CN-x-private1-private2", ["en", "fr"], default="en-US")
    assert result.candidates == RFC_CHAIN
    assert result.tag == "en-US"
    assert result.range is None
    assert result.used_default and not result.matched
    assert all(step.matched is None for step in result.chain)


@pytest.mark.parametrize("n", range(len(RFC_CHAIN)))
def test_lookup_stops_at_each_step_of_the_rfc_chain(n: int) -> None:
    available = list(RFC_CHAIN[n:])
    result = lookup("zh-Hant-CN-x-private1-private2", available, default="en")
    assert result.tag == RFC_CHAIN[n]
    assert result.candidates == RFC_CHAIN[: n + 1]
    assert result.range == "zh-Hant-CN-x-private1-private2"


def test_lookup_never_offers_the_bare_singleton_form() -> None:
    result = lookup("zh-Hant-CN-x-private1-private2", ["zh-Hant-CN-x", "zh"])
    assert result.tag == "zh"
    assert "zh-Hant-CN-x" not in result.candidates


def test_lookup_rfc_de_ch_examples() -> None:
    assert lookup("de-ch", ["de-CH-1996", "de-CH", "de"]).tag == "de-CH"
    assert lookup("de-ch", ["de-CH-1996", "de"]).tag == "de"
    # Lookup never widens a range: 'de' does not find 'de-CH'.
    assert lookup("de", ["de-CH"]).tag is None


def test_lookup_tries_ranges_in_priority_order() -> None:
    result = lookup("fr-CH;q=0.5, de-AT, it;q=0.9", ["fr", "de", "it"], default="en")
    assert result.tag == "de"
    assert result.range == "de-AT"
    assert result.chain == (LookupStep("de-AT", "", None, "de-AT", 5), LookupStep("de-AT", "-AT", "de", "de-AT", 2))
    result = lookup("ja, fr-CH;q=0.5, it-IT;q=0.9", ["fr", "it"])
    assert result.candidates == ("ja", "it-IT", "it")
    assert result.tag == "it"


def test_lookup_ignores_wildcard_ranges() -> None:
    result = lookup("*, fr;q=0.5", ["de", "fr"])
    assert result.tag == "fr"
    assert [p.code for p in result.problems] == ["wildcard-ignored"]
    result = lookup("*-CH", ["de-CH"], default="en")
    assert result.tag == "en" and result.chain == ()


def test_lookup_drops_inner_wildcards() -> None:
    result = lookup("de-*-DE", ["de-DE"])
    assert result.tag == "de-DE"
    assert result.candidates == ("de-DE",)
    assert [p.code for p in result.problems] == ["wildcard-ignored"]


def test_lookup_is_case_insensitive_and_returns_the_tag_as_given() -> None:
    result = lookup("ZH-hant-tw", ["zh-HANT"])
    assert result.tag == "zh-HANT"
    assert result.chain[-1] == LookupStep("ZH-hant-tw", "-tw", "zh-HANT", "ZH-hant-tw", 7)
    assert result.chain[-1].candidate == "ZH-hant"


def test_lookup_unpacks_as_result_and_chain() -> None:
    tag, chain = lookup("de-CH", ["de"])
    assert tag == "de"
    assert isinstance(chain, tuple) and len(chain) == 2


def test_lookup_without_default_gives_none() -> None:
    result = lookup("ja", ["en"])
    assert result.tag is None and result.default is None and not result.matched
