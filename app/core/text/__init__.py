"""Text: the message catalogue and the locale's number and list formats.

The bottom layer beside ``files``: ``catalogue`` (gettext's ``_()``, ``ngettext()``, ``pgettext()``, ``N_()`` and
``set_language()`` over the compiled catalogues in ``bcp47_explorer/locale``), ``formats`` (numbers and lists as
the UI language writes them, from a small table of CLDR 48 values), ``said`` (text kept in English for
``--json`` and comparisons, worded in the UI language where it is shown). Every layer may use them; the GUI's
``QTranslator`` (``ui/i18n.py``) looks up the same catalogue, so one system serves the core, the CLI and the GUI.
Beside them, ``frozen``: the base of the core's immutable values (records, keys, problems), here at the bottom
so that every layer may use it (a frozen dataclass's methods, written once: ``dataclasses`` costs start-up time),
and ``static``: ``typing.cast`` for the type checker, an identity function at run time, so that a check's modules
never import ``typing`` (start-up time again).

May import: the standard library only.
The order of the layers is the import-linter contract in ``pyproject.toml``.
``__all__`` names the modules the UI and the command line may use; the others are internal.
"""

__all__ = ["catalogue", "formats", "said", "static"]
