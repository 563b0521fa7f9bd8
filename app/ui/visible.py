"""Show user text so that invisible and bidirectional control characters can neither hide nor reorder it.

A tag pasted as ``\\u202Een-US`` starts with RIGHT-TO-LEFT OVERRIDE: written as it is, it displays as
``SU-ne``, and every label that quotes it reads backwards. Everywhere the UI quotes user text it goes through
``shown_text``: each invisible or control character becomes a visible ``⟨RLO⟩``-style badge, and text with
right-to-left letters is isolated (LRI … PDI) so it cannot reorder the words around it. The tag editor keeps
the real characters and draws the same badges in their place (``tag_edit.ControlBadges``).
"""

from __future__ import annotations

import unicodedata

from ..core.grammar.quoting import badge_text, message_with_badges
from ..core.grammar.quoting import needs_badge as is_invisible  # one rule, in the core: the diagrams use it too

__all__ = ["badge_text", "is_invisible", "shown_message", "shown_text"]

_RTL_CLASSES = frozenset({"R", "AL", "AN"})


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


def shown_message(message: str) -> str:
    """Return an engine *message* with its invisible characters shown, keeping the isolates it quotes with.

    The engine may wrap quoted input in FSI … PDI itself; those marks are its own and stay. Any other
    control in the message came from the input and is shown by name.

    >>> shown_message("'\u2068\u202een\u2069' is not a language subtag")
    "'\u2068⟨RLO⟩en\u2069' is not a language subtag"

    A translation's typographic spaces stay spaces outside the quoted input, badges inside it:

    >>> shown_message("« \u2068a\u00a0b\u2069 »\u00a0: non valide")
    '« \u2068a⟨NBSP⟩b\u2069 »\xa0: non valide'
    """
    return message_with_badges(message)  # the core's one rule, as the diagrams draw it
