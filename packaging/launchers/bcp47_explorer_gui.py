"""Frozen entry point of the GUI executable ``bcp47-explorer``."""

from __future__ import annotations

import sys

from bcp47_explorer.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
