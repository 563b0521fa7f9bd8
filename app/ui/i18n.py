"""The GUI's translation: Qt's ``tr()`` reads the core's gettext catalogue; the UI language is negotiated.

One catalogue serves the core, the CLI and the GUI (``core/text/catalogue.py``): :class:`CatalogueTranslator`
answers Qt's ``translate(context, source, disambiguation, n)`` from it, so every ``self.tr("...")`` and
``QCoreApplication.translate("Context", "...")`` in ``app/ui`` is translated. The disambiguation is the
entry's ``msgctxt``; Qt's class context is ignored (the same English text is translated once). Plurals in Qt
code use the core's ``ngettext``.

:func:`install_translations` sets the catalogue, installs the translator and Qt's own ``qtbase_<lang>.qm``
(standard buttons, file dialogs) and the layout direction: right to left for Arabic. Tags, spans, ranges
and the anatomy diagram stay left to right (:func:`keep_left_to_right` on their widgets, :func:`ltr` in
running text); the widgets it is applied to are listed in :data:`LTR_WIDGETS` (a test checks them).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QCoreApplication, QDate, QLibraryInfo, QLocale, QObject, Qt, QTranslator
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QWidget

from ..core.matching.uilanguage import UiLanguage, env_preferences, negotiate, supported_languages
from ..core.text.catalogue import (
    SOURCE_LANGUAGE,
    current_language,
    forget_on_language_change,
    gettext_translations,
    set_language,
)

if TYPE_CHECKING:
    from ..core.matching.bestfit import Matcher

__all__ = [
    "LANGUAGE_SETTING",
    "LTR_WIDGETS",
    "RTL_LANGUAGES",
    "CatalogueTranslator",
    "install_translations",
    "keep_left_to_right",
    "ltr",
    "ltr_if_rtl",
    "shown_date",
    "with_isolated_quotes",
    "without_mnemonic",
    "negotiate_ui_language",
    "qt_catalogue_name",
    "ui_preferences",
]

#: The settings key of the UI language chosen in the dialog ("" follows the system).
LANGUAGE_SETTING = "ui/language"
#: The shipped UI languages written right to left.
RTL_LANGUAGES = frozenset({"ar"})
#: The widgets that stay left to right in a right-to-left window (keep_left_to_right on each; a test checks
#: them): the tag editor's line, and the anatomy diagram's view.
LTR_WIDGETS = ("tag_edit.TagLineEdit", "anatomy_pane.AnatomyPane.view")

_installed: list[QTranslator] = []
#: The catalogue's translator made for the source language, not installed: Qt would ask it in vain for every
#: text (a call into Python for each class a ``tr()`` tries); installed once a catalogue is used (use_translations).
_waiting: list[CatalogueTranslator] = []
#: What translate() answers for "no translation here": None, which PySide passes to Qt as a null QString.
_NO_TRANSLATION = cast(str, None)


class CatalogueTranslator(QTranslator):
    """A QTranslator over the gettext catalogue in use (``core.text.catalogue``).

    *transform* (tests) maps every answer, e.g. to a marked pseudo-translation.
    """

    def __init__(self, parent: QObject | None = None, transform: Callable[[str], str] | None = None) -> None:
        super().__init__(parent)
        self._transform = transform

    def isEmpty(self) -> bool:
        return False

    def translate(self, context: str, source: str, disambiguation: str | None = None, n: int = -1) -> str:
        if not source:
            return ""
        t = gettext_translations()
        if n >= 0:
            text = t.npgettext(disambiguation, source, source, n) if disambiguation else t.ngettext(source, source, n)
        else:
            text = t.pgettext(disambiguation, source) if disambiguation else t.gettext(source)
        if self._transform is not None:
            return self._transform(text)
        # None (a null QString) tells Qt there is no translation here: it asks the next translator (qtbase's own),
        # then shows the source. An empty string would be taken as a translation.
        return text if text != source else _NO_TRANSLATION


def _install_waiting(app: QCoreApplication, translator: CatalogueTranslator) -> None:
    """Install *translator*, made for the source language, once the catalogue in use translates (see _waiting)."""
    import gettext

    if translator in _waiting and type(gettext_translations()) is not gettext.NullTranslations:
        _waiting.remove(translator)
        app.installTranslator(translator)
        _installed.append(translator)


def ltr(text: str) -> str:
    """Return *text* isolated as left to right (U+2066 … U+2069) for a tag, span or range inside a sentence.

    >>> ltr("0–2") == "\\u20660–2\\u2069"
    True
    """
    return f"\u2066{text}\u2069"


_MNEMONIC_SUFFIX = re.compile(r"\s?[(（]&[^&\s][)）]")  # Japanese and Chinese menus: "ビルド(&D)", "文件(&F)"


def without_mnemonic(text: str) -> str:
    """Return a menu, tab or button text as plain text: its '&' mnemonic removed, "&&" read as "&".

    Japanese and Chinese catalogues give a mnemonic as "(&D)" after the word, which must go whole: a tooltip
    or a list of shortcuts showing "ビルド(D)" speaks of a letter that is not in the text.

    >>> without_mnemonic("Buil&d"), without_mnemonic("ビルド(&D)"), without_mnemonic("R&&D &tools (&T)")
    ('Build', 'ビルド', 'R&D tools')
    """
    text = _MNEMONIC_SUFFIX.sub("", text)
    return re.sub(r"&(.)", r"\1", text)


def ltr_if_rtl(text: str) -> str:
    """Return *text* isolated left to right when the application is laid out right to left, else as it is.

    For text that tests and screen readers read as plain English in a left-to-right UI (a span "0–2" in a
    table cell), while an Arabic window must not show it as "2–0".
    """
    return ltr(text) if QGuiApplication.layoutDirection() == Qt.LayoutDirection.RightToLeft else text


#: A quoted tag, subtag, code or span in a message: 'UK', “en-UK”, ‘0–2’ (no space inside; a word's apostrophe,
#: as in "the tag's", is not a quote: the quote may not follow or precede a letter).
_QUOTED = re.compile(r"(?<!\w)('[^'\s]+'|‘[^’\s]+’|“[^”\s]+”)(?!\w)")


def with_isolated_quotes(text: str) -> str:
    """Return a diagnostic or note for the UI with each quoted tag or span isolated left to right, in a right-to-left
    UI; as it is otherwise.

    In an Arabic window the bidi algorithm otherwise reorders a quoted tag's pieces ("'en-UK'" read as "UK-en'") and
    moves its quotes. Only the display changes: the core's text, the CLI and JSON keep the message as it is.
    """
    if QGuiApplication.layoutDirection() != Qt.LayoutDirection.RightToLeft:
        return text
    return _QUOTED.sub(lambda m: ltr(m.group(1)), text)


def shown_date(iso: str) -> str:
    """Return an ISO date of the data (a registry's File-Date, a record's Added) in the UI language's short format.

    English keeps the registry's own ISO form (2026-09-17): Qt's English short format is the US one (9/17/26).
    A text that is not an ISO date is returned as it is.
    """
    date = QDate.fromString(iso, Qt.DateFormat.ISODate)
    lang = current_language()
    if not date.isValid() or lang == "en":
        return iso
    return QLocale(lang).toString(date, QLocale.FormatType.ShortFormat)


def keep_left_to_right(widget: QWidget) -> None:
    """Lay *widget* out left to right whatever the application's direction (tags, spans, the diagram)."""
    widget.setLayoutDirection(Qt.LayoutDirection.LeftToRight)


def qt_catalogue_name(tag: str) -> str:
    """Return the suffix of Qt's own catalogue for a UI language (``qtbase_<suffix>.qm``).

    >>> qt_catalogue_name("zh-Hans"), qt_catalogue_name("de")
    ('zh_CN', 'de')
    """
    return {"zh-Hans": "zh_CN", "zh-Hant": "zh_TW"}.get(tag, tag.replace("-", "_"))


def ui_preferences(cli: str | None, setting: str, environ: Mapping[str, str], system: Iterable[str]) -> list[str]:
    """Return the preferred UI languages, best first: the command line, the setting, LANGUAGE/LC_*, Qt's list.

    >>> ui_preferences(None, "", {"LANGUAGE": "gsw"}, ["fr-FR", "en-US"])
    ['gsw', 'fr-FR', 'en-US']
    >>> ui_preferences("ja", "de", {}, ["fr"])
    ['ja', 'de', 'fr']
    """
    out: list[str] = []
    for tag in [cli or "", setting, *env_preferences(environ), *system]:
        tag = tag.strip()
        if tag and tag not in out:
            out.append(tag)
    return out


def negotiate_ui_language(
    matcher: Matcher, cli: str | None = None, setting: str = "", environ: Mapping[str, str] | None = None,
    system: Sequence[str] | None = None,
) -> UiLanguage:  # fmt: skip
    """Return the UI language for these preferences (the system's from Qt and the environment by default)."""
    env = os.environ if environ is None else environ
    sys_langs = list(QLocale.system().uiLanguages()) if system is None else list(system)
    return negotiate(ui_preferences(cli, setting, env, sys_langs), matcher)


def quick_ui_language(
    cli: str | None = None, setting: str = "", environ: Mapping[str, str] | None = None,
    system: Sequence[str] | None = None,
) -> UiLanguage | None:  # fmt: skip
    """Return the UI language when no CLDR matching is needed, else None (then negotiate_ui_language decides).

    No matching is needed when nothing is preferred, when the first preference is a shipped catalogue's tag
    named exactly, or when it is English (``en``, ``en-US``…: the source language), as the CLI's
    ``choose_language`` does; start-up then reads no CLDR data.

    >>> quick_ui_language("ja", system=[]).tag, quick_ui_language(None, "", {}, ["en-GB", "de"]).tag
    ('ja', 'en')
    >>> quick_ui_language("de-AT", system=[]) is None, quick_ui_language(None, "", {}, ["C"]).tag
    (True, 'en')
    """
    env = os.environ if environ is None else environ
    sys_langs = list(QLocale.system().uiLanguages()) if system is None else list(system)
    prefs = ui_preferences(cli, setting, env, sys_langs)
    # Qt's "C" and other names no tag could be are skipped, as negotiate() skips what is not well-formed.
    shaped = [p for p in prefs if re.fullmatch(r"[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*", p, flags=re.ASCII)]
    if not shaped:
        return UiLanguage("en", None, None, "no preferred language is set; the source language is used", ())
    first = shaped[0]
    if first in supported_languages():
        return UiLanguage(first, first, 0, f"{first} is preferred first and ships", tuple(prefs))
    if re.fullmatch(r"en(-[A-Za-z0-9]{2,8})*", first, flags=re.ASCII | re.IGNORECASE):
        return UiLanguage("en", first, None, f"{first} is preferred first: the source language", tuple(prefs))
    return None


def install_translations(app: QCoreApplication, tag: str, transform: Callable[[str], str] | None = None) -> str:
    """Use *tag*'s catalogue in the core and Qt, Qt's own translations and its layout direction; return the tag used."""
    used = set_language(tag)
    for old in _installed:
        app.removeTranslator(old)
    _installed.clear()
    _waiting.clear()
    ours = CatalogueTranslator(app, transform)
    if used != SOURCE_LANGUAGE:
        qt_own = QTranslator(app)
        path = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        if qt_own.load(f"qtbase_{qt_catalogue_name(used)}", path):
            app.installTranslator(qt_own)
            _installed.append(qt_own)
    if used != SOURCE_LANGUAGE or transform is not None:
        app.installTranslator(ours)  # installed last, so asked first
        _installed.append(ours)
    else:  # the source text, as Qt shows without a translator: it is installed when a catalogue comes
        _waiting.append(ours)
        forget_on_language_change(ours, lambda translator: _install_waiting(app, translator))
    if isinstance(app, QApplication):
        rtl = used in RTL_LANGUAGES
        app.setLayoutDirection(Qt.LayoutDirection.RightToLeft if rtl else Qt.LayoutDirection.LeftToRight)
    return used
