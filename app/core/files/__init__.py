"""Files: locate the data files, read them with limits, and write files safely.

The bottom layer: reading bytes and text with size caps (every OS or decoding failure becomes a
:class:`~.reading.DataError` that names the file) and atomic, symlink-safe writing. Nothing here parses.

May import: the standard library only.
The order of the layers is the import-linter contract in ``pyproject.toml``.
``__all__`` names the modules the UI and the command line may use; the others are internal.
"""

__all__ = ["reading", "safe_write"]
