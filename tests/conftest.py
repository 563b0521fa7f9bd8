"""Shared test set-up: Qt runs offscreen, and the bundled data is loaded once per session."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

# Before anything imports Qt: the tests must run on machines without a display.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The expected outputs are the English source text, whatever the machine's language (issue 25); a test of
# a translation sets the language itself, and the fixture below puts English back after every test.
os.environ["LANGUAGE"] = "en"

# Before anything loads data or settings: the tests never write into the user's own cache or
# settings (issue 11 item 19). The real cache folder is remembered for the test that checks it.
os.environ["BCP47_TEST_HOME"] = tempfile.mkdtemp(prefix="bcp47-tests-")
os.environ.setdefault("BCP47_TEST_REAL_CACHE_HOME", os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"))
os.environ.setdefault("BCP47_TEST_STARTED", repr(time.time()))
os.environ["XDG_CACHE_HOME"] = os.path.join(os.environ["BCP47_TEST_HOME"], "cache")
os.environ["XDG_CONFIG_HOME"] = os.path.join(os.environ["BCP47_TEST_HOME"], "config")
os.environ["BCP47_EXPLORER_CACHE"] = os.path.join(os.environ["BCP47_TEST_HOME"], "cache", "bcp47-explorer")

import pytest
from bcp47_explorer.core.data import bundled_registry
from bcp47_explorer.core.registry.model import Registry


@pytest.fixture(scope="session")
def registry() -> Registry:
    """Return the bundled Language Subtag Registry (shared; it is immutable)."""
    return bundled_registry()


@pytest.fixture
def settings_path(tmp_path):  # type: ignore[no-untyped-def]
    """Return the path of a fresh, private settings file."""
    return tmp_path / "settings.ini"


@pytest.fixture(autouse=True)
def _private_user_data(tmp_path_factory, monkeypatch):  # type: ignore[no-untyped-def]
    """Keep downloaded/opened registry copies in a temporary folder; no test may reach IANA."""
    monkeypatch.setenv("BCP47_EXPLORER_DATA_HOME", str(tmp_path_factory.mktemp("user-data")))
    monkeypatch.setenv("BCP47_EXPLORER_REGISTRY_URL", "http://127.0.0.1:9/no-network-in-tests")


@pytest.fixture(autouse=True)
def _english_after_each_test():  # type: ignore[no-untyped-def]
    """Put the source language back after a test that switched the catalogue (issue 25)."""
    yield
    from bcp47_explorer.core.text.catalogue import current_language, set_language

    if current_language() != "en":
        set_language("en")


def pytest_sessionfinish(session, exitstatus):  # type: ignore[no-untyped-def]
    # Offscreen Qt crashes at interpreter exit (SIGSEGV, exit 139 after every test passed) while the
    # clipboard still owns data a test put there, such as the anatomy diagram's image: let it go first.
    import sys

    if "PySide6.QtGui" in sys.modules:
        from PySide6.QtGui import QGuiApplication

        if QGuiApplication.instance() is not None:
            QGuiApplication.clipboard().clear()
    shutil.rmtree(os.environ["BCP47_TEST_HOME"], ignore_errors=True)


@pytest.fixture
def fresh_data(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Return use(folder): point BCP47_EXPLORER_DATA at *folder* and make every loader read it afresh.

    The session's cached data stay as they are for the other tests; the cached compositions (the namer, the name
    index) are rebuilt over the patched loaders. The one place the tests know data.py's caches.
    """
    from bcp47_explorer.core import data
    from bcp47_explorer.core.files import reading

    def use(folder: Path) -> None:
        monkeypatch.setenv(data.ENV_DATA_DIR, str(folder))
        monkeypatch.setattr(reading, "resources_folder", reading.resources_folder.__wrapped__)
        for name in ("registry", "cldr", "extensions_registry", "supplemental", "names", "sil"):
            monkeypatch.setattr(data, f"bundled_{name}", getattr(data, f"load_{name}"))
        monkeypatch.setattr(data, "bundled_engine", lambda: data.engine_for())
        monkeypatch.setattr(data, "bundled_namer", data.bundled_namer.__wrapped__)
        monkeypatch.setattr(data, "bundled_name_finder", data._name_finder.__wrapped__)  # its cache sits behind a lock

    return use
