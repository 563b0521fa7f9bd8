"""Make the README's screenshots of each pane from the real app, offscreen.

Usage: python tools/screenshots.py [--out docs/screenshots] [--scale 1] [--theme light]

Writes editor.png, builder.png, browser.png (and browser-dark.png) showing the
window on the bundled data with a sample tag, and the teaching panes (anatomy, grammar,
batch, matching) and the Help primer, each light and dark. Settings go to a temporary file,
so the user's own settings are neither read nor changed.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: (file name, pane, theme, what to set up) of each shot.
SHOTS = (
    ("editor", "editor", "light"),
    ("builder", "builder", "light"),
    ("browser", "browser", "light"),
    ("browser-dark", "browser", "dark"),
    ("editor-dark", "editor", "dark"),
    ("anatomy", "anatomy", "light"),
    ("anatomy-dark", "anatomy", "dark"),
    ("anatomy-ill-formed", "anatomy-bad", "light"),
    ("grammar", "grammar", "light"),
    ("grammar-dark", "grammar", "dark"),
    ("batch", "batch", "light"),
    ("batch-dark", "batch", "dark"),
    ("matching", "matching", "light"),
    ("matching-dark", "matching", "dark"),
    ("primer", "primer", "light"),
    ("primer-dark", "primer", "dark"),
)

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
            _prepare_teaching(app, window)
            for name, pane, shot_theme in SHOTS:
                if shot_theme != theme:
                    continue
                target = args.out / f"{name}.png"
                widget = _show(app, window, pane)
                if not widget.grab().save(str(target)):
                    print(f"cannot write {target}", file=sys.stderr)
                    return 1
                print(target.relative_to(ROOT) if target.is_relative_to(ROOT) else target)
            window.close()
    return 0


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
