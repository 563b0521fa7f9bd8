"""Right to left (issue 25): a value label keeps its text beside its caption, and spans stay "0–2", in Arabic.

QLabel aligns plain text by the text's own direction, so an English name or a tag in an Arabic window would
sit at the far (left) end of its label, next to the neighbouring widget's caption; ElidedLabel aligns by the
layout direction instead. Pinned on the pixels drawn: the text's ink is at the caption's side of the label.
"""

from __future__ import annotations

import pytest
from bcp47_explorer.ui.elided import ElidedLabel
from bcp47_explorer.ui.i18n import install_translations
from bcp47_explorer.ui.main_window import MainWindow
from bcp47_explorer.ui.settings import Settings
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QHBoxLayout, QLabel, QWidget


@pytest.fixture(autouse=True)
def _english_afterwards():  # type: ignore[no-untyped-def]
    yield
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    install_translations(app, "en")


def _ink(label: QWidget) -> tuple[int, int]:
    """Return the leftmost and rightmost pixel columns where *label* draws its text."""
    image = label.grab().toImage()
    background = label.palette().color(label.backgroundRole()).lightness()
    columns = [
        x
        for x in range(image.width())
        if any(abs(QColor(image.pixel(x, y)).lightness() - background) > 80 for y in range(image.height()))
    ]
    assert columns, "the label drew no text"
    return columns[0], columns[-1]


def _row(qtbot, text: str) -> tuple[QWidget, QLabel, ElidedLabel]:  # type: ignore[no-untyped-def]
    row = QWidget()
    qtbot.addWidget(row)
    caption = QLabel("Name:", row)
    value = ElidedLabel(row)
    layout = QHBoxLayout(row)
    layout.addWidget(caption)
    layout.addWidget(value, 1)
    value.setText(text)
    row.resize(600, 40)
    row.show()
    qtbot.waitExposed(row)
    return row, caption, value  # the row is returned to keep it alive


def test_a_latin_value_sits_beside_its_caption_in_a_right_to_left_window(qtbot) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    assert install_translations(app, "ar") == "ar"
    _row_widget, caption, value = _row(qtbot, "Swiss High German")
    assert value.layoutDirection() == Qt.LayoutDirection.RightToLeft
    assert caption.x() > value.x()  # the caption is on the right
    left, right = _ink(value)
    assert value.width() - right < 12  # the text ends at the caption's side...
    assert left > value.width() // 2  # ...and does not reach the far half


def test_a_value_keeps_to_the_left_in_a_left_to_right_window(qtbot) -> None:
    _row_widget, caption, value = _row(qtbot, "Swiss High German")
    assert caption.x() < value.x()
    left, right = _ink(value)
    assert left < 12
    assert right < value.width() // 2


def test_the_arabic_window_shows_the_tag_name_beside_its_caption(qtbot, registry, settings_path) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    assert install_translations(app, "ar") == "ar"
    win = MainWindow(registry, Settings(settings_path))
    qtbot.addWidget(win)
    win.resize(1100, 720)
    win.show()
    qtbot.waitExposed(win)
    bar = win.pane("editor").names_bar
    bar.load_now()
    win.state.set_tag("de-CH")
    qtbot.waitUntil(lambda: bar.name_label.text() != "")
    label = bar.name_label
    left, right = _ink(label)
    assert label.width() - right < 12, (label.text(), left, right, label.width())


def test_spans_in_the_grammar_and_anatomy_tables_stay_left_to_right_in_arabic(qtbot) -> None:
    """A span "0–2" in a right-to-left table cell would show as "2–0": it is isolated left to right in Arabic."""
    from bcp47_explorer.core.data import bundled_engine
    from bcp47_explorer.ui.anatomy_pane import AnatomyPane
    from bcp47_explorer.ui.grammar_pane import GrammarPane
    from bcp47_explorer.ui.state import TagState

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    engine = bundled_engine()
    for language, wrap in (("ar", lambda t: f"\u2066{t}\u2069"), ("en", lambda t: t)):
        assert install_translations(app, language) == language
        state = TagState("sr-Latn")
        grammar = GrammarPane(state, engine)
        anatomy = AnatomyPane(state, engine)
        for pane in (grammar, anatomy):
            qtbot.addWidget(pane)
            pane.show()
        anatomy.refresh()
        spans = [grammar.steps_model.index(row, _column(grammar, "Span")).data() for row in range(2)]
        assert spans == [wrap("0–2"), wrap("3–7")], language
        qtbot.waitUntil(lambda a=anatomy: a.twin.topLevelItemCount() == 1)
        first = anatomy.twin.topLevelItem(0).child(0)
        assert (first.text(1), first.text(2)) == (wrap("sr"), wrap("0–2")), language
        # The ABNF in the Rule column too: after an Arabic word, "2*3ALPHA" would show as "3ALPHA*2".
        assert first.text(3).endswith(wrap("2*3ALPHA")), (language, first.text(3))
        production = 'language = 2*3ALPHA ["-" extlang] / 4ALPHA / 5*8ALPHA'
        assert first.text(3).startswith(wrap(production)), (language, first.text(3))


def _column(pane: QWidget, header: str) -> int:
    model = pane.steps_model  # type: ignore[attr-defined]
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    return next(c for c, t in enumerate(titles) if t in (header, "المدى"))
