"""Search languages, scripts, regions and variants by name in any language: the pickers' index.

>>> from bcp47_explorer.core.data import bundled_namer
>>> index = bundled_namer().search_index("en")
>>> [(e.code, e.name) for e in index.search("Deutsch", kinds=("language",), limit=1)]
[('de', 'German')]
>>> [(e.code, e.name) for e in index.search("español", limit=1)], index.search("日本語")[0].code
([('es', 'Spanish')], 'ja')
>>> [e.code for e in index.search("espanol", limit=1)], [e.code for e in index.search("Schweiz", limit=1)]
(['es'], [])
>>> [e.code for e in bundled_namer().search_index("de").search("Schweiz", limit=1)]
['CH']

One :class:`NameIndex` per display language (``Namer.search_index(display)``, cached) holds every
language, script, region and variant subtag of the registry (ranges such as ``qaa..qtz`` left
out) with its name in the display language, its CLDR English name, its autonyms (a language's
name in each of its own CLDR locales: "Deutsch", "español", "日本語", "srpski" and "српски") and
its registry Descriptions. Each record keeps one folded search key (lowercase, diacritics
removed: ``espanol`` finds "español"), so a keystroke is one substring test per record plus
ranking the hits; a text that extends the previous one searches only its hits, and one-character
texts are ranked once per index. ``benchmarks/bench_names.py`` measures it.

Ranking, best first: the code itself; a whole name equal to the text; a name that starts with
it; a word in a name that starts with it; anywhere in a name. Within a rank, live records come
before deprecated ones, then those CLDR names (the languages people mostly look for: ``lat`` lists
Latin before Latgalian), then the display-language name in code-point order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ..registry.model import Registry
from ..registry.search import fold

__all__ = ["KINDS", "BaseRecord", "NameEntry", "NameIndex", "base_records"]

#: The subtag kinds an index holds, in the order records are listed.
KINDS = ("language", "script", "region", "variant")
_SEP = "\x00"  # between the names in a search key: no name holds it


@dataclass(frozen=True, slots=True)
class NameEntry:
    """One subtag with its names: what a picker shows and what search matches."""

    kind: str  # language, script, region or variant
    code: str  # in canonical case: de, Latn, CH, 1996
    name: str  # in the display language (CLDR), else the registry's first Description, else the code
    english: str  # CLDR's English name, else the registry's first Description
    autonyms: tuple[str, ...]  # languages: the name in each of its own CLDR locales
    descriptions: tuple[str, ...]  # the registry's English Descriptions
    deprecated: bool
    in_cldr: bool  # CLDR names it in the display language (or a parent locale)
    key: str = field(repr=False, compare=False)  # folded code and names, separated by NUL


class NameIndex:
    """Every subtag with its names in one display language, searchable by any of them."""

    __slots__ = ("_by_code", "_first", "_last", "display", "entries", "locale")

    def __init__(self, display: str, locale: str, entries: Iterable[NameEntry]) -> None:
        self.display = display
        self.locale = locale
        self.entries: tuple[NameEntry, ...] = tuple(entries)
        self._by_code = {(e.kind, e.code.lower()): e for e in self.entries}
        # The last search's text, kinds and hits in index order: typing one more character only
        # needs to look among these (a longer text matches a subset).
        self._last: tuple[str, frozenset[str] | None, list[NameEntry]] = ("", None, list(self.entries))
        # Ranked results of one-character texts (the costliest search: thousands of hits), per kinds.
        self._first: dict[tuple[str, frozenset[str] | None], tuple[list[NameEntry], list[NameEntry]]] = {}

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, kind: str, code: str) -> NameEntry | None:
        """Return the record of subtag *code* (any case) of *kind*, or None."""
        return self._by_code.get((kind, code.lower()))

    def search(self, text: str, kinds: Sequence[str] | None = None, limit: int | None = None) -> list[NameEntry]:
        """Return the records whose code or any name contains *text* (folded), best first.

        An empty *text* lists every record of *kinds* in index order.
        """
        wanted = frozenset(kinds) if kinds else None
        q = fold(text.strip())
        last_q, last_kinds, last_hits = self._last
        if last_q and q.startswith(last_q) and last_kinds == wanted:
            pool: Sequence[NameEntry] = last_hits
        else:
            pool = self.entries if wanted is None else [e for e in self.entries if e.kind in wanted]
        if not q:
            return list(pool[:limit] if limit is not None else pool)
        memo = self._first.get((q, wanted)) if len(q) == 1 else None
        if memo is not None:
            self._last = (q, wanted, memo[0])
            return memo[1][:limit] if limit is not None else list(memo[1])
        found = [e for e in pool if q in e.key]
        self._last = (q, wanted, found)
        code, whole, start, word, dash = q + _SEP, _SEP + q + _SEP, _SEP + q, " " + q, "-" + q
        ranks: tuple[list[NameEntry], ...] = ([], [], [], [], [])
        # The entries are in index order already, so one pass into five ranks keeps it within a rank.
        for e in found:
            key = e.key
            if key.startswith(code):
                ranks[0].append(e)
            elif whole in key:
                ranks[1].append(e)
            elif start in key:
                ranks[2].append(e)
            elif word in key or dash in key:
                ranks[3].append(e)
            else:
                ranks[4].append(e)
        hits = [e for r in ranks for e in r]
        if len(q) == 1:
            self._first[(q, wanted)] = (found, hits)
            hits = list(hits)
        return hits[:limit] if limit is not None else hits

    @classmethod
    def build(
        cls,
        display: str,
        locale: str,
        base: Sequence[BaseRecord],
        names: Mapping[str, Mapping[str, str]],
    ) -> NameIndex:
        """Build the index of display language *display* from the records :func:`base_records` made.

        *names* is the display language's tables (category letter → code → name), as
        :class:`~bcp47_explorer.core.names.pack.LocaleNames` gives them.
        """
        cats = {"language": "l", "script": "s", "region": "r", "variant": "v"}
        entries: list[NameEntry] = []
        empty: Mapping[str, str] = {}
        stand = names.get("S", empty)
        for b in base:
            table = names.get(cats[b.kind], empty)
            cldr = (stand.get(b.look) if b.kind == "script" else None) or table.get(b.look)
            if cldr is None:
                entries.append(b.unnamed)  # most of the registry's languages: shared by every display language
                continue
            name = cldr
            key = b.key if cldr is None or cldr in b.known else b.key + fold(cldr) + _SEP
            if b.kind == "script" and table.get(b.look) not in (None, cldr):
                key += fold(table[b.look]) + _SEP
            entries.append(
                NameEntry(
                    b.kind, b.code, name, b.english, b.autonyms, b.descriptions, b.deprecated, cldr is not None, key
                )
            )
        entries.sort(key=_index_order)
        return cls(display, locale, entries)


@dataclass(frozen=True, slots=True)
class BaseRecord:
    """What the index of every display language shares for one subtag: codes, English names, autonyms."""

    kind: str
    code: str
    look: str  # the code as CLDR's tables key it
    fallback: str  # the name when CLDR has none: the registry's first Description, else the code
    english: str
    autonyms: tuple[str, ...]
    descriptions: tuple[str, ...]
    deprecated: bool
    known: frozenset[str]  # the names already in key
    key: str
    unnamed: NameEntry  # the record's entry in a display language CLDR does not name it in


def base_records(
    registry: Registry, english: Mapping[str, Mapping[str, str]], autonyms: Mapping[str, tuple[str, ...]]
) -> list[BaseRecord]:
    """Return the shared part of every index: each registry subtag (no ranges) with its English names."""
    cats = {"language": "l", "script": "s", "region": "r", "variant": "v"}
    out: list[BaseRecord] = []
    empty: Mapping[str, str] = {}
    for kind in KINDS:
        etable = english.get(cats[kind], empty)
        estand = english.get("S", empty) if kind == "script" else empty
        for rec in sorted(registry.table(kind).values(), key=lambda r: r.code.lower()):
            if rec.is_range:
                continue
            code = rec.code if kind != "variant" else rec.code.lower()
            look = code.lower() if kind in ("language", "variant") else code
            desc = rec.descriptions
            fallback = desc[0] if desc else code
            eng = estand.get(look) or etable.get(look) or fallback
            autos = autonyms.get(look, ()) if kind == "language" else ()
            parts = list(dict.fromkeys((code, fallback, eng, etable.get(look, eng), *autos, *desc)))
            key = _SEP.join(dict.fromkeys(fold(p) for p in parts)) + _SEP
            known = frozenset(parts)
            dep = rec.is_deprecated
            unnamed = NameEntry(kind, code, fallback, eng, autos, desc, dep, False, key)
            out.append(BaseRecord(kind, code, look, fallback, eng, autos, desc, dep, known, key, unnamed))
    return out


def _index_order(e: NameEntry) -> tuple[bool, bool, str]:
    """Live before deprecated, CLDR-named before the rest, then by name."""
    return (e.deprecated, not e.in_cldr, e.name)
