"""Pins the teaching views: the anatomy scene's boxes and labels (read from the scene), its SVG rendering in
QSvgRenderer with the same text, the stop marker of an ill-formed tag, PNG export and clipboard image in light
and dark; the grammar walk-through's lit rules stepped with the mouse; Help > Primer links opening the editor;
and the diagram's role colours equal to the editor's legend."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import xml.etree.ElementTree as ET

import pytest
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine.tag import TagEngine
from bcp47_explorer.core.teaching.anatomy_draw import ROLE_COLOURS, THEMES
from bcp47_explorer.ui import anatomy_pane as ap
from bcp47_explorer.ui.anatomy_pane import AnatomyPane
from bcp47_explorer.ui.grammar_pane import GrammarPane
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.roles import ROLE_STYLES
from bcp47_explorer.ui.settings import Settings
from bcp47_explorer.ui.state import TagState
from PySide6.QtCore import QByteArray, QPoint, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QTextCursor
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsSimpleTextItem

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def engine() -> TagEngine:
    return bundled_engine()


@pytest.fixture
def anatomy_pane(qtbot, engine) -> AnatomyPane:  # type: ignore[no-untyped-def]
    state = TagState()
    pane = AnatomyPane(state, engine)
    qtbot.addWidget(pane)
    pane.resize(1100, 500)
    pane.show()
    return pane


def boxes(pane: AnatomyPane, kind: str) -> list[tuple[str, str]]:
    """Return (label, text) of the scene's boxes of *kind* ("subtag" or "group"), left to right."""
    items = [i for i in pane.scene.items() if isinstance(i, QGraphicsPathItem) and i.data(ap.KIND) == kind]
    items.sort(key=lambda i: (i.boundingRect().x(), -i.boundingRect().width()))
    return [(i.data(ap.LABEL), i.data(ap.TEXT)) for i in items]


def scene_texts(pane: AnatomyPane) -> list[str]:
    return sorted(i.text() for i in pane.scene.items() if isinstance(i, QGraphicsSimpleTextItem))


def test_anatomy_of_serbian_with_u_and_private_use(anatomy_pane) -> None:  # type: ignore[no-untyped-def]
    anatomy_pane._state.set_tag("sr-Latn-RS-u-nu-latn-x-foo")
    anatomy_pane.refresh()
    assert boxes(anatomy_pane, "subtag") == [("language", "sr"), ("script", "Latn"), ("region", "RS"),
                                             ("singleton", "u"), ("key", "nu"), ("type", "latn"), ("singleton", "x"),
                                             ("private use", "foo")]  # fmt: skip
    assert boxes(anatomy_pane, "group") == [("Language-Tag: langtag", "sr-Latn-RS-u-nu-latn-x-foo"),
                                            ("-u- extension", "u-nu-latn"), ("keyword", "nu-latn"),
                                            ("private use", "x-foo")]  # fmt: skip
    texts = scene_texts(anatomy_pane)
    assert 'u-extension = "u" 1*("-" attribute) *("-" keyword) / "u" 1*("-" keyword)' in texts
    assert "2ALPHA" in texts and "4ALPHA" in texts
    # Nested: the keyword box lies inside the -u- box, which lies inside the langtag box.
    rects = {i.data(ap.TEXT): i.sceneBoundingRect() for i in anatomy_pane.scene.items()
             if isinstance(i, QGraphicsPathItem) and i.data(ap.KIND) == "group"}  # fmt: skip
    assert rects["u-nu-latn"].contains(rects["nu-latn"])
    assert rects["sr-Latn-RS-u-nu-latn-x-foo"].contains(rects["u-nu-latn"])
    assert rects["sr-Latn-RS-u-nu-latn-x-foo"].contains(rects["x-foo"])


def test_anatomy_of_t_extension_and_its_svg_renders_with_the_same_text(anatomy_pane) -> None:  # type: ignore[no-untyped-def]
    anatomy_pane._state.set_tag("en-t-ar-m0-ungegn")
    anatomy_pane.refresh()
    assert boxes(anatomy_pane, "subtag") == [("language", "en"), ("singleton", "t"), ("source language", "ar"),
                                             ("field key", "m0"), ("field value", "ungegn")]  # fmt: skip
    assert [g for g, _t in boxes(anatomy_pane, "group")] == ["Language-Tag: langtag", "-t- extension", "source tag",
                                                             "field"]  # fmt: skip
    svg = anatomy_pane.svg()
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    assert renderer.isValid()
    assert renderer.defaultSize().width() == round(anatomy_pane.current_layout().width * 2)  # the default 2× scale
    root = ET.fromstring(svg)
    assert sorted(t.text or "" for t in root.iter(f"{SVG}text")) == scene_texts(anatomy_pane)
    # The rendering is not blank: the language subtag's colour appears in the image.
    image = anatomy_pane.image()
    assert not image.isNull()
    colours = {image.pixelColor(x, y).name() for x in range(0, image.width(), 3) for y in range(0, image.height(), 3)}
    assert len(colours) > 10


def test_ill_formed_tag_shows_the_stop_and_the_expectation(anatomy_pane) -> None:  # type: ignore[no-untyped-def]
    anatomy_pane._state.set_tag("en-US-Latn")
    anatomy_pane.refresh()
    stops = [i for i in anatomy_pane.scene.items() if i.data(ap.KIND) == "stop"]
    texts = [i.data(ap.TEXT) for i in stops]
    assert "The grammar stopped at position 6 (after a region)." in texts
    assert "It expected a variant, a singleton or the end." in texts
    assert "the grammar stopped at position 6" in anatomy_pane.note.text()
    line = next(i for i in stops if i.type() == 6)  # QGraphicsLineItem
    latn = next(i for i in anatomy_pane.scene.items() if isinstance(i, QGraphicsPathItem) and i.data(ap.TEXT) == "Latn")
    assert line.sceneBoundingRect().right() <= latn.sceneBoundingRect().left() + 1
    assert line.pen().style() == Qt.PenStyle.DashLine


def test_png_export_and_clipboard_in_dark_at_any_size(anatomy_pane, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    anatomy_pane._state.set_tag("de-CH-1901")
    anatomy_pane.theme_box.setCurrentIndex(anatomy_pane.theme_box.findData("dark"))
    anatomy_pane.scale_box.clear()
    qtbot.keyClicks(anatomy_pane.scale_box, "3")
    qtbot.keyClick(anatomy_pane.scale_box, Qt.Key.Key_Return)
    assert anatomy_pane.scale_box.value() == 3.0
    lay = anatomy_pane.current_layout()
    png = tmp_path / "d.png"
    assert anatomy_pane.export_png(str(png))
    img = QImage(str(png))
    assert (img.width(), img.height()) == (round(lay.width * 3), round(lay.height * 3))
    assert img.pixelColor(2, 2) == QColor(THEMES["dark"].background)
    svg_path = tmp_path / "d.svg"
    assert anatomy_pane.export_svg(str(svg_path))
    assert ET.parse(svg_path).getroot().find(f"{SVG}rect").get("fill") == THEMES["dark"].background  # type: ignore[union-attr]
    qtbot.mouseClick(anatomy_pane.copy_button, Qt.MouseButton.LeftButton)
    data = QGuiApplication.clipboard().mimeData()
    assert data.hasImage()
    assert bytes(data.data("image/svg+xml")).decode().startswith("<?xml")
    assert not anatomy_pane.export_png(str(tmp_path / "missing" / "dir" / "x.png"))
    assert "Cannot write" in anatomy_pane.note.text()


def test_diagram_role_colours_are_the_legends(anatomy_pane) -> None:  # type: ignore[no-untyped-def]
    assert {r: (s.light, s.dark) for r, s in ROLE_STYLES.items()} == ROLE_COLOURS


def test_grammar_walkthrough_lights_rules_and_steps_with_the_mouse(qtbot, engine) -> None:  # type: ignore[no-untyped-def]
    state = TagState("es-419-u-ca-gregory")
    pane = GrammarPane(state, engine)
    qtbot.addWidget(pane)
    pane.resize(1100, 600)
    pane.show()
    assert pane.current_step() == 0
    marks = pane.lit_rules()
    # Step 1: only what the tag has used so far is "used" (issue 19): not yet region or keyword.
    assert marks["language"] == "▶" and marks["langtag"] == "●"
    assert "region" not in marks and "keyword" not in marks and "variant" not in marks
    html = pane.abnf.toPlainText()
    assert "▶ language = 2*3ALPHA" in html and "● region = 2ALPHA / 3DIGIT" not in html
    qtbot.mouseClick(pane.next_button, Qt.MouseButton.LeftButton)
    assert pane.current_step() == 1
    rows = [pane.candidates_model.cells(c) for c in pane.candidates_model.rows()]
    assert ("region", "✓ accepts", "accepts it as 3DIGIT (2 letters or 3 digits)") in rows
    assert ("script", "✗ refuses", "needs exactly 4 letters; '419' is 3 digits") in rows
    assert pane.lit_rules()["region"] == "▶" and pane.lit_rules()["script"] == "✗"
    # Clicking a step row jumps to it.
    rect = pane.steps.visualRect(pane.steps_model.index(4, 0))
    qtbot.mouseClick(pane.steps.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert pane.current_step() == 4
    assert "gregory" in pane.step_label.text() and "type" in pane.step_label.text()
    assert not pane.next_button.isEnabled()
    state.set_tag("en-US-Latn")
    pane.refresh()
    pane.set_step(2)
    assert "accepted by no rule" in pane.step_label.text()
    assert "expected a variant, a singleton or the end" in pane.step_label.text()


def test_primer_example_link_opens_the_tag_in_the_editor(qtbot, registry, settings_path) -> None:  # type: ignore[no-untyped-def]
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.show()
    help_menu = next(a.menu() for a in win.menuBar().actions() if a.text() == "&Help")
    primer = next(a for a in help_menu.actions() if a.text().startswith("&Primer"))
    primer.trigger()
    dialog = win.primer_dialog
    assert dialog.isVisible()
    browser = dialog.browser
    doc = browser.document()
    cursor = doc.find("de-CH-1901")
    assert not cursor.isNull()
    cursor.setPosition(cursor.selectionStart() + 2, QTextCursor.MoveMode.MoveAnchor)
    browser.setTextCursor(cursor)
    browser.ensureCursorVisible()
    point: QPoint = browser.cursorRect(cursor).center()
    assert browser.anchorAt(point) == "tag:de-CH-1901"
    qtbot.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=point)
    qtbot.waitUntil(lambda: win.state.tag() == "de-CH-1901")
    assert win.tabs.currentWidget() is win.editor
    # The Examples menu's explanation is the primer's.
    assert "A variant registered for the prefix 'de' marks the 1901 orthography" in doc.toPlainText()


def test_grammar_walkthrough_by_keyboard_validity_apart_and_used_so_far(qtbot, registry, settings_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 19: type the tag in the editor, Ctrl+6, Alt+N: the second 1901 is accepted by variant, validity apart."""
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.show()
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    win.pane_actions["editor"].trigger()
    win.editor.editor.clear()
    qtbot.keyClicks(win.editor.editor, "de-1901-1901")
    qtbot.waitUntil(lambda: win.state.tag() == "de-1901-1901")
    qtbot.keyClick(win, Qt.Key.Key_6, Qt.KeyboardModifier.ControlModifier)
    pane = win.teaching.grammar
    qtbot.waitUntil(lambda: win.tabs.currentWidget() is pane)
    pane.next_button.setFocus()
    qtbot.keyClick(pane.next_button, Qt.Key.Key_Space)
    qtbot.keyClick(pane.next_button, Qt.Key.Key_Space)
    assert pane.current_step() == 2
    label = pane.step_label.text()
    assert "accepted by <b>variant</b>" in label and "accepted by no rule" not in label
    assert "Validity (RFC 5646 §2.2.9), apart from the grammar: The variant &#x27;1901&#x27; appears twice" in label
    assert pane.lit_rules()["variant"] == "▶"
    rows = [pane.candidates_model.cells(c) for c in pane.candidates_model.rows()]
    assert [r[1] for r in rows if r[0] == "variant"] == ["✓ accepts"]
    # en-US-Latn at step 1: script is not yet used.
    win.pane_actions["editor"].trigger()
    win.editor.editor.selectAll()
    qtbot.keyClicks(win.editor.editor, "en-US-Latn")
    qtbot.waitUntil(lambda: win.state.tag() == "en-US-Latn")
    qtbot.keyClick(win, Qt.Key.Key_6, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: win.tabs.currentWidget() is pane)
    assert pane.current_step() == 0
    marks = pane.lit_rules()
    assert marks["language"] == "▶" and "script" not in marks and "region" not in marks
    qtbot.keyClick(pane.next_button, Qt.Key.Key_Space)
    assert pane.lit_rules()["region"] == "▶" and "●" not in pane.lit_rules().get("script", "")
