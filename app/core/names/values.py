"""Names of single codes and of ``-u-``/``-t-`` values: naming one thing (a :class:`~.namer.Namer` owns one).

Languages, scripts, regions, variants, keys, and the values whose names come from elsewhere in CLDR:
subdivisions (``sd``, ``rg``), currencies (``cu``), time zones (``tz``), scripts and reorder codes
(``kr``, ``dx``). Each method takes the display language and returns None where CLDR has no name
there or in the parent locales (subdivisions fall back to English, the only full list CLDR 48 has).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..grammar.syntax import cased
from .pack import NamesPack

if TYPE_CHECKING:
    from ..cldr.model import CldrData

__all__ = ["ValueNames", "fill"]

_PLACEHOLDER = re.compile(r"\{([01])\}")


def fill(pattern: str, first: str, second: str) -> str:
    """Put *first* and *second* into a CLDR pattern's ``{0}`` and ``{1}`` (in one pass: names may hold braces).

    >>> fill("{0} ({1})", "English", "{1}")
    'English ({1})'
    """
    return _PLACEHOLDER.sub(lambda m: first if m.group(1) == "0" else second, pattern)


class ValueNames:
    """Name one code or one keyword value in a display language, from CLDR's names (and its BCP 47 data)."""

    __slots__ = ("cldr", "pack")

    def __init__(self, pack: NamesPack, cldr: CldrData | None = None) -> None:
        self.pack = pack
        self.cldr = cldr

    def language_name(self, code: str, display: str) -> str | None:
        """Return CLDR's name of language *code* (or language+script/region form like ``en-GB``)."""
        return self.pack.names(display).get("l", code)

    def script_name(self, code: str, display: str, *, standalone: bool = True) -> str | None:
        """Return CLDR's name of script *code*, the stand-alone form where CLDR has one."""
        names = self.pack.names(display)
        code = cased("script", code)
        return (names.get("S", code) if standalone else None) or names.get("s", code)

    def region_name(self, code: str, display: str) -> str | None:
        """Return CLDR's name of region *code* (``DE``, ``419``).

        >>> from bcp47_explorer.core.data import bundled_namer
        >>> bundled_namer().values.region_name("de", "de"), bundled_namer().values.region_name("419", "es")
        ('Deutschland', 'Latinoamérica')
        """
        return self.pack.names(display).get("r", cased("region", code))

    def variant_name(self, code: str, display: str) -> str | None:
        """Return CLDR's name of variant *code*."""
        return self.pack.names(display).get("v", code.lower())

    def subdivision_name(self, code: str, display: str) -> str | None:
        """Return CLDR's name of subdivision *code* (``gbsct``, ``usca``): the ``sd`` values.

        CLDR 48 has full subdivision lists in English only (and a few in other languages); an
        unnamed one in another language falls back to English, as CLDR's own data does through root.

        >>> from bcp47_explorer.core.data import bundled_namer
        >>> values = bundled_namer().values
        >>> values.subdivision_name("gbsct", "de"), values.subdivision_name("usca", "de")
        ('Schottland', 'California')
        """
        code = code.lower()
        return self.pack.names(display).get("d", code) or self.pack.names("en").get("d", code)

    def subdivisions_of(self, region: str, display: str) -> list[tuple[str, str | None]]:
        """Return every subdivision code CLDR lists for *region* (``sd`` values), each with its name.

        For the ``-u-`` builder's ``sd`` picker; the codes come from the bundled CLDR data (a namer
        made without it returns the named ones only), in code order.

        >>> from bcp47_explorer.core.data import bundled_namer
        >>> bundled_namer().values.subdivisions_of("GB", "de")[:2]
        [('gbabc', 'Armagh, Banbridge and Craigavon'), ('gbabd', 'Aberdeenshire')]
        """
        prefix = region.lower()
        if self.cldr is not None:
            codes = sorted(c for c in self.cldr.subdivisions if c.startswith(prefix) and len(c) > len(prefix))
        else:
            codes = sorted(c for c in self.pack.names("en").table("d") if c.startswith(prefix))
        return [(c, self.subdivision_name(c, display)) for c in codes]

    def rg_name(self, value: str, display: str) -> str | None:
        """Return the name of an ``rg`` value: ``gbzzzz`` names the region, others the subdivision.

        >>> from bcp47_explorer.core.data import bundled_namer
        >>> bundled_namer().values.rg_name("gbzzzz", "fr"), bundled_namer().values.rg_name("usca", "en")
        ('Royaume-Uni', 'California')
        """
        value = value.lower()
        if value.endswith("zzzz") and len(value) in (6, 7):
            return self.region_name(value[:-4], display)
        return self.subdivision_name(value, display)

    def key_name(self, key: str, display: str) -> str | None:
        """Return CLDR's name of a ``-u-``/``-t-`` key (``ca`` → "Calendar")."""
        return self.pack.names(display).get("k", key.lower())

    def type_name(self, key: str, value: str, display: str) -> str | None:
        """Return CLDR's name of a key's value (``ca``, ``islamic-civil``); ``sd``/``rg`` values too."""
        key, value = key.lower(), value.lower()
        if key == "sd":
            return self.subdivision_name(value, display)
        if key == "rg":
            return self.rg_name(value, display)
        names = self.pack.names(display)
        if key == "cu":
            return names.get("c", value.upper())
        if key == "tz":
            return names.get("z", value) or self._zone_city(value)
        if key in ("kr", "dx"):  # REORDER_CODE / SCRIPT_CODE: a list of script (or reorder) codes
            parts = [names.get("t", f"kr-{v}") or self.script_name(v, display, standalone=False) or v
                     for v in value.split("-")]  # fmt: skip
            listed = parts[0]
            for part in parts[1:]:
                listed = fill(names.separator, listed, part)
            return listed
        return names.get("t", f"{key}-{value or 'true'}")

    def _zone_city(self, value: str) -> str | None:
        """Return the city of time zone *value* from its IANA id, as CLDR does when it lists none."""
        t = self.cldr.u_type("tz", value) if self.cldr is not None else None
        iana = (t.iana or (t.legacy_names[0] if t.legacy_names else "")) if t is not None else ""
        if "/" not in iana or iana.startswith("Etc/"):
            return None
        return iana.rsplit("/", 1)[1].replace("_", " ")

    def key_description(self, ext: str, key: str, value: str | None = None) -> str | None:
        """Return CLDR's English description of a ``-u-``/``-t-`` key, or of its *value*, or None."""
        if self.cldr is None:
            return None
        k = (self.cldr.u_keys if ext == "u" else self.cldr.t_keys).get(key.lower())
        if k is None:
            return None
        if value is None:
            return k.description or None
        t = k.types.get(value.lower())
        return t.description if t is not None and t.description else None
