"""One record of the Language Subtag Registry and its Type (RFC 5646 §3.1.2).

>>> rec = Record("language", "qaa..qtz", ("Private use",), "2005-10-16", scope="private-use")
>>> rec.is_range, rec.is_private_use, rec.range_size, rec.contains("QAB")
(True, True, 520, True)
"""

from __future__ import annotations

import re
from enum import StrEnum
from operator import attrgetter

from ..text.frozen import Frozen, _set
from .ranges import CodeRange
from .recordjar import RecordJarError

__all__ = ["DATE", "TAG_TYPES", "Record", "RecordType", "RegistryError", "written_fields"]

RegistryError = RecordJarError
# A date as the registry writes it (File-Date, Added, Deprecated).
DATE = re.compile(r"\d{4}-\d{2}-\d{2}\Z")


class RecordType(StrEnum):
    """The Type field of a registry record."""

    LANGUAGE = "language"
    EXTLANG = "extlang"
    SCRIPT = "script"
    REGION = "region"
    VARIANT = "variant"
    GRANDFATHERED = "grandfathered"
    REDUNDANT = "redundant"


TAG_TYPES = frozenset({RecordType.GRANDFATHERED, RecordType.REDUNDANT})


class Record(Frozen):
    """One record of the Language Subtag Registry, with every field it has in file order."""

    __match_args__ = (
        "type", "code", "descriptions", "added", "deprecated", "preferred_value", "prefixes", "suppress_script",
        "macrolanguage", "scope", "comments", "fields", "line",
    )  # fmt: skip
    # The fields in file order are kept in ``_fields``; None there: written out on first use (see ``fields``).
    __slots__ = tuple("_fields" if name == "fields" else name for name in __match_args__)
    _compared = attrgetter(*__match_args__)

    type: str
    code: str  # the Subtag (or range ``a..b``) or the Tag, as written in the file
    descriptions: tuple[str, ...]
    added: str | None
    deprecated: str | None
    preferred_value: str | None
    prefixes: tuple[str, ...]
    suppress_script: str | None
    macrolanguage: str | None
    scope: str | None
    comments: tuple[str, ...]
    _fields: tuple[tuple[str, str], ...] | None
    line: int

    def __init__(
        self,
        type: str,
        code: str,
        descriptions: tuple[str, ...],
        added: str | None = None,
        deprecated: str | None = None,
        preferred_value: str | None = None,
        prefixes: tuple[str, ...] = (),
        suppress_script: str | None = None,
        macrolanguage: str | None = None,
        scope: str | None = None,
        comments: tuple[str, ...] = (),
        fields: tuple[tuple[str, str], ...] = (),
        line: int = 0,
    ) -> None:
        _set(self, "type", type)
        _set(self, "code", code)
        _set(self, "descriptions", descriptions)
        _set(self, "added", added)
        _set(self, "deprecated", deprecated)
        _set(self, "preferred_value", preferred_value)
        _set(self, "prefixes", prefixes)
        _set(self, "suppress_script", suppress_script)
        _set(self, "macrolanguage", macrolanguage)
        _set(self, "scope", scope)
        _set(self, "comments", comments)
        _set(self, "_fields", fields)
        _set(self, "line", line)

    @property
    def is_range(self) -> bool:
        """Whether this record stands for a range of codes such as ``qaa..qtz``."""
        return ".." in self.code

    @property
    def is_tag(self) -> bool:
        """Whether this is a grandfathered or redundant whole-tag record."""
        return self.type in TAG_TYPES

    @property
    def is_private_use(self) -> bool:
        """Whether the registry sets the code aside for private use (its Description is "Private use")."""
        return self.descriptions[0] == "Private use"

    @property
    def is_deprecated(self) -> bool:
        """Whether the record carries a Deprecated date."""
        return self.deprecated is not None

    @property
    def description(self) -> str:
        """Return the descriptions joined for one-line display."""
        return "; ".join(self.descriptions)

    @property
    def range_bounds(self) -> tuple[str, str] | None:
        """Return the first and last code of a range record, else None."""
        if not self.is_range:
            return None
        first, _, last = self.code.partition("..")
        return first, last

    @property
    def code_range(self) -> CodeRange | None:
        """Return the range of a range record (compared, never expanded), else None."""
        return CodeRange.parse(self.code) if self.is_range and not self.is_tag else None

    @property
    def range_size(self) -> int:
        """Return how many codes the record stands for (1 for an ordinary record)."""
        rng = self.code_range
        return len(rng) if rng is not None else 1

    def range_codes(self, limit: int = 10_000) -> list[str]:
        """Return the codes inside a range record in order, cased like the record: at most *limit* of them."""
        rng = self.code_range
        return rng.codes(limit) if rng is not None else [self.code]

    def contains(self, code: str) -> bool:
        """Whether *code* (any case) is this record's code or lies inside its range."""
        rng = self.code_range
        if rng is None:
            return code.lower() == self.code.lower()
        return rng.contains(code)

    @property
    def fields(self) -> tuple[tuple[str, str], ...]:
        """Return every field of the record as the file has them, in file order.

        The parse cache leaves out the fields of a record that :func:`written_fields` writes out again
        from the record alone (all but a few: a third of the cache's objects); they are made on first use.
        """
        got = self._fields
        if got is None:
            got = written_fields(self)
            _set(self, "_fields", got)
        return got

    def extra_fields(self) -> tuple[tuple[str, str], ...]:
        """Return the fields RFC 5646 does not define, kept as they were."""
        return tuple((k, v) for k, v in self.fields if k not in _KNOWN_FIELDS)


def written_fields(rec: Record) -> tuple[tuple[str, str], ...]:
    """Return the fields of *rec* in the order the registry writes them, from its other attributes.

    Equal to the record's own fields for all but a few records of the registry (those with another
    order, an unknown field, ...); the parse cache keeps the fields of those.

    >>> rec = Record("language", "mt", ("Maltese",), "2005-10-16", suppress_script="Latn")
    >>> [name for name, _ in written_fields(rec)]
    ['Type', 'Subtag', 'Description', 'Added', 'Suppress-Script']
    """
    out = [("Type", rec.type), ("Tag" if rec.type in TAG_TYPES else "Subtag", rec.code)]
    out += [("Description", d) for d in rec.descriptions]
    for name, value in (("Added", rec.added), ("Deprecated", rec.deprecated), ("Preferred-Value", rec.preferred_value)):
        if value is not None:
            out.append((name, value))
    out += [("Prefix", p) for p in rec.prefixes]
    for name, value in (("Suppress-Script", rec.suppress_script), ("Macrolanguage", rec.macrolanguage),
                        ("Scope", rec.scope)):  # fmt: skip
        if value is not None:
            out.append((name, value))
    out += [("Comments", c) for c in rec.comments]
    return tuple(out)


_KNOWN_FIELDS = frozenset(
    {"Type", "Subtag", "Tag", "Description", "Added", "Deprecated", "Preferred-Value", "Prefix",
     "Suppress-Script", "Macrolanguage", "Scope", "Comments"}
)  # fmt: skip
