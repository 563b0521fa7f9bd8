"""Show user text so that invisible and bidirectional control characters can neither hide nor reorder it.

A tag pasted as ``\\u202Een-US`` starts with RIGHT-TO-LEFT OVERRIDE: written as it is, it displays as
``SU-ne``, and every label that quotes it reads backwards. Everywhere the UI quotes user text it goes through
``shown_text``: each invisible or control character becomes a visible ``⟨RLO⟩``-style badge, and text with
right-to-left letters is isolated (LRI … PDI) so it cannot reorder the words around it. The tag editor keeps
the real characters and draws the same badges in their place (``tag_edit.ControlBadges``).
"""

from __future__ import annotations

import unicodedata

__all__ = ["badge_text", "is_invisible", "shown_message", "shown_text"]

#: Short names of the controls people meet in pasted text (Unicode's own abbreviations).
_ABBREVIATIONS = {
    0x0000: "NUL", 0x0009: "TAB", 0x00A0: "NBSP", 0x00AD: "SHY", 0x034F: "CGJ", 0x061C: "ALM", 0x180E: "MVS",
    0x200B: "ZWSP", 0x200C: "ZWNJ", 0x200D: "ZWJ", 0x200E: "LRM", 0x200F: "RLM", 0x202A: "LRE", 0x202B: "RLE",
    0x202C: "PDF", 0x202D: "LRO", 0x202E: "RLO", 0x202F: "NNBSP", 0x2060: "WJ", 0x2066: "LRI", 0x2067: "RLI",
    0x2068: "FSI", 0x2069: "PDI", 0xFEFF: "BOM",
}  # fmt: skip

_RTL_CLASSES = frozenset({"R", "AL", "AN"})


def is_invisible(ch: str) -> bool:
    """Whether *ch* is a control, format (bidi, zero-width) or separator character other than the space.

    >>> [is_invisible(c) for c in ("\\u202e", "\\u200b", " ", "\\u00a0", "a", "\\x00")]
    [True, True, False, True, False, True]
    """
    category = unicodedata.category(ch)
    return category in ("Cc", "Cf", "Zl", "Zp") or (category == "Zs" and ch != " ")


def badge_text(ch: str) -> str:
    """Return the short visible name of invisible character *ch* (``RLO``, or ``U+E0041`` when it has none)."""
    return _ABBREVIATIONS.get(ord(ch), f"U+{ord(ch):04X}")


def shown_text(text: str) -> str:
    """Return *text* with each invisible character as ``⟨NAME⟩``, isolated when it has right-to-left letters.

    >>> shown_text("\\u202een-US")
    '⟨RLO⟩en-US'
    >>> shown_text("en-US")
    'en-US'
    """
    if text.isascii() and text.isprintable():
        return text
    out = "".join(f"⟨{badge_text(c)}⟩" if is_invisible(c) else c for c in text)
    if any(unicodedata.bidirectional(c) in _RTL_CLASSES for c in out):
        out = "\u2066" + out + "\u2069"  # LEFT-TO-RIGHT ISOLATE … POP DIRECTIONAL ISOLATE
    return out


_ISOLATES = frozenset("\u2066\u2067\u2068\u2069")


def shown_message(message: str) -> str:
    """Return an engine *message* with its invisible characters shown, keeping the isolates it quotes with.

    The engine may wrap quoted input in FSI … PDI itself; those marks are its own and stay. Any other
    control in the message came from the input and is shown by name.

    >>> shown_message("'\u2068\u202een\u2069' is not a language subtag")
    "'\u2068⟨RLO⟩en\u2069' is not a language subtag"
    """
    if message.isascii() and message.isprintable():
        return message
    return "".join(f"⟨{badge_text(c)}⟩" if is_invisible(c) and c not in _ISOLATES else c for c in message)
