"""Batch: checking many tags from text, CSV or JSON lines, with export, for the Batch pane and ``bcp47 check``.

``lines`` (reading sources, checking chunks with a memo, exporting, the worker-process entry points),
``runner`` (the one bulk runner: a process pool, results in order, a crashed child's task redone here,
cancel, bounded memory; used by ``bcp47 check --jobs`` and the Batch pane) and ``distinct``
(``check --json`` over a stream through the runner, each distinct tag checked once).

May import: ``engine`` and every layer below it.
The order of the layers is the import-linter contract in ``pyproject.toml``.
``__all__`` names the modules the UI and the command line may use; the others are internal.
"""

__all__ = ["distinct", "lines", "runner"]
