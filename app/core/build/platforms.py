"""Platforms' locale strings: read POSIX, Java, Android, Windows/.NET and Apple names as tags, and write them back.

Each reader takes the string a platform uses and returns a :class:`Reading`: the BCP 47 tag it stands for
(before canonicalization: the repair does that), the steps taken, what was guessed and the close
alternatives. Each writer takes a valid tag and returns a :class:`PlatformForm`: the platform's string and
what it cannot carry. Every mapping follows the platform's own documentation; where it leaves room, the
reading taken is said here, in the step text and in a test:

- **POSIX / glibc** (``language[_territory][.codeset][@modifier]``, the glibc manual and ``locale -a``): the
  codeset is dropped; ``@latin``, ``@cyrillic``, ``@devanagari`` and ``@iqtelif`` are scripts, ``@valencia``
  a variant, ``@euro`` says only that the currency is the euro (dropped, said); ``en_US_POSIX`` and ``C`` /
  ``POSIX`` are ``en-US-u-va-posix`` (UTS #35's POSIX variant; ``und`` is offered for "no locale"). Written
  back as ``ll_RR.UTF-8`` with a modifier where glibc has one; ``-u-`` and other scripts have no place.
- **Java** (``java.util.Locale``: ``toString`` and ``toLanguageTag``): ``ll_CC_VARIANT_#Script-extensions``; the
  three compatibility locales ``ja_JP_JP`` → ``ja-JP-u-ca-japanese``, ``th_TH_TH`` → ``th-TH-u-nu-thai``,
  ``no_NO_NY`` → ``nn-NO``; a variant that is not a BCP 47 variant goes to ``-x-lvariant-`` as Java does.
  The old currency variants ``PREEURO`` and ``EURO`` (``de_DE_PREEURO``, ``es_ES_EURO``: JDK 1.x and ICU locale
  IDs) are read as ICU's legacy canonicalization reads them, a currency: ``PREEURO`` is the country's currency
  before the euro (``de_DE_PREEURO`` → ``de-DE-u-cu-dem``, ``de-DE`` offered), ``EURO`` the euro, which is these
  countries' currency anyway (``es_ES_EURO`` → ``es-ES``, ``es-ES-u-cu-eur`` offered, as glibc's ``@euro``).
  Java's own ``toLanguageTag`` keeps ``PREEURO`` as a variant (``de-DE-preeuro``: well-formed, but no
  registered variant, so not valid) and ``EURO`` as ``-x-lvariant-euro``: said in a note.
  The old codes ``iw``, ``in``, ``ji`` (what ``Locale`` returned before Java 17) are read as ``he``, ``id``, ``yi``.
- **Android** (resource qualifiers): ``values-ll-rRR`` (two-letter codes only) and ``b+ll+Ssss+RR+variant``
  (BCP 47, API 24+); written with ``b+`` as soon as the language has three letters or a script, a
  numeric region, a variant or an extension is present.
- **Windows / .NET** (culture names, sort order identifiers): ``zh-CHS`` / ``zh-CHT`` are ``zh-Hans`` / ``zh-Hant``;
  the sort suffixes ``_tradnl``, ``_phoneb``, ``_stroke``, ``_radstr``, ``_pronun`` are ``-u-co-`` types
  (``trad``, ``phonebk``, ``stroke``, ``unihan``, ``zhuyin``); ``_technl`` and ``_modern`` have no CLDR
  collation (dropped, said); the pseudo-locales ``qps-ploc`` and ``qps-plocm`` are read as CLDR's
  pseudo-locales ``en-XA`` (accents) and ``ar-XB`` (bidi), ``qps-ploca`` as private use ``qps-x-ploca``.
- **Apple** (``.lproj`` folders): the folder name without ``.lproj``, ``_`` read as ``-``; the legacy English
  names (``English``, ``Japanese``, ``French``...) are the language; ``Base.lproj`` is no language.
- **ICU** (written only): the ICU locale ID, with ``@keywords`` for ``-u-`` (``de_DE@collation=phonebook``).

>>> read_posix("sr_RS@latin").tag, read_java("ja_JP_JP").tag, read_android("values-b+sr+Latn").tag
('sr-Latn-RS', 'ja-JP-u-ca-japanese', 'sr-Latn')
>>> read_windows("es-ES_tradnl").tag, read_apple("English.lproj").tag
('es-ES-u-co-trad', 'en')
>>> write_android("sr-Latn-RS").text, write_android("pt-BR").text, write_windows("de-DE-u-co-phonebk").text
('values-b+sr+Latn+RS', 'values-pt-rBR', 'de-DE_phoneb')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cldr.ldml import bcp47_to_legacy
from ..grammar.syntax import WELL_FORMED

if TYPE_CHECKING:
    from ..cldr.model import CldrData

__all__ = [
    "PLATFORMS",
    "PlatformForm",
    "Reading",
    "PLATFORM_LABELS",
    "detect",
    "platform_forms",
    "read_android",
    "read_apple",
    "read_java",
    "read_posix",
    "read_windows",
    "write_android",
    "write_apple",
    "write_icu",
    "write_java",
    "write_posix",
    "write_windows",
]


@dataclass(frozen=True, slots=True)
class Reading:
    """What a platform string stands for: a tag (None: no language), steps, guesses and close alternatives."""

    tag: str | None
    source: str
    steps: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    alternatives: tuple[tuple[str, str], ...] = ()  # (tag, reason)


@dataclass(frozen=True, slots=True)
class PlatformForm:
    """A tag written for one platform, and what that platform's form cannot carry."""

    platform: str
    text: str | None
    lost: tuple[str, ...] = ()


# ----------------------------------------------------------------------------------------------- tag pieces
@dataclass(slots=True)
class _Parts:
    language: str
    script: str = ""
    region: str = ""
    variants: tuple[str, ...] = ()
    extensions: str = ""  # '-u-...' and the rest, lowercase, with the leading '-'

    def tag(self) -> str:
        out = [self.language]
        if self.script:
            out.append(self.script)
        if self.region:
            out.append(self.region)
        out.extend(self.variants)
        return "-".join(out) + self.extensions


def _split(tag: str) -> _Parts | None:
    """Return the pieces of a well-formed langtag (no extlang), or None."""
    m = WELL_FORMED.fullmatch(tag)
    if m is None or m.group(1) is None or m.group(2):
        return None
    g = m.groups()
    variants = tuple(v for v in (g[4] or "").split("-") if v)
    rest = tag[m.end(5) if g[4] else (m.end(4) if g[3] else (m.end(3) if g[2] else m.end(1))) :]
    return _Parts(
        g[0].lower(), (g[2] or "").title(), (g[3] or "").upper(), tuple(v.lower() for v in variants), rest.lower()
    )


def _u_keywords(ext: str) -> tuple[dict[str, str], str]:
    """Return the -u- keywords of *ext* (key -> type) and the extensions other than -u-."""
    parts = ext.strip("-").split("-") if ext else []
    keys: dict[str, str] = {}
    other: list[str] = []
    i = 0
    while i < len(parts):
        if parts[i] == "u":
            i += 1
            while i < len(parts) and len(parts[i]) != 1:
                if len(parts[i]) == 2:
                    key, values = parts[i], []
                    i += 1
                    while i < len(parts) and len(parts[i]) > 2:
                        values.append(parts[i])
                        i += 1
                    keys.setdefault(key, "-".join(values))
                else:
                    i += 1
        else:
            other.append(parts[i])
            i += 1
    return keys, ("-" + "-".join(other)) if other else ""


# ----------------------------------------------------------------------------------------------- POSIX
#: glibc's locale modifiers that name a script or a variant (glibc's localedata/SUPPORTED).
POSIX_SCRIPTS = {"latin": "Latn", "cyrillic": "Cyrl", "devanagari": "Deva", "iqtelif": "Latn"}
POSIX_VARIANTS = {"valencia": "valencia"}
_POSIX = re.compile(r"(?P<lang>[A-Za-z]{2,8})(?:_(?P<region>[A-Za-z]{2}|[0-9]{3}))?(?:_(?P<var>POSIX))?"
                    r"(?:\.(?P<codeset>[A-Za-z0-9_-]+))?(?:@(?P<mod>[A-Za-z0-9_-]+))?")  # fmt: skip


def read_posix(text: str) -> Reading:
    """Read a POSIX / glibc locale name (``de_DE.UTF-8``, ``sr_RS@latin``, ``C``) as a tag."""
    source = "POSIX locale name (glibc: language_territory.codeset@modifier)"
    if text in ("C", "POSIX") or text.startswith(("C.", "POSIX.")):
        return Reading(
            "en-US-u-va-posix",
            source,
            (f"'{text}' is the POSIX locale, which CLDR and ICU call en_US_POSIX: en-US-u-va-posix (UTS #35)",),
            ("The C locale is no language in particular; 'und' says that instead.",),
            (("und", "the C locale as 'no particular language'"),),
        )
    m = _POSIX.fullmatch(text)
    if m is None:
        return Reading(None, source, (), (f"'{text}' is not a POSIX locale name",))
    steps: list[str] = []
    notes: list[str] = []
    parts = _Parts(m["lang"].lower(), region=(m["region"] or "").upper())
    if m["codeset"]:
        steps.append(f"the codeset '.{m['codeset']}' is dropped: a language tag says nothing about encoding")
    if m["var"]:
        parts.extensions = "-u-va-posix"
        steps.append("the variant 'POSIX' is UTS #35's POSIX variant: -u-va-posix")
    mod = (m["mod"] or "").lower()
    if mod in POSIX_SCRIPTS:
        parts.script = POSIX_SCRIPTS[mod]
        steps.append(f"the modifier '@{mod}' names the script {parts.script}")
    elif mod in POSIX_VARIANTS:
        parts.variants = (POSIX_VARIANTS[mod],)
        steps.append(f"the modifier '@{mod}' is the variant '{mod}'")
    elif mod == "euro":
        steps.append("the modifier '@euro' is dropped: it only chose the euro as currency")
        notes.append("'@euro' chose the euro as the currency; -u-cu-eur would say so, if that matters.")
    elif mod:
        notes.append(f"The modifier '@{mod}' has no BCP 47 meaning this tool knows; it was dropped.")
    return Reading(parts.tag(), source, tuple(steps), tuple(notes))


def write_posix(tag: str) -> PlatformForm:
    """Write a tag as a glibc locale name (``ll_RR.UTF-8[@modifier]``), with what it loses."""
    p = _split(tag)
    if p is None:
        return PlatformForm("posix", None, ("only a language tag with a primary language has a POSIX form",))
    lost: list[str] = []
    keys, other = _u_keywords(p.extensions)
    if keys == {"va": "posix"} and not other and p.language == "en" and p.region == "US" and not p.script:
        return PlatformForm("posix", "en_US_POSIX", ("glibc calls this locale 'C' or 'POSIX'",))
    mod = ""
    if p.script:
        back = {v: k for k, v in POSIX_SCRIPTS.items() if k != "iqtelif"}
        if p.script in back:
            mod = "@" + back[p.script]
        else:
            lost.append(f"the script {p.script} (glibc has no modifier for it)")
    for v in p.variants:
        if v in POSIX_VARIANTS and not mod:
            mod = "@" + v
        else:
            lost.append(f"the variant {v}")
    if p.region.isdigit():
        lost.append(f"the region {p.region} (glibc's territories are ISO 3166 countries)")
    if p.extensions:
        lost.append(f"the extensions {p.extensions[1:]} (POSIX has no place for -u- or -t-)")
    region = f"_{p.region}" if p.region and not p.region.isdigit() else ""
    return PlatformForm("posix", f"{p.language}{region}.UTF-8{mod}", tuple(lost))


# ----------------------------------------------------------------------------------------------- Java
#: Java's old language codes (what Locale gave before Java 17) and the registry's current ones.
OLD_CODES = {"iw": "he", "in": "id", "ji": "yi"}
#: java.util.Locale's three compatibility locales (the Locale class documentation).
JAVA_SPECIAL = {
    "ja_JP_JP": ("ja-JP-u-ca-japanese", "Japanese imperial calendar"),
    "th_TH_TH": ("th-TH-u-nu-thai", "Thai digits"),
    "no_NO_NY": ("nn-NO", "Norwegian Nynorsk"),
}
_JAVA = re.compile(
    r"(?P<lang>[A-Za-z]{2,8})?(?:_(?P<region>[A-Za-z]{2}|[0-9]{3})?)?(?:_(?P<var>[A-Za-z0-9_]+?))?"
    r"(?:_?#(?:(?P<script>[A-Za-z]{4})(?:-(?P<ext>[A-Za-z0-9-]+))?|(?P<ext2>[A-Za-z0-9-]+)))?"
)
_BCP47_VARIANT = re.compile(r"[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}")
#: The currencies the euro replaced (ISO 4217), for the variant PREEURO of ICU's and the old JDK's locale IDs.
PRE_EURO_CURRENCIES = {
    "AT": "ats", "BE": "bef", "DE": "dem", "ES": "esp", "FI": "fim", "FR": "frf", "GR": "grd", "IE": "iep",
    "IT": "itl", "LU": "luf", "NL": "nlg", "PT": "pte",
}  # fmt: skip


def read_java(text: str) -> Reading:
    """Read a ``java.util.Locale`` string (``toString``: ``sr_BA_#Latn``, ``ja_JP_JP``) as a tag."""
    source = "Java Locale string (java.util.Locale.toString)"
    m = _JAVA.fullmatch(text)
    base = text.partition("_#")[0]
    special = JAVA_SPECIAL.get(base)
    if special is not None and (base == text or special[0].endswith(text.partition("#")[2])):
        # toString since Java 7 writes the extension too: ja_JP_JP_#u-ca-japanese is the same locale.
        return Reading(
            special[0],
            source,
            (f"'{text}' is one of java.util.Locale's compatibility locales: {special[0]} ({special[1]})",),
        )
    if m is None or not m["lang"]:
        return Reading(None, source, (), (f"'{text}' is not a Java locale string",))
    steps: list[str] = []
    parts = _Parts(m["lang"].lower(), (m["script"] or "").title(), (m["region"] or "").upper())
    if parts.language in OLD_CODES:
        steps.append(f"'{parts.language}' is Java's old code for '{OLD_CODES[parts.language]}'")
        parts.language = OLD_CODES[parts.language]
    if m["script"]:
        steps.append(f"'#{m['script']}' is the script {parts.script}")
    ext = ""
    notes: list[str] = []
    alternatives: list[tuple[str, str]] = []
    if m["var"] and m["var"].upper() in ("PREEURO", "EURO"):
        var = m["var"].upper()
        plain = parts.tag()
        currency = PRE_EURO_CURRENCIES.get(parts.region) if var == "PREEURO" else "eur"
        if var == "PREEURO" and currency is not None:
            parts.extensions = f"-u-cu-{currency}"
            steps.append(
                f"the variant 'PREEURO' asks for the currency before the euro: '{currency.upper()}' in "
                f"{parts.region}, -u-cu-{currency} (ICU's legacy canonicalization)"
            )
            alternatives.append((plain, "the locale without the old currency"))
        elif var == "PREEURO":
            where = parts.region or "a locale without a region"
            steps.append(f"the variant 'PREEURO' is dropped: {where} had no currency the euro replaced")
        else:
            steps.append("the variant 'EURO' is dropped: it only chose the euro as currency")
            alternatives.append((f"{plain}-u-cu-eur", "the euro said as the currency"))
        if _BCP47_VARIANT.fullmatch(m["var"]):
            java = f"{plain}-{m['var'].lower()}"
            notes.append(
                f"Java's toLanguageTag keeps '{m['var']}' as a variant ({java}), which is well-formed but not "
                "valid: no such variant is registered."
            )
        else:
            java = f"{plain}-x-lvariant-{m['var'].lower()}"
            notes.append(f"Java's toLanguageTag writes '{m['var']}' as private use ({java}).")
        return Reading(parts.tag(), source, tuple(steps), tuple(notes), tuple(alternatives))
    if m["var"]:
        kept = [v for v in m["var"].split("_") if v]
        if all(_BCP47_VARIANT.fullmatch(v) for v in kept):
            parts.variants = tuple(v.lower() for v in kept)
        else:
            ext = "-x-lvariant-" + "-".join(v.lower() for v in kept)
            steps.append(f"the variant '{m['var']}' is not a BCP 47 variant: Java's toLanguageTag writes {ext[1:]}")
    if m["ext"] or m["ext2"]:
        parts.extensions = "-" + (m["ext"] or m["ext2"]).lower()
    parts.extensions += ext
    return Reading(parts.tag(), source, tuple(steps))


def write_java(tag: str) -> PlatformForm:
    """Write a tag as ``java.util.Locale.toString()`` does (``sr_BA_#Latn``), with what older Java loses."""
    p = _split(tag)
    if p is None:
        return PlatformForm("java", None, ("only a language tag with a primary language has a Java form",))
    for special, (bcp, _what) in JAVA_SPECIAL.items():
        if tag == bcp and "-u-" in bcp:  # nn-NO is nn_NO: only toLanguageTag maps no_NO_NY to it
            # Locale.forLanguageTag gives the compatibility locale; toString adds the extension since Java 7.
            return PlatformForm("java", f"{special}_#u-{bcp.partition('-u-')[2]}")
    lost: list[str] = []
    head = p.language
    if p.region or p.variants:
        head += "_" + p.region
    if p.variants:
        head += "_" + "_".join(p.variants)
    tail = ""
    if p.script or p.extensions:
        tail = "_#" + p.script + (p.extensions if p.script else p.extensions[1:])
        lost.append(
            "the part after '#' (script and extensions) exists only in Locale.toString since Java 7: "
            "new Locale(language, country, variant) cannot carry it; use Locale.forLanguageTag"
        )
    old = {v: k for k, v in OLD_CODES.items()}
    if p.language in old:
        lost.append(f"Java before 17 writes '{p.language}' as its old code '{old[p.language]}'")
    return PlatformForm("java", head + tail, tuple(lost))


# ----------------------------------------------------------------------------------------------- Android
_ANDROID_OLD = re.compile(r"(?P<lang>[A-Za-z]{2,3})(?:-r(?P<region>[A-Za-z]{2}))?")


def read_android(text: str) -> Reading:
    """Read an Android resource qualifier (``values-pt-rBR``, ``values-b+sr+Latn``, ``in-rID``) as a tag."""
    source = "Android resource qualifier"
    q = text.removeprefix("values-").removeprefix("res/values-").strip("/")
    steps: list[str] = []
    if q.lower().startswith("b+"):
        pieces = [s for s in q[2:].split("+") if s]
        if not pieces:
            return Reading(None, source, (), (f"'{text}' has no language after 'b+'",))
        steps.append("'b+' introduces a BCP 47 tag with '+' between subtags (API 24+)")
        tag = "-".join(pieces)
    else:
        m = _ANDROID_OLD.fullmatch(q)
        if m is None:
            return Reading(None, source, (), (f"'{text}' is not an Android language qualifier",))
        tag = m["lang"].lower() + (f"-{m['region'].upper()}" if m["region"] else "")
        if m["region"]:
            steps.append(f"'r{m['region']}' is the region {m['region'].upper()}")
    lang = tag.split("-")[0].lower()
    if lang in OLD_CODES:
        steps.append(f"'{lang}' is the old code Android's resources used for '{OLD_CODES[lang]}'")
        tag = OLD_CODES[lang] + tag[len(lang) :]
    return Reading(tag, source, tuple(steps))


def write_android(tag: str) -> PlatformForm:
    """Write a tag as an Android resource qualifier: ``values-ll-rRR`` when that can hold it, else ``b+``."""
    p = _split(tag)
    if p is None:
        return PlatformForm("android", None, ("only a language tag with a primary language has an Android form",))
    lost: list[str] = []
    simple = len(p.language) == 2 and not p.script and not p.variants and not p.extensions
    if simple and (not p.region or p.region.isalpha()):
        text = "values-" + p.language + (f"-r{p.region}" if p.region else "")
    else:
        text = "values-b+" + tag.replace("-", "+")
        lost.append("the 'b+' form needs Android 7.0 (API 24) or later; older versions ignore the folder")
    old = {v: k for k, v in OLD_CODES.items()}
    if p.language in old:
        lost.append(f"Android before 7.0 looks for '{old[p.language]}' (values-{old[p.language]}): ship both")
    return PlatformForm("android", text, tuple(lost))


# ----------------------------------------------------------------------------------------------- Windows
#: Windows sort order identifiers ("Sort Order Identifiers", NLS docs) and their CLDR collations (-u-co-).
WINDOWS_SORTS = {"tradnl": "trad", "phoneb": "phonebk", "stroke": "stroke", "radstr": "unihan", "pronun": "zhuyin"}
WINDOWS_SORTS_WITHOUT_CLDR = {"technl": "Hungarian technical sort", "modern": "Georgian modern sort"}
WINDOWS_LEGACY_SCRIPTS = {"chs": "Hans", "cht": "Hant"}
#: Windows' pseudo-locales and the CLDR pseudo-locales made for the same test (None: none).
WINDOWS_PSEUDO = {
    "qps-ploc": ("en-XA", "Windows' base pseudo-locale (accented text) is CLDR's en-XA, Pseudo-Accents"),
    "qps-plocm": ("ar-XB", "Windows' mirrored pseudo-locale (right to left) is CLDR's ar-XB, Pseudo-Bidi"),
    "qps-ploca": (None, "Windows' East Asian pseudo-locale has no CLDR counterpart"),
}


def read_windows(text: str) -> Reading:
    """Read a Windows / .NET culture or sort name (``zh-CHS``, ``es-ES_tradnl``, ``qps-ploc``) as a tag."""
    source = "Windows/.NET culture name"
    low = text.lower()
    if low in WINDOWS_PSEUDO:
        target, why = WINDOWS_PSEUDO[low]
        private = f"qps-x-{low[4:]}"
        if target is None:
            return Reading(private, source, (f"{why}: kept as private use, {private}",))
        return Reading(target, source, (why,), (), ((private, "kept as Windows' own private-use pseudo-locale"),))
    name, _, sort = text.partition("_")
    steps: list[str] = []
    notes: list[str] = []
    subtags = name.split("-")
    if len(subtags) >= 2 and subtags[1].lower() in WINDOWS_LEGACY_SCRIPTS:
        script = WINDOWS_LEGACY_SCRIPTS[subtags[1].lower()]
        steps.append(f"'{subtags[1]}' is .NET's old name of Chinese in the script {script}")
        subtags[1] = script
    tag = "-".join(subtags)
    if sort:
        s = sort.lower()
        if s in WINDOWS_SORTS:
            tag += f"-u-co-{WINDOWS_SORTS[s]}"
            steps.append(f"the sort '_{sort}' is the CLDR collation '{WINDOWS_SORTS[s]}': -u-co-{WINDOWS_SORTS[s]}")
        elif s in WINDOWS_SORTS_WITHOUT_CLDR:
            notes.append(f"'_{sort}' ({WINDOWS_SORTS_WITHOUT_CLDR[s]}) has no CLDR collation; it was dropped.")
        else:
            notes.append(f"'_{sort}' is not a Windows sort name this tool knows; it was dropped.")
    return Reading(tag, source, tuple(steps), tuple(notes))


def write_windows(tag: str) -> PlatformForm:
    """Write a tag as a Windows / .NET culture name (with a sort suffix for a collation Windows has)."""
    p = _split(tag)
    if p is None:
        return PlatformForm("windows", None, ("only a language tag with a primary language has a Windows form",))
    for pseudo, (target, _why) in WINDOWS_PSEUDO.items():
        if target == tag:
            return PlatformForm("windows", pseudo)
    keys, other = _u_keywords(p.extensions)
    lost: list[str] = []
    back = {v: k for k, v in WINDOWS_SORTS.items()}
    sort = ""
    co = keys.pop("co", None)
    if co is not None and co in back:
        sort = "_" + back[co]
    elif co is not None:
        lost.append(f"the collation {co} (Windows has no sort name for it)")
    if keys:
        lost.append("the -u- keywords " + ", ".join(f"{k}-{v}" for k, v in keys.items()))
    if other:
        lost.append(f"the extensions {other[1:]}")
    base = _Parts(p.language, p.script, p.region, p.variants).tag()
    return PlatformForm("windows", base + sort, tuple(lost))


# ----------------------------------------------------------------------------------------------- Apple
#: The legacy English .lproj names (Apple's Internationalization and Localization Guide, "Language IDs").
APPLE_LEGACY = {
    "english": "en", "french": "fr", "german": "de", "italian": "it", "japanese": "ja", "spanish": "es",
    "dutch": "nl", "swedish": "sv", "danish": "da", "finnish": "fi", "norwegian": "nb", "portuguese": "pt",
    "korean": "ko", "russian": "ru", "polish": "pl", "chinese": "zh",
}  # fmt: skip


def read_apple(text: str) -> Reading:
    """Read an Apple ``.lproj`` folder name (``pt-BR.lproj``, ``English.lproj``, ``Base.lproj``) as a tag."""
    source = "Apple .lproj folder"
    name = text.strip("/").rsplit("/", 1)[-1].removesuffix(".lproj")
    if name.lower() == "base":
        return Reading(None, source, (), ("'Base.lproj' holds the base internationalization, no language.",))
    legacy = APPLE_LEGACY.get(name.lower())
    if legacy is not None:
        return Reading(legacy, source, (f"'{name}.lproj' is Apple's legacy English name for '{legacy}'",))
    steps = ("'_' in an .lproj name is read as '-'",) if "_" in name else ()
    return Reading(name.replace("_", "-"), source, steps)


def write_apple(tag: str) -> PlatformForm:
    """Write a tag as an Apple ``.lproj`` folder name (no extensions)."""
    p = _split(tag)
    if p is None:
        return PlatformForm("apple", None, ("only a language tag with a primary language has an .lproj folder",))
    lost = (f"the extensions {p.extensions[1:]} (a folder name holds language, script and region)",)
    base = _Parts(p.language, p.script, p.region, p.variants).tag()
    return PlatformForm("apple", f"{base}.lproj", lost if p.extensions else ())


# ----------------------------------------------------------------------------------------------- detection
PLATFORMS = ("posix", "java", "android", "windows", "apple")
READERS: dict[str, Callable[[str], Reading]] = {
    "posix": read_posix,
    "java": read_java,
    "android": read_android,
    "windows": read_windows,
    "apple": read_apple,
}
WRITERS: dict[str, Callable[[str], PlatformForm]] = {
    "posix": write_posix,
    "java": write_java,
    "android": write_android,
    "windows": write_windows,
    "apple": write_apple,
}
_ANDROID_SHAPE = re.compile(r"(?:res/)?values-.+|[bB]\+.+|[A-Za-z]{2,3}-r[A-Z]{2}")
_WINDOWS_SHAPE = re.compile(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]+)*_[A-Za-z]{6}|zh-ch[st]|qps-ploc[am]?", re.IGNORECASE)
_JAVA_SHAPE = re.compile(r"[A-Za-z]{2,3}_[A-Za-z0-9]*_#.*|[A-Za-z]{2,3}_[A-Za-z0-9]{0,3}_[A-Za-z0-9_]+|.*_#[A-Za-z]{4}")


def detect(text: str) -> str | None:
    """Return the platform whose string *text* looks like, or None for a tag or a name.

    >>> [detect(t) for t in ("de_DE.UTF-8", "values-pt-rBR", "ja_JP_JP", "zh-CHS", "English.lproj", "en-US")]
    ['posix', 'android', 'java', 'windows', 'apple', None]
    """
    if text.lower().endswith(".lproj"):
        return "apple"
    if text in ("C", "POSIX") or "@" in text or re.fullmatch(r"[A-Za-z]{2,3}(?:_[A-Za-z]{2})?\.[A-Za-z0-9_-]+", text):
        return "posix"
    if text.endswith("_POSIX"):
        return "posix"
    if _ANDROID_SHAPE.fullmatch(text):
        return "android"
    if _WINDOWS_SHAPE.fullmatch(text):
        return "windows"
    if text in JAVA_SPECIAL or _JAVA_SHAPE.fullmatch(text):
        return "java"
    return None


#: How the UI and the CLI name each platform's form.
PLATFORM_LABELS = {
    "posix": "POSIX (glibc)",
    "java": "Java Locale",
    "android": "Android resources",
    "windows": "Windows/.NET",
    "apple": "Apple .lproj",
    "icu": "ICU locale ID",
}


def write_icu(tag: str, cldr: CldrData | None) -> PlatformForm:
    """Write a tag as an ICU locale ID: ``_`` between subtags, ``-u-`` keywords as ``@key=value``."""
    if cldr is None:
        return PlatformForm("icu", None, ("CLDR data is not loaded",))
    conv = bcp47_to_legacy(tag, cldr)
    return PlatformForm("icu", conv.result, tuple(conv.errors))


def platform_forms(tag: str, cldr: CldrData | None) -> list[PlatformForm]:
    """Return a valid canonical tag's form on every platform (:data:`PLATFORM_LABELS` order), with what each loses.

    >>> [f.text for f in platform_forms("sr-Latn-RS", None)][:5]
    ['sr_RS.UTF-8@latin', 'sr_RS_#Latn', 'values-b+sr+Latn+RS', 'sr-Latn-RS', 'sr-Latn-RS.lproj']
    """
    return [*(WRITERS[p](tag) for p in PLATFORMS), write_icu(tag, cldr)]
