"""The first repair of ``bcp47 check --json -`` (its ``fix``) pays no one-time work it does not need.

The repair's modules (``build.repair``, ``build.platforms``, ``build.choices``, ``cldr.ldml``) hold their values as
:class:`..text.frozen.Frozen` (no :mod:`dataclasses`, which imports :mod:`inspect`) and compile each regex when it
is first read. Pinned here: a fresh ``check --json`` of ill-formed texts (a slip, an underscore form, texts the
repair reads and cannot fix) imports neither module and compiles only the regexes those texts read; the values keep
what the dataclass gave them (repr, equality, hashing, immutability, pickling, ``replace``).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from bcp47_explorer.core.build.choices import Choice
from bcp47_explorer.core.build.platforms import PlatformForm, Reading
from bcp47_explorer.core.build.repair import Alternative, Repair
from bcp47_explorer.core.cldr.ldml import LdmlConversion
from bcp47_explorer.core.text.frozen import Frozen

from tests.core.test_frozen_values import test_each_value_keeps_what_the_dataclass_gave_it as _keeps_dataclass_ways

# Run in a fresh interpreter: re.compile is watched (who compiled what) before the CLI is imported.
_RUN = """\
import re, sys
compiled = []
_compile = re.compile
def watched(pattern, flags=0):
    caller = sys._getframe(1)
    if caller.f_globals.get("__name__") == "bcp47_explorer.core.text.lazy":
        caller = caller.f_back  # a lazy_pattern's first use: the module that asked for it
    compiled.append((caller.f_globals.get("__name__", ""), pattern))
    return _compile(pattern, flags)
re.compile = watched
from bcp47_explorer.cli import main
sys.argv = ["bcp47", "check", "--json", "-"]
status = main()
mine = ("bcp47_explorer.core.build.", "bcp47_explorer.core.cldr.ldml")
print(sorted({p for m, p in compiled if m.startswith(mine)}))
print(sorted(m for m in ("dataclasses", "inspect") if m in sys.modules))
print(sorted(m for m in sys.modules if m.startswith(mine)), status)
"""


def _check(texts: list[str]) -> tuple[list[dict[str, object]], list[str]]:
    done = subprocess.run(
        [sys.executable, "-c", _RUN], input="".join(t + "\n" for t in texts), capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    return [json.loads(line) for line in lines[:-3]], lines[-3:]


def test_check_json_repairs_without_importing_dataclasses_or_inspect() -> None:
    texts = ["en-US", "sp-ES", "en_US", "Lydi-12", "kw-AR-ı", "de_DE.UTF-8", "en US"]
    rows, (_compiled, slow, modules) = _check(texts)
    assert [(r["input"], r["fix"]) for r in rows] == [
        ("en-US", None),
        ("sp-ES", "es-ES"),
        ("en_US", "en-US"),
        ("Lydi-12", None),
        ("kw-AR-ı", None),
        ("de_DE.UTF-8", "de-DE"),
        ("en US", "en-US"),
    ]
    # The repair did run (the test would otherwise prove nothing), and brought neither module in.
    assert slow == "[]"
    assert modules == (
        "['bcp47_explorer.core.build.choices', 'bcp47_explorer.core.build.platforms', "
        "'bcp47_explorer.core.build.repair', 'bcp47_explorer.core.cldr.ldml'] 1"
    )


def test_the_first_repair_compiles_only_the_regexes_its_text_reads() -> None:
    # 'Lydi-12' has none of '_', '.', '@', '+', nor a '-r' or '-ch' where an Android or Windows string has them
    # (values of the column): no platform's shape can match, and check --json follows the checker's fixes without
    # the repair (checkjson._ill_formed_fix_json), which is not even imported; nothing is compiled.
    texts = ["en-US", "Lydi-12", "kw-AR-ı", "sl-rozaj-solba-1994-普通话", "az-BA-u-ca-chinese-ka-shifted-$$"]
    rows, (compiled, slow, modules) = _check(texts)
    assert [r["fix"] for r in rows] == [None, None, None, None, None]
    assert compiled == "[]" and slow == "[]" and "build.repair" not in modules
    # A POSIX string reads its own shape and reader, and the legacy language id's pieces; nothing of Java's.
    _rows, (compiled, _slow, _modules) = _check(["de_DE.UTF-8"])
    assert "(?P<codeset>" in compiled and r"[A-Za-z]{2,3}(?:_[A-Za-z]{2})?\\.[A-Za-z0-9_-]+" in compiled
    assert "_#" not in compiled, compiled


VALUES: list[tuple[Frozen, str]] = [
    (
        Reading("de-DE", "POSIX", ("s",), ("n",), (("de", "why"),)),
        "Reading(tag='de-DE', source='POSIX', steps=('s',), notes=('n',), alternatives=(('de', 'why'),))",
    ),
    (PlatformForm("java", "de_DE", ("-u-ca",)), "PlatformForm(platform='java', text='de_DE', lost=('-u-ca',))"),
    (
        Choice("language", "de", "German", "", "detail", "de"),
        "Choice(kind='language', code='de', name='German', mark='', detail='detail', target='de', enabled=True, "
        "pinned=9, deprecated=False, names=())",
    ),
    (Alternative("uk-GB", "why"), "Alternative(tag='uk-GB', reason='why')"),
    (
        Repair("uk-UK", "uk-UA", "src", ("step",), (Alternative("uk-GB", "why"),), ("note",)),
        "Repair(input='uk-UK', tag='uk-UA', source='src', steps=('step',), alternatives=(Alternative(tag='uk-GB', "
        "reason='why'),), notes=('note',))",
    ),
    (LdmlConversion("de_DE", "de-DE"), "LdmlConversion(input='de_DE', result='de-DE', notes=(), errors=())"),
]


@pytest.mark.parametrize(("value", "text"), VALUES, ids=[type(v).__name__ for v, _ in VALUES])
def test_the_repairs_values_keep_what_the_dataclass_gave_them(value: Frozen, text: str) -> None:
    _keeps_dataclass_ways(value, text)


def test_defaults_and_keywords_are_the_dataclass_ones() -> None:
    assert Repair("x", None, "s") == Repair(input="x", tag=None, source="s", steps=(), alternatives=(), notes=())
    assert Choice("script", "Latn", "Latin", "", "", "Latn", pinned=0).pinned == 0
    assert Choice("script", "Latn", "Latin", "", "", "Latn") != Choice("script", "Latn", "Latin", "", "", "Latn", False)
    assert Reading(None, "s").alternatives == () and PlatformForm("posix", None).lost == ()
    assert LdmlConversion("x", None, errors=("bad",)).ok is False and LdmlConversion("x", "y").ok is True
