"""CLDR language matching: the best fit between desired and supported locales (UTS #35 Part 1 §4.4).

Where RFC 4647 lookup compares subtags as text (``de-CH`` never reaches ``gsw``, ``en-AU`` never
prefers ``en-GB`` over ``en``), CLDR's matching measures how well a reader of one locale
understands another, with the distances of CLDR 48's ``languageMatching`` data.

The distance between a desired and a supported locale:

1. Both are put in UTS #35 canonical form and maximized with likely subtags (``en`` →
   ``en-Latn-US``). Variants and extensions play no part. *Reading*: a locale that cannot be
   maximized (an unknown language) keeps its empty script and region. As ICU's LocaleMatcher and
   CLDR's matcher test data: ``und`` stays ``und`` (not English), and a private-use-only tag
   (``x-piglatin``) is a language of its own, matching only itself.
2. For each level in turn (language, then script, then region) equal subtags cost 0;
   otherwise the first rule of that level in CLDR's order whose patterns fit gives the
   distance. A rule fits when its desired pattern fits the desired locale and its supported
   pattern the supported locale, or, for a rule that is not one-way, the other way round.
   A script rule's pattern is language-script, a region rule's language-script-region; ``*``
   fits anything, ``$name`` a region of the match variable, ``$!name`` a region outside it.
3. The total is the sum of the three levels.

The best fit over a priority list (*readings* follow ICU's ``LocaleMatcher`` defaults, which
the spec leaves to the implementation): each desired locale after the first adds a demotion
of 5 (the distance between ``en-US`` and ``en-GB``) so that a later language wins only by a
real margin; a match must be below the threshold 50 (CLDR's distance for a script
difference: ``zh-Hant`` readers are not sent to ``zh-Hans``); at distance 0 the supported locale
that shares more explicit fields with the desired one wins, then the one adding fewer (``af-Latn-ZA``
prefers ``af-Latn`` to ``af``, ``en-US`` prefers ``en-US`` to ``en``, ``en`` prefers ``en`` to ``en-US``);
other ties go to the earlier desired locale, then to the supported locales in this order: the
default, then CLDR's paradigm locales (en, en-GB, es, es-419, pt-BR, pt-PT, compared by their
maximal forms), then the rest, each group in the order given. When nothing is below the
threshold the answer is the default (the first supported locale unless one is given).

>>> from bcp47_explorer.core.data import bundled_supplemental
>>> m = Matcher(bundled_supplemental())
>>> fit = m.best_fit(["en-AU"], ["en", "en-GB", "fr"])
>>> fit.supported, fit.distance
('en-GB', 3)
>>> m.best_fit(["gsw"], ["de", "fr"]).supported
'de'
>>> m.best_fit(["zh-Hant"], ["zh-Hans", "en"]).matched
False
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..cldr.likely import LanguageId, MatchRule, Supplemental, split_language_id
from ..text.catalogue import N_, _

_Pattern = tuple[tuple[int, "str | frozenset[str]"], ...]


@dataclass(frozen=True, slots=True)
class _Compiled:
    """A rule with its two patterns compiled for quick tests."""

    rule: MatchRule
    desired: _Pattern
    supported: _Pattern


def _first(item: tuple[int, _Compiled]) -> int:
    return item[0]


__all__ = ["DEMOTION", "THRESHOLD", "BestFit", "Distance", "LevelStep", "Matcher"]

#: A match must have a distance below this (CLDR's script-difference distance, ICU's default).
THRESHOLD = 50
#: Added per position in the desired list after the first (ICU's default demotion).
DEMOTION = 5
_LEVELS = ("language", "script", "region")
# One whole template per level (the level's name is a word of the sentence, translated with it).
_EQUAL = {
    "language": N_("language {desired} = {supported}: 0"),
    "script": N_("script {desired} = {supported}: 0"),
    "region": N_("region {desired} = {supported}: 0"),
}
_BY_RULE = {
    "language": N_("language {desired} ~ {supported}: rule {rule}"),
    "script": N_("script {desired} ~ {supported}: rule {rule}"),
    "region": N_("region {desired} ~ {supported}: rule {rule}"),
}


@dataclass(frozen=True, slots=True)
class LevelStep:
    """The distance at one level: the two subtags, the rule that decided (None when equal), the cost."""

    level: str
    desired: str
    supported: str
    rule: MatchRule | None
    distance: int

    def __str__(self) -> str:
        table = _EQUAL if self.rule is None else _BY_RULE
        template = table.get(self.level)
        if template is None:  # a level this module does not make: its name as it is
            return f"{self.level} {self.desired or '∅'} ~ {self.supported or '∅'}"
        return _(template).format(desired=self.desired or "∅", supported=self.supported or "∅", rule=self.rule)


@dataclass(frozen=True, slots=True)
class Distance:
    """The distance between a desired and a supported locale, with their maximal forms and each level's step."""

    desired: str
    supported: str
    desired_max: str
    supported_max: str
    total: int
    steps: tuple[LevelStep, ...]

    def reason(self) -> str:
        """Say in one line how the total was reached."""
        body = "; ".join(str(s) for s in self.steps)
        return _("{desired} ({desired_max}) vs {supported} ({supported_max}): {steps}; total {total}").format(
            desired=self.desired,
            desired_max=self.desired_max,
            supported=self.supported,
            supported_max=self.supported_max,
            steps=body,
            total=self.total,
        )


#: What makes a best fit's ranked pairs when they are first read: (candidates, their distances with demotion).
Ranking = Callable[[], tuple[tuple[Distance, ...], tuple[int, ...]]]

_FIELDS = ("supported", "matched", "desired", "desired_index", "distance", "effective", "best")


class BestFit:
    """The best supported locale for a desired list, or the default when none is close enough.

    ``candidates`` (every pair measured, best first by the distance with demotion) and
    ``candidate_effective`` (those distances, in that order) may be given as values or as a
    *ranking* that makes both when one of them is first read: a matcher that finds the answer by
    an index need not measure and sort every pair for a caller that never looks at them. Either
    way the value is immutable and compares by every field, the ranked pairs included.
    """

    __slots__ = (*_FIELDS, "_candidates", "_effective_list", "_ranking")

    supported: str | None  # the answer: the best fit, or the default
    matched: bool  # False when no supported locale was below the threshold
    desired: str | None  # the desired locale it matched
    desired_index: int
    distance: int | None  # the distance without demotion
    effective: int | None  # with the demotion of the desired locale's position
    best: Distance | None
    _candidates: tuple[Distance, ...]
    _effective_list: tuple[int, ...]
    _ranking: Ranking | None

    def __init__(
        self,
        supported: str | None,
        matched: bool,
        desired: str | None,
        desired_index: int,
        distance: int | None,
        effective: int | None,
        best: Distance | None,
        candidates: tuple[Distance, ...] = (),
        candidate_effective: tuple[int, ...] = (),
        *,
        ranking: Ranking | None = None,
    ) -> None:
        put = object.__setattr__
        for name, value in zip(
            _FIELDS, (supported, matched, desired, desired_index, distance, effective, best), strict=True
        ):
            put(self, name, value)
        put(self, "_candidates", candidates)
        put(self, "_effective_list", candidate_effective)
        put(self, "_ranking", ranking)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"BestFit is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"BestFit is immutable: cannot delete {name!r}")

    def _ranked(self) -> None:
        ranking = self._ranking
        if ranking is not None:
            candidates, effective = ranking()
            object.__setattr__(self, "_candidates", candidates)
            object.__setattr__(self, "_effective_list", effective)
            object.__setattr__(self, "_ranking", None)

    @property
    def candidates(self) -> tuple[Distance, ...]:
        """Every pair measured, best first (by the distance with demotion)."""
        self._ranked()
        return self._candidates

    @property
    def candidate_effective(self) -> tuple[int, ...]:
        """The distance with demotion of each candidate, in the order of ``candidates``."""
        self._ranked()
        return self._effective_list

    def _values(self) -> tuple[object, ...]:
        return (*(getattr(self, n) for n in _FIELDS), self.candidates, self.candidate_effective)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, BestFit)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __reduce__(self) -> tuple[type[BestFit], tuple[object, ...]]:
        # Pickled and copied with its ranked pairs made: the ranking is a closure over its matcher.
        return (BestFit, self._values())

    def __repr__(self) -> str:
        names = (*_FIELDS, "candidates", "candidate_effective")
        body = ", ".join(f"{n}={v!r}" for n, v in zip(names, self._values(), strict=True))
        return f"BestFit({body})"

    def closest(self, n: int) -> list[tuple[int, Distance]]:
        """Return the *n* closest pairs with their distance with demotion, in the order the best fit ranks them.

        The demotion (5 per desired locale after the first) is what orders the list, so each pair
        is shown with it: ``en-GB`` at distance 3 for the second desired locale ranks as 8.
        """
        return list(zip(self.candidate_effective[:n], self.candidates[:n], strict=True))

    @property
    def reason(self) -> str:
        """Say why this answer."""
        if self.best is None or self.effective is None or not self.matched:
            if self.candidates:
                return _(
                    "no supported locale is within distance {threshold}; the default is used (closest: {closest})"
                ).format(threshold=THRESHOLD, closest=self.candidates[0].reason())
            return _("no supported locale is within distance {threshold}; the default is used").format(
                threshold=THRESHOLD
            )
        if self.effective != self.best.total:
            return _("{reason} + demotion {demotion}").format(
                reason=self.best.reason(), demotion=self.effective - self.best.total
            )
        return self.best.reason()


class Matcher:
    """Measure CLDR language-matching distances and pick best fits (UTS #35 §4.4)."""

    def __init__(
        self,
        data: Supplemental,
        canonicalize: Callable[[str], str] | None = None,
        containment: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        self.data = data
        self._canonicalize = canonicalize
        self._macro = self._macro_regions(data, containment or {})
        self._by_level: tuple[tuple[MatchRule, ...], ...] = tuple(
            tuple(r for r in data.rules if r.level == level) for level in range(3)
        )
        # Most rules name both languages: index each level's rules by (desired, supported) language,
        # both ways for a two-way rule; rules with a wildcard language stay in a list. A look-up merges
        # the two by position, so the first fitting rule in CLDR's order still wins.
        self._pairs: tuple[dict[tuple[str, str], list[tuple[int, _Compiled]]], ...] = ({}, {}, {})
        self._wild: tuple[list[tuple[int, _Compiled]], ...] = ([], [], [])
        for level, rules in enumerate(self._by_level):
            for i, rule in enumerate(rules):
                c = _Compiled(rule, self._pattern(rule.desired), self._pattern(rule.supported))
                d0, s0 = rule.desired[0], rule.supported[0]
                if d0 == "*" or s0 == "*":
                    self._wild[level].append((i, c))
                    continue
                self._pairs[level].setdefault((d0, s0), []).append((i, c))
                if not rule.oneway and d0 != s0:
                    self._pairs[level].setdefault((s0, d0), []).append((i, c))
        self._lsr_cache: dict[str, tuple[tuple[str, str, str], int, str]] = {}
        self._level_cache: dict[tuple[int, tuple[str, str, str], tuple[str, str, str]], LevelStep] = {}
        self._cands: dict[tuple[int, str, str], tuple[tuple[int, _Compiled], ...]] = {}
        self._paradigm = frozenset(self._lsr(p)[0] for p in data.paradigm)

    @staticmethod
    def _macro_regions(data: Supplemental, containment: Mapping[str, Sequence[str]]) -> dict[str, tuple[str, ...]]:
        """Map each macro-region (``001``, ``419``, ``EU``) to one region per partition of those it contains.

        As ICU's LocaleMatcher (its region partitions): two regions are in the same partition when every
        matching variable and every rule treats them alike, so one of them stands for all. A macro-region is
        measured against each partition it contains and the largest distance counts.
        """
        named = {p for r in data.rules if len(r.desired) == 3 for p in (r.desired[2], r.supported[2])}
        variables = sorted(data.variables.items())

        def leaves(code: str, seen: frozenset[str]) -> set[str]:
            members = containment.get(code)
            if not members:
                return {code}
            out: set[str] = set()
            for m in members:
                if m not in seen:
                    out |= leaves(m, seen | {m})
            return out

        macro: dict[str, tuple[str, ...]] = {}
        for code in containment:
            reps: dict[tuple[object, ...], str] = {}
            for leaf in sorted(leaves(code, frozenset({code}))):
                sig = (tuple(leaf in regions for _n, regions in variables), leaf if leaf in named else "")
                reps.setdefault(sig, leaf)
            macro[code] = tuple(reps.values())
        return macro

    def _lsr(self, tag: str) -> tuple[tuple[str, str, str], int, str]:
        """Return the maximal (language, script, region), which fields the tag gave, and the maximal text."""
        hit = self._lsr_cache.get(tag)
        if hit is None:
            if len(self._lsr_cache) > 4096:  # a bounded memo: supported lists repeat, desired tags vary
                self._lsr_cache.clear()
            hit = self._lsr_cache[tag] = self._compute_lsr(tag)
        return hit

    def _compute_lsr(self, tag: str) -> tuple[tuple[str, str, str], int, str]:
        canon = self._canonicalize(tag) if self._canonicalize is not None else tag
        low = (canon or tag).lower()
        if low.startswith(("x-", "und-x-")):
            # As ICU's LocaleMatcher: a private-use-only tag is its own language, so x-piglatin and
            # x-bork differ at the language level (no match); the same tag matches itself.
            return (low, "", ""), 4, low
        split = split_language_id(canon or tag)
        if split is None:
            return ("", "", ""), 0, tag
        lid = split[0]
        given = (4 if lid.language != "und" else 0) | (2 if lid.script else 0) | (1 if lid.region else 0)
        if lid.language == "und" and not given:
            # As ICU's LocaleMatcher and CLDR's matcher test data: max(und) = und, not English.
            return ("und", "", ""), given, "und"
        found = self.data.maximize_id(lid)
        full: LanguageId = found.id if found is not None else lid
        return full.lsr, given, "-".join(p for p in full.lsr if p)

    def _pattern(self, parts: tuple[str, ...]) -> tuple[tuple[int, str | frozenset[str]], ...]:
        """Compile a rule pattern: per subtag (0, "") for '*', (1, set) for $var, (2, set) for $!var, (3, code)."""
        out: list[tuple[int, str | frozenset[str]]] = []
        for want in parts:
            if want == "*":
                out.append((0, ""))
            elif want.startswith("$!"):
                out.append((2, self.data.variables.get("$" + want[2:], frozenset())))
            elif want.startswith("$"):
                out.append((1, self.data.variables.get(want, frozenset())))
            else:
                out.append((3, want))
        return tuple(out)

    @staticmethod
    def _fits(pattern: tuple[tuple[int, str | frozenset[str]], ...], lsr: tuple[str, str, str]) -> bool:
        for (kind, value), have in zip(pattern, lsr, strict=False):
            if kind == 3:
                if value != have:
                    return False
            elif kind == 1:
                if have not in value:
                    return False
            elif kind == 2 and have in value:
                return False
        return True

    def _rule_fits(self, c: _Compiled, d: tuple[str, str, str], s: tuple[str, str, str]) -> bool:
        fits = self._fits
        return (fits(c.desired, d) and fits(c.supported, s)) or (
            not c.rule.oneway and fits(c.desired, s) and fits(c.supported, d)
        )

    def _candidates(self, level: int, d0: str, s0: str) -> tuple[tuple[int, _Compiled], ...]:
        """Return the rules of *level* that can apply to languages *d0*/*s0*, in CLDR's order (memoized)."""
        key = (level, d0, s0)
        found = self._cands.get(key)
        if found is None:
            found = self._cands[key] = tuple(
                heapq.merge(self._pairs[level].get((d0, s0), ()), self._wild[level], key=_first)
            )
        return found

    def _level(self, level: int, d: tuple[str, str, str], s: tuple[str, str, str]) -> LevelStep:
        if d[level] == s[level]:
            return LevelStep(_LEVELS[level], d[level], s[level], None, 0)
        key = (level, d, s)
        known = self._level_cache.get(key)
        if known is not None:
            return known
        if level == 2 and (d[2] in self._macro or s[2] in self._macro):
            # A macro-region (en-001, es-419): the largest distance over the partitions it contains (ICU).
            worst = max(
                (
                    self._level(2, (d[0], d[1], dr), (s[0], s[1], sr))
                    for dr in self._macro.get(d[2], (d[2],))
                    for sr in self._macro.get(s[2], (s[2],))
                ),
                key=lambda st: st.distance,
            )
            step = LevelStep(_LEVELS[2], d[2], s[2], worst.rule, worst.distance)
            self._level_cache[key] = step
            return step
        fits = self._rule_fits
        found = next((c.rule for _i, c in self._candidates(level, d[0], s[0]) if fits(c, d, s)), None)
        # CLDR's data ends each level with a catch-all rule; without one the difference costs the threshold.
        step = LevelStep(_LEVELS[level], d[level], s[level], found, found.distance if found is not None else THRESHOLD)
        if len(self._level_cache) > 65536:
            self._level_cache.clear()
        self._level_cache[key] = step
        return step

    def distance(self, desired: str, supported: str) -> Distance:
        """Return the distance between *desired* and *supported* with the steps that make it."""
        d, _dg, dmax = self._lsr(desired)
        s, _sg, smax = self._lsr(supported)
        steps = tuple(self._level(level, d, s) for level in range(3))
        return Distance(desired, supported, dmax, smax, sum(st.distance for st in steps), steps)

    def best_fit(self, desired: Sequence[str], supported: Sequence[str], default: str | None = None) -> BestFit:
        """Return the supported locale that best fits the desired ones, in priority order."""
        fallback = default if default is not None else (supported[0] if supported else None)
        info = {s: self._lsr(s) for s in supported}
        # Tie order among supported locales (as ICU): a default given explicitly, then paradigm locales, then
        # the rest in the order given (so the first supported locale, the implicit default, leads the rest only).
        order = {
            have: (0 if have == default else 1 if info[have][0] in self._paradigm else 2, si)
            for si, have in reversed(list(enumerate(supported)))
        }
        ranked: list[tuple[tuple[int, tuple[int, int], int, tuple[int, int]], int, Distance]] = []
        for di, want in enumerate(desired):
            want_flags = self._lsr(want)[1]
            for have in supported:
                dist = self.distance(want, have)
                # At distance 0, as ICU: the supported tag sharing more explicit fields with the desired one
                # wins (af-Latn over af for af-Latn-ZA), then the one adding fewer (en over en-US for en).
                hf = info[have][1]
                micro = (
                    (-bin(hf & want_flags).count("1"), bin(hf & ~want_flags).count("1")) if dist.total == 0 else (0, 0)
                )
                ranked.append(((dist.total + DEMOTION * di, micro, di, order[have]), di, dist))
        ranked.sort(key=lambda item: item[0])
        candidates = tuple(item[2] for item in ranked)
        effective = tuple(item[0][0] for item in ranked)
        if ranked and ranked[0][0][0] < THRESHOLD:
            key, di, best = ranked[0]
            return BestFit(best.supported, True, best.desired, di, best.total, key[0], best, candidates, effective)
        return BestFit(fallback, False, None, -1, None, None, None, candidates, effective)
