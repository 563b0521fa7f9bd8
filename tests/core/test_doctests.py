"""The doctests of every core module run and pass; the main entry points (check, canonicalize, lookup,
search, match) have examples."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import bcp47_explorer.core
import pytest

MODULES = sorted(m.name for m in pkgutil.iter_modules(bcp47_explorer.core.__path__))


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests_pass(name: str) -> None:
    module = importlib.import_module(f"bcp47_explorer.core.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


@pytest.mark.parametrize(
    "target",
    [
        "tag.TagEngine.check",
        "tag.TagEngine.canonicalize",
        "registry.Registry.lookup",
        "registry.Registry.search",
        "matching.lookup",
        "matching.basic_filter",
        "matching.extended_filter",
        "tag.bundled_engine",
    ],
)
def test_main_entry_points_have_examples(target: str) -> None:
    module_name, _, attr = target.partition(".")
    obj: object = importlib.import_module(f"bcp47_explorer.core.{module_name}")
    for part in attr.split("."):
        obj = getattr(obj, part)
    assert ">>> " in (obj.__doc__ or ""), target


@pytest.mark.parametrize("name", [m for m in MODULES if m != "__init__"])
def test_every_public_core_module_declares_its_api(name: str) -> None:
    module = importlib.import_module(f"bcp47_explorer.core.{name}")
    assert isinstance(getattr(module, "__all__", None), list | tuple), name
    for exported in module.__all__:
        assert hasattr(module, exported), f"{name}.{exported}"
