"""The grammar of language tags as text to show: each ABNF rule, its production, and which alternative a subtag took.

The regex pieces the engine matches with live in :mod:`.syntax`; this module holds the same rules as
the standards print them (RFC 5646 §2.1, RFC 6067 §2.1, RFC 6497 §2.2, with the RFC 5234 core rules),
for the teaching views: the tag anatomy diagram labels each part with its production, and the
grammar walk-through lights the rules a tag used. Which rule a subtag matched is never decided
here: it comes from the role the engine gave it (:class:`.tagvalues.Role`); :func:`alternative`
only names the branch of that rule the subtag's shape took, using the predicates of :mod:`.syntax`.

>>> RULES["region"].production
'region = 2ALPHA / 3DIGIT'
>>> alternative("region", "419"), alternative("language", "de"), alternative("variant", "1901")
('3DIGIT', '2*3ALPHA', 'DIGIT 3alphanum')
>>> rule_for_role("u-key")
'key'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..text.catalogue import N_, _, ngettext
from .syntax import IRREGULAR, is_variant

__all__ = ["Rule", "RULES", "ABNF_LINES", "ROLE_RULE", "alternative", "rule_for_role", "describe_shape"]


@dataclass(frozen=True, slots=True)
class Rule:
    """One ABNF rule: its name, the production as printed, the standard and section it comes from."""

    name: str
    production: str
    source: str
    # What the rule asks for, in words (the walk-through's "needs ..."); "" for rules made of other rules.
    needs: str = ""


_RULES = (
    Rule("Language-Tag", "Language-Tag = langtag / privateuse / grandfathered", "RFC 5646 §2.1"),
    Rule(
        "langtag",
        'langtag = language ["-" script] ["-" region] *("-" variant) *("-" extension) ["-" privateuse]',
        "RFC 5646 §2.1",
    ),
    Rule(
        "language",
        'language = 2*3ALPHA ["-" extlang] / 4ALPHA / 5*8ALPHA',
        "RFC 5646 §2.2.1",
        N_("2 to 8 letters, first in the tag"),
    ),
    Rule(
        "extlang",
        'extlang = 3ALPHA *2("-" 3ALPHA)',
        "RFC 5646 §2.2.2",
        N_("exactly 3 letters, after a 2–3-letter language"),
    ),
    Rule("script", "script = 4ALPHA", "RFC 5646 §2.2.3", N_("exactly 4 letters")),
    Rule("region", "region = 2ALPHA / 3DIGIT", "RFC 5646 §2.2.4", N_("2 letters or 3 digits")),
    Rule(
        "variant",
        "variant = 5*8alphanum / (DIGIT 3alphanum)",
        "RFC 5646 §2.2.5",
        N_("5 to 8 letters or digits, or a digit and 3 letters or digits"),
    ),
    Rule("extension", 'extension = singleton 1*("-" (2*8alphanum))', "RFC 5646 §2.2.6", N_("2 to 8 letters or digits")),
    Rule(
        "singleton",
        "singleton = DIGIT / %x41-57 / %x59-5A / %x61-77 / %x79-7A",
        "RFC 5646 §2.2.6",
        N_("one letter or digit; x starts private use"),
    ),
    Rule("privateuse", 'privateuse = "x" 1*("-" (1*8alphanum))', "RFC 5646 §2.2.7", N_("1 to 8 letters or digits")),
    Rule("grandfathered", "grandfathered = irregular / regular", "RFC 5646 §2.2.8", N_("one of 26 whole tags")),
    Rule("irregular", 'irregular = "en-GB-oed" / "i-ami" / … / "sgn-CH-DE"', "RFC 5646 §2.1"),
    Rule("regular", 'regular = "art-lojban" / "cel-gaulish" / … / "zh-xiang"', "RFC 5646 §2.1"),
    Rule("alphanum", "alphanum = (ALPHA / DIGIT)", "RFC 5646 §2.1"),
    Rule(
        "u-extension",
        'u-extension = "u" 1*("-" attribute) *("-" keyword) / "u" 1*("-" keyword)',
        "RFC 6067 §2.1",
    ),
    Rule("attribute", "attribute = 3*8alphanum", "RFC 6067 §2.1", N_("3 to 8 letters or digits, before any key")),
    Rule("keyword", 'keyword = key *("-" type)', "RFC 6067 §2.1"),
    Rule("key", "key = 2alphanum", "RFC 6067 §2.1", N_("2 letters or digits")),
    Rule("type", "type = 3*8alphanum", "RFC 6067 §2.1", N_("3 to 8 letters or digits, after a key")),
    Rule("t-extension", 't-extension = "t" ("-" tlang *("-" tfield) / 1*("-" tfield))', "RFC 6497 §2.2"),
    Rule("tlang", 'tlang = language ["-" script] ["-" region] *("-" variant)', "RFC 6497 §2.2"),
    Rule("tfield", 'tfield = tkey 1*("-" tvalue)', "RFC 6497 §2.2"),
    Rule("tkey", "tkey = ALPHA DIGIT", "RFC 6497 §2.2", N_("a letter and a digit")),
    Rule("tvalue", "tvalue = 3*8alphanum", "RFC 6497 §2.2", N_("3 to 8 letters or digits, after a key")),
)

#: Every rule by name.
RULES: dict[str, Rule] = {r.name: r for r in _RULES}

#: The grammar as the walk-through prints it: (rule name, line); the name is "" for a comment line.
ABNF_LINES: tuple[tuple[str, str], ...] = (
    ("", "; RFC 5646 §2.1"),
    *((n, RULES[n].production) for n in ("Language-Tag", "langtag", "language", "extlang", "script", "region")),
    *((n, RULES[n].production) for n in ("variant", "extension", "singleton", "privateuse", "grandfathered")),
    *((n, RULES[n].production) for n in ("irregular", "regular", "alphanum")),
    ("", "; RFC 6067 §2.1 (the -u- extension)"),
    *((n, RULES[n].production) for n in ("u-extension", "attribute", "keyword", "key", "type")),
    ("", "; RFC 6497 §2.2 (the -t- extension)"),
    *((n, RULES[n].production) for n in ("t-extension", "tlang", "tfield", "tkey", "tvalue")),
)

#: The rule that accepts a subtag of each engine role ("" for a piece no rule accepts).
ROLE_RULE = {
    "language": "language",
    "extlang": "extlang",
    "script": "script",
    "region": "region",
    "variant": "variant",
    "singleton": "singleton",
    "extension": "extension",
    "u-attribute": "attribute",
    "u-key": "key",
    "u-type": "type",
    "t-lang": "tlang",
    "t-language": "language",
    "t-extlang": "extlang",
    "t-script": "script",
    "t-region": "region",
    "t-variant": "variant",
    "t-key": "tkey",
    "t-value": "tvalue",
    "privateuse": "privateuse",
    "grandfathered": "grandfathered",
    "invalid": "",
}


def rule_for_role(role: str) -> str:
    """Return the name of the rule that accepts a subtag of *role* ("" when none does)."""
    return ROLE_RULE.get(role, "")


def alternative(rule: str, text: str) -> str:
    """Return the branch of *rule* that the subtag *text* matched (the rule's name for one-branch rules)."""
    n = len(text)
    if rule == "language":
        return "2*3ALPHA" if n <= 3 else "4ALPHA" if n == 4 else "5*8ALPHA"
    if rule == "extlang":
        return "3ALPHA"
    if rule == "script":
        return "4ALPHA"
    if rule == "region":
        return "3DIGIT" if text.isdigit() else "2ALPHA"
    if rule == "variant":
        return "DIGIT 3alphanum" if n == 4 and is_variant(text) else "5*8alphanum"
    if rule == "singleton":
        if text in "xX":
            return '"x"'
        return "DIGIT" if text.isdigit() else "a letter but x"
    if rule in ("extension",):
        return "2*8alphanum"
    if rule == "privateuse":
        return "1*8alphanum" if n > 1 or text not in "xX" else '"x"'
    if rule == "grandfathered":
        return "irregular" if text.lower() in {t.lower() for t in IRREGULAR} else "regular"
    if rule in ("attribute", "type", "tvalue"):
        return "3*8alphanum"
    if rule == "key":
        return "2alphanum"
    if rule == "tkey":
        return "ALPHA DIGIT"
    return rule


def describe_shape(text: str) -> str:
    """Say what *text* is made of, for a reason: "2 letters", "3 digits", "4 letters and digits".

    >>> describe_shape("US"), describe_shape("419"), describe_shape("a1b2"), describe_shape("")
    ('2 letters', '3 digits', '4 letters and digits', 'empty')
    """
    n = len(text)
    if not n:
        return _("empty")
    if not (text.isascii() and text.isalnum()):
        shape = ngettext(
            "{count} character, not all ASCII letters or digits",
            "{count} characters, not all ASCII letters or digits",
            n,
        )
    elif text.isalpha():
        shape = ngettext("{count} letter", "{count} letters", n)
    elif text.isdigit():
        shape = ngettext("{count} digit", "{count} digits", n)
    else:
        shape = ngettext("{count} letters and digits", "{count} letters and digits", n)
    return shape.format(count=n)
