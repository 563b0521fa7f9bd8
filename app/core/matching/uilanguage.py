"""The UI language: the user's preferred languages matched against the shipped catalogues by CLDR's best fit.

The preferences come from the command line (``--ui-language``), the settings, the ``LANGUAGE`` variable (a
colon-separated list), ``LC_ALL``/``LC_MESSAGES``/``LANG`` (POSIX locale names such as ``de_AT.UTF-8``) or Qt's
``QLocale.uiLanguages()``; each is turned into a BCP 47 tag and, in order, matched by the engine's own best-fit
matcher (:class:`.bestfit.Matcher`) with English, the source language, as the default. So ``de-AT`` and ``gsw``
get German, ``es-MX`` Spanish, ``zh-SG`` Simplified Chinese, ``ar-EG`` Arabic, and ``zh-TW`` English (no
Traditional Chinese catalogue ships). The answer carries its reason, for the language dialog.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable, Mapping, Sequence

from ..text.catalogue import SHIPPED, SOURCE_LANGUAGE

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up: see text.static)

if TYPE_CHECKING:  # the matcher is handed in: choosing English from the environment needs no CLDR code
    from .bestfit import Matcher

__all__ = ["UiLanguage", "env_preferences", "negotiate", "posix_to_bcp47", "supported_languages"]


if TYPE_CHECKING:
    from typing import NamedTuple

    class UiLanguage(NamedTuple):
        """The negotiated UI language: the catalogue's tag, the preference it matched and why."""

        tag: str  # a shipped catalogue's tag, or "en"
        desired: str | None  # the preferred tag it matched (None when the default was taken)
        distance: int | None
        reason: str  # one line in English (the matcher's own wording, for the log and the dialog's details)
        preferences: tuple[str, ...]

else:
    # The same named tuple, made without typing: ``bcp47 check`` negotiates its messages' language from the
    # environment at every start (LANG=de_DE.UTF-8), and typing would cost it about 1.5 ms. (A named tuple, not a
    # dataclass: the GUI makes one before its window's first paint, and dataclasses is not needed then either.)
    UiLanguage = namedtuple("UiLanguage", ("tag", "desired", "distance", "reason", "preferences"))
    UiLanguage.__doc__ = "The negotiated UI language: the catalogue's tag, the preference it matched and why."


def supported_languages() -> tuple[str, ...]:
    """Return the UI languages: the source language first, then every shipped catalogue."""
    return (SOURCE_LANGUAGE, *SHIPPED)


def posix_to_bcp47(name: str) -> str | None:
    """Return the BCP 47 tag of a POSIX locale name or a tag; None for ``C``/``POSIX``/empty or malformed names.

    >>> posix_to_bcp47("de_AT.UTF-8"), posix_to_bcp47("sr_RS@latin"), posix_to_bcp47("zh-Hant-TW"), posix_to_bcp47("C")
    ('de-AT', 'sr-Latn-RS', 'zh-Hant-TW', None)
    """
    base, _, modifier = name.strip().partition("@")
    base = base.split(".", 1)[0].replace("_", "-")
    if not base or base in ("C", "POSIX"):
        return None
    if modifier.lower() == "latin":
        head, _, rest = base.partition("-")
        base = f"{head}-Latn" + (f"-{rest}" if rest else "")
    from ..grammar.parser import parse

    return base if parse(base).well_formed else None


def env_preferences(environ: Mapping[str, str]) -> list[str]:
    """Return the preferred languages gettext's rules find in *environ*, as BCP 47 tags, best first.

    ``LANGUAGE`` (a list) is read unless the locale is exactly ``C`` or ``POSIX``, as GNU gettext does (its test
    is ``strcmp (locale, "C")``: the UTF-8 ``C.UTF-8`` of containers and minimal systems does not stop it); then
    the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set.

    >>> env_preferences({"LANGUAGE": "gsw:de_CH", "LANG": "fr_FR.UTF-8"})
    ['gsw', 'de-CH', 'fr-FR']
    >>> env_preferences({"LANGUAGE": "de", "LC_ALL": "C"})
    []
    >>> env_preferences({"LANGUAGE": "de", "LANG": "C.UTF-8"})
    ['de']
    """
    locale_name = next((environ[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(k)), "")
    out: list[str] = []
    if locale_name in ("C", "POSIX"):
        return out  # C or POSIX: untranslated, whatever LANGUAGE says (POSIX specifies some programs' output)
    for item in [*environ.get("LANGUAGE", "").split(":"), locale_name]:
        tag = posix_to_bcp47(item) if item else None
        if tag and tag not in out:
            out.append(tag)
    return out


def negotiate(preferences: Iterable[str], matcher: Matcher, supported: Sequence[str] | None = None) -> UiLanguage:
    """Return the shipped UI language that best fits *preferences* (English when none is close enough).

    Malformed preferences are skipped (a hand-edited setting must not stop the app).
    """
    from ..grammar.parser import parse  # imported here: the app's start-up often needs no matching

    prefs = tuple(p for p in (s.strip() for s in preferences) if p and parse(p).well_formed)
    langs = list(supported if supported is not None else supported_languages())
    if not prefs:
        return UiLanguage(SOURCE_LANGUAGE, None, None, "no preferred language is set; the source language is used", ())
    # One preference at a time, in order: the first one with a catalogue close enough wins, as in gettext's
    # LANGUAGE list. (Given the whole list at once, the matcher's tie-break at equal demoted distance picks
    # an exact later match over an earlier near one: en-GB, de would give German.)
    first = None
    for want in prefs:
        fit = matcher.best_fit([want], langs, SOURCE_LANGUAGE)
        first = first or fit
        if fit.matched and fit.supported is not None:
            return UiLanguage(fit.supported, want, fit.distance, fit.reason, prefs)
    assert first is not None
    return UiLanguage(SOURCE_LANGUAGE, None, None, first.reason, prefs)
