"""Links out from a registry record to the references linguists use (opened only when the user clicks).

>>> from .model import Registry, SAMPLE
>>> [label for label, _url in links_for(Registry.from_text(SAMPLE).get("language", "mt"))]
['Wikipedia (ISO 639 code)', 'IANA Language Subtag Registry']
"""

from __future__ import annotations

from urllib.parse import quote

from ..text.catalogue import _
from .model import Record
from .update import REGISTRY_URL

__all__ = ["links_for"]


def links_for(rec: Record) -> list[tuple[str, str]]:
    """Return (label, URL) pairs of references for *rec*; private-use ranges get only the registry."""
    out: list[tuple[str, str]] = []
    code = rec.code
    words = quote(rec.descriptions[0] if rec.descriptions else code)
    if not rec.is_range and rec.type in ("language", "extlang"):
        if len(code) == 3:
            out.append(("ISO 639-3 (SIL)", f"https://iso639-3.sil.org/code/{quote(code.lower())}"))
            out.append(("Glottolog", f"https://glottolog.org/glottolog?iso={quote(code.lower())}"))
        if len(code) in (2, 3):
            out.append((_("Wikipedia (ISO 639 code)"), f"https://en.wikipedia.org/wiki/ISO_639:{quote(code.lower())}"))
    elif not rec.is_range and rec.type == "script":
        out.append(("ScriptSource", f"https://scriptsource.org/scr/{quote(code.title())}"))
        out.append(("Wikipedia", f"https://en.wikipedia.org/wiki/Special:Search?search={words}"))
    elif not rec.is_range and rec.type == "region":
        if code.isalpha():
            out.append(("Wikipedia (ISO 3166-1)", f"https://en.wikipedia.org/wiki/ISO_3166-1:{quote(code.upper())}"))
        else:
            out.append(("UN M.49", "https://unstats.un.org/unsd/methodology/m49/"))
    elif not rec.is_range:
        out.append(("Wikipedia", f"https://en.wikipedia.org/wiki/Special:Search?search={words}"))
    out.append((_("IANA Language Subtag Registry"), REGISTRY_URL))
    return out
