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

from _thread import allocate_lock
from collections.abc import Callable, Iterator
from contextlib import contextmanager

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up: see text.static)

if TYPE_CHECKING:
    from typing import Any

__all__ = ["Frozen", "FrozenInstanceError", "plain_stores", "replace"]

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


# Bound to the class itself, not its name: a name is compiled (ForwardRef), and the first compile in a
# process costs the parser's start-up (3 ms of a check of one tag).
if TYPE_CHECKING:
    from typing import TypeVar

    _F = TypeVar("_F", bound=Frozen)
_PLAIN = allocate_lock()  # one class at a time takes the plain store (see plain_stores)
_OWN = ("__setattr__", "__delattr__")


@contextmanager
def plain_stores(cls: type[Frozen]) -> Iterator[None]:
    """Let *cls* take the plain attribute store and deletion meanwhile: for a bulk load.

    The class itself takes ``object.__setattr__`` and ``object.__delattr__``; the interpreter then stores
    straight into the slots (a Python-level ``__setattr__`` on the class, even one that hands over to
    ``object.__setattr__``, costs a call a store). Afterwards, whatever happened meanwhile, the class is as
    before: assignment and deletion refused. One such load at a time (threads take turns); not reentrant.

    >>> class Point(Frozen):
    ...     __slots__ = __match_args__ = ("x", "y")
    >>> def make(x, y):  # what a bulk load writes out: the plain stores, field by field
    ...     p = object.__new__(Point)
    ...     p.x = x
    ...     p.y = y
    ...     return p
    >>> with plain_stores(Point):
    ...     p = make(1, 2)
    >>> (p.x, p.y), "__setattr__" in Point.__dict__
    ((1, 2), False)
    """
    with _PLAIN:
        kept = {name: cls.__dict__[name] for name in _OWN if name in cls.__dict__}
        setattr(cls, "__setattr__", object.__setattr__)  # noqa: B010 (mypy refuses assigning a method)
        setattr(cls, "__delattr__", object.__delattr__)  # noqa: B010
        try:
            yield
        finally:
            for name in _OWN:
                if name in kept:
                    setattr(cls, name, kept[name])
                else:
                    delattr(cls, name)


def replace(value: _F, **changes: Any) -> _F:
    """Return a copy of a frozen *value* with the fields *changes* names set anew (as ``dataclasses.replace``)."""
    fields = {name: changes.pop(name) if name in changes else getattr(value, name) for name in value.__match_args__}
    make: Callable[..., _F] = type(value)
    return make(**fields, **changes)  # a name that is no field: the TypeError of __init__
