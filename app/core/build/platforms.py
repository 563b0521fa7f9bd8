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
from operator import attrgetter
from typing import TYPE_CHECKING

from ..cldr.ldml import bcp47_to_legacy
from ..grammar.syntax import WELL_FORMED
from ..text.catalogue import N_
from ..text.frozen import Frozen, _set
from ..text.lazy import lazy_pattern
from ..text.said import Said

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


class Reading(Frozen):
    """What a platform string stands for: a tag (None: no language), steps, guesses and close alternatives."""

    __slots__ = __match_args__ = ("tag", "source", "steps", "notes", "alternatives")
    _compared = attrgetter(*__match_args__)

    tag: str | None
    source: str
    steps: tuple[str, ...]
    notes: tuple[str, ...]
    alternatives: tuple[tuple[str, str], ...]  # (tag, reason)

    def __init__(
        self,
        tag: str | None,
        source: str,
        steps: tuple[str, ...] = (),
        notes: tuple[str, ...] = (),
        alternatives: tuple[tuple[str, str], ...] = (),
    ) -> None:
        _set(self, "tag", tag)
        _set(self, "source", source)
        _set(self, "steps", steps)
        _set(self, "notes", notes)
        _set(self, "alternatives", alternatives)


class PlatformForm(Frozen):
    """A tag written for one platform, and what that platform's form cannot carry."""

    __slots__ = __match_args__ = ("platform", "text", "lost")
    _compared = attrgetter(*__match_args__)

    platform: str
    text: str | None
    lost: tuple[str, ...]

    def __init__(self, platform: str, text: str | None, lost: tuple[str, ...] = ()) -> None:
        _set(self, "platform", platform)
        _set(self, "text", text)
        _set(self, "lost", lost)


# ----------------------------------------------------------------------------------------------- tag pieces
class _Parts:
    """The pieces of a tag a reader puts together (changed in place as the reading goes)."""

    __slots__ = ("extensions", "language", "region", "script", "variants")

    def __init__(
        self, language: str, script: str = "", region: str = "", variants: tuple[str, ...] = (), extensions: str = ""
    ) -> None:
        self.language = language
        self.script = script
        self.region = region
        self.variants = variants
        self.extensions = extensions  # '-u-...' and the rest, lowercase, with the leading '-'

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


_posix = lazy_pattern(r"(?P<lang>[A-Za-z]{2,8})(?:_(?P<region>[A-Za-z]{2}|[0-9]{3}))?(?:_(?P<var>POSIX))?"
                      r"(?:\.(?P<codeset>[A-Za-z0-9_-]+))?(?:@(?P<mod>[A-Za-z0-9_-]+))?")  # fmt: skip


def read_posix(text: str) -> Reading:
    """Read a POSIX / glibc locale name (``de_DE.UTF-8``, ``sr_RS@latin``, ``C``) as a tag."""
    source = Said(N_("POSIX locale name (glibc: {pattern})"), pattern="language_territory.codeset@modifier")
    if text in ("C", "POSIX") or text.startswith(("C.", "POSIX.")):
        return Reading(
            "en-US-u-va-posix",
            source,
            (
                Said(
                    N_("'{text}' is the POSIX locale, which CLDR and ICU call {icu}: {tag} (UTS #35)"),
                    text=text,
                    icu="en_US_POSIX",
                    tag="en-US-u-va-posix",
                ),
            ),
            (Said(N_("The C locale is no language in particular; '{tag}' says that instead."), tag="und"),),
            (("und", Said(N_("the C locale as 'no particular language'"))),),
        )
    m = _posix().fullmatch(text)
    if m is None:
        return Reading(None, source, (), (Said(N_("'{text}' is not a POSIX locale name"), text=text),))
    steps: list[str] = []
    notes: list[str] = []
    parts = _Parts(m["lang"].lower(), region=(m["region"] or "").upper())
    if m["codeset"]:
        steps.append(
            Said(
                N_("the codeset '.{codeset}' is dropped: a language tag says nothing about encoding"),
                codeset=m["codeset"],
            )
        )
    if m["var"]:
        parts.extensions = "-u-va-posix"
        steps.append(
            Said(N_("the variant '{variant}' is UTS #35's POSIX variant: {tag}"), variant="POSIX", tag="-u-va-posix")
        )
    mod = (m["mod"] or "").lower()
    if mod in POSIX_SCRIPTS:
        parts.script = POSIX_SCRIPTS[mod]
        steps.append(
            Said(N_("the modifier '@{modifier}' names the script {script}"), modifier=mod, script=parts.script)
        )
    elif mod in POSIX_VARIANTS:
        parts.variants = (POSIX_VARIANTS[mod],)
        steps.append(Said(N_("the modifier '@{modifier}' is the variant '{variant}'"), modifier=mod, variant=mod))
    elif mod == "euro":
        steps.append(
            Said(N_("the modifier '@{modifier}' is dropped: it only chose the euro as currency"), modifier=mod)
        )
        notes.append(
            Said(
                N_("'@{modifier}' chose the euro as the currency; {tag} would say so, if that matters."),
                modifier=mod,
                tag="-u-cu-eur",
            )
        )
    elif mod:
        notes.append(
            Said(N_("The modifier '@{modifier}' has no BCP 47 meaning this tool knows; it was dropped."), modifier=mod)
        )
    return Reading(parts.tag(), source, tuple(steps), tuple(notes))


def write_posix(tag: str) -> PlatformForm:
    """Write a tag as a glibc locale name (``ll_RR.UTF-8[@modifier]``), with what it loses."""
    p = _split(tag)
    if p is None:
        return PlatformForm("posix", None, (Said(N_("only a language tag with a primary language has a POSIX form")),))
    lost: list[str] = []
    keys, other = _u_keywords(p.extensions)
    if keys == {"va": "posix"} and not other and p.language == "en" and p.region == "US" and not p.script:
        return PlatformForm(
            "posix", "en_US_POSIX", (Said(N_("glibc calls this locale '{c}' or '{posix}'"), c="C", posix="POSIX"),)
        )
    mod = ""
    if p.script:
        back = {v: k for k, v in POSIX_SCRIPTS.items() if k != "iqtelif"}
        if p.script in back:
            mod = "@" + back[p.script]
        else:
            lost.append(Said(N_("the script {script} (glibc has no modifier for it)"), script=p.script))
    for v in p.variants:
        if v in POSIX_VARIANTS and not mod:
            mod = "@" + v
        else:
            lost.append(Said(N_("the variant {variant}"), variant=v))
    if p.region.isdigit():
        lost.append(Said(N_("the region {region} (glibc's territories are ISO 3166 countries)"), region=p.region))
    if p.extensions:
        lost.append(
            Said(
                N_("the extensions {extensions} (POSIX has no place for {u} or {t})"),
                extensions=p.extensions[1:],
                u="-u-",
                t="-t-",
            )
        )
    region = f"_{p.region}" if p.region and not p.region.isdigit() else ""
    return PlatformForm("posix", f"{p.language}{region}.UTF-8{mod}", tuple(lost))


# ----------------------------------------------------------------------------------------------- Java
#: Java's old language codes (what Locale gave before Java 17) and the registry's current ones.
OLD_CODES = {"iw": "he", "in": "id", "ji": "yi"}
#: java.util.Locale's three compatibility locales (the Locale class documentation).
JAVA_SPECIAL = {
    "ja_JP_JP": ("ja-JP-u-ca-japanese", N_("Japanese imperial calendar")),
    "th_TH_TH": ("th-TH-u-nu-thai", N_("Thai digits")),
    "no_NO_NY": ("nn-NO", N_("Norwegian Nynorsk")),
}


_java = lazy_pattern(
    r"(?P<lang>[A-Za-z]{2,8})?(?:_(?P<region>[A-Za-z]{2}|[0-9]{3})?)?(?:_(?P<var>[A-Za-z0-9_]+?))?"
    r"(?:_?#(?:(?P<script>[A-Za-z]{4})(?:-(?P<ext>[A-Za-z0-9-]+))?|(?P<ext2>[A-Za-z0-9-]+)))?"
)


_bcp47_variant = lazy_pattern(r"[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}")


#: The currencies the euro replaced (ISO 4217), for the variant PREEURO of ICU's and the old JDK's locale IDs.
PRE_EURO_CURRENCIES = {
    "AT": "ats", "BE": "bef", "DE": "dem", "ES": "esp", "FI": "fim", "FR": "frf", "GR": "grd", "IE": "iep",
    "IT": "itl", "LU": "luf", "NL": "nlg", "PT": "pte",
}  # fmt: skip


def read_java(text: str) -> Reading:
    """Read a ``java.util.Locale`` string (``toString``: ``sr_BA_#Latn``, ``ja_JP_JP``) as a tag."""
    source = Said(N_("Java Locale string ({method})"), method="java.util.Locale.toString")
    m = _java().fullmatch(text)
    base = text.partition("_#")[0]
    special = JAVA_SPECIAL.get(base)
    if special is not None and (base == text or special[0].endswith(text.partition("#")[2])):
        # toString since Java 7 writes the extension too: ja_JP_JP_#u-ca-japanese is the same locale.
        return Reading(
            special[0],
            source,
            (
                Said(
                    N_("'{text}' is one of {java}'s compatibility locales: {tag} ({meaning})"),
                    text=text,
                    java="java.util.Locale",
                    tag=special[0],
                    meaning=Said(special[1]),
                ),
            ),
        )
    if m is None or not m["lang"]:
        return Reading(None, source, (), (Said(N_("'{text}' is not a Java locale string"), text=text),))
    steps: list[str] = []
    parts = _Parts(m["lang"].lower(), (m["script"] or "").title(), (m["region"] or "").upper())
    if parts.language in OLD_CODES:
        steps.append(
            Said(N_("'{old}' is Java's old code for '{code}'"), old=parts.language, code=OLD_CODES[parts.language])
        )
        parts.language = OLD_CODES[parts.language]
    if m["script"]:
        steps.append(Said(N_("'#{text}' is the script {script}"), text=m["script"], script=parts.script))
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
                Said(
                    N_(
                        "the variant '{variant}' asks for the currency before the euro: '{currency}' in {region}, "
                        "{tag} (ICU's legacy canonicalization)"
                    ),
                    variant="PREEURO",
                    currency=currency.upper(),
                    region=parts.region,
                    tag=f"-u-cu-{currency}",
                )
            )
            alternatives.append((plain, Said(N_("the locale without the old currency"))))
        elif var == "PREEURO":
            if parts.region:
                why = N_("the variant '{variant}' is dropped: {region} had no currency the euro replaced")
            else:
                why = N_(
                    "the variant '{variant}' is dropped: a locale without a region had no currency the euro replaced"
                )
            steps.append(Said(why, variant="PREEURO", region=parts.region))
        else:
            steps.append(
                Said(N_("the variant '{variant}' is dropped: it only chose the euro as currency"), variant="EURO")
            )
            alternatives.append((f"{plain}-u-cu-eur", Said(N_("the euro said as the currency"))))
        if _bcp47_variant().fullmatch(m["var"]):
            java = f"{plain}-{m['var'].lower()}"
            notes.append(
                Said(
                    N_(
                        "Java's {method} keeps '{variant}' as a variant ({tag}), which is well-formed but not valid: "
                        "no such variant is registered."
                    ),
                    method="toLanguageTag",
                    variant=m["var"],
                    tag=java,
                )
            )
        else:
            java = f"{plain}-x-lvariant-{m['var'].lower()}"
            notes.append(
                Said(
                    N_("Java's {method} writes '{variant}' as private use ({tag})."),
                    method="toLanguageTag",
                    variant=m["var"],
                    tag=java,
                )
            )
        return Reading(parts.tag(), source, tuple(steps), tuple(notes), tuple(alternatives))
    if m["var"]:
        kept = [v for v in m["var"].split("_") if v]
        if all(_bcp47_variant().fullmatch(v) for v in kept):
            parts.variants = tuple(v.lower() for v in kept)
        else:
            ext = "-x-lvariant-" + "-".join(v.lower() for v in kept)
            steps.append(
                Said(
                    N_("the variant '{variant}' is not a BCP 47 variant: Java's {method} writes {tag}"),
                    variant=m["var"],
                    method="toLanguageTag",
                    tag=ext[1:],
                )
            )
    if m["ext"] or m["ext2"]:
        parts.extensions = "-" + (m["ext"] or m["ext2"]).lower()
    parts.extensions += ext
    return Reading(parts.tag(), source, tuple(steps))


def write_java(tag: str) -> PlatformForm:
    """Write a tag as ``java.util.Locale.toString()`` does (``sr_BA_#Latn``), with what older Java loses."""
    p = _split(tag)
    if p is None:
        return PlatformForm("java", None, (Said(N_("only a language tag with a primary language has a Java form")),))
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
            Said(
                N_(
                    "the part after '#' (script and extensions) exists only in {method} since Java 7: {constructor} "
                    "cannot carry it; use {other}"
                ),
                method="Locale.toString",
                constructor="new Locale(language, country, variant)",
                other="Locale.forLanguageTag",
            )
        )
    old = {v: k for k, v in OLD_CODES.items()}
    if p.language in old:
        lost.append(
            Said(N_("Java before 17 writes '{code}' as its old code '{old}'"), code=p.language, old=old[p.language])
        )
    return PlatformForm("java", head + tail, tuple(lost))


# ----------------------------------------------------------------------------------------------- Android
_android_old = lazy_pattern(r"(?P<lang>[A-Za-z]{2,3})(?:-r(?P<region>[A-Za-z]{2}))?")


def read_android(text: str) -> Reading:
    """Read an Android resource qualifier (``values-pt-rBR``, ``values-b+sr+Latn``, ``in-rID``) as a tag."""
    source = Said(N_("Android resource qualifier"))
    q = text.removeprefix("values-").removeprefix("res/values-").strip("/")
    steps: list[str] = []
    if q.lower().startswith("b+"):
        pieces = [s for s in q[2:].split("+") if s]
        if not pieces:
            return Reading(
                None, source, (), (Said(N_("'{text}' has no language after '{prefix}'"), text=text, prefix="b+"),)
            )
        steps.append(Said(N_("'{prefix}' introduces a BCP 47 tag with '+' between subtags (API 24+)"), prefix="b+"))
        tag = "-".join(pieces)
    else:
        m = _android_old().fullmatch(q)
        if m is None:
            return Reading(None, source, (), (Said(N_("'{text}' is not an Android language qualifier"), text=text),))
        tag = m["lang"].lower() + (f"-{m['region'].upper()}" if m["region"] else "")
        if m["region"]:
            steps.append(
                Said(N_("'{text}' is the region {region}"), text="r" + m["region"], region=m["region"].upper())
            )
    lang = tag.split("-")[0].lower()
    if lang in OLD_CODES:
        steps.append(
            Said(N_("'{old}' is the old code Android's resources used for '{code}'"), old=lang, code=OLD_CODES[lang])
        )
        tag = OLD_CODES[lang] + tag[len(lang) :]
    return Reading(tag, source, tuple(steps))


def write_android(tag: str) -> PlatformForm:
    """Write a tag as an Android resource qualifier: ``values-ll-rRR`` when that can hold it, else ``b+``."""
    p = _split(tag)
    if p is None:
        return PlatformForm(
            "android", None, (Said(N_("only a language tag with a primary language has an Android form")),)
        )
    lost: list[str] = []
    simple = len(p.language) == 2 and not p.script and not p.variants and not p.extensions
    if simple and (not p.region or p.region.isalpha()):
        text = "values-" + p.language + (f"-r{p.region}" if p.region else "")
    else:
        text = "values-b+" + tag.replace("-", "+")
        lost.append(
            Said(
                N_("the '{prefix}' form needs Android 7.0 (API 24) or later; older versions ignore the folder"),
                prefix="b+",
            )
        )
    old = {v: k for k, v in OLD_CODES.items()}
    if p.language in old:
        lost.append(
            Said(
                N_("Android before 7.0 looks for '{old}' ({folder}): ship both"),
                old=old[p.language],
                folder=f"values-{old[p.language]}",
            )
        )
    return PlatformForm("android", text, tuple(lost))


# ----------------------------------------------------------------------------------------------- Windows
#: Windows sort order identifiers ("Sort Order Identifiers", NLS docs) and their CLDR collations (-u-co-).
WINDOWS_SORTS = {"tradnl": "trad", "phoneb": "phonebk", "stroke": "stroke", "radstr": "unihan", "pronun": "zhuyin"}
WINDOWS_SORTS_WITHOUT_CLDR = {"technl": N_("Hungarian technical sort"), "modern": N_("Georgian modern sort")}
WINDOWS_LEGACY_SCRIPTS = {"chs": "Hans", "cht": "Hant"}
#: Windows' pseudo-locales and the CLDR pseudo-locales made for the same test (None: none).
WINDOWS_PSEUDO = {
    "qps-ploc": ("en-XA", N_("Windows' base pseudo-locale (accented text) is CLDR's en-XA, Pseudo-Accents")),
    "qps-plocm": ("ar-XB", N_("Windows' mirrored pseudo-locale (right to left) is CLDR's ar-XB, Pseudo-Bidi")),
    "qps-ploca": (None, N_("Windows' East Asian pseudo-locale has no CLDR counterpart")),
}


def read_windows(text: str) -> Reading:
    """Read a Windows / .NET culture or sort name (``zh-CHS``, ``es-ES_tradnl``, ``qps-ploc``) as a tag."""
    source = Said(N_("Windows/.NET culture name"))
    low = text.lower()
    if low in WINDOWS_PSEUDO:
        target, why = WINDOWS_PSEUDO[low]
        private = f"qps-x-{low[4:]}"
        if target is None:
            return Reading(
                private, source, (Said(N_("{why}: kept as private use, {tag}"), why=Said(why), tag=private),)
            )
        return Reading(
            target, source, (Said(why),), (), ((private, Said(N_("kept as Windows' own private-use pseudo-locale"))),)
        )
    name, _, sort = text.partition("_")
    steps: list[str] = []
    notes: list[str] = []
    subtags = name.split("-")
    if len(subtags) >= 2 and subtags[1].lower() in WINDOWS_LEGACY_SCRIPTS:
        script = WINDOWS_LEGACY_SCRIPTS[subtags[1].lower()]
        steps.append(
            Said(N_("'{text}' is .NET's old name of Chinese in the script {script}"), text=subtags[1], script=script)
        )
        subtags[1] = script
    tag = "-".join(subtags)
    if sort:
        s = sort.lower()
        if s in WINDOWS_SORTS:
            tag += f"-u-co-{WINDOWS_SORTS[s]}"
            steps.append(
                Said(
                    N_("the sort '_{sort}' is the CLDR collation '{collation}': {tag}"),
                    sort=sort,
                    collation=WINDOWS_SORTS[s],
                    tag=f"-u-co-{WINDOWS_SORTS[s]}",
                )
            )
        elif s in WINDOWS_SORTS_WITHOUT_CLDR:
            notes.append(
                Said(
                    N_("'_{sort}' ({name}) has no CLDR collation; it was dropped."),
                    sort=sort,
                    name=Said(WINDOWS_SORTS_WITHOUT_CLDR[s]),
                )
            )
        else:
            notes.append(Said(N_("'_{sort}' is not a Windows sort name this tool knows; it was dropped."), sort=sort))
    return Reading(tag, source, tuple(steps), tuple(notes))


def write_windows(tag: str) -> PlatformForm:
    """Write a tag as a Windows / .NET culture name (with a sort suffix for a collation Windows has)."""
    p = _split(tag)
    if p is None:
        return PlatformForm(
            "windows", None, (Said(N_("only a language tag with a primary language has a Windows form")),)
        )
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
        lost.append(Said(N_("the collation {collation} (Windows has no sort name for it)"), collation=co))
    if keys:
        lost.append(
            Said(N_("the {u} keywords {keywords}"), u="-u-", keywords=", ".join(f"{k}-{v}" for k, v in keys.items()))
        )
    if other:
        lost.append(Said(N_("the extensions {extensions}"), extensions=other[1:]))
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
    source = Said(N_("Apple .lproj folder"))
    name = text.strip("/").rsplit("/", 1)[-1].removesuffix(".lproj")
    if name.lower() == "base":
        return Reading(
            None,
            source,
            (),
            (Said(N_("'{folder}' holds the base internationalization, no language."), folder="Base.lproj"),),
        )
    legacy = APPLE_LEGACY.get(name.lower())
    if legacy is not None:
        return Reading(
            legacy,
            source,
            (Said(N_("'{folder}' is Apple's legacy English name for '{code}'"), folder=f"{name}.lproj", code=legacy),),
        )
    steps = (Said(N_("'_' in an .lproj name is read as '-'")),) if "_" in name else ()
    return Reading(name.replace("_", "-"), source, steps)


def write_apple(tag: str) -> PlatformForm:
    """Write a tag as an Apple ``.lproj`` folder name (no extensions)."""
    p = _split(tag)
    if p is None:
        return PlatformForm(
            "apple", None, (Said(N_("only a language tag with a primary language has an .lproj folder")),)
        )
    lost = (
        Said(
            N_("the extensions {extensions} (a folder name holds language, script and region)"),
            extensions=p.extensions[1:],
        ),
    )
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


_posix_shape = lazy_pattern(r"[A-Za-z]{2,3}(?:_[A-Za-z]{2})?\.[A-Za-z0-9_-]+")


_android_shape = lazy_pattern(r"(?:res/)?values-.+|[bB]\+.+|[A-Za-z]{2,3}-r[A-Z]{2}")


_windows_shape = lazy_pattern(r"[A-Za-z]{2,3}(?:-[A-Za-z0-9]+)*_[A-Za-z]{6}|zh-ch[st]|qps-ploc[am]?", re.IGNORECASE)


_java_shape = lazy_pattern(
    r"[A-Za-z]{2,3}_[A-Za-z0-9]*_#.*|[A-Za-z]{2,3}_[A-Za-z0-9]{0,3}_[A-Za-z0-9_]+|.*_#[A-Za-z]{4}"
)


def detect(text: str) -> str | None:
    """Return the platform whose string *text* looks like, or None for a tag or a name.

    >>> [detect(t) for t in ("de_DE.UTF-8", "values-pt-rBR", "ja_JP_JP", "zh-CHS", "English.lproj", "en-US")]
    ['posix', 'android', 'java', 'windows', 'apple', None]
    """
    # Each shape's regex is tried only on a text with what that shape cannot do without (see _may_be_*): the
    # tags with slips a check meets (most texts here) are answered without compiling any of them.
    if "_" not in text and "." not in text and "@" not in text and "+" not in text:
        # Most texts asked about (a tag with a slip): only these shapes need none of those four characters.
        if text in ("C", "POSIX"):
            return "posix"
        if _may_be_android(text) and _android_shape().fullmatch(text):
            return "android"
        if _may_be_windows(text) and _windows_shape().fullmatch(text):
            return "windows"
        return None
    if text.lower().endswith(".lproj"):
        return "apple"
    # The first '.' of _posix_shape comes after 2 or 3 letters, or those and '_' and 2 letters.
    if text in ("C", "POSIX") or "@" in text or (text.find(".") in (2, 3, 5, 6) and _posix_shape().fullmatch(text)):
        return "posix"
    if text.endswith("_POSIX"):
        return "posix"
    if _may_be_android(text) and _android_shape().fullmatch(text):
        return "android"
    if _may_be_windows(text) and _windows_shape().fullmatch(text):
        return "windows"
    if text in JAVA_SPECIAL or (("_#" in text or text.count("_") > 1) and _java_shape().fullmatch(text)):
        return "java"
    return None


def _may_be_android(text: str) -> bool:
    """Tell whether *text* has what :func:`_android_shape` needs: ``values-`` first, ``+`` second or ``-r`` in 7."""
    return text.startswith(("values-", "res/values-")) or text[1:2] == "+" or (len(text) < 8 and "-r" in text[2:5])


def _may_be_windows(text: str) -> bool:
    """Tell whether *text* has what :func:`_windows_shape` needs: ``_`` 7th from the end, ``-ch`` in 6, ``ploc`` in 8-9.

    No character but these very letters (in either case) matches ``-ch`` or ``ploc`` case-blind.
    """
    n = len(text)
    return text[-7:-6] == "_" or (n == 6 and "-ch" in text.lower()) or ((n == 8 or n == 9) and "ploc" in text.lower())


#: How the UI and the CLI name each platform's form (English: translate with ``_()`` where shown).
PLATFORM_LABELS = {
    "posix": N_("POSIX (glibc)"),
    "java": N_("Java Locale"),
    "android": N_("Android resources"),
    "windows": N_("Windows/.NET"),
    "apple": N_("Apple .lproj"),
    "icu": N_("ICU locale ID"),
}


def write_icu(tag: str, cldr: CldrData | None) -> PlatformForm:
    """Write a tag as an ICU locale ID: ``_`` between subtags, ``-u-`` keywords as ``@key=value``."""
    if cldr is None:
        return PlatformForm("icu", None, (Said(N_("CLDR data is not loaded")),))
    conv = bcp47_to_legacy(tag, cldr)
    return PlatformForm("icu", conv.result, tuple(conv.errors))


def platform_forms(tag: str, cldr: CldrData | None) -> list[PlatformForm]:
    """Return a valid canonical tag's form on every platform (:data:`PLATFORM_LABELS` order), with what each loses.

    >>> [f.text for f in platform_forms("sr-Latn-RS", None)][:5]
    ['sr_RS.UTF-8@latin', 'sr_RS_#Latn', 'values-b+sr+Latn+RS', 'sr-Latn-RS', 'sr-Latn-RS.lproj']
    """
    return [*(WRITERS[p](tag) for p in PLATFORMS), write_icu(tag, cldr)]
