"""Pure-Python core of BCP 47 Explorer; it never imports Qt.

The core is in layers, each a subpackage that imports only the layers below it (the import-linter
contract in ``pyproject.toml``, run by ``.ci/run``, keeps the order):

======================  ====================================================================
``data``                loads the data files into models and composes the bundled set (the only
                        module that calls ``bundled_*()``): :func:`~.data.bundled_engine`,
                        :func:`~.data.engine_for`, :func:`~.data.bundled_namer`
``batch``, ``build``,   checking many tags; making a tag by name; the anatomy, walk-through,
``teaching``            primer and examples
``engine``              :class:`~.engine.tag.TagEngine`: check, canonicalize (RFC 5646 §4.5),
                        advice, and the Unicode (UTS #35) form and verdict beside it
``matching``, ``names`` RFC 4647 matching and CLDR's best fit; display names and the name index
``cldr``, ``registry``  CLDR 48's BCP 47 and supplemental data; the IANA registries
``grammar``             RFC 5646's ABNF, the parser with spans, the diagnostics table
``files``, ``text``     reading files with limits, writing them safely; the message catalogue
                        (``_()``, ``ngettext()``, ``N_()``) and the locale's number and list formats
======================  ====================================================================

Algorithms are handed their data through constructors (a :class:`~.engine.tag.TagEngine` built on
another registry uses exactly that registry). Each subpackage's ``__all__`` names the modules the
UI and the command line may use. Nothing is imported here, so ``import bcp47_explorer.core.data``
(the CLI's first step) stays cheap.

>>> from bcp47_explorer.core.data import bundled_engine
>>> bundled_engine().check("iw-Latn-IL").canonical
'he-Latn-IL'
"""

__all__: list[str] = ["data"]
