"""The core stays readable: modules of at most 800 lines, classes of at most 400, no import cycles, and one
definition of every grammar shape (each place that needs one uses the shared object from ``syntax``)."""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[2] / "app" / "core"
MAX_MODULE_LINES = 800
MAX_CLASS_LINES = 400


def _modules() -> dict[str, ast.Module]:
    return {p.stem: ast.parse(p.read_text(encoding="utf-8"), str(p)) for p in sorted(CORE.glob("*.py"))}


def _core_imports(name: str, tree: ast.Module) -> set[str]:
    """Every core module *name* imports, anywhere in it: top level, inside functions, under TYPE_CHECKING."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(node.module.split(".")[0])
            else:
                out.update(a.name for a in node.names)  # from . import data
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("bcp47_explorer.core."):
            out.add(node.module.split(".")[2])
    out.discard(name)
    return out


def test_no_core_module_is_longer_than_800_lines() -> None:
    for path in CORE.glob("*.py"):
        n = len(path.read_text(encoding="utf-8").splitlines())
        assert n <= MAX_MODULE_LINES, f"{path.name} has {n} lines"


def test_no_core_class_is_longer_than_400_lines() -> None:
    for name, tree in _modules().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                assert node.end_lineno is not None
                n = node.end_lineno - node.lineno + 1
                assert n <= MAX_CLASS_LINES, f"{name}.{node.name} has {n} lines"


def test_the_core_import_graph_has_no_cycles() -> None:
    modules = _modules()
    graph = {name: _core_imports(name, tree) & modules.keys() for name, tree in modules.items()}
    assert graph["tag"] >= {"grammar", "advice", "canonical", "fastpath"}  # the walk sees real edges
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(n: str) -> None:
        state[n] = 1
        path.append(n)
        for m in sorted(graph[n]):
            if state.get(m) == 1:
                cycle = [*path[path.index(m) :], m]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if m not in state:
                visit(m)
        path.pop()
        state[n] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name)


def test_the_cycle_check_finds_a_cycle() -> None:
    tree = ast.parse("from . import b\nif TYPE_CHECKING:\n    from .c import X\ndef f():\n    from .d import y\n")
    assert _core_imports("a", tree) == {"b", "c", "d"}


# ------------------------------------------------------------------------ one grammar
def test_every_module_that_needs_a_subtag_shape_uses_the_shared_one() -> None:
    from bcp47_explorer.core import (
        advice,
        canonical,
        cldr_checks,
        compose,
        fastpath,
        grammar,
        registry,
        syntax,
        tables,
        tag,
        uts35_canonical,
    )
    from bcp47_explorer.core.registry import RecordType

    # The whole-tag pattern is built from the named pieces, and the engine matches with it.
    for piece in (syntax.LANGUAGE, syntax.SCRIPT, syntax.REGION, syntax.VARIANT, syntax.SINGLETON):
        assert piece in syntax.WELL_FORMED.pattern
    assert fastpath.WELL_FORMED is syntax.WELL_FORMED
    assert tag.WELL_FORMED is syntax.WELL_FORMED
    # The registry checks record shapes with the grammar's predicates.
    shared = {
        RecordType.LANGUAGE: syntax.is_registered_language,
        RecordType.EXTLANG: syntax.is_extlang,
        RecordType.SCRIPT: syntax.is_script,
        RecordType.REGION: syntax.is_region,
        RecordType.VARIANT: syntax.is_variant,
    }
    assert set(registry._SUBTAG_SHAPE) == set(shared)
    assert all(registry._SUBTAG_SHAPE[t] is shared[t] for t in shared)
    # Composition places subtags by the same predicates and writes the same case.
    assert compose.is_variant is syntax.is_variant and compose.is_region is syntax.is_region
    assert compose.is_script is syntax.is_script and compose.is_extlang is syntax.is_extlang
    assert compose.is_language is syntax.is_language
    assert compose.cased is syntax.cased and canonical.cased is syntax.cased and tables.cased is syntax.cased
    assert advice.cased is syntax.cased and uts35_canonical.cased is syntax.cased
    # One -u- and one -t- splitter for the parser, the fast path and canonicalization.
    for module in (grammar, fastpath, canonical):
        assert module.split_u is syntax.split_u, module.__name__
        assert module.split_t is syntax.split_t, module.__name__
    # One position-by-shape function for the parser, the fast path and canonicalization.
    for module in (grammar, fastpath, canonical):
        assert module.subtag_kind is syntax.subtag_kind, module.__name__
    assert grammar.GRANDFATHERED is syntax.GRANDFATHERED and fastpath.GRANDFATHERED is syntax.GRANDFATHERED
    assert cldr_checks._is_script_shape is syntax.is_script


def test_the_ui_uses_the_engines_roles_for_t_source_subtags() -> None:
    breakdown = (CORE.parent / "ui" / "breakdown.py").read_text(encoding="utf-8")
    assert "_t_lang_type" not in breakdown  # no second reading of -t- subtag shapes


def _ascii_strings(max_len: int) -> list[str]:
    return ["".join(t) for n in range(1, max_len + 1) for t in itertools.product("aZ09", repeat=n)]


def test_subtag_kind_and_is_t_key_agree_with_the_pieces() -> None:
    from bcp47_explorer.core import syntax

    names = {
        syntax.EXTLANG_KIND: syntax.is_extlang,
        syntax.SCRIPT_KIND: syntax.is_script,
        syntax.REGION_KIND: syntax.is_region,
        syntax.VARIANT_KIND: syntax.is_variant,
    }
    samples = [*_ascii_strings(5), "abcdef", "1abcdefg", "abcdefghi", "12345678"]
    for s in samples:
        first = next((k for k in sorted(names) if names[k](s)), -1)
        assert syntax.subtag_kind(s) == first, s
    for a in "aZ5é":
        for b in "0bZ9":
            assert syntax.is_t_key(a + b) == bool(re.fullmatch(syntax.T_KEY, a + b)), a + b
