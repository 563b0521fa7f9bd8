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
- **Badges**: where user text is drawn rather than quoted in a message (the editor, the anatomy
  diagram and its SVG), each invisible character (controls and separators too) is drawn as a
  short visible name, ``⟨RLO⟩``, so it can neither hide nor reorder the text (:func:`with_badges`).

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

# json_string(text): *text* as a JSON string, quotes included, as ``json.dumps`` writes it (``ensure_ascii=False``):
# json's own string encoder, without importing the json package (about 1 ms of a check's start-up).
try:
    from _json import encode_basestring as json_string
except ImportError:  # an interpreter without json's C accelerator
    from json.encoder import py_encode_basestring as json_string

__all__ = [
    "EXCERPT",
    "json_string",
    "FSI",
    "PDI",
    "BADGE_NAMES",
    "badge_text",
    "excerpt",
    "needs_badge",
    "quote",
    "is_invisible",
    "message_with_badges",
    "TYPOGRAPHIC_SPACES",
    "with_badges",
    "without_invisible",
]

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


#: Short names of the controls people meet in pasted text (Unicode's own abbreviations).
BADGE_NAMES = {
    0x0000: "NUL", 0x0009: "TAB", 0x00A0: "NBSP", 0x00AD: "SHY", 0x034F: "CGJ", 0x061C: "ALM", 0x180E: "MVS",
    0x200B: "ZWSP", 0x200C: "ZWNJ", 0x200D: "ZWJ", 0x200E: "LRM", 0x200F: "RLM", 0x202A: "LRE", 0x202B: "RLE",
    0x202C: "PDF", 0x202D: "LRO", 0x202E: "RLO", 0x202F: "NNBSP", 0x2060: "WJ", 0x2066: "LRI", 0x2067: "RLI",
    0x2068: "FSI", 0x2069: "PDI", 0xFEFF: "BOM",
}  # fmt: skip


def needs_badge(ch: str) -> bool:
    """Tell whether *ch* is a control, format (bidi, zero-width) or separator character other than the space.

    >>> [needs_badge(c) for c in ("\\u202e", "\\u200b", " ", "\\u00a0", "a", "\\x00")]
    [True, True, False, True, False, True]
    """
    category = unicodedata.category(ch)
    return category in ("Cc", "Cf", "Zl", "Zp") or (category == "Zs" and ch != " ")


def badge_text(ch: str) -> str:
    """Return the short visible name of invisible character *ch* (``RLO``, or ``U+E0041`` when it has none)."""
    return BADGE_NAMES.get(ord(ch), f"U+{ord(ch):04X}")


def with_badges(text: str, keep: str = "") -> str:
    """Return *text* with each invisible character (but those in *keep*) drawn as ``⟨NAME⟩``.

    >>> with_badges("\\u202een-US\\u200b")
    '⟨RLO⟩en-US⟨ZWSP⟩'
    >>> with_badges(quote("\\u202een"), keep=FSI + PDI) == FSI + "⟨RLO⟩en" + PDI
    True
    """
    if text.isascii() and text.isprintable():
        return text
    return "".join(f"⟨{badge_text(c)}⟩" if c not in keep and needs_badge(c) else c for c in text)


_ISOLATES = frozenset("\u2066\u2067\u2068\u2069")  # LRI, RLI, FSI open; PDI closes
#: Spaces a translation's own typography uses (French puts a no-break space before ':', numbers a narrow one).
TYPOGRAPHIC_SPACES = frozenset("\u00a0\u202f\u2009")


def message_with_badges(message: str) -> str:
    """Return a worded *message* with the invisible characters of the input it quotes drawn as ``⟨NAME⟩``.

    Quoted input is wrapped in isolates (FSI … PDI from :func:`quote`, LRI … PDI from the UI); they stay,
    and so do a translation's typographic spaces outside them (a French "« … » :" must not read "⟨NBSP⟩:").
    Inside them, and any other invisible character anywhere, is shown by name.

    >>> message_with_badges("« \u2068a\u00a0b\u2069 »\u00a0: non valide")
    '« \u2068a⟨NBSP⟩b\u2069 »\xa0: non valide'
    """
    if message.isascii() and message.isprintable():
        return message
    out, depth = [], 0
    for c in message:
        if c in _ISOLATES:
            depth = depth + 1 if c != PDI else max(depth - 1, 0)
            out.append(c)
        elif needs_badge(c) and (depth or c not in TYPOGRAPHIC_SPACES):
            out.append(f"⟨{badge_text(c)}⟩")
        else:
            out.append(c)
    return "".join(out)
