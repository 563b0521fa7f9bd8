"""Pins Settings: typed defaults, a round trip through the file, and survival of a corrupt file."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from bcp47_explorer.ui.settings import DEFAULTS, HISTORY_MAX, Settings
from PySide6.QtCore import QByteArray


def test_defaults_come_back_from_an_empty_file(settings_path) -> None:
    s = Settings(settings_path)
    for key, default in DEFAULTS.items():
        assert s.value(key) == default


def test_values_round_trip_through_the_file(settings_path) -> None:
    s = Settings(settings_path)
    s.set_value("editor/last_tag", "sl-rozaj-biske")
    s.set_value("editor/history", ["zh-Hant-TW", "de-CH-1901"])
    s.set_value("browser/filters", {"query": "norweg", "type": "language", "scope": "", "deprecated": "no"})
    s.set_value("window/current_pane", 2)
    s.set_value("window/geometry", QByteArray(b"\x01\x02\x00\xff"))
    s.sync()
    again = Settings(settings_path)
    assert again.value("editor/last_tag") == "sl-rozaj-biske"
    assert again.value("editor/history") == ["zh-Hant-TW", "de-CH-1901"]
    assert again.value("browser/filters")["query"] == "norweg"
    assert again.value("window/current_pane") == 2
    assert bytes(again.value("window/geometry")) == b"\x01\x02\x00\xff"


def test_history_keeps_most_recent_first_once_and_at_most_fifty(settings_path) -> None:
    s = Settings(settings_path)
    for i in range(60):
        s.push_history(f"en-x-n{i}")
    s.push_history("en-x-n10")
    history = s.value("editor/history")
    assert len(history) == HISTORY_MAX
    assert history[0] == "en-x-n10" and history.count("en-x-n10") == 1
    assert history[1] == "en-x-n59"


def test_garbage_file_gives_defaults(settings_path) -> None:
    settings_path.write_bytes(b"\x00\xff\xfe[[[window\n=== garbage \x89PNG\r\n\x1a\n" * 50 + b"[editor]\nhistory=@@@")
    s = Settings(settings_path)
    assert s.value("editor/last_tag") == ""
    assert s.value("editor/history") == []
    assert s.value("window/geometry") == QByteArray()


def test_values_of_the_wrong_type_give_defaults(settings_path) -> None:
    settings_path.write_text(
        "[window]\ncurrent_pane=not a number\ngeometry=just text\n"
        '[editor]\nhistory="{\\"a\\": 1}"\nlast_tag=en-GB\n'
        '[browser]\nfilters="[1, 2]"\n',
        encoding="utf-8",
    )
    s = Settings(settings_path)
    assert s.value("window/current_pane") == 0
    assert s.value("window/geometry") == QByteArray()
    assert s.value("editor/history") == []
    assert s.value("browser/filters") == DEFAULTS["browser/filters"]
    assert s.value("editor/last_tag") == "en-GB"  # good values survive next to bad ones


def test_defaults_are_not_shared_between_reads(settings_path) -> None:
    s = Settings(settings_path)
    s.value("editor/history").append("mutated")
    assert s.value("editor/history") == []


def test_setting_a_wrong_type_or_unknown_key_is_refused(settings_path) -> None:
    s = Settings(settings_path)
    with pytest.raises(TypeError):
        s.set_value("editor/history", "not a list")
    with pytest.raises(KeyError):
        s.set_value("no/such/key", 1)


def test_two_windows_on_one_settings_file_lose_no_history(settings_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 23: each window keeps what it added; a tag one window removed stays removed."""
    first = Settings(settings_path)
    first.push_history("de-CH")
    first.sync()
    a, b = Settings(settings_path), Settings(settings_path)  # two windows started on the same file
    a.push_history("en-US")
    b.push_history("sr-Latn-RS")
    b.set_value("editor/history", [t for t in b.value("editor/history") if t != "de-CH"])  # b removes one
    a.sync()
    b.sync()
    assert Settings(settings_path).value("editor/history") == ["sr-Latn-RS", "en-US"]
    a.push_history("fr-CA")
    a.sync()
    assert Settings(settings_path).value("editor/history") == ["fr-CA", "en-US", "sr-Latn-RS"]
