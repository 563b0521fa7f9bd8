"""The command-line face of the core: ``bcp47 VERB ...``.

Each group of verbs lives in a module of ``app.commands`` that exposes
``register(subparsers)``; every verb's handler takes the parsed arguments and
returns the exit status. Exit status: 0 found / all valid, 1 nothing matched /
something invalid, 2 usage or data errors.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from types import SimpleNamespace

from . import __version__

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:  # argparse is imported when a parser is built: not by `check --json -` (3 ms of its start-up)
    import argparse
    from typing import Any, TextIO


__all__ = ["main", "EXIT_OK", "EXIT_NO_MATCH", "EXIT_USAGE", "emit_json", "CommandError", "data_loaded"]

EXIT_OK = 0
EXIT_NO_MATCH = 1
EXIT_USAGE = 2

Handler = Callable[["argparse.Namespace"], int]


class CommandError(Exception):
    """A usage or data problem to report on stderr with exit status 2."""


@lru_cache(maxsize=1)
def _parser_class() -> type[argparse.ArgumentParser]:
    """Return the CLI's ArgumentParser: usage errors raise CommandError, and a failed write is reported."""
    import argparse

    class _Parser(argparse.ArgumentParser):
        def error(self, message: str) -> None:  # type: ignore[override]
            self.print_usage(sys.stderr)
            raise CommandError(message)

        def _print_message(self, message: str, file: Any = None) -> None:
            # argparse swallows write errors here; a full disk under --help must be reported like any other.
            if message:
                (file or sys.stderr).write(message)

    return _Parser


def emit_json(obj: Any, out: TextIO | None = None) -> None:
    """Write *obj* as one line of JSON (UTF-8; an undecodable input byte as U+FFFD, see commands.streams)."""
    import json  # on use: `bcp47 check --json` writes its lines by hand and never needs the module (start-up)

    from .commands.streams import clean_json_text

    stream = out if out is not None else sys.stdout
    stream.write(clean_json_text(json.dumps(obj, ensure_ascii=False, separators=(",", ":"))) + "\n")


# Which command module defines each verb: a command line that starts with a known verb only
# imports that module (start-up time is part of every `bcp47 check`); anything else, such as
# `bcp47 --help` or a misspelt verb, gets every module. A test keeps this table true.
VERB_MODULES = {
    "lookup": "registry_cmds", "search": "registry_cmds", "registry": "registry_cmds",
    "check": "tag_cmds", "canon": "tag_cmds", "explain": "tag_cmds", "convert": "tag_cmds",
    "match": "match_cmds",
    "likely": "likely_cmds",
    "name": "name_cmds",
    "repair": "repair_cmds",
}  # fmt: skip
_COMMAND_MODULES = ("registry_cmds", "tag_cmds", "match_cmds", "likely_cmds", "name_cmds", "repair_cmds")


def build_parser(verb: str | None = None) -> argparse.ArgumentParser:
    """Return the argument parser with every verb of every command module (or only *verb*'s module)."""
    from .core.text.catalogue import _

    parser_class = _parser_class()
    parser = parser_class(
        prog="bcp47",
        description=_("Check, explain and look up BCP 47 language tags (RFC 5646) on the bundled IANA and CLDR data."),
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="verb", metavar="VERB", parser_class=parser_class)
    sub.required = True
    import importlib

    names = (VERB_MODULES[verb],) if verb in VERB_MODULES else _COMMAND_MODULES
    for name in names:
        importlib.import_module(f".commands.{name}", __package__).register(sub)
    return parser


_paused = False  # main() switched the garbage collector off for start-up


def data_loaded() -> None:
    """Tell the CLI that a verb has loaded its data, before it loops over many inputs.

    Run as a process (``main()`` without arguments), the CLI starts with the garbage collector
    off: loading the registry and CLDR makes about 100,000 long-lived objects and no garbage
    cycles. This moves what is loaded out of the collector's way (``gc.freeze``) and switches
    it back on, with a young generation of :data:`YOUNG_THRESHOLD` objects rather than 700: checking
    makes few cycles (a column's 4,000 distinct tags met 17 collections, 2 ms of a 0.11 s run), and a
    long input is still collected every so often, so cyclic garbage stays bounded. Called from tests
    (``main([...])``) it does nothing.
    """
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.set_threshold(YOUNG_THRESHOLD, *gc.get_threshold()[1:])
        gc.enable()


#: The collector's young generation while a verb loops over its inputs (see :func:`data_loaded`).
YOUNG_THRESHOLD = 20_000


def choose_language(environ: Mapping[str, str]) -> str:
    """Use the catalogue that ``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/``LANG`` ask for; return its tag.

    English preferred first (or none) and a shipped tag named exactly need no data; any other preference is
    matched by the CLDR best fit (``de-AT`` → ``de``, ``zh-TW`` → ``en``), which loads the supplemental data.
    """
    from .core.data import DataError
    from .core.text.catalogue import SHIPPED, set_language

    if not environ.get("LANGUAGE") and _c_locale(environ):
        return set_language("en")  # what env_preferences finds nothing in: its module is not imported (start-up)
    from .core.matching.uilanguage import env_preferences

    prefs = env_preferences(environ)
    if not prefs or prefs[0].split("-")[0].lower() == "en":
        return set_language("en")
    if prefs[0] in SHIPPED:
        return set_language(prefs[0])
    from .core.data import bundled_supplemental
    from .core.matching.bestfit import Matcher
    from .core.matching.uilanguage import negotiate

    try:
        return set_language(negotiate(prefs, Matcher(bundled_supplemental())).tag)
    except DataError:  # the data's own error is reported by the command that needs it
        return set_language("en")


def _c_locale(environ: Mapping[str, str]) -> bool:
    """Tell whether the locale ``LC_ALL``/``LC_MESSAGES``/``LANG`` name is unset, ``C`` or ``POSIX`` (any codeset).

    >>> _c_locale({"LANG": "C.UTF-8"}), _c_locale({}), _c_locale({"LC_ALL": "", "LANG": "de_DE"})
    (True, True, False)
    """
    name = next((environ[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(k)), "")
    return name.strip().partition("@")[0].split(".", 1)[0] in ("", "C", "POSIX")


def _quick_args(args: list[str]) -> argparse.Namespace | None:
    """Return the parsed arguments of ``check --json [--jobs N] -`` without building the parser, else None.

    The commonest command line in a pipeline, whose start-up is part of every run (building the parser
    with its translated help texts is a few milliseconds). A test checks that each command line taken
    here gives the namespace the parser gives.
    """
    if len(args) == 3:
        jobs = None
        if args != ["check", "--json", "-"]:
            return None
    elif len(args) == 5 and args[:3] == ["check", "--json", "--jobs"] and args[4] == "-":
        n = args[3]
        if not (n.isascii() and n.isdigit() and n[0] != "0" and len(n) <= 4):
            return None
        jobs = int(n)
    else:
        return None
    from .commands.tag_cmds import _run_check
    from .core.text.static import cast

    # The attributes the parser gives, on a plain namespace: importing argparse is 3 ms of this command's start-up.
    return cast("argparse.Namespace", SimpleNamespace(
        verb="check", json=True, registry=None, strict=False, jobs=jobs, plausibility=False, tags=["-"], input=None,
        column=None, output=None, format=None, handler=_run_check,
    ))  # fmt: skip


def _in_data_folder(message: str) -> bool:
    """Tell whether the error *message* is about one of the app's data files (not a --registry FILE)."""
    from .core import data
    from .core.data import DataError

    names = (data.REGISTRY_FILE, data.EXTENSIONS_FILE, data.CLDR_FILE, data.SUPPLEMENTAL_FILE, data.NAMES_FILE)
    try:
        folder = str(data.resource_path(data.REGISTRY_FILE).parent)
    except DataError:  # the folder itself is missing: the message says so and what to do
        return False
    if data.ENV_DATA_DIR in message:
        return False
    return message.startswith(tuple(f"{n}, line " for n in names)) or f"{folder}{os.sep}" in message


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status.

    Run as a process (no *argv*), the garbage collector is off from here until the verb has loaded its data
    (:func:`data_loaded`): the modules this imports and the data make long-lived objects and no cycles (the
    imports alone met eight collections, 1-2 ms, when the module imported them at its top).
    """
    global _paused
    if argv is None and gc.isenabled():
        gc.disable()
        _paused = True
    try:
        return _main(argv)
    finally:
        if _paused:
            _paused = False
            gc.enable()


def _main(argv: Sequence[str] | None) -> int:
    from .commands import streams
    from .core.data import DataError, data_advice
    from .core.registry.recordjar import RecordJarError
    from .core.text.catalogue import _

    if argv is None:
        if sys.stdout is None:  # started with standard output closed (`bcp47 ... >&-`)
            print(_("bcp47: cannot write the output: standard output is closed"), file=sys.stderr)
            return EXIT_USAGE
        streams.prepare_streams()
    try:
        choose_language(os.environ)
        args_list = list(sys.argv[1:] if argv is None else argv)
        args = _quick_args(args_list)
        if args is None:
            parser = build_parser(args_list[0] if args_list else None)
            args = parser.parse_args(args_list)
        if argv is None and getattr(args, "json", False):
            streams.use_json_stdout()
        handler: Handler = args.handler
        status = handler(args)
        sys.stdout.flush()  # a full disk shows here, not in the interpreter's flush at exit
        return status
    except CommandError as exc:
        print(_("bcp47: {message}").format(message=exc), file=sys.stderr)
        if _in_data_folder(str(exc)):  # a damaged data file behind the verb: say what to do
            print(_("bcp47: {message}").format(message=data_advice()), file=sys.stderr)
        return EXIT_USAGE
    except (DataError, RecordJarError) as exc:
        print(_("bcp47: data error: {message}").format(message=exc), file=sys.stderr)
        if _in_data_folder(str(exc)):  # one of the app's data files (not a --registry FILE): say what to do
            print(_("bcp47: {message}").format(message=data_advice()), file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        # Output piped into `head` and the like: not an error of ours.
        with contextlib.suppress(OSError, ValueError):
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, sys.stdout.fileno())
        sys.stderr.close()
        return EXIT_OK
    except OSError as exc:  # a full disk (ENOSPC), a closed output (EBADF), an I/O error
        return streams.report_write_error(exc)
    except KeyboardInterrupt:
        return 130
    except SystemExit:  # --help and --version: their output must reach its file, or say why not
        if sys.stdout is not None:
            try:
                sys.stdout.flush()
            except OSError as exc:
                return streams.report_write_error(exc)
        raise


_exit_at_once = False  # a verb told run() that it leaves nothing open but the standard streams


def leaves_only_std_streams() -> None:
    """Tell :func:`run` that the verb running writes to the standard streams alone and leaves no file open.

    Such a verb's process may end at once once its output is flushed (see :func:`run`).
    """
    global _exit_at_once
    _exit_at_once = True


def _nothing_else_to_end() -> bool:
    """Tell whether the interpreter's own ending would do nothing but free memory: no exit callback, one thread."""
    import atexit  # built in: no file is read

    count = getattr(atexit, "_ncallbacks", None)  # CPython's; elsewhere: assume there is something
    if count is None or count() != 0:
        return False
    threading = sys.modules.get("threading")
    return threading is None or threading.active_count() == 1


def run() -> None:
    """Run the command line (the ``bcp47`` command) and end the process with its exit status.

    When the verb said it leaves nothing open but the standard streams (:func:`leaves_only_std_streams`:
    ``check``) and nothing is registered to run at exit, the standard streams are flushed and the process
    ends at once (``os._exit``): the interpreter's own ending frees every object one by one (the registry's
    9,300 records, a column's memo), 2-4 ms of a 0.11 s ``check`` of a column. Otherwise, or when a flush
    fails (its error is then reported by the usual ending), it ends as usual (``sys.exit``).
    """
    status = main()
    if _exit_at_once and _nothing_else_to_end():
        try:
            for stream in (sys.stdout, sys.stderr):
                if stream is not None:
                    stream.flush()
        except (OSError, ValueError):
            pass
        else:
            os._exit(status)
    sys.exit(status)


if __name__ == "__main__":
    # Run through the imported module so that command modules and this entry point share one
    # CommandError class (``python -m bcp47_explorer.cli`` would otherwise load this file twice).
    from .cli import run as _run

    _run()
