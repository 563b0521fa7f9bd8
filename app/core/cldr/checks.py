"""Check `-u-` keywords and `-t-` fields against CLDR's keys, types and value classes (UTS #35 §3.6, §3.7).

:class:`KeywordChecks` is the checking half of :class:`.model.CldrData` (its base class): the data model
loads and holds the tables, this reads its key tables, version and subdivision codes, checks a value
against a list of types or against its value class (a rule such as CODEPOINTS or RG_KEY_VALUE), and words
every problem for the person who typed the keyword.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..grammar.problems import Severity
from ..grammar.syntax import cased
from ..grammar.syntax import is_script as _is_script_shape
from ..text.catalogue import _
from .values import _HEX, _REORDER_SPECIAL, _TYPE_SUBTAG, CldrKey, CldrType, KeywordProblem, _meaning, _quote_list

__all__ = ["KeywordChecks"]


class KeywordChecks:
    """Checks of a `-u-` keyword or a `-t-` field against CLDR, found as :class:`.values.KeywordProblem`.

    A value is checked against its key's list of types, or, when the key names a rule instead (a value
    class), against that rule.
    """

    __slots__ = ()

    version: str
    u_keys: Mapping[str, CldrKey]
    t_keys: Mapping[str, CldrKey]
    subdivision_aliases: Mapping[str, str]
    territory_aliases: Mapping[str, str]

    @property
    def subdivisions(self) -> frozenset[str]:
        """Return CLDR's subdivision codes (the data set makes them on first use)."""
        raise NotImplementedError

    def u_key(self, key: str) -> CldrKey | None:
        """Return the `-u-` key *key* (any case), or None."""
        return self.u_keys.get(key.lower())

    def t_key(self, key: str) -> CldrKey | None:
        """Return the `-t-` key *key* (any case), or None."""
        return self.t_keys.get(key.lower())

    # -- value classes -------------------------------------------------------------------

    def value_help(self, key: str) -> str | None:
        """Describe what a value-class `-u-` or `-t-` key expects (None for keys with a plain list)."""
        k = self.u_key(key) or self.t_key(key)
        return None if k is None else k.value_help()

    def _class_error(
        self,
        value: str,
        classes: Sequence[str],
        is_script: Callable[[str], bool] | None,
        is_region: Callable[[str], bool] | None,
    ) -> str | None:
        """Return why *value* (one subtag) fits none of *classes*, or None when it fits one."""
        reasons = []
        for cls in classes:
            reason = self._check_class(cls, value, is_script, is_region)
            if reason is None:
                return None
            reasons.append(reason)
        text = ""
        for i, reason in enumerate(reasons):
            text = reason if i == 0 else _("{first}; {second}").format(first=text, second=reason)
        return text

    def _check_class(
        self,
        cls: str,
        value: str,
        is_script: Callable[[str], bool] | None,
        is_region: Callable[[str], bool] | None,
    ) -> str | None:
        if cls == "CODEPOINTS":
            if not _HEX.match(value):
                return _("'{value}' is not a code point of 4 to 6 hex digits").format(value=value)
            if int(value, 16) > 0x10FFFF:
                return _("'{value}' is beyond the last Unicode code point 10FFFF").format(value=value)
            return None
        if cls == "SCRIPT_CODE" or cls == "REORDER_CODE":
            if cls == "REORDER_CODE" and value in _REORDER_SPECIAL:
                return None
            if not (value.islower() and _is_script_shape(value)):
                return _("'{value}' is not a 4-letter script code").format(value=value)
            if is_script is not None and not is_script(cased("script", value)):
                return _("'{value}' is not a script code of the Language Subtag Registry").format(value=value)
            return None
        if cls == "PRIVATE_USE":
            return (
                None
                if _TYPE_SUBTAG.match(value)
                else _("'{value}' is not 3 to 8 letters or digits").format(value=value)
            )
        if cls == "SUBDIVISION_CODE":
            if value in self.subdivisions or value in self.subdivision_aliases:
                return None
            if value.endswith("zzzz"):
                return _("'{value}' names a whole region; -u-sd takes a subdivision such as 'usca'").format(value=value)
            return _("'{value}' is not a subdivision code in CLDR {version}").format(value=value, version=self.version)
        if cls == "RG_KEY_VALUE":
            if value in self.subdivisions or value in self.subdivision_aliases:
                return None
            if len(value) == 6 and value.endswith("zzzz"):
                region = value[:2]
                if not region.isalpha():
                    return _("'{value}': '{region}' is not a region code").format(value=value, region=region)
                if is_region is not None and not is_region(cased("region", region)):
                    return _("'{value}': '{region}' is not a region of the Language Subtag Registry").format(
                        value=value, region=cased("region", region)
                    )
                return None
            if len(value) == 7 and value.endswith("zzzz") and value[:3].isdigit():
                return _("'{value}': -u-rg takes a country or territory, not the area '{area}'").format(
                    value=value, area=value[:3]
                )
            return _("'{value}' is neither a region code plus 'zzzz' (uszzzz) nor a CLDR subdivision code").format(
                value=value
            )
        return _("unknown value class {name}").format(name=cls)

    def validate_value(
        self,
        key: str,
        text: str,
        *,
        is_script: Callable[[str], bool] | None = None,
        is_region: Callable[[str], bool] | None = None,
    ) -> str | None:
        """Return an error message for the value *text* ('latn-digit') of `-u-` key *key*, or None if valid.

        Only errors count here; deprecated values are valid (check_u_keyword warns about them).

        >>> from bcp47_explorer.core.data import bundled_cldr
        >>> bundled_cldr().validate_value("vt", "0020") is None, bundled_cldr().validate_value("rg", "uszzzz")
        (True, None)
        """
        subtags = text.lower().replace("_", "-").split("-") if text else []
        for p in self.check_u_keyword(key, subtags, is_script=is_script, is_region=is_region):
            if p.severity == "error":
                return p.message
        return None

    # -- checks --------------------------------------------------------------------------

    def check_u_keyword(
        self,
        key: str,
        types: Sequence[str],
        *,
        is_script: Callable[[str], bool] | None = None,
        is_region: Callable[[str], bool] | None = None,
    ) -> list[KeywordProblem]:
        """Check one `-u-` keyword: its key and the type subtags after it (none means 'true').

        *is_script* and *is_region* answer whether a code ('Latn', 'US') is in the Language
        Subtag Registry; without them script and region codes are checked by shape only.

        >>> from bcp47_explorer.core.data import bundled_cldr
        >>> cldr = bundled_cldr()
        >>> [(p.code, p.index) for p in cldr.check_u_keyword("kr", ["latn", "digit"])]
        []
        >>> [(p.code, str(p.severity), p.replacement) for p in cldr.check_u_keyword("kn", ["true"])]
        [('true-type', 'info', ())]
        >>> [(p.code, p.index) for p in cldr.check_u_keyword("ca", ["gregory", "civil"])]
        [('unknown-u-type', 1)]
        """
        k = self.u_key(key)
        if k is None:
            return [
                KeywordProblem(
                    "unknown-u-key",
                    Severity.ERROR,
                    -1,
                    _(
                        "'{key}' is not a -u- key: CLDR {version} does not define it, and "
                        "{rfc} makes CLDR's list the set of valid keys ({section}). Keys: {keys}."
                    ).format(
                        key=key.lower(),
                        version=self.version,
                        rfc="RFC 6067 §2.1",
                        section="UTS #35 §3.6.1",
                        keys=_quote_list(sorted(self.u_keys), 40),
                    ),
                )
            ]
        if not k.deprecated and types:
            # The commonest keyword, a type CLDR lists and does not deprecate, draws nothing (_check_types says so
            # after wording its labels, which cost most of a check: the key's name is found by regexes).
            joined = "-".join([t.lower() for t in types])
            ty = k.types.get(joined)
            if ty is not None and not ty.deprecated and joined != "true":
                return []
        problems: list[KeywordProblem] = []
        label = {"ext": "u", "key": k.key, "name": _name_of(k), "version": self.version}
        if k.deprecated:
            template = (
                _(
                    "The -{ext}- key '{key}' ({name}) is deprecated in CLDR {version}. Use '{preferred}' instead "
                    "({section})."
                )
                if k.preferred
                else _(
                    "The -{ext}- key '{key}' ({name}) is deprecated in CLDR {version}. It has no replacement "
                    "({section})."
                )
            )
            problems.append(
                KeywordProblem(
                    "deprecated-u-key",
                    Severity.WARNING,
                    -1,
                    template.format(**label, preferred=k.preferred, section="UTS #35 §3.6.4"),
                    (k.preferred,) if k.preferred else None,
                )
            )
        problems.extend(self._check_types(k, [t.lower() for t in types], label, is_script, is_region))
        return problems

    def _check_types(
        self,
        k: CldrKey,
        types: list[str],
        label: dict[str, str],
        is_script: Callable[[str], bool] | None,
        is_region: Callable[[str], bool] | None,
    ) -> list[KeywordProblem]:
        if not types:
            if k.has_true:
                return []
            help_text = k.value_help()
            template = (
                _(
                    "The -{ext}- key '{key}' ({name}) has no type. {section} reads a missing type as "
                    "'true', which {key} does not take; give {need}."
                )
                if help_text
                else _(
                    "The -{ext}- key '{key}' ({name}) has no type. {section} reads a missing type as "
                    "'true', which {key} does not take; give one of its types, such as '{need}'."
                )
            )
            need = help_text or k.sorted_types()[0].name
            return [
                KeywordProblem(
                    "unknown-u-type",
                    Severity.ERROR,
                    -1,
                    template.format(**label, section="UTS #35 §3.6.1", need=need),
                )
            ]
        joined = "-".join(types)
        ty = k.types.get(joined)
        if ty is None:
            legacy = self.type_alias(k.key, joined)
            if legacy is not None:
                return [self._legacy_alias(k, joined, legacy, label)]
        if ty is not None:
            if joined == "true":
                return [
                    KeywordProblem(
                        "true-type",
                        Severity.INFO,
                        0,
                        _(
                            "'{key}-true' means the same as '{key}' alone; the UTS #35 canonical form "
                            "drops '-true' ({section})."
                        ).format(key=k.key, section="UTS #35 §3.2.1"),
                        (),
                    )
                ]
            return self._deprecation(ty, 0, label)
        if k.value_classes:
            return self._check_class_value(k, types, label, is_script, is_region)
        if k.takes_list:
            out: list[KeywordProblem] = []
            for i, t in enumerate(types):
                one = k.types.get(t)
                if one is None:
                    out.append(self._unknown_type(k, t, i, label))
                else:
                    out.extend(self._deprecation(one, i, label))
            return out
        # A multi-subtag type ('islamic-civil'): find the longest listed prefix.
        for n in range(len(types) - 1, 0, -1):
            prefix = "-".join(types[:n])
            if prefix in k.types:
                extra = "-".join(types[n:])
                longer = sorted(t for t in k.types if t.startswith(prefix + "-"))
                template = (
                    _(
                        "'{value}' is not a type of the -{ext}- key '{key}' ({name}) in CLDR {version} "
                        "({section}). Types that extend '{prefix}': {longer}."
                    )
                    if longer
                    else _(
                        "'{value}' is not a type of the -{ext}- key '{key}' ({name}) in CLDR {version} "
                        "({section}). '{key}' takes a single type here; drop '{extra}'."
                    )
                )
                return [
                    KeywordProblem(
                        "unknown-u-type",
                        Severity.ERROR,
                        n,
                        template.format(
                            **label,
                            value=f"{prefix}-{extra}",
                            section="RFC 6067 §2.1, UTS #35 §3.6.1",
                            prefix=prefix,
                            longer=", ".join(longer),
                            extra=extra,
                        ),
                        tuple(prefix.split("-")),
                    ),
                    *self._deprecation(k.types[prefix], 0, label),
                ]
        return [self._unknown_type(k, joined, 0, label)]

    def type_alias(self, key: str, value: str) -> str | None:
        """Return the canonical type CLDR's bcp47 ``_alias`` names *value* of -u- *key* by, or None.

        The one alias table of check, convert, the -u- builder and the Build pane (``ms-imperial`` →
        ``uksystem``, ``ca-ethiopic-amete-alem`` → ``ethioaa``, ``kn-yes`` → ``true``).
        """
        canon = self._legacy_types.get(key.lower(), {}).get(value.lower())  # type: ignore[attr-defined]
        return canon if canon is not None and canon != value.lower() else None

    def _legacy_alias(self, k: CldrKey, value: str, canon: str, label: dict[str, str]) -> KeywordProblem:
        template = (
            _(
                "'{value}' of the -{ext}- key '{key}' ({name}) is a legacy alias of '{canon}' in CLDR {version}'s "
                "bcp47 data: write {write} ({section})."
            )
            if canon != "true"
            else _(
                "'{value}' of the -{ext}- key '{key}' ({name}) is a legacy alias of '{canon}' in CLDR {version}'s "
                "bcp47 data: write {write} (alone: '-true' is dropped) ({section})."
            )
        )
        write = f"{k.key}-{canon}" if canon != "true" else k.key
        return KeywordProblem(
            "legacy-u-type",
            Severity.ERROR,  # not a type: the Unicode verdict stays "not valid", as before; the fix is the type
            0,
            template.format(**label, value=value, canon=canon, write=write, section="UTS #35 §3.6.4, Annex C"),
            tuple(canon.split("-")) if canon != "true" else (),
        )

    def _unknown_type(self, k: CldrKey, value: str, index: int, label: dict[str, str]) -> KeywordProblem:
        names = [t.name for t in k.sorted_types() if not t.deprecated]
        return KeywordProblem(
            "unknown-u-type",
            Severity.ERROR,
            index,
            _(
                "'{value}' is not a type of the -{ext}- key '{key}' ({name}) in CLDR {version}; {rfc} makes CLDR's "
                "list normative ({section}). The key means: {description}. Valid types: {types}."
            ).format(
                **label,
                value=value,
                rfc="RFC 6067 §2.1",
                section="UTS #35 §3.6.1",
                description=k.description.rstrip("."),
                types=_quote_list(names),
            ),
        )

    def _deprecation(self, ty: CldrType, index: int, label: dict[str, str]) -> list[KeywordProblem]:
        if not ty.deprecated:
            return []
        template = (
            _(
                "'{value}' of the -{ext}- key '{key}' ({name}) is deprecated in CLDR {version}: {description}. "
                "Use '{preferred}' instead ({section})."
            )
            if ty.preferred
            else _(
                "'{value}' of the -{ext}- key '{key}' ({name}) is deprecated in CLDR {version}: {description}. "
                "It has no replacement ({section})."
            )
        )
        return [
            KeywordProblem(
                "deprecated-u-type",
                Severity.WARNING,
                index,
                template.format(
                    **label,
                    value=ty.name,
                    description=ty.description,
                    preferred=ty.preferred,
                    section="UTS #35 §3.6.4",
                ),
                tuple(ty.preferred.split("-")) if ty.preferred else None,
            )
        ]

    def _check_class_value(
        self,
        k: CldrKey,
        types: list[str],
        label: dict[str, str],
        is_script: Callable[[str], bool] | None,
        is_region: Callable[[str], bool] | None,
    ) -> list[KeywordProblem]:
        problems: list[KeywordProblem] = []
        if not k.takes_list and len(types) > 1:
            return [
                KeywordProblem(
                    "bad-u-value",
                    Severity.ERROR,
                    1,
                    _(
                        "The -{ext}- key '{key}' ({name}) takes one value ({help}); '{extra}' is extra ({section})."
                    ).format(**label, help=k.value_help(), extra="-".join(types[1:]), section="UTS #35 §3.6.1"),
                    (types[0],),
                )
            ]
        seen: set[str] = set()
        for i, value in enumerate(types):
            listed = k.types.get(value)
            if listed is not None:
                problems.extend(self._deprecation(listed, i, label))
            else:
                reason = self._class_error(value, k.value_classes, is_script, is_region)
                if reason is not None:
                    problems.append(
                        KeywordProblem(
                            "bad-u-value",
                            Severity.ERROR,
                            i,
                            _("{reason}. The -{ext}- key '{key}' ({name}) takes {help}{meaning} ({section}).").format(
                                **label,
                                reason=reason,
                                help=k.value_help(),
                                meaning=_meaning(k),
                                section="UTS #35 §3.6.1",
                            ),
                        )
                    )
                    continue
                problems.extend(self._subdivision_alias(k, value, i, label))
            canon = "zzzz" if value == "others" else value
            if k.key == "kr" and canon in seen:
                problems.append(
                    KeywordProblem(
                        "bad-u-value",
                        Severity.ERROR,
                        i,
                        _(
                            "Reorder code '{value}' appears twice in the -{ext}- key '{key}' ({name}); each code may "
                            "be given once ({section})."
                        ).format(**label, value=value, section="UTS #35 Part 5, Collation Reordering"),
                    )
                )
            seen.add(canon)
        return problems

    def _subdivision_alias(self, k: CldrKey, value: str, index: int, label: dict[str, str]) -> list[KeywordProblem]:
        if k.key not in ("sd", "rg"):
            return []
        target = self.subdivision_aliases.get(value)
        replacement: tuple[str, ...] | None = None
        if target is None and k.key == "rg" and value.endswith("zzzz"):
            region_target = self.territory_aliases.get(value[:2])
            if region_target and len(region_target) == 2:
                replacement = (region_target.lower() + "zzzz",)
                return [
                    KeywordProblem(
                        "deprecated-u-type",
                        Severity.WARNING,
                        index,
                        _(
                            "Region '{region}' in '{value}' of the -{ext}- key '{key}' ({name}) is deprecated; CLDR's "
                            "territory alias gives '{target}', so write '{write}' ({section})."
                        ).format(
                            **label,
                            region=value[:2].upper(),
                            value=value,
                            target=region_target,
                            write=replacement[0],
                            section="UTS #35 Annex C",
                        ),
                        replacement,
                    )
                ]
            return []
        if target is None:
            return []
        first = target.split()[0]
        write = first
        if len(first) <= 3 and k.key != "rg":  # the subdivision became a region of its own
            template = _(
                "Subdivision '{value}' of the -{ext}- key '{key}' ({name}) is deprecated in CLDR {version}; use the "
                "region '{write}' in the language tag instead ({section})."
            )
        elif len(first) > 3 and " " in target:
            template = _(
                "Subdivision '{value}' of the -{ext}- key '{key}' ({name}) is deprecated in CLDR {version}; write "
                "'{write}' (it was split into {target}) ({section})."
            )
        else:
            template = _(
                "Subdivision '{value}' of the -{ext}- key '{key}' ({name}) is deprecated in CLDR {version}; write "
                "'{write}' ({section})."
            )
        if len(first) <= 3:
            if k.key == "rg":
                replacement = (first.lower() + "zzzz",)
                write = replacement[0]
        else:
            replacement = (first,)
        return [
            KeywordProblem(
                "deprecated-u-type",
                Severity.WARNING,
                index,
                template.format(
                    **label, value=value, write=write, target=target, section="UTS #35 Annex C, subdivision aliases"
                ),
                replacement,
            )
        ]

    def check_t_field(self, key: str, values: Sequence[str]) -> list[KeywordProblem]:
        """Check one `-t-` field: a key such as 'm0' and its value subtags (RFC 6497 §2.2, UTS #35 §3.7).

        The first subtag must be a type CLDR lists for the key. CLDR describes later subtags as
        refinements (a platform, then a layout: 'k0-android-azerty'); listed ones pass, and an
        unlisted one ('m0-ungegn-2007') gets an 'info' note rather than an error, since UTS #35
        lets a field carry further detail.

        >>> from bcp47_explorer.core.data import bundled_cldr
        >>> [p.code for p in bundled_cldr().check_t_field("m0", ["ungegn"])]
        []
        >>> [(p.code, str(p.severity)) for p in bundled_cldr().check_t_field("m0", ["xyzzy"])]
        [('unknown-t-value', 'error')]
        """
        k = self.t_key(key)
        if k is None:
            return [
                KeywordProblem(
                    "unknown-t-key",
                    Severity.ERROR,
                    -1,
                    _("'{key}' is not a -t- field key: CLDR {version} defines {keys} ({section}).").format(
                        key=key.lower(),
                        version=self.version,
                        keys=", ".join(sorted(self.t_keys)),
                        section="RFC 6497 §2.2, UTS #35 §3.7",
                    ),
                )
            ]
        vals = [v.lower() for v in values]
        if len(vals) == 1 and "PRIVATE_USE" not in k.value_classes:
            # The commonest field, one value CLDR lists and does not deprecate, draws nothing (as the loop below
            # finds, after wording the labels: the key's name is found by regexes).
            ty = k.types.get(vals[0])
            if ty is not None and not ty.deprecated:
                return []
        label = {"ext": "t", "key": k.key, "name": _name_of(k), "version": self.version}
        if not vals:
            return [
                KeywordProblem(
                    "missing-t-value",
                    Severity.ERROR,
                    -1,
                    _(
                        "The -{ext}- key '{key}' ({name}) needs at least one value of 3 to 8 letters or digits "
                        "({section})."
                    ).format(**label, section="RFC 6497 §2.2"),
                )
            ]
        problems: list[KeywordProblem] = []
        if "PRIVATE_USE" in k.value_classes:
            for i, v in enumerate(vals):
                if not _TYPE_SUBTAG.match(v):
                    problems.append(
                        KeywordProblem(
                            "unknown-t-value",
                            Severity.ERROR,
                            i,
                            _(
                                "'{value}' in the -{ext}- key '{key}' ({name}) is not 3 to 8 letters or digits "
                                "({section})."
                            ).format(**label, value=v, section="RFC 6497 §2.2"),
                        )
                    )
            return problems
        if k.value_type == "single" and len(vals) > 1:
            problems.append(
                KeywordProblem(
                    "unknown-t-value",
                    Severity.ERROR,
                    1,
                    _("The -{ext}- key '{key}' ({name}) takes a single value; '{extra}' is extra ({section}).").format(
                        **label, extra="-".join(vals[1:]), section="UTS #35 §3.7"
                    ),
                    (vals[0],),
                )
            )
        for i, v in enumerate(vals):
            ty = k.types.get(v)
            if ty is not None:
                if ty.deprecated:
                    template = (
                        _(
                            "'{value}' of the -{ext}- key '{key}' ({name}) is deprecated in CLDR {version}. Use "
                            "'{preferred}' instead."
                        )
                        if ty.preferred
                        else _("'{value}' of the -{ext}- key '{key}' ({name}) is deprecated in CLDR {version}.")
                    )
                    problems.append(
                        KeywordProblem(
                            "deprecated-t-value",
                            Severity.WARNING,
                            i,
                            template.format(**label, value=v, preferred=ty.preferred),
                            tuple(ty.preferred.split("-")) if ty.preferred else None,
                        )
                    )
            elif i == 0 and (alias := _t_alias(k, v)) is not None:
                # CLDR's bcp47 _alias of a -t- value: the same table convert applies (m0-names → prprname).
                problems.append(
                    KeywordProblem(
                        "legacy-t-value",
                        Severity.ERROR,
                        i,
                        _(
                            "'{value}' of the -{ext}- key '{key}' ({name}) is a legacy alias of '{canon}' in CLDR "
                            "{version}'s bcp47 data: write {write} ({section})."
                        ).format(
                            **label, value=v, canon=alias, write=f"{k.key}-{alias}", section="UTS #35 §3.7, Annex C"
                        ),
                        tuple(alias.split("-")),
                    )
                )
            elif i == 0:
                names = [t.name for t in k.sorted_types()]
                problems.append(
                    KeywordProblem(
                        "unknown-t-value",
                        Severity.ERROR,
                        0,
                        _(
                            "'{value}' is not a value of the -{ext}- key '{key}' ({name}) in CLDR {version}: "
                            "{description}. Values: {values} ({section})."
                        ).format(
                            **label,
                            value=v,
                            description=k.description,
                            values=_quote_list(names),
                            section="RFC 6497 §2.2, UTS #35 §3.7",
                        ),
                    )
                )
            elif k.value_type != "single":
                problems.append(
                    KeywordProblem(
                        "unlisted-t-subfield",
                        Severity.INFO,
                        i,
                        _(
                            "'{value}' after '{first}' in the -{ext}- key '{key}' ({name}) is not a value CLDR "
                            "{version} lists; {section} lets later subfields add detail, so this is only a note."
                        ).format(**label, value=v, first=vals[0], section="UTS #35 §3.7"),
                    )
                )
        return problems


#: (extension, key, description) -> the key's name (CldrKey.name, which regexes find: worked out once per key).
_NAMES: dict[tuple[str, str, str], str] = {}


def _name_of(k: CldrKey) -> str:
    """Return ``k.name``, remembered: it depends on those three texts alone and is not worded (no catalogue)."""
    at = (k.extension, k.key, k.description)
    got = _NAMES.get(at)
    if got is None:
        got = _NAMES[at] = k.name
    return got


def _t_alias(k: CldrKey, value: str) -> str | None:
    """Return the -t- type whose CLDR ``_alias`` list holds *value* ('names' → 'prprname'), or None."""
    low = value.lower()
    return next((t.name for t in k.types.values() if low in (n.lower() for n in t.legacy_names)), None)
