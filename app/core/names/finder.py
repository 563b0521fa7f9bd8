"""Find a language, script, region or a CLDR dialect tag by any name people use: the one name index.

Names come from the registry's Descriptions, CLDR's names in every display language (dialect names
such as "Brazilian Portuguese" → ``pt-BR`` and the alt forms "UK", "Ivory Coast" included), SIL's
language data (Ethnologue names, autonyms with their romanizations, alternate names) and the ISO
3166-1 names SIL's package carries. Each name is split into folded words (case and diacritics
ignored, punctuation dropped: "Arabic, Tunisian" is the words ``arabic tunisian``); a text matches
a name when each of its words starts a word of the name, in any order.

Ranking, best first: names whose words are exactly the text's; then primary names (registry,
CLDR English, Ethnologue), then autonyms, then other names (other display languages, alternates);
then names that start with the text's first word; then subtags CLDR names in English (the ones people
mostly mean: "britain" lists ``GB`` before "Gimi (West New Britain)"); then fewer words, shorter names. When
no name has every word of the text, the names with the most of its words (three
letters or more) are listed instead ("Swahili (Makrosprache)" finds ``sw``). A subtag is listed once,
with its best-ranked name and that name's source.

>>> f = NameFinder([("language", "aeb", "Tunisian Arabic", "registry Description", PRIMARY),
...                 ("language", "ar", "Arabic", "registry Description", PRIMARY),
...                 ("language", "aeb", "Derja", "autonym (SIL)", AUTONYM)])
>>> [(h.code, h.name) for h in f.search("Arabic, Tunisian")], [h.code for h in f.search("arab")]
([('aeb', 'Tunisian Arabic')], ['ar', 'aeb'])
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..registry.search import fold
from ..text.catalogue import N_, _, current_language

if TYPE_CHECKING:
    from ..registry.model import Registry
    from .pack import NamesPack
    from .sil import SilData

__all__ = [
    "AUTONYM",
    "OTHER",
    "PRIMARY",
    "SOURCES",
    "NameFinder",
    "NameHit",
    "Source",
    "collect_names",
    "known_codes",
    "source_text",
    "words",
]

PRIMARY, AUTONYM, OTHER = 0, 1, 2  # the tiers of a name's source
_SPLIT = re.compile(r"[\W_]+")
_END = "\U0010ffff"


#: Where a name comes from, by kind of source: the wording, with the source's display language or script as a field.
SOURCES = {
    "registry": N_("registry Description"),
    "cldr": N_("CLDR name in {language}"),
    "cldr-autonym": N_("autonym (CLDR)"),
    "cldr-alt": N_("CLDR alternate name in {language}"),
    "sil": N_("Ethnologue name (SIL)"),
    "sil-autonym": N_("autonym (SIL)"),
    "sil-script": N_("autonym in {script} script (SIL)"),
    "sil-alt": N_("Ethnologue alternate name (SIL)"),
    "sil-region": N_("ISO 3166-1 name (SIL's package)"),
}


class Source(str):
    """A name's source: the English wording (the JSON output and the repair's steps quote it) and its data.

    *kind* is a key of :data:`SOURCES`; *code* the display language (a CLDR locale) or the script code
    it names; *language_name* names a locale in a display language (CLDR), for :meth:`shown`. One
    object per source is shared by all the names from it.
    """

    kind: str
    code: str
    language_name: Callable[[str, str], str | None] | None

    def __new__(
        cls, kind: str, code: str = "", language_name: Callable[[str, str], str | None] | None = None
    ) -> Source:
        """Word *kind* in English, naming *code* in English when it is a locale."""
        english = (language_name(code, "en") if language_name and code else None) or code
        self = super().__new__(cls, SOURCES[kind].format(language=english, script=code))
        self.kind, self.code, self.language_name = kind, code, language_name
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Source, (self.kind, self.code))

    def shown(self) -> str:
        """Return the source worded in the current language, its locale named in that language (CLDR)."""
        language = self.code
        if self.language_name is not None and self.code and self.kind in ("cldr", "cldr-alt"):
            language = (
                self.language_name(self.code, current_language()) or self.language_name(self.code, "en") or self.code
            )
        return _(SOURCES[self.kind]).format(language=language, script=self.code)


def source_text(source: str) -> str:
    """Return a name's *source* (a :class:`Source`, or its English wording) worded in the current language.

    >>> source_text("registry Description"), source_text(Source("cldr", "de", lambda code, display: "German"))
    ('registry Description', 'CLDR name in German')
    """
    if isinstance(source, Source):
        return source.shown()
    return _(source) if source in _ENGLISH_SOURCES else source


_ENGLISH_SOURCES = frozenset(v for v in SOURCES.values() if "{" not in v)


def words(text: str) -> tuple[str, ...]:
    """Return the folded words of *text* (punctuation and spaces separate them).

    >>> words("Arabic, Tunisian"), words("Côte d’Ivoire")
    (('arabic', 'tunisian'), ('cote', 'd', 'ivoire'))
    """
    return tuple(w for w in _SPLIT.split(fold(text)) if w)


@dataclass(frozen=True, slots=True)
class NameHit:
    """A subtag (or CLDR dialect tag) found by one of its names."""

    kind: str  # language, script, region, or tag (a CLDR dialect name such as pt-BR)
    code: str
    name: str  # the name that matched
    source: str  # where that name comes from: "registry Description", "CLDR name in German" (a Source: source_text())
    exact: bool  # the name's words are exactly the text's


class NameFinder:
    """Every name of every language, script and region, searchable by words in any order."""

    __slots__ = (
        "_cache",
        "_code",
        "_kind",
        "_known",
        "_memo",
        "_name",
        "_posting",
        "_source",
        "_tier",
        "_vocab",
        "_words",
    )

    def __init__(
        self, names: Iterable[tuple[str, str, str, str, int]], known: Collection[tuple[str, str]] = ()
    ) -> None:
        """Index *names* (kind, code, name, source, tier); *known* (kind, code) rank first among equals."""
        known = frozenset(known)
        best: dict[tuple[str, str, tuple[str, ...]], tuple[int, str, str]] = {}
        for kind, code, name, source, tier in names:
            w = words(name)
            if not w:
                continue
            key = (kind, code, w)
            old = best.get(key)
            if old is None or tier < old[0]:
                best[key] = (tier, name, source)
        # Ids in static rank order (tier, fewer words, shorter name): a sorted id list is ranked already.
        rows = sorted(best.items(), key=lambda kv: (kv[1][0], len(kv[0][2]), len(kv[1][1]), kv[0][1]))
        self._known = [(k[0], k[1]) in known for k, _ in rows]
        self._kind = [k[0] for k, _ in rows]
        self._code = [k[1] for k, _ in rows]
        self._words = [k[2] for k, _ in rows]
        self._tier = [v[0] for _, v in rows]
        self._name = [v[1] for _, v in rows]
        self._source = [v[2] for _, v in rows]
        posting: dict[str, list[int]] = {}
        for i, ws in enumerate(self._words):
            for word in set(ws):
                posting.setdefault(word, []).append(i)
        self._vocab = sorted(posting)
        self._posting = [posting[w] for w in self._vocab]
        self._cache: dict[str, frozenset[int]] = {}
        # Texts of one or two letters match most names: their ranked lists are kept.
        self._memo: dict[tuple[tuple[str, ...], frozenset[str] | None, int], list[NameHit]] = {}

    def __len__(self) -> int:
        return len(self._name)

    def _ids(self, prefix: str) -> frozenset[int]:
        """Return the ids of the names with a word starting with *prefix* (short prefixes cached)."""
        hit = self._cache.get(prefix)
        if hit is not None:
            return hit
        lo = bisect.bisect_left(self._vocab, prefix)
        hi = bisect.bisect_left(self._vocab, prefix + _END, lo)
        out: set[int] = set()
        for p in self._posting[lo:hi]:
            out.update(p)
        ids = frozenset(out)
        if len(prefix) <= 3:
            self._cache[prefix] = ids
        return ids

    def search(self, text: str, kinds: Sequence[str] | None = None, limit: int = 20) -> list[NameHit]:
        """Return up to *limit* subtags one of whose names has every word of *text* as a word prefix, best first."""
        q = words(text)
        if not q:
            return []
        wanted = frozenset(kinds) if kinds else None
        memo_key = (q, wanted, limit)
        if len("".join(q)) <= 2 and memo_key in self._memo:
            return list(self._memo[memo_key])
        sets = sorted((self._ids(w) for w in q), key=len)
        found: Collection[int] = sets[0].intersection(*sets[1:]) if len(sets) > 1 else sets[0]
        partial: dict[int, int] = {}
        if not found and len(q) > 1:
            # No name has every word ("Swahili (Makrosprache)", "Spanisch; Kastilianisch"): list the names
            # with the most of the text's words (of three letters or more), after any full match would be.
            for w in q:
                if len(w) >= 3:
                    for i in self._ids(w):
                        partial[i] = partial.get(i, 0) + 1
            found = partial
        qs = sorted(q)
        ranked: list[tuple[int, int, int, bool, int]] = []
        for i in found:
            if wanted is not None and self._kind[i] not in wanted:
                continue
            ws = self._words[i]
            exact = len(ws) == len(qs) and sorted(ws) == qs
            start = 0 if ws[0].startswith(q[0]) else 1
            ranked.append(
                (-partial.get(i, 0), self._tier[i], start, not self._known[i], i)
                if partial
                else (0 if exact else 1, self._tier[i], start, not self._known[i], i)
            )
        ranked.sort()
        seen: set[tuple[str, str]] = set()
        out: list[NameHit] = []
        for ex, *_rank, i in ranked:
            key = (self._kind[i], self._code[i])
            if key in seen:
                continue
            seen.add(key)
            out.append(NameHit(self._kind[i], self._code[i], self._name[i], self._source[i], ex == 0 and not partial))
            if len(out) >= limit:
                break
        if len("".join(q)) <= 2:
            self._memo[memo_key] = list(out)
        return out


def known_codes(pack: NamesPack) -> set[tuple[str, str]]:
    """Return the (kind, code) pairs CLDR names in English: the finder ranks them first among equals."""
    en = pack.read_locale("en")
    return {
        (kind, code) for cat, kind in (("l", "language"), ("s", "script"), ("r", "region")) for code in en.get(cat, {})
    }


def collect_names(
    registry: Registry,
    pack: NamesPack,
    alt_names: Mapping[str, Mapping[str, Sequence[Sequence[str]]]],
    sil: SilData | None,
) -> Iterator[tuple[str, str, str, str, int]]:
    """Yield (kind, code, name, source, tier) for every name the finder knows, from every source."""
    kinds = {"language": "l", "script": "s", "region": "r"}
    registry_source = Source("registry")
    for kind in kinds:
        for rec in registry.table(kind).values():
            if rec.is_range:
                continue
            for d in rec.descriptions:
                yield kind, rec.code, d, registry_source, PRIMARY
    english = pack.read_locale("en").get("l", {})
    autonyms = pack.autonyms

    def lang_name(locale: str, display: str) -> str | None:
        if display == "en":
            return english.get(locale) or english.get(locale.split("-")[0]) or locale
        names = pack.names(display)
        return names.get("l", locale) or names.get("l", locale.split("-")[0])

    for locale in pack.locales:
        delta = pack.read_locale(locale)
        where = Source("cldr", locale, lang_name)
        tier = PRIMARY if locale == "en" else OTHER
        for cat, kind in (("l", "language"), ("s", "script"), ("S", "script"), ("r", "region")):
            for code, name in delta.get(cat, {}).items():
                k = "tag" if kind == "language" and "-" in code else kind
                yield k, code, name, where, tier
    cldr_autonym = Source("cldr-autonym")
    for code, names in autonyms.items():
        for name in names:
            yield ("tag" if "-" in code else "language"), code, name, cldr_autonym, AUTONYM
    alt_sources: dict[str, Source] = {}
    for cat, kind in (("l", "language"), ("r", "region")):
        for key, forms in alt_names.get(cat, {}).items():
            for locale, name in forms:
                k = "tag" if kind == "language" and "-" in key else kind
                tier = PRIMARY if locale == "en" else OTHER
                alt = alt_sources.get(locale)
                if alt is None:
                    alt = alt_sources[locale] = Source("cldr-alt", locale, lang_name)
                yield k, key, name, alt, tier
    if sil is None:
        return
    sil_name, sil_autonym, sil_alt = Source("sil"), Source("sil-autonym"), Source("sil-alt")
    script_sources: dict[str, Source] = {}
    for lang in sil.languages.values():
        yield "language", lang.code, lang.name, sil_name, PRIMARY
        if lang.autonym:
            yield "language", lang.code, lang.autonym, sil_autonym, AUTONYM
        for script, name in lang.scripts:
            if name:
                where = script_sources.get(script) or script_sources.setdefault(script, Source("sil-script", script))
                yield "language", lang.code, name, where, AUTONYM
        for name in lang.alternates:
            yield "language", lang.code, name, sil_alt, OTHER
    sil_region = Source("sil-region")
    for code, name in sil.regions.items():
        yield "region", code, name, sil_region, PRIMARY
