"""What the type checker reads from :mod:`typing`, for modules that must not import it at run time.

``typing`` costs every ``bcp47`` run about 1.5 ms of start-up (it builds its special forms when imported),
and a check uses nothing of it at run time: annotations are strings (``from __future__ import annotations``),
the names they use are imported under ``if TYPE_CHECKING:`` (each module sets ``TYPE_CHECKING = False``
itself, which the type checker reads as true, as it does typing's), and ``cast`` is this identity
function. A test runs ``bcp47 check --json`` in a fresh interpreter and fails if ``typing`` is imported.
"""

from __future__ import annotations

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import cast as cast
else:

    def cast(_type: object, value: object) -> object:
        """Return *value* unchanged (``typing.cast``, which only tells the type checker what *value* is)."""
        return value


__all__ = ["cast"]
