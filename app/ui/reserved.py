"""Messages that appear and vanish without moving the fields around them (issue 24 item 5).

A label that shows a check, a notice or a verdict only now and then keeps its height in the layout
whether it is shown or hidden, so the field a person is about to click stays where it was. The height
kept is a number of text lines: enough for the usual message; a longer one still wraps (nothing is cut).
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

__all__ = ["reserve_lines"]


def reserve_lines(label: QLabel, lines: int) -> QLabel:
    """Keep room for *lines* lines of *label*'s text in its layout, shown or hidden; return *label*."""
    policy = label.sizePolicy()
    policy.setRetainSizeWhenHidden(True)
    label.setSizePolicy(policy)
    margins = label.contentsMargins()
    label.setMinimumHeight(label.fontMetrics().lineSpacing() * lines + margins.top() + margins.bottom())
    return label
