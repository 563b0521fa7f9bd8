"""``bcp47 match --each``: answer each available tag on its own, as its line arrives (issue 22's streaming).

``match`` without ``--each`` needs every available tag before it answers (filtering orders its
matches by range, lookup and best fit pick one tag among them), so it reads them all first. With
``--each`` each tag is answered against the priority list alone, so a pipe from a live log gets
each answer while standard input is still open, in order, in blocks of bounded memory (the
writer of :mod:`.live`):

- filtering (basic or ``--extended``): the highest-priority range that matches the tag, or none;
- ``--lookup``: the range whose fallback (truncation from the right) reaches the tag, or none;
- ``--best-fit``: the desired language (a range of the list) the tag best fits and its distance,
  or none within the threshold.

Each answer also says whether the tag is valid (RFC 5646 §2.2.9) and its first error. Blank lines
are skipped, as ``match -`` skips them. A repeated tag is answered from a bounded memo.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..cli import EXIT_NO_MATCH, EXIT_OK, CommandError
from ..core.engine.checkjson import clean_json_text
from ..core.matching.rfc4647 import PriorityList, basic_filter, extended_filter, format_q, lookup
from ..core.text.catalogue import _
from .live import BlockWriter, live_inputs

if TYPE_CHECKING:
    from ..core.engine.tag import TagEngine

__all__ = ["MEMO_SIZE", "each_answer", "run_each"]

#: How many distinct tags' answers are remembered before the memo starts afresh.
MEMO_SIZE = 20_000

_DUMPS = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def each_answer(
    engine: TagEngine, plist: PriorityList, scheme: str, as_json: bool
) -> Callable[[str], tuple[str, bool]]:
    """Return a function giving one tag's answer line (without its newline) and whether it matched.

    *scheme* is ``basic``, ``extended``, ``lookup`` or ``best-fit``.

    >>> from bcp47_explorer.core.data import bundled_engine
    >>> from bcp47_explorer.core.matching.rfc4647 import parse_accept_language
    >>> answer = each_answer(bundled_engine(), parse_accept_language("fr-CH, fr;q=0.9"), "basic", False)
    >>> answer("fr-FR"), answer("de")
    (('fr-FR: matched by range fr (q=0.9)', True), ('de: no range matches', False))
    """
    fit: Callable[[str], Any] | None = None
    if scheme == "best-fit":
        from ..core.build.localeinfo import matcher_for
        from ..core.data import DataError

        try:
            matcher = matcher_for(engine)
        except DataError as exc:
            raise CommandError(_("CLDR supplemental data unavailable: {error}").format(error=exc)) from None
        desired = [r.text for r in plist.ranges if r.text != "*"]

        def fit(tag: str) -> Any:
            return matcher.best_fit(desired, [tag])

    def answer(tag: str) -> tuple[str, bool]:
        r = engine.check(tag)
        first = r.errors[0] if not r.valid and r.errors else None
        code = first.code if first is not None else None
        out: dict[str, Any] = {"tag": tag}
        if fit is not None:
            got = fit(tag)
            matched = got.matched
            out.update(matched=matched, desired=got.desired, distance=got.distance,
                       effective_distance=got.effective)  # fmt: skip
            text = (
                _("{tag}: best fit for {desired} (distance {distance})").format(
                    tag=tag, desired=got.desired, distance=got.effective
                )
                if matched
                else _("{tag}: no desired language within the best fit's threshold").format(tag=tag)
            )
        elif scheme == "lookup":
            got = lookup(plist, [tag])
            matched = got.matched
            out.update(matched=matched, range=got.range)
            text = (
                _("{tag}: found by lookup from range {range}").format(tag=tag, range=got.range)
                if matched
                else _("{tag}: lookup does not reach it").format(tag=tag)
            )
        else:
            result = (extended_filter if scheme == "extended" else basic_filter)(plist, [tag])
            m = result.matches[0] if result.matches else None
            matched = m is not None
            out.update(matched=matched, range=m.range if m else None, q=m.q if m else None)
            text = (
                _("{tag}: matched by range {range} (q={q})").format(tag=tag, range=m.range, q=format_q(m.q))
                if m
                else _("{tag}: no range matches").format(tag=tag)
            )
        out.update(valid=r.valid, code=code)
        if as_json:
            return clean_json_text(_DUMPS(out)), matched
        if not r.valid:
            if r.well_formed:
                note = _(" (note: not valid, {code})") if code else _(" (note: not valid)")
            else:
                note = _(" (note: not well-formed, {code})") if code else _(" (note: not well-formed)")
            text += note.format(code=code)
        return text, matched

    return answer


def run_each(
    engine: TagEngine, plist: PriorityList, scheme: str, items: list[str], as_json: bool,
    write: Callable[[str], object],
) -> int:  # fmt: skip
    """Write one answer per available tag (``-``: stdin's lines as they arrive); exit status 0 when any matched."""
    answer = each_answer(engine, plist, scheme, as_json)
    out = BlockWriter(write, sys.stdout.flush)
    memo: dict[str, tuple[str, bool]] = {}
    any_matched = False
    for line in live_inputs(items, out.idle):
        tag = line.strip()
        if not tag:
            continue
        got = memo.get(tag)
        if got is None:
            got = answer(tag)
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            memo[tag] = got
        any_matched = any_matched or got[1]
        out.add(got[0] + "\n")
    out.close()
    return EXIT_OK if any_matched else EXIT_NO_MATCH
