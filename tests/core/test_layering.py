"""The core stays free of Qt: importing every app.core module (and the CLI) loads no PySide6."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import bcp47_explorer.core

ROOT = Path(__file__).resolve().parents[2]
ENTRY_MODULES = ["bcp47_explorer.cli", "bcp47_explorer.commands.registry_cmds", "bcp47_explorer.commands.tag_cmds"]


def test_core_and_cli_import_no_qt() -> None:
    modules = [m.name for m in pkgutil.walk_packages(bcp47_explorer.core.__path__, "bcp47_explorer.core.")]
    assert "bcp47_explorer.core.engine.tag" in modules and "bcp47_explorer.core.registry.model" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {[*modules, *ENTRY_MODULES]!r}:\n"
        "    importlib.import_module(name)\n"
        "from bcp47_explorer.cli import build_parser; build_parser()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


def test_no_core_source_mentions_qt() -> None:
    for path in (ROOT / "app" / "core").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import PySide6" not in text and "from PySide6" not in text, path.name
