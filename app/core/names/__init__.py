"""Names: display names of languages, scripts, regions and tags in any CLDR language, and the name index.

``pack`` (CLDR"s display-name pack, read lazily), ``values`` (names of ``-u-`` values and subdivisions), ``namer``
(names of subtags and whole tags, UTS #35 Part 2"s patterns), ``search`` (the per-display-language picker
index), ``finder`` (the one name index: every name from
the registry, CLDR, CLDR's alt forms and SIL, words in any order), ``sil`` (SIL's language data).

May import: ``cldr``, ``registry``, ``grammar``, ``files`` and ``text``.
The order of the layers is the import-linter contract in ``pyproject.toml``.
``__all__`` names the modules the UI and the command line may use; the others are internal.
"""

__all__ = ["finder", "namer", "pack", "search", "sil", "values"]
