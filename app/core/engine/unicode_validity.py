"""The second verdict: is a tag a valid Unicode BCP 47 locale identifier (UTS #35 §3.2, §3.6)?

``valid`` is RFC 5646 §2.2.9 and nothing else. Whether the tag is also a valid Unicode locale
identifier is UTS #35's question, answered here with its own diagnostics (their sections cite
UTS #35), never mixed into ``valid``:

- the tag must be valid BCP 47: CLDR's validity data for languages, scripts, regions and variants
  is built from the same IANA registry (CLDR 48's JSON packages do not carry ``validity/*.xml``,
  so the bundled registry stands in for it; deprecated codes are valid in both);
- no extlang, no grandfathered tag, no private-use tag without a language (UTS #35 §3.3);
- the syntax of UTS #35 §3.2: a ``-u-`` key is a letter or digit then a letter, no key of ``-u-``
  or ``-t-`` twice, no variant twice in the ``-t-`` source language; the ``-t-`` syntax of RFC 6497;
- every ``-u-`` key and type and ``-t-`` field CLDR's data lists (the engine's CLDR checks);
- ``rg``: a regular region plus ``zzzz`` or a current subdivision (§3.6.1, RG_KEY_VALUE: not a
  macroregion, group, private-use or deprecated region, not a deprecated subdivision);
- ``sd``: a subdivision of the tag's region when the tag has one (§3.6.5).

>>> from bcp47_explorer.core.data import bundled_engine
>>> e = bundled_engine()
>>> r = e.check("en-u-xx-yyy")
>>> r.valid, unicode_verdict(e, r).valid, [d.code for d in unicode_verdict(e, r).diagnostics]
(True, False, ['unknown-u-key'])
>>> unicode_verdict(e, e.check("en-GB-u-sd-usca")).reason[:48]
"The subdivision 'usca' lies outside the tag's re"
"""

from __future__ import annotations

import re
from operator import attrgetter

from ..cldr.rules import U_KEY
from ..grammar import diagnostics as M
from ..grammar.parser import MAX_FIX_INPUT
from ..grammar.syntax import GRANDFATHERED, VARIANT_KIND
from ..grammar.values import Diagnostic, Severity
from ..text.catalogue import N_, _
from ..text.frozen import Frozen, _set
from .quickadvice import QuietAnalysis

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    from ..cldr.model import CldrData
    from ..grammar.parser import Parse
    from .results import Analysis, CheckResult
    from .unicode_locale import TagEngine

__all__ = ["UnicodeVerdict", "unicode_verdict", "verdict_of", "verdict_label", "first_singleton"]


class UnicodeVerdict(Frozen):
    """Whether a tag is a valid Unicode BCP 47 locale identifier, with the UTS #35 diagnostics that say why not."""

    __slots__ = __match_args__ = ("valid", "diagnostics", "reason", "own")
    _compared = attrgetter(*__match_args__)

    valid: bool
    diagnostics: tuple[Diagnostic, ...]  # the errors of the Unicode verdict (engine's and this module's)
    reason: str  # one sentence: why not ("" when valid)
    own: tuple[Diagnostic, ...]  # those only the Unicode verdict gives (the check's own list lacks them)

    def __init__(
        self, valid: bool, diagnostics: tuple[Diagnostic, ...] = (), reason: str = "", own: tuple[Diagnostic, ...] = ()
    ) -> None:
        _set(self, "valid", valid)
        _set(self, "diagnostics", diagnostics)
        _set(self, "reason", reason)
        _set(self, "own", own)


_VALID = UnicodeVerdict(True)
_NOT_WELL_FORMED = N_("It is not a well-formed BCP 47 tag, so it is no Unicode locale identifier.")


def first_singleton(p: Parse) -> int | None:
    """Return where the first extension of parse *p* starts, or None."""
    return p.extensions[0].singleton[1] if p.extensions else None


def unicode_verdict(engine: TagEngine, result: CheckResult) -> UnicodeVerdict:
    """Return the Unicode verdict on *result*'s tag (UTS #35 §3.2, §3.6); never raise."""
    if not result.well_formed:
        return UnicodeVerdict(
            False, (), _("It is not a well-formed BCP 47 tag, so it is no Unicode locale identifier.")
        )
    if result.valid and _plain(result.input):
        return _VALID  # no -u-/-t-, extlang, grandfathered or private-use tag: valid BCP 47 is all it takes
    return verdict_of(engine, result.analysis)


def _plain(text: str) -> bool:
    """Tell whether a well-formed tag has none of the parts UTS #35 judges beyond RFC 5646 (without parsing it)."""
    low = text.lower()
    if low in GRANDFATHERED or "-u-" in low or "-t-" in low or low.startswith("x-"):
        return False
    second = low.split("-", 2)[1:2]
    return not (second and len(second[0]) == 3 and second[0].isalpha())


def verdict_of(engine: TagEngine, a: Analysis) -> UnicodeVerdict:
    """Return the Unicode verdict on the analysis *a* of a tag (see :func:`unicode_verdict`)."""
    if type(a) is QuietAnalysis:
        return _VALID  # a valid tag, no extlang, extensions with nothing UTS #35 finds: no parse needed
    p = a.parse
    if not p.well_formed:
        return UnicodeVerdict(
            False, (), _("It is not a well-formed BCP 47 tag, so it is no Unicode locale identifier.")
        )
    if a.valid and not p.extensions and not p.extlangs and p.language is not None and p.grandfathered is None:
        return _VALID  # a valid tag without extensions: nothing UTS #35 adds can fail
    first = first_singleton(p)
    found = [d for d in a.diagnostics if d.severity is Severity.ERROR and M.judged_by_uts35(d, first)]
    own = _own(engine, p)
    if own:
        found += own
        found.sort(key=_start)
    if not a.valid:
        return UnicodeVerdict(
            False,
            tuple(found),
            _(
                "It is not a valid BCP 47 tag ({section}), and CLDR's validity data for languages, scripts, "
                "regions and variants rests on the same registry, so it is no valid Unicode locale identifier either."
            ).format(section="RFC 5646 §2.2.9"),
            tuple(own),
        )
    if found:
        return UnicodeVerdict(False, tuple(found), found[0].message, tuple(own))
    return _VALID


def verdict_label(d: Diagnostic, first: int | None) -> str | None:
    """Return which verdict the diagnostic *d* counts against: 'valid', 'unicode_valid', or None for advice."""
    if d.severity is not Severity.ERROR:
        return None
    return "unicode_valid" if M.judged_by_uts35(d, first) else "valid"


def _start(d: Diagnostic) -> int:
    return d.start


def _own(engine: TagEngine, p: Parse) -> list[Diagnostic]:
    """Return the findings of UTS #35 that the engine's check does not make."""
    out: list[Diagnostic] = []
    text = p.text
    cldr = engine.cldr
    if p.grandfathered is not None:
        g = p.grandfathered
        target = cldr.language_aliases.get(g[0].lower()) if cldr is not None else None
        fixed = f"'{target.replace('_', '-')}'" if target else _("nothing (CLDR has no replacement)")
        out.append(M.UNICODE_GRANDFATHERED.make(g[1], g[2], target, fixed=fixed))
        return out
    if p.language is None:
        fixed = "und-" + text
        out.append(M.UNICODE_PRIVATEUSE_TAG.make(0, len(text), fixed, fixed=fixed))
        return out
    if p.extlangs:
        lang, extlang = p.language, p.extlangs[0]
        rec = engine.tables.extlang.get(extlang[0].lower())
        preferred = rec.preferred_value.lower() if rec is not None and rec.preferred_value else None
        pair = text[lang[1] : p.extlangs[-1][2]]
        if preferred is not None and len(p.extlangs) == 1:
            fix = text[: lang[1]] + preferred + text[extlang[2] :]
            out.append(M.UNICODE_EXTLANG.make(extlang[1], extlang[2], fix, pair=pair, preferred=preferred))
        else:
            out.append(M.UNICODE_EXTLANG_UNKNOWN.make(extlang[1], p.extlangs[-1][2], None, pair=pair))
    region = p.region[0].lower() if p.region else None
    # As the parser's own rule: a fix is a whole copy of the tag, so a long input (thousands of repeats) gets none.
    fixes = len(text) <= MAX_FIX_INPUT
    for ext in p.extensions:
        s = ext.singleton[0].lower()
        if s not in ("u", "t"):
            continue
        seen: set[str] = set()
        for key, values in ext.keywords:
            k = key[0].lower()
            if s == "u" and not _is_u_key(k):
                out.append(M.UNICODE_U_KEY.make(key[1], key[2], None, key=k))
            if k in seen:
                end = values[-1][2] if values else key[2]
                dropped = _drop(text, key[1], end) if fixes else None
                out.append(M.UNICODE_DUPLICATE_KEY.make(key[1], end, dropped, singleton=s, key=k))
                continue
            seen.add(k)
            if s == "u" and cldr is not None and len(values) == 1:
                out += _region_keys(cldr, k, values[0], region, text)
        if s == "t":
            variants: set[str] = set()
            for tok, kind in ext.tlang:
                v = tok[0].lower()
                if kind == VARIANT_KIND:
                    if v in variants:
                        dropped = _drop(text, tok[1], tok[2]) if fixes else None
                        out.append(M.UNICODE_DUPLICATE_T_VARIANT.make(tok[1], tok[2], dropped, code=v))
                    variants.add(v)
    return out


_is_u_key = re.compile(U_KEY).fullmatch


def _drop(text: str, start: int, end: int) -> str:
    """Return *text* without text[start:end] and the separator before it."""
    return text[: start - 1] + text[end:]


def _region_keys(
    cldr: CldrData, key: str, tok: tuple[str, int, int], region: str | None, text: str
) -> list[Diagnostic]:
    """Check -u-sd against the tag's region and -u-rg against UTS #35's regular regions."""
    value = tok[0].lower()
    if key == "sd":
        known = value in cldr.subdivisions or value in cldr.subdivision_aliases
        if region is not None and known and not value.startswith(region):
            return [M.SD_OUTSIDE_REGION.make(tok[1], tok[2], None, value=value, region=region.upper())]
        return []
    if key != "rg":
        return []
    target = cldr.subdivision_aliases.get(value)
    if target is not None:
        first = target.split()[0].lower()
        hint = first + "zzzz" if len(first) == 2 else first
        why = _("CLDR deprecates the subdivision '{value}' (its replacement is '{target}'); rg takes current ones")
        why = why.format(value=value, target=target)
        fix = text[: tok[1]] + hint + text[tok[2] :]
        return [M.RG_NOT_REGULAR.make(tok[1], tok[2], fix, value=value, why=why, hint=hint)]
    if len(value) == 6 and value.endswith("zzzz") and value[:2].isalpha():
        code = value[:2].upper()
        if code not in cldr.regular_regions:
            alias = cldr.territory_aliases.get(value[:2])
            if alias is not None:
                hint = alias.split()[0].lower() + "zzzz"
                why = _("the region '{code}' is deprecated (CLDR replaces it with {alias})").format(
                    code=code, alias=alias
                )
            else:
                hint = "uszzzz"
                why = _(
                    "'{code}' is not a regular region (a country or territory) in CLDR: groups such as EU, "
                    "private-use and unknown codes do not count"
                ).format(code=code)
            fix = text[: tok[1]] + hint + text[tok[2] :]
            return [M.RG_NOT_REGULAR.make(tok[1], tok[2], fix, value=value, why=why, hint=hint)]
    return []
