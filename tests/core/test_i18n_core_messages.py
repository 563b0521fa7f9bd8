"""The core's messages go through the catalogue whole (issue 25): under a pseudo-translation that marks every
entry ``⟦…⟧``, every diagnostic, fix label, canonicalization step, Unicode verdict and RFC 4647 problem that a
set of tags and ranges produces has no English word outside the marks (tags, codes and cited sections aside)."""

from __future__ import annotations

import gettext
import re
import string
from collections.abc import Iterator

import pytest
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine.tag import TagEngine
from bcp47_explorer.core.engine.unicode_locale import unicode_canonical
from bcp47_explorer.core.engine.unicode_validity import unicode_verdict
from bcp47_explorer.core.matching import rfc4647
from bcp47_explorer.core.matching.bestfit import Matcher
from bcp47_explorer.core.matching.uilanguage import negotiate
from bcp47_explorer.core.text.catalogue import set_language, use_translations

from tests.i18n_pseudo import CLOSE, OPEN, PseudoTranslations, needs_translation

#: Tags that reach the diagnostics' glued pieces, the CLDR keyword checks and both canonicalizations.
TAGS = (
    "en-UK", "zh-CHS", "zh-CHT", "ron-RO", "ger", "qqqq", "abcdefg", "en-USA", "en-840", "ko-KO", "uk-UK", "tzl",
    "de-DE-u-co-phonebk-ca-gregory", "en-u-ca-xxx", "en-u-ca", "en-u-kn-true", "en-u-ca-islamicc", "en-u-vt-0020",
    "en-u-ms-imperial", "en-u-rg-abc", "en-u-rg-uszzzz", "en-GB-u-sd-usca", "en-u-sd-us", "en-u-zz-abc",
    "en-u-co-phonebk-standard", "en-u-kr-latn-latn", "en-u-cu-usd-eur",
    "i-klingon", "i-enochian", "i-default", "sgn-BE-FR", "art-lojban", "zh-min-nan", "en-a-bbb-a-ccc", "en-a-bbb",
    "x-foo", "zh-yue", "zh-yue-HK", "ar-ajp", "ads-aeb", "zh-cmn-Hans-CN", "iw", "in-ID", "en-BU", "en-AN",
    "ja-Latn-hepburn-heploc", "hy-arevela", "sl-biske-rozaj", "en-rozaj", "sl-1994", "en-Latn-US", "EN-us",
    "I-KLINGON", "cmn", "zh", "sr", "und", "mul", "zxx", "mis", "qaa", "en-Qaaa", "en-QM", "sla",
    "en-t-m0-ungegn-2007", "en-t-q0-abc", "en-t-m0-xyzzy", "en-t-m0-names", "en-t-m0", "en-t-xyz", "en-t-de-Qqqq",
    "en-t-1234", "en-t-de-DE-Latn", "en-t-m0-ungegn-bgn", "de-t-en-emodeng-emodeng", "en-u-c0",
    "en-u-ca-buddhist-ca-islamic", "en-u-foo-foo", "und-t-m0-ungegn-m0-bgn", "Latn-US", "en-US-u-rg-gbzzzz",
    "en-abcdefghi", "en-x-abcdefghi", "en-a-abcdefghi", "abcdefghi", "de_DE@collation=phonebook", "en_US_POSIX",
    "en-US-x-twain", "no-bok", "sh", "mo", "en-Latn-Cyrl", "en-US-GB", "zh-Hant-yue", "de-1901-1901", "en--US",
)  # fmt: skip
#: Priority lists and ranges with problems (RFC 4647, RFC 9110).
RANGES = ("fr-CH, fr;q=0.9, *;q=0.1", "fr_CH", "de-*-DE", "en;q=2", "en;q=0, de", "en, en", ", de", "",
          "de-x*", "en;foo=bar", "de-abcdefghij", "1a-DE", "*", "de--DE")  # fmt: skip


def _pseudo_engine() -> TagEngine:
    """Return an engine with empty caches (the bundled one remembers answers in the wording they were made in)."""
    e = bundled_engine()
    return TagEngine(e.registry, e.cldr, e.extensions, e.supplemental)


def _texts(engine: TagEngine) -> Iterator[tuple[str, str]]:
    for tag in TAGS:
        result = engine.check(tag)
        for d in result.diagnostics:
            yield f"{tag} {d.code}", d.message
            if d.fix is not None:
                yield f"{tag} {d.code} fix", d.fix.label
        verdict = unicode_verdict(engine, result)
        yield f"{tag} unicode verdict", verdict.reason
        for d in verdict.own:
            yield f"{tag} unicode {d.code}", d.message
            if d.fix is not None:
                yield f"{tag} unicode {d.code} fix", d.fix.label
        for step in engine.canonicalize(tag).steps:
            yield f"{tag} RFC 5646 step", step.reason
        uts = unicode_canonical(engine, tag)
        yield f"{tag} UTS #35 refusal", uts.refusal
        for step in uts.steps:
            yield f"{tag} UTS #35 step", step.reason
    for text in RANGES:
        plist = rfc4647.parse_accept_language(text)
        for prob in plist.problems:
            yield f"{text!r} {prob.code}", prob.message
        tags = ["de", "de-DE", "fr-CH", "en-US"]
        results = (rfc4647.basic_filter(plist, tags), rfc4647.extended_filter(plist, tags))
        for got in results:
            for prob in got.problems:
                yield f"{text!r} filter {prob.code}", prob.message
        for prob in rfc4647.lookup(plist, tags, default="en").problems:
            yield f"{text!r} lookup {prob.code}", prob.message
    matcher = Matcher(engine.supplemental)
    for preferences in (["gsw"], ["zh-TW"], ["en-GB", "de"], ["sr-Latn"], ["pt-BR"]):
        yield f"best fit {preferences}", negotiate(preferences, matcher).reason


@pytest.fixture
def pseudo() -> Iterator[None]:
    use_translations(PseudoTranslations(), "en-x-pseudo")
    try:
        yield
    finally:
        set_language("en")


def test_every_core_message_of_these_tags_is_a_marked_whole_template(pseudo) -> None:
    texts = list(_texts(_pseudo_engine()))
    assert len(texts) > 300  # the tags reach many messages: a check that lost its inputs fails here
    left = sorted({f"{where}: {text!r}" for where, text in texts if text and needs_translation(text)})
    assert left == [], f"{len(left)} texts not through the catalogue:\n" + "\n".join(left)


#: Fields that hold data or a cited section, never text to translate: the registry's and CLDR's descriptions
#: and names, and the sections ("RFC 5646 §2.2.9", "UTS #35 Annex C 3, 4"), which are cited as written.
DATA_FIELDS = frozenset({"description", "macro_description", "comment", "name", "section", "rfc", "annex", "standard"})


class FieldPseudoTranslations(gettext.NullTranslations):
    """Mark each literal run of a template ``⟦…⟧`` and leave its fields bare (data fields dropped).

    A field's value then stands outside the marks: English text glued in through a field (a note put into
    ``{extra}``) shows up, which the whole-template marks of :class:`PseudoTranslations` would hide.
    """

    def gettext(self, message: str) -> str:
        out = []
        for literal, field, spec, conv in string.Formatter().parse(message):
            if literal.strip():
                out.append(OPEN + literal.replace("{", "{{").replace("}", "}}") + CLOSE)
            else:
                out.append(literal)
            if field is not None and field not in DATA_FIELDS:
                out.append("{" + field + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}")
        return "".join(out)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


def test_no_english_text_is_glued_into_a_template_through_a_field() -> None:
    use_translations(FieldPseudoTranslations(), "en-x-fields")
    try:
        texts = list(_texts(_pseudo_engine()))
    finally:
        set_language("en")
    left = sorted({f"{where}: {text!r}" for where, text in texts if text and _phrase_outside_marks(text)})
    assert left == [], f"{len(left)} texts with English outside the marks:\n" + "\n".join(left)


_MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
#: Two words or more in a row (no punctuation between them): a phrase, where a field's value should be a code,
#: a tag, a number or a list of them ("CW SX BQ", "buddhist, chinese" and "languageAlias ajp" are not phrases).
_PHRASE = re.compile(r"(?<![\w'-])[A-Za-z][a-z]+(?: [a-z]{2,})+(?![\w'-])")


def _phrase_outside_marks(text: str) -> str | None:
    """Return the first English phrase of *text* outside the marks (None when there is none)."""
    rest = text
    while _MARKED.search(rest):
        rest = _MARKED.sub(" | ", rest)
    found = _PHRASE.search(rest)
    return found.group(0) if found else None


def test_the_pseudo_check_finds_an_unmarked_piece() -> None:
    assert _phrase_outside_marks("⟦'⟧UK⟦' is not valid⟧⟦. ⟧Did you mean 'GB'?⟦ (⟧⟦).⟧") == "Did you mean"
    assert _phrase_outside_marks("⟦CLDR ⟧territoryAlias AN⟦ → ⟧CW SX BQ⟦ (the rule matches)⟧") is None
    assert _phrase_outside_marks("⟦Valid types: ⟧buddhist, chinese, coptic⟦.⟧") is None
    assert needs_translation("⟦'qqqq' is not a language subtag⟧. Did you mean 'en'?")
    assert not needs_translation("⟦⟦'qqqq' is not valid⟦. ⟦Did you mean 'en'?⟧⟧⟧ (RFC 5646 §2.2.1).⟧")
