"""The anatomy of a tag: its subtags as nested parts, each with its role and ABNF production (Qt-free).

Built from what the engine says about the tag (its subtags with spans and roles, and its
diagnostics), never by parsing the text again: a part's rule comes from the role the engine gave
it (:data:`.abnf.ROLE_RULE`), the groups (extension, ``-u-`` keyword, ``-t-`` source tag and
fields, private use) from the order of those roles. For an ill-formed tag the :class:`Stop`
says where the grammar stopped (the span of the first error the parser reported) and what it
expected there, from the role of the last subtag the grammar had accepted before that point.

:mod:`.anatomy_draw` lays the parts out as boxes and writes SVG; the GUI paints the same layout.

>>> from ..data import bundled_engine
>>> a = anatomy(bundled_engine().check("sr-Latn-RS-u-nu-latn"))
>>> [(p.label, p.text) for p in a.root.children]
[('language', 'sr'), ('script', 'Latn'), ('region', 'RS'), ('-u- extension', 'u-nu-latn')]
>>> s = anatomy(bundled_engine().check("en-US-Latn")).stop
>>> s.start, s.after, s.expected
(6, 'region', 'a variant, a singleton or the end')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..grammar.abnf import RULES, alternative, rule_for_role
from ..grammar.values import Diagnostic, Severity, Subtag
from ..text.catalogue import N_, _

__all__ = ["Part", "Stop", "Anatomy", "Checked", "anatomy", "EXPECTED_AFTER", "ROLE_LABELS"]

#: The name each role has in the diagram (the same names as the editor's legend).
ROLE_LABELS = {
    "language": N_("language"),
    "extlang": N_("extended language"),
    "script": N_("script"),
    "region": N_("region"),
    "variant": N_("variant"),
    "singleton": N_("singleton"),
    "extension": N_("extension subtag"),
    "u-attribute": N_("attribute"),
    "u-key": N_("key"),
    "u-type": N_("type"),
    "t-lang": N_("-t- source tag"),
    "t-language": N_("source language"),
    "t-extlang": N_("source extlang"),
    "t-script": N_("source script"),
    "t-region": N_("source region"),
    "t-variant": N_("source variant"),
    "t-key": N_("field key"),
    "t-value": N_("field value"),
    "privateuse": N_("private use"),
    "grandfathered": N_("grandfathered tag"),
    "invalid": N_("not accepted"),
}

#: What the grammar accepts after a subtag of each role ("" key: at the very start of the tag).
EXPECTED_AFTER = {
    "": N_("a language subtag (2 to 8 letters), 'x' for a private-use tag, or a grandfathered tag"),
    "language": N_("an extlang (after a 2–3-letter language), a script, a region, a variant, a singleton or the end"),
    "extlang": N_("another extlang (3 at most), a script, a region, a variant, a singleton or the end"),
    "script": N_("a region, a variant, a singleton or the end"),
    "region": N_("a variant, a singleton or the end"),
    "variant": N_("another variant, a singleton or the end"),
    "singleton": N_("a subtag of 2 to 8 letters or digits"),
    "x": N_("a private-use subtag of 1 to 8 letters or digits"),
    "extension": N_("another subtag of 2 to 8 letters or digits, a singleton or the end"),
    "u-attribute": N_("another attribute, a key (2 characters), a singleton or the end"),
    "u-key": N_("a type (3 to 8 letters or digits), another key, a singleton or the end"),
    "u-type": N_("another type, a key, a singleton or the end"),
    "t-language": N_("a source script, region or variant, a field key (letter + digit), a singleton or the end"),
    "t-extlang": N_("a source script, region or variant, a field key (letter + digit), a singleton or the end"),
    "t-script": N_("a source region or variant, a field key (letter + digit), a singleton or the end"),
    "t-region": N_("a source variant, a field key (letter + digit), a singleton or the end"),
    "t-variant": N_("another source variant, a field key (letter + digit), a singleton or the end"),
    "t-key": N_("a field value (3 to 8 letters or digits)"),
    "t-value": N_("another field value, a field key, a singleton or the end"),
    "privateuse": N_("another private-use subtag or the end"),
    "grandfathered": N_("the end: a grandfathered tag is one unit and cannot be extended"),
}

_T_SOURCE = frozenset({"t-lang", "t-language", "t-extlang", "t-script", "t-region", "t-variant"})


@dataclass(frozen=True, slots=True)
class Part:
    """One box of the diagram: a subtag (no children) or a group of parts, with its rule and span."""

    label: str  # what it is, in words ("region", "-u- keyword")
    rule: str  # the ABNF rule name ("region", "keyword"); "" when no rule accepts it
    production: str  # the rule as printed ("region = 2ALPHA / 3DIGIT"); "" when none
    matched: str  # the branch of the rule a subtag took ("2ALPHA"); "" for groups
    text: str  # the subtag, or the text the group covers
    start: int
    end: int
    role: str  # the engine's role of a subtag; for a group, the rule name
    children: tuple[Part, ...] = ()
    problem: bool = False  # an error of the engine lies on it (or no rule accepted it)

    @property
    def is_group(self) -> bool:
        """Tell whether this part holds other parts."""
        return bool(self.children)

    def walk(self) -> list[Part]:
        """Return this part and every part inside it, depth first, in input order."""
        out = [self]
        for c in self.children:
            out.extend(c.walk())
        return out


@dataclass(frozen=True, slots=True)
class Stop:
    """Where the grammar stopped in an ill-formed tag, and what it expected there."""

    start: int
    end: int
    after: str  # the role of the last subtag accepted before the stop ("" at the start)
    expected: str  # what the grammar accepts there, in words
    code: str  # the engine's diagnostic
    message: str


@dataclass(frozen=True, slots=True)
class Anatomy:
    """The parts of one tag, with the engine's verdicts and, when ill-formed, where the grammar stopped."""

    tag: str
    well_formed: bool
    valid: bool
    root: Part
    stop: Stop | None


class Checked(Protocol):
    """What the anatomy reads from a check result (:class:`.results.CheckResult`)."""

    @property
    def input(self) -> str: ...

    @property
    def well_formed(self) -> bool: ...

    @property
    def valid(self) -> bool: ...

    @property
    def subtags(self) -> tuple[Subtag, ...]: ...

    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]: ...


def anatomy(result: Checked) -> Anatomy:
    """Return the anatomy of a checked tag (any input; never raises)."""
    text = result.input
    subtags = sorted(result.subtags, key=lambda s: s.start)
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    bad_spans = [(d.start, d.end) for d in errors]
    children = _group(text, subtags, bad_spans)
    root_rule = "langtag"
    if len(children) == 1 and children[0].rule in ("grandfathered", "privateuse") and children[0].is_group:
        root_rule = children[0].rule
    elif subtags and subtags[0].role.value == "grandfathered":
        root_rule = "grandfathered"
    elif subtags and subtags[0].role.value == "singleton" and subtags[0].text in "xX":
        root_rule = "privateuse"
    if root_rule == "langtag" or len(children) != 1:
        root = _group_part("Language-Tag: " + root_rule, root_rule, text, 0, len(text), children)
    else:
        only = children[0]
        root = Part(
            "Language-Tag: " + root_rule,
            only.rule,
            only.production,
            only.matched,
            only.text,
            only.start,
            only.end,
            only.role,
            only.children,
            only.problem,
        )
    stop = None if result.well_formed else _stop(subtags, errors)
    return Anatomy(text, result.well_formed, result.valid, root, stop)


def _is_bad(s: Subtag, bad_spans: Sequence[tuple[int, int]]) -> bool:
    if s.role.value == "invalid":
        return True
    return any((a < s.end and s.start < b) or a == s.start == b for a, b in bad_spans)


def _leaf(s: Subtag, bad_spans: Sequence[tuple[int, int]]) -> Part:
    role = s.role.value
    rule = rule_for_role(role)
    production = RULES[rule].production if rule else ""
    matched = alternative(rule, s.text) if rule else ""
    if role in _T_SOURCE and rule:
        production = _("{production}  (inside tlang)").format(production=production)
    return Part(
        _(ROLE_LABELS[role]) if role in ROLE_LABELS else role,
        rule,
        production,
        matched,
        s.text,
        s.start,
        s.end,
        role,
        (),
        _is_bad(s, bad_spans),
    )


def _group_part(label: str, rule: str, text: str, start: int, end: int, children: Sequence[Part]) -> Part:
    production = RULES[rule].production if rule in RULES else ""
    problem = any(c.problem for c in children)
    return Part(label, rule, production, "", text[start:end], start, end, rule, tuple(children), problem)


def _wrap(label: str, rule: str, text: str, children: list[Part]) -> Part:
    return _group_part(label, rule, text, children[0].start, children[-1].end, children)


def _group(text: str, subtags: Sequence[Subtag], bad_spans: Sequence[tuple[int, int]]) -> list[Part]:
    """Group the subtags by their roles: the langtag's subtags, then one group per extension and private use."""
    out: list[Part] = []
    i, n = 0, len(subtags)
    while i < n and subtags[i].role.value != "singleton":
        out.append(_leaf(subtags[i], bad_spans))
        i += 1
    while i < n:
        single = subtags[i]
        j = i + 1
        while j < n and subtags[j].role.value != "singleton":
            j += 1
        body = subtags[i + 1 : j]
        head = _leaf(single, bad_spans)
        s = single.text.lower()
        if s == "x":
            out.append(_wrap(_("private use"), "privateuse", text, [head] + [_leaf(b, bad_spans) for b in body]))
        elif s == "u":
            out.append(
                _wrap(
                    _("-{singleton}- extension").format(singleton="u"),
                    "u-extension",
                    text,
                    [head, *_u_parts(text, body, bad_spans)],
                )
            )
        elif s == "t":
            out.append(
                _wrap(
                    _("-{singleton}- extension").format(singleton="t"),
                    "t-extension",
                    text,
                    [head, *_t_parts(text, body, bad_spans)],
                )
            )
        else:
            out.append(
                _wrap(
                    _("-{singleton}- extension").format(singleton=s),
                    "extension",
                    text,
                    [head] + [_leaf(b, bad_spans) for b in body],
                )
            )
        i = j
    return out


def _u_parts(text: str, body: Sequence[Subtag], bad_spans: Sequence[tuple[int, int]]) -> list[Part]:
    """Attributes stay single; each key and its types become one keyword group."""
    parts: list[Part] = []
    keyword: list[Part] = []
    for b in body:
        leaf = _leaf(b, bad_spans)
        if b.role.value == "u-key":
            if keyword:
                parts.append(_wrap(_("keyword"), "keyword", text, keyword))
            keyword = [leaf]
        elif keyword:
            keyword.append(leaf)
        else:
            parts.append(leaf)
    if keyword:
        parts.append(_wrap(_("keyword"), "keyword", text, keyword))
    return parts


def _t_parts(text: str, body: Sequence[Subtag], bad_spans: Sequence[tuple[int, int]]) -> list[Part]:
    """The source-language subtags become one tlang group; each key and its values one field group."""
    parts: list[Part] = []
    source: list[Part] = []
    field: list[Part] = []
    for b in body:
        leaf = _leaf(b, bad_spans)
        role = b.role.value
        if role in _T_SOURCE and not field:
            source.append(leaf)
            continue
        if source:
            parts.append(_wrap(_("source tag"), "tlang", text, source))
            source = []
        if role == "t-key":
            if field:
                parts.append(_wrap(_("field"), "tfield", text, field))
            field = [leaf]
        elif field:
            field.append(leaf)
        else:
            parts.append(leaf)
    if source:
        parts.append(_wrap(_("source tag"), "tlang", text, source))
    if field:
        parts.append(_wrap(_("field"), "tfield", text, field))
    return parts


def _stop(subtags: Sequence[Subtag], errors: Sequence[Diagnostic]) -> Stop | None:
    """Return where the grammar stopped: the first error by position, and what the grammar expected there."""
    if not errors:
        return None
    first = min(errors, key=lambda d: (d.start, d.end))
    after = ""
    for s in subtags:
        if s.end > first.start or (s.start == first.start and s.end == first.end):
            break
        if s.role.value == "invalid":
            continue
        after = s.role.value
        if after == "singleton" and s.text in "xX":
            after = "x"
    expected = _(EXPECTED_AFTER.get(after, EXPECTED_AFTER["extension"]))
    return Stop(first.start, first.end, after, expected, first.code, first.message)
