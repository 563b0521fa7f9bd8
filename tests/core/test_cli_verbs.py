"""The CLI's verb table: a command line that names a verb imports only that verb's module."""

from __future__ import annotations

import argparse
import ast
import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from bcp47_explorer import cli


def _verbs(parser: argparse.ArgumentParser) -> set[str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return set(action.choices)
    return set()


def test_verb_table_names_every_verb_and_its_module() -> None:
    assert _verbs(cli.build_parser()) == set(cli.VERB_MODULES)
    for verb, module in cli.VERB_MODULES.items():
        sub = argparse.ArgumentParser().add_subparsers()
        importlib.import_module(f"bcp47_explorer.commands.{module}").register(sub)
        assert verb in sub.choices, (verb, module)
        assert verb in _verbs(cli.build_parser(verb))


def test_unknown_verb_still_lists_every_verb(capsys) -> None:  # type: ignore[no-untyped-def]
    assert cli.main(["chek", "en"]) == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert "'chek'" in err and "'match'" in err and "'lookup'" in err


def test_process_run_pauses_the_collector_until_data_is_loaded(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    import gc

    seen: list[bool] = []
    monkeypatch.setattr(gc, "freeze", lambda: seen.append(gc.isenabled()))
    monkeypatch.setattr("sys.argv", ["bcp47", "check", "en-US"])
    assert cli.main() == cli.EXIT_OK
    assert seen == [False]  # frozen while still paused, then switched back on
    assert gc.isenabled()
    assert "valid" in capsys.readouterr().out
    seen.clear()
    assert cli.main(["check", "en-US"]) == cli.EXIT_OK  # called as a library: the collector is left alone
    assert seen == [] and gc.isenabled()


@pytest.mark.parametrize(
    ("argv", "want"),
    [
        (["lookup", b"\xff"], b"\\udcff: no record"),
        (["match", "--ranges", "en", b"\xff"], b"no range matches: \\udcff"),
        (["match", "--ranges", "en", "-"], b"no range matches: \\udcff\\udcfe-US"),
        (["check", "-"], b"'\\udcff\\udcfe-US': NOT well-formed"),
    ],
)
def test_undecodable_bytes_under_a_strict_utf8_locale_give_no_traceback(argv, want) -> None:  # type: ignore[no-untyped-def]
    # Under en_US.UTF-8 and the like Python reads and writes the standard streams strictly.
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-m", "bcp47_explorer.cli", *argv], input=b"en\n\xff\xfe-US\n", capture_output=True, cwd=root,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"}, check=False,
    )  # fmt: skip
    assert b"Traceback" not in done.stderr, done.stderr.decode("utf-8", "replace")
    assert done.returncode in (0, 1)
    assert want in done.stdout


def test_check_imports_nothing_it_does_not_use() -> None:
    """Start-up time is part of every ``bcp47 check``: drawing, the forms, Unicode locale conversion,
    logging and the network stack are imported by the verbs that use them, not by ``check``."""
    code = (
        "import sys\n"
        "from bcp47_explorer.cli import main\n"
        "status = main(['check', '--json', 'en-US', 'i-klingon', 'de_DE@collation=phonebook', 'en-u-ca-gregory'])\n"
        "print(status, sorted(sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    status, modules = done.stdout.splitlines()[-1].split(" ", 1)
    assert status == "1"  # the pasted locale identifier is not a valid tag
    loaded = set(ast.literal_eval(modules))
    assert "bcp47_explorer.core.engine.tag" in loaded
    unused = {
        "bcp47_explorer.core.teaching.anatomy_draw",
        "bcp47_explorer.core.build.forms",
        "bcp47_explorer.core.engine.unicode_locale",
        "bcp47_explorer.core.cldr.canonical",
        "logging",
        "secrets",
        "xml.sax.saxutils",
        "urllib.request",
    }
    assert loaded & unused == set()


def test_check_starts_without_pathlib_typing_or_json() -> None:
    """Start-up is part of every ``bcp47 check``: ``pathlib`` (with ``urllib.parse`` and ``ipaddress``) cost it 2-3 ms,
    ``typing`` about 1.5 ms, ``json`` about 1 ms and ``weakref`` 0.4 ms (its ``ref`` is ``_weakref``'s). The bundled
    data are found and read, and their parse caches read, with string paths; the check's modules keep annotation-only
    names under ``TYPE_CHECKING`` (``cast`` from ``core.text.static``) and write JSON with json's C string encoder
    (``grammar.quoting.json_string``); so does the module a tag written as an LDML locale id is read through
    (``cldr.ldml``, imported on first need). An editable install's own import finder imports ``pathlib`` before any
    code of ours runs: there that one cannot be told."""
    code = (
        "import sys\n"
        "editable = any('__editable__' in m for m in sys.modules)\n"
        "from bcp47_explorer.cli import main\n"
        "status = main(['check', '--json', 'en-US', 'en_US', 'de-u-co-phonebk', 'mt-Tang-RS-ı', 'zh-yue-HK',"
        " 'az_DG_u_mu_celsius_va_posix'])\n"
        "names = ('pathlib', 'urllib.parse', 'ipaddress', 'typing', 'json', 'weakref')\n"
        "print(status, editable, sorted(m for m in names if m in sys.modules))\n"
    )
    # The first run may parse the data and write the parse caches (which needs more); the second is a normal start.
    subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    status, editable, loaded = done.stdout.splitlines()[-1].split(" ", 2)
    assert status == "1"  # en_US is not a valid tag
    found = set(ast.literal_eval(loaded))
    if editable == "True":
        found -= {"pathlib", "urllib.parse", "ipaddress"}  # the editable finder's (CI installs the package)
    assert found == set()
