"""Start the desktop app: ``python -m bcp47_explorer`` or ``bcp47-explorer``."""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import __version__

if TYPE_CHECKING:
    from .core.registry.model import Registry

__all__ = ["main", "build_parser", "split_qt_args"]

#: Qt's own command-line options (QApplication, QGuiApplication, X11): those that take a value, and flags.
QT_VALUE_OPTIONS = frozenset({"style", "stylesheet", "platform", "platformpluginpath", "platformtheme", "plugin",
                              "qwindowgeometry", "qwindowicon", "qwindowtitle", "session", "display", "geometry",
                              "title", "name", "visual", "ncols", "cmap", "fontengine", "qmljsdebugger"})  # fmt: skip
QT_FLAG_OPTIONS = frozenset({"reverse", "widgetcount", "nograb", "dograb", "sync"})

#: When set, print "shown <monotonic s>" and "painted <monotonic s> <CPU s>" right after the window's first paint,
#: and "ready <monotonic s> <CPU s>" once its data are loaded and the first verdict shown (benchmarks read them).
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
    p.add_argument(
        "--theme",
        choices=("system", "light", "dark", "contrast"),
        help="palette to use, 'contrast' for high contrast (remembered)",
    )
    p.add_argument(
        "--ui-language",
        metavar="TAG",
        help="the language of the application, a BCP 47 tag matched to the shipped translations "
        "(default: the one chosen in Help > Language of the application, else the system's)",
    )
    p.epilog = "Qt's own options (-reverse, -style NAME, -platform NAME, ...) are passed on to Qt."
    p.add_argument(
        "--quit-after", type=int, metavar="MS", help="quit MS milliseconds after the window is ready (its data loaded)"
    )
    p.add_argument(
        "--new-instance",
        action="store_true",
        help="open a window of its own even when one is running (by default a second start hands its tag to it)",
    )
    return p


def split_qt_args(argv: Sequence[str]) -> tuple[list[str], list[str]]:
    """Return (our arguments, Qt's) from *argv*: Qt's options (-reverse, -style X, -platform=X…) go to Qt.

    >>> split_qt_args(["-reverse", "en-US", "-style", "fusion", "--theme", "dark", "-platform=offscreen"])
    (['en-US', '--theme', 'dark'], ['-reverse', '-style', 'fusion', '-platform=offscreen'])
    """
    ours: list[str] = []
    qt: list[str] = []
    args = list(argv)
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":  # everything after it is ours
            ours += args[i:]
            break
        name = arg.lstrip("-").split("=", 1)[0] if arg.startswith("-") and not arg.startswith("---") else ""
        if name in QT_FLAG_OPTIONS:
            qt.append(arg)
        elif name in QT_VALUE_OPTIONS:
            qt.append(arg)
            if "=" not in arg and i + 1 < len(args):
                qt.append(args[i + 1])
                i += 1
        else:
            ours.append(arg)
        i += 1
    return ours, qt


def main(argv: Sequence[str] | None = None) -> int:
    """Run the app; return its exit status (2 when the data cannot be loaded)."""
    parser = build_parser()
    ours, qt_args = split_qt_args(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(ours)
    if args.registry is not None and not args.registry.strip():
        parser.error("--registry needs a file name (leave the option out for the bundled registry)")
    from .ui.xcb_check import NO_DISPLAY_MESSAGE, missing_libraries, missing_message, no_display, xcb_wanted

    platform = _qt_option(qt_args, "platform")
    if platform is not None:  # the platform chosen on the command line wins over the environment's
        os.environ["QT_QPA_PLATFORM"] = platform
    if no_display() and not _qt_running():  # Qt would abort (exit 134) blaming a library
        print(NO_DISPLAY_MESSAGE, file=sys.stderr)
        return 1
    if xcb_wanted() and not _qt_running():
        missing = missing_libraries()
        if missing:  # Qt would abort (exit 134) naming one library, maybe not a missing one
            print(missing_message(missing), file=sys.stderr)
            return 1

    from PySide6.QtCore import QCoreApplication, QTimer
    from PySide6.QtWidgets import QApplication

    from .ui.pyside_imports import quicken

    quicken()  # before the app's own modules: PySide6 checks each of them

    from .ui.errors import install_excepthook, setup_logging

    QCoreApplication.setOrganizationName("bcp47-explorer")
    QCoreApplication.setApplicationName("bcp47-explorer")
    QCoreApplication.setApplicationVersion(__version__)
    existing = QApplication.instance()
    app = (
        existing
        if isinstance(existing, QApplication)
        else QApplication([sys.argv[0] if sys.argv else "bcp47-explorer", *qt_args])
    )
    app.setApplicationDisplayName("BCP 47 Explorer")
    app.setDesktopFileName("io.github.bcp47explorer.BCP47Explorer")
    from .ui.app_icon import app_icon

    app.setWindowIcon(app_icon())  # an empty icon when the icon files are missing
    from pathlib import Path

    from .ui.settings import default_settings_path
    from .ui.single import SingleInstance, server_name

    single: SingleInstance | None = None
    if not args.new_instance:
        settings_file = Path(args.settings).resolve() if args.settings else default_settings_path()
        single = SingleInstance(server_name(str(settings_file)))
        if single.hand_over(args.tag.strip() if args.tag else ""):
            print("bcp47-explorer: shown in the window already open", file=sys.stderr)
            return 0
        # Listening (Qt's network module) waits for the first paint: see listen_once below.
    setup_logging()
    install_excepthook()

    def fatal(message: str) -> None:
        logging.getLogger(__name__).error(message)
        print(f"bcp47-explorer: {message}", file=sys.stderr)
        if args.quit_after is None:  # nobody would be there to close a dialog in an automated run
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.critical(window, "BCP 47 Explorer cannot start", message)
        window.hide()
        app.exit(2)

    from .ui.settings import Settings

    settings = Settings(args.settings)
    startup_warning = ""
    if settings.refused is not None:
        print(f"bcp47-explorer: settings file refused: {settings.refused}", file=sys.stderr)
    if args.theme:
        settings.set_value("window/theme", args.theme)
    from .ui.i18n import LANGUAGE_SETTING, install_translations, quick_ui_language

    # The UI language: a shipped tag or English preferred first needs no CLDR data (a quick start-up).
    ui_language = quick_ui_language(args.ui_language, settings.value(LANGUAGE_SETTING))
    if ui_language is None:  # matched with CLDR's best fit (de-AT → de, zh-TW → en)
        from .core.data import DataError, bundled_supplemental
        from .core.matching.bestfit import Matcher
        from .ui.i18n import negotiate_ui_language

        try:
            ui_language = negotiate_ui_language(
                Matcher(bundled_supplemental()), args.ui_language, settings.value(LANGUAGE_SETTING)
            )
        except DataError as exc:  # without CLDR's matching data the source language is used, and the app runs
            logging.getLogger(__name__).warning("UI language: English, as CLDR's data cannot be read: %s", exc)
    install_translations(app, ui_language.tag if ui_language is not None else "en")
    if ui_language is not None:
        logging.getLogger(__name__).info("UI language %s: %s", ui_language.tag, ui_language.reason)
    from .ui.main_window import MainWindow
    from .ui.theme import apply_theme, install_focus_ring

    # The focus ring's style comes right after the first paint; until then the focused field draws its own ring.
    apply_theme(app, settings.value("window/theme"), focus_ring=False, style_option=_qt_option(qt_args, "style"))

    def load() -> Registry | None:
        """Return the registry to use, once the window is painted (None: the app cannot start; said why)."""
        nonlocal startup_warning
        from .core.data import DataError, bundled_registry, check_data_files, data_advice
        from .core.registry.model import RegistryError
        from .core.registry.update import ENV_DATA_HOME

        # Edit > Preferences > Data folder, chosen in an earlier run: where the kept registry copy is read
        # from (the environment variable, when set, wins). Set before anything reads the data folder.
        chosen_folder = str(settings.value("data/folder") or "")
        if chosen_folder and not os.environ.get(ENV_DATA_HOME):
            os.environ[ENV_DATA_HOME] = chosen_folder
        registry = None
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
                fatal(f"The bundled Language Subtag Registry cannot be loaded:\n\n{exc}")
                return None
        # Every data file the window uses, validated in full before it is used: never a half-working app on
        # damaged data (a names pack cut short once started with exit 0 and failed on the first name).
        damaged = check_data_files()
        if damaged:
            listed = "\n\n".join(damaged)
            fatal(f"The data files cannot be used:\n\n{listed}\n\n{data_advice()}")
            return None
        return registry

    # The window is painted first (menus, tabs, the editor's field with the focus); the data are loaded and
    # the first verdict shown right after (MainWindow's loader). What is typed meanwhile is kept and checked.
    window = MainWindow(None, settings, loader=load)
    if single is not None:
        single.tag_received.connect(window.receive_from_other_start)
    if args.tag:
        window.state.set_tag(args.tag.strip())
    probe = bool(os.environ.get(ENV_STARTUP_PROBE))
    listening: list[bool] = []

    def listen_once() -> None:
        """Become the first instance: right after the first paint (or when ready, for a window never painted)."""
        if single is not None and not listening:
            listening.append(single.listen())

    def painted() -> None:
        if probe:
            now, cpu = time.monotonic(), time.process_time()
            print(f"shown {now:.6f}\npainted {now:.6f} {cpu:.6f}", flush=True)
        QTimer.singleShot(0, listen_once)  # a turn of its own, as the data's loading has
        QTimer.singleShot(0, lambda: install_focus_ring(app))

    def ready() -> None:
        listen_once()
        install_focus_ring(app)  # (for a window never painted: done already after a paint)
        if probe:
            print(f"ready {time.monotonic():.6f} {time.process_time():.6f}", flush=True)
        warning = startup_warning
        if settings.refused is not None:
            warning = "\n\n".join(w for w in (warning, f"Settings file refused: {settings.refused}.") if w)
        if warning:
            # Shown over the window, not before it: the app is usable while the message is read.
            title = "Cannot open the registry" if args.registry and not settings.refused else "BCP 47 Explorer"
            from PySide6.QtWidgets import QMessageBox

            box = QMessageBox(QMessageBox.Icon.Warning, title, warning, parent=window)
            box.open()
        if args.quit_after is not None:
            QTimer.singleShot(max(args.quit_after, 0), window.close)

    window.first_painted.connect(painted)  # the window's own first-paint watch: no second one
    window.data_ready.connect(ready)
    window.show()
    status = app.exec()
    if single is not None:
        single.close()
    return int(status)


def _qt_option(qt_args: Sequence[str], name: str) -> str | None:
    """Return the value of Qt option *name* in *qt_args* (None when it is not there)."""
    for i, arg in enumerate(qt_args):
        key, eq, value = arg.lstrip("-").partition("=")
        if key == name:
            return value if eq else (qt_args[i + 1] if i + 1 < len(qt_args) else None)
    return None


def _qt_running() -> bool:
    """Tell whether a QApplication already exists (tests): then Qt's platform is loaded already."""
    qt = sys.modules.get("PySide6.QtWidgets")
    return qt is not None and qt.QApplication.instance() is not None


if __name__ == "__main__":
    sys.exit(main())
