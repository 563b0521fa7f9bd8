"""The grammar walk-through: subtag by subtag, which ABNF rule accepts it and why the others do not (Qt-free).

Which rule accepted a subtag is the engine's answer (the role it gave, :data:`.abnf.ROLE_RULE`);
an error the engine reported on the subtag of an ill-formed tag means no rule accepted it there.
A well-formed tag's errors are validity findings (RFC 5646 §2.2.9, e.g. a repeated variant): the
grammar still accepts the subtag by its rule, and the finding is shown apart (``validity``). The reasons for
the other rules that could stand at that place are worded from the shapes of :mod:`.syntax`
(length, letters or digits) and from the position (a rule whose shape fits but whose place in
the tag has passed). The rules the tag used, with the groups around them, are the ones the
ABNF view lights; :meth:`Walk.used_up_to` gives only those used up to a step (step 1 of
``en-US-Latn`` has used ``language``, not yet ``script``).

>>> from ..data import bundled_engine
>>> w = walkthrough(bundled_engine().check("sr-Latn-RS"))
>>> [(s.text, s.rule) for s in w.steps]
[('sr', 'language'), ('Latn', 'script'), ('RS', 'region')]
>>> [c.reason for c in w.steps[2].candidates if c.rule == "script"]
["needs exactly 4 letters; 'RS' is 2 letters"]
>>> sorted(w.used_rules)
['Language-Tag', 'langtag', 'language', 'region', 'script']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..grammar.abnf import RULES, alternative, describe_shape, rule_for_role
from ..grammar.syntax import is_extlang, is_language, is_region, is_script, is_singleton, is_t_key, is_variant
from ..grammar.values import Severity
from ..text.catalogue import _
from .anatomy import Anatomy, Stop, anatomy
from .anatomy import Checked as Result

__all__ = ["Candidate", "WalkStep", "Walk", "walkthrough"]


@dataclass(frozen=True, slots=True)
class Candidate:
    """One rule that could stand at a subtag's place: whether it accepted the subtag, and why (not)."""

    rule: str
    accepted: bool
    reason: str


@dataclass(frozen=True, slots=True)
class WalkStep:
    """One subtag: the rule that accepted it ("" for none), the other candidates, and the engine's error on it."""

    text: str
    start: int
    end: int
    role: str
    rule: str
    zone: str  # where in the tag: "start", "langtag", "u", "t", "extension", "privateuse"
    candidates: tuple[Candidate, ...]
    error: str = ""  # the engine's first error on this subtag when the grammar refused it (ill-formed tag)
    validity: str = ""  # a validity finding on a subtag the grammar accepted (well-formed tag, §2.2.9)


@dataclass(frozen=True, slots=True)
class Walk:
    """The steps of a tag, the rules it used (with their groups) and, when ill-formed, where the grammar stopped."""

    tag: str
    steps: tuple[WalkStep, ...]
    used_rules: frozenset[str]
    stop: Stop | None
    # Each rule used, with the offset where the tag first used it (groups start where their first subtag does).
    first_use: tuple[tuple[str, int], ...] = ()

    def used_up_to(self, index: int) -> frozenset[str]:
        """Return the rules the tag has used up to and including step *index* (all of them past the end)."""
        if not self.steps or index >= len(self.steps) - 1:
            return self.used_rules
        end = self.steps[max(index, 0)].start
        return frozenset(r for r, at in self.first_use if at <= end)


def _between(lo: int, hi: int) -> Callable[[str], bool]:
    return lambda t: lo <= len(t) <= hi and t.isascii() and t.isalnum()


# The shape test of each rule a subtag can meet (the RFC 5646 ones are the predicates of syntax.py).
_SHAPES: dict[str, Callable[[str], object]] = {
    "language": is_language,
    "extlang": is_extlang,
    "script": is_script,
    "region": is_region,
    "variant": is_variant,
    "singleton": is_singleton,
    "extension": _between(2, 8),
    "privateuse": _between(1, 8),
    "attribute": _between(3, 8),
    "key": _between(2, 2),
    "type": _between(3, 8),
    "tkey": is_t_key,
    "tvalue": _between(3, 8),
    "grandfathered": lambda _t: False,  # only whole tags; a step is one subtag
}

# The rules that may stand at each zone of a tag, in the order the ABNF tries them.
_ZONE_RULES = {
    "start": ("language", "singleton"),
    "langtag": ("extlang", "script", "region", "variant", "singleton"),
    "u": ("attribute", "key", "type", "singleton"),
    "t": ("language", "script", "region", "variant", "tkey", "tvalue", "singleton"),
    "extension": ("extension", "singleton"),
    "privateuse": ("privateuse",),
}


def _position_reason(rule: str, zone: str, after: str, taken: str) -> str:
    """Say why a rule whose shape fits does not take the subtag here."""
    if rule == "extlang":
        return _("fits the shape, but an extlang only follows a 2–3-letter language, before any script or region")
    if rule == "attribute":
        return _("fits the shape, but attributes come before the first key")
    if rule in ("type", "tvalue"):
        return _("fits the shape, but a {rule} follows a key").format(rule=rule)
    if rule == "singleton":
        return _("fits the shape, but here the subtag belongs to private use")
    if zone == "t" and taken:
        return _("fits the shape too, but at this place the grammar takes it as {rule}").format(rule=taken)
    if rule == "language":
        return _("fits the shape, but the language is only the first subtag")
    if after:
        return _(
            "fits the shape, but its place has passed (after {after}): the order is "
            "language-extlang-script-region-variant"
        ).format(after=after)
    return _("fits the shape, but its place has passed: the order is language-extlang-script-region-variant")


def walkthrough(result: Result, tree: Anatomy | None = None) -> Walk:
    """Return the walk-through of a checked tag (any input; never raises)."""
    a = tree if tree is not None else anatomy(result)
    used = {"Language-Tag"} | {p.rule for p in a.root.walk() if p.rule}
    first: dict[str, int] = {"Language-Tag": 0}
    for p in a.root.walk():
        if p.rule:
            first[p.rule] = min(first.get(p.rule, p.start), p.start)
    well_formed = bool(result.well_formed)
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    steps: list[WalkStep] = []
    zone = "start"
    after = ""
    for s in sorted(result.subtags, key=lambda s: s.start):
        role = s.role.value
        text = s.text
        if role == "grandfathered":
            reason = _("the whole tag is the {alternative} grandfathered tag '{tag}'").format(
                alternative=alternative("grandfathered", text), tag=text
            )
            cand = (Candidate("grandfathered", True, reason),)
            steps.append(WalkStep(text, s.start, s.end, role, "grandfathered", "start", cand))
            zone, after = "extension", role
            continue
        if role == "singleton":
            low = text.lower()
            zone_here = zone if zone != "start" else "start"
            if zone == "privateuse":
                zone_here = "privateuse"
            next_zone = {"x": "privateuse", "u": "u", "t": "t"}.get(low, "extension")
        else:
            zone_here = zone
            next_zone = zone
        err = next((d.message for d in errors if d.start < s.end and s.start < d.end), "")
        validity = ""
        if err and well_formed and role != "invalid":
            # The ABNF accepts the subtag; what the engine found is a validity matter (§2.2.9).
            validity, err = err, ""
        rule = "" if err and role == "invalid" else rule_for_role(role)
        if zone_here == "privateuse" and role == "privateuse":
            rule = "privateuse"
        cands: list[Candidate] = []
        for r in _ZONE_RULES[zone_here]:
            fits = bool(_SHAPES[r](text))
            if r == rule and not err:
                if RULES[r].needs:
                    why = _("accepts it as {alternative} ({needs})").format(
                        alternative=alternative(r, text), needs=_(RULES[r].needs)
                    )
                else:
                    why = _("accepts it as {alternative}").format(alternative=alternative(r, text))
                cands.append(Candidate(r, True, why))
            elif r == rule:
                cands.append(
                    Candidate(r, False, _("fits the shape, but the engine reports: {error}").format(error=err))
                )
            elif not fits:
                cands.append(
                    Candidate(
                        r,
                        False,
                        _("needs {needs}; '{subtag}' is {shape}").format(
                            needs=_(RULES[r].needs), subtag=text, shape=describe_shape(text)
                        ),
                    )
                )
            else:
                cands.append(Candidate(r, False, _position_reason(r, zone_here, after, rule)))
        steps.append(
            WalkStep(text, s.start, s.end, role, rule if not err else "", zone_here, tuple(cands), err, validity)
        )
        if role == "singleton":
            zone = next_zone
        elif zone == "start":
            zone = "langtag"
        if role != "invalid":
            after = role
    return Walk(a.tag, tuple(steps), frozenset(used), a.stop, tuple(sorted(first.items())))
