"""The pseudo-translation of the translation tests (issue 25), without Qt: the core's tests use it too.

:class:`PseudoTranslations` answers every message with ``⟦message⟧``; :func:`needs_translation` tells whether a
text a person reads has English words outside the marks (so it did not go through the catalogue).
"""

from __future__ import annotations

import gettext
import re

OPEN, CLOSE = "⟦", "⟧"


class PseudoTranslations(gettext.NullTranslations):
    """Answer every message with itself between ⟦ ⟧ (plural and context forms too)."""

    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"{OPEN}{msgid1 if n == 1 else msgid2}{CLOSE}"

    def pgettext(self, context: str, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


#: A tag, subtag, code or number on its own (no spaces): never translated.
_CODE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:/+=-]*$")  # "=": a key sequence such as Ctrl+=
#: A word a person reads: two letters or more.
# A tag as the Examples menu shows its traps: joined by - or _, letters of any script (zh-普通话, tr-Latı).
_TAG_LIKE = re.compile(r"^\w+(?:[-_]\w+)+$")
_STANDARD = re.compile(r"\b(?:BCP|RFC|UTS|ISO|CLDR) ?#?[0-9][0-9.-]*")
#: Proper names read as they are in every language, also inside a sentence.
PROPER_NAMES = ("BCP 47 Explorer", "Unicode CLDR", "Unicode, Inc.")
_WORD = re.compile(r"[A-Za-z]{2,}")
#: A single word that is a code: a script code (Latn), an upper-case code (US, OK aside), a lower-case subtag.
_CODE_WORD = re.compile(r"^(?:[A-Z][a-z]{3}|[A-Z0-9]{1,4}|[a-z0-9]+)$")


def needs_translation(text: str) -> bool:
    """Tell whether *text* shown to a person has English words outside ⟦ ⟧ (tags, codes and numbers aside).

    Two words or more outside the marks are a phrase; one word needs translation when it is not code-like
    (``Light``, ``Colours:``; not ``en``, ``Latn``, ``US`` or ``en-Latn-US``).
    """
    rest, inner = text.replace("&", ""), re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
    for name in PROPER_NAMES:  # names stay as they are inside any sentence
        rest = rest.replace(name, " ")
    rest = _STANDARD.sub(" ", rest)  # standards are cited as written: "RFC 5646", "BCP 47", "UTS #35"
    while inner.search(rest):  # innermost first: a template's field may itself be translated (⟦⟦Open⟧ (Ctrl+O)⟧)
        rest = inner.sub(" ", rest)
    pieces = [p.strip(".,;:!?()[]\"'«»“”…") for p in rest.split()]
    pieces = [p for p in pieces if p and not (_CODE.match(p) and not p.isalpha()) and not _TAG_LIKE.match(p)]
    words = [p for p in pieces if _WORD.search(p)]
    if len(words) >= 2:
        return True
    return len(words) == 1 and not _CODE_WORD.match(words[0])
