"""Numbers and lists as the UI language writes them.

Reading: a small table of the CLDR 48 values for the shipped UI languages (``main/<lang>/numbers`` symbols in
each language's default numbering system, the minimum grouping digits, and the standard ``listPatterns``),
rather than Qt's ``QLocale``: the command line and the core need the same output without Qt, and the GUI
then shows exactly what the CLI prints. A language without a row is written as English (``en``). Only the
integer and plain-decimal forms the app shows are covered (no currencies, percentages or compact forms).

>>> format_number(9296, "de"), format_number(1234.5, "en"), format_number(1000, "es"), format_number(10000, "es")
('9.296', '1,234.5', '1000', '10.000')
>>> format_number(9296, "ar")
'٩٬٢٩٦'
>>> format_list(["de", "fr", "ja"], "en"), format_list(["de", "fr"], "de"), format_list(["a", "b", "c"], "ja")
('de, fr, and ja', 'de und fr', 'a、b、c')
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from .catalogue import current_language
from .frozen import Frozen, _set

__all__ = ["NumberSymbols", "ListPatterns", "NUMBERS", "LISTS", "format_number", "format_list"]


class NumberSymbols(Frozen):
    """A language's decimal and group separators, digits and CLDR ``minimumGroupingDigits``."""

    __slots__ = __match_args__ = ("decimal", "group", "digits", "min_grouping")
    _compared = attrgetter(*__match_args__)

    decimal: str
    group: str
    digits: str
    min_grouping: int

    def __init__(self, decimal: str, group: str, digits: str = "0123456789", min_grouping: int = 1) -> None:
        _set(self, "decimal", decimal)
        _set(self, "group", group)
        _set(self, "digits", digits)
        _set(self, "min_grouping", min_grouping)


class ListPatterns(Frozen):
    """A language's CLDR ``listPattern`` (type standard): two items, and the start, middle and end of longer lists."""

    __slots__ = __match_args__ = ("two", "start", "middle", "end")
    _compared = attrgetter(*__match_args__)

    two: str
    start: str
    middle: str
    end: str

    def __init__(self, two: str, start: str, middle: str, end: str) -> None:
        _set(self, "two", two)
        _set(self, "start", start)
        _set(self, "middle", middle)
        _set(self, "end", end)


_NNBSP = "\u202f"  # French groups with a narrow no-break space
#: CLDR 48 number symbols of the source language and the shipped UI languages.
NUMBERS: dict[str, NumberSymbols] = {
    "en": NumberSymbols(".", ","),
    "de": NumberSymbols(",", "."),
    "fr": NumberSymbols(",", _NNBSP),
    "es": NumberSymbols(",", ".", min_grouping=2),
    "ja": NumberSymbols(".", ","),
    "zh-Hans": NumberSymbols(".", ","),
    "ar": NumberSymbols("٫", "٬", "٠١٢٣٤٥٦٧٨٩"),  # ar's default numbering system is arab
}
#: CLDR 48 list patterns (standard, "and") of the same languages.
LISTS: dict[str, ListPatterns] = {
    "en": ListPatterns("{0} and {1}", "{0}, {1}", "{0}, {1}", "{0}, and {1}"),
    "de": ListPatterns("{0} und {1}", "{0}, {1}", "{0}, {1}", "{0} und {1}"),
    "fr": ListPatterns("{0} et {1}", "{0}, {1}", "{0}, {1}", "{0} et {1}"),
    "es": ListPatterns("{0} y {1}", "{0}, {1}", "{0}, {1}", "{0} y {1}"),
    "ja": ListPatterns("{0}、{1}", "{0}、{1}", "{0}、{1}", "{0}、{1}"),
    "zh-Hans": ListPatterns("{0}和{1}", "{0}、{1}", "{0}、{1}", "{0}和{1}"),
    "ar": ListPatterns("{0} و{1}", "{0}، {1}", "{0}، {1}", "{0}، و{1}"),
}


def format_number(value: int | float, language: str | None = None) -> str:
    """Return *value* written with *language*'s separators and digits (default: the UI language)."""
    sym = NUMBERS.get(language or current_language(), NUMBERS["en"])
    text = f"{value}" if isinstance(value, float) else str(int(value))
    sign = "-" if text.startswith("-") else ""
    whole, _, frac = text.lstrip("-").partition(".")
    if len(whole) >= 4 + sym.min_grouping - 1 and len(whole) > 3:
        groups: list[str] = []
        while len(whole) > 3:
            whole, tail = whole[:-3], whole[-3:]
            groups.insert(0, tail)
        whole = sym.group.join([whole, *groups])
    out = sign + whole + (sym.decimal + frac if frac else "")
    if sym.digits != "0123456789":
        out = out.translate(str.maketrans("0123456789", sym.digits))
    return out


def format_list(items: Sequence[str], language: str | None = None) -> str:
    """Return *items* joined as *language* writes a list ("a, b, and c"; default: the UI language)."""
    pats = LISTS.get(language or current_language(), LISTS["en"])
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return pats.two.format(items[0], items[1])
    out = pats.end.format(items[-2], items[-1])
    for item in reversed(items[1:-2]):
        out = pats.middle.format(item, out)
    return pats.start.format(items[0], out)
