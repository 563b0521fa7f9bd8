"""``bcp47 match --best-fit``: CLDR language matching beside RFC 4647 lookup, and the parent-locale fallback."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cli import EXIT_NO_MATCH, EXIT_OK, CommandError, emit_json
from ..core.matching.rfc4647 import PriorityList, lookup
from ..core.text.catalogue import _
from .match_cmds import _print_header, _print_not_valid, _print_notes, _problem_json

if TYPE_CHECKING:
    from ..core.engine.tag import TagEngine
    from ..core.matching.bestfit import BestFit, Distance

__all__ = ["run_best_fit"]

#: How many of the closest desired/supported pairs the output lists.
CANDIDATES = 5


def _distance_json(d: Distance, effective: int) -> dict[str, Any]:
    return {
        "desired": d.desired,
        "supported": d.supported,
        "desired_max": d.desired_max,
        "supported_max": d.supported_max,
        "distance": d.total,
        "effective_distance": effective,
    }


def _levels_json(fit: BestFit) -> list[dict[str, Any]]:
    if fit.best is None:
        return []
    return [
        {
            "level": s.level,
            "desired": s.desired,
            "supported": s.supported,
            "rule": str(s.rule) if s.rule is not None else None,
            "distance": s.distance,
        }
        for s in fit.best.steps
    ]


def _fallback(chain: tuple[str, ...], tags: list[str]) -> tuple[list[dict[str, Any]], str]:
    """Mark each locale of a parent chain as available or not; return them and the first available (root last)."""
    available = {t.replace("_", "-").lower(): t for t in tags}
    steps = []
    found = ""
    for loc in chain:
        hit = available.get(loc.lower()) or (available.get("und") if loc == "root" else None)
        steps.append({"locale": loc, "available": hit is not None})
        if hit is not None and not found:
            found = hit
    return steps, found or "root"


def run_best_fit(
    engine: TagEngine,
    plist: PriorityList,
    tags: list[str],
    default: str | None,
    as_json: bool,
    not_valid: list[dict[str, Any]],
) -> int:
    """Print the CLDR best fit for the priority list among *tags*, with RFC 4647 lookup and the fallback chain."""
    from ..core.build.localeinfo import matcher_for
    from ..core.data import DataError

    try:
        matcher = matcher_for(engine)
    except DataError as exc:
        raise CommandError(_("CLDR supplemental data unavailable: {error}").format(error=exc)) from None
    desired = [r.text for r in plist.ranges if r.text != "*"]
    wildcard = len(desired) != len(plist.ranges)
    fit = matcher.best_fit(desired, tags, default=default)
    rfc = lookup(plist, tags, default=default)
    chain = matcher.data.parent_chain(desired[0]) if desired else ()
    fallback, bundle = _fallback(chain, tags)
    status = EXIT_OK if fit.matched else EXIT_NO_MATCH
    notes = (
        [
            _("{wildcard!r} in the priority list has no language to match and is left out of the best fit").format(
                wildcard="*"
            )
        ]
        if wildcard
        else []
    )
    if as_json:
        emit_json(
            {
                "scheme": "best-fit",
                "result": fit.supported,
                "matched": fit.matched,
                "default_used": not fit.matched,
                "desired": fit.desired,
                "distance": fit.distance,
                "effective_distance": fit.effective,
                "threshold": matcher_threshold(),
                "demotion": matcher_demotion(),
                "reason": fit.reason,
                "levels": _levels_json(fit),
                "candidates": [_distance_json(d, eff) for eff, d in fit.closest(CANDIDATES)],
                "rfc4647_lookup": {"result": rfc.tag, "range": rfc.range, "default_used": rfc.used_default},
                "fallback": {"from": desired[0] if desired else None, "chain": fallback, "bundle": bundle},
                "ranges": [{"range": r.text, "q": r.q} for r in plist.ranges],
                "excluded": [r.text for r in plist.excluded],
                "notes": notes,
                "problems": [_problem_json(p) for p in plist.problems],
                "not_valid": not_valid,
            }
        )
        return status
    _print_header(
        plist,
        _(
            "Best fit (CLDR language matching, UTS #35 §4.4; not RFC 4647): locales are maximized with likely "
            "subtags and compared by CLDR's distances."
        ),
    )
    _print_notes(plist.problems)
    _print_not_valid(not_valid)
    for note in notes:
        print("  " + _("note: {message}").format(message=note))
    print(_("Closest pairs (distance with demotion, desired ~ supported):"))
    for eff, d in fit.closest(CANDIDATES):
        demoted = (
            " " + _("(distance {distance} + demotion {demotion})").format(distance=d.total, demotion=eff - d.total)
            if eff != d.total
            else ""
        )
        print(f"  {eff:>3}  {d.desired} ({d.desired_max}) ~ {d.supported} ({d.supported_max}){demoted}")
    if fit.matched and fit.best is not None:
        print(_("Why {tag}:").format(tag=fit.supported))
        for step in fit.best.steps:
            print(f"  {step}")
        if fit.effective != fit.distance:
            extra = (fit.effective or 0) - (fit.distance or 0)
            print(
                "  "
                + _("demotion for desired language #{number}: +{extra}").format(
                    number=fit.desired_index + 1, extra=extra
                )
            )
        print(
            _("Result: {tag} (for {desired}, distance {distance})").format(
                tag=fit.supported, desired=fit.desired, distance=fit.distance
            )
        )
    else:
        print(
            _("Result: {tag} (the default: no supported locale is within distance {threshold})").format(
                tag=fit.supported, threshold=matcher_threshold()
            )
        )
    if rfc.matched:
        print(_("RFC 4647 lookup gives: {tag}").format(tag=rfc.tag))
    elif rfc.tag:
        print(_("RFC 4647 lookup gives: {tag} (default)").format(tag=rfc.tag))
    else:
        print(_("RFC 4647 lookup gives: nothing"))
    if chain:
        marks = " -> ".join(f"{s['locale']}{'*' if s['available'] else ''}" for s in fallback)
        print(
            _("Parent-locale fallback of {tag} (UTS #35 §4.1; * = available): {chain}; bundle: {bundle}").format(
                tag=desired[0], chain=marks, bundle=bundle
            )
        )
    return status


def matcher_threshold() -> int:
    """The best-fit threshold (a match must be below it)."""
    from ..core.matching.bestfit import THRESHOLD

    return THRESHOLD


def matcher_demotion() -> int:
    """The demotion per position in the desired list."""
    from ..core.matching.bestfit import DEMOTION

    return DEMOTION
