"""Frozen entry point of the command-line executable ``bcp47``."""

from __future__ import annotations

from bcp47_explorer.cli import run

if __name__ == "__main__":
    run()
