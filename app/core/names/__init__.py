"""Names: display names of languages, scripts, regions and tags in any CLDR language, and the name index.

``pack`` (CLDR"s display-name pack, read lazily), ``values`` (names of ``-u-`` values and subdivisions), ``namer``
(names of subtags and whole tags, UTS #35 Part 2"s patterns), ``search`` (finding a subtag by a name).

May import: ``cldr``, ``registry``, ``grammar`` and ``files``.
The order of the layers is the import-linter contract in ``pyproject.toml``.
``__all__`` names the modules the UI and the command line may use; the others are internal.
"""

__all__ = ["namer", "pack", "search", "values"]
