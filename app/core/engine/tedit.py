"""Read and rewrite the ``-t-`` part (RFC 6497) and the private use of a tag, beside :mod:`.uedit` for ``-u-``.

Readings: the rewritten ``-t-`` part is in RFC 6497 §2.3's canonical order (the source language
first, then the fields sorted by key) and lowercase like every subtag after a singleton (RFC 5646
§2.1.1); other extensions keep their own subtags and go in singleton order (§4.5); private use
stays last.

>>> t_extension("en-t-ar-m0-ungegn")
TExtension(source='ar', fields=(('m0', ('ungegn',)),))
>>> with_t_extension("en-u-nu-latn", "ar", [("m0", ["ungegn"])])
'en-t-ar-m0-ungegn-u-nu-latn'
>>> with_t_extension("en-t-ar-m0-ungegn", "", [])
'en'
>>> with_private_use("en-US", ["Mine", "b"])
'en-US-x-mine-b'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..grammar.parser import parse
from ..grammar.syntax import split_t
from .uedit import with_extension

__all__ = ["TExtension", "private_use", "t_extension", "with_private_use", "with_t_extension"]


@dataclass(frozen=True, slots=True)
class TExtension:
    """The parsed ``-t-`` part of a tag: the source language tag and the (key, values) fields, lowercase."""

    source: str = ""
    fields: tuple[tuple[str, tuple[str, ...]], ...] = ()


def t_extension(text: str) -> TExtension:
    """Return the first -t- extension of *text*, or an empty one."""
    for ext in parse(text).extensions:
        if ext.singleton[0].lower() == "t":
            tlang, _stray, fields = split_t([s[0].lower() for s in ext.subtags])
            return TExtension("-".join(tlang), tuple((f[0], tuple(f[1:])) for f in fields))
    return TExtension()


def private_use(text: str) -> tuple[str, ...]:
    """Return the private-use subtags of *text* (after ``x``), lowercase."""
    return tuple(t[0].lower() for t in parse(text).privateuse)


def with_t_extension(tag: str, source: str, fields: Sequence[tuple[str, Sequence[str]]]) -> str:
    """Return *tag* with its -t- part made of *source* and *fields* (fields sorted by key; none: no -t-)."""
    body = [s.lower() for s in source.replace("_", "-").split("-") if s]
    seen: set[str] = set()
    for key, values in sorted(fields, key=lambda f: f[0].lower()):
        k = key.lower()
        if k in seen or not values:
            continue
        seen.add(k)
        body += [k, *(v.lower() for v in values)]
    return with_extension(tag, "t", body)


def with_private_use(tag: str, subtags: Sequence[str]) -> str:
    """Return *tag* with its private use replaced by *subtags* (none: no private use)."""
    return with_extension(tag, None, [], list(subtags))
