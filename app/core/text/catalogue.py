"""The message catalogue: one gettext domain for the core, the command line and the GUI.

Mark text a person reads with ``_("...")`` (translated when it runs), plurals with
``ngettext("{count} tag", "{count} tags", n)``, a short text that needs a context with
``pgettext("context", "...")``, and text in tables built at import time with ``N_("...")`` (marked for
extraction, returned unchanged) and translate it where it is shown: ``_(TABLE[key])``. Templates keep
named fields and are formatted after translation: ``_("{tag} is not valid").format(tag=tag)``.

The catalogues are ``locale/<tag>/LC_MESSAGES/bcp47_explorer.mo`` in the package, one folder per
shipped UI language named by its BCP 47 tag (``zh-Hans``, not ``zh_CN``). Until :func:`set_language`
is called every function returns the English source text.

>>> set_language("en")
'en'
>>> _("a tag"), ngettext("{count} tag", "{count} tags", 2), N_("kept")
('a tag', '{count} tags', 'kept')
"""

from __future__ import annotations

from _weakref import ref as weak_ref  # the weakref module's ref, without the module (start-up)
from collections.abc import Callable

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    import gettext
    from pathlib import Path
    from typing import Any

__all__ = [
    "DOMAIN",
    "SHIPPED",
    "SOURCE_LANGUAGE",
    "N_",
    "_",
    "catalogue_path",
    "current_language",
    "gettext_translations",
    "locale_dir",
    "ngettext",
    "npgettext",
    "forget_on_language_change",
    "pgettext",
    "set_language",
    "use_translations",
]

DOMAIN = "bcp47_explorer"
#: The language the source text is written in (no catalogue: the msgids are the English text).
SOURCE_LANGUAGE = "en"
#: The UI languages with a catalogue, as BCP 47 tags (also the folder names under ``locale/``).
SHIPPED: tuple[str, ...] = ("de", "fr", "es", "ja", "zh-Hans", "ar")

# None: the source text (gettext itself is imported only when a catalogue is read: the CLI starts faster).
_translations: gettext.NullTranslations | None = None
_language = SOURCE_LANGUAGE
# What remembers text made in the UI language: an owner (held weakly) and how to empty its memory.
_forgetters: list[tuple[weak_ref[Any], Callable[[Any], None]]] = []


def forget_on_language_change(owner: object, forget: Callable[[Any], None]) -> None:
    """Call ``forget(owner)`` whenever the UI language changes, while *owner* lives.

    Memos of worded results (diagnostics, canonicalization steps, a picker's marks) hold text in the
    language they were made in; a change of language must not show the old wording. *owner* is held
    weakly (an engine or a module), so registering never keeps anything alive.
    """
    _forgetters.append((weak_ref(owner), forget))


def _language_changed() -> None:
    alive = []
    for ref, forget in _forgetters:
        owner = ref()
        if owner is not None:
            forget(owner)
            alive.append((ref, forget))
    _forgetters[:] = alive


def locale_dir() -> Path:
    """Return the folder holding the catalogues (``bcp47_explorer/locale``; ``app/locale`` in a checkout)."""
    from pathlib import Path  # on use: a check in English never reads a catalogue (start-up)

    return Path(__file__).resolve().parents[2] / "locale"


def catalogue_path(tag: str, suffix: str = ".mo", root: Path | None = None) -> Path:
    """Return the path of *tag*'s compiled (``.mo``) or source (``.po``) catalogue.

    >>> from pathlib import Path
    >>> catalogue_path("zh-Hans", ".po", Path("locale")).as_posix()
    'locale/zh-Hans/LC_MESSAGES/bcp47_explorer.po'
    """
    return (root if root is not None else locale_dir()) / tag / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


def set_language(tag: str, root: Path | None = None) -> str:
    """Use *tag*'s catalogue from now on; return the tag whose catalogue is used (``en`` when none is shipped).

    *tag* must be one of :data:`SHIPPED` (negotiate first: ``matching.uilanguage``); anything else, or a
    catalogue that cannot be read, gives the English source text. Never raises.

    >>> set_language("tlh")
    'en'
    """
    global _translations, _language
    translations: gettext.NullTranslations | None = None
    used = SOURCE_LANGUAGE
    if tag in SHIPPED:
        import gettext

        try:
            with catalogue_path(tag, root=root).open("rb") as fp:
                translations = gettext.GNUTranslations(fp)
            used = tag
        except (OSError, ValueError, UnicodeDecodeError, KeyError, IndexError):
            pass  # a missing or damaged catalogue: the English text, not a failure
    changed = (translations, used) != (_translations, _language)
    _translations, _language = translations, used
    if changed:
        _language_changed()
    return used


def use_translations(translations: gettext.NullTranslations, tag: str) -> None:
    """Use *translations* as the catalogue of *tag* (tests: a pseudo-translation that marks every text)."""
    global _translations, _language
    _translations, _language = translations, tag
    _language_changed()


def current_language() -> str:
    """Return the tag of the catalogue in use (``en`` for the source text)."""
    return _language


def gettext_translations() -> gettext.NullTranslations:
    """Return the catalogue in use (the GUI's translator reads it)."""
    if _translations is None:
        import gettext

        return gettext.NullTranslations()
    return _translations


def _(message: str) -> str:
    """Return *message* in the UI language."""
    t = _translations
    return message if t is None else t.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Return the form of *singular*/*plural* for the count *n* in the UI language (format ``{count}`` after)."""
    t = _translations
    if t is None:
        return singular if n == 1 else plural
    return t.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """Return *message* in the UI language, told apart from the same English text by *context*."""
    t = _translations
    return message if t is None else t.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """Return the plural form for *n* of a message with a *context*."""
    t = _translations
    if t is None:
        return singular if n == 1 else plural
    return t.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark *message* for extraction and return it unchanged (translate it where it is shown, with ``_()``)."""
    return message
