"""Start-up: the window is painted first, the data loaded and the first verdict shown right after (issue 24 item 8).

The window is made as the app makes it (``MainWindow(None, settings, loader=...)``): what a person types,
clicks or hands over by a second start before the data are there is kept and checked once they are.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from bcp47_explorer.core.data import bundled_registry
from bcp47_explorer.core.registry.model import Registry
from bcp47_explorer.ui.first_paint import on_first_paint
from bcp47_explorer.ui.main_window import LoadingEditor, MainWindow, Placeholder
from bcp47_explorer.ui.settings import Settings
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

VALID_SR = "✔ well-formed  ·  ✔ valid (RFC 5646)  ·  0 errors  ·  0 warnings  ·  1 note"


class Loader:
    """The app's loader in small: counts its calls, runs *meanwhile* first (what the user does while it loads)."""

    def __init__(self, registry: Registry | None, meanwhile: Callable[[], None] | None = None) -> None:
        self.calls = 0
        self.registry = registry
        self.meanwhile = meanwhile

    def __call__(self) -> Registry | None:
        self.calls += 1
        if self.meanwhile is not None:
            self.meanwhile()
        return self.registry


def _app_lines(tmp_path, at_paint: str, args: str, *, prelude: str = "", after: str = "", **environ: str) -> list[str]:  # type: ignore[no-untyped-def]
    """Start the app as users do in a fresh process (offscreen; no language variable but those in *environ*) with
    the arguments *args* (Python list items), run *at_paint* (lines of Python; ``w`` is the window, ``app`` the
    application) right after its first paint and *after* once ``main`` returns; return the lines it printed."""
    import os
    import subprocess
    import sys
    import textwrap

    code = (
        "import os, sys\n" + prelude +
        "import bcp47_explorer.ui.first_paint as fp\n"
        "from PySide6.QtWidgets import QApplication\n"
        "orig = fp.on_first_paint\n"
        "def hook(w, then):\n"
        "    def at_paint():\n"
        "        app = QApplication.instance()\n" + textwrap.indent(at_paint, " " * 8) +
        "        then()\n"
        "    orig(w, at_paint)\n"
        "    fp.on_first_paint = orig\n"
        "fp.on_first_paint = hook\n"
        "from bcp47_explorer.__main__ import main\n"
        f"status = main(['--settings', sys.argv[1], {args}])\n" + after +
        "sys.exit(status)\n"
    )  # fmt: skip
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    env.update(QT_QPA_PLATFORM="offscreen", **environ)
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "s.ini")], capture_output=True, text=True,
                         env=env, timeout=120)  # fmt: skip
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout.splitlines()


def _start(qtbot, settings_path, loader: Loader, at_paint: Callable[[MainWindow], None]) -> MainWindow:  # type: ignore[no-untyped-def]
    win = MainWindow(None, Settings(settings_path), loader=loader)
    qtbot.addWidget(win)
    on_first_paint(win, lambda: at_paint(win))  # runs after the paint, before the window's own loading step
    with qtbot.waitSignal(win.data_ready, timeout=20000):
        win.show()
    return win


def test_the_window_is_painted_with_its_field_before_the_data_are_loaded(qtbot, settings_path) -> None:  # type: ignore[no-untyped-def]
    loader = Loader(bundled_registry())
    seen: dict[str, object] = {}

    def at_paint(win: MainWindow) -> None:
        stand_in = win.tabs.currentWidget()
        seen.update(calls=loader.calls, loading=win.loading, data=win._status_data.text(),
                    editor=isinstance(stand_in, LoadingEditor), verdict=getattr(stand_in, "status", None) and
                    stand_in.status.text(), focus=QApplication.focusWidget() is getattr(stand_in, "field", 0),
                    menus=[a.text() for a in win.menuBar().actions()], tabs=win.tabs.count())  # fmt: skip

    win = _start(qtbot, settings_path, loader, at_paint)
    assert seen["calls"] == 0 and seen["loading"] is True
    assert seen["data"] == "Loading the data…" and seen["verdict"] == "Loading the data…"
    assert seen["editor"] is True and seen["focus"] is True
    assert seen["menus"] == ["&File", "&Edit", "&View", "E&xamples", "Histor&y", "Too&ls", "&Help"]
    assert seen["tabs"] == 8
    # Then the data: loaded once, the editor made with its verdict, the status bar naming the registry.
    assert loader.calls == 1 and not win.loading
    assert not isinstance(win.editor, Placeholder) and win.editor.status.text()
    assert win._status_data.text().startswith("Registry ")
    assert "Copy RFC 5646 canonical" in [a.text() for a in win.edit_menu.actions()]  # the copy commands came with it


def test_typing_before_the_data_arrive_is_kept_and_checked(qtbot, settings_path) -> None:  # type: ignore[no-untyped-def]
    def field(win: MainWindow) -> object:
        stand_in = win.tabs.widget(0)
        assert isinstance(stand_in, LoadingEditor)
        return stand_in.field

    holder: list[MainWindow] = []
    # "sr-" typed once the window is painted, "Latn" while the registry loads, "-RS" once the editor is there.
    loader = Loader(bundled_registry(), meanwhile=lambda: qtbot.keyClicks(field(holder[0]), "Latn"))

    def at_paint(win: MainWindow) -> None:
        holder.append(win)
        qtbot.keyClicks(field(win), "sr-")

    win = _start(qtbot, settings_path, loader, at_paint)
    assert win.editor.text() == "sr-Latn"
    assert win.editor.editor.hasFocus()  # the focus moved to the editor with the data, the cursor at the end
    qtbot.keyClicks(win.editor.editor, "-RS")
    qtbot.waitUntil(lambda: win.editor.status.text() == VALID_SR, timeout=5000)
    assert win.editor.text() == "sr-Latn-RS"  # typed on at the cursor, kept at the end of the field


def test_a_tag_handed_over_while_loading_is_checked(qtbot, settings_path) -> None:  # type: ignore[no-untyped-def]
    loader = Loader(bundled_registry())
    win = _start(qtbot, settings_path, loader, lambda w: w.receive_from_other_start(" sr-Latn-RS "))
    assert win.tabs.currentWidget() is win.editor and win.editor.text() == "sr-Latn-RS"
    assert win.editor.status.text() == VALID_SR


@pytest.mark.parametrize("command", ["find", "build", "preferences", "shortcuts", "copy"])
def test_commands_given_while_loading_wait_for_the_data(qtbot, settings_path, monkeypatch, command: str) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(QMessageBox, "exec", lambda box: 0)
    opened: list[object] = []
    loader = Loader(bundled_registry())

    def at_paint(win: MainWindow) -> None:
        assert win.loading
        if command == "find":
            qtbot.keyClick(win, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
        elif command == "build":
            qtbot.keyClick(win, Qt.Key.Key_4, Qt.KeyboardModifier.ControlModifier)
        elif command == "preferences":
            dialog = win.show_preferences()
            opened.append(dialog)
            dialog.reject()
        elif command == "shortcuts":
            opened.append(win.shortcut_rows())
        else:
            win.state.set_tag("sr-Latn-RS")
            win.copy_form("canonical")
        assert not win.loading and loader.calls == 1  # loaded at once, waiting for it

    win = _start(qtbot, settings_path, loader, at_paint)
    assert loader.calls == 1
    if command == "find":
        assert win.tabs.currentWidget() is win.browser
    elif command == "build":
        assert win.tabs.currentWidget() is win.build and not isinstance(win.build, Placeholder)
    elif command == "shortcuts":
        assert opened and opened[0]
    elif command == "copy":
        assert QApplication.clipboard().text() == "sr-Latn-RS"
    assert win.editor.status.text()


def test_data_that_cannot_be_loaded_leave_no_traceback(qtbot, settings_path) -> None:  # type: ignore[no-untyped-def]
    loader = Loader(None)  # the app's loader has said why (dialog, exit 2); the window must not fail meanwhile
    win = MainWindow(None, Settings(settings_path), loader=loader)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: loader.calls == 1, timeout=20000)
    qtbot.wait(50)
    assert win._status_data.text() == "The data cannot be loaded."
    assert isinstance(win.editor, Placeholder) and "cannot be loaded" in win.editor.reason
    win.copy_form("canonical")  # no traceback
    assert loader.calls == 1


def test_main_checks_the_tag_given_at_start_once_the_data_are_there(qtbot, settings_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import bcp47_explorer.ui.main_window as mw
    from bcp47_explorer.__main__ import main

    seen: list[tuple[bool, str, str]] = []
    orig = mw.MainWindow.__init__

    def init(self: MainWindow, *args: object, **kwargs: object) -> None:
        orig(self, *args, **kwargs)  # type: ignore[arg-type]
        assert self.loading  # the app's window starts without its data
        self.data_ready.connect(lambda: seen.append((self.isVisible(), self.editor.text(), self.editor.status.text())))

    monkeypatch.setattr(mw.MainWindow, "__init__", init)
    assert main(["--settings", str(settings_path), "--new-instance", "--quit-after", "0", "sr-Latn-RS"]) == 0
    assert seen == [(True, "sr-Latn-RS", VALID_SR)]


def test_the_first_paint_needs_neither_the_engine_nor_the_editor_nor_cldr_matching(tmp_path) -> None:  # type: ignore[no-untyped-def]
    lines = _app_lines(
        tmp_path,
        "print('AT-PAINT', ' '.join(sorted(m for m in sys.modules if m.startswith('bcp47_explorer'))))\n",
        "'--new-instance', '--quit-after', '0', 'sr-Latn-RS'",
        LANGUAGE="de",  # a shipped catalogue named exactly: no matching
    )
    loaded = next(line for line in lines if line.startswith("AT-PAINT ")).split()[1:]
    assert "bcp47_explorer.ui.main_window" in loaded
    for module in ("core.engine.tag", "core.registry.update", "core.registry.model", "core.matching.bestfit",
                   "core.build.forms", "core.cldr.model", "ui.editor", "ui.tag_edit", "ui.about"):  # fmt: skip
        assert f"bcp47_explorer.{module}" not in loaded, module


def test_the_first_paint_waits_for_no_network_module(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The single-instance check runs before the window without Qt's network module; the listener comes after."""
    import sys

    if sys.platform == "win32":
        pytest.skip("Windows hands over through Qt's named pipe")
    lines = _app_lines(
        tmp_path,
        "print('AT-PAINT', 'PySide6.QtNetwork' in sys.modules, 'hashlib' in sys.modules)\n",
        "'--quit-after', '0'",
        after="print('AT-END', 'PySide6.QtNetwork' in sys.modules)\n",
    )
    assert "AT-PAINT False False" in lines  # neither Qt's network module nor OpenSSL's hashes before the paint
    assert "AT-END True" in lines  # the listener was made after it


@pytest.mark.parametrize("key", ["system", "light", "dark", "contrast"])
def test_the_focused_field_draws_the_ring_the_style_draws_later(qtbot, key: str) -> None:  # type: ignore[no-untyped-def]
    """The focus ring's style comes after the first paint (apply_theme(..., focus_ring=False)): until then the
    focused field draws the same ring itself, pixel for pixel, in every theme; once installed, the style draws it."""
    from bcp47_explorer.ui import theme
    from bcp47_explorer.ui.focus_ring import FocusRingStyle
    from bcp47_explorer.ui.state import TagState
    from PySide6.QtGui import QPalette

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    flash = app.cursorFlashTime()
    app.setCursorFlashTime(0)  # the caret drawn steadily: both pictures show it alike
    try:
        images = {}
        for ring_later in (False, True):
            theme.apply_theme(app, key, focus_ring=not ring_later)
            assert theme.focus_ring_pending() is ring_later
            assert isinstance(app.style(), FocusRingStyle) is not ring_later
            stand_in = LoadingEditor(TagState("sr-Latn"))
            qtbot.addWidget(stand_in)
            stand_in.resize(420, 80)
            stand_in.show()
            qtbot.waitExposed(stand_in)
            stand_in.activateWindow()
            stand_in.field.setFocus()
            qtbot.waitUntil(stand_in.field.hasFocus)
            images[ring_later] = stand_in.field.grab().toImage()
        image = images[True]
        ring = stand_in.field.palette().color(QPalette.ColorRole.Accent)
        middle = image.height() // 2
        assert [image.pixelColor(x, middle) == ring for x in range(3)] == [True, True, False]  # 2 px, in the Accent
        assert image.pixelColor(image.width() // 2, 1) == ring and image.pixelColor(image.width() - 2, middle) == ring
        assert images[True] == images[False]  # the same picture as the style's ring
        theme.install_focus_ring(app)
        assert isinstance(app.style(), FocusRingStyle) and not theme.focus_ring_pending()
    finally:
        app.setCursorFlashTime(flash)
        theme.apply_theme(app, "system")


def test_the_loading_field_is_as_tall_as_the_editors_field(qtbot, settings_path) -> None:  # type: ignore[no-untyped-def]
    """Nothing jumps when the Editor takes the field's place (its frame is the one the ring's style gives a view)."""
    seen: dict[str, int] = {}
    win = _start(qtbot, settings_path, Loader(bundled_registry()),
                 lambda w: seen.update(loading=w.tabs.currentWidget().field.height()))  # fmt: skip
    assert seen["loading"] == win.editor.editor.height()


def test_main_installs_the_focus_ring_style_right_after_the_first_paint(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """At the first paint the app has its theme's palette but not yet the ring's style, and none of Qt's style
    classes is made (the field draws the ring); by the time the window is ready the style is there."""
    lines = _app_lines(
        tmp_path,
        "base = app.palette().color(app.palette().ColorRole.Base).name()\n"
        "ring = 'bcp47_explorer.ui.focus_ring' in sys.modules\n"
        "print('AT-PAINT', not lazy or 'QStyle' not in vars(W), base, ring)\n"
        "def ready():\n"
        "    print('AT-READY', type(app.style()).__name__, w.tabs.widget(0).__class__.__name__)\n"
        "w.data_ready.connect(ready)\n",
        "'--new-instance', '--quit-after', '0', '--theme', 'dark'",
        prelude="import PySide6.QtWidgets as W\nlazy = 'QStyle' not in vars(W)  # PySide6 makes a class on first use\n",
    )
    assert "AT-PAINT True #1f2023 False" in lines  # the dark theme's fields; no style class made, no ring style yet
    assert "AT-READY FocusRingStyle EditorPane" in lines


def test_english_asks_no_translator_until_a_catalogue_is_used(qtbot) -> None:  # type: ignore[no-untyped-def]
    """In the source language Qt would ask the catalogue's translator in vain for every text, once per class a
    ``tr()`` tries: it is installed only when a catalogue is used, and then it translates at once."""
    from bcp47_explorer.core.text.catalogue import use_translations
    from bcp47_explorer.ui import i18n
    from PySide6.QtWidgets import QWidget

    from tests.i18n_pseudo import PseudoTranslations

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    asked: list[str] = []

    class Counting(i18n.CatalogueTranslator):
        def translate(self, context: str, source: str, disambiguation: str | None = None, n: int = -1) -> str:
            asked.append(source)
            return super().translate(context, source, disambiguation, n)

    class Pane(QWidget):
        pass

    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(i18n, "CatalogueTranslator", Counting)
            assert i18n.install_translations(app, "en") == "en"
            assert Pane().tr("Loading the data…") == "Loading the data…" and asked == []  # not asked
            use_translations(PseudoTranslations(), "en-x-pseudo")
            assert Pane().tr("Loading the data…") == "⟦Loading the data…⟧" and asked == ["Loading the data…"]
            assert i18n.install_translations(app, "de") == "de"
            assert Pane().tr("Loading the data…") == "Die Daten werden geladen…"  # installed at once in German
    finally:
        i18n.install_translations(app, "en")


def test_a_theme_set_before_the_ring_still_knows_the_systems_look(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Started dark (the palette now, the ring's style after the first paint), then "system" from the View menu:
    the app's own palette comes back, and so it does after the ring's style was installed."""
    from bcp47_explorer.ui import theme
    from bcp47_explorer.ui.focus_ring import FocusRingStyle
    from PySide6.QtGui import QPalette

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    theme.apply_theme(app, "system")
    own = QPalette(app.palette())
    base = QPalette.ColorRole.Base
    try:
        for ring_first in (False, True):
            monkeypatch.setattr(theme, "_original", None)  # a fresh start: the app's own look not yet remembered
            theme.apply_theme(app, "dark", focus_ring=False)
            assert app.palette().color(base).name() == "#1f2023" and theme.focus_ring_pending()
            if ring_first:
                theme.install_focus_ring(app)
                assert isinstance(app.style(), FocusRingStyle) and app.palette().color(base).name() == "#1f2023"
            theme.apply_theme(app, "system")
            assert app.palette().color(base) == own.color(base) and not theme.focus_ring_pending()
            assert isinstance(app.style(), FocusRingStyle)
    finally:
        theme.apply_theme(app, "system")


@pytest.mark.parametrize("environ", [{}, {"USER": "ana"}, {"LOGNAME": "bo", "USER": "ana"}, {"USERNAME": "cy"}])
def test_the_single_instance_name_is_the_users(monkeypatch, environ: dict[str, str]) -> None:  # type: ignore[no-untyped-def]
    """Two users' first instances never share a name: the user's name (the login variables first, as getpass
    reads them, else the password database) goes into it."""
    import os

    from bcp47_explorer.ui.single import server_name

    pwd = pytest.importorskip("pwd")  # (no password database on Windows)

    for variable in ("LOGNAME", "USER", "LNAME", "USERNAME"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environ.items():
        monkeypatch.setenv(variable, value)
    first = next((environ[v] for v in ("LOGNAME", "USER", "LNAME", "USERNAME") if v in environ), None)
    expected = first if first is not None else pwd.getpwuid(os.getuid())[0]
    name = server_name("/tmp/s.ini")
    assert name.startswith(f"bcp47-explorer-{expected}-")
    assert len(name) == len(f"bcp47-explorer-{expected}-") + 16  # and the settings file's two checksums


def test_the_window_says_when_it_is_first_painted_and_takes_drops_from_then(qtbot, settings_path) -> None:  # type: ignore[no-untyped-def]
    from bcp47_explorer.ui.main_window import MainWindow as Window

    seen: list[tuple[str, int, bool]] = []
    loader = Loader(bundled_registry())
    win = Window(None, Settings(settings_path), loader=loader)
    qtbot.addWidget(win)
    win.first_painted.connect(lambda: seen.append(("painted", loader.calls, win._drops_watched)))
    assert not win._drops_watched  # not before the window is on the screen
    with qtbot.waitSignal(win.data_ready, timeout=20000):
        win.show()
    assert seen == [("painted", 0, False)]  # before the data are loaded
    assert win._drops_watched


def test_the_field_keeps_the_focus_when_the_window_was_not_active_as_the_data_came(qtbot, settings_path) -> None:  # type: ignore[no-untyped-def]
    """A window that is not the active one while its data load (the user switched to another window, or no window
    manager has activated it yet) still has its tag field as the focus widget afterwards: the first keystroke once
    it is active goes into the Editor's field, at the end of what was typed before."""
    from PySide6.QtWidgets import QLineEdit

    other = QLineEdit()
    qtbot.addWidget(other)
    seen: dict[str, object] = {}

    def at_paint(win: MainWindow) -> None:
        field = win.tabs.widget(0).field
        qtbot.keyClicks(field, "sr-Latn")
        other.show()  # another window takes the activation (no events run here: the data come on the next turn)
        other.activateWindow()
        seen["focus"] = win.focusWidget() is field

    win = _start(qtbot, settings_path, Loader(bundled_registry()), at_paint)
    assert seen["focus"] is True and not win.isActiveWindow()
    assert win.focusWidget() is win.editor.editor  # where typing goes when the window is active again
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow, timeout=5000)
    qtbot.keyClicks(win.focusWidget(), "-RS")
    qtbot.waitUntil(lambda: win.editor.status.text() == VALID_SR, timeout=5000)
    assert win.editor.text() == "sr-Latn-RS"
