"""CLDR's locale display names, one display language at a time, from the names pack.

The pack (``resources/cldr-names.pack``, built by ``tools/build_cldr_names.py`` from the npm
package ``cldr-localenames-full`` and its siblings, CLDR 48) holds every CLDR locale. Each locale
stores only the names that differ from its parent locale; :meth:`NamesPack.names` reads the
chain of one display language (``de-CH`` → ``de`` → root), merges it once and caches it, so a
language costs one small read and decompression the first time it is used, and nothing before.

The locale a display language resolves to (:meth:`NamesPack.resolve_locale`) follows UTS #35
Part 1 §4.1 (locale inheritance): the tag itself if CLDR has it, else its parent: CLDR's
``parentLocales`` for locales CLDR has, else truncation, where a language+script whose script is
not the language's likely script goes straight to root (the ``nonlikelyScript`` rule), and a
language+region whose likely script CLDR keeps a locale for goes there (``zh-TW`` → ``zh-Hant-TW``).

This module never opens files: :func:`app.core.data.load_names` reads and hands over the bytes.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

__all__ = ["CACHE_LOCALES", "FORMAT", "MAGIC", "CATEGORIES", "LocaleNames", "NamesPack", "NamesPackError"]

FORMAT = 1
MAGIC = "BCP47-CLDR-NAMES"

#: The pack's category letters: what each holds, keyed as the code is written in a canonical tag.
CATEGORIES = {
    "l": "languages (also CLDR's language+script and language+region entries, e.g. en-GB)",
    "s": "scripts (the form used inside a locale name)",
    "S": "scripts, stand-alone form where CLDR has one (Hans: Simplified Han)",
    "r": "regions",
    "v": "variants (lowercase)",
    "k": "-u-/-t- keys, and the singletons t and x",
    "t": "-u-/-t- types as key-type (ca-gregory, ca-islamic-civil)",
    "d": "subdivisions (gbsct)",
    "c": "currencies (EUR): the cu values",
    "z": "time zones by BCP 47 code (usnyc): the exemplar city CLDR gives, the tz values",
    "p": "patterns: pattern, separator, keytype",
}

_EMPTY: Mapping[str, str] = MappingProxyType({})
Delta = Mapping[str, Mapping[str, str]]  # what one locale stores: category letter → code → name
#: How many locales' names stay in memory (each some 20-300 kB once read), most recently used kept.
CACHE_LOCALES = 128


class NamesPackError(Exception):
    """The names pack is damaged or of another format."""


class LocaleNames:
    """Every CLDR name of one display locale: its own, then its parent locales' (nearest first).

    Look-ups walk the chain (two or three small dicts) instead of merging it, so a display
    language costs only its own read; :meth:`table` merges one category when a whole list is wanted.
    """

    __slots__ = ("_tables", "chain", "deltas", "locale")

    def __init__(self, locale: str, chain: tuple[str, ...], deltas: tuple[Delta, ...]) -> None:
        self.locale = locale  # the CLDR locale whose names these are ("root" when CLDR has none for the request)
        self.chain = chain  # the locale and its ancestors, nearest first, ending with "root"
        self.deltas = deltas  # per chain locale, the names it stores
        self._tables: dict[str, Mapping[str, str]] = {}

    def __repr__(self) -> str:
        return f"<LocaleNames {' → '.join(self.chain)}>"

    def get(self, category: str, code: str) -> str | None:
        """Return the name of *code* in *category* (a letter of :data:`CATEGORIES`), or None."""
        for delta in self.deltas:
            table = delta.get(category)
            if table is not None:
                name = table.get(code)
                if name is not None:
                    return name
        return None

    def table(self, category: str) -> Mapping[str, str]:
        """Return the read-only code → name mapping of one category, merged along the chain (cached)."""
        hit = self._tables.get(category)
        if hit is None:
            merged: dict[str, str] = {}
            for delta in reversed(self.deltas):
                merged.update(delta.get(category, _EMPTY))
            hit = self._tables[category] = MappingProxyType(merged)
        return hit

    @property
    def merged(self) -> Mapping[str, Mapping[str, str]]:
        """Every category's merged table."""
        return {cat: self.table(cat) for cat in CATEGORIES}

    def source(self, category: str, code: str) -> str | None:
        """Return the locale of the chain that gives the name of *code* (for showing the fallback)."""
        for loc, delta in zip(self.chain, self.deltas, strict=True):
            if code in delta.get(category, _EMPTY):
                return loc
        return None

    @property
    def pattern(self) -> str:
        """The localePattern, e.g. ``{0} ({1})``."""
        return self.get("p", "pattern") or "{0} ({1})"

    @property
    def separator(self) -> str:
        """The localeSeparator, e.g. ``{0}, {1}``."""
        return self.get("p", "separator") or "{0}, {1}"

    @property
    def keytype(self) -> str:
        """The localeKeyTypePattern, e.g. ``{0}: {1}``."""
        return self.get("p", "keytype") or "{0}: {1}"


class NamesPack:
    """The index of the names pack, and each locale's names read on first use."""

    __slots__ = (
        "_cache",
        "_deltas",
        "_depth",
        "_index",
        "_read",
        "autonyms",
        "cldr_version",
        "likely_scripts",
        "locales",
        "packages",
        "parents",
        "region_forms",
        "source",
    )

    @staticmethod
    def header_length(first_line: bytes) -> int:
        """Return the header's length from the pack's first line, refusing another file or format."""
        try:
            magic, fmt, length = first_line.decode("ascii").split()
            if magic != MAGIC:
                raise ValueError
            version, size = int(fmt), int(length)
        except (UnicodeDecodeError, ValueError):
            raise NamesPackError("not a CLDR names pack (first line)") from None
        if version != FORMAT:
            raise NamesPackError(f"names pack format {version}; this program reads format {FORMAT}")
        return size

    def __init__(self, header: bytes, base: int, read: Callable[[int, int], bytes], source: str = "<pack>") -> None:
        try:
            h: dict[str, Any] = json.loads(header)
            self._index: dict[str, tuple[int, int, str]] = {k: (v[0], v[1], v[2]) for k, v in h["locales"].items()}
            self.parents: Mapping[str, str] = MappingProxyType(h["parents"])
            self.likely_scripts: Mapping[str, str] = MappingProxyType(h["likely_scripts"])
            self.region_forms: Mapping[str, str] = MappingProxyType(h["region_forms"])
            self.autonyms: Mapping[str, tuple[str, ...]] = MappingProxyType(
                {k: tuple(v) for k, v in h["autonyms"].items()}
            )
            self.cldr_version: str = h["cldr"]
            self.packages: Mapping[str, str] = MappingProxyType(h["packages"])
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            raise NamesPackError(f"damaged header ({exc.__class__.__name__}: {exc})") from None
        self._index = {k: (base + o, n, d) for k, (o, n, d) in self._index.items()}
        self.locales = frozenset(self._index)
        # The most subtags a CLDR locale id here has: a longer tag's extra subtags can never be matched, so
        # they are cut before the search (a tag of 20,000 variants was named in 8 s, one parent at a time).
        self._depth = max((k.count("-") + 1 for k in (*self._index, *self.parents)), default=1)
        self._read = read
        self._cache: dict[str, LocaleNames] = {}
        self._deltas: dict[str, Mapping[str, Mapping[str, str]]] = {}
        self.source = source

    def __repr__(self) -> str:
        return f"<NamesPack CLDR {self.cldr_version}: {len(self.locales)} locales from {self.source}>"

    @property
    def end(self) -> int:
        """Return the byte offset where the last locale's names end: a whole pack file is at least this long."""
        return max((offset + length for offset, length, _ in self._index.values()), default=0)

    def blob_digest(self, locale: str) -> str:
        """Return the sha256 (hex) the index records for *locale*'s uncompressed names."""
        return self._index[locale][2]

    def read_locale(self, locale: str) -> dict[str, dict[str, str]]:
        """Return the names *locale* itself stores (its differences from its parent)."""
        offset, length, _ = self._index[locale]
        try:
            value: dict[str, dict[str, str]] = json.loads(zlib.decompress(self._read(offset, length)))
        except (zlib.error, ValueError) as exc:
            raise NamesPackError(f"the names of {locale} are damaged ({exc})") from None
        return value

    def chain(self, locale: str) -> tuple[str, ...]:
        """Return *locale* (one CLDR has) and its parent locales, ending with ``root``."""
        out = [locale]
        while out[-1] != "root":
            out.append(self.parents.get(out[-1], "root"))
        return tuple(out)

    def resolve_locale(self, tag: str) -> str:
        """Return the CLDR locale whose names serve display language *tag* (``root`` if none fits).

        >>> from bcp47_explorer.core.data import bundled_names
        >>> pack = bundled_names()
        >>> [pack.resolve_locale(t) for t in ("de-CH", "de-Latn-AT-1996", "zh-TW", "sr_latn", "de-Cyrl", "xx")]
        ['de-CH', 'de-AT', 'zh-Hant', 'sr-Latn', 'root', 'root']
        """
        parts = [p for p in tag.replace("_", "-").split("-") if p]
        for i, p in enumerate(parts):
            if len(p) == 1:  # a singleton: extensions and private use do not choose a locale
                parts = parts[:i]
                break
        if not parts or parts[0].lower() in ("und", "root"):
            return "root"
        del parts[self._depth + 1 :]  # room for the script a region form adds; the rest cannot match
        parts = [_cased(i, p) for i, p in enumerate(parts)]
        if "-".join(parts) in self._index:
            return "-".join(parts)
        lang = parts[0]
        has_script = len(parts) > 1 and len(parts[1]) == 4 and parts[1].isalpha()
        region = parts[2 if has_script else 1] if len(parts) > (2 if has_script else 1) else None
        region_form = self.region_forms.get(f"{lang}-{region}") if region else None
        if not has_script and region_form:
            parts[:2] = region_form.split("-")  # zh-TW: the region's likely script, zh-Hant-TW
        elif has_script and self.likely_scripts.get(lang) == parts[1] and not region_form:
            del parts[1]  # CLDR's locale ids leave out the likely script (de-Latn-AT is de-AT)
        cand = "-".join(parts)
        while cand != "root":
            if cand in self._index:
                return cand
            cand = self._parent(cand)
        return "root"

    def _parent(self, cand: str) -> str:
        if cand in self.parents:
            return self.parents[cand]
        parts = cand.split("-")
        if len(parts) == 1:
            return "root"
        if len(parts) == 2 and len(parts[1]) == 4 and self.likely_scripts.get(parts[0]) != parts[1]:
            return "root"  # parentLocales' nonlikelyScript rule
        return "-".join(parts[:-1])

    def names(self, display: str) -> LocaleNames:
        """Return the names of display language *display* (any tag: it is resolved first), cached."""
        locale = self.resolve_locale(display)
        hit = self._cache.pop(locale, None)
        if hit is None:
            chain = self.chain(locale)
            hit = LocaleNames(locale, chain, tuple(self._delta(loc) for loc in chain))
        self._cache[locale] = hit  # most recently used last
        if len(self._cache) > CACHE_LOCALES:
            del self._cache[next(iter(self._cache))]
        return hit

    def _delta(self, locale: str) -> Mapping[str, Mapping[str, str]]:
        hit = self._deltas.pop(locale, None)
        if hit is None:
            hit = self.read_locale(locale) if locale in self._index else _EMPTY_DELTA
        self._deltas[locale] = hit
        if len(self._deltas) > CACHE_LOCALES:  # naming many tags' autonyms touches many locales
            del self._deltas[next(iter(self._deltas))]
        return hit


_EMPTY_DELTA: Mapping[str, Mapping[str, str]] = MappingProxyType({})


def _cased(i: int, p: str) -> str:
    """Return subtag *p* at position *i* of a display-language tag in CLDR's case."""
    if i == 0:
        return p.lower()
    if len(p) == 4 and p.isalpha():
        return p.title()
    if len(p) == 2 or (len(p) == 3 and p.isdigit()):
        return p.upper()
    return p.lower()
