"""Legacy LDML locale keywords (`de_DE@collation=phonebook`) to and from BCP 47 `-u-` subtags.

UTS #35 §3.6 maps each `-u-` key and type to a legacy keyword name and value, given by the
CLDR data (`_alias`): `co` is `collation`, `phonebk` is `phonebook`, `tz-uslax` is
`timezone=America/Los_Angeles`, `ca-gregory` is `calendar=gregorian`, and a key that takes
`true` (`kn`) is `colNumeric=yes`. Conversions never raise on user input: they return an
`LdmlConversion` whose `errors` say what is wrong, and whose `notes` say what changed.
The CLDR data is handed in.

>>> from bcp47_explorer.core.data import bundled_cldr
>>> cldr = bundled_cldr()
>>> legacy_to_bcp47("de_DE@collation=phonebook;currency=DDM", cldr).result
'de-DE-u-co-phonebk-cu-ddm'
>>> bcp47_to_legacy("de-DE-u-co-phonebk-cu-ddm", cldr).result
'de_DE@collation=phonebook;currency=DDM'
>>> legacy_to_bcp47("en_US@calendar=gregorian;colNumeric=yes;timezone=America/Los_Angeles", cldr).result
'en-US-u-ca-gregory-kn-tz-uslax'
>>> r = legacy_to_bcp47("de_DE@collation=telephone", cldr)
>>> r.result is None, r.errors[0][:65]
(True, "'telephone' is not a value of collation (-u- key 'co', Collation)")
"""

from __future__ import annotations

import re
from operator import attrgetter

from ..text.catalogue import _
from ..text.frozen import Frozen, _set
from ..text.lazy import lazy_pattern

TYPE_CHECKING = False  # typing's, without importing typing at run time (2 ms the first time a tag reads as LDML)

if TYPE_CHECKING:
    from .model import CldrData

__all__ = ["LdmlConversion", "legacy_to_bcp47", "bcp47_to_legacy"]


_language = lazy_pattern(r"[a-z]{2,3}|[a-z]{5,8}\Z")


_script = lazy_pattern(r"[a-z]{4}\Z")


_region = lazy_pattern(r"[a-z]{2}|[0-9]{3}\Z")


_variant = lazy_pattern(r"[0-9a-z]{5,8}|[0-9][0-9a-z]{3}\Z")


_key = lazy_pattern(r"[0-9a-z][a-z]\Z")


_type = lazy_pattern(r"[0-9a-z]{3,8}\Z")


_MAX_INPUT = 10_000  # a locale id is short; refuse to walk megabytes of pasted text


class LdmlConversion(Frozen):
    """The outcome of one conversion: the result (None on error), notes on what changed, and errors."""

    __slots__ = __match_args__ = ("input", "result", "notes", "errors")
    _compared = attrgetter(*__match_args__)

    input: str
    result: str | None
    notes: tuple[str, ...]
    errors: tuple[str, ...]

    def __init__(
        self, input: str, result: str | None, notes: tuple[str, ...] = (), errors: tuple[str, ...] = ()
    ) -> None:
        _set(self, "input", input)
        _set(self, "result", result)
        _set(self, "notes", notes)
        _set(self, "errors", errors)

    @property
    def ok(self) -> bool:
        """Tell whether the conversion succeeded."""
        return self.result is not None and not self.errors


class _LanguageId(Frozen):
    __slots__ = __match_args__ = ("language", "script", "region", "variants")
    _compared = attrgetter(*__match_args__)

    language: str
    script: str | None
    region: str | None
    variants: tuple[str, ...]

    def __init__(self, language: str, script: str | None, region: str | None, variants: tuple[str, ...]) -> None:
        _set(self, "language", language)
        _set(self, "script", script)
        _set(self, "region", region)
        _set(self, "variants", variants)


def _parse_language_id(parts: list[str], original: str, errors: list[str]) -> _LanguageId | None:
    """Parse `language [script] [region] variant*` from lowercase *parts* (UTS #35 §3.1)."""
    if not parts or parts[0] == "":
        errors.append(_("'{text}' has no language subtag").format(text=original))
        return None
    language, rest = parts[0], parts[1:]
    if language != "root" and not _language().match(language):
        errors.append(
            _("'{code}' in '{text}' is not a language subtag (2-3 or 5-8 letters, or 'root')").format(
                code=language, text=original
            )
        )
        return None
    script = region = None
    i = 0
    if i < len(rest) and _script().match(rest[i]):
        script, i = rest[i], i + 1
    if i < len(rest) and _region().match(rest[i]):
        region, i = rest[i], i + 1
    elif i + 1 < len(rest) and rest[i] == "" and rest[i + 1] != "":
        i += 1  # the legacy form keeps an empty region slot before variants: de__1901
    variants = []
    for sub in rest[i:]:
        if sub == "":
            errors.append(
                _("'{text}' has an empty subtag (two separators in a row, or one at the end)").format(text=original)
            )
            return None
        if not _variant().match(sub):
            errors.append(
                _(
                    "'{code}' in '{text}' is out of place or malformed: after the language come an "
                    "optional script (4 letters), region (2 letters or 3 digits) and variants "
                    "(5-8 letters or digits, or a digit and 3 more)"
                ).format(code=sub, text=original)
            )
            return None
        if sub in variants:
            errors.append(_("variant '{code}' appears twice in '{text}'").format(code=sub, text=original))
            return None
        variants.append(sub)
    return _LanguageId(language, script, region, tuple(variants))


def legacy_to_bcp47(text: str, cldr: CldrData) -> LdmlConversion:
    """Convert a locale id with legacy keywords (`de_DE@collation=phonebook`) to a BCP 47 tag.

    Keyword names and values may be the legacy ones or the BCP 47 ones, in any case. The
    keywords come out sorted by key (RFC 6067 §2.1.1), a `true` value is dropped (UTS #35
    canonical form), and the legacy variant POSIX becomes `-u-va-posix` (UTS #35 §3.6.1).

    >>> from bcp47_explorer.core.data import bundled_cldr
    >>> cldr = bundled_cldr()
    >>> legacy_to_bcp47("root", cldr).result, legacy_to_bcp47("en_US_POSIX", cldr).result
    ('und', 'en-US-u-va-posix')
    >>> legacy_to_bcp47("de@calendar", cldr).errors
    ("keyword 'calendar' has no '=value'",)
    """
    data = cldr
    notes: list[str] = []
    errors: list[str] = []
    if len(text) > _MAX_INPUT:
        return LdmlConversion(
            text, None, (), (_("the input is {count} characters long; a locale id is short").format(count=len(text)),)
        )
    src = text.strip()
    if src != text:
        notes.append(_("removed white space around the input"))
    if not src:
        return LdmlConversion(text, None, (), (_("the input is empty"),))
    if not src.isascii():
        bad = next(ch for ch in src if not ch.isascii())
        return LdmlConversion(
            text, None, (), (_("'{char}' is not an ASCII character; locale ids use only ASCII").format(char=bad),)
        )
    locale, at, keyword_text = src.partition("@")
    if "@" in keyword_text:
        return LdmlConversion(text, None, (), (_("more than one '@': a locale id has one keyword section"),))
    if locale == "":
        locale = "und"
        notes.append(_("no locale before '@': used 'und' (undetermined), as UTS #35 does for root"))
    if "_" in locale:
        notes.append(
            _("'{text}': '_' becomes '-' between subtags ({section})").format(text=locale, section="UTS #35 §3.1")
        )
    parts = re.split(r"[-_]", locale.lower())
    lang_id = _parse_language_id(parts, locale, errors)
    keywords: dict[str, tuple[str, ...]] = {}
    if lang_id is not None:
        if lang_id.language == "root":
            notes.append(_("'root' becomes 'und' ({section})").format(section="UTS #35 §3.3"))
            lang_id = _LanguageId("und", lang_id.script, lang_id.region, lang_id.variants)
        if "posix" in lang_id.variants:
            keywords["va"] = ("posix",)
            lang_id = _LanguageId(
                lang_id.language, lang_id.script, lang_id.region, tuple(v for v in lang_id.variants if v != "posix")
            )
            notes.append(_("the legacy variant POSIX becomes -u-va-posix ({section})").format(section="UTS #35 §3.6.1"))
    order: list[str] = []
    if at:
        pieces = keyword_text.split(";")
        if pieces and pieces[-1].strip() == "" and len(pieces) > 1:
            pieces.pop()
            notes.append(_("ignored the ';' at the end of the keywords"))
        for piece in pieces:
            _legacy_keyword(data, piece, keywords, order, notes, errors)
    if errors or lang_id is None:
        return LdmlConversion(text, None, tuple(notes), tuple(errors))
    if order != sorted(order):
        notes.append(_("keywords sorted by key, the canonical order of {section}").format(section="RFC 6067 §2.1.1"))
    out = [lang_id.language]
    if lang_id.script:
        out.append(lang_id.script.title())
    if lang_id.region:
        out.append(lang_id.region.upper())
    out.extend(lang_id.variants)
    if keywords:
        out.append("u")
        for key in sorted(keywords):
            out.append(key)
            out.extend(keywords[key])
    return LdmlConversion(text, "-".join(out), tuple(notes), ())


def _legacy_keyword(
    data: CldrData,
    piece: str,
    keywords: dict[str, tuple[str, ...]],
    order: list[str],
    notes: list[str],
    errors: list[str],
) -> None:
    """Convert one `name=value` of the keyword section into *keywords*."""
    name, eq, value = piece.partition("=")
    name, value = name.strip(), value.strip()
    if not name:
        errors.append(_("an empty keyword (';' with nothing before it, or '@' with nothing after it)"))
        return
    if not eq:
        errors.append(_("keyword '{keyword}' has no '=value'").format(keyword=name))
        return
    key = data.bcp47_key_for_legacy(name)
    if key is None:
        errors.append(
            _("'{keyword}' is not a legacy keyword or -u- key of CLDR {version}; known names: {names}").format(
                keyword=name,
                version=data.version,
                names=", ".join(sorted(data.legacy_key(k) or k for k in data.u_keys)),
            )
        )
        return
    k = data.u_keys[key]
    legacy = k.legacy_name or k.key
    if not value:
        errors.append(_("keyword '{keyword}' has an empty value").format(keyword=name))
        return
    if key in keywords:
        notes.append(
            _("ignored the second '{keyword}' keyword: only the first of a key counts ({section})").format(
                keyword=name, section="RFC 6067 §2.1"
            )
        )
        return
    bcp = data.bcp47_type_for_legacy(key, value)
    if bcp is None:
        shown = [t.legacy_name for t in k.sorted_types() if not t.deprecated] if key != "tz" else []
        help_text = k.value_help()
        fields = {"value": value, "legacy": legacy, "key": key, "name": k.name, "version": data.version}
        if help_text:
            template = _(
                "'{value}' is not a value of {legacy} (-u- key '{key}', {name}) in CLDR {version}; it takes {help}"
            )
        elif shown:
            template = _(
                "'{value}' is not a value of {legacy} (-u- key '{key}', {name}) in CLDR {version}; values: {values}"
            )
        else:
            template = _("'{value}' is not a value of {legacy} (-u- key '{key}', {name}) in CLDR {version}")
        errors.append(template.format(**fields, help=help_text, values=_short(sorted(shown))))
        return
    order.append(key)
    subtags = tuple(bcp.split("-"))
    written = f"{key}-{bcp}"
    if bcp == "true":
        subtags = ()
        written = key
        why = _("'{value}' is the legacy 'true', and UTS #35 drops '-true'").format(value=value)
    elif value == bcp:
        why = _("already in BCP 47 form")
    elif key == "tz":
        why = _("CLDR's short time-zone id for that IANA name")
    elif value.lower() == bcp:
        why = _("lowercase in BCP 47")
    else:
        why = _("CLDR's legacy name")
    if name != key:
        why = _("{reason}; '{keyword}' is the legacy name of key '{key}'").format(reason=why, keyword=name, key=key)
    notes.append(
        _("{keyword}={value} → {written} ({reason})").format(keyword=name, value=value, written=written, reason=why)
    )
    for p in data.check_u_keyword(key, subtags):
        if p.severity == "warning":
            notes.append(p.message)
    keywords[key] = subtags


def _short(names: list[str], limit: int = 10) -> str:
    shown = ", ".join(names[:limit])
    return _("{shown} … ({count} in all)").format(shown=shown, count=len(names)) if len(names) > limit else shown


def bcp47_to_legacy(tag: str, cldr: CldrData) -> LdmlConversion:
    """Convert a BCP 47 tag with `-u-` keywords to the legacy LDML form (`de_DE@collation=phonebook`).

    `und` alone becomes `root`; variants are written in capitals as ICU does (`ca_ES_VALENCIA`);
    `-u-va-posix` becomes the variant POSIX; keywords are sorted by legacy name. Other
    extensions, private use and `-u-` attributes have no legacy spelling and give an error.

    >>> from bcp47_explorer.core.data import bundled_cldr
    >>> cldr = bundled_cldr()
    >>> bcp47_to_legacy("und", cldr).result, bcp47_to_legacy("en-US-u-kn-tz-uslax", cldr).result
    ('root', 'en_US@colNumeric=yes;timezone=America/Los_Angeles')
    >>> bcp47_to_legacy("en-u-ca", cldr).errors[0][:48]
    "'ca' alone means 'ca-true', which is not a value"
    """
    data = cldr
    notes: list[str] = []
    errors: list[str] = []
    if len(tag) > _MAX_INPUT:
        return LdmlConversion(
            tag, None, (), (_("the input is {count} characters long; a language tag is short").format(count=len(tag)),)
        )
    src = tag.strip()
    if src != tag:
        notes.append(_("removed white space around the input"))
    if not src:
        return LdmlConversion(tag, None, (), (_("the input is empty"),))
    if not src.isascii() or not re.fullmatch(r"[A-Za-z0-9_-]+", src):
        bad = next(ch for ch in src if not (ch.isascii() and (ch.isalnum() or ch in "-_")))
        return LdmlConversion(
            tag,
            None,
            (),
            (_("'{char}' cannot appear in a language tag ({section})").format(char=bad, section="RFC 5646 §2.1"),),
        )
    if "_" in src:
        notes.append(_("read '_' as '-' ({section})").format(section="UTS #35 §3.1"))
    parts = re.split(r"[-_]", src.lower())
    first_singleton = next((i for i, p in enumerate(parts) if len(p) == 1), len(parts))
    lang_id = _parse_language_id(parts[:first_singleton], src, errors)
    keywords: dict[str, str] = {}
    rest = parts[first_singleton:]
    if rest:
        if rest[0] != "u":
            errors.append(
                _("private use (-x-) has no place in the legacy keyword syntax; only -u- keywords convert")
                if rest[0] == "x"
                else _(
                    "the -{singleton}- extension has no place in the legacy keyword syntax; only -u- keywords convert"
                ).format(singleton=rest[0])
            )
        else:
            _u_to_legacy(data, rest[1:], keywords, notes, errors)
    if errors or lang_id is None:
        return LdmlConversion(tag, None, tuple(notes), tuple(errors))
    variants = [v.upper() for v in lang_id.variants]
    if keywords.get("va") == "POSIX" or keywords.get("va") == "posix":
        del keywords["va"]
        variants.append("POSIX")
        notes.append(_("-u-va-posix becomes the legacy variant POSIX ({section})").format(section="UTS #35 §3.6.1"))
    bare = not (lang_id.script or lang_id.region or variants)
    if lang_id.language == "und" and bare:
        base = "root"
        notes.append(_("'und' alone becomes 'root' ({section})").format(section="UTS #35 §3.3"))
    else:
        pieces = [lang_id.language]
        if lang_id.script:
            pieces.append(lang_id.script.title())
        if lang_id.region:
            pieces.append(lang_id.region.upper())
        elif variants:
            pieces.append("")  # ICU keeps the empty region slot before variants: de__1901
        pieces.extend(variants)
        base = "_".join(pieces)
        if "-" in src or len(pieces) > 1:
            notes.append(_("subtags joined with '_', as the legacy form writes them"))
    if not keywords:
        return LdmlConversion(tag, base, tuple(notes), ())
    names = sorted(keywords, key=str.lower)
    if names != list(keywords):
        notes.append(_("keywords sorted by name, as ICU writes them"))
    body = ";".join(f"{n}={keywords[n]}" for n in names)
    return LdmlConversion(tag, f"{base}@{body}", tuple(notes), ())


def _u_to_legacy(
    data: CldrData, subtags: list[str], keywords: dict[str, str], notes: list[str], errors: list[str]
) -> None:
    """Convert the subtags after `u` into legacy keywords (name -> value)."""
    if not subtags:
        errors.append(_("'-u-' has no subtags after it"))
        return
    i = 0
    if _type().match(subtags[0]):
        attrs = []
        while i < len(subtags) and _type().match(subtags[i]):
            attrs.append(subtags[i])
            i += 1
        errors.append(
            _("-u- attributes ({attributes}) have no legacy keyword spelling").format(attributes=", ".join(attrs))
        )
        return
    seen: set[str] = set()
    while i < len(subtags):
        key = subtags[i]
        i += 1
        if len(key) == 1:
            errors.append(
                _("private use (-x-) has no place in the legacy keyword syntax; only -u- keywords convert")
                if key == "x"
                else _(
                    "the -{singleton}- extension has no place in the legacy keyword syntax; only -u- keywords convert"
                ).format(singleton=key)
            )
            return
        if not _key().match(key):
            errors.append(
                _("'{key}' is not a -u- key (a letter or digit, then a letter; {section})").format(
                    key=key, section="RFC 6067 §2.1"
                )
            )
            return
        types = []
        while i < len(subtags) and len(subtags[i]) > 2:
            if not _type().match(subtags[i]):
                errors.append(
                    _("'{code}' after '{key}' is not a type (3-8 letters or digits)").format(code=subtags[i], key=key)
                )
                return
            types.append(subtags[i])
            i += 1
        if key in seen:
            notes.append(
                _("ignored the second '{key}': only the first of a key counts ({section})").format(
                    key=key, section="RFC 6067 §2.1"
                )
            )
            continue
        seen.add(key)
        k = data.u_key(key)
        if k is None:
            errors.append(f"'{key}' is not a -u- key of CLDR {data.version}, so it has no legacy name")
            continue
        type_name = "-".join(types)
        value = data.legacy_type(key, type_name)
        if value is None:
            if not types:
                errors.append(f"'{key}' alone means '{key}-true', which is not a value of {k.name}")
            else:
                first = next((p for p in data.check_u_keyword(key, types) if p.severity == "error"), None)
                errors.append(first.message if first else f"'{type_name}' is not a type of '{key}'")
            continue
        name = k.legacy_name or k.key
        written = f"{key}-{type_name}" if types else key
        notes.append(f"{written} → {name}={value}")
        for p in data.check_u_keyword(key, types):
            if p.severity == "warning":
                notes.append(p.message)
        keywords[name] = value
