"""Grammar: RFC 5646"s ABNF as named pieces, the never-raising parser with spans, and the values it returns.

``syntax`` (subtag shapes, the whole-tag pattern, ``-u-``/``-t-`` splitters, case),
``problems`` (the one problem type of every
checker, its severities, and the one ``~~~^`` marker renderer), ``values`` (frozen result values: subtags, roles,
diagnostics, fixes), ``parser`` (the precise parser), ``abnf`` (the rules as text for
teaching), ``diagnostics`` (the one table of codes, severities, sections and message templates), ``quoting``
(how messages quote user text), ``highlight`` (colour runs for an editor).

May import: ``files`` and ``text``.
The order of the layers is the import-linter contract in ``pyproject.toml``.
``__all__`` names the modules the UI and the command line may use; the others are internal.
"""

__all__ = ["abnf", "diagnostics", "highlight", "parser", "problems", "quoting", "syntax", "values"]
