"""The core's values without dataclasses (``text.frozen``): what ``@dataclass(frozen=True, slots=True)`` gave them.

Pins, for every class that left ``dataclasses`` for start-up time: the constructor (positional, keyword,
defaults), equality and hashing over the compared fields only, the dataclass's repr, assignment and deletion
refused, pickling and ``replace``; that ``bcp47 check --json -`` imports neither ``dataclasses`` (nor ``inspect``) nor
``argparse``, ``hashlib`` or ``threading``.
"""

from __future__ import annotations

import pickle
import subprocess
import sys
from typing import Any

import pytest
from bcp47_explorer.core.cldr.rules import AliasRule, LangId
from bcp47_explorer.core.cldr.values import CldrKey, CldrType, KeywordProblem
from bcp47_explorer.core.engine.uedit import UKeywords
from bcp47_explorer.core.engine.unicode_validity import UnicodeVerdict
from bcp47_explorer.core.grammar.diagnostics import Message
from bcp47_explorer.core.grammar.problems import Fix, Problem, Severity
from bcp47_explorer.core.grammar.values import Canonicalization, Role, Step, Subtag
from bcp47_explorer.core.registry.extensions import ExtensionRecord
from bcp47_explorer.core.registry.ranges import CodeRange
from bcp47_explorer.core.registry.record import Record
from bcp47_explorer.core.registry.recordjar import RawRecord, RecordJar
from bcp47_explorer.core.text.formats import ListPatterns, NumberSymbols
from bcp47_explorer.core.text.frozen import Frozen, FrozenInstanceError, replace

_RAW = RawRecord((("Type", "language"),), 3, "Type: language")
# One value of each class, and the repr the dataclass gave it.
VALUES: list[tuple[Frozen, str]] = [
    (
        Record("language", "mt", ("Maltese",), "2005-10-16", suppress_script="Latn", line=7),
        "Record(type='language', code='mt', descriptions=('Maltese',), added='2005-10-16', deprecated=None, "
        "preferred_value=None, prefixes=(), suppress_script='Latn', macrolanguage=None, scope=None, comments=(), "
        "fields=(), line=7)",
    ),
    (CodeRange("qaa", "qtz"), "CodeRange(first='qaa', last='qtz')"),
    (
        ExtensionRecord("u", ("Unicode",), (), "2010-09-02", "RFC6067", None, None, None, None, (), 4),
        "ExtensionRecord(identifier='u', descriptions=('Unicode',), comments=(), added='2010-09-02', rfc='RFC6067', "
        "authority=None, contact_email=None, mailing_list=None, url=None, fields=(), line=4)",
    ),
    (_RAW, "RawRecord(fields=(('Type', 'language'),), line=3, raw='Type: language')"),
    (
        RecordJar(_RAW, (), 1),
        "RecordJar(header=RawRecord(fields=(('Type', 'language'),), line=3, raw='Type: language'), records=(), "
        "line_count=1)",
    ),
    (
        CldrType("gregory", "Gregorian", ("gregorian",)),
        "CldrType(name='gregory', description='Gregorian', legacy_names=('gregorian',), deprecated=False, "
        "preferred=None, since=None, iana=None, region=None)",
    ),
    (
        KeywordProblem("x", Severity.ERROR, -1, "m"),
        "KeywordProblem(code='x', severity=<Severity.ERROR: 'error'>, index=-1, message='m', replacement=None)",
    ),
    (Subtag("en", 0, 2, Role.LANGUAGE), "Subtag(text='en', start=0, end=2, role=<Role.LANGUAGE: 'language'>)"),
    (Step("iw", "he", "why"), "Step(before='iw', after='he', reason='why')"),
    (Canonicalization("he"), "Canonicalization(tag='he', steps=())"),
    (Fix("Use he", "he"), "Fix(label='Use he', tag='he')"),
    (
        Problem("c", Severity.WARNING, 0, 2, "m", Fix("l", "t")),
        "Problem(code='c', severity=<Severity.WARNING: 'warning'>, start=0, end=2, message='m', "
        "fix=Fix(label='l', tag='t'), section='', field='', line=0)",
    ),
    (UKeywords(("a",), (("ca", ("gregory",)),)), "UKeywords(attributes=('a',), keywords=(('ca', ('gregory',)),))"),
    (UnicodeVerdict(True), "UnicodeVerdict(valid=True, diagnostics=(), reason='', own=())"),
    (NumberSymbols(".", ","), "NumberSymbols(decimal='.', group=',', digits='0123456789', min_grouping=1)"),
    (ListPatterns("a", "b", "c", "d"), "ListPatterns(two='a', start='b', middle='c', end='d')"),
    (
        AliasRule("scriptAlias", "Qaai", "", "qaai", "", frozenset(), "", "zinh", (), (), "Zinh"),
        "AliasRule(table='scriptAlias', written='Qaai', lang='', script='qaai', region='', variants=frozenset(), "
        "new_lang='', new_script='zinh', new_regions=(), new_variants=(), replacement='Zinh')",
    ),
]


@pytest.mark.parametrize(("value", "text"), VALUES, ids=[type(v).__name__ for v, _ in VALUES])
def test_each_value_keeps_what_the_dataclass_gave_it(value: Frozen, text: str) -> None:
    assert repr(value) == text
    fields = {name: getattr(value, name) for name in value.__match_args__}
    same = type(value)(**fields)  # every field by keyword
    assert same == value and hash(same) == hash(value) and same is not value
    assert pickle.loads(pickle.dumps(value)) == value
    first = value.__match_args__[0]
    with pytest.raises(FrozenInstanceError, match=f"cannot assign to field '{first}'"):
        setattr(value, first, "other")
    with pytest.raises(AttributeError):
        delattr(value, first)
    other: Any = "other" if isinstance(getattr(value, first), str) else None
    changed = replace(value, **{first: other})
    assert getattr(changed, first) == other and changed != value and type(changed) is type(value)
    rest = value.__match_args__[1:]
    assert [getattr(changed, n) for n in rest] == [getattr(value, n) for n in rest]
    assert value != tuple(fields.values()) and value.__eq__(object()) is NotImplemented
    with pytest.raises(TypeError):
        replace(value, no_such_field=1)


def test_a_subclass_is_never_equal_to_its_base() -> None:
    class Wider(CodeRange):
        __slots__ = ()

    assert Wider("a", "b") != CodeRange("a", "b") and CodeRange("a", "b") == CodeRange("a", "b")


def test_fields_left_out_of_equality_stay_out() -> None:
    # A CLDR key's types (a mapping: no hash) and a message's worded template are not compared, as before.
    key = CldrKey("u", "ca", "Calendar", types={"gregory": CldrType("gregory", "Gregorian")})
    assert key == CldrKey("u", "ca", "Calendar") and hash(key) == hash(CldrKey("u", "ca", "Calendar"))
    assert CldrKey("u", "ca", "Calendar").types == {} and "types={'gregory'" in repr(key)
    message = Message("c", Severity.ERROR, "RFC 5646 §2.1", "Bad {x}")
    assert message.wording == "Bad {x} (RFC 5646 §2.1)."
    assert "wording" not in repr(message) and pickle.loads(pickle.dumps(message)).wording == message.wording
    assert Message("c", Severity.ERROR, "§1", None).wording == ""


def test_a_language_id_changes_in_place_and_has_no_hash() -> None:
    lid = LangId("sr")
    lid.region = "rs"
    assert lid == LangId("sr", "", "rs") and lid != LangId("sr")
    assert repr(lid) == "LangId(lang='sr', script='', region='rs', variants=())"
    with pytest.raises(TypeError):
        hash(lid)


def test_check_imports_none_of_the_slow_modules_it_does_not_need() -> None:
    code = (
        "import sys\n"
        "from bcp47_explorer.cli import main\n"
        "sys.argv = ['bcp47', 'check', '--json', '-']\n"
        "status = main()\n"
        "slow = ('dataclasses', 'inspect', 'hashlib', 'threading', 'argparse')\n"
        "print(sorted(m for m in slow if m in sys.modules), status)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], input="en-u-ca-gregory-t-de\niw-Latn\nen-\n", capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[] 1"
