"""Issue 25: the registry browser's "Found by the name … (source)" words the source in the UI language.

Typed into the real search box under a marking catalogue: the source is a marked template, the display
language inside it is CLDR's name in the UI language, and no English is left outside the marks.
"""

from __future__ import annotations

import pytest
from bcp47_explorer.ui.browser import BrowserPane
from PySide6.QtCore import Qt

from tests.ui.i18n_support import english, needs_translation, pseudo_language


@pytest.fixture
def pane(qtbot, registry) -> BrowserPane:  # type: ignore[no-untyped-def]
    pseudo_language()
    widget = BrowserPane(registry)
    qtbot.addWidget(widget)
    widget.resize(1200, 700)
    widget.show()
    qtbot.waitExposed(widget)
    qtbot.waitUntil(lambda: widget.names_ready, timeout=60000)
    yield widget
    english()


def test_found_by_a_name_words_its_source_in_the_ui_language(qtbot, pane: BrowserPane) -> None:  # type: ignore[no-untyped-def]
    pane.type_combo.setCurrentIndex(pane.type_combo.findData("region"))
    qtbot.keyClicks(pane.search_edit, "Deutschland")
    qtbot.keyClick(pane.search_edit, Qt.Key.Key_Return)
    first = pane.visible_records()[0]
    assert (first.type, first.code) == ("region", "DE")
    found = [line for line in pane.details.toPlainText().splitlines() if "Deutschland" in line]
    assert found == ["⟦Found by the name “Deutschland” (⟦CLDR name in German⟧).⟧"]
    assert not needs_translation(found[0])
