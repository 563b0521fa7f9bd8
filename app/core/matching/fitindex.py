"""An index over CLDR's best fit: the same distances as :class:`.bestfit.Matcher`, each worked out once.

:class:`IndexedMatcher` is a :class:`.bestfit.Matcher` that keeps what the plain matcher works out
again for every pair of locales, so that a new desired locale against a supported list costs
dictionary look-ups for most of its pairs:

- a level's rule looks only at that level's fields and those before it (a language rule at the
  language, a script rule at language and script, a region rule at all three: a rule's patterns
  have one, two or three parts), so a level's answer is remembered by those fields alone: every
  region of ``de`` shares the language level's answer for ``de`` against ``fr``;
- the levels where both sides are equal (distance 0) are one value per level and subtag;
- the rules that can fit a pair of languages are, for most pairs, only each level's catch-all
  rule (CLDR names both languages in every other rule but one per level); such pairs skip the merge
  of the indexed and the wildcard rules;
- a pair of languages no rule names gets each level's catch-all rule, so its step depends on the two
  subtags of that level alone (``de-AT`` against ``fr-CA`` shares its region step with every AT/CA pair);
- the three levels of a pair of maximal forms are remembered by that pair (the supported list's
  maximal forms are few, so a desired locale seen once has its 30 pairs at hand the next time);
- a desired language reaches only the supported locales of the same language or of a language a
  rule names with it: against any other, only the catch-all language rule fits (CLDR's ``*`` ↔ ``*``
  = 80, past the threshold), so the best fit is looked for among those few (remembered per list and
  language: ``de-AT`` against 30 locales measures ``de`` and ``de-CH``). Every pair is measured and
  ranked only when the answer's ``candidates`` (or a reason naming the closest pair) are first read.

The distances, their order and the answers are the matcher's own; a test compares every field of
the answers (the ranked candidates included) with the plain matcher's over corpora. Every memory here is
bounded and starts afresh when full.

>>> from bcp47_explorer.core.data import bundled_supplemental
>>> m = IndexedMatcher(bundled_supplemental())
>>> fit = m.best_fit(["en-AU"], ["en", "en-GB", "fr"])
>>> fit.supported, fit.distance, m.distance("de-AT", "fr").total
('en-GB', 3, 84)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cldr.likely import MatchRule
from .bestfit import DEMOTION, THRESHOLD, BestFit, Distance, LevelStep, Matcher

__all__ = ["IndexedMatcher"]

_LEVELS = ("language", "script", "region")
# Past this many entries a memory starts afresh (desired locales vary without end; supported lists do not).
_MAX_PAIRS = 65_536
_MAX_LISTS = 256

# A supported locale as a list's index holds it: the tag, its maximal fields, its maximal text, which
# fields it gave (language 4, script 2, region 1) and its place in the tie order.
_Supported = tuple[str, tuple[str, str, str], str, int, tuple[int, int]]


class _ListIndex:
    """A supported list's locales as :data:`_Supported`, and by desired language those it can match."""

    __slots__ = ("entries", "near")

    def __init__(self, entries: tuple[_Supported, ...], near: dict[str, tuple[_Supported, ...]]) -> None:
        self.entries = entries
        self.near = near


def _rank(
    item: tuple[tuple[int, tuple[int, int], int, tuple[int, int]], int, Distance],
) -> tuple[int, tuple[int, int], int, tuple[int, int]]:
    return item[0]


class IndexedMatcher(Matcher):
    """A :class:`.bestfit.Matcher` whose per-level distances are remembered by the fields each level reads."""

    _same: dict[tuple[int, str], LevelStep]
    _by_fields: dict[tuple[object, ...], LevelStep]
    _by_pair: dict[tuple[tuple[str, str, str], tuple[str, str, str]], tuple[tuple[LevelStep, ...], int]]
    _catch_all: tuple[MatchRule | None, ...]
    _lists: dict[tuple[tuple[str, ...], str | None], _ListIndex]

    def _memory(self) -> None:
        # Made on first use: the matcher's own __init__ is left alone.
        self._same, self._by_fields, self._by_pair, self._lists = {}, {}, {}, {}
        # Each level's rule for the pairs of languages no rule names: its only wildcard rule when that
        # fits everything (all '*'), else None (then the rules are tried as the plain matcher does).
        catch: list[MatchRule | None] = []
        for wild in self._wild:
            only = wild[0][1] if len(wild) == 1 else None
            everything = only is not None and all(k == 0 for k, _v in (*only.desired, *only.supported))
            catch.append(only.rule if everything and only is not None else None)
        self._catch_all = tuple(catch)

    def _level(self, level: int, d: tuple[str, str, str], s: tuple[str, str, str]) -> LevelStep:
        """Return what :meth:`.bestfit.Matcher._level` returns, remembered by the fields the level's rules read."""
        if "_same" not in self.__dict__:
            self._memory()
        a, b = d[level], s[level]
        if a == b:
            got = self._same.get((level, a))
            if got is None:
                got = self._same[(level, a)] = LevelStep(_LEVELS[level], a, b, None, 0)
            return got
        if level == 2 and (a in self._macro or b in self._macro):
            # A macro-region is measured by the partitions it contains: the plain matcher's rule (and memo).
            return super()._level(level, d, s)
        d0, s0 = d[0], s[0]
        if (d0, s0) not in self._pairs[level] and self._catch_all[level] is not None:
            # Only the catch-all rule can fit: the step depends on the two subtags alone.
            key: tuple[object, ...] = (level, a, b)
        else:  # a level's rules read its fields and those before it
            key = (level, d[: level + 1], s[: level + 1])
        known = self._by_fields.get(key)
        if known is not None:
            return known
        if (d0, s0) in self._pairs[level]:
            fits = self._rule_fits
            found = next((c.rule for _i, c in self._candidates(level, d0, s0) if fits(c, d, s)), None)
        else:
            found = self._catch_all[level]
            if found is None:
                fits = self._rule_fits
                found = next((c.rule for _i, c in self._wild[level] if fits(c, d, s)), None)
        step = LevelStep(_LEVELS[level], a, b, found, found.distance if found is not None else THRESHOLD)
        if len(self._by_fields) >= _MAX_PAIRS:
            self._by_fields.clear()
        self._by_fields[key] = step
        return step

    def distance(self, desired: str, supported: str) -> Distance:
        """Return the distance between *desired* and *supported* (as the plain matcher), its levels remembered."""
        d, _dg, dmax = self._lsr(desired)
        s, _sg, smax = self._lsr(supported)
        if "_same" not in self.__dict__:
            self._memory()
        steps, total = self._by_pair.get((d, s)) or self._pair(d, s)
        return Distance(desired, supported, dmax, smax, total, steps)

    def _pair(self, d: tuple[str, str, str], s: tuple[str, str, str]) -> tuple[tuple[LevelStep, ...], int]:
        """Return the three level steps between maximal forms *d* and *s* and their total (remembered)."""
        pair = (d, s)
        got = self._by_pair.get(pair)
        if got is None:
            # The look-ups of _level, inline (a first-seen desired locale has all its pairs new, most levels known).
            same, fields, pairs, catch, macro = self._same, self._by_fields, self._pairs, self._catch_all, self._macro
            ds = (d[0], s[0])
            found: list[LevelStep] = []
            for level in (0, 1, 2):
                a, b = d[level], s[level]
                if a == b:
                    step = same.get((level, a))
                elif level == 2 and (a in macro or b in macro):
                    step = None  # measured by the regions it contains (_level)
                elif (rule := catch[level]) is not None and ds not in pairs[level]:
                    key = (level, a, b)
                    step = fields.get(key)
                    if step is None:  # what _level makes of it: the catch-all rule's step (a new desired language)
                        step = LevelStep(_LEVELS[level], a, b, rule, rule.distance)
                        if len(fields) >= _MAX_PAIRS:
                            fields.clear()
                        fields[key] = step
                else:
                    step = fields.get((level, d[: level + 1], s[: level + 1]))
                found.append(step if step is not None else self._level(level, d, s))
            steps = tuple(found)
            got = (steps, steps[0].distance + steps[1].distance + steps[2].distance)
            if len(self._by_pair) >= _MAX_PAIRS:
                self._by_pair.clear()
            self._by_pair[pair] = got
        return got

    def _supported(self, supported: tuple[str, ...], default: str | None) -> _ListIndex:
        """Return the index of a supported list: each locale's maximal form, flags and tie order (remembered)."""
        key = (supported, default)
        got = self._lists.get(key)
        if got is None:
            info = {s: self._lsr(s) for s in supported}
            # Tie order among supported locales (as the plain matcher): a default given explicitly, then paradigm
            # locales, then the rest in the order given; a locale listed twice takes its first place.
            order = {
                have: (0 if have == default else 1 if info[have][0] in self._paradigm else 2, si)
                for si, have in reversed(list(enumerate(supported)))
            }
            entries = tuple((have, info[have][0], info[have][2], info[have][1], order[have]) for have in supported)
            got = _ListIndex(entries, {})
            if len(self._lists) >= _MAX_LISTS:
                self._lists.clear()
            self._lists[key] = got
        return got

    def _near(self, index: _ListIndex, language: str) -> tuple[_Supported, ...]:
        """Return the supported locales a desired *language* can be within the threshold of (remembered per list).

        The others differ in language with no rule naming the pair, so only the catch-all language rule
        fits them (CLDR's ``*`` ↔ ``*`` = 80): their distance is at least that rule's, never below the
        threshold. Without such a rule (other data) every locale is kept.
        """
        got = index.near.get(language)
        if got is None:
            catch = self._catch_all[0]
            if catch is None or catch.distance < THRESHOLD:
                got = index.entries
            else:
                named = self._pairs[0]
                got = tuple(e for e in index.entries if e[1][0] == language or (language, e[1][0]) in named)
            if len(index.near) >= _MAX_PAIRS:
                index.near.clear()
            index.near[language] = got
        return got

    def best_fit(self, desired: Sequence[str], supported: Sequence[str], default: str | None = None) -> BestFit:
        """Return what :meth:`.bestfit.Matcher.best_fit` returns, from the supported list's index.

        The answer is found among the supported locales whose language can be within the threshold
        (:meth:`_near`); every pair is measured and ranked only when the answer's ``candidates`` (or a
        reason that names the closest pair) are first read.
        """
        if "_same" not in self.__dict__:
            self._memory()
        fallback = default if default is not None else (supported[0] if supported else None)
        index = self._supported(tuple(supported), default)
        by_pair, pair_of, lsr_of = self._by_pair, self._pair, self._lsr
        asked = [(want, *lsr_of(want)) for want in desired]
        top: tuple[int, tuple[int, int], int, tuple[int, int]] | None = None
        won: tuple[int, _Supported, tuple[str, str, str], str, str, tuple[tuple[LevelStep, ...], int]] | None = None
        none = (0, 0)
        for di, (want, d, want_flags, dmax) in enumerate(asked):
            demote = DEMOTION * di
            for entry in self._near(index, d[0]):
                got = by_pair.get((d, entry[1])) or pair_of(d, entry[1])
                total = got[1]
                if total + demote >= THRESHOLD:
                    continue
                hf = entry[3]
                # At distance 0 the supported tag sharing more explicit fields wins, then the one adding fewer.
                micro = (-(hf & want_flags).bit_count(), (hf & ~want_flags).bit_count()) if total == 0 else none
                key = (total + demote, micro, di, entry[4])
                if top is None or key < top:  # strictly: the first of equals wins, as the stable sort
                    top, won = key, (di, entry, d, want, dmax, got)

        def ranking() -> tuple[tuple[Distance, ...], tuple[int, ...]]:
            return self._ranking(asked, index.entries)

        if top is not None and won is not None:
            di, entry, _d, want, dmax, (steps, total) = won
            best = Distance(want, entry[0], dmax, entry[2], total, steps)
            return BestFit(entry[0], True, want, di, total, top[0], best, ranking=ranking)
        return BestFit(fallback, False, None, -1, None, None, None, ranking=ranking)

    def _ranking(
        self,
        asked: Sequence[tuple[str, tuple[str, str, str], int, str]],
        entries: tuple[_Supported, ...],
    ) -> tuple[tuple[Distance, ...], tuple[int, ...]]:
        """Measure every desired/supported pair and rank them as the plain matcher does (a best fit's candidates)."""
        by_pair, pair_of = self._by_pair, self._pair
        ranked: list[tuple[tuple[int, tuple[int, int], int, tuple[int, int]], int, Distance]] = []
        add = ranked.append
        none = (0, 0)
        for di, (want, d, want_flags, dmax) in enumerate(asked):
            demote = DEMOTION * di
            for have, s, smax, hf, order in entries:
                steps, total = by_pair.get((d, s)) or pair_of(d, s)
                micro = (-(hf & want_flags).bit_count(), (hf & ~want_flags).bit_count()) if total == 0 else none
                add(((total + demote, micro, di, order), di, Distance(want, have, dmax, smax, total, steps)))
        ranked.sort(key=_rank)
        return tuple([item[2] for item in ranked]), tuple([item[0][0] for item in ranked])
