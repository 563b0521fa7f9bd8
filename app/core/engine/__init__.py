"""Engine: checking a tag by both standards, its RFC 5646 canonical form, advice, and the Unicode view beside it.

``tag`` (the :class:`~.tag.TagEngine` facade), ``results`` (the result values), ``tables``, ``advice``,
``canonical`` (RFC 5646 §4.5), ``fastpath`` and ``quickadvice`` (the regex path for common tags),
``unicode_locale`` and ``unicode_validity`` (the UTS #35 form and verdict, kept apart from RFC 5646"s),
``checkjson`` (the JSON lines of ``bcp47 check``) with ``quickline`` (the line of a plain valid tag joined from
texts kept per subtag) and ``illshape`` (the line and the parse of a tag with one slip around it, from the
tag's regex groups), ``summary`` (a tag's verdicts as one flat row, for columns),
``uedit`` and ``tedit`` (editing ``-u-``, ``-t-`` and private use).

May import: ``names``, ``matching``, ``cldr``, ``registry``, ``grammar``, ``files`` and ``text``.
The order of the layers is the import-linter contract in ``pyproject.toml``.
``__all__`` names the modules the UI and the command line may use; the others are internal.
"""

__all__ = ["checkjson", "results", "summary", "tag", "tedit", "uedit", "unicode_locale", "unicode_validity"]
