"""What pasted text brings besides a tag, and how messages quote it.

- **Quoting** (issue 11 item 7, issue 14 item 4): a message quotes user text only as an
  excerpt of about :data:`EXCERPT` characters around the place it is about, with ``…`` where
  it was cut, inside the bidi isolates U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL
  ISOLATE, so a right-to-left override in the input can neither flip the message nor make it
  as long as the input. Subtags that passed the tokenizer are ASCII letters and digits, which
  cannot reorder anything, and are quoted bare.
- **Invisible characters**: format characters (Unicode category Cf: zero-width spaces and
  joiners, bidi marks, embeddings, overrides and isolates, the byte order mark, the soft
  hyphen, ...) are named with code point, name and position; the fix removes all of them.
- **Unicode locale identifiers** (issue 11 item 5): an input with ``_`` or legacy ``@key=type``
  keywords that :func:`.ldml.legacy_to_bcp47` reads (``de_DE@collation=phonebook``,
  ``en_US_POSIX``) gets one diagnostic whose fix is the whole BCP 47 tag, and whose message
  says what the conversion did.

>>> quote("en-US")
'\\u2068en-US\\u2069'
>>> excerpt("0123456789" * 10, 50, 51)
'…1234567890123456789012345678901234567890…'
>>> without_invisible("\\u202een-\\u200bUS")
'en-US'
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cldr import CldrData

__all__ = ["EXCERPT", "FSI", "PDI", "excerpt", "quote", "is_invisible", "without_invisible", "locale_id_conversion"]

EXCERPT = 40
FSI, PDI = "\u2068", "\u2069"


def excerpt(text: str, start: int = 0, end: int | None = None, width: int = EXCERPT) -> str:
    """Return at most about *width* characters of *text* around ``text[start:end]``, ``…`` marking cuts."""
    if len(text) <= width:
        return text
    if end is None or end < start:
        end = start
    end = min(end, start + width)
    spare = width - (end - start)
    a = max(0, start - spare // 2)
    b = min(len(text), max(end, a + width))
    a = max(0, min(a, b - width))
    return ("…" if a > 0 else "") + text[a:b] + ("…" if b < len(text) else "")


def quote(text: str, start: int = 0, end: int | None = None) -> str:
    """Return the excerpt of user *text* around *start*..*end* inside bidi isolates, for a message."""
    return f"{FSI}{excerpt(text, start, end)}{PDI}"


def is_invisible(ch: str) -> bool:
    """Tell whether *ch* is a format character (category Cf): invisible, or able to reorder text."""
    return unicodedata.category(ch) == "Cf"


def without_invisible(text: str) -> str:
    """Return *text* without its format characters."""
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


# A locale id is short; longer input is not read as one (ldml refuses 10,000 characters and more).
_LOCALE_ID_MAX = 200


def locale_id_conversion(text: str, cldr: CldrData | None) -> tuple[str, dict[str, str]] | None:
    """Return the BCP 47 tag for *text* read as a Unicode locale id, with the ``unicode-locale-id`` fields; or None.

    Only text with ``@`` (legacy keywords), or whose conversion does more than turn ``_``
    into ``-`` (``en_US_POSIX`` → ``en-US-u-va-posix``, ``root_US`` → ``und-US``), gets one:
    for ``en_US`` the ``underscore-separator`` fix already says everything.

    >>> from bcp47_explorer.core.data import bundled_cldr
    >>> locale_id_conversion("de_DE@collation=phonebook", bundled_cldr())[0]
    'de-DE-u-co-phonebk'
    >>> locale_id_conversion("en_US", bundled_cldr()) is None
    True
    """
    if len(text) > _LOCALE_ID_MAX or ("@" not in text and "_" not in text) or cldr is None:
        return None
    from .ldml import legacy_to_bcp47  # on use: only pasted locale ids need it, and start-up time counts

    conv = legacy_to_bcp47(text, cldr)
    if conv.result is None or conv.errors:
        return None
    if "@" not in text and conv.result.lower() == text.strip().replace("_", "-").lower():
        return None
    fields = {
        "text": quote(text),
        "tag": conv.result,
        "notes": "; ".join(conv.notes),
        "legacy": " with legacy keywords" if "@" in text else "",
    }
    return conv.result, fields
