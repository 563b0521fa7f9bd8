"""Pins use_in_tag: where each kind of subtag goes, and what happens to ill-formed input."""

from __future__ import annotations

import doctest

import bcp47_explorer.core.build.compose as compose
import pytest
from bcp47_explorer.core.build.compose import split_tag, use_in_tag


def test_doctests_pass() -> None:
    result = doctest.testmod(compose)
    assert result.attempted >= 8
    assert result.failed == 0


@pytest.mark.parametrize(
    ("tag", "type_", "code", "expected"),
    [
        # language: replaced, the rest kept
        ("en-US", "language", "fr", "fr-US"),
        ("en-Latn-US-1994-u-ca-gregory-x-a", "language", "sl", "sl-Latn-US-1994-u-ca-gregory-x-a"),
        ("", "language", "de", "de"),
        ("zh-yue-HK", "language", "en", "en-HK"),  # an extlang of another language is dropped
        ("zh-yue-HK", "language", "zh", "zh-yue-HK"),  # but kept when its Prefix still fits
        ("x-private", "language", "en", "en-x-private"),
        # extlang: right after the language, which becomes the extlang's Prefix
        ("zh-HK", "extlang", "yue", "zh-yue-HK"),
        ("zh-cmn-Hans", "extlang", "yue", "zh-yue-Hans"),
        ("en-US", "extlang", "yue", "zh-yue-US"),
        # script and region: set or replace, in RFC 5646 order
        ("en", "script", "Latn", "en-Latn"),
        ("sr-Cyrl-RS", "script", "Latn", "sr-Latn-RS"),
        ("en-US", "region", "GB", "en-GB"),
        ("en-Latn", "region", "419", "en-Latn-419"),
        ("de-1901", "region", "CH", "de-CH-1901"),
        ("en-u-ca-gregory", "region", "US", "en-US-u-ca-gregory"),
        # variant: appended once, order kept
        ("sl-rozaj", "variant", "biske", "sl-rozaj-biske"),
        ("sl-rozaj-biske", "variant", "rozaj", "sl-rozaj-biske"),
        ("sl-rozaj-biske", "variant", "ROZAJ", "sl-rozaj-biske"),
        ("de-CH-x-foo", "variant", "1901", "de-CH-1901-x-foo"),
        # whole-tag records replace everything
        ("en-US", "grandfathered", "i-klingon", "i-klingon"),
        ("en-US", "redundant", "zh-hant-tw", "zh-Hant-TW"),
        # the inserted subtag takes its conventional case; the user's subtags keep theirs
        ("EN-us", "script", "latn", "EN-Latn-us"),
        ("en", "region", "gb", "en-GB"),
        # a range given whole stands for its first code; a code inside it is used as given
        ("en", "region", "QM..QZ", "en-QM"),
        ("en", "language", "qab", "qab"),
    ],
)
def test_use_in_tag_puts_subtag_in_place(registry, tag: str, type_: str, code: str, expected: str) -> None:
    assert use_in_tag(tag, type_, code, registry) == expected


@pytest.mark.parametrize(
    ("tag", "type_", "code", "expected"),
    [
        ("  en_US \n", "script", "Latn", "en-Latn-US"),  # whitespace and underscores
        ("en--US-", "script", "Latn", "en-Latn-US"),  # empty subtags vanish
        ("en-US-Latn", "region", "GB", "en-Latn-GB"),  # a misplaced script moves in front
        ("en-US-Latn-$$", "variant", "fonipa", "en-Latn-US-fonipa-$$"),  # junk kept after the variants
        ("en-Latn-Cyrl", "script", "Grek", "en-Grek-Cyrl"),  # a second script is kept, not lost
        ("", "script", "Latn", "und-Latn"),
        ("", "variant", "fonipa", "und-fonipa"),
        ("i-klingon", "region", "US", "tlh-US"),  # grandfathered: start from its Preferred-Value
        ("i-default", "region", "US", "und-US"),  # no Preferred-Value: start from nothing
        ("en-US", "script", "", "en-US"),  # nothing to add
    ],
)
def test_use_in_tag_handles_ill_formed_input(registry, tag: str, type_: str, code: str, expected: str) -> None:
    assert use_in_tag(tag, type_, code, registry) == expected


def test_use_in_tag_rejects_unknown_type(registry) -> None:
    with pytest.raises(ValueError, match="unknown record type"):
        use_in_tag("en", "planet", "Mars", registry)


def test_split_tag_keeps_extensions_untouched() -> None:
    parts = split_tag("de-Latn-DE-1996-a-Latn-DE-x-US")
    assert (parts.language, parts.script, parts.region, parts.variants) == ("de", "Latn", "DE", ["1996"])
    assert parts.tail == ["a", "Latn", "DE", "x", "US"]
    assert parts.join() == "de-Latn-DE-1996-a-Latn-DE-x-US"


def test_every_variant_with_its_first_prefix_gives_that_prefix_plus_variant(registry) -> None:
    for rec in registry.records:
        if rec.type == "variant" and rec.prefixes:
            prefix = rec.prefixes[0]
            got = use_in_tag(prefix, "variant", rec.code, registry)
            assert got.lower() == f"{prefix}-{rec.code}".lower() or rec.code.lower() in prefix.lower().split("-")
