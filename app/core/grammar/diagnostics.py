"""One table of diagnostics: every code the engine gives, with its severity, section, message and fix.

A :class:`Message` is one row: the code, the severity, the section of the standard it rests
on, a message template (``str.format`` fields, no final citation: :meth:`Message.text` appends
the section), a fix label template when the diagnostic offers a fix, and an example tag that
produces it. Several rows may share a code when the wording depends on the case (a deprecated
subtag with or without a Preferred-Value); they share the severity. ``docs/diagnostics.md`` is
generated from :data:`TABLE` by ``tools/gen_diagnostics_doc.py`` and a test keeps them equal.

Problems in ``-u-`` keywords and ``-t-`` fields are found by the CLDR checks in :mod:`.cldr`,
which write their own messages (they quote CLDR's lists); their rows here give the code,
severity, section and example, with the template ``None``. (``missing-t-value``, which the
CLDR check gives for a field without values, never reaches a tag's diagnostics: the parser
reports ``empty-t-field`` first.)

>>> UNKNOWN["region"].text(code="JJ", article="a", date="2026-01-01", extra="")
"'JJ' is not a region subtag of the IANA Language Subtag Registry (File-Date 2026-01-01), so the tag is not valid (RFC 5646 §2.2.4, §2.2.9)."
>>> BY_CODE["suppress-script"][0].severity
<Severity.WARNING: 'warning'>
"""  # noqa: E501

from __future__ import annotations

import sys
from collections.abc import Callable
from operator import attrgetter

from ..text.catalogue import N_, _, current_language, forget_on_language_change
from ..text.frozen import Frozen, _set
from .values import Diagnostic, Fix, Severity

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "Message",
    "TABLE",
    "BY_CODE",
    "UNKNOWN",
    "SPECIAL",
    "UTS35_CODES",
    "judged_by_uts35",
    "make_diagnostic",
    "make_fix",
    "severity_of",
]

E, W, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

#: How a message cites its section; the section itself ("RFC 5646 §2.2.9") is never translated.
CITATION = N_("{message} ({section}).")
#: The translated wordings, by (UI language, English wording): translated once, then reused.
_TRANSLATED: dict[tuple[str, str], str] = {}
# Emptied when the language changes: two catalogues may be used under one tag (a test's pseudo-translations).
forget_on_language_change(sys.modules[__name__], lambda _module: _TRANSLATED.clear())


class Message(Frozen):
    """One row of the table: how one kind of diagnostic is named, graded, cited and worded."""

    __match_args__ = ("code", "severity", "section", "template", "fix", "example")
    __slots__ = ("_example", "code", "fix", "section", "severity", "template", "wording")
    _compared = attrgetter(*__match_args__)

    code: str
    severity: Severity
    section: str
    template: str | None  # None: the CLDR check in cldr.py words the message
    fix: str | None  # the fix label template, when the diagnostic offers a fix
    # A tag that produces this message (None: none does with the bundled data), or a function making it: the
    # example of a text too long to be a tag is 1.5 MB, made when asked (at import, its page faults cost ~1 ms a run).
    _example: str | Callable[[], str] | None
    # The template with the section cited at its end, made once: one format_map per diagnostic.
    wording: str

    def __init__(
        self,
        code: str,
        severity: Severity,
        section: str,
        template: str | None,
        fix: str | None = None,
        example: str | Callable[[], str] | None = "",
    ) -> None:
        _set(self, "code", code)
        _set(self, "severity", severity)
        _set(self, "section", section)
        _set(self, "template", template)
        _set(self, "fix", fix)
        _set(self, "_example", example)
        _set(self, "wording", f"{template} ({section})." if template is not None else "")

    @property
    def example(self) -> str | None:
        """A tag that produces this message (None: none does with the bundled data)."""
        got = self._example
        return got() if callable(got) else got

    def worded(self) -> str:
        """Return the template with its section cited, in the UI language (the English text under ``en``)."""
        lang = current_language()
        if lang == "en" or self.template is None:
            return self.wording
        key = (lang, self.wording)
        text = _TRANSLATED.get(key)
        if text is None:
            text = _TRANSLATED[key] = _(CITATION).format(message=_(self.template), section=self.section)
        return text

    def text(self, **args: Any) -> str:
        """Return the message for *args*, with the section cited at the end."""
        return self.text_of(args)

    def text_of(self, args: dict[str, Any]) -> str:
        """Return the message for the template fields *args*, with the section cited at the end."""
        assert self.template is not None
        return self.worded().format_map(args)

    def label(self, **args: Any) -> str:
        """Return the fix label for *args*."""
        assert self.fix is not None
        return _(self.fix).format_map(args)

    def around(self, field: str) -> tuple[str, str]:
        """Return the wording before and after ``{field}``, its one field (to join a message as :meth:`text` does)."""
        head, mark, tail = self.worded().partition("{" + field + "}")
        assert mark and "{" not in head + tail, f"{self.code}: {{{field}}} is not the one field of its message"
        return head, tail

    def make(self, start: int, end: int, fix_tag: str | None = None, **args: Any) -> Diagnostic:
        """Return the diagnostic for the span *start*..*end*; a fix when *fix_tag* is given."""
        return self.make_of(start, end, fix_tag, args)

    def make_of(self, start: int, end: int, fix_tag: str | None, args: dict[str, Any]) -> Diagnostic:
        """Return the diagnostic for the span *start*..*end* worded with the template fields *args*."""
        assert self.template is not None
        fix = _new_fix(_(self.fix).format_map(args), fix_tag) if fix_tag is not None and self.fix is not None else None
        return make_diagnostic(
            self.code,
            self.severity,
            start,
            end,
            self.worded().format_map(args),
            fix,
            self.section,
        )


def _builder() -> Callable[[str, Severity, int, int, str, Fix | None, str], Diagnostic]:
    """Return a constructor of Diagnostic that sets its slots directly (no frozen __setattr__ per field)."""
    new = object.__new__
    names = ("code", "severity", "start", "end", "message", "fix", "section", "field", "line")
    s_code, s_sev, s_start, s_end, s_msg, s_fix, s_sec, s_field, s_line = [
        Diagnostic.__dict__[n].__set__ for n in names
    ]

    def make(
        code: str, severity: Severity, start: int, end: int, message: str, fix: Fix | None, section: str
    ) -> Diagnostic:
        d: Diagnostic = new(Diagnostic)
        s_code(d, code)
        s_sev(d, severity)
        s_start(d, start)
        s_end(d, end)
        s_msg(d, message)
        s_fix(d, fix)
        s_sec(d, section)
        s_field(d, "")
        s_line(d, 0)
        return d

    return make


make_diagnostic = _builder()


def _fix_builder() -> Callable[[str, str], Fix]:
    """Return a constructor of Fix that sets its two slots directly."""
    new = object.__new__
    s_label, s_tag = Fix.__dict__["label"].__set__, Fix.__dict__["tag"].__set__

    def make(label: str, tag: str) -> Fix:
        f: Fix = new(Fix)
        s_label(f, label)
        s_tag(f, tag)
        return f

    return make


_new_fix = make_fix = _fix_builder()


# A row of the table (tools/i18n_extract.py reads the template and fix label of each ``_m(...)`` as messages).
_m = Message


# ------------------------------------------------------------------ syntax (grammar.py)
EMPTY_TAG = _m("empty-tag", E, "RFC 5646 §2.1", "The tag is empty; a tag needs at least a language subtag", example="")
GRANDFATHERED_EXTENDED = _m(
    "grandfathered-extended",
    E,
    "RFC 5646 §2.2.8",
    "'{tag}' is a grandfathered tag: it is one whole unit and cannot take further subtags such as '{rest}'",
    "Keep only '{tag}'",
    "i-klingon-x-a",
)
WHITESPACE_AROUND = _m(
    "whitespace",
    E,
    "RFC 5646 §2.1",
    "Whitespace ({char}) around the tag is not part of it; a language tag holds only ASCII letters, digits and '-'",
    "Remove the surrounding whitespace",
    " en",
)
WHITESPACE_INSIDE = _m(
    "whitespace",
    E,
    "RFC 5646 §2.1",
    "Whitespace ({char}) is not allowed in a language tag; only ASCII letters, digits and '-' are",
    "Replace the whitespace with '-'",
    "en US",
)
UNDERSCORE = _m(
    "underscore-separator",
    E,
    "RFC 5646 §2.1",
    "'_' separates subtags in Unicode locale identifiers and POSIX locales, but a language tag uses only '-'; "
    "this tool reads '_' as '-' only to offer the fix",
    "Replace '_' with '-'",
    "en_US",
)
EMPTY_LEADING = _m(
    "empty-subtag",
    E,
    "RFC 5646 §2.1",
    "The tag starts with a separator: there is an empty subtag before it",
    "Remove the leading '-'",
    "-en",
)
EMPTY_TRAILING = _m(
    "empty-subtag",
    E,
    "RFC 5646 §2.1",
    "The tag ends with a separator: a trailing '-' leaves an empty subtag",
    "Remove the trailing '-'",
    "en-",
)
EMPTY_INSIDE = _m(
    "empty-subtag",
    E,
    "RFC 5646 §2.1",
    "Two separators in a row leave an empty subtag; subtags are 1 to 8 letters or digits",
    "Remove the extra '-'",
    "en--US",
)
BAD_CHARACTER = _m(
    "bad-character",
    E,
    "RFC 5646 §2.1",
    "{char} in '{piece}' is not an ASCII letter or digit; a language tag uses only A–Z, a–z, 0–9 and '-'",
    "Replace '{bad}' with '{good}'",
    "en-ıd",
)
INVISIBLE_CHARACTER = _m(
    "invisible-character",
    E,
    "RFC 5646 §2.1",
    "{char} at {at} is an invisible formatting character: it shows as nothing or reorders the text around it, "
    "and a language tag holds only ASCII letters, digits and '-'",
    "Remove the invisible characters",
    "\u202een-US",
)
UNICODE_LOCALE_ID = _m(
    "unicode-locale-id",
    INFO,
    "UTS #35 §3.1, §3.6",
    "{text} reads as a Unicode locale identifier; as a BCP 47 tag it is '{tag}' ({notes})",
    "Convert to the BCP 47 tag '{tag}'",
    "en_US_POSIX",
)
UNICODE_LOCALE_ID_LEGACY = _m(
    "unicode-locale-id",
    INFO,
    "UTS #35 §3.1, §3.6",
    "{text} reads as a Unicode locale identifier with legacy keywords; as a BCP 47 tag it is '{tag}' ({notes})",
    "Convert to the BCP 47 tag '{tag}'",
    "de_DE@collation=phonebook",
)
MISSING_LANGUAGE = _m(
    "missing-language",
    E,
    "RFC 5646 §2.1",
    "The tag starts with the singleton '{singleton}', but a tag must start with a language subtag (or 'x' for a "
    "private-use tag)",
    example="a-bcd",
)
BAD_LANGUAGE = _m(
    "bad-language",
    E,
    "RFC 5646 §2.2.1",
    "'{code}' cannot be a primary language subtag: that takes 2 to 8 letters, no digits",
    example="e1-US",
)
BAD_SUBTAG = _m(
    "bad-subtag",
    E,
    "RFC 5646 §2.1",
    "'{code}' fits no subtag position: a script is 4 letters, a region 2 letters or 3 digits, a variant 5 to 8 "
    "letters or digits or a digit and 3 more",
    example="en-a1",
)
TOO_MANY_EXTLANGS = _m(
    "too-many-extlangs",
    E,
    "RFC 5646 §2.1, §2.2.2",
    "'{code}' would be a fourth extended language subtag; the grammar allows at most three",
    "Remove the extra extlang",
    "zh-yue-cmn-nan-hak",
)
MISPLACED_EXTLANG = _m(
    "misplaced-extlang",
    E,
    "RFC 5646 §2.2.2",
    "'{code}' looks like an extended language subtag, but an extlang may only follow a 2- or 3-letter primary "
    "language subtag",
    example="abcde-yue",
)
DUPLICATE = {
    "script": _m(
        "duplicate-script",
        E,
        "RFC 5646 §2.2.3",
        "'{code}' is a second script subtag after '{first}'; a tag has at most one script",
        "Remove '{code}'",
        "en-Latn-Cyrl",
    ),
    "region": _m(
        "duplicate-region",
        E,
        "RFC 5646 §2.2.4",
        "'{code}' is a second region subtag after '{first}'; a tag has at most one region",
        "Remove '{code}'",
        "en-US-GB",
    ),
}
#: By what the parser read the too-long subtag as: one whole template each (the word is no field).
SUBTAG_TOO_LONG = {
    "language": _m(
        "subtag-too-long",
        E,
        "RFC 5646 §2.1",
        "The language '{code}' has {length} characters; no subtag may be longer than 8",
        example="abcdefghi",
    ),
    "subtag": _m(
        "subtag-too-long",
        E,
        "RFC 5646 §2.1",
        "The subtag '{code}' has {length} characters; no subtag may be longer than 8",
        example="en-abcdefghi",
    ),
    "private-use subtag": _m(
        "subtag-too-long",
        E,
        "RFC 5646 §2.1",
        "The private-use subtag '{code}' has {length} characters; no subtag may be longer than 8",
        example="en-x-abcdefghi",
    ),
    "extension subtag": _m(
        "subtag-too-long",
        E,
        "RFC 5646 §2.1",
        "The extension subtag '{code}' has {length} characters; no subtag may be longer than 8",
        example="en-a-abcdefghi",
    ),
}
TAG_TOO_LONG = _m(
    "tag-too-long",
    E,
    "RFC 5646 §2.1, §4.4.1",
    "The input has more than {limit} subtags; only the first {limit} are analysed, and a text this long is not "
    "taken as a tag ({rest} more characters from here are not looked at)",
    example=lambda: "en" + "-a1b2c" * 250_000,
)
REORDER_LABEL = N_("Put the subtags in the order language-script-region-variant")
AFTER = {
    ("extlang", "script"): _m(
        "extlang-after-script",
        E,
        "RFC 5646 §2.1, §2.2.2",
        "'{code}' has the shape of an extended language subtag, which may only come right after the primary "
        "language, not after the script",
        "Put the subtags in the order language-script-region-variant",
        "zh-Hant-yue",
    ),
    ("extlang", "region"): _m(
        "extlang-after-region",
        E,
        "RFC 5646 §2.1, §2.2.2",
        "'{code}' has the shape of an extended language subtag, which may only come right after the primary "
        "language, not after the region",
        "Put the subtags in the order language-script-region-variant",
        "zh-TW-yue",
    ),
    ("extlang", "variant"): _m(
        "extlang-after-variant",
        E,
        "RFC 5646 §2.1, §2.2.2",
        "'{code}' has the shape of an extended language subtag, which may only come right after the primary "
        "language, not after the variant",
        "Put the subtags in the order language-script-region-variant",
        "zh-1901-yue",
    ),
    ("script", "region"): _m(
        "script-after-region",
        E,
        "RFC 5646 §2.1",
        "'{code}' is a script subtag, and a script must come before the region: the order is "
        "language-extlang-script-region-variant",
        "Put the subtags in the order language-script-region-variant",
        "en-US-Latn",
    ),
    ("script", "variant"): _m(
        "script-after-variant",
        E,
        "RFC 5646 §2.1",
        "'{code}' is a script subtag, and a script must come before the variant: the order is "
        "language-extlang-script-region-variant",
        "Put the subtags in the order language-script-region-variant",
        "de-1901-Latn",
    ),
    ("region", "variant"): _m(
        "region-after-variant",
        E,
        "RFC 5646 §2.1",
        "'{code}' is a region subtag, and a region must come before the variant: the order is "
        "language-extlang-script-region-variant",
        "Put the subtags in the order language-script-region-variant",
        "de-1901-DE",
    ),
}
MISPLACED_SUBTAG = _m(
    "misplaced-subtag",
    E,
    "RFC 5646 §2.1",
    "'{code}' is not in a place where the grammar allows "
    "it: after this point only extensions and private use may follow",
    example="i-klingon-abc",
)
EMPTY_PRIVATEUSE = _m(
    "empty-privateuse",
    E,
    "RFC 5646 §2.2.7",
    "The private-use singleton 'x' must be followed by at least one subtag of 1 to 8 letters or digits",
    "Remove the dangling 'x'",
    "en-x",
)
EMPTY_EXTENSION = _m(
    "empty-extension",
    E,
    "RFC 5646 §2.2.6",
    "The singleton '{singleton}' starts an extension but no subtag follows it; an extension needs at least one "
    "subtag of 2 to 8 letters or digits",
    "Remove the dangling '{singleton}'",
    "en-a",
)
DUPLICATE_SINGLETON = _m(
    "duplicate-singleton",
    E,
    "RFC 5646 §2.2.6, §2.2.9",
    "The singleton '{singleton}' appears a second time (first at position {first}); each extension singleton may "
    "appear only once in a tag",
    "Merge the two '{lower}' extensions",
    "en-a-bbb-a-ccc",
)
DUPLICATE_U_KEY = _m(
    "duplicate-u-key",
    W,
    "RFC 6067 §2.1, UTS #35 §3.6",
    "The -u- key '{key}' appears more than once; only its first occurrence counts and this one is ignored",
    example="en-u-ca-gregory-ca-buddhist",
)
DUPLICATE_U_ATTRIBUTE = _m(
    "duplicate-u-attribute",
    W,
    "RFC 6067 §2.1",
    "The -u- attribute '{attribute}' appears more than once; only its first occurrence counts",
    example="en-u-foo-foo",
)
BAD_T_LANG = _m(
    "bad-t-lang",
    E,
    "RFC 6497 §2.2",
    "'{code}' does not fit the source-language tag of the -t- "
    "extension, which is language, then optional script, region and variants, in that order",
    example="en-t-de-DE-Latn",
)
DUPLICATE_T_KEY = _m(
    "duplicate-t-key",
    W,
    "RFC 6497 §2.2",
    "The -t- field key '{key}' appears more than once; only its first occurrence counts",
    example="und-t-m0-ungegn-m0-bgn",
)
BAD_T_SUBTAG = _m(
    "bad-t-subtag",
    E,
    "RFC 6497 §2.2",
    "'{code}' has no place in the -t- extension: after the optional source language come fields, each a key of a "
    "letter and a digit (such as 'm0') followed by values of 3 to 8 characters",
    example="en-t-1234",
)
EMPTY_T_FIELD = _m(
    "empty-t-field",
    E,
    "RFC 6497 §2.2",
    "The -t- field key '{key}' needs at least one value of 3 to 8 letters or digits",
    "Remove '{key}'",
    "en-t-m0",
)

# ----------------------------------------------------------------- registry (advice.py)
TOO_MANY_PROBLEMS = _m(
    "too-many-problems", INFO, "RFC 5646 §2.1", "{count} more problems are not listed", example="-" * 102
)
PRIVATE_USE_TAG = _m(
    "private-use-tag",
    INFO,
    "RFC 5646 §2.2.7, §4.6",
    "The whole tag is private use ('x-…'): valid, but it means something only to parties that agreed on it",
    example="x-whatever",
)
GRANDFATHERED_PREFIX = _m(
    "grandfathered-prefix",
    INFO,
    "RFC 5646 §2.2.8",
    "'{tag}' is a grandfathered tag, which stands only as a whole; here its subtags are read one by one as an "
    "ordinary tag",
    example="zh-min-nan-TW",
)
EXTLANG_POSITION = _m(
    "extlang-position-reserved",
    E,
    "RFC 5646 §2.2.2",
    "'{code}' is a second or third extended language subtag. No extlang has another extlang in its Prefix, so these "
    "positions are permanently invalid",
    "Remove '{code}'",
    "zh-yue-cmn",
)
EXTLANG_PREFIX = _m(
    "prefix-mismatch",
    W,
    "RFC 5646 §2.2.2, §3.1.8",
    "The extlang '{code}' ({description}) has Prefix '{prefix}', but here it follows '{language}'; an extlang belongs "
    "after its Prefix",
    "Replace '{language}' with '{prefix}'",
    "ads-aeb",
)
VARIANT_PREFIX = _m(
    "prefix-mismatch",
    W,
    "RFC 5646 §2.2.5, §3.1.8",
    "The variant '{code}' ({description}) is meant for tags starting with {prefixes} (its Prefix): each subtag of a "
    "Prefix should appear, in order, before the variant",
    example="en-rozaj",
)
VARIANT_ORDER = _m(
    "prefix-mismatch",
    W,
    "RFC 5646 §2.2.5, §3.1.8",
    "The variant '{code}' ({description}) needs {prefixes} (its Prefix) before it; these variants meet every "
    "Prefix in another order",
    "Put the variants in the order '{order}'",
    "sl-biske-rozaj",
)
SUPPRESS_SCRIPT = _m(
    "suppress-script",
    W,
    "RFC 5646 §3.1.9, §4.1",
    "'{code}' adds nothing: '{language}' ({description}) has Suppress-Script '{script}', so its tags should omit "
    "that script unless the script is the point",
    "Drop the script '{code}'",
    "en-Latn-US",
)
DUPLICATE_VARIANT = _m(
    "duplicate-variant",
    E,
    "RFC 5646 §2.2.5, §2.2.9",
    "The variant '{code}' appears twice; a variant may occur only once in a tag",
    "Remove the second '{code}'",
    "de-1901-1901",
)
UNKNOWN = {
    "language": _m(
        "unknown-language",
        E,
        "RFC 5646 §2.2.1, §2.2.9",
        "'{code}' is not a language subtag of the IANA Language Subtag Registry (File-Date {date}), so the tag "
        "is not valid{extra}",
        "Replace '{code}' with '{hint}'",
        "qqqq",
    ),
    "extlang": _m(
        "unknown-extlang",
        E,
        "RFC 5646 §2.2.2, §2.2.9",
        "'{code}' is not an extlang subtag of the IANA Language Subtag Registry (File-Date {date}), so the tag "
        "is not valid{extra}",
        "Replace '{code}' with '{hint}'",
        "zh-qqq",
    ),
    "script": _m(
        "unknown-script",
        E,
        "RFC 5646 §2.2.3, §2.2.9",
        "'{code}' is not a script subtag of the IANA Language Subtag Registry (File-Date {date}), so the tag "
        "is not valid{extra}",
        "Replace '{code}' with '{hint}'",
        "en-Qqqq",
    ),
    "region": _m(
        "unknown-region",
        E,
        "RFC 5646 §2.2.4, §2.2.9",
        "'{code}' is not a region subtag of the IANA Language Subtag Registry (File-Date {date}), so the tag "
        "is not valid{extra}",
        "Replace '{code}' with '{hint}'",
        "en-JJ",
    ),
    "variant": _m(
        "unknown-variant",
        E,
        "RFC 5646 §2.2.5, §2.2.9",
        "'{code}' is not a variant subtag of the IANA Language Subtag Registry (File-Date {date}), so the tag "
        "is not valid{extra}",
        "Replace '{code}' with '{hint}'",
        "de-abcdefg",
    ),
}
UNKNOWN_T = {
    "language": _m(
        "unknown-language",
        E,
        "RFC 6497 §2.2, RFC 5646 §2.2.1",
        "'{code}' in the source language of the -t- extension is not a language subtag of the IANA registry; the "
        "source language must be a valid tag itself",
        example="en-t-xyz",
    ),
    "extlang": _m(
        "unknown-extlang",
        E,
        "RFC 6497 §2.2, RFC 5646 §2.2.2",
        "'{code}' in the source language of the -t- extension is not an extlang subtag of the IANA registry; the "
        "source language must be a valid tag itself",
        example="en-t-zh-qqq",
    ),
    "script": _m(
        "unknown-script",
        E,
        "RFC 6497 §2.2, RFC 5646 §2.2.3",
        "'{code}' in the source language of the -t- extension is not a script subtag of the IANA registry; the "
        "source language must be a valid tag itself",
        example="en-t-de-Qqqq",
    ),
    "region": _m(
        "unknown-region",
        E,
        "RFC 6497 §2.2, RFC 5646 §2.2.4",
        "'{code}' in the source language of the -t- extension is not a region subtag of the IANA registry; the "
        "source language must be a valid tag itself",
        example="en-t-de-JJ",
    ),
    "variant": _m(
        "unknown-variant",
        E,
        "RFC 6497 §2.2, RFC 5646 §2.2.5",
        "'{code}' in the source language of the -t- extension is not a variant subtag of the IANA registry; the "
        "source language must be a valid tag itself",
        example="en-t-de-abcdefg",
    ),
}
#: A deprecated subtag with a Preferred-Value, by its record's Type (one whole template each).
DEPRECATED = {
    "language": _m(
        "deprecated",
        W,
        "RFC 5646 §3.1.6, §4.5",
        "The language '{code}' ({description}) is deprecated since {date}; use its Preferred-Value '{preferred}'",
        "Replace '{code}' with '{preferred}'",
        "iw",
    ),
    "extlang": _m(
        "deprecated",
        W,
        "RFC 5646 §3.1.6, §4.5",
        "The extlang '{code}' ({description}) is deprecated since {date}; use its Preferred-Value '{preferred}'",
        "Replace '{code}' with '{preferred}'",
        "ar-ajp",
    ),
    "script": _m(
        "deprecated",
        W,
        "RFC 5646 §3.1.6, §4.5",
        "The script '{code}' ({description}) is deprecated since {date}; use its Preferred-Value '{preferred}'",
        "Replace '{code}' with '{preferred}'",
        None,  # no deprecated script in the bundled registry
    ),
    "region": _m(
        "deprecated",
        W,
        "RFC 5646 §3.1.6, §4.5",
        "The region '{code}' ({description}) is deprecated since {date}; use its Preferred-Value '{preferred}'",
        "Replace '{code}' with '{preferred}'",
        "en-BU",
    ),
    "variant": _m(
        "deprecated",
        W,
        "RFC 5646 §3.1.6, §4.5",
        "The variant '{code}' ({description}) is deprecated since {date}; use its Preferred-Value '{preferred}'",
        "Replace '{code}' with '{preferred}'",
        "ja-Latn-hepburn-heploc",
    ),
}
#: A deprecated subtag without a Preferred-Value, by its record's Type.
DEPRECATED_NO_REPLACEMENT = {
    "language": _m(
        "deprecated",
        W,
        "RFC 5646 §3.1.6",
        "The language '{code}' ({description}) is deprecated since {date}, and the registry names no replacement",
        example="agp",
    ),
    "extlang": _m(
        "deprecated",
        W,
        "RFC 5646 §3.1.6",
        "The extlang '{code}' ({description}) is deprecated since {date}, and the registry names no replacement",
        example=None,  # none in the bundled registry
    ),
    "script": _m(
        "deprecated",
        W,
        "RFC 5646 §3.1.6",
        "The script '{code}' ({description}) is deprecated since {date}, and the registry names no replacement",
        example=None,  # none in the bundled registry
    ),
    "region": _m(
        "deprecated",
        W,
        "RFC 5646 §3.1.6",
        "The region '{code}' ({description}) is deprecated since {date}, and the registry names no replacement",
        example="en-AN",
    ),
    "variant": _m(
        "deprecated",
        W,
        "RFC 5646 §3.1.6",
        "The variant '{code}' ({description}) is deprecated since {date}, and the registry names no replacement",
        example="hy-arevela",
    ),
}
DEPRECATED_TAG = _m(
    "deprecated",
    W,
    "RFC 5646 §2.2.8, §4.5",
    "'{tag}' ({description}) is a grandfathered tag, deprecated since {date}; use its Preferred-Value '{preferred}'",
    "Replace it with '{preferred}'",
    "i-klingon",
)
PREFERRED_TAG = _m(
    "preferred-tag",
    INFO,
    "RFC 5646 §4.5 step 3",
    "The registry's Comments for '{code}' say: \"{comment}\". The canonical form only replaces the subtag; "
    "'{preferred}' is the tag it recommends",
    "Use '{preferred}'",
    "ja-Latn-hepburn-heploc",
)
EXTLANG_FORM = _m(
    "extlang-form",
    INFO,
    "RFC 5646 §2.2.2, §4.5",
    "'{code}' ({description}) is written as an extended language subtag; the canonical form uses '{preferred}' as the "
    "primary language",
    "Use the canonical form",
    "zh-yue",
)
SPECIAL = {
    "und": _m(
        "undetermined-language",
        INFO,
        "RFC 5646 §4.1",
        "'und' means the language is undetermined; use it only when the language really is unknown",
        example="und",
    ),
    "mul": _m(
        "multiple-languages",
        INFO,
        "RFC 5646 §4.1",
        "'mul' means several languages; tag each part with its own language where you can",
        example="mul",
    ),
    "zxx": _m(
        "no-linguistic-content",
        INFO,
        "RFC 5646 §4.1",
        "'zxx' means the content has no linguistic content (music, images, data); it is not a language",
        example="zxx",
    ),
    "mis": _m(
        "uncoded-language",
        INFO,
        "RFC 5646 §4.1",
        "'mis' means the language has no code yet; a registered or private-use code is more useful to readers",
        example="mis",
    ),
}
PRIVATE_USE_LANGUAGE = _m(
    "private-use-subtag",
    INFO,
    "RFC 5646 §2.2.1, §4.6",
    "'{code}' lies in the private-use range {range}: valid, but it means something only to parties that agreed on it",
    example="qaa",
)
PRIVATE_USE_SUBTAG = {
    "script": _m(
        "private-use-subtag",
        INFO,
        "RFC 5646 §2.2.3, §4.6",
        "The script '{code}' lies in the private-use range {range}: valid, but it means something only to parties "
        "that agreed on it",
        example="en-Qaaa",
    ),
    "region": _m(
        "private-use-subtag",
        INFO,
        "RFC 5646 §2.2.4, §4.6",
        "The region '{code}' lies in the private-use range {range}: valid, but it means something only to parties "
        "that agreed on it",
        example="en-QM",
    ),
}
COLLECTION = _m(
    "collection",
    INFO,
    "RFC 5646 §4.1",
    "'{code}' ({description}) names a collection of languages, not one "
    "language; prefer the code of the language itself when you know it",
    example="sla",
)
MACROLANGUAGE = _m(
    "macrolanguage",
    INFO,
    "RFC 5646 §4.1.1",
    "'{code}' ({description}) is a macrolanguage: it covers several languages. That is usually what you want; use a "
    "member's code only when the distinction matters",
    example="zh",
)
MEMBER_OF_DEPRECATED = _m(
    "macrolanguage-member",
    INFO,
    "RFC 5646 §3.1.6, §4.1.1",
    "'{code}' ({description}) is one language of the macrolanguage '{macro}' ({macro_description}), which is "
    "deprecated since {date}; '{code}' is the code to use",
    example=None,  # no member of a deprecated macrolanguage in the bundled registry
)
MEMBER_WITH_COMMENT = _m(
    "macrolanguage-member",
    INFO,
    "RFC 5646 §4.1.1",
    "'{code}' ({description}) is one language of the macrolanguage '{macro}' ({macro_description}). The registry "
    "says of '{macro}': \"{comment}\"",
    example="sr",
)
MEMBER = _m(
    "macrolanguage-member",
    INFO,
    "RFC 5646 §4.1.1",
    "'{code}' ({description}) is one language of the macrolanguage '{macro}'. Much content and software uses "
    "'{macro}' instead; both are valid",
    example="cmn",
)
GRANDFATHERED = _m(
    "grandfathered",
    INFO,
    "RFC 5646 §2.2.8",
    "'{tag}' ({description}) is a grandfathered tag: valid as a whole, but it has no modern replacement "
    "and cannot be extended",
    example="i-default",
)
GRANDFATHERED_DEPRECATED = _m(
    "grandfathered",
    INFO,
    "RFC 5646 §2.2.8",
    "'{tag}' ({description}) is a grandfathered tag, deprecated since {date}: valid as a whole, but it has no modern "
    "replacement and cannot be extended",
    example="i-enochian",
)
UNREGISTERED_EXTENSION = _m(
    "unregistered-extension",
    W,
    "RFC 5646 §2.2.6, §3.7",
    "The singleton '{singleton}' is not in the Language Tag Extensions Registry (which holds {registered}); its "
    "subtags mean nothing defined yet. The tag stays valid",
    example="en-a-bbb",
)
CLDR_MISSING = _m(
    "cldr-missing",
    INFO,
    "RFC 6067 §2.1, RFC 6497 §2.2",
    "CLDR data is not loaded, so the keys and types of '-{singleton}-' were checked for syntax only",
    example="en-u-ca-gregory",
)
LETTER_CASE = _m(
    "letter-case",
    INFO,
    "RFC 5646 §2.1.1",
    "Case carries no meaning, but the convention is lowercase with a Titlecase script and an UPPERCASE region, so "
    "this is usually written '{fixed}'",
    "Use the conventional case",
    "EN-us",
)
LETTER_CASE_TAG = _m(
    "letter-case",
    INFO,
    "RFC 5646 §2.1.1",
    "The registry writes this tag '{fixed}'",
    "Use the registry's case",
    "I-KLINGON",
)

# -------------------------------------------------------------- -u- and -t- (cldr.py)
_CLDR = (
    ("unknown-u-key", E, "RFC 6067 §2.1, UTS #35 §3.6.1", "en-u-zz-abc"),
    ("deprecated-u-key", W, "UTS #35 §3.6.4", "en-u-vt-0020"),
    ("unknown-u-type", E, "RFC 6067 §2.1, UTS #35 §3.6.1", "en-u-ca-xyzzy"),
    ("true-type", INFO, "UTS #35 §3.2.1", "en-u-kn-true"),
    ("bad-u-value", E, "RFC 6067 §2.1, UTS #35 §3.6.1", "en-u-rg-abc"),
    ("deprecated-u-type", W, "UTS #35 §3.6.4", "en-u-ca-islamicc"),
    ("legacy-u-type", E, "UTS #35 §3.6.4, Annex C", "en-u-ms-imperial"),
    ("unknown-t-key", E, "RFC 6497 §2.2, UTS #35 §3.7", "en-t-q0-abc"),
    ("unknown-t-value", E, "RFC 6497 §2.2, UTS #35 §3.7", "en-t-m0-xyzzy"),
    ("deprecated-t-value", W, "UTS #35 §3.7", None),  # CLDR 48 deprecates no -t- value
    ("legacy-t-value", E, "UTS #35 §3.7, Annex C", "en-t-m0-names"),
    ("unlisted-t-subfield", INFO, "UTS #35 §3.7", "en-t-m0-ungegn-2007"),
)
CLDR = {code: _m(code, sev, section, None, example=example) for code, sev, section, example in _CLDR}

# ------------------------------------------------------- the Unicode verdict (uts35_validity.py)
# Findings that make a tag not a valid Unicode BCP 47 locale identifier (UTS #35 §3.2, §3.6) while
# leaving RFC 5646 §2.2.9 validity alone. uts35_validity.py gives them; check() does not.
UNICODE_EXTLANG = _m(
    "unicode-extlang",
    E,
    "UTS #35 §3.3",
    "Unicode locale identifiers have no extlang subtags; the Unicode form replaces '{pair}' with the extlang's "
    "Preferred-Value '{preferred}' (RFC 5646 §4.5 step 3, as UTS #35 Annex C asks)",
    "Replace '{pair}' with '{preferred}'",
    "zh-yue-HK",
)
UNICODE_EXTLANG_UNKNOWN = _m(
    "unicode-extlang",
    E,
    "UTS #35 §3.3",
    "Unicode locale identifiers have no extlang subtags, and '{pair}' has no one Preferred-Value to replace it with",
    example="en-USA",
)
UNICODE_GRANDFATHERED = _m(
    "unicode-grandfathered",
    E,
    "UTS #35 §3.3",
    "A grandfathered tag is not a valid Unicode locale identifier; CLDR's languageAlias replaces it with {fixed}",
    "Use CLDR's replacement",
    "i-klingon",
)
UNICODE_PRIVATEUSE_TAG = _m(
    "unicode-privateuse-tag",
    E,
    "UTS #35 §3.3",
    "A Unicode locale identifier starts with a language subtag, so a private-use tag is written '{fixed}'",
    "Put 'und' in front",
    "x-whatever",
)
UNICODE_U_KEY = _m(
    "unicode-u-key",
    E,
    "UTS #35 §3.2",
    "'{key}' is not a -u- key of UTS #35, where a key is a letter or digit followed by a letter (narrower than "
    "RFC 6067's two letters or digits, so that -u- and -t- keys never look alike)",
    example="en-u-c0",
)
UNICODE_DUPLICATE_KEY = _m(
    "unicode-duplicate-key",
    E,
    "UTS #35 §3.2",
    "The -{singleton}- key '{key}' appears more than once; UTS #35 calls that ill-formed (BCP 47 only ignores the "
    "later one)",
    "Remove the later '{key}'",
    "en-u-ca-buddhist-ca-islamic",
)
UNICODE_DUPLICATE_T_VARIANT = _m(
    "unicode-duplicate-t-variant",
    E,
    "UTS #35 §3.2",
    "The variant '{code}' appears twice in the source language of the -t- extension",
    "Remove the second '{code}'",
    "de-t-en-emodeng-emodeng",
)
SD_OUTSIDE_REGION = _m(
    "sd-outside-region",
    E,
    "UTS #35 §3.6.5",
    "The subdivision '{value}' lies outside the tag's region '{region}': with both, the subdivision code must "
    "start with the region code",
    example="en-GB-u-sd-usca",
)
RG_NOT_REGULAR = _m(
    "rg-not-regular",
    E,
    "UTS #35 §3.6.1",
    "'{value}' is not a valid -u-rg value: {why}",
    "Replace '{value}' with '{hint}'",
    "en-u-rg-suzzzz",
)
#: Codes whose errors make a tag not a valid Unicode locale id but leave RFC 5646 §2.2.9 validity alone:
#: everything about the content of -u- and -t- (CLDR's data and the extensions' own syntax), and the
#: Unicode verdict's own findings. The source language of -t- is judged here too (see judged_by_uts35).
UTS35_CODES = frozenset({
    "unknown-u-key", "unknown-u-type", "legacy-u-type", "legacy-t-value",
    "bad-u-value", "unknown-t-key", "unknown-t-value", "missing-t-value",
    "bad-t-lang", "bad-t-subtag", "empty-t-field", "unicode-extlang", "unicode-grandfathered",
    "unicode-privateuse-tag", "unicode-u-key", "unicode-duplicate-key", "unicode-duplicate-t-variant",
    "sd-outside-region", "rg-not-regular",
})  # fmt: skip
_T_SOURCE_CODES = frozenset(m.code for m in UNKNOWN_T.values())


def judged_by_uts35(d: Diagnostic, first_singleton: int | None) -> bool:
    """Tell whether the error *d* belongs to the Unicode verdict (UTS #35) and not to RFC 5646 §2.2.9 validity.

    *first_singleton*: where the first extension starts (None: none); an unknown subtag after it is in
    the -t- source language, which RFC 5646 §2.2.9 does not judge."""
    code = d.code
    if code in UTS35_CODES:
        return True
    return first_singleton is not None and d.start > first_singleton and code in _T_SOURCE_CODES


# ------------------------------------------------------------------------------ index
TABLE: tuple[Message, ...] = (
    tuple(v for v in globals().values() if isinstance(v, Message))
    + tuple(
        m
        for d in (DUPLICATE, SUBTAG_TOO_LONG, AFTER, UNKNOWN, UNKNOWN_T, DEPRECATED, DEPRECATED_NO_REPLACEMENT)
        for m in d.values()
    )
    + tuple(m for d in (SPECIAL, PRIVATE_USE_SUBTAG, CLDR) for m in d.values())
)
BY_CODE: dict[str, tuple[Message, ...]] = {}
for _msg in TABLE:
    BY_CODE[_msg.code] = (*BY_CODE.get(_msg.code, ()), _msg)
del _msg


def severity_of(code: str) -> Severity:
    """Return the severity the table gives *code* (KeyError for a code the engine never gives)."""
    return BY_CODE[code][0].severity
