"""The RFC 5646 §4.5 canonical form and the extlang form, step by step.

>>> from bcp47_explorer.core.data import bundled_registry
>>> from bcp47_explorer.core.grammar.parser import parse
>>> c = Canonicalizer(Tables(bundled_registry()))
>>> c.canonicalize(parse("en-b-warble-a-babble")).tag, c.canonicalize(parse("iw-BU")).tag
('en-a-babble-b-warble', 'he-MM')
>>> [s.reason.split(" (")[0] for s in c.canonicalize(parse("zh-cmn-Hans-CN")).steps]
["extlang 'cmn' has Preferred-Value 'cmn', which replaces the language and extlang pair"]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..grammar.parser import Parse, parse
from ..grammar.syntax import EXTLANG_KIND, REGION_KIND, SCRIPT_KIND, cased, split_t, split_u, subtag_kind
from ..grammar.values import Canonicalization, Step
from ..text.catalogue import N_, _
from .tables import Tables

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    from ..registry.model import Record

__all__ = ["Canonicalizer", "case_reason", "u_canonical_body"]

_STEP3 = "RFC 5646 §4.5 step 3"

_CASE_REASON = N_(
    "case: lowercase, except a Titlecase script and an UPPERCASE region before the first singleton ({section})"
)
_GRANDFATHERED_CASE_REASON = N_("a grandfathered tag takes the registry's case ({section})")


def case_reason(grandfathered: bool = False) -> str:
    """Return the reason of the letter-case step, in the UI language (the advice recognises the step by it)."""
    return _(_GRANDFATHERED_CASE_REASON if grandfathered else _CASE_REASON).format(section="RFC 5646 §2.1.1")


class Canonicalizer:
    """Canonicalize parses against one registry's tables."""

    __slots__ = ("redundant", "tables")

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        # Redundant tags whose Preferred-Value the subtag replacements reproduce anyway ('zh-yue' ->
        # 'yue') need no whole-tag step; only the others ('sgn-BR' -> 'bzs') do, and only they
        # send a tag to the precise path.
        self.redundant: dict[str, list[tuple[tuple[str, ...], Record]]] = {}
        for first, lst in tables.redundant.items():
            keep = [
                (subtags, rec)
                for subtags, rec in lst
                if self.subtag_replacement(list(subtags)) != (rec.preferred_value or "").lower().split("-")
            ]
            if keep:
                self.redundant[first] = keep

    def canonicalize(self, p: Parse) -> Canonicalization:
        """Return the RFC 5646 §4.5 canonical form of a well-formed parse, step by step."""
        t = self.tables
        steps: list[Step] = []
        if p.grandfathered is not None:
            rec = t.tags.get(p.grandfathered[0].lower())
            written = rec.code if rec is not None else p.grandfathered[0]
            if p.text != written:
                steps.append(Step(p.text, written, case_reason(grandfathered=True)))
            if rec is not None and rec.preferred_value:
                after = parse(rec.preferred_value)
                target = self.canonicalize(after).tag if after.well_formed else rec.preferred_value
                steps.append(
                    Step(
                        written,
                        target,
                        _("grandfathered '{tag}' has Preferred-Value '{preferred}' ({section})").format(
                            tag=rec.code, preferred=rec.preferred_value, section="RFC 5646 §4.5 step 2"
                        ),
                    )
                )
                return Canonicalization(target, tuple(steps))
            return Canonicalization(written, tuple(steps))
        w = _Work.from_parse(p)
        current = w.render()
        if current != p.text:
            steps.append(Step(p.text, current, case_reason()))

        def step(reason: str) -> None:
            nonlocal current
            after = w.render()
            if after != current:
                steps.append(Step(current, after, reason))
                current = after

        # §4.5 step 1: extensions by singleton; -u- and -t- in their own canonical order.
        if len(w.exts) > 1:
            order = sorted(range(len(w.exts)), key=lambda i: w.exts[i][0])
            if order != sorted(order):
                w.exts = [w.exts[i] for i in order]
                step(
                    _("extension sequences are ordered by their singletons ({section})").format(
                        section="RFC 5646 §4.5 step 1"
                    )
                )
        for i, (s, body) in enumerate(w.exts):
            if s == "u":
                attrs, keywords = split_u(body)
                w.exts[i] = (s, u_canonical_body(attrs, [(kw[0], kw[1:]) for kw in keywords]))
                step(
                    _("-u- attributes sorted, keywords sorted by key, later duplicates dropped ({section})").format(
                        section="RFC 6067 §2.1.1"
                    )
                )
            elif s == "t":
                w.exts[i] = (s, self.t_canonical_body(body))
                step(
                    _(
                        "-t- fields sorted by key, later duplicates dropped; source language canonicalized ({section})"
                    ).format(section="RFC 6497 §2.3")
                )
        # §4.5 step 2: a redundant tag with a Preferred-Value at the start of the tag.
        head = w.head()
        for subtags, rec in self.redundant.get(head[0], ()) if head else ():
            if tuple(head[: len(subtags)]) == subtags:
                preferred = rec.preferred_value or ""
                w.replace_head(len(subtags), preferred.lower().split("-"))
                step(
                    _("redundant tag '{tag}' has Preferred-Value '{preferred}' ({section})").format(
                        tag=rec.code, preferred=preferred, section="RFC 5646 §4.5 step 2"
                    )
                )
                break
        # §4.5 step 3: subtags with a Preferred-Value.
        self.replace_subtags(w, step)
        return Canonicalization(current, tuple(steps))

    def subtag_replacement(self, head: list[str]) -> list[str]:
        """Return the lowercase subtags before the first singleton after §4.5 step 3."""
        w = _Work(head[0], [], None, None, [], [], None)
        w.place(head[1:])
        self.replace_subtags(w, lambda reason: None)
        return w.head()

    def replace_subtags(self, w: _Work, step: Callable[[str], None]) -> None:
        """Apply §4.5 step 3 to *w*: every subtag with a Preferred-Value, calling *step* after each."""
        t = self.tables
        if w.lang is not None:
            rec = t.lang.get(w.lang)
            if rec is not None and rec.preferred_value:
                old = w.lang
                w.lang = rec.preferred_value.lower()
                step(
                    _("language '{code}' ({description}) has Preferred-Value '{preferred}' ({section})").format(
                        code=old, description=rec.descriptions[0], preferred=rec.preferred_value, section=_STEP3
                    )
                )
        # Only a lone extlang is replaced: with two or more the tag is invalid anyway, and replacing the
        # first would turn the second into a new extlang (not idempotent).
        if len(w.extlangs) == 1:
            e = w.extlangs[0]
            rec = t.extlang.get(e)
            if rec is not None and rec.preferred_value:
                w.lang = rec.preferred_value.lower()
                w.extlangs = w.extlangs[1:]
                step(
                    _(
                        "extlang '{code}' has Preferred-Value '{preferred}', which replaces the language and "
                        "extlang pair ({section})"
                    ).format(code=e, preferred=rec.preferred_value, section=_STEP3)
                )
        if w.script is not None:
            rec = t.script.get(w.script)
            if rec is not None and rec.preferred_value:
                old = w.script
                w.script = rec.preferred_value.lower()
                step(
                    _("script '{code}' has Preferred-Value '{preferred}' ({section})").format(
                        code=cased("script", old), preferred=rec.preferred_value, section=_STEP3
                    )
                )
        if w.region is not None:
            rec = t.region.get(w.region)
            if rec is not None and rec.preferred_value:
                old = w.region
                w.region = rec.preferred_value.lower()
                step(
                    _("region '{code}' ({description}) has Preferred-Value '{preferred}' ({section})").format(
                        code=cased("region", old),
                        description=rec.descriptions[0],
                        preferred=rec.preferred_value,
                        section=_STEP3,
                    )
                )
        for i, v in enumerate(w.variants):
            rec = t.variant.get(v)
            if rec is not None and rec.preferred_value:
                w.variants[i] = rec.preferred_value.lower()
                step(
                    _(
                        "variant '{code}' has Preferred-Value '{preferred}'; variants keep their order ({section})"
                    ).format(code=v, preferred=rec.preferred_value, section=_STEP3)
                )

    def t_canonical_body(self, body: list[str]) -> list[str]:
        """Return a lowercase ``-t-`` body in RFC 6497 §2.3 canonical form: source language canonical,
        fields sorted by key, later duplicates dropped."""
        tlang, stray, fields = split_t(body)
        out: list[str] = []
        if tlang:
            tw = _Work(tlang[0], [], None, None, [], [], None)
            tw.place(tlang[1:])
            self.replace_subtags(tw, lambda reason: None)
            out = tw.head()
        # Subtags that fit no -t- slot keep their place: the ABNF alone decides well-formedness, so they
        # make the tag invalid as Unicode (UTS #35), and the canonical form must not drop what was written.
        out += stray
        first: dict[str, list[str]] = {}
        for field in fields:
            first.setdefault(field[0], field[1:])
        for key in sorted(first):
            out = [*out, key, *first[key]]
        return out

    def extlang_steps(self, canon: Canonicalization) -> Canonicalization:
        """Return the extlang form of *canon* with one more step when it differs."""
        tag = canon.tag
        form = self.tables.extlang_of(tag)
        if form == tag:
            return canon
        lang = tag.partition("-")[0].lower()
        prefix = self.tables.extlang_prefix[lang]
        reason = _(
            "'{code}' is also an extlang with Prefix '{prefix}', written after it in the extlang form ({section})"
        )
        reason = reason.format(code=lang, prefix=prefix, section="RFC 5646 §4.5")
        return Canonicalization(form, (*canon.steps, Step(tag, form, reason)))


class _Work:
    """A mutable, lowercase working copy of a tag's parts for canonicalization."""

    __slots__ = ("extlangs", "exts", "lang", "pu", "region", "script", "variants")

    def __init__(
        self,
        lang: str | None,
        extlangs: list[str],
        script: str | None,
        region: str | None,
        variants: list[str],
        exts: list[tuple[str, list[str]]],
        pu: list[str] | None,
    ) -> None:
        self.lang = lang
        self.extlangs = extlangs
        self.script = script
        self.region = region
        self.variants = variants
        self.exts = exts
        self.pu = pu

    @classmethod
    def from_parse(cls, p: Parse) -> _Work:
        return cls(
            p.language[0].lower() if p.language else None,
            [t[0].lower() for t in p.extlangs],
            p.script[0].lower() if p.script else None,
            p.region[0].lower() if p.region else None,
            [t[0].lower() for t in p.variants],
            [(e.singleton[0].lower(), [t[0].lower() for t in e.subtags]) for e in p.extensions],
            [t[0].lower() for t in p.privateuse] if p.x_token is not None else None,
        )

    def place(self, rest: Sequence[str]) -> None:
        """Put the subtags after the language into their slots by shape, in grammar order."""
        for s in rest:
            k = subtag_kind(s)
            if k == EXTLANG_KIND and not self.script and not self.region and not self.variants:
                self.extlangs.append(s)
            elif k == SCRIPT_KIND and not self.region and not self.variants:
                self.script = s
            elif k == REGION_KIND and not self.variants:
                self.region = s
            else:
                self.variants.append(s)

    def head(self) -> list[str]:
        out = [self.lang] if self.lang else []
        out += self.extlangs
        if self.script:
            out.append(self.script)
        if self.region:
            out.append(self.region)
        return out + self.variants

    def replace_head(self, n: int, new: list[str]) -> None:
        rebuilt = new + self.head()[n:]
        self.lang = rebuilt[0]
        self.extlangs, self.script, self.region, self.variants = [], None, None, []
        self.place(rebuilt[1:])

    def render(self) -> str:
        parts: list[str] = []
        if self.lang:
            parts.append(self.lang)
            parts += self.extlangs
            if self.script:
                parts.append(cased("script", self.script))
            if self.region:
                parts.append(cased("region", self.region))
            parts += self.variants
        for s, body in self.exts:
            parts.append(s)
            parts += body
        if self.pu is not None:
            parts.append("x")
            parts += self.pu
        return "-".join(parts)


def u_canonical_body(attrs: Sequence[str], kws: Sequence[tuple[str, Sequence[str]]]) -> list[str]:
    """Return -u- subtags in RFC 6067 canonical order: sorted attributes, keywords by key, first wins.

    >>> u_canonical_body(["foo", "bar", "foo"], [("nu", ["latn"]), ("ca", ["gregory"]), ("nu", ["arab"])])
    ['bar', 'foo', 'ca', 'gregory', 'nu', 'latn']
    """
    out = sorted(dict.fromkeys(attrs))
    first: dict[str, Sequence[str]] = {}
    for k, types in kws:
        first.setdefault(k, types)
    for k in sorted(first):
        out.append(k)
        out.extend(first[k])
    return out
