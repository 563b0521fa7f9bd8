"""Make the README's screenshots of the registration assistant and the "What changed" view.

Usage (a real X server, e.g. Xvfb, with Qt's xcb platform):
    QT_QPA_PLATFORM=xcb python tools/screenshots_linguists.py [--out docs/screenshots]

Writes registration.png, registration-dark.png, changes.png and changes-dark.png. The changes view
shows a window started on the real 2021-08-06 copy in tests/data, after File > Open of the bundled one.
Settings and the kept registry copy go to a temporary folder: the user's own are not touched.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OLD = ROOT / "tests" / "data" / "language-subtag-registry-2021-08-06.txt"

#: A variant request filled in as a linguist would, with one Prefix that the checks flag as redundant.
REQUEST = {
    "name": "Ana Linguist",
    "email": "ana@example.org",
    "subtag": "tvardost",
    "description": "Tvardost school orthography",
    "prefix": "sl\nsl-rozaj",
    "comments": "Spelling conventions taught by the Tvardost school from 1921, used in its grammar "
    "books and in the parish newsletters of the upper valley until the 1960s",
    "meaning": "The orthography of the Tvardost school, which differs from the standard orthography in its "
    "use of digraphs for palatal consonants.",
    "reference": "M. Example, A Grammar of the Upper Valley Speech (Ljubljana, 1931).",
}


def main(argv: list[str] | None = None) -> int:
    """Render each shot into the output folder and print the files written."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    tmp = tempfile.TemporaryDirectory()
    os.environ["BCP47_EXPLORER_DATA_HOME"] = tmp.name

    from bcp47_explorer.core.data import REGISTRY_FILE, load_registry, resource_path
    from bcp47_explorer.ui.main_window import MainWindow
    from bcp47_explorer.ui.registration import RegistrationDialog
    from bcp47_explorer.ui.settings import Settings
    from bcp47_explorer.ui.theme import apply_theme
    from PySide6.QtWidgets import QApplication, QLineEdit, QPlainTextEdit

    app = QApplication.instance() or QApplication(["bcp47-explorer"])
    assert isinstance(app, QApplication)
    args.out.mkdir(parents=True, exist_ok=True)

    def settle() -> None:
        for _ in range(10):  # let layouts and the debounced checks settle; no user input is pending
            app.processEvents()

    def save(widget: object, name: str) -> bool:
        target = args.out / f"{name}.png"
        ok = widget.grab().save(str(target))  # type: ignore[attr-defined]
        print(target.relative_to(ROOT) if target.is_relative_to(ROOT) else target)
        return bool(ok)

    # As a user who still runs the 2021 registry and opens the current one: file names, not machine paths.
    os.chdir(tmp.name)
    shutil.copyfile(OLD, OLD.name)
    shutil.copyfile(resource_path(REGISTRY_FILE), "language-subtag-registry-new.txt")
    old_registry = load_registry(OLD.name, use_cache=False)
    for theme, suffix in (("light", ""), ("dark", "-dark")):
        apply_theme(app, theme)
        window = MainWindow(old_registry, Settings(Path(tmp.name) / f"settings-{theme}.ini"))
        window.resize(1180, 760)
        window.show()
        files = window.registry_files
        files.show_registration()
        dialog: RegistrationDialog = files.registration_dialog
        for key, text in REQUEST.items():
            widget = dialog.fields[key]
            if isinstance(widget, QLineEdit):
                widget.setText(text)
            elif isinstance(widget, QPlainTextEdit):
                widget.setPlainText(text)
        dialog.refresh()
        dialog.outputs.setCurrentWidget(dialog.record_view)
        settle()
        if not save(dialog, f"registration{suffix}"):
            return 1
        dialog.close()
        files.open_file("language-subtag-registry-new.txt")
        changes = files.changes_dialog
        assert changes is not None
        changes.kind_combo.setCurrentIndex(changes.kind_combo.findData("changed"))
        changes.filter_edit.setText("turkiye")
        changes.refresh()
        changes.filter_edit.clear()
        changes.refresh()
        row = next(i for i, r in enumerate(changes.rows()) if r.record.code == "TR")
        changes.table.selectRow(row)
        settle()
        if not save(changes, f"changes{suffix}"):
            return 1
        window.close()
    tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
