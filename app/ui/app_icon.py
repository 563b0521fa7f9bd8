"""The app's icon, on its own: the start-up sets it before the first paint without importing the About dialog."""

from __future__ import annotations

from PySide6.QtGui import QIcon

from ..core.files.reading import DataError, resources_dir  # (not core.data: its modules wait for the data's turn)

__all__ = ["ICON_FILE", "ICON_SIZES", "app_icon"]

ICON_FILE = "icons/bcp47-explorer.svg"
ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)


def app_icon() -> QIcon:
    """Return the app icon (SVG, with the PNG renderings for the small sizes)."""
    icon = QIcon()
    try:
        folder = resources_dir()
    except (DataError, ValueError, OSError):  # the icon is missing with the data: an empty icon
        return icon
    # Qt picks the nearest added size; the hand-checked PNGs keep 16 and 32 px crisp.
    for size in ICON_SIZES:
        png = folder / "icons" / f"bcp47-explorer-{size}.png"
        if png.is_file():
            icon.addFile(str(png))
    svg = folder / ICON_FILE
    if svg.is_file():
        icon.addFile(str(svg))
    return icon
