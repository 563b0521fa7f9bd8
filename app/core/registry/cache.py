"""The check a parse cache's rows pass before they become records (see ``Registry.from_cache``)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Collection
from typing import cast

__all__ = ["check_cached_rows"]

_STR = frozenset({str})
_OPT_STR = frozenset({str, type(None)})
# A code as the registry writes it: subtags joined by '-', or the two ends of a range.
_CODES = re.compile(r"(?:[A-Za-z0-9]{1,8}(?:(?:-|\.\.)[A-Za-z0-9]{1,8})*\n)*")
_DATES = re.compile(r"(?:\d{4}-\d{2}-\d{2}\n)*")


def check_cached_rows(rows: tuple[object, ...], type_names: Collection[str], width: int) -> None:
    """Raise ValueError unless every row has the shape ``Registry.to_cache`` writes, field by field.

    *type_names* are the registry's Types and *width* the number of fields of a record. Dates are
    checked for the registry's shape YYYY-MM-DD, codes for letters and digits joined by '-' or '..'.

    Checked column by column (C-speed passes over 9,296 rows rather than one Python call per row):
    the types of every field and of every item of the repeated ones, the Type, the code's shape,
    the dates, a Description in every record. The ranges' ends are checked when the index is built.
    """
    if set(map(type, rows)) - {tuple} or set(map(len, cast("tuple[tuple[object, ...], ...]", rows))) - {width}:
        raise ValueError("a row that is not a record")
    cols = list(zip(*rows, strict=True)) if rows else [()] * width
    types, codes, descriptions, added, deprecated, pv, prefixes, ss, macro, scope, comments, fields, lines = cols
    if not set(map(type, types)) <= _STR or not set(types) <= set(type_names):
        raise ValueError("a bad Type")
    # One regular-expression pass over each column joined by newlines (none of them holds one).
    if set(map(type, codes)) - _STR or not _CODES.fullmatch("\n".join(codes) + "\n" if codes else ""):
        raise ValueError("a code that is not a subtag or tag")
    if set(map(type, deprecated)) - _OPT_STR:
        raise ValueError("a bad Deprecated date")
    dates = [*added, *(d for d in deprecated if d is not None)]
    if set(map(type, added)) - _STR or not _DATES.fullmatch("\n".join(dates) + "\n" if dates else ""):
        raise ValueError("a bad Added or Deprecated date")
    for col in (pv, ss, macro, scope):
        if set(map(type, col)) - _OPT_STR:
            raise ValueError("a field that is not text")
    for col in (descriptions, prefixes, comments, fields):
        if set(map(type, col)) - {tuple}:
            raise ValueError("a list of fields that is not a list")
    for col in (descriptions, prefixes, comments):
        if set(map(type, itertools.chain.from_iterable(col))) - _STR:
            raise ValueError("a list of fields that is not text")
    if not all(descriptions):
        raise ValueError("a record without a Description")
    pairs = list(itertools.chain.from_iterable(fields))
    if set(map(type, pairs)) - {tuple} or set(map(len, pairs)) - {2}:
        raise ValueError("bad fields")
    if set(map(type, itertools.chain.from_iterable(pairs))) - _STR or set(map(type, lines)) - {int}:
        raise ValueError("bad fields or line numbers")
