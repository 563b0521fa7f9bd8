"""The editor's breakdown table: one row per subtag with its role, description and registry fields.

``breakdown_rows`` turns a CheckResult into plain rows (descriptions from the registry for the subtags
before the first singleton, from CLDR for -u- and -t-); ``BreakdownModel`` is a thin Qt adapter over them.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from PySide6.QtCore import QObject
from PySide6.QtGui import QIcon, QPalette

from ..core.cldr.model import CldrData, CldrKey
from ..core.engine.tag import CheckResult
from ..core.grammar.values import Role, Subtag
from ..core.registry.model import Record, Registry
from ..core.text.catalogue import N_, _
from .roles import role_colour, role_style, swatch_icon
from .table_model import Column, RowTableModel
from .visible import shown_text

__all__ = ["COLUMNS", "BreakdownModel", "BreakdownRow", "breakdown_rows", "subtag_card_html"]

# Roles whose subtags have a record of the same type in the IANA registry.
_REGISTRY_ROLES = frozenset({Role.LANGUAGE, Role.EXTLANG, Role.SCRIPT, Role.REGION, Role.VARIANT})
# The subtags of a -t- source tag, with the registry type the engine gives each.
_T_LANG_ROLES = {Role.T_LANGUAGE: "language", Role.T_EXTLANG: "extlang", Role.T_SCRIPT: "script",
                 Role.T_REGION: "region", Role.T_VARIANT: "variant"}  # fmt: skip


#: A subtag of a registry role that the registry does not hold, one whole text per role.
_NOT_IN_REGISTRY = {
    "language": N_("not in the registry as a language"),
    "extlang": N_("not in the registry as an extlang"),
    "script": N_("not in the registry as a script"),
    "region": N_("not in the registry as a region"),
    "variant": N_("not in the registry as a variant"),
}
#: The -t- field's source language parts.
_SOURCE_KINDS = {
    "language": N_("source language"),
    "extlang": N_("source extlang"),
    "script": N_("source script"),
    "region": N_("source region"),
    "variant": N_("source variant"),
}


@dataclass(frozen=True, slots=True)
class BreakdownRow:
    """What the breakdown table shows about one subtag."""

    text: str
    start: int
    end: int
    role: Role
    description: str = ""
    prefix: str = ""
    suppress_script: str = ""
    macrolanguage: str = ""
    scope: str = ""
    deprecated: str = ""
    preferred_value: str = ""
    record_type: str = ""  # registry type to show in the browser ("" when the subtag has no record)
    record_code: str = ""
    name: str = ""  # CLDR's name in the display language (the editor fills it in: app/ui/tag_names.py)
    name_tip: str = ""


def _from_record(sub: Subtag, role: Role, record: Record) -> BreakdownRow:
    return BreakdownRow(
        sub.text, sub.start, sub.end, role,
        description=" / ".join(record.descriptions),
        prefix=", ".join(record.prefixes),
        suppress_script=record.suppress_script or "",
        macrolanguage=record.macrolanguage or "",
        scope=record.scope or "",
        deprecated=record.deprecated or "",
        preferred_value=record.preferred_value or "",
        record_type=str(record.type),
        record_code=sub.text if record.is_range else record.code,
    )  # fmt: skip


def _cldr_row(sub: Subtag, role: Role, description: str, deprecated: bool, preferred: str | None) -> BreakdownRow:
    return BreakdownRow(sub.text, sub.start, sub.end, role, description=description,
                        deprecated="yes" if deprecated else "", preferred_value=preferred or "")  # fmt: skip


def breakdown_rows(result: CheckResult, registry: Registry, cldr: CldrData | None = None) -> list[BreakdownRow]:
    """Return one row per subtag of *result*, described from *registry* and *cldr*."""
    rows: list[BreakdownRow] = []
    subtags = result.subtags
    key: CldrKey | None = None  # the CldrKey of the current -u- keyword or -t- field
    i = 0
    while i < len(subtags):
        sub = subtags[i]
        role = sub.role
        i += 1
        if role in _REGISTRY_ROLES:
            record = registry.get(role, sub.text)
            rows.append(
                _from_record(sub, role, record)
                if record
                else BreakdownRow(
                    sub.text,
                    sub.start,
                    sub.end,
                    role,
                    description=_(_NOT_IN_REGISTRY.get(str(role), N_("not in the registry"))),
                )
            )
            continue
        if role is Role.GRANDFATHERED:
            record = registry.tag_record(result.grandfathered or result.input)
            if record is not None:
                row = _from_record(sub, role, record)
                rows.append(replace(row, record_code=record.code))
            else:
                rows.append(BreakdownRow(sub.text, sub.start, sub.end, role))
            continue
        if role in _T_LANG_ROLES:
            kind = _T_LANG_ROLES[role]
            record = registry.get(kind, sub.text)
            if record is not None:
                row = _from_record(sub, role, record)
                rows.append(
                    replace(
                        row,
                        description=_("{source}: {description}").format(
                            source=_(_SOURCE_KINDS[kind]), description=row.description
                        ),
                    )
                )
            else:
                rows.append(BreakdownRow(sub.text, sub.start, sub.end, role, description=_(_SOURCE_KINDS[kind])))
            continue
        if role is Role.SINGLETON:
            key = None
            rows.append(BreakdownRow(sub.text, sub.start, sub.end, role, description=_singleton_text(sub.text)))
            continue
        if role in (Role.U_KEY, Role.T_KEY):
            singleton = "u" if role is Role.U_KEY else "t"
            key = (cldr.u_key if role is Role.U_KEY else cldr.t_key)(sub.text) if cldr is not None else None
            if key is None:
                rows.append(
                    BreakdownRow(
                        sub.text,
                        sub.start,
                        sub.end,
                        role,
                        description=_("unknown -{singleton}- key").format(singleton=singleton),
                    )
                )
            else:
                rows.append(_cldr_row(sub, role, _key_text(key), key.deprecated, key.preferred))
            continue
        if role in (Role.U_TYPE, Role.T_VALUE):
            # Multi-subtag types (islamic-civil) are looked up whole: gather this keyword's value subtags.
            values = [sub]
            while i < len(subtags) and subtags[i].role is role:
                values.append(subtags[i])
                i += 1
            rows.extend(_type_rows(values, role, key))
            continue
        if role is Role.U_ATTRIBUTE:
            rows.append(
                BreakdownRow(
                    sub.text, sub.start, sub.end, role, description="-u- attribute (none are defined by CLDR today)"
                )
            )
            continue
        if role is Role.PRIVATEUSE:
            rows.append(BreakdownRow(sub.text, sub.start, sub.end, role, description=_("private use")))
            continue
        if role is Role.EXTENSION:
            rows.append(
                BreakdownRow(
                    sub.text, sub.start, sub.end, role, description=_("extension subtag (syntax checked only)")
                )
            )
            continue
        rows.append(BreakdownRow(sub.text, sub.start, sub.end, role, description=_("see the problems list")))
    return rows


def _singleton_text(s: str) -> str:
    s = s.lower()
    if s == "u":
        return _("Unicode locale extension ({section})").format(section="RFC 6067")
    if s == "t":
        return _("transformed content extension ({section})").format(section="RFC 6497")
    if s == "x":
        return _("private use follows")
    return _("extension '{singleton}' (not registered)").format(singleton=s)


def _key_text(key: CldrKey) -> str:
    legacy = f" [{key.legacy_name}]" if key.legacy_name else ""
    return f"{key.description}{legacy}"


def _type_rows(subs: Sequence[Subtag], role: Role, key: CldrKey | None) -> list[BreakdownRow]:
    """Describe the value subtags *subs* of CLDR key *key* (whole multi-subtag type first, then one by one)."""
    if key is None:
        return [BreakdownRow(s.text, s.start, s.end, role, description=_("value of an unknown key")) for s in subs]
    types = key.types
    whole = "-".join(s.text.lower() for s in subs)
    found = types.get(whole)
    if found is not None and len(subs) > 1:
        first, rest = subs[0], subs[1:]
        out = [_cldr_row(first, role, f"{found.description} ({whole})", found.deprecated, found.preferred)]
        out += [
            BreakdownRow(s.text, s.start, s.end, role, description=_("part of '{type}'").format(type=whole))
            for s in rest
        ]
        return out
    out = []
    for s in subs:
        t = types.get(s.text.lower())
        if t is not None:
            out.append(_cldr_row(s, role, t.description, t.deprecated, t.preferred))
        elif key.value_classes:
            classes = ", ".join(c.lower().replace("_", " ") for c in key.value_classes)
            out.append(
                BreakdownRow(
                    s.text,
                    s.start,
                    s.end,
                    role,
                    description=_("a value for {key} ({classes})").format(key=key.key, classes=classes),
                )
            )
        else:
            out.append(
                BreakdownRow(
                    s.text, s.start, s.end, role, description=_("not a type of key '{key}'").format(key=key.key)
                )
            )
    return out


def _role_tip(row: BreakdownRow) -> str:
    style = role_style(row.role)
    return f"{style.name}: {style.tooltip}"


def _cell_tip(value: Callable[[BreakdownRow], str]) -> Callable[[BreakdownRow], str | None]:
    return lambda row: value(row) or None


_SWATCHES: dict[str, QIcon] = {}  # colour name -> icon; making pixmaps per paint is slow


def _role_swatch(row: BreakdownRow, palette: QPalette) -> QIcon:
    colour = role_colour(row.role, palette)
    icon = _SWATCHES.get(colour.name())
    if icon is None:
        icon = _SWATCHES[colour.name()] = swatch_icon(colour)
    return icon


def _text_column(header: str, value: Callable[[BreakdownRow], str]) -> Column[BreakdownRow]:
    return Column(header, value, tooltip=_cell_tip(value))


#: The breakdown's columns (headers marked N_, translated by the table model; the registry's own field names, such
#: as Prefix and Suppress-Script, stay as the registry spells them); the Subtag is drawn in its role's colour,
#: the Role carries a swatch.
COLUMNS: tuple[Column[BreakdownRow], ...] = (
    Column(
        N_("Subtag"), lambda r: shown_text(r.text), tooltip=_role_tip, foreground=lambda r, p: role_colour(r.role, p)
    ),
    Column(N_("Role"), lambda r: role_style(r.role).name, tooltip=_role_tip, decoration=_role_swatch),
    Column(N_("Name (CLDR)"), lambda r: r.name, tooltip=lambda r: r.name_tip or None),
    _text_column(N_("Description"), lambda r: r.description),
    _text_column("Prefix", lambda r: r.prefix),
    _text_column("Suppress-Script", lambda r: r.suppress_script),
    _text_column("Macrolanguage", lambda r: r.macrolanguage),
    _text_column("Scope", lambda r: r.scope),
    _text_column("Deprecated", lambda r: r.deprecated),
    _text_column("Preferred-Value", lambda r: r.preferred_value),
)


class BreakdownModel(RowTableModel[BreakdownRow]):
    """The breakdown rows as a read-only table; the Role column carries a colour swatch and the role's tooltip."""

    def __init__(self, palette: QPalette, parent: QObject | None = None) -> None:
        super().__init__(COLUMNS, palette=palette, parent=parent)


def subtag_card_html(row: BreakdownRow | None, registry: Registry) -> str:
    """Return the details card of *row*: its role, what it means, and every field of its registry record."""
    if row is None:
        text = _(
            "Ctrl+click a subtag in the tag, use its context menu, or choose a row of the table to see its record here."
        )
        return f"<p><i>{html.escape(text)}</i></p>"
    style = role_style(row.role)
    code = html.escape(shown_text(row.text))
    out = [f"<h4><span style='font-family: monospace'>{code}</span> — {html.escape(style.name)}</h4>"]
    if row.description:
        out.append(f"<p>{html.escape(row.description)}</p>")
    record = registry.get(row.record_type, row.record_code) if row.record_type else None
    if record is None and row.record_type:
        record = registry.tag_record(row.record_code)
    if record is not None:
        # One field per line ("Name: value") wraps well in a narrow card; a table split its field names.
        out.append("<p>" + "<br>".join(f"<b>{html.escape(n)}:</b> {html.escape(v)}" for n, v in record.fields) + "</p>")
        out.append("<p><a href='open:browser'>Open in the Registry browser</a></p>")
    else:
        out.append(f"<p><small>{html.escape(style.tooltip)}</small></p>")
    return "".join(out)
