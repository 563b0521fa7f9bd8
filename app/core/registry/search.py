"""Searching the registry: folding text, the search index, ranking hits (codes, description words, text).

>>> from .model import SAMPLE, Registry
>>> [(h.record.code, h.kind.value) for h in Registry.from_text(SAMPLE).search("malt")]
[('mt', 'description word'), ('MT', 'description word')]
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from .record import Record, RecordType

__all__ = ["MatchKind", "SearchHit", "SearchIndex", "fold", "search"]

_TYPE_ORDER = {t.value: i for i, t in enumerate(RecordType)}

# Letters NFKD does not take apart but users type without their marks.
_FOLD_EXTRA = str.maketrans(
    {"ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "đ": "d", "Đ": "d", "ł": "l",
     "Ł": "l", "ı": "i", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "ħ": "h", "Ħ": "h", "ŋ": "n",
     "ʼ": "'", "’": "'", "ʻ": "'"}
)  # fmt: skip


def fold(text: str) -> str:
    """Return *text* lowercased with diacritics removed, for searching.

    >>> fold("Provençal"), fold("Norwegian Bokmål"), fold("Faroese (Føroyskt)")
    ('provencal', 'norwegian bokmal', 'faroese (foroyskt)')
    """
    if text.isascii():
        return text.lower()
    text = unicodedata.normalize("NFKD", text.translate(_FOLD_EXTRA))
    return "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()


class MatchKind(StrEnum):
    """Why a search hit matched, best first."""

    CODE = "code"
    CODE_PREFIX = "code prefix"
    WORD = "description word"
    SUBSTRING = "text"


@dataclass(frozen=True, slots=True)
class SearchHit:
    """A record found by a search, with why it matched (lower rank is better)."""

    record: Record
    kind: MatchKind
    rank: int


_WORD_SPLIT = re.compile(r"[^0-9a-z']+")
# Where a word starts in folded text: a letter or digit at the start or after anything else.
_WORD_START = re.compile(r"(?:(?<=[^0-9a-z])|^)(?=[0-9a-z])")


@dataclass(frozen=True, slots=True)
class SearchIndex:
    """Search keys computed once per registry, in record order."""

    texts: list[str]  # folded descriptions, then comments
    word_starts: list[str]  # the same with "\x01" before every word, to test word starts with `in`
    sorted_codes: list[tuple[str, int]]  # (lowercase code, record index), sorted
    static_order: list[int]  # each record's place when relevance ties
    by_place: list[int]  # the record index at each place of that order
    exact_description: dict[str, frozenset[int]]  # folded description -> record indexes
    position: dict[int, int]  # id(record) -> record index

    @classmethod
    def build(cls, records: Sequence[Record]) -> SearchIndex:
        """Fold every record's texts and order its codes, once."""
        texts = []
        exact: dict[str, set[int]] = {}
        for i, rec in enumerate(records):
            folded = [fold(d) for d in rec.descriptions]
            for d in folded:
                exact.setdefault(d, set()).add(i)
            text = " | ".join(folded)
            if rec.comments:
                text += " || " + " ".join(fold(c) for c in rec.comments)
            texts.append(text)
        codes = sorted((rec.code.lower(), i) for i, rec in enumerate(records))
        ranking = sorted(
            range(len(records)),
            key=lambda i: (
                records[i].deprecated is not None, _TYPE_ORDER.get(records[i].type, 99), len(records[i].code),
                records[i].code.lower(),
            ),
        )  # fmt: skip
        static_order = [0] * len(records)
        for place, i in enumerate(ranking):
            static_order[i] = place
        word_starts = [_WORD_START.sub("\x01", t) for t in texts]
        return cls(
            texts, word_starts, codes, static_order, ranking, {k: frozenset(v) for k, v in exact.items()},
            {id(rec): i for i, rec in enumerate(records)},
        )  # fmt: skip


def search(
    index: SearchIndex,
    records: Sequence[Record],
    in_ranges: Callable[[str], list[Record]],
    query: str,
    *,
    types: Iterable[str] | None = None,
    scope: str | None = None,
    deprecated: bool | None = None,
    limit: int | None = None,
) -> list[SearchHit]:
    """Search the codes, descriptions and comments of *records* (indexed by *index*), ranked best first.

    *in_ranges* returns the range records a code lies in.

    Ranking: exact code, code prefix, a description word that starts with the query,
    then a substring anywhere in descriptions or comments; within a rank an exact
    description comes first, then live records before deprecated ones, then the
    registry's type order and shorter codes. Case and diacritics are ignored; several
    words must all match. *scope* ``"none"`` keeps records without a Scope. An empty
    query lists every record that passes the filters in file order.

    >>> from .model import SAMPLE, Registry
    >>> reg = Registry.from_text(SAMPLE)
    >>> [h.record.code for h in reg.search("klingon", types=["grandfathered"])]
    ['i-klingon']
    """
    type_set = frozenset(types) if types is not None else None

    def keep(rec: Record) -> bool:
        if type_set is not None and rec.type not in type_set:
            return False
        if scope is not None and (rec.scope or "none") != scope:
            return False
        return deprecated is None or (rec.deprecated is not None) == deprecated

    q = fold(query.strip())
    if not q:
        hits = [SearchHit(rec, MatchKind.SUBSTRING, 3) for rec in records if keep(rec)]
        return hits[:limit] if limit is not None else hits

    best: dict[int, int] = {}
    # Codes: prefixes by bisecting the sorted code list; exact ones through the index.
    code_q = q.replace("_", "-")
    codes = index.sorted_codes
    for pos in range(bisect_left(codes, (code_q, -1)), len(codes)):
        code, idx = codes[pos]
        if not code.startswith(code_q):
            break
        best[idx] = 0 if code == code_q else 1
    for rec in in_ranges(code_q):  # a code inside a range is an exact match of the range record
        best[index.position[id(rec)]] = 0

    # Each word once, and no more words once nothing is left: a long query costs one pass over it.
    words = list(dict.fromkeys(w for w in _WORD_SPLIT.split(q) if w)) or [q]
    texts = index.texts
    candidates = [i for i, t in enumerate(texts) if words[0] in t]
    for w in words[1:]:
        if not candidates:
            break
        candidates = [i for i in candidates if w in texts[i]]
    starts = index.word_starts
    marked = ["\x01" + w for w in words]
    if len(marked) == 1:
        m = marked[0]
        for i in candidates:
            if i not in best:
                best[i] = 2 if m in starts[i] else 3
    else:
        for i in candidates:
            if i not in best:
                ws = starts[i]
                best[i] = 2 if all(m in ws for m in marked) else 3

    exact = index.exact_description.get(q, ())
    order = index.static_order
    filtered = type_set is not None or scope is not None or deprecated is not None
    # One integer per hit sorts much faster than tuples: rank, then an exact description
    # (word and text ranks only), then the precomputed tie order, which also names the record.
    keys = sorted(
        (rank << 22) | ((0 if rank > 1 and i in exact else 1) << 21) | order[i]
        for i, rank in best.items()
        if not filtered or keep(records[i])
    )
    if limit is not None:
        keys = keys[:limit]
    by_place = index.by_place
    new = object.__new__
    set_record, set_kind, set_rank = _HIT_SETTERS
    hits = []
    for key in keys:  # thousands of hits for a one-letter query: skip the frozen __init__
        rank = key >> 22
        hit = new(SearchHit)
        set_record(hit, records[by_place[key & 0x1FFFFF]])
        set_kind(hit, _KINDS[rank])
        set_rank(hit, rank)
        hits.append(hit)
    return hits


_HIT_SETTERS = tuple(SearchHit.__dict__[name].__set__ for name in ("record", "kind", "rank"))
_KINDS = (MatchKind.CODE, MatchKind.CODE_PREFIX, MatchKind.WORD, MatchKind.SUBSTRING)
