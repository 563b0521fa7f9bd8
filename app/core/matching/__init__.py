"""Matching: RFC 4647 filtering and lookup, and CLDR"s best-fit language matcher.

``rfc4647`` (basic and extended filtering, lookup, with a trace), ``bestfit`` (CLDR"s language matching distances),
``fitindex`` (the same distances, each worked out once), ``fitmemo`` (the best fit with a bounded memo of answers),
``uilanguage`` (the UI language negotiated against the shipped catalogues).

May import: ``cldr``, ``grammar``, ``files`` and ``text``.
The order of the layers is the import-linter contract in ``pyproject.toml``.
``__all__`` names the modules the UI and the command line may use; the others are internal.
"""

__all__ = ["bestfit", "fitindex", "fitmemo", "rfc4647", "uilanguage"]
