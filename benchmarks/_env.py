"""Shared set-up for the benchmark scripts: child processes that start the way an installed app does."""

from __future__ import annotations

import compileall
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def bench_env(**extra: str) -> dict[str, str]:
    """Return the environment for measured child processes.

    An installed package has its bytecode compiled by pip, and so do the peer libraries; a
    shell with PYTHONDONTWRITEBYTECODE set would make our source checkout recompile on every
    start and compare unlike with like. So the variable is dropped and the tree precompiled.
    """
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra)
    return env


def precompile() -> None:
    """Write the bytecode of the app package, as pip does when it installs the wheel."""
    compileall.compile_dir(str(ROOT / "app"), quiet=1)
