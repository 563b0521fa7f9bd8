"""The one table of diagnostics: docs/diagnostics.md is generated from it and equal to it, every row's example
really produces its code with its severity, and every code the engine gives is in the table."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine.tag import TagEngine
from bcp47_explorer.core.grammar import diagnostics as M
from bcp47_explorer.core.grammar.problems import marker

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_diagnostics_doc", ROOT / "tools" / "gen_diagnostics_doc.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_document_is_generated_from_the_table() -> None:
    doc = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    assert doc == _tool().render(), "run: python tools/gen_diagnostics_doc.py"
    for msg in M.TABLE:
        assert f"| `{msg.code}` | {msg.severity.value} | {msg.section} |" in doc


@pytest.mark.parametrize("msg", M.TABLE, ids=lambda m: f"{m.code}:{m.example!r}"[:60])
def test_every_example_produces_its_code_with_the_tables_severity(msg: M.Message) -> None:
    d = _tool().example_diagnostic(msg)
    if msg.example is None:
        # Only rows the bundled data cannot produce have no example; once it can, they need one.
        engine = bundled_engine()
        if msg.code == "deprecated-t-value":
            assert engine.cldr is not None
            assert not any(t.deprecated for k in engine.cldr.t_keys.values() for t in k.types.values())
        elif msg.code == "deprecated":  # no such record: a deprecated script, an extlang without Preferred-Value
            kind = next(k for k, rows in (*M.DEPRECATED.items(), *M.DEPRECATED_NO_REPLACEMENT.items()) if rows is msg)
            preferred = msg in M.DEPRECATED.values()
            recs = [r for r in engine.registry.records if r.type == kind and r.deprecated]
            assert not [r for r in recs if bool(r.preferred_value) == preferred], kind
        else:
            assert msg is M.MEMBER_OF_DEPRECATED
            reg = engine.registry
            macros = {r.macrolanguage for r in reg.records if r.type == "language" and r.macrolanguage}
            assert not any((m := reg.get("language", code)) and m.deprecated for code in macros)  # type: ignore[union-attr]
        return
    assert d is not None and d.code == msg.code and d.severity is msg.severity
    if msg.template is not None:  # this row's wording, not a sibling's with the same code
        pattern = re.sub(r"\\\{[a-z_]+\\\}", ".*", re.escape(msg.template)) + re.escape(f" ({msg.section}).")
        assert re.fullmatch(pattern, d.message, re.DOTALL), (pattern, d.message)


def test_rows_that_share_a_code_share_the_severity() -> None:
    for code, rows in M.BY_CODE.items():
        assert len({r.severity for r in rows}) == 1, code


def test_every_code_the_engine_gives_is_in_the_table() -> None:
    from benchmarks.corpus import build

    engine = bundled_engine()
    seen: set[str] = set()
    for tag in build(4000):
        for d in engine.check(tag).diagnostics:
            assert d.code in M.BY_CODE, (tag, d.code)
            assert d.severity is M.severity_of(d.code), (tag, d.code)
            seen.add(d.code)
    assert len(seen) >= 20  # the corpus reaches a good part of the table; the examples reach every row


def test_every_code_the_cldr_checks_write_is_in_the_table() -> None:
    source = (ROOT / "app" / "core" / "cldr/checks.py").read_text(encoding="utf-8")
    written = set(re.findall(r'KeywordProblem\(\s*"([a-z0-9-]+)"', source))
    assert written and written - set(M.BY_CODE) == {"missing-t-value"}  # the parser's empty-t-field comes first


def test_a_diagnostic_renders_its_own_marker() -> None:
    d = bundled_engine().check("en-Qqqq").errors[0]
    assert marker("en-Qqqq", d.start, d.end) == "    en-Qqqq\n       ~~~^"
    assert marker("ab", 0, 0, "") == "ab\n^"


def test_without_cldr_the_extensions_get_syntax_checks_only() -> None:
    e = bundled_engine()
    r = TagEngine(e.registry, None, e.extensions).check("en-u-ca-xyzzy")
    assert r.valid and [d.code for d in r.diagnostics] == ["cldr-missing"]
