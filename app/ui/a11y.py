"""Give controls the accessible name and tooltip every control of the app carries (a test checks it)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

__all__ = ["describe"]


def describe(widget: QWidget, name: str, tip: str) -> None:
    """Set *widget*'s accessible name to *name* and its tooltip to *tip*."""
    widget.setAccessibleName(name)
    widget.setToolTip(tip)
