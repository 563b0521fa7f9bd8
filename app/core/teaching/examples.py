"""Annotated example tags for teaching: one of each RFC 5646 structure, then the traps.

Pure data. Each example carries what a correct engine says about it (well-formed, valid and, where it
teaches something, the RFC 5646 §4.5 canonical form), so the tests can hold the engine and this list to
each other, and each has a one-sentence explanation that the editor's Examples menu shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..text.catalogue import N_

__all__ = ["EXAMPLES", "Category", "Example", "by_category", "find"]


class Category(StrEnum):
    """Which part of the Examples menu an example belongs to."""

    structure = "structure"
    trap = "trap"


@dataclass(frozen=True, slots=True)
class Example:
    """One teaching tag with what it shows and what the engine must say about it."""

    tag: str
    title: str  # short menu text
    explanation: str  # one sentence
    category: Category
    well_formed: bool
    valid: bool
    canonical: str | None = None  # the canonical form this example teaches; None: not the point here


def _s(tag: str, title: str, explanation: str, *, valid: bool = True, canonical: str | None = None) -> Example:
    return Example(tag, title, explanation, Category.structure, True, valid, canonical)


def _t(
    tag: str,
    title: str,
    explanation: str,
    *,
    well_formed: bool = True,
    valid: bool = True,
    canonical: str | None = None,
) -> Example:
    return Example(tag, title, explanation, Category.trap, well_formed, valid and well_formed, canonical)


EXAMPLES: tuple[Example, ...] = (
    # One of each structure of RFC 5646 §2.1, most of them from its Appendix A.
    _s("de", N_("Language only"), N_("A primary language subtag alone is a complete tag: German.")),
    _s(
        "zh-Hant",
        N_("Language + script"),
        N_("A 4-letter script subtag follows the language: Chinese in Traditional script."),
    ),
    _s(
        "es-419",
        N_("Language + UN M.49 region"),
        N_("A 3-digit region from UN M.49 names an area ISO 3166 lacks: Spanish as used in Latin America."),
    ),
    _s(
        "sr-Latn-RS",
        N_("Language + script + region"),
        N_("Script comes before region, so this is Serbian written in Latin script as used in Serbia."),
    ),
    _s(
        "zh-yue-HK",
        N_("Extended language"),
        N_("An extlang subtag follows its macrolanguage prefix, but the canonical form uses the extlang alone."),
        canonical="yue-HK",
    ),
    _s(
        "de-CH-1901",
        N_("Language + region + variant"),
        N_("A variant registered for the prefix 'de' marks the 1901 orthography, here for Swiss German."),
    ),
    _s(
        "sl-rozaj-biske",
        N_("Two variants"),
        N_("Variants stack in Prefix order: 'biske' is a dialect of the Resian ('rozaj') dialect of Slovenian."),
    ),
    _s(
        "hy-Latn-IT-arevela",
        N_("Every langtag part"),
        N_("Language, script, region and variant together; 'arevela' is deprecated, so a warning explains it."),
    ),
    _s(
        "de-DE-u-co-phonebk",
        N_("Unicode -u- extension"),
        N_("The -u- extension (RFC 6067) adds locale preferences: here German phonebook collation."),
    ),
    _s(
        "en-US-u-ca-gregory-nu-latn",
        N_("Several -u- keywords"),
        N_("Keywords after -u- are key–type pairs, and everything after a singleton stays lowercase."),
        canonical="en-US-u-ca-gregory-nu-latn",
    ),
    _s(
        "und-Cyrl-t-und-latn-m0-ungegn",
        N_("Transformed content -t-"),
        N_("The -t- extension (RFC 6497) says this Cyrillic text was transliterated from Latin by the UNGEGN rules."),
    ),
    _s(
        "en-US-x-twain",
        N_("Private use after a tag"),
        N_("Subtags after 'x' are private use: their meaning is agreed between the parties, never registered."),
    ),
    _s("x-whatever", N_("Private use only"), N_("A tag may consist of private use alone, and it is still valid.")),
    _s(
        "qaa-Qaaa-QM-x-southern",
        N_("Private-use ranges"),
        N_("The ranges qaa..qtz, Qaaa..Qabx and QM..QZ are reserved for private use, so this tag is valid."),
    ),
    _s(
        "i-klingon",
        N_("Irregular grandfathered tag"),
        N_("An irregular grandfathered tag is one unit from RFC 3066 whose canonical form is its Preferred-Value."),
        canonical="tlh",
    ),
    _s(
        "zh-min-nan",
        N_("Regular grandfathered tag"),
        N_("A regular grandfathered tag also fits the langtag grammar, but the whole-tag match wins."),
        canonical="nan",
    ),
    # The traps other tools fall into (issue 3).
    _t(
        "sl-rozaj-biske",
        N_("Two variants are no duplicate"),
        N_("Two different variants are fine; only the same variant twice makes a tag invalid."),
    ),
    _t(
        "de-1901-1901",
        N_("Duplicate variant"),
        N_("The same variant twice is well-formed but not valid (RFC 5646 §2.2.5)."),
        valid=False,
    ),
    _t(
        "en-a-bbb-a-ccc",
        N_("Duplicate singleton"),
        N_("A singleton may start only one extension, so a second 'a' makes the tag invalid (§2.2.6)."),
        valid=False,
    ),
    _t(
        "en-Z",
        N_("One-letter last subtag"),
        N_("A lone letter can only be a singleton, and a singleton needs at least one subtag after it."),
        well_formed=False,
    ),
    _t(
        "en--US",
        N_("Empty subtag"),
        N_("Two hyphens in a row leave an empty subtag, which no rule allows."),
        well_formed=False,
    ),
    _t(
        "en-US-x",
        N_("Private use with nothing after it"),
        N_("The 'x' singleton must be followed by at least one private-use subtag."),
        well_formed=False,
    ),
    _t(
        "en-a-",
        N_("Trailing hyphen"),
        N_("A tag cannot end with a hyphen, and an extension needs a subtag."),
        well_formed=False,
    ),
    _t(
        "en-US-Latn",
        N_("Script after region"),
        N_("A script must come before the region, so 'Latn' is out of place here."),
        well_formed=False,
    ),
    _t(
        "zh-min-nan-Hant",
        N_("Grandfathered tag extended"),
        N_("A grandfathered tag cannot be extended, and 'nan' cannot be a second extlang, so this is invalid."),
        valid=False,
    ),
    _t(
        "zh-yue-cmn",
        N_("Second extlang"),
        N_("The second and third extlang positions exist in the grammar but can never be valid."),
        valid=False,
    ),
    _t(
        "en-x-ab-cd",
        N_("Case after x"),
        N_("Private-use subtags stay lowercase in the canonical form, even two-letter ones that look like regions."),
        canonical="en-x-ab-cd",
    ),
    _t(
        "ads-aeb",
        N_("Extlang with the wrong prefix"),
        N_("This is valid, but 'aeb' is registered with the prefix 'ar', so a warning says so."),
    ),
    _t(
        "zh-cmn-Hans-CN",
        N_("Extlang canonicalized"),
        N_("Canonicalization replaces the pair zh-cmn with the extlang's Preferred-Value 'cmn'."),
        canonical="cmn-Hans-CN",
    ),
    _t(
        "zh-yue",
        N_("Extlang form round trip"),
        N_("The canonical form is 'yue', while the extlang form writes it back as 'zh-yue'."),
        canonical="yue",
    ),
    _t(
        "en-GB-oed",
        N_("Grandfathered with a replacement"),
        N_("This grandfathered tag has the Preferred-Value 'en-GB-oxendict', which canonicalization uses."),
        canonical="en-GB-oxendict",
    ),
    _t("en-BU", N_("Deprecated region"), N_("Burma's code BU is deprecated in favour of MM."), canonical="en-MM"),
    _t(
        "iw",
        N_("Deprecated language"),
        N_("The ISO 639 code 'iw' was withdrawn, and 'he' replaces it."),
        canonical="he",
    ),
    _t(
        "en-b-warble-a-babble",
        N_("Extension order"),
        N_("Canonicalization sorts extensions by their singleton but keeps each extension's own subtags in order."),
        canonical="en-a-babble-b-warble",
    ),
    _t(
        "is-Latn",
        N_("Script that adds nothing"),
        N_("Icelandic has Suppress-Script Latn, so the script is valid but usually left out."),
    ),
    _t(
        "ja-Latn-hepburn-heploc",
        N_("Deprecated variant with a Prefix"),
        N_(
            "Variant 'heploc' is replaced by 'alalc97' in place, though the registry's comment prefers "
            "'ja-Latn-alalc97'."
        ),
        canonical="ja-Latn-hepburn-alalc97",
    ),
    _t(
        "zh-普通话",
        N_("Non-ASCII letters"),
        N_("Only ASCII letters, digits and hyphens may appear, so Chinese characters make the tag ill-formed."),
        well_formed=False,
    ),
    _t(
        "tr-Latı",
        N_("Turkish dotless i"),
        N_("The dotless 'ı' looks like an 'i' but is not ASCII, so this tag is ill-formed."),
        well_formed=False,
    ),
    _t(
        "en_US",
        N_("Underscore separator"),
        N_("Underscores belong to Unicode locale identifiers; a BCP 47 tag must use hyphens."),
        well_formed=False,
    ),
)


def by_category(category: Category | str) -> list[Example]:
    """Return the examples of *category* in menu order."""
    return [e for e in EXAMPLES if e.category == category]


def find(tag: str) -> list[Example]:
    """Return the examples whose tag is *tag* (compared without regard to case).

    >>> [e.title for e in find("EN-bu")]
    ['Deprecated region']
    """
    folded = tag.lower()
    return [e for e in EXAMPLES if e.tag.lower() == folded]
