"""Batch: checking many tags from text, CSV or JSON lines, with export, for the Batch pane and ``bcp47 check``.

``lines`` (reading sources, checking chunks with a memo, exporting, the worker-process entry points).

May import: ``engine`` and every layer below it.
The order of the layers is the import-linter contract in ``pyproject.toml``.
``__all__`` names the modules the UI and the command line may use; the others are internal.
"""

__all__ = ["lines"]
