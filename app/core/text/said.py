"""Text made in English and worded in the UI language where it is shown: :class:`Said` and :func:`shown`.

Some results keep their text in English because ``--json`` writes it and code compares it (the repair's
``source``, steps, notes and reasons; what a platform's form loses), yet a person reads the same text in the
UI language. A :class:`Said` is that English text (a ``str``: JSON, ``==`` and ``startswith`` see English)
which remembers its template and fields; :func:`shown` words it in the current language, fields included.

>>> from bcp47_explorer.core.text.catalogue import N_
>>> s = Said(N_("the variant {variant}"), variant="fonipa")
>>> s, s == "the variant fonipa", shown(s), shown("plain text")
('the variant fonipa', True, 'the variant fonipa', 'plain text')
"""

from __future__ import annotations

from .catalogue import _
from .formats import format_number

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    from typing import Any

__all__ = ["Said", "shown"]


class Said(str):
    """English text (its ``str`` value) with the template (marked with ``N_()``) and fields it was made from."""

    template: str
    fields: dict[str, Any]

    def __new__(cls, template: str, /, **fields: Any) -> Said:
        """Make the English text of *template* (an ``N_()`` msgid) with *fields*; a field may be a Said too."""
        self = super().__new__(cls, template.format(**fields) if fields else template)
        self.template, self.fields = template, fields
        return self

    def shown(self) -> str:
        """Return the text in the current UI language, its fields worded too."""
        words = _(self.template)
        return words.format(**{k: shown(v) for k, v in self.fields.items()}) if self.fields else words


def shown(text: Any) -> str:
    """Return *text* as a person reads it in the UI language: a :class:`Said` (or anything with ``shown()``,
    such as a name index's source) worded by its template, a whole number as the language writes numbers, other
    values as they are (codes, tags)."""
    if isinstance(text, int) and not isinstance(text, bool):
        return format_number(text)
    word = getattr(text, "shown", None)
    return str(word()) if callable(word) else str(text)
