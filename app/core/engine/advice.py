"""Diagnostics beyond the grammar: registry validity (RFC 5646 §2.2.9), CLDR checks of -u-/-t-, and advice.

Validity errors (an unknown subtag, a duplicate variant) and advice (deprecated subtags,
Prefix, Suppress-Script, macrolanguages, private use, case) are added to a well-formed
:class:`~.grammar.Parse`. Whether a registered subtag draws any advice depends only on its
record, so that is worked out once per subtag and remembered (``advice_free``): a clean
tag's head then costs a few dict lookups.

>>> from bcp47_explorer.core.data import bundled_registry
>>> from bcp47_explorer.core.grammar.parser import parse
>>> adv = Advisor(Tables(bundled_registry()), bundled_registry().file_date, None, frozenset("tu"))
>>> p = parse("iw-Latn-IL")
>>> adv.validate(p)
>>> [d.code for d in p.diags]
['deprecated']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import partial

from ..grammar import diagnostics as M
from ..grammar.parser import MAX_FIX_INPUT, Extension, Parse, Token, drop_span
from ..grammar.quoting import excerpt
from ..grammar.syntax import GRANDFATHERED, KIND_NAMES, REGULAR, REGULAR_FIRST, cased
from ..grammar.values import Canonicalization, Fix
from ..text.catalogue import _, forget_on_language_change, pgettext
from .canonical import case_reason
from .tables import Tables

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    from typing import Any

    from ..cldr.model import CldrData, KeywordProblem
    from ..registry.model import Record
    from ..registry.placement import PrefixTable

__all__ = ["Advisor", "CASE_EXCERPT"]

# Codes people often type for another one; offered only when the typed code is not registered.
_LANGUAGE_HINTS = {
    "jp": "ja",
    "ge": "ka",
    "kz": "kk",
    "sp": "es",
    "cn": "zh",
    "cz": "cs",
    "dk": "da",
    "gr": "el",
    "ua": "uk",
    "kr": "ko",
    "vn": "vi",
    "eng": "en",
    "fre": "fr",
    "fra": "fr",
    "ger": "de",
    "deu": "de",
    "spa": "es",
    "ita": "it",
    "jpn": "ja",
    "chi": "zh",
    "zho": "zh",
    "rus": "ru",
    "por": "pt",
    "dut": "nl",
    "nld": "nl",
    "ara": "ar",
    "kor": "ko",
    "pol": "pl",
    "swe": "sv",
    "tur": "tr",
    "gre": "el",
    "ell": "el",
    "heb": "he",
    "hin": "hi",
}
_REGION_HINTS = {"uk": "GB", "el": "GR", "ja": "JP", "en": "GB"}
# A language's code written again as its region (ko-KO, uk-UK, he-HE): the country CLDR's likely subtags give it.
_DOUBLED_REGIONS = {
    "uk": "UA", "ko": "KR", "he": "IL", "ja": "JP", "da": "DK", "el": "GR", "zh": "CN", "hi": "IN",
    "fa": "IR", "sq": "AL", "ka": "GE", "kk": "KZ", "ur": "PK", "sl": "SI", "et": "EE", "ga": "IE",
}  # fmt: skip
_LEGACY_SCRIPTS = {"chs": "Hans", "cht": "Hant"}  # zh-CHS, zh-CHT: Chinese in the Simplified, Traditional script
# The case note quotes the tag as it should be written: at most this much of it (a huge tag is cut).
CASE_EXCERPT = _CASE_EXCERPT = 120
_PREFERRED_TAG = re.compile(r"Preferred tag is (\S+)")
_REGULAR_LONGEST_FIRST = sorted(REGULAR, key=len, reverse=True)


# The most keywords as written whose CLDR findings :class:`ExtensionAdvisor` keeps.
_MEMO_MAX = 20_000


class ExtensionAdvisor:
    """Add the diagnostics of extensions: registration (RFC 5646 §3.7), and CLDR's word on -u- and -t-."""

    __slots__ = ("__weakref__", "_problems", "_quiet_keywords", "cldr", "registered", "tables", "walk_ref")

    def __init__(self, tables: Tables, cldr: CldrData | None, registered: frozenset[str]) -> None:
        self.tables = tables
        # A weak reference to the fast path's walk of extensions with this advisor (fastpath.extension_walk's).
        self.walk_ref: Callable[[], Any] | None = None
        self.cldr = cldr
        self.registered = registered  # the singletons of the Language Tag Extensions Registry
        self._quiet_keywords: dict[tuple[str, str, str], bool] = {}
        # CLDR's findings on a keyword or field with its values as written (their wording depends on them alone)
        self._problems: dict[tuple[str, ...], Sequence[KeywordProblem]] = {}
        forget_on_language_change(self, ExtensionAdvisor._forget)  # the findings kept are worded

    def validate(self, p: Parse) -> None:
        """Add the diagnostics of the extensions: registration, and CLDR's word on -u- and -t-."""
        if not p.extensions:
            return
        cldr = self.cldr
        known = self._quiet_keywords
        done: set[str] = set()
        for ext in p.extensions:
            stok = ext.singleton
            s = stok[0].lower()
            if s not in self.registered and s not in done:
                p.add(
                    M.UNREGISTERED_EXTENSION,
                    stok[1],
                    stok[2],
                    singleton=stok[0],
                    registered=", ".join(repr(x) for x in sorted(self.registered)),
                )
            if s in done:
                continue
            done.add(s)
            if s not in ("u", "t"):
                continue
            if cldr is None:
                p.add(M.CLDR_MISSING, stok[1], stok[2], singleton=s)
                continue
            if s == "u":
                seen: set[str] = set()
                for key, types in ext.keywords:
                    k = key[0].lower()
                    if k in seen:
                        continue
                    seen.add(k)
                    if len(types) < 2:
                        value = types[0][0].lower() if types else ""
                        quiet = known.get(("u", k, value))  # keyword_quiet's memo, read here first
                        if quiet or (quiet is None and self.keyword_quiet("u", k, value)):
                            continue
                    self.add_problems(p, self._keyword_problems("u", k, types), key, types)
            else:
                self._validate_tlang(p, ext)
                seen = set()
                for key, values in ext.keywords:
                    k = key[0].lower()
                    if k in seen or not values:
                        continue
                    seen.add(k)
                    if len(values) == 1:
                        value = values[0][0].lower()
                        quiet = known.get(("t", k, value))
                        if quiet or (quiet is None and self.keyword_quiet("t", k, value)):
                            continue
                    self.add_problems(p, self._keyword_problems("t", k, values), key, values)

    def _forget(self) -> None:
        self._problems.clear()

    def _keyword_problems(self, singleton: str, key: str, values: Sequence[Token]) -> Sequence[KeywordProblem]:
        """Return CLDR's findings on the -u- keyword or -t- field *key* (lowercase) with *values* as written.

        Worked out once per keyword as written (the findings' wording quotes the values), in a memo
        that starts again when it grows past :data:`_MEMO_MAX` entries (an endless input stays bounded).
        """
        return self.keyword_findings(singleton, key, [x[0] for x in values])

    def keyword_findings(self, singleton: str, key: str, values: Sequence[str]) -> Sequence[KeywordProblem]:
        """Return CLDR's findings on the -u- keyword or -t- field *key* (lowercase) with the *values* as written.

        What :meth:`validate` adds for it (remembered: see :meth:`_keyword_problems`).
        """
        memo = self._problems
        memo_key = (singleton, key, *values)
        got = memo.get(memo_key)
        if got is None:
            cldr = self.cldr
            assert cldr is not None
            if singleton == "u":
                got = cldr.check_u_keyword(
                    key, list(memo_key[2:]), is_script=self.tables.is_script, is_region=self.tables.is_region
                )
            else:
                got = cldr.check_t_field(key, list(memo_key[2:]))
            if len(memo) >= _MEMO_MAX:
                memo.clear()
            memo[memo_key] = got = tuple(got)
        return got

    def keyword_quiet(self, singleton: str, key: str, value: str) -> bool:
        """Tell whether CLDR finds nothing to say about the -u- keyword or -t- field *key* with one *value*.

        CLDR data, worked out once per (key, value) by running the check itself; *value* may be
        '' for a -u- key without a type.
        """
        known = self._quiet_keywords
        got = known.get((singleton, key, value))
        if got is None:
            cldr = self.cldr
            assert cldr is not None
            values = [value] if value else []
            if singleton == "u":
                probs = cldr.check_u_keyword(
                    key, values, is_script=self.tables.is_script, is_region=self.tables.is_region
                )
            else:
                probs = cldr.check_t_field(key, values)
            got = known[(singleton, key, value)] = not probs
        return got

    def add_problems(self, p: Parse, probs: Sequence[KeywordProblem], key: Token, values: Sequence[Token]) -> None:
        """Add CLDR's findings *probs* on the keyword or field *key* with *values* to *p* as diagnostics, with fixes."""
        for prob in probs:
            if prob.index < 0 or prob.index >= len(values):
                start, end = key[1], (values[-1][2] if values and prob.index >= 0 else key[2])
            else:
                start, end = values[prob.index][1], values[prob.index][2]
            fix = None
            if prob.replacement is not None and values and len(p.text) <= MAX_FIX_INPUT:
                new = "-".join(prob.replacement)
                a, b = values[0][1], values[-1][2]
                if prob.index < 0 and prob.code.startswith("deprecated-") and prob.replacement:
                    a, b = key[1], key[2]
                if new:
                    label = _("Replace '{old}' with '{new}'").format(old=p.text[a:b], new=new)
                    fix = Fix(label, p.text[:a] + new + p.text[b:])
                else:
                    fix = Fix(_("Drop '{old}'").format(old=p.text[a:b]), p.text[: a - 1] + p.text[b:])
            row = M.BY_CODE.get(prob.code)
            section = row[0].section if row else ""
            p.add_diagnostic(M.make_diagnostic(prob.code, prob.severity, start, end, prob.message, fix, section))

    def _validate_tlang(self, p: Parse, ext: Extension) -> None:
        by_type = self.tables.by_type
        for tok, kind in ext.tlang:
            name = KIND_NAMES[kind]
            if tok[0].lower() not in by_type[name]:
                p.add(M.UNKNOWN_T[name], tok[1], tok[2], code=tok[0])


class Advisor:
    """Add validity and advice diagnostics to well-formed parses, for one registry (and CLDR)."""

    __slots__ = ("_quiet", "extensions", "file_date", "tables")

    def __init__(self, tables: Tables, file_date: str, cldr: CldrData | None, registered: frozenset[str]) -> None:
        self.tables = tables
        self.file_date = file_date
        self.extensions = ExtensionAdvisor(tables, cldr, registered)
        # Per subtag type: lowercase code -> whether the registry gives it no advice (filled on use).
        self._quiet: dict[str, dict[str, bool]] = {k: {} for k in KIND_NAMES}

    @property
    def cldr(self) -> CldrData | None:
        """Return the CLDR data the -u-/-t- checks use (None: syntax checks only)."""
        return self.extensions.cldr

    # ----------------------------------------------------------------- entry points
    def validate(self, p: Parse) -> None:
        """Add registry, CLDR and advice diagnostics to a well-formed parse."""
        self.validate_head(p)
        self.extensions.validate(p)

    def validate_clean(self, p: Parse) -> None:
        """Validate a parse whose tag the fast path found clean: skip the head when it draws no advice."""
        if not self.quiet_head(p):
            self.validate_head(p)
        self.extensions.validate(p)

    def quiet_head(self, p: Parse) -> bool:
        """Tell whether :meth:`validate_head` would add nothing to *p* (False when unsure)."""
        lang_tok = p.language
        if lang_tok is None or p.extlangs or p.variants or p.grandfathered is not None:
            return False
        lang = lang_tok[0].lower()
        quiet = self._quiet
        if not (quiet["language"].get(lang) or self.advice_free("language", lang)) or lang in REGULAR_FIRST:
            return False
        if p.script is not None:
            code = p.script[0].lower()
            if not (quiet["script"].get(code) or self.advice_free("script", code)):
                return False
            if _suppresses(self.tables.lang[lang], p):
                return False
        if p.region is not None:
            code = p.region[0].lower()
            if not (quiet["region"].get(code) or self.advice_free("region", code)):
                return False
        return True

    def advice_free(self, kind: str, code: str) -> bool:
        """Tell whether the registry has the subtag *code* (lowercase) of *kind* and no advice on it.

        Registry data, worked out once per subtag by running :meth:`advise_record` on the bare code.
        """
        known = self._quiet[kind]
        got = known.get(code)
        if got is None:
            rec = self.tables.by_type[kind].get(code)
            if rec is None:
                got = False
            else:
                probe = Parse(code)
                self.advise_record(probe, (code, 0, len(code)), rec, kind)
                got = not probe.diags
            known[code] = got
        return got

    # ------------------------------------------------------------- before the singletons
    def validate_head(self, p: Parse) -> None:
        """Add the diagnostics of the subtags before the first singleton (or of a whole-tag record)."""
        t = self.tables
        if p.grandfathered is not None:
            self.advise_whole_tag(p)
            return
        if p.language is None:
            p.add(M.PRIVATE_USE_TAG, 0, len(p.text))
            return
        lang_tok = p.language
        lang = lang_tok[0].lower()
        low = p.text.lower()
        for g in _REGULAR_LONGEST_FIRST if lang in REGULAR_FIRST else ():
            if low.startswith(g + "-"):
                p.add(M.GRANDFATHERED_PREFIX, 0, len(g), tag=GRANDFATHERED[g])
                break
        lrec = t.lang.get(lang)
        if lrec is None:
            self.unknown(p, lang_tok, "language")
        else:
            self.advise_record(p, lang_tok, lrec, "language")
        for i, tok in enumerate(p.extlangs):
            code = tok[0].lower()
            if i > 0:
                p.add(M.EXTLANG_POSITION, tok[1], tok[2], partial(drop_span, p.text, tok[1], tok[2]), code=tok[0])
                continue
            rec = t.extlang.get(code)
            if rec is None:
                self.unknown(p, tok, "extlang")
                continue
            prefix = t.extlang_prefix.get(code)
            if prefix is not None and prefix != lang:
                fixed = p.text[: lang_tok[1]] + prefix + p.text[lang_tok[2] :]
                p.add(
                    M.EXTLANG_PREFIX,
                    tok[1],
                    tok[2],
                    fixed,
                    code=tok[0],
                    description=rec.description,
                    prefix=prefix,
                    language=lang_tok[0],
                )
            self.advise_record(p, tok, rec, "extlang")
        if p.script is not None:
            rec = t.script.get(p.script[0].lower())
            if rec is None:
                self.unknown(p, p.script, "script")
            else:
                self.advise_record(p, p.script, rec, "script")
                if lrec is not None and _suppresses(lrec, p):
                    p.add(
                        M.SUPPRESS_SCRIPT,
                        p.script[1],
                        p.script[2],
                        drop_span(p.text, p.script[1], p.script[2]),
                        code=p.script[0],
                        language=lang_tok[0],
                        description=lrec.descriptions[0],
                        script=lrec.suppress_script,
                    )
        if p.region is not None:
            rec = t.region.get(p.region[0].lower())
            if rec is None:
                self.unknown(p, p.region, "region")
            else:
                self.advise_record(p, p.region, rec, "region")
        self._validate_variants(p, lang)

    def _validate_variants(self, p: Parse, lang: str) -> None:
        t = self.tables
        seen: set[str] = set()
        before = [lang]
        before += [x[0].lower() for x in p.extlangs]
        if p.script is not None:
            before.append(p.script[0].lower())
        if p.region is not None:
            before.append(p.region[0].lower())
        head = list(before)
        for tok in p.variants:
            code = tok[0].lower()
            if code in seen:
                p.add(M.DUPLICATE_VARIANT, tok[1], tok[2], partial(drop_span, p.text, tok[1], tok[2]), code=tok[0])
                continue
            seen.add(code)
            rec = t.variant.get(code)
            if rec is None:
                self.unknown(p, tok, "variant")
            else:
                self.advise_record(p, tok, rec, "variant")
                prefixes = t.variant_prefixes.get(code, ())
                if prefixes and not any(_subsequence(pre, before) for pre in prefixes):
                    if _add_reorder(p, tok, rec, head, t.variant_prefixes):
                        before.append(code)
                        continue
                    p.add(
                        M.VARIANT_PREFIX,
                        tok[1],
                        tok[2],
                        code=tok[0],
                        description=rec.descriptions[0],
                        prefixes=alternatives(rec.prefixes),
                    )
            before.append(code)

    def unknown(self, p: Parse, tok: Token, kind: str) -> None:
        """Report a subtag of *kind* the registry does not hold, with a hint when it looks like a slip."""
        code = tok[0]
        low = code.lower()
        notes: list[str] = []  # further sentences of the message, each a whole template
        hint, hint_kind, iso = None, kind, None
        if kind == "language":
            if len(code) == 4:
                notes.append(_("Four-letter primary language subtags are reserved for future use"))
            elif len(code) >= 5:
                notes.append(_("Five- to eight-letter primary language subtags exist only once registered"))
            # A code of two or three letters is read as a code, never as a name ('ron' is Romanian's ISO 639-2/T
            # code, not "Ron", a language of Nigeria): CLDR's languageAlias first, then the slips people type.
            hint = self._iso639_hint(low, p) or _LANGUAGE_HINTS.get(low)  # 'ron', 'ger', 'jp'
            if hint is None and len(low) >= 4:
                hint = self.tables.language_named(low)  # 'english'
            if hint is None and low in self.tables.extlang:
                notes.append(
                    _("'{code}' is an extended language subtag; as a primary language use '{code}' itself").format(
                        code=low
                    )
                )
        elif kind == "region":
            lang = p.language[0].lower() if p.language else ""
            # The language's code written again as the region (ko-KO): the language's usual country first.
            hint = _DOUBLED_REGIONS.get(low) if low == lang else None
            if hint is not None and _REGION_HINTS.get(low, hint) != hint:
                notes.append(
                    _("'{code}' is also ISO 3166's reserved code for '{region}'").format(
                        code=code, region=_REGION_HINTS[low]
                    )
                )
            hint = hint or _REGION_HINTS.get(low)
        elif kind == "extlang" and low in _LEGACY_SCRIPTS and p.language and p.language[0].lower() == "zh":
            hint, hint_kind = _LEGACY_SCRIPTS[low], "script"  # .NET's zh-CHS and zh-CHT
            notes.append(
                _("'{tag}' is an old .NET culture name; BCP 47 writes the script instead").format(tag=f"zh-{code}")
            )
        if hint is None and kind in ("extlang", "region") and self.cldr is not None:
            # ISO 3166's other codes of a country: 'en-USA' (read as an extlang), 'en-840' -> 'US'.
            iso = kind
            hint = (self.cldr.region_by_alpha3 if kind == "extlang" else self.cldr.region_by_numeric).get(low)
            hint_kind = "region"
        rec = self.tables.by_type[hint_kind].get(hint.lower()) if hint is not None else None
        fix = None
        if hint is not None and rec is not None and not rec.deprecated and not rec.is_private_use:
            if iso is not None:
                iso_note = (
                    _(
                        "'{code}' is ISO 3166's three-letter code of '{region}' ({name}), "
                        "whose subtag is its two letters"
                    )
                    if iso == "extlang"
                    else _(
                        "'{code}' is ISO 3166's numeric code of '{region}' ({name}), whose subtag is its two letters"
                    )
                )
                notes.append(iso_note.format(code=code, region=hint, name=rec.descriptions[0]))
            notes.append(_("Did you mean '{hint}'?").format(hint=hint))
            fix = p.text[: tok[1]] + hint + p.text[tok[2] :]
        # TRANSLATORS: one more sentence after a diagnostic's first ({sentence} is already translated).
        further = pgettext("next sentence", ". {sentence}") if notes else ""
        p.add(
            M.UNKNOWN[kind],
            tok[1],
            tok[2],
            fix,
            code=code,
            date=self.file_date,
            extra="".join(further.format(sentence=note) for note in notes),
            hint=hint,
        )

    def _iso639_hint(self, low: str, p: Parse) -> str | None:
        """Return the two-letter subtag CLDR's languageAlias gives a three-letter ISO 639 code, or None.

        Only the rows for ISO 639-2/T and 639-3 codes (reason ``overlong``: ``ron`` → ``ro``), 639-2/B codes
        (``bibliographic``: ``ger`` → ``de``) and the withdrawn 639-2/B ``scc``/``scr``, whose replacement is a
        single registered language subtag.
        """
        cldr = self.cldr
        if cldr is None or len(low) != 3:
            return None
        target = cldr.language_aliases.get(low)
        if target is None or cldr.language_alias_reasons.get(low) not in ("overlong", "bibliographic", "deprecated"):
            return None
        rec = self.tables.lang.get(target.lower())
        return target.lower() if rec is not None and not rec.deprecated else None

    @staticmethod
    def record_is_quiet(rec: Record, kind: str, code: str) -> bool:
        """Tell whether :meth:`advise_record` adds nothing for *code* (lowercase), a subtag of *kind* with record *rec*.

        The conditions of :meth:`advise_record`, in brief (a test runs both over the registry).
        """
        if rec.deprecated or kind == "extlang":
            return False
        if kind == "language":
            return (
                code not in M.SPECIAL
                and rec.scope not in ("private-use", "collection", "macrolanguage")
                and not rec.macrolanguage
            )
        return not rec.is_private_use

    def advise_record(self, p: Parse, tok: Token, rec: Record, kind: str) -> None:
        """Add deprecation, scope and private-use advice for one registered subtag."""
        code = tok[0]
        if rec.deprecated:
            if rec.preferred_value:
                p.add_to_canonical(
                    M.DEPRECATED[kind],
                    tok[1],
                    tok[2],
                    code=code,
                    description=rec.descriptions[0],
                    date=rec.deprecated,
                    preferred=rec.preferred_value,
                )
            else:
                p.add(
                    M.DEPRECATED_NO_REPLACEMENT[kind],
                    tok[1],
                    tok[2],
                    code=code,
                    description=rec.descriptions[0],
                    date=rec.deprecated,
                )
            for comment in rec.comments:
                m = _PREFERRED_TAG.match(comment)
                if m:
                    tail = (
                        p.text[p.extensions[0].singleton[1] - 1 :]
                        if p.extensions
                        else (p.text[p.x_token[1] - 1 :] if p.x_token else "")
                    )
                    p.add(
                        M.PREFERRED_TAG,
                        tok[1],
                        tok[2],
                        m.group(1) + tail,
                        code=code,
                        comment=comment,
                        preferred=m.group(1),
                    )
        if kind == "extlang":
            p.add_to_canonical(
                M.EXTLANG_FORM,
                tok[1],
                tok[2],
                code=code,
                description=rec.descriptions[0],
                preferred=rec.preferred_value or code.lower(),
            )
            return
        if kind == "language":
            self._advise_language(p, tok, rec)
        elif rec.is_private_use:
            p.add(M.PRIVATE_USE_SUBTAG[kind], tok[1], tok[2], code=code, range=rec.code)

    def _advise_language(self, p: Parse, tok: Token, rec: Record) -> None:
        code = tok[0]
        scope = rec.scope
        special = M.SPECIAL.get(code.lower())
        if special is not None:
            p.add(special, tok[1], tok[2])
        elif scope == "private-use":
            p.add(M.PRIVATE_USE_LANGUAGE, tok[1], tok[2], code=code, range=rec.code)
        elif scope == "collection":
            p.add(M.COLLECTION, tok[1], tok[2], code=code, description=rec.descriptions[0])
        elif scope == "macrolanguage":
            p.add(M.MACROLANGUAGE, tok[1], tok[2], code=code, description=rec.descriptions[0])
        elif rec.macrolanguage:
            macro = self.tables.lang.get(rec.macrolanguage.lower())
            args: dict[str, Any] = {"code": code, "description": rec.descriptions[0], "macro": rec.macrolanguage}
            if macro is not None and macro.deprecated:
                p.add(
                    M.MEMBER_OF_DEPRECATED,
                    tok[1],
                    tok[2],
                    macro_description=macro.descriptions[0],
                    date=macro.deprecated,
                    **args,
                )
            elif macro is not None and macro.comments:
                # The registry's own word beats a general rule: for 'sh' it prefers the members.
                p.add(
                    M.MEMBER_WITH_COMMENT,
                    tok[1],
                    tok[2],
                    macro_description=macro.descriptions[0],
                    comment=" ".join(macro.comments),
                    **args,
                )
            else:
                p.add(M.MEMBER, tok[1], tok[2], **args)

    def advise_whole_tag(self, p: Parse) -> None:
        """Add the advice on a grandfathered tag."""
        tok = p.grandfathered
        assert tok is not None
        rec = self.tables.tags.get(tok[0].lower())
        if rec is None:
            return
        if rec.preferred_value:
            p.add(
                M.DEPRECATED_TAG,
                tok[1],
                tok[2],
                rec.preferred_value,
                tag=rec.code,
                description=rec.descriptions[0],
                date=rec.deprecated,
                preferred=rec.preferred_value,
            )
        elif rec.deprecated:
            p.add(
                M.GRANDFATHERED_DEPRECATED,
                tok[1],
                tok[2],
                tag=rec.code,
                description=rec.descriptions[0],
                date=rec.deprecated,
            )
        else:
            p.add(M.GRANDFATHERED, tok[1], tok[2], tag=rec.code, description=rec.descriptions[0])

    # ---------------------------------------------------------------------------- case
    def advise_fast(self, p: Parse, canonical: str) -> None:
        """Fill fixes that point at the canonical form, and add the case note, for a clean tag."""
        text = p.text
        if canonical == text:
            return
        if p.canonical_fixes:
            p.fill_canonical_fixes(canonical)
        out = []
        after = False
        for t, _s, _e, role in p.subtags:
            if role == "singleton":
                after = True
            out.append(t.lower() if after else cased(role, t))
        fixed = "-".join(out)
        if fixed != text:
            p.add(M.LETTER_CASE, 0, len(text), fixed, fixed=excerpt(fixed, width=_CASE_EXCERPT))

    def advise_canonical(self, p: Parse, canon: Canonicalization) -> None:
        """Fill fixes that point at the canonical form, and add the case note."""
        p.fill_canonical_fixes(canon.tag)
        steps = canon.steps
        if steps and steps[0].reason == case_reason():
            p.add(M.LETTER_CASE, 0, len(p.text), steps[0].after, fixed=excerpt(steps[0].after, width=_CASE_EXCERPT))
        elif p.grandfathered is not None and steps and steps[0].reason == case_reason(grandfathered=True):
            p.add(M.LETTER_CASE_TAG, 0, len(p.text), steps[0].after, fixed=steps[0].after)


def alternatives(items: Sequence[str]) -> str:
    """Return *items* quoted and offered as alternatives ("'a' or 'b' or 'c'"), in the UI language.

    >>> alternatives(["sl-rozaj", "sl-rozaj-biske"])
    "'sl-rozaj' or 'sl-rozaj-biske'"
    """
    text = ""
    for i, item in enumerate(items):
        quoted = f"'{item}'"
        text = quoted if i == 0 else _("{first} or {second}").format(first=text, second=quoted)
    return text


def _suppresses(lrec: Record, p: Parse) -> bool:
    """Tell whether the language record's Suppress-Script makes the script of *p* redundant."""
    sup = lrec.suppress_script
    return sup is not None and p.script is not None and sup.lower() == p.script[0].lower() and not p.extlangs


def _subsequence(needle: tuple[str, ...], hay: list[str]) -> bool:
    """Tell whether every item of *needle* appears in *hay* in the same order."""
    it = iter(hay)
    return all(any(h == n for h in it) for n in needle)


def _add_reorder(p: Parse, tok: Token, rec: Record, head: list[str], prefixes: PrefixTable) -> bool:
    """Add the reorder advice when the variant *tok*'s Prefix is met in another order of the variants."""
    from ..registry.placement import order_variants, prefix_met  # rare: not imported at start-up

    written = [v[0] for v in p.variants]
    order = order_variants(head, written, prefixes)
    low = [v.lower() for v in order]
    code = tok[0].lower()
    if order == tuple(written) or not prefix_met(code, head + low[: low.index(code)], prefixes):
        return False
    start, end = p.variants[0][1], p.variants[-1][2]
    fixed = p.text[:start] + "-".join(order) + p.text[end:]
    shown = "-".join(order)
    p.add(M.VARIANT_ORDER, tok[1], tok[2], fixed, code=tok[0], description=rec.descriptions[0],
          prefixes=alternatives(rec.prefixes), order=shown)  # fmt: skip
    return True
