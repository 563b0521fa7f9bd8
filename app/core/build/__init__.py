"""Build: making a tag by name: choices for each step, composing and placing subtags, the forms of a tag.

``choices`` (what each Build step offers), ``compose`` (putting subtags in their places), ``forms`` (every
form of a tag: RFC, Unicode, LDML, likely), ``localeinfo`` (likely subtags explained, the best-fit matcher),
``plausible`` (a script or region unusual for the language, and what a new language keeps).

May import: ``engine`` and every layer below it.
The order of the layers is the import-linter contract in ``pyproject.toml``.
``__all__`` names the modules the UI and the command line may use; the others are internal.
"""

__all__ = ["choices", "compose", "forms", "localeinfo", "platforms", "plausible", "repair"]
