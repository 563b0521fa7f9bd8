"""Pure-Python core of BCP 47 Explorer; it never imports Qt.

The public API, by module (each lists its names in ``__all__``):

- :mod:`.tag`: :class:`~.tag.TagEngine` (``check``, ``canonicalize``, ``extlang_form``, Unicode
  locale conversions, ``-u-`` editing) and :func:`~.tag.bundled_engine`, with the result values;
- :mod:`.registry`: the Language Subtag Registry (``lookup``, ``search``, relations);
- :mod:`.matching`: RFC 4647 matching (``basic_filter``, ``extended_filter``, ``lookup``);
- :mod:`.forms`, :mod:`.diagnostics`, :mod:`.syntax`, :mod:`.compose`, :mod:`.cldr`, :mod:`.data`.

Nothing is imported here, so ``import bcp47_explorer.core.data`` (the CLI's first step) stays cheap.

>>> from bcp47_explorer.core.tag import bundled_engine
>>> bundled_engine().check("iw-Latn-IL").canonical
'he-Latn-IL'
"""

__all__: list[str] = []
