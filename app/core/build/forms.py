"""The forms of a tag the app shows and copies: one list, used by the editor, the main window and the CLI.

Each :class:`Form` has a key, its labels, a keyboard shortcut, a help text and the function that
computes it. Adding a form is one entry in :data:`FORMS`. Two standards are never mixed: the
canonical and extlang forms are RFC 5646's; the Unicode locale identifier (UTS #35) and the
legacy LDML keywords are labelled as CLDR's.

>>> from bcp47_explorer.core.data import bundled_engine
>>> engine = bundled_engine()
>>> [(k, v.value) for k, v in compute_forms(engine, engine.check("zh-yue-u-co-phonebk")).items()]
[('canonical', 'yue-u-co-phonebk'), ('extlang', 'zh-yue-u-co-phonebk'), ('unicode', 'yue-u-co-phonebk'), \
('maximized', 'yue-Hant-HK-u-co-phonebk'), ('minimized', 'yue-u-co-phonebk'), ('legacy', 'yue@collation=phonebook')]
>>> compute_forms(engine, engine.check("en--US"))["canonical"].note
'The tag is not well-formed, so it has no canonical form.'
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ..cldr.ldml import bcp47_to_legacy
from ..engine.unicode_locale import unicode_canonical
from ..text.catalogue import N_, _, forget_on_language_change

if TYPE_CHECKING:
    from ..engine.results import CheckResult
    from ..engine.tag import TagEngine
    from .localeinfo import LikelyInfo

__all__ = ["FORMS", "FORMS_BY_KEY", "Form", "FormValue", "compute_forms"]


@dataclass(frozen=True, slots=True)
class FormValue:
    """One form of a tag: its text (None when there is none), the steps that made it, or why there is none."""

    name: str
    value: str | None
    steps: tuple[str, ...] = ()
    note: str = ""


def _from_notes(name: str, value: str | None, notes: tuple[str, ...]) -> FormValue:
    """Make a FormValue from a conversion's answer; without a value the notes say why."""
    if value:
        return FormValue(name, value, notes)
    return FormValue(name, None, note="; ".join(notes) or _("no such form for this tag"))


def _canonical(engine: TagEngine, r: CheckResult) -> FormValue:
    return FormValue("canonical", r.canonical, tuple(str(s) for s in r.canonical_steps))


def _extlang(engine: TagEngine, r: CheckResult) -> FormValue:
    return FormValue("extlang", r.extlang_form, tuple(str(s) for s in r.extlang_steps))


def _unicode(engine: TagEngine, r: CheckResult) -> FormValue:
    got = unicode_canonical(engine, r.input)
    if got.tag is None:
        return FormValue("unicode", None, note=got.refusal)
    return FormValue("unicode", got.tag, tuple(str(s) for s in got.steps))


@lru_cache(maxsize=1)
def _likely(engine: TagEngine, text: str) -> LikelyInfo:
    """Return the likely-subtags view of *text*, worked out once for both forms that show it."""
    from .localeinfo import likely_info

    return likely_info(engine, text)


forget_on_language_change(sys.modules[__name__], lambda _module: _likely.cache_clear())  # its explanation is worded


def _maximized(engine: TagEngine, r: CheckResult) -> FormValue:
    info = _likely(engine, r.input)
    if info.max is None:
        return FormValue("maximized", None, note=info.explanation)
    return FormValue("maximized", info.max, (info.explanation,))


def _minimized(engine: TagEngine, r: CheckResult) -> FormValue:
    info = _likely(engine, r.input)
    if info.min_region is None:
        return FormValue("minimized", None, note=info.explanation)
    steps = [_("Favouring the region (CLDR's default): {tag}.").format(tag=info.min_region)]
    if info.min != info.min_region:
        steps.append(_("Favouring the script: {tag}.").format(tag=info.min))
    return FormValue("minimized", info.min_region, tuple(steps))


def _legacy(engine: TagEngine, r: CheckResult) -> FormValue:
    assert r.canonical is not None
    if engine.cldr is None:
        return _from_notes("legacy", None, (_("CLDR data is not loaded, so there is no legacy form."),))
    conv = bcp47_to_legacy(r.canonical, engine.cldr)
    return _from_notes("legacy", conv.result, (*conv.notes, *conv.errors))


@dataclass(frozen=True, slots=True)
class Form:
    """One form: its key, how the UI and the CLI name it, its shortcut and help, and how to compute it."""

    key: str
    label: str  # in messages: "Copied the {label} form"
    short_label: str  # beside its field in the editor
    title: str  # a heading in `bcp47 explain` and the label in its JSON
    menu_text: str  # the main window's Edit menu, with its mnemonic
    shortcut: str
    help: str
    compute: Callable[[TagEngine, CheckResult], FormValue]


FORMS: tuple[Form, ...] = (
    Form(
        "canonical",
        N_("RFC 5646 canonical"),
        N_("Canonical"),
        N_("Canonical form (RFC 5646 §4.5)"),
        N_("Copy &canonical form"),
        "Ctrl+Shift+C",
        N_("The canonical form of RFC 5646 §4.5: preferred values, extensions ordered, case per §2.1.1."),
        _canonical,
    ),
    Form(
        "extlang",
        N_("Extlang form"),
        N_("Extlang form"),
        N_("Extlang form"),
        N_("Copy e&xtlang form"),
        "Ctrl+Shift+E",
        N_("The canonical form with languages that are also extlangs written after their prefix (zh-yue)."),
        _extlang,
    ),
    Form(
        "unicode",
        N_("Unicode locale ID (CLDR)"),
        N_("Unicode (CLDR)"),
        N_("Unicode locale identifier (UTS #35 canonical form, not the BCP 47 canonical form)"),
        N_("Copy &Unicode locale identifier"),
        "Ctrl+Shift+U",
        N_(
            "The Unicode (UTS #35 / CLDR) canonical form, a Unicode BCP 47 locale identifier: not the RFC 5646 "
            "canonical form. UTS #35 Annex C with CLDR 48's aliases (language, script, region, variant, -u-/-t- "
            "values, subdivisions), repeated until nothing changes; variants sorted; no extlangs; 'und' stays 'und'."
        ),
        _unicode,
    ),
    Form(
        "maximized",
        N_("maximized (likely subtags, CLDR)"),
        N_("Maximized (CLDR)"),
        N_("Maximized: likely subtags added (UTS #35 §4.3)"),
        N_("Copy m&aximized form"),
        "Ctrl+Shift+M",
        N_(
            "The tag with the script and region CLDR's likely subtags give it (UTS #35 §4.3 Add Likely Subtags), "
            "from its Unicode form: zh-TW → zh-Hant-TW."
        ),
        _maximized,
    ),
    Form(
        "minimized",
        N_("minimized (likely subtags removed, CLDR)"),
        N_("Minimized (CLDR)"),
        N_("Minimized: likely subtags removed (UTS #35 §4.3, favouring the region)"),
        N_("Copy m&inimized form"),
        "Ctrl+Shift+N",
        N_(
            "The shortest tag that maximizes to the same language, script and region (UTS #35 §4.3 Remove "
            "Likely Subtags, favouring the region as CLDR does by default): zh-Hant-TW → zh-TW."
        ),
        _minimized,
    ),
    Form(
        "legacy",
        N_("Legacy LDML keywords"),
        N_("Legacy LDML"),
        N_("Legacy LDML locale (UTS #35)"),
        N_("Copy &legacy LDML keywords"),
        "Ctrl+Shift+L",
        N_(
            "The legacy LDML locale (UTS #35): '_' separators and the -u- keywords as @key=value with CLDR's "
            "long names (de_DE@collation=phonebook)."
        ),
        _legacy,
    ),
)
FORMS_BY_KEY = {f.key: f for f in FORMS}


def compute_forms(engine: TagEngine, result: CheckResult) -> dict[str, FormValue]:
    """Return every form of *result*'s tag by key; a form that cannot be made says why in its note."""
    if not result.well_formed or result.canonical is None:
        why = _("The tag is not well-formed, so it has no canonical form.") if result.input else ""
        return {f.key: FormValue(f.key, None, note=why) for f in FORMS}
    return {f.key: f.compute(engine, result) for f in FORMS}
