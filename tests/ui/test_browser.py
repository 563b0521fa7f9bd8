"""Pins the registry browser: rows after a search, filter counts, sorting, details, links and "use in tag"."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from bcp47_explorer.ui.browser import BrowserPane
from bcp47_explorer.ui.registry_model import COLUMNS
from PySide6.QtCore import Qt


@pytest.fixture
def pane(qtbot, registry) -> BrowserPane:
    widget = BrowserPane(registry)
    qtbot.addWidget(widget)
    widget.resize(1000, 600)
    widget.show()
    return widget


def codes(pane: BrowserPane) -> list[str]:
    model = pane.table.model()
    return [model.index(r, 1).data() for r in range(model.rowCount())]


def type_and_code(pane: BrowserPane) -> list[tuple[str, str]]:
    model = pane.table.model()
    return [(model.index(r, 0).data(), model.index(r, 1).data()) for r in range(model.rowCount())]


def test_lists_every_record_with_file_date_and_count(pane, registry) -> None:
    assert pane.table.model().rowCount() == len(registry) == 9296
    assert registry.file_date in pane.count_label.text()
    assert "9,296" in pane.count_label.text()
    assert "language (8,276)" in [pane.type_combo.itemText(i) for i in range(pane.type_combo.count())]


def test_typing_searches_after_a_debounce(qtbot, pane) -> None:
    qtbot.keyClicks(pane.search_edit, "provencal")
    assert pane.table.model().rowCount() == 9296  # not yet: the timer is still running
    qtbot.waitUntil(lambda: pane.table.model().rowCount() < 10, timeout=2000)
    assert codes(pane)[0] == "provenc"
    assert "Showing" in pane.count_label.text() and "of 9,296" in pane.count_label.text()


def test_norweg_finds_both_norwegians_first(qtbot, pane) -> None:
    pane.search_edit.setText("norweg")
    pane.refresh()
    assert codes(pane)[:3] == ["nb", "nn", "no"]
    assert "no-bok" in codes(pane)


def test_exact_code_ranks_first(pane) -> None:
    pane.search_edit.setText("mt")
    pane.refresh()
    assert type_and_code(pane)[:2] == [("language", "mt"), ("region", "MT")]


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        ({"type": "script"}, 225),
        ({"type": "variant"}, 139),
        ({"type": "grandfathered"}, 26),
        ({"scope": "macrolanguage"}, None),
        ({"type": "region", "deprecated": "yes"}, None),
    ],
)
def test_filters_count_rows(pane, registry, filters, expected) -> None:
    pane.set_filters(filters)
    rows = pane.visible_records()
    if expected is not None:
        assert len(rows) == expected
    else:
        assert rows  # the filter keeps something, and only what it should
    for rec in rows:
        if "type" in filters:
            assert rec.type == filters["type"]
        if "scope" in filters:
            assert rec.scope == filters["scope"]
        if filters.get("deprecated") == "yes":
            assert rec.is_deprecated
    region_deprecated = sum(1 for r in registry.records if r.type == "region" and r.is_deprecated)
    if filters == {"type": "region", "deprecated": "yes"}:
        assert len(rows) == region_deprecated


def test_filters_combine_with_search(pane) -> None:
    pane.set_filters({"query": "latin", "type": "script"})
    assert codes(pane)[0] == "Latn"
    assert all(r.type == "script" for r in pane.visible_records())
    pane.deprecated_combo.setCurrentIndex(pane.deprecated_combo.findData("no"))
    assert all(not r.is_deprecated for r in pane.visible_records())


def test_scope_none_keeps_records_without_scope(pane) -> None:
    pane.set_filters({"type": "language", "scope": "none"})
    assert pane.visible_records()
    assert all(r.scope is None for r in pane.visible_records())


def test_header_click_sorts_by_column_in_python(qtbot, pane) -> None:
    pane.set_filters({"type": "script"})
    header = pane.table.horizontalHeader()
    col = [c.header for c in COLUMNS].index("Description")
    pane.table.sortByColumn(col, Qt.SortOrder.AscendingOrder)
    descriptions = [r.description.casefold() for r in pane.visible_records()]
    assert descriptions == sorted(descriptions)
    pane.table.sortByColumn(1, Qt.SortOrder.DescendingOrder)
    got = [r.code.lower() for r in pane.visible_records()]
    assert got == sorted(got, reverse=True)
    assert header.sortIndicatorSection() == 1
    # a new search keeps the chosen order
    pane.set_filters({"type": "script", "query": "han"})
    got = [r.code.lower() for r in pane.visible_records()]
    assert got == sorted(got, reverse=True)


def test_details_show_every_field_including_unknown(pane, registry) -> None:
    pane.show_record("variant", "biske")
    text = pane.details.toPlainText()
    for name, value in registry.get("variant", "biske").fields:
        assert name in text and value in text
    assert "sl-rozaj" in text


def test_unknown_fields_are_shown_and_marked(qtbot) -> None:
    from bcp47_explorer.core.registry.model import Registry

    text = (
        "File-Date: 2026-01-01\n%%\nType: language\nSubtag: zz\nDescription: Test\nAdded: 2020-01-01\n"
        "Frobnication: very high\n"
    )
    pane = BrowserPane(Registry.from_text(text))
    qtbot.addWidget(pane)
    pane.show_record("language", "zz")
    shown = pane.details.toPlainText()
    assert "Frobnication" in shown and "very high" in shown and "not defined by RFC 5646" in shown


def test_prefix_link_asks_to_open_that_tag(qtbot, pane) -> None:
    pane.show_record("variant", "biske")
    assert 'href="tag:sl-rozaj"' in pane.details.toHtml()
    with qtbot.waitSignal(pane.open_tag_requested, timeout=1000) as blocker:
        pane.follow_link("tag:sl-rozaj")
    assert blocker.args == ["sl-rozaj"]


def test_clicking_a_link_in_the_details_follows_it(qtbot, pane) -> None:
    pane.show_record("variant", "biske")
    doc = pane.details.document()
    # Find the anchor's position and click it with the mouse, as a user would.
    block = doc.begin()
    pos = None
    while block.isValid() and pos is None:
        it = block.begin()
        while not it.atEnd():
            frag = it.fragment()
            if frag.charFormat().anchorHref() == "tag:sl-rozaj":
                pos = frag.position()
                break
            it += 1
        block = block.next()
    assert pos is not None
    from PySide6.QtGui import QTextCursor

    cursor = QTextCursor(doc)
    cursor.setPosition(pos + 1)
    rect = pane.details.cursorRect(cursor)
    with qtbot.waitSignal(pane.open_tag_requested, timeout=1000) as blocker:
        qtbot.mouseClick(pane.details.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert blocker.args == ["sl-rozaj"]


@pytest.mark.parametrize(
    ("type_", "code", "heading", "member"),
    [
        ("language", "sl", "Variants usable with this language", "rozaj"),
        ("script", "Latn", "Languages whose Suppress-Script is this script", "record:language:is"),
        ("language", "zh", "Members of this macrolanguage", "record:language:cmn"),
        ("language", "zh", "Extlangs with this prefix", "record:extlang:yue"),
        ("language", "tlh", "Records replaced by this one", "record:grandfathered:i-klingon"),
        ("region", "MM", "Records replaced by this one", "record:region:BU"),
    ],
)
def test_relations_are_listed_as_links(pane, type_, code, heading, member) -> None:
    assert pane.show_record(type_, code)
    assert heading in pane.details.toPlainText()
    assert member in pane.details.toHtml()


def test_relation_link_shows_that_record(pane) -> None:
    pane.set_filters({"type": "script"})
    pane.show_record("language", "is")  # not listed: the pane searches for it
    assert pane.current_record().code == "is"
    assert "record:script:Latn" in pane.details.toHtml()  # Suppress-Script is a link
    pane.follow_link("record:script:Latn")
    rec = pane.current_record()
    assert (rec.type, rec.code) == ("script", "Latn")
    row = pane.table.currentIndex().row()
    assert pane.model.record(row) is rec


def test_use_in_tag_emits_type_and_code(qtbot, pane) -> None:
    pane.show_record("script", "Cyrl")
    with qtbot.waitSignal(pane.use_in_tag_requested, timeout=1000) as blocker:
        qtbot.mouseClick(pane.use_button, Qt.MouseButton.LeftButton)
    assert blocker.args == ["script", "Cyrl"]


def test_range_record_lets_you_pick_a_code(qtbot, pane) -> None:
    pane.show_record("language", "qab")  # inside qaa..qtz
    rec = pane.current_record()
    assert rec.code == "qaa..qtz"
    assert pane.range_combo.isVisible()
    assert pane.range_combo.count() == 520
    assert pane.range_combo.currentText() == "qab"
    assert "qaa" in pane.range_label.text() and "qtz" in pane.range_label.text()
    pane.range_combo.setCurrentIndex(pane.range_combo.findText("qtz"))
    with qtbot.waitSignal(pane.use_in_tag_requested, timeout=1000) as blocker:
        pane.use_button.click()
    assert blocker.args == ["language", "qtz"]
    pane.show_record("script", "Latn")
    assert not pane.range_combo.isVisible()


def test_down_key_moves_from_search_into_results(qtbot, pane) -> None:
    pane.focus_search()
    qtbot.keyClicks(pane.search_edit, "cyril")
    qtbot.keyClick(pane.search_edit, Qt.Key.Key_Down)
    assert pane.table.model().rowCount() < 20  # searched at once, without waiting for the timer
    assert pane.current_record().code == "Cyrl"


def test_controls_have_accessible_names_and_tooltips(pane) -> None:
    for w in (pane.search_edit, pane.type_combo, pane.scope_combo, pane.deprecated_combo, pane.use_button):
        assert w.accessibleName()
        assert w.toolTip()


def test_filters_round_trip(pane) -> None:
    wanted = {"query": "german", "type": "variant", "scope": "", "deprecated": "no", "since": "2010-03-11"}
    pane.set_filters(wanted)
    assert pane.filters() == wanted
    pane.set_filters({"type": "no-such-type"})  # unknown values fall back to "all"
    assert pane.filters()["type"] == ""


@pytest.mark.parametrize(
    "filters",
    [{}, {"type": "region"}, {"scope": "none"}, {"deprecated": "yes"}, {"type": "language", "scope": "collection"}],
)
def test_empty_query_lists_what_registry_search_lists(pane, registry, filters) -> None:
    # The empty box takes a fast path; it must agree with the registry's own answer.
    pane.set_filters(filters)
    deprecated = {"": None, "no": False, "yes": True}[filters.get("deprecated", "")]
    expected = registry.search(
        "",
        types=(filters["type"],) if "type" in filters else None,
        scope=filters.get("scope"),
        deprecated=deprecated,
    )
    assert pane.visible_records() == [h.record for h in expected]


def test_details_go_below_the_table_in_a_narrow_window(qtbot, pane) -> None:
    pane.resize(520, 500)
    qtbot.waitUntil(lambda: pane.splitter.orientation() == Qt.Orientation.Vertical, timeout=1000)
    pane.resize(1300, 700)
    qtbot.waitUntil(lambda: pane.splitter.orientation() == Qt.Orientation.Horizontal, timeout=1000)
