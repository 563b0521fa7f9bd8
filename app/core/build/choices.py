"""What the Build pane offers at each position of a tag: choices with their marks, searched as the registry is.

A :class:`Choice` is one language, script, region or variant the user can pick, with a short mark
(macrolanguage, deprecated → replacement, Suppress-Script, needs another subtag first...) and a longer
explanation, both worded from the registry. A :class:`ChoiceIndex` holds a list of them with search keys
made once, so filtering thousands on each keystroke is a few string tests per choice.

Names come from a :class:`NameProvider`: the registry's Descriptions by default (:class:`RegistryNames`);
a provider with CLDR display names adds the name in the user's language and the autonym as search keys.

Ranking, as :meth:`.registry.Registry.search` ranks: exact code, code prefix, a name word starting with the
query, then the query anywhere in a name; within a rank pinned choices (the likely or suppressed script,
the likely region) first, then live before deprecated, shorter codes, then code order.

>>> from bcp47_explorer.core.data import bundled_registry
>>> reg = bundled_registry()
>>> idx = ChoiceIndex(language_choices(reg))
>>> [c.code for c in idx.filter("german")][:3]
['de', 'gct', 'geh']
>>> idx.filter("iw")[0].target
'he'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Protocol, cast

from ..grammar.syntax import cased
from ..text.catalogue import N_, _, ngettext
from ..text.formats import format_list, format_number
from ..text.frozen import Frozen, _set, replace
from ..text.lazy import lazy_pattern

if TYPE_CHECKING:
    from ..cldr.likely import Supplemental
    from ..names.search import NameIndex
    from ..names.sil import SilData
    from ..registry.model import Record, Registry

__all__ = [
    "Choice",
    "ChoiceIndex",
    "IndexNames",
    "Likely",
    "LikelyUnavailable",
    "NameProvider",
    "RegistryNames",
    "language_choices",
    "region_choices",
    "script_choices",
    "script_advice",
    "sil_note",
    "variant_choices",
]


_word_split = lazy_pattern(r"[^0-9a-z']+")


_word_start = lazy_pattern(r"(?:(?<=[^0-9a-z])|^)(?=[0-9a-z])")


#: The special language codes and what they are (RFC 5646 §4.1, the registry's Scope "special").
SPECIAL_NOTES = {
    "und": "special: undetermined language — says nothing about the language",
    "mul": "special: several languages — use only when no single language applies",
    "zxx": "special: no linguistic content (images, music, data)",
    "mis": "special: a language ISO 639 has no code for yet",
}
#: The special codes' mark and detail as shown (whole texts, translated where shown).
_SPECIAL_SHOWN = {
    "und": (
        N_("special: undetermined language"),
        N_("Special: undetermined language — says nothing about the language."),
    ),
    "mul": (
        N_("special: several languages"),
        N_("Special: several languages — use only when no single language applies."),
    ),
    "zxx": (N_("special: no linguistic content"), N_("Special: no linguistic content (images, music, data).")),
    "mis": (
        N_("special: a language ISO 639 has no code for yet"),
        N_("Special: a language ISO 639 has no code for yet."),
    ),
}


class LikelyUnavailable(LookupError):
    """Raised by a :meth:`Likely.on_first_use` whose loader gave no data."""


class Likely:
    """What CLDR's likely subtags (UTS #35 §4.3) say about a language: its likely script and region, its scripts."""

    def __init__(self, supplemental: Supplemental, registry: Registry) -> None:
        self._data: Supplemental | None = supplemental
        self._load: Callable[[], Supplemental | None] | None = None
        self._registry = registry  # its two-letter regions are read by _scripts_by_region only (most repairs never)
        self._scripts_cache: dict[str, tuple[str, ...]] = {}
        self._region_scripts: dict[str, set[str]] | None = None  # language → scripts of its "lang-REGION" rows
        self._listed_bases: dict[str, frozenset[str]] = {}  # territory → languages listed with a script there

    @classmethod
    def on_first_use(cls, load: Callable[[], Supplemental | None], registry: Registry) -> Likely:
        """Return a Likely whose CLDR data *load* gives when first asked (``check --json``'s repair rarely asks).

        A question asked when *load* gives None raises :class:`LikelyUnavailable`.
        """
        made = cls(cast("Supplemental", None), registry)  # the data come from load
        made._load = load
        return made

    @property
    def _s(self) -> Supplemental:
        got = self._data
        if got is None:
            load, self._load = self._load, None
            got = self._data = load() if load is not None else None
            if got is None:
                raise LikelyUnavailable("CLDR's likely subtags are not available")
        return got

    def likely(self, language: str, script: str = "") -> tuple[str, str]:
        """Return the likely (script, region) of *language* (written in *script*); "" where the data has none."""
        hit = self._s.lookup_lsr(language.lower(), script, "")
        if hit is None:
            return "", ""
        _key, (lang, sc, region) = hit
        if lang not in (language.lower(), "und") and not script:
            return "", ""
        return (sc if not script or sc == script else "", region)

    def _scripts_by_region(self) -> dict[str, set[str]]:
        """Return, per language, the scripts of its likely-subtags rows keyed by language and a country.

        One pass over the data, made on first use: a row ``sr-ME`` → ``sr-Latn-ME`` says Serbian is written in
        Latin (in Montenegro). The same rows a look-up of each country would find (it took 0.4 ms a language,
        which ``check --json``'s plausibility notes paid for every new language of a column).
        """
        index = self._region_scripts
        if index is None:
            table = self._registry.table("region")
            regions = {c.lower() for c, r in table.items() if not r.is_range and len(c) == 2}
            index = {}
            for key, (lang, script, _region) in self._s.likely_items():
                head, sep, tail = key.partition("-")
                if sep and tail in regions and lang == head:
                    index.setdefault(head, set()).add(script)
            self._region_scripts = index
        return index

    @property
    def territory_languages(self) -> dict[str, dict[str, str]]:
        """CLDR territoryInfo: {territory: {language or language-script (lower case): population percent}}."""
        return self._s.territory_languages

    def listed_with_script(self, territory: str) -> frozenset[str]:
        """Return the languages CLDR's territoryInfo lists in *territory* (upper case) as ``language-script`` only.

        ``lang in listed_with_script(t)`` tells what ``any(k.startswith(lang + "-") for k in listed)`` tells,
        without a pass over the territory's languages for each question.
        """
        got = self._listed_bases.get(territory)
        if got is None:
            listed = self.territory_languages.get(territory) or {}
            got = self._listed_bases[territory] = frozenset(k.partition("-")[0] for k in listed if "-" in k)
        return got

    def scripts_of(self, language: str) -> tuple[str, ...]:
        """Return the scripts the likely-subtags data writes *language* in, its likely script first."""
        low = language.lower()
        got = self._scripts_cache.get(low)
        if got is None:
            first = self.likely(low)[0]
            found = {first} if first else set()
            found |= self._scripts_by_region().get(low, set())
            got = tuple(sorted(found, key=lambda sc: (sc != first, sc)))
            self._scripts_cache[low] = got
        return got


#: The name index's search as the Build pane's language list uses it: query → (kind, code, name, source), best first.
NameSearch = Callable[[str], Sequence[tuple[str, str, str, str]]]


class NameProvider(Protocol):
    """Give the names of a subtag: one to show, and every name a user may search by."""

    def name(self, kind: str, code: str) -> str | None:
        """Return the name to show for *code* of *kind* ('language', 'script', 'region', 'variant'), or None."""
        ...

    def search_names(self, kind: str, code: str) -> tuple[str, ...]:
        """Return the extra names to search by (display language, autonym); () when there are none."""
        ...


class RegistryNames:
    """Names from the registry's Descriptions only (no display-name data)."""

    def __init__(self, registry: Registry) -> None:
        self._registry = registry

    def name(self, kind: str, code: str) -> str | None:
        """Return the first Description of the record."""
        rec = self._registry.get(kind, code)
        return rec.descriptions[0] if rec is not None and rec.descriptions else None

    def search_names(self, kind: str, code: str) -> tuple[str, ...]:
        """Return nothing: the Descriptions are searched already."""
        return ()


class IndexNames:
    """Names from CLDR's display names (:class:`.name_search.NameIndex` of one display language).

    Shows the name in the display language and searches it, the English name and the autonyms
    ("Deutsch", "español", "日本語"); a subtag CLDR does not name falls back to the registry.
    """

    def __init__(self, index: NameIndex, registry: Registry) -> None:
        self._index = index
        self._registry = RegistryNames(registry)

    @property
    def display(self) -> str:
        """Return the display language of the names."""
        return self._index.display

    def name(self, kind: str, code: str) -> str | None:
        """Return the name in the display language, else the registry's first Description."""
        entry = self._index.get(kind, code)
        return entry.name if entry is not None else self._registry.name(kind, code)

    def search_names(self, kind: str, code: str) -> tuple[str, ...]:
        """Return the display-language name, the English name and the autonyms."""
        entry = self._index.get(kind, code)
        return (entry.name, entry.english, *entry.autonyms) if entry is not None else ()


class Choice(Frozen):
    """One subtag the user can pick at a position, with what the registry says about it."""

    __slots__ = __match_args__ = (
        "kind", "code", "name", "mark", "detail", "target", "enabled", "pinned", "deprecated", "names",
    )  # fmt: skip
    _compared = attrgetter(*__match_args__)

    kind: str  # language, script, region, variant
    code: str  # as written in the registry (a range as 'qaa..qtz')
    name: str
    mark: str  # a short note shown in the list ('' when there is nothing to say)
    detail: str  # the longer explanation: macrolanguage members, advice, the reason it is greyed
    target: str  # the code a choice puts in the tag (the replacement of a deprecated code)
    enabled: bool
    pinned: int  # lower comes first within a rank (likely script, Suppress-Script, likely region)
    deprecated: bool
    names: tuple[str, ...]  # every name searched

    def __init__(
        self,
        kind: str,
        code: str,
        name: str,
        mark: str,
        detail: str,
        target: str,
        enabled: bool = True,
        pinned: int = 9,
        deprecated: bool = False,
        names: tuple[str, ...] = (),
    ) -> None:
        _set(self, "kind", kind)
        _set(self, "code", code)
        _set(self, "name", name)
        _set(self, "mark", mark)
        _set(self, "detail", detail)
        _set(self, "target", target)
        _set(self, "enabled", enabled)
        _set(self, "pinned", pinned)
        _set(self, "deprecated", deprecated)
        _set(self, "names", names)

    @property
    def label(self) -> str:
        """Return 'code — name' for accessible names and messages."""
        return f"{self.code} — {self.name}" if self.name else self.code


class ChoiceIndex:
    """Choices with search keys made once; :meth:`filter` ranks them for a query."""

    __slots__ = (
        "_by_code",
        "_cache",
        "_codes",
        "_exact",
        "_last",
        "_name_search",
        "_order",
        "_starts",
        "_texts",
        "choices",
    )

    def __init__(self, choices: Iterable[Choice]) -> None:
        items = list(choices)
        order = sorted(
            range(len(items)),
            key=lambda i: (items[i].pinned, not items[i].enabled, items[i].deprecated, len(items[i].code),
                           items[i].code.lower()),
        )  # fmt: skip
        self.choices: tuple[Choice, ...] = tuple(items[i] for i in order)
        self._codes = [c.code.lower() for c in self.choices]
        from ..registry.search import fold  # here: the repair (check --json's fix) imports this module, not this

        texts = [" | ".join(fold(n) for n in (c.name, *c.names) if n) for c in self.choices]
        self._texts = texts
        self._starts = [_word_start().sub("\x01", t) for t in texts]
        self._exact = [{fold(n) for n in (c.name, *c.names) if n} for c in self.choices]
        self._order = list(range(len(self.choices)))
        self._cache: dict[str, tuple[list[Choice], list[int]]] = {}
        self._last: tuple[str, list[int]] = ("", [])
        self._name_search: NameSearch | None = None
        self._by_code = {c.code.lower(): c for c in self.choices}

    def set_name_search(self, search: NameSearch | None) -> None:
        """Also search every name people use (names/finder.py), its hits merged in (see :meth:`filter`).

        *search* takes the query and returns (kind, code, name, source) tuples, best first, of
        languages and CLDR dialect tags (``pt-BR``). May be called from a loader thread: one assignment.
        """
        self._cache = {}
        self._name_search = search

    def __len__(self) -> int:
        return len(self.choices)

    def filter(self, query: str, limit: int | None = None) -> list[Choice]:
        """Return the choices matching *query*, best first (all of them, pinned first, for an empty query).

        Typing on narrows: when *query* extends the previous one, only the previous matches are
        tested again (a longer query never matches more), and one-character queries are cached
        (see :meth:`warm`), so each keystroke stays well within a frame over thousands of choices.
        """
        from ..registry.search import fold

        q = fold(query.strip())
        choices = self.choices
        if not q:
            return list(choices[:limit] if limit is not None else choices)
        cached = self._cache.get(q)
        if cached is None:
            cached = self._filter(q)
            if len(q) == 1:
                self._cache[q] = cached
            self._last = (q, cached[1])
        out = cached[0]
        search = self._name_search
        if search is not None and len(q) > 1:
            out = self._merge_names(query, out, search)
        return list(out[:limit] if limit is not None else out)

    def _merge_names(self, query: str, own: list[Choice], search: NameSearch) -> list[Choice]:
        """Put a code typed in full first, then the name index's exact hits, this index's matches, its other hits.

        A hit shows the name it was found by and that name's source in its detail; a CLDR dialect
        tag (``pt-BR`` for "Brazilian Portuguese") becomes a choice whose target is the whole tag.
        """
        from ..names.finder import source_text
        from ..names.finder import words as words_of
        from ..registry.search import fold

        exact: list[Choice] = []
        rest: list[Choice] = []
        seen = {c.code.lower() for c in own}
        wanted = words_of(query)
        for kind, code, name, source in search(query):
            found = self._by_code.get(code.lower())
            if found is not None:
                choice = replace(
                    found,
                    detail=_("Found by the name “{name}” ({source}). {detail}")
                    .format(name=name, source=source_text(source), detail=found.detail)
                    .strip(),
                )
            elif kind == "tag":
                choice = Choice(
                    "language",
                    code,
                    name,
                    _("dialect (CLDR)"),
                    _("“{name}” ({source}) is the tag {tag}.").format(name=name, source=source_text(source), tag=code),
                    code,
                )
            else:
                continue
            if sorted(words_of(name)) == sorted(wanted):
                exact.append(choice)
            elif code.lower() not in seen:
                rest.append(choice)
        # A code typed in full stays first ("en" is English, not the language named "En").
        typed = fold(query.strip())
        codes = [c for c in own if c.code.lower() == typed]
        exact = [c for c in exact if c.code.lower() != typed]
        firsts = {c.code.lower() for c in (*codes, *exact)}
        return (
            codes
            + exact
            + [c for c in own if c.code.lower() not in firsts]
            + [c for c in rest if c.code.lower() not in firsts]
        )

    def warm(self) -> None:
        """Filter every one-letter and one-digit query once, so that the first keystroke is a lookup."""
        for ch in "abcdefghijklmnopqrstuvwxyz0123456789":
            self.filter(ch)

    def _filter(self, q: str) -> tuple[list[Choice], list[int]]:
        """Return the ranked matches of the folded query *q* and their indexes in tie order."""
        choices = self.choices
        split = [w for w in _word_split().split(q) if w]
        words = split or [q]
        marked = ["\x01" + w for w in words]
        codes, texts, starts, exact = self._codes, self._texts, self._starts, self._exact
        first = words[0]
        rest = words[1:]
        last_q, last_hits = self._last
        narrowing = bool(split) and bool(last_q) and q.startswith(last_q) and bool(_word_split().sub("", last_q))
        candidates: Iterable[int] = last_hits if narrowing else range(len(choices))
        # The choices are kept in tie order, so appending to one list per rank needs no sort.
        r0: list[Choice] = []
        r1: list[Choice] = []
        r2e: list[Choice] = []
        r2: list[Choice] = []
        r3e: list[Choice] = []
        r3: list[Choice] = []
        hits: list[int] = []
        m0 = marked[0]
        for i in candidates:
            text = texts[i]
            if first not in text:
                code = codes[i]
                if code.startswith(q):
                    (r0 if code == q else r1).append(choices[i])
                    hits.append(i)
                continue
            code = codes[i]
            if code.startswith(q):
                (r0 if code == q else r1).append(choices[i])
                hits.append(i)
            elif not rest or all(w in text for w in rest):
                hits.append(i)
                ws = starts[i]
                word = m0 in ws and (not rest or all(m in ws for m in marked))
                if q in exact[i]:
                    (r2e if word else r3e).append(choices[i])
                else:
                    (r2 if word else r3).append(choices[i])
        return r0 + r1 + r2e + r2 + r3e + r3, hits


def _mark_deprecated(rec: Record) -> tuple[str, str, str]:
    """Return (mark, detail, target) for a deprecated record."""
    if rec.preferred_value:
        return (
            _("deprecated → {tag}").format(tag=rec.preferred_value),
            _("Deprecated on {date}; choosing it puts its Preferred-Value '{tag}' in the tag.").format(
                date=rec.deprecated, tag=rec.preferred_value
            ),
            rec.preferred_value,
        )
    return (
        _("deprecated"),
        _("Deprecated on {date}, with no replacement.").format(date=rec.deprecated),
        rec.code,
    )


def language_choices(registry: Registry, names: NameProvider | None = None) -> list[Choice]:
    """Return every language record as a choice, marked for what it is (see the module notes)."""
    names = names or RegistryNames(registry)
    out = []
    lang = registry.table("language")
    for rec in registry.records:
        if rec.type != "language":
            continue
        code = rec.code
        first = rec.range_bounds[0] if rec.range_bounds else code
        name = names.name("language", first) if not rec.is_range else None
        name = name or rec.descriptions[0]
        marks: list[str] = []
        details: list[str] = []
        target = first
        if rec.is_deprecated:
            m, d, target = _mark_deprecated(rec)
            marks.append(m)
            details.append(d)
        low = first.lower()
        if low in SPECIAL_NOTES:
            mark, detail = _SPECIAL_SHOWN[low]
            marks.append(_(mark))
            details.append(_(detail))
        elif rec.scope == "private-use":
            marks.append(_("private use"))
            details.append(
                _("Private use ({code}): means something only to parties that agreed on it.").format(code=rec.code)
            )
        elif rec.scope == "collection":
            marks.append(_("collection"))
            details.append(_("A collection of languages (Scope: collection), not one language."))
        elif rec.scope == "macrolanguage":
            members = registry.members(first)
            langs = [m for m in members if m.type == "language"]
            marks.append(
                ngettext("macrolanguage of {count}", "macrolanguage of {count}", len(langs)).format(
                    count=format_number(len(langs))
                )
            )
            shown = ", ".join(f"{m.code} ({m.descriptions[0]})" for m in langs)
            details.append(
                _("Macrolanguage; its members: {members}. A member is more precise when it is known.").format(
                    members=shown
                )
            )
            details.extend(rec.comments)
        if rec.macrolanguage:
            macro = lang.get(rec.macrolanguage.lower())
            marks.append(_("in {macrolanguage}").format(macrolanguage=rec.macrolanguage))
            if macro is not None and macro.comments:
                member = _(
                    "A member of the macrolanguage {macrolanguage} ({name}); {section} prefers the member when it is "
                    "the language meant. The registry says: {comments}"
                )
            elif macro is not None:
                member = _(
                    "A member of the macrolanguage {macrolanguage} ({name}); {section} prefers the member when it is "
                    "the language meant."
                )
            else:
                member = _(
                    "A member of the macrolanguage {macrolanguage}; {section} prefers the member when it is "
                    "the language meant."
                )
            details.append(
                member.format(
                    macrolanguage=rec.macrolanguage,
                    name=macro.descriptions[0] if macro is not None else "",
                    section="RFC 5646 §4.1.1",
                    comments=" ".join(macro.comments) if macro is not None else "",
                )
            )
        if registry.get("extlang", first) is not None:
            details.append(_("Also an extended language subtag: the extlang form writes it after its Prefix."))
        out.append(
            Choice("language", code, name, "; ".join(marks), " ".join(details), target,
                   deprecated=rec.is_deprecated, names=(*rec.descriptions, *names.search_names("language", first)))
        )  # fmt: skip
    return out


def script_choices(
    registry: Registry,
    language: str | None,
    likely: Likely | None = None,
    names: NameProvider | None = None,
    present: str = "",
    sil: SilData | None = None,
) -> list[Choice]:
    """Return every script, the language's Suppress-Script and likely script pinned first and explained.

    The script *present* in the tag says "in the tag (Enter removes it)", as the variants do. With
    *sil*, the scripts SIL's langtags data lists for the language follow CLDR's, each mark saying
    whose it is: Suppress-Script, CLDR's likely script, SIL's default script and CLDR's other
    scripts, then SIL's other scripts.
    """
    names = names or RegistryNames(registry)
    lrec = registry.get("language", language) if language else None
    suppressed = lrec.suppress_script.lower() if lrec is not None and lrec.suppress_script else None
    likely_script = likely.likely(language)[0] if likely is not None and language else None
    likely_low = likely_script.lower() if likely_script else None
    written = {sc.lower() for sc in likely.scripts_of(language)} if likely is not None and language else set()
    sil_scripts = {sc.lower() for sc in sil.scripts_of(language)} if sil is not None and language else set()
    sil_default = sil.default_script(language).lower() if sil is not None and language else ""
    out = []
    for rec in registry.records:
        if rec.type != "script":
            continue
        first = rec.range_bounds[0] if rec.range_bounds else rec.code
        low = first.lower()
        name = (names.name("script", first) if not rec.is_range else None) or rec.descriptions[0]
        marks, details, target, pinned = [], [], cased("script", first), 9
        if rec.is_deprecated:
            m, d, target = _mark_deprecated(rec)
            marks.append(m)
            details.append(d)
        if low == suppressed:
            pinned = 0
            marks.append(_("adds nothing to {language}").format(language=language))
            details.append(
                _(
                    "'{language}' has Suppress-Script {script}: {language} is written in {name} unless said otherwise, "
                    "so adding {script} adds nothing ({section})."
                ).format(language=language, script=first, name=name, section="RFC 5646 §3.1.9, §4.1")
            )
        if low == likely_low and low != suppressed:
            pinned = min(pinned, 1)
            marks.append(_("likely for {tag} (CLDR)").format(tag=language))
            details.append(
                _("'{tag}' alone most likely means {name} (CLDR likely subtags).").format(tag=language, name=name)
            )
        if low in written and low != likely_low and low != suppressed:
            pinned = min(pinned, 2)
            marks.append(_("also used for {tag} (CLDR)").format(tag=language))
            details.append(
                _("CLDR's likely-subtags data also writes '{tag}' in {name}.").format(tag=language, name=name)
            )
        if low == sil_default:
            pinned = min(pinned, 2)
            marks.append(_("default for {tag} (SIL)").format(tag=language))
            details.append(
                _("SIL's langtags data writes '{tag}' in {name} by default (SIL's answer, not CLDR's).").format(
                    tag=language, name=name
                )
            )
        elif low in sil_scripts:
            pinned = min(pinned, 3)
            marks.append(_("also used for {tag} (SIL)").format(tag=language))
            details.append(_("SIL's langtags data also lists {name} for '{tag}'.").format(tag=language, name=name))
        if rec.is_private_use:
            marks.append(_("private use"))
        if present and low == present.lower():
            marks.insert(0, _("in the tag (Enter removes it)"))
        out.append(Choice("script", rec.code, name, "; ".join(marks), " ".join(details), target, pinned=pinned,
                          deprecated=rec.is_deprecated,
                          names=(*rec.descriptions, *names.search_names("script", first))))  # fmt: skip
    return out


def region_choices(
    registry: Registry,
    language: str | None,
    likely: Likely | None = None,
    names: NameProvider | None = None,
    script: str = "",
    present: str = "",
    sil: SilData | None = None,
) -> list[Choice]:
    """Return every region and UN M.49 area, the likely region first; deprecated ones lead to their replacement.

    The region *present* in the tag says "in the tag (Enter removes it)", as the variants do. With
    *sil*, the regions of SIL's tag sets for the language (and script) follow CLDR's likely one:
    SIL's default region, then the others SIL lists, each mark saying it is SIL's.
    """
    names = names or RegistryNames(registry)
    likely_region = likely.likely(language, script)[1] if likely is not None and language else None
    likely_low = likely_region.lower() if likely_region else None
    sil_regions = [r.lower() for r in sil.regions_of(language, script)] if sil is not None and language else []
    sil_default = sil_regions[0] if sil_regions else ""
    out = []
    for rec in registry.records:
        if rec.type != "region":
            continue
        first = rec.range_bounds[0] if rec.range_bounds else rec.code
        name = (names.name("region", first) if not rec.is_range else None) or rec.descriptions[0]
        marks, details, target, pinned = [], [], cased("region", first), 9
        if rec.is_deprecated:
            m, d, target = _mark_deprecated(rec)
            marks.append(m)
            details.append(d)
        if first.isdigit():
            marks.append(_("UN M.49 area"))
            details.append(
                _("A UN M.49 area code: for a group of countries ({section}).").format(section="RFC 5646 §2.2.4")
            )
        if first.lower() == likely_low:
            pinned = 0
            who = f"{language}-{script}" if script else language
            marks.append(_("likely for {tag} (CLDR)").format(tag=who))
            details.append(
                _("'{tag}' alone most likely means {name} (CLDR likely subtags).").format(tag=who, name=name)
            )
        if sil_regions and first.lower() in sil_regions:
            who = f"{language}-{script}" if script else language
            if first.lower() == sil_default:
                pinned = min(pinned, 1)
                marks.append(_("default for {tag} (SIL)").format(tag=who))
                details.append(
                    _("SIL's langtags data places '{tag}' in {name} by default (SIL's answer, not CLDR's).").format(
                        tag=who, name=name
                    )
                )
            else:
                pinned = min(pinned, 2)
                marks.append(_("also used for {tag} (SIL)").format(tag=who))
                details.append(
                    _("SIL's langtags data also has a tag set of '{tag}' for {name}.").format(tag=who, name=name)
                )
        if rec.is_private_use:
            marks.append(_("private use"))
        if present and first.lower() == present.lower():
            marks.insert(0, _("in the tag (Enter removes it)"))
        out.append(Choice("region", rec.code, name, "; ".join(marks), " ".join(details), target, pinned=pinned,
                          deprecated=rec.is_deprecated,
                          names=(*rec.descriptions, *names.search_names("region", first))))  # fmt: skip
    return out


def variant_choices(registry: Registry, head: Sequence[str], variants: Sequence[str]) -> list[Choice]:
    """Return every variant: those whose Prefix the tag so far can meet enabled, the others greyed with why."""
    from ..registry.placement import prefix_table, variant_fit

    table = prefix_table(registry)
    out = []
    for rec in registry.records:
        if rec.type != "variant":
            continue
        fit = variant_fit(head, variants, rec.code, table, rec.prefixes) if head else None
        enabled = fit is None or fit.fits
        marks, details, target = [], [], rec.code.lower()
        if rec.is_deprecated:
            m, d, target = _mark_deprecated(rec)
            marks.append(m)
            details.append(d)
        if fit is not None and fit.present:
            marks.append(_("in the tag (Enter removes it)"))
        elif fit is not None and not fit.fits:
            marks.append(fit.reason)
            details.append(fit.detail)
        elif fit is None:
            marks.append(_("choose a language first"))
            enabled = False
        if rec.prefixes:
            details.append(_("Prefix: {prefixes}.").format(prefixes=", ".join(rec.prefixes)))
        else:
            details.append(_("No Prefix: usable with any language."))
        details.extend(rec.comments)
        pinned = 0 if enabled and rec.prefixes else (1 if enabled else 9)
        out.append(Choice("variant", rec.code, rec.descriptions[0], "; ".join(marks), " ".join(details), target,
                          enabled=enabled, pinned=pinned, deprecated=rec.is_deprecated,
                          names=rec.descriptions[1:]))  # fmt: skip
    return out


def script_advice(registry: Registry, language: str, likely: Likely | None, names: NameProvider | None = None) -> str:
    """Explain the scripts of *language*: "sr is written in Cyrillic and Latin; sr alone means Cyrillic."

    >>> from bcp47_explorer.core.data import bundled_registry, bundled_supplemental
    >>> reg = bundled_registry()
    >>> script_advice(reg, "sr", Likely(bundled_supplemental(), reg))
    "'sr' is written in Cyrillic and Latin; 'sr' alone means Cyrillic (CLDR likely subtags)."
    >>> script_advice(reg, "en", Likely(bundled_supplemental(), reg)).split("; ")[1]
    "'en' alone means Latin, and its Suppress-Script Latn says a script subtag adds nothing."
    """
    names = names or RegistryNames(registry)

    def name(code: str) -> str:
        return names.name("script", code) or code

    lrec = registry.get("language", language)
    sup = lrec.suppress_script if lrec is not None else None
    scripts = likely.scripts_of(language) if likely is not None else ()
    first = likely.likely(language)[0] if likely is not None else ""
    parts = []
    if scripts:
        shown = [name(sc) for sc in scripts]
        joined = format_list(shown)
        parts.append(_("'{tag}' is written in {scripts}").format(tag=language, scripts=joined))
    if sup:
        parts.append(
            _("'{tag}' alone means {name}, and its Suppress-Script {script} says a script subtag adds nothing").format(
                tag=language, name=name(sup), script=sup
            )
        )
    elif first:
        parts.append(_("'{tag}' alone means {name} (CLDR likely subtags)").format(tag=language, name=name(first)))
    if not parts:
        return _("The data says nothing about the script of '{tag}'.").format(tag=language)
    return _("{advice}.").format(advice="; ".join(parts))


def sil_note(
    registry: Registry,
    language: str,
    script: str,
    likely: Likely | None,
    sil: SilData | None,
    names: NameProvider | None = None,
    kind: str = "script",
) -> str:
    """Say what SIL's langtags data adds for *language* (and *script*), apart from CLDR's verdict; "" if nothing.

    A language CLDR's likely subtags cannot maximize gets SIL's full tag, said to be SIL's answer;
    otherwise SIL's full tag is named when it differs from CLDR's. Then SIL's scripts are listed
    (*kind* "script") or its regions for the language and script (*kind* "region", the first 12).

    >>> from bcp47_explorer.core.data import bundled_registry, bundled_sil, bundled_supplemental
    >>> reg = bundled_registry()
    >>> sil_note(reg, "gsg", "", Likely(bundled_supplemental(), reg), bundled_sil())
    "CLDR's likely subtags cannot maximize 'gsg'. SIL's answer: gsg-Zxxx-DE \
(Code for unwritten documents, Germany). The scripts SIL lists for 'gsg': Code for unwritten documents (Zxxx)."
    """
    if sil is None or not language:
        return ""
    names = names or RegistryNames(registry)
    who = f"{language}-{script}" if script else language
    full = sil.maximal(who) or (sil.maximal(language) if script else None)
    scripts = sil.scripts_of(language)
    if not full and not scripts:
        return ""
    parts = []
    cldr_script, cldr_region = likely.likely(language, script) if likely is not None else ("", "")
    if full:
        sub = full.split("-")
        shown = [names.name("script", p) or p for p in sub[1:] if len(p) == 4 and p.isalpha()]
        shown += [names.name("region", p) or p for p in sub[1:] if len(p) == 2 or (len(p) == 3 and p.isdigit())]
        about = f" ({', '.join(shown)})" if shown else ""
        if not cldr_script and not cldr_region:
            parts.append(f"CLDR's likely subtags cannot maximize '{who}'. SIL's answer: "
                         f"{full}{about}.")  # fmt: skip
        else:
            cldr_full = "-".join(p for p in (language, script or cldr_script, cldr_region) if p)
            if cldr_full.lower() != full.lower():
                parts.append(f"SIL's full tag for '{who}' is {full}{about}; CLDR's likely subtags give {cldr_full}.")
    if kind == "region":
        regions = sil.regions_of(language, script)
        if regions:
            listed = ", ".join(f"{names.name('region', r) or r} ({r})" for r in regions[:12])
            more = f" … ({len(regions)} in all)" if len(regions) > 12 else ""
            parts.append(f"The regions SIL lists for '{who}': {listed}{more}.")
    elif scripts:
        listed = ", ".join(f"{names.name('script', sc) or sc} ({sc})" for sc in scripts)
        parts.append(f"The scripts SIL lists for '{language}': {listed}.")
    return " ".join(parts)
