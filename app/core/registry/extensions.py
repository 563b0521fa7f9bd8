"""The IANA Language Tag Extensions Registry (RFC 5646 §3.7): which singletons are registered."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from operator import attrgetter

from ..text.frozen import Frozen, _set
from .recordjar import RecordJarError as RegistryError
from .recordjar import parse_record_jar

__all__ = ["ExtensionRecord", "ExtensionsRegistry"]

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}\Z")


class ExtensionRecord(Frozen):
    """One record of the Language Tag Extensions Registry (RFC 5646 §3.7)."""

    __slots__ = __match_args__ = ("identifier", "descriptions", "comments", "added", "rfc", "authority",
                                  "contact_email", "mailing_list", "url", "fields", "line")  # fmt: skip
    _compared = attrgetter(*__match_args__)

    identifier: str
    descriptions: tuple[str, ...]
    comments: tuple[str, ...]
    added: str | None
    rfc: str | None
    authority: str | None
    contact_email: str | None
    mailing_list: str | None
    url: str | None
    fields: tuple[tuple[str, str], ...]
    line: int

    def __init__(
        self,
        identifier: str,
        descriptions: tuple[str, ...],
        comments: tuple[str, ...],
        added: str | None,
        rfc: str | None,
        authority: str | None,
        contact_email: str | None,
        mailing_list: str | None,
        url: str | None,
        fields: tuple[tuple[str, str], ...],
        line: int,
    ) -> None:
        _set(self, "identifier", identifier)
        _set(self, "descriptions", descriptions)
        _set(self, "comments", comments)
        _set(self, "added", added)
        _set(self, "rfc", rfc)
        _set(self, "authority", authority)
        _set(self, "contact_email", contact_email)
        _set(self, "mailing_list", mailing_list)
        _set(self, "url", url)
        _set(self, "fields", fields)
        _set(self, "line", line)


class ExtensionsRegistry:
    """The Language Tag Extensions Registry: which singletons are registered and by whom."""

    __slots__ = ("_by_id", "file_date", "records", "source")

    def __init__(self, file_date: str, records: Iterable[ExtensionRecord], source: str = "<extensions>") -> None:
        self.file_date = file_date
        self.records = tuple(records)
        self.source = source
        self._by_id = {r.identifier.lower(): r for r in self.records}

    @classmethod
    def from_text(cls, text: str, source: str = "<extensions>") -> ExtensionsRegistry:
        """Parse extensions-registry *text*; raise RegistryError naming the line of a problem."""
        jar = parse_record_jar(text, source)
        file_date = jar.header.get("File-Date")
        if file_date is None or not _DATE.match(file_date):
            raise RegistryError("the first record must hold 'File-Date: YYYY-MM-DD'", jar.header.line, source)
        records = []
        for raw in jar.records:
            ident = raw.get("Identifier")
            if ident is None or len(ident) != 1 or not ident.isalnum() or ident.lower() == "x":
                raise RegistryError("record needs 'Identifier' holding one singleton", raw.line, source)
            if not raw.get_all("Description"):
                raise RegistryError(f"extension {ident!r} has no 'Description'", raw.line, source)
            records.append(
                ExtensionRecord(
                    identifier=ident.lower(),
                    descriptions=raw.get_all("Description"),
                    comments=raw.get_all("Comments"),
                    added=raw.get("Added"),
                    rfc=raw.get("RFC"),
                    authority=raw.get("Authority"),
                    contact_email=raw.get("Contact_Email"),
                    mailing_list=raw.get("Mailing_List"),
                    url=raw.get("URL"),
                    fields=raw.fields,
                    line=raw.line,
                )
            )
        return cls(file_date, records, source)

    def get(self, singleton: str) -> ExtensionRecord | None:
        """Return the record of *singleton* (any case), or None when it is not registered."""
        return self._by_id.get(singleton.lower())

    def __iter__(self) -> Iterator[ExtensionRecord]:
        return iter(self.records)

    def __len__(self) -> int:
        return len(self.records)
