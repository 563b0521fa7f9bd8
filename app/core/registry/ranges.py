"""Registry range records (``qaa..qtz``) answered by comparison, never by listing their codes.

A range such as ``aaaaaaaa..zzzzzzzz`` stands for 2 × 10¹¹ codes: expanding it would need
terabytes. A code lies in a range when it has the ends' length and kind (all letters or all
digits) and sorts between them, case ignored; the count and the n-th code are arithmetic.

>>> r = CodeRange.parse("qaa..qtz")
>>> r.contains("QAB"), r.contains("qua"), r.contains("qa"), len(r), r.code_at(1)
(True, False, False, 520, 'qab')
>>> CodeRange.parse("Qaaa..Qabx").code_at(0), CodeRange.parse("QM..QZ").codes(3)
('Qaaa', ['QM', 'QN', 'QO'])
>>> CodeRange.parse("aa..zzz")
Traceback (most recent call last):
...
ValueError: the ends of range 'aa..zzz' differ in length
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter

from ..text.catalogue import _
from ..text.frozen import Frozen, _set

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    from typing import Any

__all__ = ["CodeRange", "RangeTable"]


class CodeRange(Frozen):
    """The codes from ``first`` to ``last`` (same length, both letters or both digits), cased like ``first``."""

    __slots__ = __match_args__ = ("first", "last")
    _compared = attrgetter(*__match_args__)

    first: str
    last: str

    def __init__(self, first: str, last: str) -> None:
        _set(self, "first", first)
        _set(self, "last", last)

    @classmethod
    def parse(cls, text: str) -> CodeRange:
        """Return the range written ``first..last``; raise ValueError naming what is wrong with it."""
        first, sep, last = text.partition("..")
        if not sep or ".." in last:
            raise ValueError(_("{text!r} is not a range first..last").format(text=text))
        if len(first) != len(last):
            raise ValueError(_("the ends of range {text!r} differ in length").format(text=text))
        if not (first.isascii() and last.isascii()):
            raise ValueError(_("range {text!r} holds characters other than ASCII letters and digits").format(text=text))
        kinds = {("digits" if e.isdigit() else "letters" if e.isalpha() else "mixed") for e in (first, last)}
        if kinds != {"digits"} and kinds != {"letters"}:
            raise ValueError(_("the ends of range {text!r} are not both letters or both digits").format(text=text))
        if first.lower() > last.lower():
            raise ValueError(_("range {text!r} ends before it starts").format(text=text))
        return cls(first, last)

    @property
    def _digits(self) -> bool:
        return self.first.isdigit()

    def contains(self, code: str) -> bool:
        """Tell whether *code* (any case) lies in the range."""
        first = self.first
        if len(code) != len(first) or not code.isascii():
            return False
        if not (code.isdigit() if self._digits else code.isalpha()):
            return False
        return first.lower() <= code.lower() <= self.last.lower()

    def _value(self, code: str) -> int:
        if self._digits:
            return int(code)
        value = 0
        for ch in code.lower():
            value = value * 26 + (ord(ch) - 97)
        return value

    def __len__(self) -> int:
        return self._value(self.last) - self._value(self.first) + 1

    def code_at(self, index: int) -> str:
        """Return the *index*-th code of the range (0 is ``first``), cased like ``first``."""
        if not 0 <= index < len(self):
            raise IndexError(index)
        n = len(self.first)
        value = self._value(self.first) + index
        if self._digits:
            return str(value).zfill(n)
        chars = []
        for _position in range(n):
            value, rem = divmod(value, 26)
            chars.append(chr(97 + rem))
        code = "".join(reversed(chars))
        first = self.first
        if first[0].isupper() and (n == 2 or first.isupper()):
            return code.upper()
        return code.title() if first[0].isupper() else code

    def codes(self, limit: int) -> list[str]:
        """Return the first *limit* codes of the range, in order."""
        return [self.code_at(i) for i in range(min(limit, len(self)))]


if TYPE_CHECKING:
    _Table = dict[str, Any]
else:
    _Table = dict  # the type checker's dict[str, Any], without typing's Any at run time


class RangeTable(_Table):
    """A lowercase code → record table that also answers for the codes of its range records.

    Exact codes are plain dict entries (the fast path never notices); a missing code is then
    compared with each range (a registry has a handful), never looked up in a list of them.
    Iteration and ``len`` cover the exact codes only.
    """

    __slots__ = ("ranges",)

    def __init__(self, exact: Mapping[str, Any] | None = None, ranges: tuple[tuple[CodeRange, Any], ...] = ()) -> None:
        super().__init__(exact or {})
        self.ranges = ranges

    def __missing__(self, key: str) -> Any:
        for rng, value in self.ranges:
            if rng.contains(key):
                return value
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        """Return the record of *key* (exact or in a range), else *default*."""
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key: object) -> bool:
        if dict.__contains__(self, key):
            return True
        return isinstance(key, str) and any(rng.contains(key) for rng, _ in self.ranges)

    def copy(self) -> RangeTable:
        """Return a shallow copy that keeps the ranges."""
        return RangeTable(self, self.ranges)
