"""The registry diff on real older copies of the registry (tests/data/README.md says where they come from).

Pins the counts and a dozen records checked by hand against the two files: what was added, deprecated,
re-described, and records that did not change are not listed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from bcp47_explorer.core.data import load_registry
from bcp47_explorer.core.registry.diff import RegistryDiff, diff_registries
from bcp47_explorer.core.registry.model import Registry

DATA = Path(__file__).parent.parent / "data"


@pytest.fixture(scope="module")
def diff_2021(registry: Registry) -> RegistryDiff:
    return diff_registries(load_registry(DATA / "language-subtag-registry-2021-08-06.txt", use_cache=False), registry)


def _changes(diff: RegistryDiff, type_: str, code: str) -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    ch = next(c for c in diff.changed if c.new.type == type_ and c.new.code == code)
    return {f.name: (f.old, f.new) for f in ch.changes}


def test_counts_and_dates(diff_2021: RegistryDiff, registry: Registry) -> None:
    assert (diff_2021.old_file_date, diff_2021.new_file_date) == ("2021-08-06", registry.file_date)
    assert (len(diff_2021.added), len(diff_2021.removed), len(diff_2021.changed)) == (124, 0, 95)


def test_records_added_since_2021(diff_2021: RegistryDiff) -> None:
    added = {(r.type, r.code): r for r in diff_2021.added}
    assert added[("language", "tok")].descriptions == ("Toki Pona",)
    assert added[("language", "tok")].added == "2022-02-25"
    assert added[("language", "isv")].descriptions == ("Interslavic",)
    assert ("language", "en") not in added


def test_records_deprecated_since_2021(diff_2021: RegistryDiff) -> None:
    assert _changes(diff_2021, "language", "ajp") == {
        "Deprecated": ((), ("2023-03-17",)),
        "Preferred-Value": ((), ("apc",)),
    }
    assert _changes(diff_2021, "variant", "laukika") == {
        "Deprecated": ((), ("2024-06-08",)),
        "Comments": ((), ("Preferred tag is cls",)),
    }
    assert _changes(diff_2021, "language", "bh")["Preferred-Value"] == ((), ("bih",))


def test_records_redescribed_since_2021(diff_2021: RegistryDiff) -> None:
    assert _changes(diff_2021, "region", "TR") == {"Description": (("Turkey",), ("Türkiye", "Turkey"))}
    assert _changes(diff_2021, "language", "ia") == {
        "Description": (
            ("Interlingua (International Auxiliary Language Association)",),
            ("Interlingua (IALA)", "Interlingua (International Auxiliary Language Association)"),
        )
    }
    assert _changes(diff_2021, "language", "mdy") == {
        "Description": (("Male (Ethiopia)",), ("Male", "Male (Ethiopia)"))
    }


def test_unchanged_records_are_not_listed(diff_2021: RegistryDiff) -> None:
    listed = {(c.new.type, c.new.code) for c in diff_2021.changed}
    for key in (("language", "en"), ("script", "Latn"), ("region", "US"), ("variant", "rozaj"), ("language", "de")):
        assert key not in listed


def test_the_recent_copy_differs_by_one_record(registry: Registry) -> None:
    old = load_registry(DATA / "language-subtag-registry-2026-08-08.txt", use_cache=False)
    d = diff_registries(old, registry)
    assert (len(d.added), len(d.removed)) == (0, 0)
    assert [(c.new.code, _changes(d, c.new.type, c.new.code)) for c in d.changed] == [
        ("NR", {"Description": (("Nauru",), ("Naoero", "Nauru"))})
    ]
