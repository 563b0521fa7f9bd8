"""The values of CLDR's BCP 47 data: keys, types and the problems a keyword check finds.

They live apart from :mod:`.cldr` (the data set) and :mod:`.cldr_checks` (the checks) so both can
use them; :mod:`.cldr` re-exports every public name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from operator import attrgetter
from types import MappingProxyType

from ..grammar.problems import Severity
from ..text.catalogue import N_, _
from ..text.frozen import Frozen, _set, plain_stores

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    from typing import Any

__all__ = ["FORMAT", "VALUE_CLASSES", "CldrDataError", "CldrType", "CldrKey", "KeywordProblem"]

FORMAT = 1

#: Names CLDR uses in place of a list of types for keys whose values follow a rule (UTS #35 §3.6.1).
VALUE_CLASSES = frozenset(
    {"CODEPOINTS", "REORDER_CODE", "RG_KEY_VALUE", "SUBDIVISION_CODE", "SCRIPT_CODE", "PRIVATE_USE"}
)

#: What a person has to type for each value class, for the builder and for messages.
_CLASS_HELP = {
    "CODEPOINTS": N_("one or more Unicode code points, each 4 to 6 hex digits (0020, 1f600)"),
    "REORDER_CODE": N_(
        "one or more reorder codes: a script code (latn, grek, hani), or space, punct, symbol, "
        "currency, digit, or others (also written zzzz)"
    ),
    "RG_KEY_VALUE": N_("a region code followed by 'zzzz' for the whole region (uszzzz), or a subdivision code (usca)"),
    "SUBDIVISION_CODE": N_("a subdivision code: region code plus subdivision (usca = California, gbsct = Scotland)"),
    "SCRIPT_CODE": N_("one or more ISO 15924 script codes (hani, thai)"),
    "PRIVATE_USE": N_("one or more private-use subtags of 3 to 8 letters or digits"),
}

# Reorder codes beyond the script codes (UTS #35 Part 5, Collation Reordering); CLDR lists all but 'others'.
_REORDER_SPECIAL = frozenset({"space", "punct", "symbol", "currency", "digit", "others", "zzzz"})

# Short names for keys whose CLDR description does not read as a name.
_KEY_NAMES = {
    ("u", "co"): "Collation",
    ("u", "cu"): "Currency",
    ("u", "em"): "Emoji presentation style",
    ("u", "ks"): "Collation: strength",
    ("u", "kv"): "Collation: max variable",
    ("u", "lb"): "Line break style",
    ("u", "lw"): "Word break",
    ("u", "ms"): "Measurement system",
    ("u", "mu"): "Measurement unit override",
    ("u", "nu"): "Numbering system",
    ("u", "rg"): "Region override",
    ("u", "ss"): "Sentence break suppressions",
    ("u", "va"): "Locale variant",
    ("t", "d0"): "Transform destination",
    ("t", "h0"): "Hybrid language",
    ("t", "s0"): "Transform source",
    ("t", "x0"): "Private use transform",
}

_TYPE_SUBTAG = re.compile(r"[0-9a-z]{3,8}\Z")
_HEX = re.compile(r"[0-9a-f]{4,6}\Z")


class CldrDataError(ValueError):
    """The CLDR data document is damaged, truncated or of another format."""


class CldrType(Frozen):
    """One type (value) of a key, by its BCP 47 name ('islamic-civil' is one type of two subtags)."""

    __slots__ = __match_args__ = ("name", "description", "legacy_names", "deprecated", "preferred", "since", "iana",
                                  "region")  # fmt: skip
    _compared = attrgetter(*__match_args__)

    name: str
    description: str
    legacy_names: tuple[str, ...]
    deprecated: bool
    preferred: str | None
    since: str | None
    iana: str | None  # tz only: the IANA name when it is not the first legacy name
    region: str | None  # tz only: the region of a zone shared by several regions

    def __init__(
        self,
        name: str,
        description: str,
        legacy_names: tuple[str, ...] = (),
        deprecated: bool = False,
        preferred: str | None = None,
        since: str | None = None,
        iana: str | None = None,
        region: str | None = None,
    ) -> None:
        _set(self, "name", name)
        _set(self, "description", description)
        _set(self, "legacy_names", legacy_names)
        _set(self, "deprecated", deprecated)
        _set(self, "preferred", preferred)
        _set(self, "since", since)
        _set(self, "iana", iana)
        _set(self, "region", region)

    @property
    def legacy_name(self) -> str:
        """Return the name LDML's legacy syntax uses (the BCP 47 name when CLDR gives none)."""
        return self.legacy_names[0] if self.legacy_names else self.name

    @property
    def subtags(self) -> tuple[str, ...]:
        """Return the subtags that write this type in a tag."""
        return tuple(self.name.split("-"))


class CldrKey(Frozen):
    """One key of `-u-` or `-t-` with its types and, for rule-based keys, its value classes.

    Equality and hashing leave the types out (a mapping has no hash).
    """

    __slots__ = __match_args__ = ("extension", "key", "description", "legacy_name", "deprecated", "preferred",
                                  "value_type", "since", "types", "value_classes")  # fmt: skip
    _compared = attrgetter("extension", "key", "description", "legacy_name", "deprecated", "preferred", "value_type",
                           "since", "value_classes")  # fmt: skip

    extension: str
    key: str
    description: str
    legacy_name: str | None
    deprecated: bool
    preferred: str | None
    value_type: str | None
    since: str | None
    types: Mapping[str, CldrType]
    value_classes: tuple[str, ...]

    def __init__(
        self,
        extension: str,
        key: str,
        description: str,
        legacy_name: str | None = None,
        deprecated: bool = False,
        preferred: str | None = None,
        value_type: str | None = None,
        since: str | None = None,
        types: Mapping[str, CldrType] | None = None,
        value_classes: tuple[str, ...] = (),
    ) -> None:
        _set(self, "extension", extension)
        _set(self, "key", key)
        _set(self, "description", description)
        _set(self, "legacy_name", legacy_name)
        _set(self, "deprecated", deprecated)
        _set(self, "preferred", preferred)
        _set(self, "value_type", value_type)
        _set(self, "since", since)
        _set(self, "types", {} if types is None else types)
        _set(self, "value_classes", value_classes)

    @property
    def name(self) -> str:
        """Return a short human name ('Calendar algorithm', 'Collation: numeric handling')."""
        fixed = _KEY_NAMES.get((self.extension, self.key))
        if fixed:
            return fixed
        text = self.description.split(":")[0].split(". ")[0].rstrip(".").strip()
        m = re.match(r"Collation parameter key for (.+)", text)
        if m:
            return "Collation: " + m.group(1)
        text = re.sub(r"(?: type)? key$", "", text)
        return text or self.key

    @property
    def takes_list(self) -> bool:
        """Tell whether the value is a list of subtags each checked alone (kr, vt, dx)."""
        return self.value_type == "multiple"

    @property
    def has_true(self) -> bool:
        """Tell whether the key may stand alone, meaning 'true' (kn = kn-true)."""
        return "true" in self.types

    def sorted_types(self) -> list[CldrType]:
        """Return the types sorted by name, deprecated ones last."""
        return sorted(self.types.values(), key=lambda t: (t.deprecated, t.name))

    def value_help(self) -> str | None:
        """Describe the input a value-class key expects, or None for keys with a plain list."""
        if not self.value_classes:
            return None
        text = ""
        for i, c in enumerate(self.value_classes):
            part = _(_CLASS_HELP[c]) if c in _CLASS_HELP else c
            text = part if i == 0 else _("{first}; or {second}").format(first=text, second=part)
        return text


class KeywordProblem(Frozen):
    """A finding about one `-u-` keyword or `-t-` field, in the vocabulary of the tag engine."""

    __slots__ = __match_args__ = ("code", "severity", "index", "message", "replacement")
    _compared = attrgetter(*__match_args__)

    code: str
    severity: Severity  # the one vocabulary of :class:`..grammar.problems.Severity`
    index: int  # -1: the key itself; else the index into the types / values given
    message: str
    replacement: tuple[str, ...] | None  # the subtags to write instead; () means drop them

    def __init__(
        self, code: str, severity: Severity, index: int, message: str, replacement: tuple[str, ...] | None = None
    ) -> None:
        _set(self, "code", code)
        _set(self, "severity", severity)
        _set(self, "index", index)
        _set(self, "message", message)
        _set(self, "replacement", replacement)


def _opt_str(value: Any, where: str, name: str | None, field: str) -> str | None:
    """Return *value* when it is a string or None; else raise, naming key *where*, type *name* and *field*."""
    if value is None or isinstance(value, str):
        return value
    found = type(value).__name__
    if name is None:
        message = _("key {key}: {field} must be a string or null, not {found}").format(
            key=where, field=field, found=found
        )
    else:
        message = _("key {key}, type {type}: {field} must be a string or null, not {found}").format(
            key=where, type=repr(name), field=field, found=found
        )
    raise CldrDataError(message)


def _fill_type(
    name: str, description: str, legacy_names: tuple[str, ...], deprecated: bool, preferred: str | None,
    since: str | None, iana: str | None, region: str | None,
) -> CldrType:  # fmt: skip
    """Make a CldrType from its fields in order with the plain slot stores: only inside ``plain_stores(CldrType)``.

    A well-made row's type at the plain store's speed (a thousand of them at each start); written out, not
    generated with ``exec`` (a check of one tag compiles nothing). A test pins the order of the fields.
    """
    made: CldrType = object.__new__(CldrType)
    made.name = name
    made.description = description
    made.legacy_names = legacy_names
    made.deprecated = deprecated
    made.preferred = preferred
    made.since = since
    made.iana = iana
    made.region = region
    return made


def _build_type(row: Any, where: str) -> CldrType:
    """Return the type of *row* or raise CldrDataError; only inside ``plain_stores(CldrType)`` (:func:`_build_key`)."""
    if type(row) is list and len(row) == 8:  # the usual well-made row, checked in one expression (start-up)
        name, desc, legacy, deprecated, preferred, since, iana, region = row
        if (
            type(name) is str
            and type(desc) is str
            and type(legacy) is str
            and type(deprecated) is bool
            and (preferred is None or type(preferred) is str)
            and (since is None or type(since) is str)
            and (iana is None or type(iana) is str)
            and (region is None or type(region) is str)
        ):
            return _fill_type(name, desc, tuple(legacy.split()), deprecated, preferred, since, iana, region)
    if not isinstance(row, list) or len(row) != 8 or not isinstance(row[0], str):
        raise CldrDataError(
            _("key {key}: a type row must be a list of 8 fields starting with its name").format(key=where)
        )
    name, desc, legacy, deprecated, preferred, since, iana, region = row
    if not isinstance(desc, str) or not isinstance(legacy, str) or not isinstance(deprecated, bool):
        raise CldrDataError(
            _("key {key}, type {type}: bad description, legacy names or deprecated flag").format(
                key=where, type=repr(name)
            )
        )
    return CldrType(
        name=name,
        description=desc,
        legacy_names=tuple(legacy.split()),
        deprecated=deprecated,
        preferred=_opt_str(preferred, where, name, "preferred"),
        since=_opt_str(since, where, name, "since"),
        iana=_opt_str(iana, where, name, "iana"),
        region=_opt_str(region, where, name, "region"),
    )


def _build_key(row: Any) -> CldrKey:
    if not isinstance(row, list) or len(row) != 9:
        raise CldrDataError(_("a key row must be a list of 9 fields"))
    ext, key, desc, legacy, deprecated, preferred, value_type, since, type_rows = row
    if ext not in ("u", "t") or not isinstance(key, str) or len(key) != 2:
        raise CldrDataError(_("bad key row for {extension}-{key}").format(extension=repr(ext), key=repr(key)))
    where = f"{ext}-{key}"
    if not isinstance(desc, str) or not isinstance(deprecated, bool) or not isinstance(type_rows, list):
        raise CldrDataError(_("key {key}: bad description, deprecated flag or type list").format(key=where))
    types: dict[str, CldrType] = {}
    classes: list[str] = []
    with plain_stores(CldrType):  # for _fill_type; the class refuses assignment again afterwards
        for type_row in type_rows:
            t = _build_type(type_row, where)
            if t.name in VALUE_CLASSES:
                classes.append(t.name)
            else:
                types[t.name] = t
    return CldrKey(
        extension=ext,
        key=key,
        description=desc,
        legacy_name=_opt_str(legacy, where, None, "legacy_name"),
        deprecated=deprecated,
        preferred=_opt_str(preferred, where, None, "preferred"),
        value_type=_opt_str(value_type, where, None, "value_type"),
        since=_opt_str(since, where, None, "since"),
        types=MappingProxyType(types),
        value_classes=tuple(classes),
    )


def _meaning(k: CldrKey) -> str:
    """Return '; it means: <description>' when the description says more than the key's name."""
    if k.description.rstrip(".").lower() == k.name.lower():
        return ""
    return _("; the key means: {description}").format(description=k.description.rstrip("."))


def _quote_list(names: Iterable[str], limit: int = 10) -> str:
    names = list(names)
    shown = ", ".join(names[:limit])
    return _("{shown} … ({count} in all)").format(shown=shown, count=len(names)) if len(names) > limit else shown
