"""The doctests of every core module run and pass; the main entry points (check, canonicalize, lookup,
search, match) have examples."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import bcp47_explorer.core
import pytest

MODULES = sorted(
    m.name.removeprefix("bcp47_explorer.core.")
    for m in pkgutil.walk_packages(bcp47_explorer.core.__path__, "bcp47_explorer.core.")
)


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests_pass(name: str) -> None:
    module = importlib.import_module(f"bcp47_explorer.core.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


@pytest.mark.parametrize(
    "target",
    [
        "engine.tag:TagEngine.check",
        "engine.tag:TagEngine.canonicalize",
        "registry.model:Registry.lookup",
        "registry.model:Registry.search",
        "matching.rfc4647:lookup",
        "matching.rfc4647:basic_filter",
        "matching.rfc4647:extended_filter",
        "data:bundled_engine",
    ],
)
def test_main_entry_points_have_examples(target: str) -> None:
    module_name, _, attr = target.partition(":")
    obj: object = importlib.import_module(f"bcp47_explorer.core.{module_name}")
    for part in attr.split("."):
        obj = getattr(obj, part)
    assert ">>> " in (obj.__doc__ or ""), target


@pytest.mark.parametrize("name", MODULES)
def test_every_public_core_module_declares_its_api(name: str) -> None:
    module = importlib.import_module(f"bcp47_explorer.core.{name}")
    assert isinstance(getattr(module, "__all__", None), list | tuple), name
    if hasattr(module, "__path__"):  # a subpackage: its docstring says its job and what it may import
        assert module.__doc__ and "May import" in module.__doc__, name
    for exported in module.__all__:
        assert hasattr(module, exported), f"{name}.{exported}"
