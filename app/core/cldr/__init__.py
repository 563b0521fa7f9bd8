"""CLDR: Unicode"s view of locale identifiers (UTS #35) over CLDR 48"s data.

``model`` (the ``-u-``/``-t-`` keys and types), ``values`` and ``checks`` (value classes and keyword checks),
``rules`` (UTS #35 identifier rules and aliases), ``canonical`` (Annex C canonicalization), ``likely`` (likely
subtags and CLDR"s supplemental data), ``ldml`` (legacy ``@key=type`` keywords), ``locale_ids`` (a pasted
locale id read as a tag).

May import: ``grammar``, ``files`` and ``text``; never the registry (the registry"s data reaches CLDR
algorithms as arguments).
The order of the layers is the import-linter contract in ``pyproject.toml``.
``__all__`` names the modules the UI and the command line may use; the others are internal.
"""

__all__ = ["canonical", "checks", "ldml", "likely", "locale_ids", "model", "rules", "values"]
