"""A pasted Unicode locale identifier read as a BCP 47 tag (issue 11 item 5).

An input with ``_`` or legacy ``@key=type`` keywords that :func:`.ldml.legacy_to_bcp47` reads
(``de_DE@collation=phonebook``, ``en_US_POSIX``) gets one diagnostic whose fix is the whole
BCP 47 tag, and whose message says what the conversion did. :mod:`.ldml` is imported on use:
only pasted locale ids need it, and the start-up time of ``bcp47 check`` counts.
"""

from __future__ import annotations

from ..grammar.quoting import quote

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    from .model import CldrData

__all__ = ["locale_id_conversion"]

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
    }
    return conv.result, fields
