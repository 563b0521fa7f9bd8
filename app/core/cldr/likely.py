"""Likely subtags (UTS #35 Part 1 §4.3) and parent locales (§4.1), on CLDR 48's supplemental data.

*Maximize* ("Add Likely Subtags") fills in the script and region a language is most likely
written with and used in: ``zh-TW`` means Traditional Han (``zh-Hant-TW``), ``sr`` means
Cyrillic in Serbia (``sr-Cyrl-RS``). *Minimize* ("Remove Likely Subtags") removes what
maximizing would add back, favouring the region (CLDR's default: ``zh-Hant-TW`` → ``zh-TW``) or
the script (``zh-Hant``). Both work on the language identifier (language, script, region);
variants and extensions are carried along unchanged.

The algorithm, as UTS #35 §4.3 states it (readings this module takes are marked *reading*):

1. Canonicalize the input as a Unicode locale identifier (the caller passes the canonicalizer:
   the engine's UTS #35 canonical form), then drop the script ``Zzzz`` and the region ``ZZ``
   (they mean "unknown", which is what an empty field means too).
2. Look up, in this order, ``language-script-region``, ``language-script``,
   ``language-region``, ``language``; the first entry found is the match. This is CLDR 48's
   order (the one that generates its likely-subtags data and test file, and ICU's); UTS #35's
   older text tried ``language-region`` before ``language-script`` and added an ``und-script``
   step, which gave ``und-Beng-IN`` → ``hi-Beng-IN`` (CLDR: ``bn-Beng-IN``) and a region for
   ``qaa-Cyrl`` (CLDR: no result).
3. No match: the tag cannot be maximized (*reading*: reported as ``None``, not as the input;
   ``qaa`` and unknown languages have no likely subtags). Otherwise every field the input
   leaves empty (or ``und``) comes from the match; the input's own fields always win.

Minimizing first maximizes (no result → no minimal form), then tries ``language``, then
``language-region`` and ``language-script`` (favouring region) or the other way round
(favouring script), returning the first whose maximal form equals the input's; otherwise the
maximal form itself.

The parent of a locale (§4.1, "Inheritance and Validity"): an explicit ``parentLocale`` entry if
CLDR has one (``en-AU`` → ``en-001``), else ``root`` for a ``language-script`` whose script is
not the likely one of its language (CLDR 48's only ``nonlikelyScript`` rule: ``sr-Latn`` →
``root``), else the locale with its last subtag removed; ``und``/``root`` ends the chain.
Extensions are removed before the chain is built (they never name a resource bundle).

>>> from bcp47_explorer.core.data import bundled_supplemental
>>> s = bundled_supplemental()
>>> s.maximize("zh-TW").tag, s.maximize("sr").tag, s.maximize("und-Arab").tag
('zh-Hant-TW', 'sr-Cyrl-RS', 'ar-Arab-EG')
>>> s.minimize("zh-Hant-TW"), s.minimize("zh-Hant-TW", favor_script=True)
('zh-TW', 'zh-Hant')
>>> s.maximize("qaa") is None
True
>>> s.parent_chain("en-AU"), s.parent_chain("sr-Latn-RS")
(('en-AU', 'en-001', 'en', 'root'), ('sr-Latn-RS', 'sr-Latn', 'root'))
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..grammar.syntax import REGION_KIND, SCRIPT_KIND, VARIANT_KIND, cased, subtag_kind
from ..text.catalogue import _

__all__ = [
    "LanguageId",
    "Maximized",
    "MatchRule",
    "Supplemental",
    "SupplementalError",
    "split_language_id",
]

#: The only shape of resources/cldr-supplemental.json this module reads (tools/build_cldr_supplemental.py).
FORMAT = 1


class SupplementalError(ValueError):
    """The supplemental data file is not what tools/build_cldr_supplemental.py writes."""


@dataclass(frozen=True, slots=True)
class LanguageId:
    """A Unicode language identifier: language (``und`` when unknown), script, region, variants."""

    language: str
    script: str = ""
    region: str = ""
    variants: tuple[str, ...] = ()

    def __str__(self) -> str:
        return "-".join(p for p in (self.language, self.script, self.region, *self.variants) if p)

    @property
    def lsr(self) -> tuple[str, str, str]:
        """The language, script and region: what likely subtags and matching look at."""
        return self.language, self.script, self.region


def split_language_id(text: str) -> tuple[LanguageId, tuple[str, ...]] | None:
    """Split a BCP 47 tag or Unicode locale id into its language id and the rest (extensions, private use).

    ``-`` and ``_`` are both separators and ``root`` is ``und`` (UTS #35 §3.1); the case is
    normalized. Return None when *text* does not start with a language id (an empty string,
    a private-use tag, an extlang, anything ill-formed before the first singleton).

    >>> split_language_id("sr_latn_rs-u-nu-latn")
    (LanguageId(language='sr', script='Latn', region='RS', variants=()), ('u', 'nu', 'latn'))
    >>> split_language_id("zh-yue") is None, split_language_id("x-foo") is None
    (True, True)
    """
    parts = text.replace("_", "-").split("-")
    first = parts[0].lower()
    if first == "root":
        first = "und"
    if not (first.isascii() and first.isalpha() and len(first) in (2, 3, 5, 6, 7, 8)):
        return None
    script = region = ""
    variants: list[str] = []
    i = 1
    n = len(parts)
    while i < n:
        t = parts[i]
        if len(t) == 1:
            break  # a singleton: the extensions start here
        if not (t.isascii() and t.isalnum()) or len(t) > 8:
            return None
        kind = subtag_kind(t)
        if kind == SCRIPT_KIND and not script and not region and not variants:
            script = cased("script", t)
        elif kind == REGION_KIND and not region and not variants:
            region = cased("region", t)
        elif kind == VARIANT_KIND:
            variants.append(t.lower())
        else:
            return None
        i += 1
    rest = tuple(p.lower() for p in parts[i:])
    if rest and (any(not p or not p.isascii() or not p.isalnum() for p in rest)):
        return None
    return LanguageId(first, script, region, tuple(variants)), rest


@dataclass(frozen=True, slots=True)
class Maximized:
    """The result of adding likely subtags: the tag, its language id, and which fields were filled in."""

    tag: str
    id: LanguageId
    looked_up: str  # the likelySubtags key that matched, e.g. "zh-TW"
    added: tuple[tuple[str, str], ...]  # (field, subtag) for each field taken from the data


@dataclass(frozen=True, slots=True)
class MatchRule:
    """One CLDR languageMatch rule: desired and supported patterns, distance, one-way or both ways."""

    desired: tuple[str, ...]
    supported: tuple[str, ...]
    distance: int
    oneway: bool

    @property
    def level(self) -> int:
        """0 for a language rule, 1 for a script rule, 2 for a region rule."""
        return len(self.desired) - 1

    def __str__(self) -> str:
        arrow = "→" if self.oneway else "↔"
        return f"{'-'.join(self.desired)} {arrow} {'-'.join(self.supported)} = {self.distance}"


def _lsr(value: str) -> tuple[str, str, str]:
    parts = value.split("-")
    if len(parts) != 3:
        raise SupplementalError(
            _("likely subtags value {value} is not language-script-region").format(value=repr(value))
        )
    return parts[0], parts[1], parts[2]


def _strs(obj: Any, what: str) -> dict[str, str]:
    if not isinstance(obj, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in obj.items()):
        raise SupplementalError(_("{member} is not a table of strings").format(member=what))
    return obj


class Supplemental:
    """CLDR's likely subtags, parent locales and language-matching data, with the §4.3 and §4.1 algorithms."""

    def __init__(self, doc: dict[str, Any]) -> None:
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            found = doc.get("format") if isinstance(doc, dict) else type(doc).__name__
            raise SupplementalError(_("format {found}, expected {format}").format(found=repr(found), format=FORMAT))
        self.source: str = str(doc.get("source", ""))
        likely = _strs(doc.get("likely"), "likely")
        if "und" not in likely:
            raise SupplementalError(_("likely subtags lack the entry for und (the data is incomplete)"))
        self._likely: dict[str, tuple[str, str, str]] = {k.lower(): _lsr(v) for k, v in likely.items()}
        # CLDR's JSON writes the root locale as "und" in parentLocale values; the chain names it root.
        self.parents: dict[str, str] = {
            k: ("root" if v == "und" else v) for k, v in _strs(doc.get("parents"), "parents").items()
        }
        self._parents_lower = {k.lower(): v for k, v in self.parents.items()}
        self.parent_rules: dict[str, str] = _strs(doc.get("parent_rules"), "parent_rules")
        matching = doc.get("matching")
        if not isinstance(matching, dict):
            raise SupplementalError(_("{member} is missing").format(member="matching"))
        try:
            self.paradigm: tuple[str, ...] = tuple(str(x) for x in matching["paradigm"])
            self.variables: dict[str, frozenset[str]] = {
                str(name): frozenset(str(r) for r in body["regions"]) for name, body in matching["variables"].items()
            }
            self.rules: tuple[MatchRule, ...] = tuple(
                MatchRule(tuple(str(d).split("-")), tuple(str(s).split("-")), int(dist), bool(one))
                for d, s, dist, one in matching["rules"]
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SupplementalError(
                _("{member} data is damaged ({problem})").format(
                    member="matching", problem=f"{exc.__class__.__name__}: {exc}"
                )
            ) from None
        if not self.rules or any(len(r.desired) != len(r.supported) or len(r.desired) > 3 for r in self.rules):
            raise SupplementalError(_("matching rules are missing or not language/script/region patterns"))
        # territoryInfo's languagePopulation (optional: data built before it was added has none).
        territories = doc.get("territory_languages", {})
        if not isinstance(territories, dict) or not all(isinstance(v, dict) for v in territories.values()):
            raise SupplementalError(_("{member} is damaged").format(member="territory_languages"))
        #: {territory: {language or language-Script (lower case): population percent}}
        self.territory_languages: dict[str, dict[str, str]] = {
            str(t).upper(): {str(k).lower(): str(v) for k, v in langs.items()} for t, langs in territories.items()
        }

    @classmethod
    def from_json(cls, text: str) -> Supplemental:
        """Build from the JSON text of resources/cldr-supplemental.json."""
        try:
            doc = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise SupplementalError(_("not JSON ({problem})").format(problem=exc)) from None
        return cls(doc)

    def __len__(self) -> int:
        return len(self._likely)

    def likely_items(self) -> Iterator[tuple[str, tuple[str, str, str]]]:
        """Yield each likely-subtags key (lower case: ``sr-me``) and its likely (language, script, region)."""
        return iter(self._likely.items())

    # ------------------------------------------------------------------ likely subtags
    def lookup_lsr(self, language: str, script: str, region: str) -> tuple[str, tuple[str, str, str]] | None:
        """Return the key that matched and the likely (language, script, region), or None (§4.3 step 2)."""
        # CLDR 48's order (the one that generates its data and test file): language-script-region,
        # language-script, language-region, language; no und-script step (``qaa-Cyrl`` fails).
        keys = []
        if script and region:
            keys.append(f"{language}-{script}-{region}")
        if script:
            keys.append(f"{language}-{script}")
        if region:
            keys.append(f"{language}-{region}")
        keys.append(language)
        for key in keys:
            found = self._likely.get(key.lower())
            if found is not None:
                return key, found
        return None

    def maximize_id(self, lid: LanguageId) -> Maximized | None:
        """Add likely subtags to an already canonical language id; None when the data has no match."""
        script = "" if lid.script == "Zzzz" else lid.script
        region = "" if lid.region == "ZZ" else lid.region
        hit = self.lookup_lsr(lid.language, script, region)
        if hit is None:
            return None
        key, (ml, ms, mr) = hit
        added: list[tuple[str, str]] = []
        language = lid.language
        if language == "und" and ml != "und":
            language = ml
            added.append(("language", ml))
        if not script:
            script = ms
            added.append(("script", ms))
        if not region:
            region = mr
            added.append(("region", mr))
        out = LanguageId(language, script, region, lid.variants)
        return Maximized(str(out), out, key, tuple(added))

    def maximize(self, tag: str, canonicalize: Callable[[str], str] | None = None) -> Maximized | None:
        """Add likely subtags to *tag* (§4.3); None when it has no language id or the data has no match.

        *canonicalize* turns the input into its UTS #35 canonical form first (the engine's
        Unicode form); without it the input is taken as canonical already.
        """
        canon = canonicalize(tag) if canonicalize is not None else tag
        split = split_language_id(canon) if canon else None
        if split is None:
            return None
        lid, rest = split
        found = self.maximize_id(lid)
        if found is None:
            return None
        return Maximized("-".join((found.tag, *rest)), found.id, found.looked_up, found.added)

    def minimize(
        self, tag: str, *, favor_script: bool = False, canonicalize: Callable[[str], str] | None = None
    ) -> str | None:
        """Remove likely subtags from *tag* (§4.3), favouring the region unless *favor_script*; None if it has none."""
        canon = canonicalize(tag) if canonicalize is not None else tag
        split = split_language_id(canon) if canon else None
        if split is None:
            return None
        lid, rest = split
        full = self.maximize_id(lid)
        if full is None:
            return None
        m = full.id
        target = m.lsr
        trials = [LanguageId(m.language)]
        by_region = LanguageId(m.language, region=m.region)
        by_script = LanguageId(m.language, script=m.script)
        trials += [by_script, by_region] if favor_script else [by_region, by_script]
        best = m
        for trial in trials:
            again = self.maximize_id(trial)
            if again is not None and again.id.lsr == target:
                best = trial
                break
        out = LanguageId(best.language, best.script, best.region, lid.variants)
        return "-".join((str(out), *rest))

    def likely_script(self, language: str) -> str:
        """Return the likely script of *language* ("" when the data has none)."""
        found = self._likely.get(language.lower())
        return found[1] if found else ""

    # ------------------------------------------------------------------ parent locales
    def parent(self, locale: str) -> str | None:
        """Return the parent of a locale id (§4.1), ``root`` for a bare language, None for root itself."""
        split = split_language_id(locale)
        if split is None:
            return None
        lid, _rest = split
        text = str(lid)
        if text == "und":
            return None
        explicit = self._parents_lower.get(text.lower())
        if explicit is not None:
            return explicit
        nonlikely = self.parent_rules.get("nonlikelyScript")
        only_script = lid.script and not lid.region and not lid.variants
        if nonlikely and only_script and self.likely_script(lid.language) != lid.script:
            return "root" if nonlikely == "und" else nonlikely
        fields = [lid.language, lid.script, lid.region, *lid.variants]
        fields = [f for f in fields if f]
        if len(fields) == 1:
            return "root"
        return "-".join(fields[:-1])

    def parent_chain(self, locale: str) -> tuple[str, ...]:
        """Return *locale* (extensions removed) followed by its parents up to ``root`` (§4.1)."""
        split = split_language_id(locale)
        if split is None:
            return ()
        current: str | None = str(split[0])
        if current == "und":
            return ("root",)
        chain: list[str] = []
        while current is not None and current not in chain and len(chain) < 16:
            chain.append(current)
            current = "root" if current == "root" else self.parent(current)
            if current == "root":
                chain.append("root")
                break
        return tuple(chain)
