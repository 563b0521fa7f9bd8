"""Pins the About dialog: version, the registry's File-Date, the CLDR line and its fallbacks, the icon."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from types import SimpleNamespace

import pytest
from bcp47_explorer import __version__
from bcp47_explorer.core import data
from bcp47_explorer.ui import about
from bcp47_explorer.ui.about import NOT_BUNDLED, AboutDialog, AboutFacts, about_facts, app_icon
from PySide6.QtCore import QSize


def flat(text: str) -> str:
    """Collapse the table's line breaks and non-breaking spaces into single spaces."""
    return " ".join(text.split())


def test_dialog_shows_version_and_registry_file_date(qtbot):
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    text = dialog.plain_text()
    assert f"BCP 47 Explorer {__version__}" in text
    assert "Language Subtag Registry File-Date 2026-09-17 (the bundled copy)" in flat(text)
    assert "CC0 1.0" in text
    assert "Unicode License v3" in text
    assert dialog.windowTitle() == "About BCP 47 Explorer"
    assert "CLDR BCP 47 data CLDR 48 (cldr-bcp47 48.2.0)" in flat(text)
    if (data.resources_dir() / "LICENSE-CLDR").is_file():
        assert dialog.licence_view is not None
        assert "UNICODE LICENSE V3" in dialog.licence_view.toPlainText().upper()


def test_dialog_shows_the_registry_it_is_given(qtbot):
    registry = SimpleNamespace(file_date="2009-07-29", source="old-registry.txt")
    dialog = AboutDialog(registry=registry)  # type: ignore[arg-type]
    qtbot.addWidget(dialog)
    assert "Language Subtag Registry File-Date 2009-07-29 (the file old-registry.txt)" in flat(dialog.plain_text())


def test_cldr_line_names_the_cldr_and_package_versions(monkeypatch):
    fake = SimpleNamespace(version="48", package_version="48.2.0")
    monkeypatch.setattr(data, "bundled_cldr", lambda: fake, raising=False)
    assert about_facts().cldr_version == "CLDR 48 (cldr-bcp47 48.2.0)"


def test_broken_cldr_data_does_not_stop_the_dialog(monkeypatch, qtbot):
    def broken():
        raise data.DataError("cldr-bcp47.json: no such file")

    monkeypatch.setattr(data, "bundled_cldr", broken, raising=False)
    facts = about_facts()
    assert facts.cldr_version == NOT_BUNDLED
    dialog = AboutDialog(facts=facts)
    qtbot.addWidget(dialog)
    assert f"CLDR BCP 47 data {NOT_BUNDLED}" in flat(dialog.plain_text())


def test_missing_registry_is_reported_in_the_dialog(monkeypatch):
    def missing():
        raise data.DataError("cannot find the bundled data folder")

    monkeypatch.setattr(data, "bundled_registry", missing)
    facts = about_facts()
    assert facts.registry_date == NOT_BUNDLED
    assert facts.version == __version__


def test_cldr_licence_text_is_shown_when_bundled(qtbot):
    facts = AboutFacts(
        version="9.9.9",
        registry_date="2026-09-17",
        registry_source="language-subtag-registry.txt",
        extensions_date="2014-04-02",
        cldr_version="CLDR 48",
        cldr_licence_text="UNICODE LICENSE V3\nsample",
    )
    dialog = AboutDialog(facts=facts)
    qtbot.addWidget(dialog)
    assert dialog.licence_view is not None
    assert dialog.licence_view.toPlainText().startswith("UNICODE LICENSE V3")
    assert "Unicode License v3 (text below)" in dialog.plain_text()
    assert "BCP 47 Explorer 9.9.9" in dialog.plain_text()


@pytest.mark.parametrize("size", [16, 32, 256])
def test_app_icon_has_the_rendered_sizes(qtbot, size):
    icon = app_icon()
    assert not icon.isNull()
    assert QSize(size, size) in icon.availableSizes()
    assert about.APP_ID.count(".") == 3
