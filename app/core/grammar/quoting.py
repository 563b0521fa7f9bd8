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

Reading a pasted Unicode locale id (``de_DE@collation=phonebook``) is CLDR's business:
:mod:`..cldr.locale_ids`.

>>> quote("en-US")
'\\u2068en-US\\u2069'
>>> excerpt("0123456789" * 10, 50, 51)
'…1234567890123456789012345678901234567890…'
>>> without_invisible("\\u202een-\\u200bUS")
'en-US'
"""

from __future__ import annotations

import unicodedata

__all__ = ["EXCERPT", "FSI", "PDI", "excerpt", "quote", "is_invisible", "without_invisible"]

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
