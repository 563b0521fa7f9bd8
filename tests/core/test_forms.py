"""The one list of forms: every form computes from a check result, says why when it has no value, and the
CLI's explain prints every form from the list."""

from __future__ import annotations

import pytest
from bcp47_explorer.cli import main
from bcp47_explorer.core.build.forms import FORMS, FORMS_BY_KEY, compute_forms
from bcp47_explorer.core.data import bundled_engine


def test_forms_have_distinct_keys_shortcuts_and_labels() -> None:
    assert [f.key for f in FORMS] == ["canonical", "extlang", "unicode", "maximized", "minimized", "legacy"]
    for attr in ("key", "label", "short_label", "title", "menu_text", "shortcut"):
        assert len({getattr(f, attr) for f in FORMS}) == len(FORMS), attr
    # The Unicode forms are labelled as CLDR's, never as "the" canonical form.
    assert "CLDR" in FORMS_BY_KEY["unicode"].label and "not the BCP 47 canonical" in FORMS_BY_KEY["unicode"].title


def test_each_form_of_a_tag() -> None:
    engine = bundled_engine()
    forms = compute_forms(engine, engine.check("cmn-Hans-CN-u-ca-islamicc"))
    assert forms["canonical"].value == "cmn-Hans-CN-u-ca-islamicc"
    assert forms["extlang"].value == "zh-cmn-Hans-CN-u-ca-islamicc"
    # The CLDR alias cmn -> zh, and the deprecated calendar islamicc -> its preferred islamic-civil.
    assert forms["unicode"].value == "zh-Hans-CN-u-ca-islamic-civil"
    assert forms["legacy"].value is not None and "@calendar=" in forms["legacy"].value
    plain = compute_forms(engine, engine.check("de-DE"))
    assert plain["legacy"].value == "de_DE"  # the legacy locale of a tag without -u-
    bad = compute_forms(engine, engine.check("en--US"))
    assert all(v.value is None for v in bad.values()) and "not well-formed" in bad["legacy"].note


def test_explain_prints_every_form_from_the_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "de-DE-u-co-phonebk"]) == 0
    out = capsys.readouterr().out
    assert "Canonical form (RFC 5646 §4.5): de-DE-u-co-phonebk" in out
    assert "Legacy LDML locale (UTS #35): de_DE@collation=phonebook" in out
    assert "Extlang form" not in out  # the same as the canonical form, so not repeated
