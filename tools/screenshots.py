"""Make the README's screenshots of each pane from the real app, light and dark, at two window sizes.

Usage: python tools/screenshots.py [--out docs/screenshots] [--scale 1]

Writes PANE[-small][-dark].png for each pane (editor, builder, browser): the default window size
(1100x720) and a small one (700x450), in the light and the dark theme, on the bundled data with a sample
tag; the Build pane (build[-small][-dark].png) with the tag sr-Latn-RS on its Script step; and, at the
default size, the teaching panes (anatomy, grammar, batch, matching) and the Help primer. It uses
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

#: The teaching panes' shots at the default size: (file name, what to show).
TEACHING = (
    ("anatomy", "anatomy"), ("anatomy-ill-formed", "anatomy-bad"), ("grammar", "grammar"),
    ("batch", "batch"), ("matching", "matching"), ("primer", "primer"),
)  # fmt: skip

#: Lines for the batch checker's shot: good tags, advice and errors of several kinds.
BATCH_SAMPLE = (
    "en-US\nde-DE-u-co-phonebk\nen_US\niw-IL\nzh-Hant-TW\nsr-Latn-RS\nen-US-Latn\nx-private\n"
    "sl-rozaj-biske\nde-1901-1901\ni-klingon\nqaa-Qaaa-QM\nen--US\nes-419\nhy-Latn-IT-arevela\n"
    "zh-yue-HK\nen-GB-oed\nja-Latn-hepburn-heploc\nis-Latn\nen-a-bbb-a-ccc\n"
)

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
                if not suffix:  # the teaching panes at the default size
                    _prepare_teaching(app, window)
                    for name, what in TEACHING:
                        target = args.out / f"{name}{'-dark' if theme == 'dark' else ''}.png"
                        if not _show(app, window, what).grab().save(str(target)):
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


def _prepare_teaching(app, window):  # type: ignore[no-untyped-def]
    """Fill the teaching panes for their shots: a batch checked, the grammar at its fourth step."""
    panes = getattr(window, "teaching", None)
    if panes is None:
        return
    panes.batch.input.setPlainText(BATCH_SAMPLE)
    panes.batch.start()
    while panes.batch.is_running():
        app.processEvents()
    panes.batch.problems_only.setChecked(False)


def _show(app, window, pane):  # type: ignore[no-untyped-def]
    """Bring *pane* to the front (or open the primer) and return the widget to grab."""
    panes = getattr(window, "teaching", None)
    if pane == "primer":
        from bcp47_explorer.ui.primer import PrimerDialog

        dialog = PrimerDialog(window)
        dialog.resize(820, 760)
        dialog.show()
        for _ in range(5):
            app.processEvents()
        return dialog
    if pane in ("anatomy", "anatomy-bad", "grammar", "batch", "matching") and panes is not None:
        widget = getattr(panes, pane.split("-")[0])
        window.state.set_tag("en-US-Latn-x-a" if pane == "anatomy-bad" else SAMPLE_TAG)
        window.tabs.setCurrentWidget(widget)
        for _ in range(5):
            app.processEvents()
        if pane.startswith("anatomy"):
            widget.refresh()
        if pane == "grammar":
            widget.refresh()
            widget.set_step(3)
    else:
        window.state.set_tag(SAMPLE_TAG)
        # Switch without moving the focus: a focused editor shows its text selected.
        window.tabs.setCurrentWidget(window.pane(pane))
    for _ in range(5):  # let layouts settle; no user input is pending here
        app.processEvents()
    return window


if __name__ == "__main__":
    sys.exit(main())
