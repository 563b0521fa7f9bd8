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


def test_a_bulk_load_stores_plainly_and_the_class_refuses_assignment_again_whatever_happens() -> None:
    from bcp47_explorer.core.text.frozen import FrozenInstanceError, plain_stores

    class Point(Frozen):
        __slots__ = __match_args__ = ("x", "y")

    def make(x: int, y: int) -> Point:
        p: Any = object.__new__(Point)
        p.x = x
        p.y = y
        return p  # type: ignore[no-any-return]

    with pytest.raises(FrozenInstanceError, match="cannot assign to field 'x'"):
        make(1, 2)  # outside plain_stores the class refuses the store
    with plain_stores(Point):
        p = make(1, 2)
    assert (p.x, p.y) == (1, 2) and type(p) is Point
    with pytest.raises(RuntimeError), plain_stores(Point):
        raise RuntimeError("a load that fails half way")
    assert "__setattr__" not in Point.__dict__ and "__delattr__" not in Point.__dict__
    with pytest.raises(FrozenInstanceError, match="cannot assign to field 'y'"):
        p.y = 5  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError, match="cannot delete field 'y'"):
        del p.y  # type: ignore[misc]

    class Own(Frozen):  # a class with its own refusals gets them back, not Frozen's
        __slots__ = __match_args__ = ("v",)

        def __setattr__(self, name: str, value: object) -> None:
            raise TypeError("own")

    own_set = Own.__dict__["__setattr__"]
    with plain_stores(Own):
        o: Any = object.__new__(Own)
        o.v = 3
    assert Own.__dict__["__setattr__"] is own_set and "__delattr__" not in Own.__dict__ and o.v == 3


def test_the_written_out_fillers_store_each_field_in_its_own_slot() -> None:
    from bcp47_explorer.core.cldr import values
    from bcp47_explorer.core.registry import cache
    from bcp47_explorer.core.registry.record import Record
    from bcp47_explorer.core.text.frozen import plain_stores

    # Every field a different value: a filler that stores one field into another's slot is caught.
    for cls, fill in ((Record, cache._fill_record), (CldrType, values._fill_type)):
        distinct = [f"v{i}" for i in range(len(cls.__match_args__))]
        with plain_stores(cls):
            made = fill(*distinct)
        assert type(made) is cls
        assert [getattr(made, name) for name in cls.__match_args__] == distinct, cls
        assert made == cls(*distinct)  # the class's own constructor, positional in the same order
    # No exec: a check of one tag compiles nothing (the first compile costs the parser's start-up).
    code = (
        "import sys\n"
        "compiled = []\n"
        "sys.addaudithook(lambda event, args: compiled.append(args[0]) if event == 'compile' else None)\n"
        "from bcp47_explorer.cli import main\n"
        "sys.argv = ['bcp47', 'check', '--json', '-']\n"
        "status = main()\n"
        "print(sorted({str(c)[:40] for c in compiled if c is not None}), status)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], input="en\n", capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    compiled = done.stdout.splitlines()[-1]
    assert "def _fill" not in compiled and "class _Slots" not in compiled and "b'Frozen'" not in compiled, compiled


def test_cldr_types_loaded_in_bulk_equal_their_constructor_and_stay_frozen_after_a_damaged_document() -> None:
    import json

    from bcp47_explorer.core.cldr.model import CldrData, CldrDataError
    from bcp47_explorer.core.data import CLDR_FILE, read_text, resource_path
    from bcp47_explorer.core.text.frozen import FrozenInstanceError

    text = read_text(resource_path(CLDR_FILE))
    cldr = CldrData.from_json(text)
    greg = cldr.u_keys["ca"].types["gregory"]
    assert type(greg) is CldrType and greg == CldrType("gregory", "Gregorian calendar", ("gregorian",))
    doc = json.loads(text)
    doc["keys"][0][8][3][1] = 7  # a type's description that is not text
    with pytest.raises(CldrDataError, match="bad description"):
        CldrData.from_json(json.dumps(doc))
    assert "__setattr__" not in CldrType.__dict__ and "__delattr__" not in CldrType.__dict__
    with pytest.raises(FrozenInstanceError, match="cannot assign to field 'name'"):
        greg.name = "x"  # type: ignore[misc]


def test_the_unicode_locale_id_pattern_is_compiled_when_first_read() -> None:
    code = (
        "import sys\n"
        "from bcp47_explorer.cli import main\n"
        "from bcp47_explorer.core.cldr import rules\n"
        "sys.argv = ['bcp47', 'check', '--json', '-']\n"
        "status = main()\n"
        "print('UNICODE_BCP47' in vars(rules), status)\n"
        "from bcp47_explorer.core.cldr.rules import UNICODE_BCP47\n"
        "print(UNICODE_BCP47.fullmatch('en-u-ca-gregory') is not None, vars(rules)['UNICODE_BCP47'] is UNICODE_BCP47)\n"
        "print(rules.is_unicode_bcp47_locale_id('de-u-co-phonebk'), rules.is_unicode_bcp47_locale_id('en-u-c0'))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], input="en\nde-DE\n", capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-3:] == ["False 0", "True True", "True False"]
