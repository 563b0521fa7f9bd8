"""A primer on the structure of language tags: one page, in the order a tag is built (Qt-free data).

Each section teaches one part (language, extlang, script, region, variants, extensions,
private use, grandfathered) and shows examples from :mod:`.examples`, explained in the very
words the Examples menu uses (the explanations are taken from there, not written twice). A
last section lists the traps of the Examples menu the same way. The GUI's Help > Primer shows
it with every example as a link that opens the tag in the editor.

>>> [s.title for s in SECTIONS][:3]
['1. Language', '2. Extended language (extlang)', '3. Script']
>>> SECTIONS[0].examples[0].explanation == find_example("de").explanation
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..text.catalogue import N_
from .examples import EXAMPLES, Category, Example

__all__ = ["Section", "SECTIONS", "INTRO", "find_example", "all_primer_tags"]


@dataclass(frozen=True, slots=True)
class Section:
    """One point of the primer: a title, paragraphs of teaching, the ABNF rule it is about, and examples."""

    title: str
    paragraphs: tuple[str, ...]
    rule: str  # the production, as RFC 5646 / RFC 6067 / RFC 6497 print it ("" for none)
    examples: tuple[Example, ...]


def find_example(tag: str, category: Category = Category.structure) -> Example:
    """Return the Examples-menu entry for *tag* in *category* (KeyError when there is none)."""
    for ex in EXAMPLES:
        if ex.tag == tag and ex.category == category:
            return ex
    raise KeyError(tag)


def _ex(*tags: str) -> tuple[Example, ...]:
    return tuple(find_example(t) for t in tags)


INTRO = N_(
    "A language tag (BCP 47, RFC 5646) names a language and, when it matters, how it is written and where it is "
    "used. It is a list of subtags separated by hyphens; each subtag is 1 to 8 ASCII letters or digits, and what "
    "a subtag is depends on its length, its letters or digits, and its place. Case carries no meaning, but by "
    "convention scripts are Titlecase and regions UPPERCASE. Click any example to open it in the editor, where "
    "every subtag is coloured by its role and the Anatomy and Grammar tabs take it apart."
)

SECTIONS: tuple[Section, ...] = (
    Section(
        N_("1. Language"),
        (
            N_(
                "Every ordinary tag starts with the primary language subtag: 2 or 3 letters from ISO 639 (de, sr, "
                "yue), or 5 to 8 letters once registered. 4 letters are reserved. It is the one subtag a tag cannot do "
                "without."
            ),
        ),
        'language = 2*3ALPHA ["-" extlang] / 4ALPHA / 5*8ALPHA',
        _ex("de"),
    ),
    Section(
        N_("2. Extended language (extlang)"),
        (
            N_(
                "Up to three 3-letter subtags may follow a 2–3-letter language; only the first can ever be valid, and "
                "only after the macrolanguage its registry record names as Prefix. Each extlang is also a language of "
                "its own, and the canonical form uses it alone."
            ),
        ),
        'extlang = 3ALPHA *2("-" 3ALPHA)',
        _ex("zh-yue-HK"),
    ),
    Section(
        N_("3. Script"),
        (
            N_(
                "A 4-letter subtag from ISO 15924 says how the language is written. Leave it out when the registry "
                "gives the language a Suppress-Script (Latn for English): it adds nothing there."
            ),
        ),
        "script = 4ALPHA",
        _ex("zh-Hant", "sr-Latn-RS"),
    ),
    Section(
        N_("4. Region"),
        (
            N_(
                "2 letters from ISO 3166-1 or 3 digits from UN M.49 say where the language is used. It comes after the "
                "script, never before."
            ),
        ),
        "region = 2ALPHA / 3DIGIT",
        _ex("es-419"),
    ),
    Section(
        N_("5. Variants"),
        (
            N_(
                "Variants mark dialects, orthographies and transcriptions: 5 to 8 letters or digits, or a digit and "
                "three more. Each is registered with the prefixes it suits, several may follow one another, and none "
                "may appear twice."
            ),
        ),
        "variant = 5*8alphanum / (DIGIT 3alphanum)",
        _ex("de-CH-1901", "sl-rozaj-biske", "hy-Latn-IT-arevela"),
    ),
    Section(
        N_("6. Extensions"),
        (
            N_(
                "A singleton (one letter or digit other than x) starts an extension: the subtags after it, 2 to 8 "
                "letters or digits each, follow the extension's own specification. Two are registered: -u- for Unicode "
                "locale preferences (RFC 6067: keys with types) and -t- for transformed content (RFC 6497: a source "
                "tag, then fields). Each singleton may appear once."
            ),
        ),
        'extension = singleton 1*("-" (2*8alphanum))',
        _ex("de-DE-u-co-phonebk", "en-US-u-ca-gregory-nu-latn", "und-Cyrl-t-und-latn-m0-ungegn"),
    ),
    Section(
        N_("7. Private use"),
        (
            N_(
                "Everything after the singleton x is private use, 1 to 8 letters or digits each, agreed between the "
                "parties and never registered. It may end any tag, or be a whole tag. The registry also reserves "
                "private-use ranges of languages, scripts and regions."
            ),
        ),
        'privateuse = "x" 1*("-" (1*8alphanum))',
        _ex("en-US-x-twain", "x-whatever", "qaa-Qaaa-QM-x-southern"),
    ),
    Section(
        N_("8. Grandfathered tags"),
        (
            N_(
                "26 tags registered before RFC 4646 do not fit the grammar (irregular: i-klingon) or fit it only by "
                "accident (regular: zh-min-nan). Each is one unit, matched as a whole, never extended; most have a "
                "Preferred-Value that replaces them."
            ),
        ),
        "grandfathered = irregular / regular",
        _ex("i-klingon", "zh-min-nan"),
    ),
    Section(
        N_("9. Traps"),
        (N_("These are the Examples menu's traps, explained in the same words."),),
        "",
        tuple(ex for ex in EXAMPLES if ex.category == Category.trap),
    ),
)


def all_primer_tags() -> list[str]:
    """Return every tag the primer links to, in page order."""
    return [ex.tag for s in SECTIONS for ex in s.examples]
