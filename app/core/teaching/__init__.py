"""Teaching: the anatomy of a tag, its drawing, the grammar walk-through, the primer and the examples.

``anatomy`` (a tag"s parts and their rules), ``anatomy_draw`` (an SVG/layout of it), ``walkthrough`` (the
grammar, step by step), ``primer`` and ``examples`` (teaching material).

May import: ``engine`` and every layer below it.
The order of the layers is the import-linter contract in ``pyproject.toml``.
``__all__`` names the modules the UI and the command line may use; the others are internal.
"""

__all__ = ["anatomy", "anatomy_draw", "examples", "primer", "walkthrough"]
