"""The core's structure is visible and kept: a few top-level modules, every other in a layered subpackage
(the order is the import-linter contract in pyproject.toml, run by .ci/run), no import cycles, data
composed in one module, and one definition of every grammar shape (each place that needs one uses the
shared object from ``grammar.syntax``)."""

from __future__ import annotations

import ast
import itertools
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "app" / "core"
#: A smoke alarm, not a design rule: the layers contract is what keeps the structure.
MAX_MODULE_LINES = 1200
MAX_TOP_LEVEL_MODULES = 8


def _dotted(path: Path) -> str:
    rel = path.relative_to(CORE).with_suffix("")
    parts = [p for p in rel.parts if p != "__init__"]
    return ".".join(parts) or "__init__"


def _modules() -> dict[str, ast.Module]:
    return {_dotted(p): ast.parse(p.read_text(encoding="utf-8"), str(p)) for p in sorted(CORE.rglob("*.py"))}


def _resolve(name: str, is_package: bool, level: int, module: str | None) -> str:
    """Return the core-dotted target of a relative import in the core module *name*."""
    base = name.split(".") if name != "__init__" else []
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (level - 1)] if level > 1 else base
    return ".".join([*base, *(module.split(".") if module else [])])


def _core_imports(name: str, tree: ast.Module, is_package: bool = False) -> set[str]:
    """Every core module *name* imports, anywhere in it: top level, inside functions, under TYPE_CHECKING."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level >= 1:
            target = _resolve(name, is_package, node.level, node.module)
            if node.module:
                out.add(target)
            else:
                out.update(f"{target}.{a.name}" if target else a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("bcp47_explorer.core."):
            out.add(node.module.removeprefix("bcp47_explorer.core."))
    out.discard(name)
    return out


def _packages() -> set[str]:
    return {_dotted(p) for p in CORE.rglob("__init__.py")}


def test_the_top_level_holds_at_most_eight_modules_and_every_other_is_in_a_subpackage() -> None:
    top = sorted(p.name for p in CORE.glob("*.py"))
    assert len(top) <= MAX_TOP_LEVEL_MODULES, top
    assert "data.py" in top  # the composition module
    subpackages = sorted(p.parent.name for p in CORE.glob("*/__init__.py"))
    assert subpackages == [
        "batch",
        "build",
        "cldr",
        "engine",
        "files",
        "grammar",
        "matching",
        "names",
        "registry",
        "teaching",
        "text",
    ]
    assert not any(CORE.glob("*/*/*.py"))  # one level of subpackages


def test_the_layers_contract_covers_every_subpackage_and_ignores_nothing() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    layered = [c for c in contracts if c.get("containers") == ["bcp47_explorer.core"]]
    assert len(layered) == 1 and layered[0]["type"] == "layers"
    named = {part.strip() for layer in layered[0]["layers"] for part in layer.split("|")}
    subpackages = {p.parent.name for p in CORE.glob("*/__init__.py")}
    assert subpackages | {"data"} == named
    assert all("ignore_imports" not in c for c in contracts)


def test_no_module_is_longer_than_the_smoke_alarm() -> None:
    for path in CORE.rglob("*.py"):
        n = len(path.read_text(encoding="utf-8").splitlines())
        assert n <= MAX_MODULE_LINES, f"{path.relative_to(CORE)} has {n} lines"


def test_only_the_composition_module_calls_bundled_data() -> None:
    """Algorithms are handed their data; ``data`` alone composes the bundled set (doctests aside)."""
    for name, tree in _modules().items():
        if name == "data":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                f = node.func
                called = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
                assert not called.startswith("bundled"), f"{name} calls {called}() at line {node.lineno}"


def test_the_core_import_graph_has_no_cycles() -> None:
    modules = _modules()
    packages = _packages()
    graph = {
        name: {m for m in _core_imports(name, tree, name in packages) if m in modules} for name, tree in modules.items()
    }
    assert graph["engine.tag"] >= {"grammar.parser", "engine.advice", "engine.canonical", "engine.fastpath"}
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
    tree = ast.parse("from . import b\nif TYPE_CHECKING:\n    from .c import X\ndef f():\n    from ..d import y\n")
    assert _core_imports("pkg.a", tree) == {"pkg.b", "pkg.c", "d"}


# ------------------------------------------------------------------------ one grammar
def test_every_module_that_needs_a_subtag_shape_uses_the_shared_one() -> None:
    from bcp47_explorer.core.build import compose
    from bcp47_explorer.core.cldr import canonical as uts35_canonical
    from bcp47_explorer.core.cldr import checks as cldr_checks
    from bcp47_explorer.core.engine import advice, canonical, fastpath, tables, tag
    from bcp47_explorer.core.grammar import parser as grammar
    from bcp47_explorer.core.grammar import syntax
    from bcp47_explorer.core.registry import model as registry
    from bcp47_explorer.core.registry.model import RecordType

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
    from bcp47_explorer.core.grammar import syntax

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


def test_the_ui_and_the_command_line_use_only_the_modules_each_subpackage_makes_public() -> None:
    import importlib

    outside = [*(ROOT / "app" / "ui").rglob("*.py"), *(ROOT / "app" / "commands").rglob("*.py")]
    outside += [ROOT / "app" / "cli.py", ROOT / "app" / "__main__.py"]
    used: set[tuple[str, str]] = set()
    for path in outside:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level >= 1:
                parts = node.module.split(".")
                if parts[0] != "core":
                    continue
                if len(parts) >= 3:
                    used.add((parts[1], parts[2]))
                elif len(parts) == 2:
                    used.update((parts[1], a.name) for a in node.names if (CORE / parts[1] / "__init__.py").exists())
    assert ("engine", "tag") in used  # the walk sees real imports
    for package, module in sorted(used):
        public = importlib.import_module(f"bcp47_explorer.core.{package}").__all__
        assert module in public, f"the UI or the CLI imports core.{package}.{module}, which is internal"


def _fields(cls: ast.ClassDef) -> dict[str, str]:
    """Return the annotated fields of a class body: name -> annotation as written."""
    return {
        s.target.id: ast.unparse(s.annotation)
        for s in cls.body
        if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
    }


def _problem_like_classes(modules: dict[str, ast.Module]) -> list[str]:
    """Return every class of the core that says "a problem": a code, a severity and a message or a span."""
    found = []
    for name, tree in modules.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                f = _fields(node)
                if {"code", "severity"} <= f.keys() and ({"start", "end"} <= f.keys() or "message" in f):
                    found.append(f"{name}.{node.name}")
    return found


#: Classes with a code and a severity that are not a problem about a span: the diagnostics table's rows
#: (how a kind of problem is worded), and the CLDR keyword check's finding about the n-th value of a keyword,
#: which the tag engine turns into a :class:`Problem` with the value's span (the same Severity).
_NOT_A_PROBLEM = {"grammar.diagnostics.Message", "cldr.values.KeywordProblem"}


def test_there_is_one_problem_class_and_one_severity_vocabulary() -> None:
    modules = _modules()
    problems = [c for c in _problem_like_classes(modules) if c not in _NOT_A_PROBLEM]
    assert problems == ["grammar.problems.Problem"]
    # Every class field called "severity" in the core is of that one Severity (never a plain string).
    for name, tree in modules.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and "severity" in _fields(node):
                assert _fields(node)["severity"] in ("Severity", "Severity | None"), f"{name}.{node.name}"


def test_the_problem_class_check_finds_a_second_problem_class() -> None:
    tree = ast.parse("class Finding:\n    code: str\n    severity: str\n    line: int\n    message: str\n")
    assert _problem_like_classes({"registry.check": tree}) == ["registry.check.Finding"]
