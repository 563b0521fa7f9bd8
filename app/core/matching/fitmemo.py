"""A bounded memo around CLDR's best fit: the same question, asked again, is answered from memory.

A server matches each request's Accept-Language against the same supported list; a column of user
locales asks the same few questions a million times. :class:`MemoMatcher` is a :class:`.bestfit.Matcher`
whose :meth:`~MemoMatcher.best_fit` remembers its answers (immutable values, so sharing them is safe)
by the question: the desired list, the supported list and the default, as written. The algorithm is
the matcher's own; only a repeated question is spared. The memo holds :data:`MEMO_SIZE` answers and
starts afresh when full, so memory stays bounded whatever the traffic.

>>> from bcp47_explorer.core.data import bundled_supplemental
>>> m = MemoMatcher(bundled_supplemental())
>>> a = m.best_fit(["en-AU"], ["en", "en-GB", "fr"])
>>> a.supported, a is m.best_fit(["en-AU"], ("en", "en-GB", "fr"))
('en-GB', True)
"""

from __future__ import annotations

from collections.abc import Sequence

from .bestfit import BestFit
from .fitindex import IndexedMatcher

__all__ = ["MEMO_SIZE", "MemoMatcher"]

#: How many answers a matcher remembers before it starts afresh.
MEMO_SIZE = 20_000


class MemoMatcher(IndexedMatcher):
    """A :class:`.bestfit.Matcher` that remembers its best-fit answers (bounded), on the index of :mod:`.fitindex`."""

    _fit_memo: dict[tuple[tuple[str, ...], tuple[str, ...], str | None], BestFit]

    def best_fit(self, desired: Sequence[str], supported: Sequence[str], default: str | None = None) -> BestFit:
        """Return the supported locale that best fits the desired ones (remembered per question)."""
        memo = self.__dict__.get("_fit_memo")  # made on first use: the matcher's own __init__ is left alone
        if memo is None:
            memo = self._fit_memo = {}
        key = (tuple(desired), tuple(supported), default)
        got = memo.get(key)
        if got is None:
            got = super().best_fit(key[0], key[1], default)
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            memo[key] = got
        return got
