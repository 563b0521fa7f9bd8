"""Check a Language Subtag Registry beyond parsing: field names, fields per Type, and what it lacks.

A registry that parses may still be damaged: cut at a record boundary (whole Types gone), or
with a field name mistyped (``DeprecatEd:`` un-deprecates a record, since a parser that knows
field names by their spelling no longer sees it). This module finds what can be found:

- every field name is one RFC 5646 §3.1.2 defines, spelt as it spells it; an unknown or miscased
  name is reported with its line and **kept** in the record (the record jar format allows extra
  fields, so they are warnings, not errors);
- each record has the fields its Type requires, and no field its Type does not take (§3.1.3-§3.1.11);
- a range record (``Subtag: first..last``) is one of RFC 5646's private-use ranges, exactly:
  ``qaa..qtz`` (language, §2.2.1, with ``Scope: private-use``), ``Qaaa..Qabx`` (script, §2.2.3),
  ``QM..QZ`` and ``XA..XZ`` (region, §2.2.4). Any other range would make every code in it valid
  (``aaaaaaaa..zzzzzzzz``: every 8-letter language subtag), so it is reported. Our reading: RFC 5646
  uses ranges only for these private-use blocks; Scope is a field of language and extlang records
  only (§3.1.7), so it is required of the language range and of no other;
- no field is longer than :data:`MAX_FIELD_LENGTH` gives for its name (the longest real Description
  is about 100 characters, the longest Comments about 300): a longer one means a damaged or forged file;
- compared with a reference registry (the bundled one), it says what the file lacks: Types that
  have no record, records the reference has and the file has not (records are never removed from
  the registry, §3.4, so a missing record means a cut or damaged file), and an older File-Date.

The GUI asks before using a file with lacks; the CLI warns on stderr. Both use :func:`inspect`.

>>> from .model import Registry, SAMPLE
>>> reference = Registry.from_text(SAMPLE)
>>> damaged = SAMPLE.replace("Deprecated:", "DeprecatEd:").replace("File-Date: 2026-01-01", "File-Date: 2025-01-01")
>>> report = inspect(Registry.from_text(damaged, "old.txt"), damaged, reference)
>>> for line in report.lines(): print(line[:66])
old.txt, line 24: field name 'DeprecatEd' is miscased; RFC 5646 §3
old.txt: line 1: File-Date 2025-01-01 is older than the bundled re
"""

from __future__ import annotations

import os
import re
from collections import Counter
from dataclasses import dataclass, field
from operator import itemgetter

from ..grammar.problems import Problem, Severity, section_cited
from ..text.catalogue import _
from ..text.formats import format_number
from .model import Record, RecordType, Registry

__all__ = [
    "MAX_CODE_FIELD",
    "MAX_FIELD_LENGTH",
    "PRIVATE_USE_RANGES",
    "RegistryReport",
    "field_findings",
    "finding",
    "inspect",
    "lacks",
    "open_checked",
    "render",
]

#: Field names RFC 5646 §3.1.2 defines, spelt as it spells them.
KNOWN_FIELDS = (
    "Type",
    "Subtag",
    "Tag",
    "Description",
    "Added",
    "Deprecated",
    "Preferred-Value",
    "Prefix",
    "Suppress-Script",
    "Macrolanguage",
    "Scope",
    "Comments",
)
_BY_LOWER = {name.lower(): name for name in KNOWN_FIELDS}
_SUBTAG_TYPES = ("language", "extlang", "script", "region", "variant")
#: The Types that may carry each field that is not allowed everywhere (RFC 5646 §3.1.3-§3.1.11).
_ONLY_FOR = {
    "Subtag": _SUBTAG_TYPES,
    "Tag": ("grandfathered", "redundant"),
    "Prefix": ("extlang", "variant"),
    "Suppress-Script": ("language", "extlang"),
    "Macrolanguage": ("language", "extlang"),
    "Scope": ("language", "extlang"),
}
#: Fields a record of a Type must have besides Type, Description and Added (which the parser requires).
_REQUIRED = {"extlang": ("Prefix", "Preferred-Value")}
#: The field names each Type takes, spelt as RFC 5646 spells them (the fast path of the check).
_ALLOWED = {
    t.value: frozenset(n for n in KNOWN_FIELDS if n not in _ONLY_FOR or t.value in _ONLY_FOR[n]) for t in RecordType
}
#: A report lists at most this many findings of one kind; the rest are counted.
MAX_LISTED = 20
#: The ranges RFC 5646 sets aside for private use (§2.2.1, §2.2.3, §2.2.4), by Type; lowercase.
PRIVATE_USE_RANGES = {"language": ("qaa..qtz",), "script": ("qaaa..qabx",), "region": ("qm..qz", "xa..xz")}
#: The longest value the check accepts for a field (characters, after unfolding); others get :data:`MAX_CODE_FIELD`.
MAX_FIELD_LENGTH = {"Description": 1000, "Comments": 2000}
#: The longest value of any field not in :data:`MAX_FIELD_LENGTH` (codes, tags, dates, Type, Scope...).
MAX_CODE_FIELD = 200


def finding(line: int, code: str, message: str) -> Problem:
    """Return one problem in a registry file: a warning about its 1-based *line* (the line as a whole: span 0, 0).

    A warning, not an error: the file parsed and the record jar format keeps what it does not know;
    the GUI asks before using a file with findings, the CLI says them on stderr.
    """
    return Problem(code, Severity.WARNING, 0, 0, message, section=section_cited(message), line=line)


def render(problem: Problem, source: str) -> str:
    """Return a finding as ``source, line N: message``."""
    return _("{source}, line {line}: {message}").format(source=source, line=problem.line, message=problem.message)


@dataclass(frozen=True, slots=True)
class RegistryReport:
    """What :func:`inspect` found: problems in the file and what it lacks against the reference."""

    source: str
    file_date: str
    findings: tuple[Problem, ...] = ()
    lacks: tuple[str, ...] = ()
    reference_date: str = ""
    hidden: int = field(default=0)  # findings not listed (past MAX_LISTED)

    @property
    def is_clean(self) -> bool:
        """Whether nothing was found: the file can be used without asking."""
        return not self.findings and not self.lacks

    def lines(self) -> list[str]:
        """Return one line per finding and per lack, each naming the file (and the line)."""
        out = [render(f, self.source) for f in self.findings]
        if self.hidden:
            out.append(
                _("{source}: {count} more problem(s) of the same kinds").format(
                    source=self.source, count=format_number(self.hidden)
                )
            )
        out.extend(_("{source}: {message}").format(source=self.source, message=text) for text in self.lacks)
        return out

    def describe(self) -> str:
        """Return the report as text, one problem per line."""
        return "\n".join(self.lines())


def _line_of(lines: list[str], start: int, name: str, nth: int) -> int:
    """Return the line of the *nth* field called *name* at or after line *start* (1-based)."""
    seen = 0
    for number in range(start, min(len(lines), start + 400) + 1):
        text = lines[number - 1]
        if text == "%%":
            break
        key, colon, _rest = text.partition(":")
        if colon and key.strip() == name:
            if seen == nth:
                return number
            seen += 1
    return start


def _range_finding(rec: Record, lines: list[str]) -> Problem | None:
    """Say what is wrong with a range record that is not one of the private-use ranges, else None."""
    ranges = PRIVATE_USE_RANGES.get(rec.type, ())
    line = _line_of(lines, rec.line, "Subtag", 0)
    if rec.code.lower() not in ranges:
        allowed = "qaa..qtz, Qaaa..Qabx, QM..QZ, XA..XZ"
        return finding(
            line,
            "range-not-private-use",
            _(
                "{type} range {code!r} is not one of RFC 5646's private-use ranges ({allowed}): "
                "using this file would make all {count} codes in it valid"
            ).format(type=rec.type, code=rec.code, allowed=allowed, count=rec.range_size),
        )
    if rec.type == "language" and rec.scope != "private-use":
        return finding(
            line,
            "range-without-scope",
            _("language range {code!r} has no {field!r} ({section})").format(
                code=rec.code, field="Scope: private-use", section="RFC 5646 §3.1.7"
            ),
        )
    return None


def _too_long(rec: Record) -> bool:
    return any(len(value) > MAX_FIELD_LENGTH.get(name, MAX_CODE_FIELD) for name, value in rec.fields)


def _record_findings(rec: Record, lines: list[str]) -> list[Problem]:
    out: list[Problem] = []
    names = Counter[str]()
    what = f"{rec.type} {rec.code[:40]!r}"
    if rec.is_range and not rec.is_tag:
        found = _range_finding(rec, lines)
        if found is not None:
            out.append(found)
    for name, value in rec.fields:
        nth = names[name]
        names[name] += 1
        limit = MAX_FIELD_LENGTH.get(name, MAX_CODE_FIELD)
        if len(value) > limit:
            out.append(
                finding(
                    _line_of(lines, rec.line, name[:100], nth),
                    "field-too-long",
                    _(
                        "the {field!r} field of {record} holds {count} characters, more than the {limit} "
                        "this check allows for it (a damaged or forged file?)"
                    ).format(field=name[:40], record=what, count=len(value), limit=limit),
                )
            )
        if name in _ONLY_FOR and rec.type not in _ONLY_FOR[name]:
            line = _line_of(lines, rec.line, name, nth)
            out.append(
                finding(
                    line,
                    "field-not-for-type",
                    _("{record} has a '{field}' field, which only {types} records take ({section})").format(
                        record=what, field=name, types=", ".join(_ONLY_FOR[name]), section="RFC 5646 §3.1"
                    ),
                )
            )
        if name in _BY_LOWER.values():
            continue
        line = _line_of(lines, rec.line, name, nth)
        proper = _BY_LOWER.get(name.lower())
        if proper is not None:
            template = (
                _(
                    "field name {name!r} is miscased; {section} spells it {proper!r} "
                    "(kept as written, so this record is not seen as deprecated)"
                )
                if proper == "Deprecated"
                else _(
                    "field name {name!r} is miscased; {section} spells it {proper!r} "
                    "(kept as written, so {record} is read without its {proper})"
                )
            )
            out.append(
                finding(
                    line,
                    "miscased-field",
                    template.format(name=name, section="RFC 5646 §3.1.2", proper=proper, record=what),
                )
            )
        else:
            out.append(
                finding(
                    line,
                    "unknown-field",
                    _("unknown field name {name!r} in {record} (kept; {section} defines no such field)").format(
                        name=name, record=what, section="RFC 5646 §3.1.2"
                    ),
                )
            )
    for name in _REQUIRED.get(rec.type, ()):
        if name not in names:
            out.append(
                finding(
                    rec.line,
                    "missing-field",
                    _(
                        "{record} has no '{field}' field, which every {type} record has (truncated or damaged record?)"
                    ).format(record=what, field=name, type=rec.type),
                )
            )
    return out


def field_findings(registry: Registry, text: str) -> tuple[list[Problem], int]:
    """Return the field problems of every record (at most MAX_LISTED per kind) and how many were not listed.

    *text* is the file the registry was parsed from; it is read only to give each finding its line.
    """
    lines = text.replace("\r\n", "\n").lstrip("\ufeff").split("\n")
    listed: list[Problem] = []
    hidden = 0
    for number, line in enumerate(lines[: lines.index("%%") if "%%" in lines else 1], 1):
        key, colon, _rest = line.partition(":")
        if colon and key.strip() != "File-Date":
            template = (
                _("field name {name!r} is miscased; {section} spells it {proper!r}")
                if key.strip().lower() == "file-date"
                else _(
                    "field name {name!r} is not a field of the header record, which holds only {proper!r} ({section})"
                )
            )
            message = template.format(name=key.strip(), section="RFC 5646 §3.1.1", proper="File-Date")
            listed.append(finding(number, "header-field", message))
    per_kind = Counter[str]()
    first = itemgetter(0)
    for rec in registry.records:
        allowed = _ALLOWED.get(rec.type)
        if (
            allowed is not None
            and allowed.issuperset(map(first, rec.fields))
            and not rec.is_range
            and not _too_long(rec)
        ):
            required = _REQUIRED.get(rec.type)
            if required is None or all(any(k == name for k, _value in rec.fields) for name in required):
                continue  # the common case: nothing to look at
        for found in _record_findings(rec, lines):
            kind = re.sub(r"'[^']*'|\d+", "", found.message)  # the kind, without names and counts
            per_kind[kind] += 1
            if per_kind[kind] > MAX_LISTED:
                hidden += 1
            else:
                listed.append(found)
    return listed, hidden


def lacks(candidate: Registry, reference: Registry) -> tuple[str, ...]:
    """Say plainly what *candidate* lacks against *reference*: Types, records, and a recent File-Date.

    >>> from .model import Registry, SAMPLE
    >>> ref = Registry.from_text(SAMPLE)
    >>> cut = Registry.from_text(SAMPLE.split("%%\\nType: region")[0])
    >>> for line in lacks(cut, ref): print(line[:64])
    it has no region records (the bundled registry has 1)
    it has no grandfathered records (the bundled registry has 1)
    it lacks 2 of the bundled registry's 4 records, e.g. region 'MT'
    """
    out: list[str] = []
    have = candidate.counts()
    ref_counts = reference.counts()
    for t in RecordType:
        if ref_counts.get(t.value, 0) and not have.get(t.value, 0):
            out.append(
                _("it has no {type} records (the bundled registry has {count})").format(
                    type=t.value, count=format_number(ref_counts[t.value])
                )
            )
    keys = {(r.type, r.code.lower()) for r in candidate.records}
    missing = [r for r in reference.records if (r.type, r.code.lower()) not in keys]
    if missing:
        sample = ", ".join(f"{r.type} {r.code!r}" for r in missing[:5])
        last = candidate.records[-1].line if candidate.records else 1
        out.append(
            _(
                "it lacks {count} of the bundled registry's {total} records, e.g. {sample} "
                "(its last record starts on line {line}: cut short?)"
            ).format(
                count=format_number(len(missing)),
                total=format_number(len(reference)),
                sample=sample,
                line=format_number(last),
            )
        )
    if candidate.file_date < reference.file_date:
        out.append(
            _("line {line}: File-Date {date} is older than the bundled registry's {reference}").format(
                line=1, date=candidate.file_date, reference=reference.file_date
            )
        )
    return tuple(out)


def inspect(registry: Registry, text: str, reference: Registry | None = None) -> RegistryReport:
    """Check *registry* (parsed from *text*) and compare it with *reference* when one is given."""
    findings, hidden = field_findings(registry, text)
    missing = lacks(registry, reference) if reference is not None and reference is not registry else ()
    return RegistryReport(
        source=registry.source,
        file_date=registry.file_date,
        findings=tuple(findings),
        lacks=missing,
        reference_date=reference.file_date if reference is not None else "",
        hidden=hidden,
    )


def open_checked(path: str | os.PathLike[str], reference: Registry | None) -> tuple[Registry, RegistryReport]:
    """Load the registry file at *path* and inspect it against *reference*.

    Raises :class:`~.data.DataError` (unreadable, not UTF-8) or :class:`~.registry.RegistryError`
    (does not parse; names the line) as :func:`~.data.load_registry` does.
    """
    from ..files.reading import read_text

    text = read_text(path)
    registry = Registry.from_text(text, source=str(path))
    return registry, inspect(registry, text, reference)
