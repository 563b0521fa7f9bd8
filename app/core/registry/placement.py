"""Where variants go: an order of the variants that meets every Prefix (RFC 5646 §2.2.5, §3.1.8).

A variant's Prefix lists subtags that should all appear, in that order, before the variant
(``biske`` has Prefix ``sl-rozaj``: ``sl-rozaj-biske`` fits, ``sl-biske-rozaj`` does not). Placing
a variant, the Registry pane's "Use in tag", the Build pane and the editor's reorder fix all use the
one function here, :func:`order_variants`, so they never disagree.

Readings taken where RFC 5646 leaves room (tests pin them):

- The order is found greedily: repeatedly take, in the order the user gave, the first variant whose
  Prefix the subtags so far meet. Adding a subtag before a variant never breaks a Prefix that was met
  (a Prefix is a subsequence), so the greedy order meets every Prefix that any order can meet.
- When several variants could come next, one that another waiting variant names in a Prefix goes
  first (``1994`` may follow ``sl-rozaj`` or ``sl-rozaj-biske``: ``rozaj-biske-1994``, the longer Prefix).
- A variant whose Prefix no order can meet (``en-rozaj``) keeps its place among the others: it is
  the user's choice, and moving it would not help.
- A variant without a Prefix (``fonipa``) or unknown to the registry is met anywhere.
- An order that already meets every Prefix is kept as it is.

>>> P = {"rozaj": (("sl",),), "biske": (("sl", "rozaj"),), "1994": (("sl", "rozaj", "biske"),)}
>>> order_variants(["sl"], ["biske", "rozaj"], P)
('rozaj', 'biske')
>>> order_variants(["sl", "IT"], ["1994", "biske", "rozaj"], P)
('rozaj', 'biske', '1994')
>>> order_variants(["sl"], ["rozaj", "fonipa"], P)
('rozaj', 'fonipa')
>>> order_variants(["sl"], ["rozaj", "1994", "biske"], {**P, "1994": (("sl", "rozaj"), ("sl", "rozaj", "biske"))})
('rozaj', '1994', 'biske')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..text.catalogue import _

if TYPE_CHECKING:
    from .model import Registry

__all__ = ["PrefixTable", "VariantFit", "order_variants", "prefix_met", "prefix_table", "variant_fit"]

#: Variant (lowercase) → its Prefixes, each split into lowercase subtags.
PrefixTable = Mapping[str, tuple[tuple[str, ...], ...]]


def prefix_table(registry: Registry) -> dict[str, tuple[tuple[str, ...], ...]]:
    """Return the Prefixes of every variant of *registry*, lowercase and split into subtags."""
    return {
        code: tuple(tuple(p.lower().split("-")) for p in rec.prefixes)
        for code, rec in registry.table("variant").items()
    }


def _subsequence(needle: Sequence[str], hay: Sequence[str]) -> bool:
    it = iter(hay)
    return all(any(h == n for h in it) for n in needle)


def prefix_met(variant: str, before: Sequence[str], prefixes: PrefixTable) -> bool:
    """Tell whether one Prefix of *variant* appears, in order, in the lowercase subtags *before* it.

    >>> prefix_met("biske", ["sl", "it", "rozaj"], {"biske": (("sl", "rozaj"),)})
    True
    """
    own = prefixes.get(variant.lower(), ())
    return not own or any(_subsequence(p, before) for p in own)


def order_variants(head: Sequence[str], variants: Sequence[str], prefixes: PrefixTable) -> tuple[str, ...]:
    """Return *variants* in an order that meets every Prefix that can be met (see the module notes).

    *head* holds the subtags before the variants (language, extlang, script, region) in any case;
    the variants come back as written.
    """
    low_head = [h.lower() for h in head]
    # Which variants any order can serve: grow the subtags greedily until nothing more is met.
    hay = list(low_head)
    reachable: set[int] = set()
    progress = True
    while progress:
        progress = False
        for i, v in enumerate(variants):
            if i not in reachable and prefix_met(v, hay, prefixes):
                reachable.add(i)
                hay.append(v.lower())
                progress = True
    hay = list(low_head)
    for i, v in enumerate(variants):
        if i in reachable and not prefix_met(v, hay, prefixes):
            break
        hay.append(v.lower())
    else:
        return tuple(variants)  # the order given already meets every Prefix that can be met
    out: list[str] = []
    hay = list(low_head)
    rest_idx = list(range(len(variants)))
    while rest_idx:
        ready = [k for k, i in enumerate(rest_idx) if i not in reachable or prefix_met(variants[i], hay, prefixes)]
        ready_codes = {variants[rest_idx[k]].lower() for k in ready}
        pick = ready[0] if ready else 0
        for k in ready:  # a variant named in another's Prefix goes first: rozaj-biske-1994, not rozaj-1994-biske
            own = variants[rest_idx[k]].lower()
            named = {s for p in prefixes.get(own, ()) for s in p} - {own}
            if not named & ready_codes:
                pick = k
                break
        i = rest_idx.pop(pick)
        out.append(variants[i])
        hay.append(variants[i].lower())
    return tuple(out)


@dataclass(frozen=True, slots=True)
class VariantFit:
    """Whether a variant can be added to a tag so that its Prefix is met, and if not, why."""

    code: str
    fits: bool
    present: bool  # already in the tag
    reason: str  # "" when it fits; else what it would need first (a short mark)
    detail: str = ""  # "" when it fits; else the sentence that says why it is not offered


def variant_fit(
    head: Sequence[str], variants: Sequence[str], code: str, prefixes: PrefixTable, written: Sequence[str] = ()
) -> VariantFit:
    """Tell whether *code* placed among *variants* after *head* would have its Prefix met.

    *written* gives the variant's Prefixes as the registry writes them, for the reason's wording.

    >>> P = {"biske": (("sl", "rozaj"),), "rozaj": (("sl",),)}
    >>> variant_fit(["sl"], [], "biske", P, ["sl-rozaj"]).reason
    "needs 'rozaj' first (its Prefix is 'sl-rozaj')"
    >>> variant_fit(["sl"], ["rozaj"], "biske", P).fits
    True
    >>> variant_fit(["de"], [], "rozaj", P, ["sl"]).reason
    "is for 'sl' (its Prefix), not 'de'"
    """
    low = code.lower()
    lows = [v.lower() for v in variants]
    if low in lows:
        return VariantFit(code, True, True, "")
    order = order_variants(head, [*variants, code], prefixes)
    low_order = [v.lower() for v in order]
    before = [h.lower() for h in head] + low_order[: low_order.index(low)]
    if prefix_met(low, before, prefixes):
        return VariantFit(code, True, False, "")
    own = prefixes.get(low, ())
    shown = list(written) or ["-".join(p) for p in own]
    language = head[0].lower() if head else ""
    same_language = [p for p in own if p and p[0] == language]
    if not same_language:
        names = " or ".join(f"'{w}'" for w in shown)
        fields = {"prefixes": names, "language": head[0] if head else ""}
        return VariantFit(
            code,
            False,
            False,
            _("is for {prefixes} (its Prefix), not '{language}'").format(**fields),
            _("Not offered: it is for {prefixes} (its Prefix), not '{language}'.").format(**fields),
        )
    have = set(h.lower() for h in head) | set(lows)
    best = min(same_language, key=lambda p: sum(1 for s in p if s not in have))
    missing = [s for s in best if s not in have]
    written_best = next((w for w in shown if w.lower() == "-".join(best)), "-".join(best))
    if missing:
        need = ", ".join(f"'{m}'" for m in missing)
        return VariantFit(
            code,
            False,
            False,
            _("needs {subtags} first (its Prefix is '{prefix}')").format(subtags=need, prefix=written_best),
            _("Not offered: it needs {subtags} first (its Prefix is '{prefix}').").format(
                subtags=need, prefix=written_best
            ),
        )
    return VariantFit(
        code,
        False,
        False,
        _("its Prefix '{prefix}' is not met in this order").format(prefix=written_best),
        _("Not offered: its Prefix '{prefix}' is not met in this order.").format(prefix=written_best),
    )
