"""Pins the -u- builder: picking a key and a type writes the tag, types filter as you type, value-class
keys validate their input, the legacy @key=type form is shown and accepted, and the builder follows the
shared tag that the editor changes."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine.tag import TagEngine
from bcp47_explorer.ui.builder import BuilderPane, filter_rows, type_rows
from bcp47_explorer.ui.state import TagState
from PySide6.QtCore import Qt


@pytest.fixture(scope="module")
def engine() -> TagEngine:
    return bundled_engine()


@pytest.fixture
def state() -> TagState:
    return TagState("de-DE")


@pytest.fixture
def builder(qtbot, state, engine) -> BuilderPane:  # type: ignore[no-untyped-def]
    w = BuilderPane(state, engine, engine.cldr)
    qtbot.addWidget(w)
    w.resize(1100, 600)
    return w


def type_names(builder: BuilderPane) -> list[str]:
    return [r.name for r in builder.types_model.rows()]


def test_pick_key_and_type_writes_the_tag(qtbot, state, builder) -> None:  # type: ignore[no-untyped-def]
    assert builder.choose_key("co")
    assert "phonebk" in type_names(builder)
    assert builder.choose_type("phonebk")
    assert builder.value_edit.text() == "phonebk"
    assert builder.preview.text() == "de-DE-u-co-phonebk"
    assert state.tag() == "de-DE"  # a preview only, until the user sets it
    qtbot.mouseClick(builder.set_button, Qt.MouseButton.LeftButton)
    assert state.tag() == "de-DE-u-co-phonebk"
    assert builder.keywords() == [("co", ["phonebk"])]


def test_keywords_are_written_in_canonical_order(qtbot, state, builder) -> None:  # type: ignore[no-untyped-def]
    state.set_tag("en-US-u-nu-latn")
    builder.choose_key("ca")
    builder.value_edit.setText("gregory")
    assert builder.preview.text() == "en-US-u-ca-gregory-nu-latn"
    builder.value_edit.setText("islamic-civil")
    assert builder.set_keyword_from_input()
    assert state.tag() == "en-US-u-ca-islamic-civil-nu-latn"
    # Setting the key again replaces its value.
    builder.value_edit.setText("buddhist")
    builder.set_keyword_from_input()
    assert state.tag() == "en-US-u-ca-buddhist-nu-latn"


def test_types_filter_as_you_type(qtbot, builder) -> None:  # type: ignore[no-untyped-def]
    builder.choose_key("tz")
    total = builder.types_model.rowCount()
    assert total > 400
    qtbot.keyClicks(builder.filter_edit, "berlin")
    assert type_names(builder) == ["deber"]
    assert builder.count_label.text() == f"1 of {total} values"
    builder.choose_key("cu")
    assert builder.filter_edit.text() == ""
    qtbot.keyClicks(builder.filter_edit, "eur")
    assert type_names(builder)[0] == "eur"  # the exact code comes first
    qtbot.keyClick(builder.filter_edit, Qt.Key.Key_Return)
    assert builder.keywords() == [("cu", ["eur"])]


def test_deprecated_types_show_their_replacement(builder) -> None:  # type: ignore[no-untyped-def]
    builder.choose_key("ca")
    rows = builder.types_model.rows()
    row = next(i for i, r in enumerate(rows) if r.name == "islamicc")
    cell = builder.types_model.data(builder.types_model.index(row, 1))
    assert "deprecated → use islamic-civil" in cell
    assert rows[-1].deprecated  # deprecated ones are listed last
    builder.value_edit.setText("islamicc")
    assert builder.value_status.text().startswith("⚠") and "islamic-civil" in builder.value_status.text()


def test_value_class_input_is_validated(qtbot, state, builder) -> None:  # type: ignore[no-untyped-def]
    builder.choose_key("vt")
    assert builder.types_model.rowCount() == 0
    assert "type one" in builder.count_label.text()
    qtbot.keyClicks(builder.value_edit, "zzzz")
    assert not builder.set_button.isEnabled()
    assert builder.value_status.text().startswith("✘") and "code point" in builder.value_status.text()
    assert not builder.set_keyword_from_input()
    assert state.tag() == "de-DE"
    builder.value_edit.setText("0020")
    assert builder.set_button.isEnabled()
    builder.choose_key("rg")
    builder.value_edit.setText("gbsct")
    assert builder.set_keyword_from_input()
    assert state.tag() == "de-DE-u-rg-gbsct"
    builder.choose_key("kr")
    builder.value_edit.setText("latn-digit")
    assert builder.set_button.isEnabled()
    builder.value_edit.setText("latn-qqqq")
    assert not builder.set_button.isEnabled()


def test_key_that_means_true_alone(builder, state) -> None:  # type: ignore[no-untyped-def]
    builder.choose_key("kn")
    builder.value_edit.setText("")
    assert builder.set_keyword_from_input()
    assert state.tag() == "de-DE-u-kn"


def test_builder_follows_the_editor_and_removes_keywords(qtbot, state, builder) -> None:  # type: ignore[no-untyped-def]
    state.set_tag("en-u-attr-ca-gregory-co-phonebk")
    texts = [builder.keywords_list.item(i).text() for i in range(builder.keywords_list.count())]
    assert texts[0].startswith("attr") and texts[1].startswith("ca-gregory") and texts[2].startswith("co-phonebk")
    builder.keywords_list.setCurrentRow(1)
    qtbot.mouseClick(builder.remove_button, Qt.MouseButton.LeftButton)
    assert state.tag() == "en-u-attr-co-phonebk"
    builder.keywords_list.setCurrentRow(0)
    builder.remove_selected()
    assert state.tag() == "en-u-co-phonebk"
    builder.attribute_edit.setText("x")
    assert not builder.add_attribute_from_input()
    assert "3 to 8" in builder.attribute_status.text()


def test_legacy_form_is_shown_and_accepted(qtbot, state, builder) -> None:  # type: ignore[no-untyped-def]
    state.set_tag("de-DE-u-co-phonebk")
    assert builder.legacy_edit.text() == "de_DE@collation=phonebook"
    builder.legacy_edit.setText("de_DE@collation=phonebook;currency=DDM")
    qtbot.keyClick(builder.legacy_edit, Qt.Key.Key_Return)
    assert state.tag() == "de-DE-u-co-phonebk-cu-ddm"
    assert builder.legacy_status.text().startswith("✔")
    builder.legacy_edit.setText("de_DE@collation=telephone")
    assert not builder.apply_legacy_input()
    assert state.tag() == "de-DE-u-co-phonebk-cu-ddm"
    assert "telephone" in builder.legacy_status.text()


def test_preview_carries_the_engines_messages(builder, state) -> None:  # type: ignore[no-untyped-def]
    state.set_tag("iw-u-ca-gregory")
    messages = [builder.messages.item(i).text() for i in range(builder.messages.count())]
    assert any("'iw'" in m for m in messages)
    state.set_tag("fr-FR")
    assert builder.messages.item(0).text().startswith("✔")


def test_filter_ranks_codes_before_descriptions(engine) -> None:  # type: ignore[no-untyped-def]
    rows = type_rows(engine.cldr.u_key("cu"))
    assert filter_rows(rows, "")[:1] == rows[:1]
    assert filter_rows(rows, "usd")[0].name == "usd"
    assert filter_rows(rows, "no such currency") == []


def test_a_legacy_type_alias_is_named_with_its_canonical_type(qtbot, state, builder) -> None:  # type: ignore[no-untyped-def]
    """CLDR's alias table (UTS #35 §3.6.4): ethiopic-amete-alem is a legacy spelling of ethioaa, not ethiopic."""
    builder.choose_key("ca")
    qtbot.keyClicks(builder.value_edit, "ethiopic-amete-alem")
    status = builder.value_status.text()
    preview = [builder.messages.item(i).text() for i in range(builder.messages.count())]
    assert "ethioaa" in status or any("ethioaa" in m for m in preview), (status, preview)
    assert not any("en-u-ca-ethiopic " in m or "use ethiopic" in m for m in preview)
