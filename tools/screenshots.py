"""Make the README's screenshots of each pane from the real app, offscreen.

Usage: python tools/screenshots.py [--out docs/screenshots] [--scale 1] [--theme light]

Writes editor.png, builder.png, browser.png (and browser-dark.png) showing the
window on the bundled data with a sample tag, and the Build pane (build*.png) in light and dark at
the default size (1100x720) and at 700x450 with the tag sr-Latn-RS on its Script step. Run it under
X for the real platform: ``Xvfb :85 & DISPLAY=:85 QT_QPA_PLATFORM=xcb python tools/screenshots.py``.
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

#: (file name, pane, theme, what to set up) of each shot.
SHOTS = (
    ("editor", "editor", "light"),
    ("builder", "builder", "light"),
    ("browser", "browser", "light"),
    ("browser-dark", "browser", "dark"),
    ("editor-dark", "editor", "dark"),
    ("build", "build", "light"),
    ("build-small", "build", "light"),
    ("build-dark", "build", "dark"),
    ("build-small-dark", "build", "dark"),
)

#: The Build pane's shots: its own tag (shown on the Script step, likely script first) and sizes.
BUILD_TAG = "sr-Latn-RS"
SIZES = {"build": (1100, 720), "build-small": (700, 450), "build-dark": (1100, 720), "build-small-dark": (700, 450)}

#: A tag with several roles, a -u- part and one piece of advice (Latn is the Suppress-Script of de).
SAMPLE_TAG = "de-Latn-CH-1901-u-co-phonebk"


def main(argv: list[str] | None = None) -> int:
    """Render every shot into the output folder and print the files written."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--scale", default="1", help="device pixel ratio, e.g. 2 for a high-DPI shot")
    parser.add_argument("--size", default="1180x760", help="window size WIDTHxHEIGHT in logical pixels")
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
    width, height = (int(v) for v in args.size.lower().split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        # One window per theme, made after the palette is set, as when the app starts with that theme.
        for theme in dict.fromkeys(shot[2] for shot in SHOTS):
            apply_theme(app, theme)
            settings = Settings(Path(tmp) / f"settings-{theme}.ini")
            settings.set_value("editor/last_tag", SAMPLE_TAG)
            window = MainWindow(bundled_registry(), settings)
            window.resize(width, height)
            window.show()
            browser = window.browser
            assert browser is not None
            browser.set_filters({"query": "norweg", "type": "", "scope": "", "deprecated": ""})
            browser.show_record("language", "nb")
            builder = window.pane("builder")
            if hasattr(builder, "choose_key") and hasattr(builder, "choose_type"):
                builder.choose_key("co")
                builder.choose_type("phonebk")
            for name, pane, shot_theme in SHOTS:
                if shot_theme != theme:
                    continue
                if name in SIZES:
                    window.resize(*SIZES[name])
                    build = window.pane("build")
                    window.state.set_tag(BUILD_TAG)
                    window.tabs.setCurrentWidget(build)
                    if hasattr(build, "go_to_step"):
                        build.load()
                        deadline = time.monotonic() + 60
                        while not build.ready and time.monotonic() < deadline:
                            app.processEvents()
                            time.sleep(0.02)
                        build.go_to_step(1)
                # Switch without moving the focus: a focused editor shows its text selected.
                window.tabs.setCurrentWidget(window.pane(pane))
                for _ in range(5):  # let layouts settle; no user input is pending here
                    app.processEvents()
                target = args.out / f"{name}.png"
                if not window.grab().save(str(target)):
                    print(f"cannot write {target}", file=sys.stderr)
                    return 1
                print(target.relative_to(ROOT) if target.is_relative_to(ROOT) else target)
            window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
