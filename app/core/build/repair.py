"""Repair: whatever a person has (a code, a platform's locale string, a name, a slip) → a valid tag, and why.

:class:`Repairer` turns an input into a valid tag in RFC 5646 §4.5 canonical form, or None when nothing
fits, with the rule or data that decided (``source``), the steps, the ranked alternatives (each with its
reason) and notes saying what was guessed. A repair never changes meaning silently: a valid tag is kept as
it is (its canonical form), with CLDR's plausibility notes and their suggestions as alternatives; when two
readings are close, both are given and a note says so. The readings, in the order tried:

1. A platform's string (:mod:`.platforms`: POSIX, Java, Android, Windows/.NET, Apple), by its shape or
   because the caller says which platform it is from.
2. ``_`` and spaces between subtags read as ``-``; a valid tag is then kept (case and canonical form
   aside).
3. Each unknown subtag of a well-formed tag: a three-letter ISO 639 code of a language with a two-letter
   subtag, from CLDR's ``languageAlias`` rows with reason *overlong* (ISO 639-2/T and 639-3: ``ron`` → ``ro``)
   or *bibliographic* (ISO 639-2/B: ``ger`` → ``de``), and the withdrawn 639-2/B ``scc``/``scr``; a country
   code used as a language (``jp``, ``cn``, ``gr``, ``dk``: the language CLDR's likely subtags give the
   country, ``und-JP`` → ``ja``, with a few slips the data cannot know: ``sp`` → ``es``, ``kz`` → ``kk``); a
   region written as the language again (``ko-KO`` → ``ko-KR``, the language's likely region), ISO 3166's
   reserved ``UK`` and ``EL`` (→ ``GB``, ``GR``) and its three-letter and numeric codes.
   A code is never matched against language *names* (``ron`` is not "Ron", a language of Nigeria).
4. A language's name in any language, through the one name index (:mod:`..names.finder`): the registry's
   Descriptions, CLDR's names and SIL's (``Deutsch`` → ``de``, ``Brazilian Portuguese`` → ``pt-BR``).
5. Otherwise the engine's own first fix, repeated while it makes progress.

Readings this project takes where the sources leave room (also in the README): ``uk-UK`` is read as
Ukrainian in Ukraine (``uk-UA``, the doubled-code slip) before Ukrainian in the United Kingdom (``uk-GB``,
given as the alternative); ``C``/``POSIX`` is ``en-US-u-va-posix`` as CLDR and ICU read it (``und`` offered);
a name CLDR gives a regional tag and the registry gives a language (``Flemish``: ``nl-BE`` and ``nl``) is read
as the regional tag, the other kept as a close alternative.

>>> from bcp47_explorer.core.data import bundled_engine, bundled_registry, bundled_supplemental
>>> from bcp47_explorer.core.build.choices import Likely
>>> r = Repairer(bundled_engine(), Likely(bundled_supplemental(), bundled_registry()))
>>> [r.repair(t).tag for t in ("ron-RO", "sr_RS@latin", "values-b+sr+Latn", "es-ES_tradnl", "ja_JP_JP")]
['ro-RO', 'sr-Latn-RS', 'sr-Latn', 'es-ES-u-co-trad', 'ja-JP-u-ca-japanese']
>>> u = r.repair("uk-UK")
>>> u.tag, [a.tag for a in u.alternatives]
('uk-UA', ['uk-GB'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ..grammar.quoting import excerpt, with_badges
from ..text.catalogue import N_
from ..text.formats import format_list
from ..text.frozen import Frozen, _set
from ..text.lazy import lazy_pattern
from ..text.said import Said
from .choices import Likely, LikelyUnavailable, NameProvider, RegistryNames
from .platforms import PLATFORMS, READERS, detect

if TYPE_CHECKING:
    from ..engine.results import CheckResult
    from ..engine.tag import TagEngine
    from ..names.finder import NameFinder, NameHit

__all__ = ["MAX_REPAIR_INPUT", "ORIGINS", "Alternative", "Repair", "Repairer"]

#: What ``--from`` takes: ``auto`` guesses from the shape; ``iso639`` and ``name`` force that reading.
ORIGINS = ("auto", "iso639", *PLATFORMS, "name")

# Source labels: which rule or data decided. English (``--json`` writes them, tests and callers compare them);
# each is a Said: :func:`..text.said.shown` words it in the UI language where a person reads it.
SOURCE_VALID = Said(N_("already a valid tag (RFC 5646 §2.2.9)"))
SOURCE_OVERLONG = Said(
    N_("CLDR {data} (overlong: an ISO 639-2/T or 639-3 code of a language with a two-letter subtag)"),
    data="languageAlias",
)
SOURCE_BIBLIOGRAPHIC = Said(N_("CLDR {data} (bibliographic: an ISO 639-2/B code)"), data="languageAlias")
SOURCE_WITHDRAWN = Said(N_("CLDR {data} (a withdrawn ISO 639-2/B code)"), data="languageAlias")
SOURCE_COUNTRY = Said(N_("a country code used as a language (CLDR likely subtags)"))
SOURCE_SLIP = Said(N_("slip table (this tool's list of common slips)"))
SOURCE_DOUBLED = Said(N_("the language code written again as the region (CLDR likely subtags)"))
SOURCE_ISO3166 = Said(N_("ISO 3166 code of the region (CLDR {data}, reserved codes)"), data="codeMappings")
SOURCE_ENGINE = Said(N_("the checker's first fix"))
SOURCE_SEPARATORS = Said(N_("'_' and spaces read as '-' (RFC 5646 §2.1: subtags are separated by '-')"))
SOURCE_NOTHING = Said(N_("nothing to repair"))
SOURCE_NONE = Said(N_("nothing fits"))

#: Longer inputs are not read at all: the longest registered tag and the longest name are far shorter.
MAX_REPAIR_INPUT = 256
#: Slips the data cannot know: a code people write for a language that is not its code, nor a country's.
SLIPS = {"sp": "es", "kz": "kk", "dk": "da", "jp": "ja", "cn": "zh", "gr": "el", "kr": "ko", "ua": "uk", "vn": "vi"}
#: Valid codes that are often a country's code written as its language: read as written, the slip offered.
VALID_SLIPS = {
    "kr": (
        "ko",
        Said(
            N_("'{code}' is Kanuri; as South Korea's country code it would mean Korean ({other})"),
            code="kr",
            other="ko",
        ),
    )
}
#: ISO 3166's exceptionally reserved codes people use as a region, and the region they stand for.
RESERVED_REGIONS = {"UK": "GB", "EL": "GR"}
_STRONG_SOURCES = ("registry Description", "CLDR name in English", "CLDR alternate name in English", "autonym (CLDR)")


_separators = lazy_pattern(r"[\s_]+")


_name = lazy_pattern(r"[^\W\d_][\w'’ ().,-]*")


class Alternative(Frozen):
    """Another plausible reading, with its reason (English; :func:`..text.said.shown` words it for a person)."""

    __slots__ = __match_args__ = ("tag", "reason")
    _compared = attrgetter(*__match_args__)

    tag: str
    reason: str

    def __init__(self, tag: str, reason: str) -> None:
        _set(self, "tag", tag)
        _set(self, "reason", reason)


class Repair(Frozen):
    """The outcome of repairing one input: a valid canonical tag (or None) and how it was reached.

    ``source``, ``steps``, ``notes`` and the alternatives' reasons are English (``--json`` writes them); most are
    :class:`..text.said.Said`, which :func:`..text.said.shown` words in the UI language where a person reads them.
    """

    __slots__ = __match_args__ = ("input", "tag", "source", "steps", "alternatives", "notes")
    _compared = attrgetter(*__match_args__)

    input: str
    tag: str | None
    source: str
    steps: tuple[str, ...]
    alternatives: tuple[Alternative, ...]
    notes: tuple[str, ...]

    def __init__(
        self,
        input: str,
        tag: str | None,
        source: str,
        steps: tuple[str, ...] = (),
        alternatives: tuple[Alternative, ...] = (),
        notes: tuple[str, ...] = (),
    ) -> None:
        _set(self, "input", input)
        _set(self, "tag", tag)
        _set(self, "source", source)
        _set(self, "steps", steps)
        _set(self, "alternatives", alternatives)
        _set(self, "notes", notes)

    def as_json(self) -> dict[str, Any]:
        """Return the JSON object ``bcp47 repair --json`` writes for this input."""
        return {
            "input": self.input,
            "tag": self.tag,
            "source": self.source,
            "steps": list(self.steps),
            "alternatives": [{"tag": a.tag, "reason": a.reason} for a in self.alternatives],
            "notes": list(self.notes),
        }


class _Work:
    """A repair being made."""

    __slots__ = ("alternatives", "notes", "quiet", "source", "steps")

    def __init__(self, quiet: bool = False) -> None:
        self.source = ""
        self.steps: list[str] = []
        self.notes: list[str] = []
        self.alternatives: list[tuple[str, str]] = []
        #: Only the tag is wanted (:meth:`Repairer.repair_tag`): notes nobody reads are not worded.
        self.quiet = quiet

    def decided(self, source: str) -> None:
        if not self.source:
            self.source = source


class Repairer:
    """Repair inputs into valid tags with the engine, CLDR's likely subtags and (optionally) the name index."""

    __slots__ = ("engine", "finder", "likely", "names")

    def __init__(
        self, engine: TagEngine, likely: Likely, finder: NameFinder | None = None, names: NameProvider | None = None
    ) -> None:
        self.engine = engine
        self.likely = likely
        self.finder = finder
        self.names = names or RegistryNames(engine.registry)

    # ------------------------------------------------------------------------------------------ entry
    def repair(self, text: str, origin: str = "auto") -> Repair:
        """Return the repair of *text*, read as *origin* (one of :data:`ORIGINS`)."""
        if origin not in ORIGINS:
            raise ValueError(f"unknown origin {origin!r}; use one of {', '.join(ORIGINS)}")
        raw = text.strip()
        w = _Work()
        if not raw:
            return Repair(text, None, SOURCE_NOTHING, (), (), (Said(N_("The input is empty.")),))
        if len(raw) > MAX_REPAIR_INPUT:
            note = Said(
                N_(
                    "The input is longer than {limit} characters ({count}): no tag, platform string or name is "
                    "that long."
                ),
                limit=MAX_REPAIR_INPUT,
                count=len(raw),
            )
            return Repair(text, None, SOURCE_NOTHING, (), (), (note,))
        if raw != text:
            w.steps.append(Said(N_("the spaces around the input are dropped")))
        platform = detect(raw) if origin == "auto" else (origin if origin in PLATFORMS else None)
        if origin == "name":
            return self._finish(text, self._by_name(raw, w, forced=True), w)
        candidate: str | None = raw
        if platform is not None:
            reading = READERS[platform](raw)
            w.source = reading.source
            w.steps.extend(reading.steps)
            w.notes.extend(reading.notes)
            w.alternatives.extend(reading.alternatives)
            candidate = reading.tag
            if candidate is None:
                return self._finish(text, None, w)
        assert candidate is not None
        return self._finish(text, self._fix(candidate, w, names=origin == "auto"), w)

    def repair_tag(self, text: str) -> str | None:
        """Return ``self.repair(text).tag`` without the rest of the repair (``check --json``'s ``fix`` needs the tag).

        The same tag at a fraction of the cost: the plausibility notes and the alternatives (each checked) that
        :meth:`repair` adds never change the tag (a test compares both over large corpora). None also where the
        repair would ask CLDR's likely subtags and they cannot be loaded (:class:`.choices.LikelyUnavailable`).
        """
        raw = text.strip()
        if not raw or len(raw) > MAX_REPAIR_INPUT:
            return None
        candidate = raw
        platform = detect(raw)
        if platform is not None:
            read = READERS[platform](raw).tag
            if read is None:
                return None
            candidate = read
        try:
            return self._fix(candidate, _Work(quiet=True), names=True)
        except LikelyUnavailable:
            return None

    def _finish(self, text: str, tag: str | None, w: _Work) -> Repair:
        """Return the Repair: the canonical tag, plausibility notes, alternatives valid, canonical and distinct."""
        from .plausible import plausibility_notes  # here: repair_tag (check --json's fix) never needs it

        alts: list[Alternative] = []
        if tag is not None:
            for note in plausibility_notes(tag, self.engine.registry, self.likely, self.names):
                if note not in w.notes:
                    w.notes.append(note)
            w.alternatives.extend(self._plausible_alternatives(tag))
        seen = {tag}
        for alt, reason in w.alternatives:
            r = self.engine.check(alt)
            if r.valid and r.canonical not in seen:
                seen.add(r.canonical)
                alts.append(Alternative(r.canonical or alt, reason))
        if tag is None and not w.source:
            w.source = SOURCE_NONE
        return Repair(text, tag, w.source, tuple(w.steps), tuple(alts), tuple(w.notes))

    # ------------------------------------------------------------------------------------------ tags
    def _canonical(self, tag: str, w: _Work) -> str | None:
        """Return the canonical form of *tag* if it is valid (a step says when it differs), else None."""
        r = self.engine.check(tag)
        if not r.valid or r.canonical is None:
            return None
        if r.canonical != tag:
            w.steps.append(
                Said(N_("canonical form (RFC 5646 §4.5): {tag} → {canonical}"), tag=tag, canonical=r.canonical)
            )
        return r.canonical

    def _fix(self, candidate: str, w: _Work, *, names: bool) -> str | None:
        """Return a valid canonical tag for *candidate* (a tag, perhaps with slips), or None."""
        text = candidate
        r = self.engine.check(text)
        # Words, or one word too long for a registered code: a name ("Latin American Spanish", "Flemish").
        wordy = " " in text or (len(text) >= 4 and text.isalpha())
        maybe_name = names and not r.valid and wordy and _name().fullmatch(text) is not None
        if maybe_name and self.finder is not None and self._has_name(text):
            return self._by_name(text, w, forced=False)
        if _separators().search(text.strip("_ ")):
            joined = _separators().sub("-", text.strip("_ "))
            w.steps.append(Said(N_("'_' and spaces are read as '-': {tag}"), tag=joined))
            text = joined
            r = self.engine.check(text)
            if r.valid:
                w.decided(SOURCE_SEPARATORS)
        if r.valid:
            w.decided(SOURCE_VALID)
            low = text.lower()
            if low in VALID_SLIPS:
                other, why = VALID_SLIPS[low]
                w.alternatives.append((other, why))
                w.notes.append(Said(N_("Two readings are close: {why}."), why=why))
            return self._canonical(text, w)
        if r.well_formed:
            fixed = self._fix_subtags(text, [(s.text, s.role) for s in r.subtags], w)
            if fixed is not None:
                return self._canonical(fixed, w)
        if names and self.finder is not None and _name().fullmatch(candidate) and self._has_name(candidate):
            return self._by_name(candidate, w, forced=False)
        return self._engine_fix(text, w, r)

    def _engine_fix(self, text: str, w: _Work, checked: CheckResult | None = None) -> str | None:
        """Follow the checker's first fix while it makes progress (at most four times); *checked*: *text* checked."""
        seen = {text}
        for _ in range(4):
            r = checked if checked is not None else self.engine.check(text)
            checked = None
            if r.valid:
                w.decided(SOURCE_ENGINE)
                return self._canonical(text, w)
            fix = next((d.fix for d in r.diagnostics if d.fix is not None), None)
            if fix is None or fix.tag in seen:
                break
            w.steps.append(f"{fix.label}: {fix.tag}")
            seen.add(fix.tag)
            text = fix.tag
        if not w.quiet:
            w.notes.append(Said(N_("No valid tag could be made from '{text}'."), text=with_badges(excerpt(text))))
        return None

    def _fix_subtags(self, text: str, subtags: Sequence[tuple[str, str]], w: _Work) -> str | None:
        """Return *text* with its unknown language, extlang and region subtags repaired, or None if nothing was."""
        reg = self.engine.registry
        out: list[str] = []
        language = ""
        changed = False
        for code, role in subtags:
            new = code
            if role == "language":
                language = code.lower()
                if reg.get("language", code) is None:
                    new = self._fix_language(code, w) or code
                    language = new.split("-")[0].lower()
            elif role == "extlang" and reg.get("extlang", code) is None:
                region = self._region_code(code, w)
                new = region or code
            elif role == "region" and reg.get("region", code) is None:
                new = self._fix_region(language, code, w) or code
            elif role == "script" and reg.get("script", code) is None:
                return None
            changed = changed or new != code
            out.append(new)
        return "-".join(out) if changed else None

    # ------------------------------------------------------------------------------------------ language
    def _fix_language(self, code: str, w: _Work) -> str | None:
        """Return the language an unknown language subtag stands for, or None."""
        low = code.lower()
        cldr = self.engine.cldr
        reg = self.engine.registry
        if len(low) == 3 and cldr is not None:
            target = cldr.language_aliases.get(low)
            reason = cldr.language_alias_reasons.get(low, "")
            if target is not None and reason in ("overlong", "bibliographic", "deprecated"):
                target = target.replace("_", "-")
                head = target.split("-")[0]
                if reg.get("language", head) is not None:
                    source = {
                        "overlong": SOURCE_OVERLONG,
                        "bibliographic": SOURCE_BIBLIOGRAPHIC,
                        "deprecated": SOURCE_WITHDRAWN,
                    }[reason]
                    w.decided(source)
                    name = self.names.name("language", head) or head
                    if "-" in target:
                        # hbs → sr-Latn: CLDR goes through a legacy two-letter code (sh); the registry keeps it.
                        legacy = next(
                            (k for k, v in cldr.language_aliases.items() if len(k) == 2 and v == target), None
                        )
                        if legacy is not None and reg.get("language", legacy) is not None:
                            w.alternatives.append((target, Said(N_("CLDR's Unicode form of '{code}'"), code=legacy)))
                            target = legacy
                            name = self.names.name("language", legacy) or legacy
                    how = {
                        "overlong": N_(
                            "'{code}' is the ISO 639-2/T or 639-3 code of {name}, whose subtag is '{subtag}'"
                        ),
                        "bibliographic": N_("'{code}' is the ISO 639-2/B code of {name}, whose subtag is '{subtag}'"),
                    }.get(
                        reason, N_("'{code}' is the withdrawn ISO 639-2/B code of {name}, whose subtag is '{subtag}'")
                    )
                    w.steps.append(Said(how, code=code, name=name, subtag=target))
                    return target
        if len(low) == 2:
            slip = SLIPS.get(low)
            region = reg.get("region", low)
            if region is not None and not region.is_private_use:
                supplemental = self.engine.supplemental
                hit = supplemental.lookup_lsr("und", "", low.upper()) if supplemental is not None else None
                likely_lang = hit[1][0] if hit is not None else None
                country = self.names.name("region", low.upper()) or low.upper()
                lang = slip or likely_lang
                if lang is not None and reg.get("language", lang) is not None:
                    w.decided(SOURCE_SLIP if slip and slip != likely_lang else SOURCE_COUNTRY)
                    w.steps.append(
                        Said(
                            N_(
                                "'{code}' is not a language but the country code of {country}; its language is '{lang}'"
                            ),
                            code=code,
                            country=country,
                            lang=lang,
                        )
                    )
                    w.notes.append(
                        Said(
                            N_("Guessed: '{code}' read as the language of {country} ({lang})."),
                            code=code,
                            country=country,
                            lang=lang,
                        )
                    )
                    if likely_lang and likely_lang != lang:
                        w.alternatives.append(
                            (likely_lang, Said(N_("the likely language of {country} in CLDR"), country=country))
                        )
                    return lang
            if slip is not None:
                w.decided(SOURCE_SLIP)
                w.steps.append(Said(N_("'{code}' is a common slip for '{other}'"), code=code, other=slip))
                return slip
        if len(low) >= 4 and self.finder is not None:
            hits = [h for h in self.finder.search(code, kinds=("language",), limit=5) if h.exact]
            if hits:
                w.decided(Said(N_("a name: {source}"), source=hits[0].source))
                w.steps.append(
                    Said(
                        N_("'{text}' is a name of '{code}' ({source})"),
                        text=code,
                        code=hits[0].code,
                        source=hits[0].source,
                    )
                )
                return hits[0].code
        return None

    # ------------------------------------------------------------------------------------------ region
    def _region_code(self, code: str, w: _Work) -> str | None:
        """Return the two-letter region of an ISO 3166 three-letter or numeric code, or None."""
        cldr = self.engine.cldr
        if cldr is None:
            return None
        low = code.lower()
        region = cldr.region_by_alpha3.get(low) if low.isalpha() else cldr.region_by_numeric.get(low)
        if region is None:
            return None
        w.decided(SOURCE_ISO3166)
        w.steps.append(Said(N_("'{code}' is ISO 3166's other code of the region '{region}'"), code=code, region=region))
        return region

    def _fix_region(self, language: str, code: str, w: _Work) -> str | None:
        """Return the region an unknown region subtag stands for, or None."""
        up = code.upper()
        usual = self.likely.likely(language)[1] if language else ""
        reserved = RESERVED_REGIONS.get(up)
        lang_name = self.names.name("language", language) or language
        if up == language.upper() and usual:
            w.decided(SOURCE_DOUBLED)
            w.steps.append(
                Said(
                    N_("'{code}' repeats the language code; {language}'s likely region in CLDR is '{region}'"),
                    code=code,
                    language=lang_name,
                    region=usual,
                )
            )
            if reserved is not None:
                w.alternatives.append(
                    (
                        f"{language}-{reserved}",
                        Said(
                            N_("'{code}' is ISO 3166's reserved code for {region}"),
                            code=up,
                            region=self._region(reserved),
                        ),
                    )
                )
                w.notes.append(
                    Said(
                        N_(
                            "Two readings are close: '{tag}' as {language} in {first} (the code written twice) or in "
                            "{second} ('{code}' reserved for it); the first is taken."
                        ),
                        tag=f"{language}-{up}",
                        language=lang_name,
                        first=self._region(usual),
                        second=self._region(reserved),
                        code=up,
                    )
                )
            else:
                w.notes.append(
                    Said(
                        N_("Guessed: the region '{code}' read as {language}'s likely region, {region}."),
                        code=up,
                        language=lang_name,
                        region=usual,
                    )
                )
            return usual
        if reserved is not None:
            w.decided(SOURCE_ISO3166)
            w.steps.append(
                Said(
                    N_("'{code}' is ISO 3166's reserved code for {region}, whose subtag is '{subtag}'"),
                    code=up,
                    region=self._region(reserved),
                    subtag=reserved,
                )
            )
            return reserved
        return self._region_code(code, w)

    def _region(self, code: str) -> str:
        return self.names.name("region", code) or code

    def _plausible_alternatives(self, tag: str) -> list[tuple[str, str]]:
        """Return the tags CLDR's plausibility suggests for a region unusual for the language."""
        from .plausible import region_fits

        parts = tag.split("-")
        if len(parts) < 2 or not parts[0].isalpha():
            return []
        lang = parts[0]
        region = next((p for p in parts[1:3] if (len(p) == 2 and p.isupper()) or (len(p) == 3 and p.isdigit())), None)
        if region is None or region_fits(lang, region, self.likely) is not False:
            return []
        if region == "LA" and (region_fits(lang, "MX", self.likely) or region_fits(lang, "AR", self.likely)):
            better = "419"
            why = Said(N_("Latin America is {code}"), code="419")
        else:
            better = self.likely.likely(lang)[1]
            why = Said(N_("CLDR's likely region for {language}"), language=self.names.name("language", lang) or lang)
        if not better:
            return []
        return [(tag.replace(f"-{region}", f"-{better}", 1), why)]

    # ------------------------------------------------------------------------------------------ names
    def _has_name(self, text: str) -> bool:
        """Tell whether some language or CLDR tag has exactly *text* as a name."""
        assert self.finder is not None
        return any(h.exact for h in self.finder.search(text, kinds=("language", "tag"), limit=12))

    def _by_name(self, text: str, w: _Work, *, forced: bool) -> str | None:
        """Return the tag a language's name stands for, through the name index (None: no name fits)."""
        if self.finder is None:
            w.notes.append(Said(N_("The name index is not loaded, so names cannot be looked up.")))
            return None
        hits = self.finder.search(text, kinds=("language", "tag"), limit=12)
        exact = [h for h in hits if h.exact]
        if not exact:
            if forced and hits:
                h = hits[0]
                w.decided(Said(N_("a name: {source}"), source=h.source))
                w.steps.append(
                    Said(
                        N_("no name is exactly '{text}'; the closest is '{name}' ({source})"),
                        text=text,
                        name=h.name,
                        source=h.source,
                    )
                )
                w.notes.append(Said(N_("Guessed: '{text}' read as '{name}'."), text=text, name=h.name))
                w.alternatives.extend(
                    (x.code, Said(N_("'{name}' ({source})"), name=x.name, source=x.source)) for x in hits[1:4]
                )
                return self._canonical(h.code, w)
            return None

        def strength(h: NameHit) -> tuple[int, int]:
            return (0 if h.source in _STRONG_SOURCES else 1, 0 if h.kind == "tag" else 1)

        ranked = sorted(exact, key=strength)
        best = ranked[0]
        w.decided(Said(N_("a name: {source}"), source=best.source))
        w.steps.append(Said(N_("'{text}' names '{code}' ({source})"), text=text, code=best.code, source=best.source))
        close = [h for h in ranked[1:] if h.code != best.code and strength(h)[0] == 0]
        for h in close:
            w.alternatives.append(
                (
                    h.code,
                    Said(
                        N_("'{name}' is also a name of '{code}' ({source})"), name=h.name, code=h.code, source=h.source
                    ),
                )
            )
        if close:
            others = _Listed(Said(N_("'{code}' ({source})"), code=h.code, source=h.source) for h in close)
            w.notes.append(
                Said(
                    N_("Two readings are close: '{text}' names '{code}' ({source}) and {others}; '{code}' is taken."),
                    text=text,
                    code=best.code,
                    source=best.source,
                    others=others,
                )
            )
        for h in ranked[1:]:
            if h.code != best.code and h not in close:
                w.alternatives.append(
                    (
                        h.code,
                        Said(
                            N_("'{name}' is also a name of '{code}' ({source})"),
                            name=h.name,
                            code=h.code,
                            source=h.source,
                        ),
                    )
                )
        return self._canonical(best.code, w)


class _Listed(str):
    """A list of Said pieces: English joined by ', ' (``--json``), worded by the UI language's list pattern."""

    pieces: tuple[Said, ...]

    def __new__(cls, pieces: Iterable[Said]) -> _Listed:
        items = tuple(pieces)
        self = super().__new__(cls, ", ".join(items))
        self.pieces = items
        return self

    def shown(self) -> str:
        """Return the pieces worded in the UI language, joined as it writes a list."""
        return format_list([p.shown() for p in self.pieces])
