"""Make the README's screenshots of each pane from the real app, light and dark, at two window sizes.

Usage: python tools/screenshots.py [--out docs/screenshots] [--scale 1]

Writes PANE[-small][-dark].png for each pane (editor, builder, browser): the default window size
(1100x720) and a small one (700x450), in the light and the dark theme, on the bundled data with a sample
tag; and the Build pane (build[-small][-dark].png) with the tag sr-Latn-RS on its Script step. It uses
the platform Qt is given (QT_QPA_PLATFORM; offscreen when unset); the README's shots are made
under Xvfb with the real one: ``Xvfb :86 & DISPLAY=:86 QT_QPA_PLATFORM=xcb python tools/screenshots.py``.
Settings go to a temporary file, so the user's own settings are neither read nor changed.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: (file name suffix, window width, height) of each size, and the panes shot at each size and theme.
SIZES = (("", 1100, 720), ("-small", 700, 450))
PANES = ("editor", "builder", "browser")
THEMES = ("light", "dark")

#: The Build pane's own tag, shown on its Script step (the likely script first).
BUILD_TAG = "sr-Latn-RS"

#: A tag with several roles, a -u- part and one piece of advice (Latn is the Suppress-Script of de).
SAMPLE_TAG = "de-Latn-CH-1901-u-co-phonebk"


def main(argv: list[str] | None = None) -> int:
    """Render every shot into the output folder and print the files written."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--scale", default="1", help="device pixel ratio, e.g. 2 for a high-DPI shot")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["QT_SCALE_FACTOR"] = str(args.scale)
    sys.path.insert(0, str(ROOT))

    from bcp47_explorer.core.data import bundled_registry
    from bcp47_explorer.ui.main_window import MainWindow
    from bcp47_explorer.ui.settings import Settings
    from bcp47_explorer.ui.theme import apply_theme
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(["bcp47-explorer"])
    assert isinstance(app, QApplication)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        # One window per theme and size, made after the palette is set, as when the app starts with that theme.
        for theme in THEMES:
            apply_theme(app, theme)
            for suffix, width, height in SIZES:
                settings = Settings(Path(tmp) / f"settings-{theme}{suffix}.ini")
                settings.set_value("editor/last_tag", SAMPLE_TAG)
                window = MainWindow(bundled_registry(), settings)
                window.resize(width, height)
                window.show()
                _set_up(window)
                for pane in PANES:
                    name = pane + suffix + ("-dark" if theme == "dark" else "")
                    # Switch without moving the focus: a focused editor shows its text selected.
                    window.tabs.setCurrentWidget(window.pane(pane))
                    for _ in range(5):  # let layouts settle; no user input is pending here
                        app.processEvents()
                    target = args.out / f"{name}.png"
                    if not window.grab().save(str(target)):
                        print(f"cannot write {target}", file=sys.stderr)
                        return 1
                    print(target.relative_to(ROOT) if target.is_relative_to(ROOT) else target)
                target = args.out / f"build{suffix}{'-dark' if theme == 'dark' else ''}.png"
                if not _shoot_build(app, window, target):
                    print(f"cannot write {target}", file=sys.stderr)
                    return 1
                print(target.relative_to(ROOT) if target.is_relative_to(ROOT) else target)
                window.close()
                window.deleteLater()
    return 0


def _shoot_build(app: object, window: object, target: Path) -> bool:
    """Show the Build pane on BUILD_TAG's Script step, once its lists are loaded, and save a shot."""
    build = window.pane("build")  # type: ignore[attr-defined]
    window.state.set_tag(BUILD_TAG)  # type: ignore[attr-defined]
    window.tabs.setCurrentWidget(build)  # type: ignore[attr-defined]
    if hasattr(build, "go_to_step"):
        build.load()
        deadline = time.monotonic() + 60
        while not build.ready and time.monotonic() < deadline:
            app.processEvents()  # type: ignore[attr-defined]
            time.sleep(0.02)
        build.go_to_step(1)
    for _ in range(5):
        app.processEvents()  # type: ignore[attr-defined]
    return bool(window.grab().save(str(target)))  # type: ignore[attr-defined]


def _set_up(window: object) -> None:
    """Show a record in the browser, a keyword in the builder and a subtag's card in the editor."""
    browser = getattr(window, "browser", None)
    if browser is not None:
        browser.set_filters({"query": "norweg", "type": "", "scope": "", "deprecated": ""})
        browser.show_record("language", "nb")
    builder = window.pane("builder")  # type: ignore[attr-defined]
    if hasattr(builder, "choose_key") and hasattr(builder, "choose_type"):
        builder.choose_key("co")
        builder.choose_type("phonebk")
    editor = window.pane("editor")  # type: ignore[attr-defined]
    if hasattr(editor, "show_subtag_at"):
        editor.show_subtag_at(SAMPLE_TAG.index("CH"))


if __name__ == "__main__":
    sys.exit(main())
