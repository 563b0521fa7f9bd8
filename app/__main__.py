"""Start the desktop app: ``python -m bcp47_explorer`` or ``bcp47-explorer``."""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from collections.abc import Sequence

from . import __version__

__all__ = ["main", "build_parser"]

#: When set, print "shown <monotonic seconds>" once the window is on screen (benchmarks read it).
ENV_STARTUP_PROBE = "BCP47_EXPLORER_STARTUP_PROBE"


def build_parser() -> argparse.ArgumentParser:
    """Return the command-line parser of the GUI."""
    p = argparse.ArgumentParser(prog="bcp47-explorer", description="Explore, check and build BCP 47 language tags.")
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    p.add_argument("tag", nargs="?", help="a tag to open in the editor")
    p.add_argument(
        "--registry", metavar="FILE", help="use this Language Subtag Registry file instead of the bundled one"
    )
    p.add_argument("--settings", metavar="FILE", help="keep settings in this ini file (default: the user's config)")
    p.add_argument("--theme", choices=("system", "light", "dark"), help="palette to use (remembered)")
    p.add_argument("--quit-after", type=int, metavar="MS", help="quit MS milliseconds after the window is shown")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the app; return its exit status (2 when the data cannot be loaded)."""
    parser = build_parser()
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.registry is not None and not args.registry.strip():
        parser.error("--registry needs a file name (leave the option out for the bundled registry)")
    from .ui.xcb_check import NO_DISPLAY_MESSAGE, missing_libraries, missing_message, no_display, xcb_wanted

    if no_display() and not _qt_running():  # Qt would abort (exit 134) blaming a library
        print(NO_DISPLAY_MESSAGE, file=sys.stderr)
        return 1
    if xcb_wanted() and not _qt_running():
        missing = missing_libraries()
        if missing:  # Qt would abort (exit 134) naming one library, maybe not a missing one
            print(missing_message(missing), file=sys.stderr)
            return 1

    from PySide6.QtCore import QCoreApplication, QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from .core.data import DataError, bundled_registry
    from .core.registry.model import RegistryError
    from .ui.errors import install_excepthook, setup_logging

    QCoreApplication.setOrganizationName("bcp47-explorer")
    QCoreApplication.setApplicationName("bcp47-explorer")
    QCoreApplication.setApplicationVersion(__version__)
    existing = QApplication.instance()
    app = (
        existing
        if isinstance(existing, QApplication)
        else QApplication([sys.argv[0] if sys.argv else "bcp47-explorer"])
    )
    app.setApplicationDisplayName("BCP 47 Explorer")
    app.setDesktopFileName("io.github.bcp47explorer.BCP47Explorer")
    from .ui.about import app_icon

    app.setWindowIcon(app_icon())  # an empty icon when the icon files are missing
    setup_logging()
    install_excepthook()

    def fatal(message: str) -> int:
        logging.getLogger(__name__).error(message)
        print(f"bcp47-explorer: {message}", file=sys.stderr)
        if args.quit_after is None:  # nobody would be there to close a dialog in an automated run
            QMessageBox.critical(None, "BCP 47 Explorer cannot start", message)
        return 2

    registry = None
    startup_warning = ""
    if args.registry:
        from .core.registry.check import open_checked

        try:
            registry, report = open_checked(args.registry, bundled_registry())
            if not report.is_clean:  # used, as asked on the command line, but not without saying what it lacks
                startup_warning = f"{args.registry} is used as asked, but:\n\n{report.describe()}"
        except (DataError, RegistryError) as exc:
            startup_warning = f"{exc}\n\nThe bundled registry is used instead."
            logging.getLogger(__name__).warning("cannot open the registry: %s", exc)
    if registry is None and not args.registry:  # the copy the user downloaded or opened last time
        from .core.registry.update import kept_registry

        try:
            registry, kept_warning = kept_registry(bundled_registry())
        except (DataError, RegistryError):
            registry, kept_warning = None, ""
        if kept_warning:
            startup_warning = f"About the registry copy you chose last time:\n\n{kept_warning}"
    if registry is None:
        try:
            registry = bundled_registry()
        except (DataError, RegistryError) as exc:
            return fatal(f"The bundled Language Subtag Registry cannot be loaded:\n\n{exc}")
    try:  # validated in full, and refused as the CLI refuses it: never a half-working app on damaged data
        from .core.data import bundled_cldr, bundled_extensions_registry

        bundled_cldr()
        bundled_extensions_registry()
    except DataError as exc:
        return fatal(f"The data files cannot be used:\n\n{exc}")

    from .ui.main_window import MainWindow
    from .ui.settings import Settings
    from .ui.theme import apply_theme

    settings = Settings(args.settings)
    if settings.refused is not None:
        print(f"bcp47-explorer: settings file refused: {settings.refused}", file=sys.stderr)
        startup_warning = "\n\n".join(w for w in (startup_warning, f"Settings file refused: {settings.refused}.") if w)
    if args.theme:
        settings.set_value("window/theme", args.theme)
    apply_theme(app, settings.value("window/theme"))
    window = MainWindow(registry, settings)
    if args.tag:
        window.state.set_tag(args.tag.strip())
    window.show()
    if startup_warning:
        # Shown over the window, not before it: the app is usable while the message is read.
        title = "Cannot open the registry" if args.registry and not settings.refused else "BCP 47 Explorer"
        box = QMessageBox(QMessageBox.Icon.Warning, title, startup_warning, parent=window)
        box.open()

    def shown() -> None:
        if os.environ.get(ENV_STARTUP_PROBE):
            print(f"shown {time.monotonic():.6f}", flush=True)
        if args.quit_after is not None:
            QTimer.singleShot(max(args.quit_after, 0), window.close)

    QTimer.singleShot(0, shown)
    status = app.exec()
    return int(status)


def _qt_running() -> bool:
    """Tell whether a QApplication already exists (tests): then Qt's platform is loaded already."""
    qt = sys.modules.get("PySide6.QtWidgets")
    return qt is not None and qt.QApplication.instance() is not None


if __name__ == "__main__":
    sys.exit(main())
