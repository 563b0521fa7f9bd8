"""Issue 25: a visible string literal in app/ui that is not marked for translation fails here.

The check reads the source (AST): a string literal passed straight to a call that shows text (``setText``,
``setToolTip``, ``QLabel(...)``, ``addAction(...)``, ``QMessageBox.warning(...)``, ``describe(...)``…) must be
inside ``self.tr(...)``, ``QCoreApplication.translate(...)``, ``_()``/``ngettext()``. Files not wrapped yet are
listed in ``tests/ui/i18n_unwrapped.txt``; the GUI helpers remove each file from it as they wrap it (a file
listed but already clean fails too, so the list only shrinks), until the list is empty.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "app" / "ui"
ALLOWLIST = Path(__file__).with_name("i18n_unwrapped.txt")

#: Calls whose string arguments are shown to a person (methods by name, and constructors).
SHOWS_TEXT = frozenset(
    {
        "setText", "setToolTip", "setStatusTip", "setWhatsThis", "setPlaceholderText", "setWindowTitle",
        "setAccessibleName", "setAccessibleDescription", "setTitle", "setTabText", "setTabToolTip", "addTab",
        "insertTab", "addItem", "addItems", "insertItem", "setItemText", "addAction", "addMenu", "setHeaderLabels",
        "setHorizontalHeaderLabels", "setLabelText", "setInformativeText", "setDetailedText", "showMessage",
        "setPrefix", "setSuffix", "setSpecialValueText", "addButton", "setButtonText", "setHtml", "setPlainText",
        "information", "warning", "critical", "question", "about", "getText", "getItem", "getOpenFileName",
        "getSaveFileName", "getExistingDirectory",
        "QLabel", "QPushButton", "QToolButton", "QCheckBox", "QRadioButton", "QGroupBox", "QAction", "QMenu",
        "QMessageBox", "QTreeWidgetItem", "QListWidgetItem", "QTableWidgetItem", "QCommandLinkButton",
        # the project's accessibility helpers (ui/a11y.py): describe(widget, name, description), verdict(widget, name)
        "describe", "verdict",
    }
)  # fmt: skip
#: Receivers whose calls write to the log (read by developers, never translated): ``log.warning("...")``.
LOGGERS = frozenset({"log", "logger", "logging", "_log"})
#: The marks: a literal inside one of these calls is translated.
MARKS = frozenset({"tr", "translate", "_", "ngettext", "pgettext", "npgettext", "N_"})
#: Literals that are not words: empty, no letters, a code or tag, a format with only fields, a rich-text tag.
_NOT_WORDS = re.compile(r"^(?:[\W\d_]*|[a-z0-9][A-Za-z0-9_.:/+-]*|\{[^}]*\}|<[^>]*>)$", re.S)


def _name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _literal_text(node: ast.expr) -> str | None:
    """Return the text of a plain or f-string literal argument (None for anything else)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        left = _literal_text(node.left)
        return left if left is not None else _literal_text(node.right)
    return None


def unmarked(source: str, filename: str = "<ui>") -> list[tuple[int, str]]:
    """Return (line, text) of every visible literal in *source* not inside a translation mark."""
    tree = ast.parse(source, filename)
    out: list[tuple[int, str]] = []
    for call in ast.walk(tree):
        if not isinstance(call, ast.Call) or _name(call) not in SHOWS_TEXT:
            continue
        f = call.func
        if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in LOGGERS:
            continue
        for arg in [*call.args, *(k.value for k in call.keywords)]:
            items = arg.elts if isinstance(arg, (ast.List, ast.Tuple)) else [arg]
            for item in items:
                text = _literal_text(item)
                if text is not None and text.strip() and not _NOT_WORDS.match(text.strip()):
                    out.append((item.lineno, text))
    return out


def _listed() -> set[str]:
    lines = ALLOWLIST.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def _ui_files() -> dict[str, Path]:
    return {p.relative_to(ROOT).as_posix(): p for p in sorted(UI.glob("*.py"))}


def test_the_check_finds_an_unmarked_string_and_passes_a_marked_one() -> None:
    src = (
        "label.setText('Open the file')\n"
        "label.setText(self.tr('Open the file'))\n"
        "b = QPushButton(f'Save {name}')\n"
        "QMessageBox.warning(self, self.tr('Title'), 'Body text')\n"
        "box.addItems(['Light', 'Dark'])\n"
        "edit.setText('en-US')\n"
        "describe(w, QCoreApplication.translate('X', 'Name'), 'A description')\n"
        "log.warning('settings: %s could not be read', path)\n"
    )
    assert unmarked(src) == [(1, "Open the file"), (3, "Save "), (4, "Body text"), (5, "Light"), (5, "Dark"),
                             (7, "A description")]  # fmt: skip


def test_every_visible_string_in_the_gui_is_marked_except_in_the_listed_files() -> None:
    listed = _listed()
    found = []
    for rel, path in _ui_files().items():
        if rel in listed:
            continue
        found += [f"{rel}:{line}: {text!r}" for line, text in unmarked(path.read_text(encoding="utf-8"), rel)]
    assert found == [], "wrap these in self.tr(...) (see README 'Translations'):\n" + "\n".join(found)


def test_the_list_of_unwrapped_files_only_names_files_that_still_need_it() -> None:
    files = _ui_files()
    stale = sorted(rel for rel in _listed() if rel not in files or not unmarked(files[rel].read_text(encoding="utf-8")))
    assert stale == [], "remove from tests/ui/i18n_unwrapped.txt (wrapped or gone): " + ", ".join(stale)
