"""The base of the models' immutable values (registry records, CLDR keys and types), written out once.

``@dataclass(frozen=True, slots=True)`` writes each class's methods as text and compiles them when the
module is imported (0.8 ms a class), and importing :mod:`dataclasses` imports :mod:`inspect` (10 ms):
a fifth of a ``bcp47 check`` of one tag went to making classes. A subclass of :class:`Frozen` writes
its own ``__init__`` (setting each slot with ``object.__setattr__``, as a frozen dataclass does) and
names its fields in ``__match_args__`` and the compared ones in ``_compared``; the rest is here, with
what the dataclass gave: equality and hashing over the compared fields (only between instances of
the very same class), the dataclass's ``repr``, assignment and deletion refused, pickling.
It lives in the bottom layer so that every model may use it.

>>> from operator import attrgetter
>>> class Pair(Frozen):
...     __slots__ = __match_args__ = ("a", "b")
...     _compared = attrgetter("a", "b")
...     a: int
...     b: int
...     def __init__(self, a: int, b: int = 0) -> None:
...         _set(self, "a", a)
...         _set(self, "b", b)
>>> p = Pair(1)
>>> p, p == Pair(1, 0), p == Pair(1, 2), hash(p) == hash(Pair(1)), p.__eq__((1, 0))
(Pair(a=1, b=0), True, False, True, NotImplemented)
>>> replace(p, b=7)
Pair(a=1, b=7)
>>> try:
...     p.a = 5
... except AttributeError as exc:
...     print(type(exc).__name__, exc)
FrozenInstanceError cannot assign to field 'a'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["Frozen", "FrozenInstanceError", "replace"]

_F = TypeVar("_F", bound="Frozen")

_set = object.__setattr__
"""Set a slot of a frozen instance (its own ``__init__`` and fast builders only)."""


class FrozenInstanceError(AttributeError):
    """An attempt to change a field of a frozen value (what :mod:`dataclasses` raises, an AttributeError)."""


class Frozen:
    """An immutable value with slots: equality, hash, repr and pickling over the fields its subclass names."""

    __slots__ = ()
    #: The fields in order: the ``__init__`` arguments, ``repr`` and pickling (and ``match`` patterns).
    __match_args__: tuple[str, ...] = ()
    #: The fields equality and hashing compare, as a getter (``operator.attrgetter`` of several names).
    _compared: Callable[[Any], Any]

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__qualname__}({fields})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return bool(self._compared(self) == self._compared(other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._compared(self))

    def __reduce__(self) -> tuple[type[Frozen], tuple[Any, ...]]:
        return type(self), tuple(getattr(self, name) for name in self.__match_args__)


def replace(value: _F, **changes: Any) -> _F:
    """Return a copy of a frozen *value* with the fields *changes* names set anew (as ``dataclasses.replace``)."""
    fields = {name: changes.pop(name) if name in changes else getattr(value, name) for name in value.__match_args__}
    make: Callable[..., _F] = type(value)
    return make(**fields, **changes)  # a name that is no field: the TypeError of __init__
