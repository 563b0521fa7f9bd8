"""Frozen entry point of the command-line executable ``bcp47``."""

from __future__ import annotations

import sys

from bcp47_explorer.cli import main

if __name__ == "__main__":
    sys.exit(main())
