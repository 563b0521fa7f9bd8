"""The registry model on the bundled Language Subtag Registry: counts, real records, ranges, relations, search."""

from __future__ import annotations

from typing import Any

import pytest
from bcp47_explorer.core import data
from bcp47_explorer.core.registry.model import SAMPLE, RecordType, Registry
from bcp47_explorer.core.registry.search import MatchKind, fold


@pytest.fixture(scope="module")
def reg() -> Registry:
    return data.load_registry()


def test_every_record_parses_with_the_counts_of_the_file(reg: Registry) -> None:
    text = data.read_text(data.resource_path(data.REGISTRY_FILE))
    assert reg.file_date == "2026-09-17"
    assert len(reg) == text.count("\n%%\n") == 9296
    assert reg.counts() == {
        "language": 8276, "extlang": 258, "script": 225, "region": 305,
        "variant": 139, "grandfathered": 26, "redundant": 67,
    }  # fmt: skip
    assert sum(text.count(f"\nType: {t}\n") for t in reg.counts()) == 9296


def test_real_records_carry_their_fields(reg: Registry) -> None:
    assert reg.get("variant", "biske").prefixes == ("sl-rozaj",)
    assert reg.get("language", "is").suppress_script == "Latn"
    assert reg.get("language", "cmn").macrolanguage == "zh"
    assert reg.get("language", "zh").scope == "macrolanguage"
    klingon = reg.tag_record("i-klingon")
    assert klingon is not None and klingon.type == "grandfathered" and klingon.preferred_value == "tlh"
    bu = reg.get("region", "BU")
    assert bu is not None and bu.deprecated == "1989-12-05" and bu.preferred_value == "MM"
    heploc = reg.get("variant", "heploc")
    assert heploc is not None
    assert heploc.prefixes == ("ja-Latn-hepburn",) and heploc.preferred_value == "alalc97"
    assert heploc.comments == ("Preferred tag is ja-Latn-alalc97",)


def test_repeated_fields_keep_their_order(reg: Registry) -> None:
    rozaj = reg.get("variant", "rozaj")
    assert rozaj is not None and rozaj.descriptions == ("Resian", "Resianic", "Rezijan")
    # 1994 has several Prefixes, in file order.
    v1994 = reg.get("variant", "1994")
    assert v1994 is not None and v1994.prefixes[:2] == ("sl-rozaj", "sl-rozaj-biske")


def test_folded_lines_are_joined_with_one_space(reg: Registry) -> None:
    kha = reg.get("language", "kha")
    assert kha is not None
    assert kha.comments == ("as of 2008-04-21 this subtag does not include Lyngngam; see lyg",)
    ia = reg.get("language", "ia")
    assert ia is not None
    assert ia.descriptions == ("Interlingua (IALA)", "Interlingua (International Auxiliary Language Association)")


def test_non_ascii_escapes_are_decoded(reg: Registry) -> None:
    provenc = reg.get("variant", "provenc")
    assert provenc is not None and provenc.descriptions == ("Provençal",)
    assert "&#x" not in "".join(v for r in reg for _, v in r.fields)


@pytest.mark.parametrize(
    ("type_", "code", "range_code"),
    [("language", "qab", "qaa..qtz"), ("script", "Qaai", "Qaaa..Qabx"), ("region", "QN", "QM..QZ"),
     ("region", "xy", "XA..XZ"), ("language", "QTZ", "qaa..qtz")],
)  # fmt: skip
def test_codes_inside_ranges_answer_with_the_range_record(
    reg: Registry, type_: str, code: str, range_code: str
) -> None:
    rec = reg.get(type_, code)
    assert rec is not None and rec.code == range_code and rec.is_range and rec.contains(code)


def test_range_codes_list_every_code(reg: Registry) -> None:
    qaa = reg.get("language", "qaa")
    assert qaa is not None
    codes = qaa.range_codes()
    assert len(codes) == 20 * 26 and codes[0] == "qaa" and codes[-1] == "qtz"
    assert reg.get("script", "Qaaa").range_codes()[-1] == "Qabx"  # type: ignore[union-attr]
    assert reg.get("region", "QM").range_codes() == [f"Q{c}" for c in "MNOPQRSTUVWXYZ"]  # type: ignore[union-attr]
    qua = reg.get("language", "qua")  # just past the range: a real language (Quapaw)
    assert qua is not None and not qua.is_range


def test_lookup_is_case_insensitive_and_returns_every_type(reg: Registry) -> None:
    assert [(r.type, r.code) for r in reg.lookup("MT")] == [("language", "mt"), ("region", "MT")]
    assert reg.get("script", "LATN").code == "Latn"  # type: ignore[union-attr]
    assert [r.type for r in reg.lookup("ZH-MIN-NAN")] == ["grandfathered"]
    assert [r.type for r in reg.lookup("cmn")] == ["language", "extlang"]
    assert reg.lookup("nosuch") == []


def test_relations(reg: Registry) -> None:
    assert {"rozaj", "biske", "1994", "nedis"} <= {r.code for r in reg.variants_for("sl")}
    assert "rozaj" not in {r.code for r in reg.variants_for("de")}
    assert {r.code for r in reg.variants_for("sl-rozaj")} >= {"biske", "njiva", "1994"}
    assert "cmn" in {r.code for r in reg.members("zh")} and "yue" in {r.code for r in reg.members("zh")}
    assert {"is", "en", "de"} <= {r.code for r in reg.suppressing_languages("Latn")}
    assert {r.code for r in reg.extlangs_for("zh")} >= {"yue", "cmn", "nan"}
    he = reg.get("language", "he")
    assert he is not None and [r.code for r in reg.replaced_by_this(he)] == ["iw"]
    mm = reg.get("region", "MM")
    assert mm is not None and [r.code for r in reg.replaced_by_this(mm)] == ["BU"]
    assert {"i-klingon", "iw", "BU"} <= {r.code for r in reg.deprecated_records()}


def test_fold_removes_case_and_diacritics() -> None:
    assert fold("Provençal") == "provencal"
    assert fold("Norwegian Bokmål") == "norwegian bokmal"
    assert fold("ÆØÅ") == "aeoa"


def test_search_by_description_ignores_diacritics(reg: Registry) -> None:
    assert "provenc" in [h.record.code for h in reg.search("provencal")]
    norwegians = {h.record.code for h in reg.search("norweg")}
    assert {"nb", "nn", "no"} <= norwegians


def test_search_ranks_exact_code_then_prefix_then_words(reg: Registry) -> None:
    hits = reg.search("en")
    assert (hits[0].record.code, hits[0].kind) == ("en", MatchKind.CODE)
    kinds = [h.rank for h in hits]
    assert kinds == sorted(kinds)
    assert any(h.kind is MatchKind.CODE_PREFIX for h in hits)
    assert reg.search("french")[0].record.code == "fr"  # exact description before other word matches
    assert reg.search("qab")[0].record.code == "qaa..qtz"


def test_search_filters(reg: Registry) -> None:
    scripts = reg.search("latin", types=["script"])
    assert scripts and all(h.record.type == "script" for h in scripts)
    assert {h.record.code for h in scripts} >= {"Latn", "Latf", "Latg"}
    macro = reg.search("", scope="macrolanguage")
    assert len(macro) == sum(1 for r in reg if r.scope == "macrolanguage") and len(macro) > 50
    dep = reg.search("", deprecated=True)
    assert len(dep) == len(reg.deprecated_records())
    live_regions = reg.search("burma", types=[RecordType.REGION], deprecated=False)
    assert all(not h.record.is_deprecated for h in live_regions)
    assert len(reg.search("", limit=10)) == 10


def test_search_with_several_words_needs_all(reg: Registry) -> None:
    codes = [h.record.code for h in reg.search("chinese mandarin")]
    assert "cmn" in codes and "yue" not in codes
    assert reg.search("zzzzqqq") == []


def _unpacked(reg: Registry) -> tuple[Any, str, list[tuple[Any, ...]], Any]:
    """Return a registry's cache payload as (format, File-Date, rows, index): a record a row, for damaging one."""
    import marshal

    fmt, file_date, cols, index = marshal.loads(reg.to_cache())
    return fmt, file_date, list(zip(*cols, strict=True)), index


def _packed(fmt: Any, file_date: str, rows: Any, index: Any) -> bytes:
    """Return the cache payload of *rows* (a record a row) as ``cache.dump_records`` lays it out: a column a field."""
    import marshal

    return marshal.dumps((fmt, file_date, tuple(zip(*rows, strict=False)), index))  # a short row: a short column


def test_parse_cache_round_trips_and_is_only_an_accelerator(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv(data.ENV_CACHE_DIR, str(tmp_path / "cache"))
    first = data.load_registry()
    caches = list((tmp_path / "cache").glob("registry-*.cache"))
    assert len(caches) == 1
    second = data.load_registry()  # from the cache
    assert second.records == first.records and second.file_date == first.file_date
    assert second.get("language", "qab").code == "qaa..qtz"  # type: ignore[union-attr]
    caches[0].write_bytes(b"\x00garbage")  # a damaged cache means a normal parse
    third = data.load_registry()
    assert third.records == first.records
    with pytest.raises(ValueError, match="registry cache"):
        Registry.from_cache(b"not marshal at all")


def test_an_unwritable_cache_folder_does_not_stop_loading(tmp_path, monkeypatch) -> None:
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x")
    monkeypatch.setenv(data.ENV_CACHE_DIR, str(blocker / "cache"))
    assert len(data.load_registry()) == 9296
    monkeypatch.setenv(data.ENV_CACHE_DIR, "off")
    assert data.cache_dir() is None
    assert len(data.load_registry()) == 9296


def test_the_cached_records_are_real_records_and_a_badly_shaped_cache_is_refused(reg: Registry) -> None:

    from bcp47_explorer.core.registry import cache
    from bcp47_explorer.core.registry.record import Record
    from bcp47_explorer.core.text.frozen import FrozenInstanceError

    # The fast constructor makes frozen Records equal to the class's own, field for field.
    rec = cache.new_record("language", "mt", ("Maltese",), "2005-10-16", None, None, (), "Latn", None, None, (),
                           (("Type", "language"),), 7)  # fmt: skip
    made = Record("language", "mt", ("Maltese",), "2005-10-16", suppress_script="Latn", fields=(("Type", "language"),),
                  line=7)  # fmt: skip
    assert type(rec) is Record and rec == made
    with pytest.raises(FrozenInstanceError, match="cannot assign to field 'code'"):
        rec.code = "en"  # type: ignore[misc]
    with pytest.raises(AttributeError):  # what a frozen dataclass raised, as callers may expect
        del rec.line  # type: ignore[misc]
    assert rec.code == "mt" and rec.line == 7
    again = Registry.from_cache(reg.to_cache())
    assert again.records == reg.records and all(type(r) is Record for r in again.records)
    fmt, file_date, rows, index = _unpacked(reg)
    row = rows[0]
    damaged = {
        "an unhashable Scope": (*row[:9], ["macrolanguage"], *row[10:]),
        "a Type that is not a Type": ("langage", *row[1:]),
        "a number among the Descriptions": (*row[:2], ("Afar", 5), *row[3:]),
        "a field pair of three": (*row[:11], (("Type", "language", "x"),), row[12]),
        "a field value that is not text": (*row[:11], (("Type", 1),), row[12]),
        "a bad Added date": (*row[:3], "2005-1-16", *row[4:]),
        "a line number that is text": (*row[:12], "7"),
    }
    for what, bad in damaged.items():
        blob = _packed(fmt, file_date, (bad, *rows[1:]), index)
        try:
            Registry.from_cache(blob)
        except ValueError as exc:
            assert str(exc).startswith("damaged registry cache ("), (what, exc)
        else:
            pytest.fail(f"a cache with {what} was used")


def test_a_cache_vouched_by_its_checksum_loads_without_the_row_checks(tmp_path, monkeypatch, reg: Registry) -> None:
    import marshal

    from bcp47_explorer.core.registry import cache

    # Vouched (the payload matched the checksum written with it): the same records, not checked row by row.
    again = Registry.from_cache(reg.to_cache(), vouched=True)
    assert again.records == reg.records and again.file_date == reg.file_date
    # A blob of another shape is still refused, vouched or not.
    fmt, file_date, cols, index = marshal.loads(reg.to_cache())
    short = (*cols[:5], cols[5][:-1], *cols[6:])
    for bad_cols, bad_index in ((cols[:-1], index), ((7, *cols[1:]), index), (short, index), (cols, index[:-1]),
                                (cols, ((("language", ("aa",), ((0, 99999),), ()),), *index[1:])),
                                (cols, (*index[:2], (7,), *index[3:]))):  # fmt: skip
        with pytest.raises(ValueError, match=r"^damaged registry cache"):
            Registry.from_cache(marshal.dumps((fmt, file_date, bad_cols, bad_index)), vouched=True)
    with pytest.raises(ValueError, match="another format"):
        Registry.from_cache(marshal.dumps(("old", file_date, cols, index)), vouched=True)
    with pytest.raises(ValueError, match="another format"):  # the layout before: a tuple a record, no index
        Registry.from_cache(marshal.dumps((fmt, file_date, tuple(zip(*cols, strict=True)))), vouched=True)
    # The data loader vouches for its own cache: a second load does not check the rows again...
    monkeypatch.setenv(data.ENV_CACHE_DIR, str(tmp_path / "cache"))
    first = data.load_registry()
    checked: list[int] = []
    real_check = cache.check_cached_columns
    monkeypatch.setattr(cache, "check_cached_columns", lambda *a: checked.append(1) or real_check(*a))
    assert data.load_registry().records == first.records and checked == []
    # ...but a payload changed after it was written fails its checksum: deleted, and the file parsed again.
    (path,) = (tmp_path / "cache").glob("registry-*.cache")
    blob = path.read_bytes()
    path.write_bytes(blob[:-1] + bytes([blob[-1] ^ 1]))
    assert data.load_registry().records == first.records
    assert path.read_bytes() == blob  # parsed again and written afresh


def _tables(reg: Registry) -> Any:
    """Return everything a registry's lookups read, as plain values in order (records by identity, as positions)."""
    at = {id(rec): i for i, rec in enumerate(reg.records)}
    by_type = [(t, [(k, at[id(v)]) for k, v in table.items()], [(r, at[id(v)]) for r, v in table.ranges])
               for t, table in reg._by_type.items()]  # fmt: skip
    return (reg.file_date, by_type, [at[id(r)] for r in reg._ranges], [(k, at[id(v)]) for k, v in reg._tags.items()],
            [at[id(r)] for r in reg.tag_records])  # fmt: skip


def test_a_registry_from_the_cache_equals_a_fresh_parse_record_by_record_and_table_by_table(
    tmp_path, monkeypatch, reg: Registry
) -> None:
    import marshal

    fresh = data.load_registry(use_cache=False)
    monkeypatch.setenv(data.ENV_CACHE_DIR, str(tmp_path / "cache"))
    data.load_registry()  # parsed, and the cache written
    cached = data.load_registry()  # from the cache, vouched by its stamp: the tables from its index
    assert len(list((tmp_path / "cache").glob("registry-*.cache"))) == 1
    for again in (cached, Registry.from_cache(fresh.to_cache()), Registry.from_cache(fresh.to_cache(), vouched=True)):
        assert again.records == fresh.records and [r.fields for r in again.records] == [r.fields for r in fresh.records]
        assert [r.line for r in again.records] == [r.line for r in fresh.records]
        assert _tables(again) == _tables(fresh)  # the same keys, records, order; the ranges; the whole tags
        assert all(type(t) is type(f) for t, f in zip(again._by_type.values(), fresh._by_type.values(), strict=True))
        assert again._index() == fresh._index()
        assert [r.code for r in again.lookup("qab")] == ["qaa..qtz"] and again.get("region", "mt").code == "MT"
    assert sum(len(t) for t in fresh._by_type.values()) > 9000 and len(fresh.tag_records) == 93
    # The registry lists each Type together: a table is a few runs of positions in the cache, not a number a record.
    assert all(len(runs) <= 3 for _t, _keys, runs, _ranges in fresh._index()[0])
    # Not vouched, the tables are built from the records, and an index that says otherwise is refused.
    fmt, file_date, cols, index = marshal.loads(fresh.to_cache())
    by_type = list(index[0])
    t, keys, runs, ranges = by_type[0]
    by_type[0] = (t, (keys[1], keys[0], *keys[2:]), runs, ranges)  # two codes swapped: another table
    with pytest.raises(ValueError, match="its tables are not its records"):
        Registry.from_cache(marshal.dumps((fmt, file_date, cols, (tuple(by_type), *index[1:]))))


def test_the_cache_index_keeps_duplicate_codes_and_tables_as_the_constructor_makes_them() -> None:
    from bcp47_explorer.core.registry import cache

    # Built from records directly (no parse refuses a duplicate): the first of two equal codes wins, as setdefault.
    base = Registry.from_text(SAMPLE)
    twin = cache.new_record("language", "MT", ("Maltese again",), "2005-10-16", None, None, (), None, None, None, (),
                            None, 99)  # fmt: skip
    klingon_again = Registry.from_text(SAMPLE).records[-1]  # an equal record, another object: the later one wins
    odd = Registry(base.file_date, (twin, *base.records, klingon_again))
    again = Registry.from_cache(odd.to_cache(), vouched=True)
    assert _tables(again) == _tables(odd) and again.get("language", "mt") is again.records[0]
    assert again.tag_record("i-klingon") is again.records[-1] and len(again.tag_records) == 2
    assert again.records == odd.records
    assert Registry.from_cache(odd.to_cache()).records == odd.records


def test_records_loaded_in_bulk_from_a_cache_stay_frozen_even_after_a_failed_load(reg: Registry) -> None:
    import marshal
    import threading

    from bcp47_explorer.core.registry.record import Record
    from bcp47_explorer.core.text.frozen import Frozen, FrozenInstanceError

    # The bulk load lets Record's class take the plain attribute store meanwhile: afterwards the class is
    # as before (Frozen's refusals, inherited), whether the load worked, failed on a short row, or ran in threads.
    fmt, file_date, cols, index = marshal.loads(reg.to_cache())
    for vouched in (True, False):
        with pytest.raises(ValueError, match=r"^damaged registry cache"):
            Registry.from_cache(marshal.dumps((fmt, file_date, (*cols[:-1], cols[-1][:-1]), index)), vouched=vouched)
        assert "__setattr__" not in Record.__dict__ and "__delattr__" not in Record.__dict__
    loaded: list[Registry] = []
    threads = [threading.Thread(target=lambda: loaded.append(Registry.from_cache(reg.to_cache(), vouched=True)))
               for _ in range(4)]  # fmt: skip
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(loaded) == 4 and all(r.records == reg.records for r in loaded)
    assert Record.__setattr__ is Frozen.__setattr__ and Record.__delattr__ is Frozen.__delattr__
    rec = loaded[0].records[0]
    with pytest.raises(FrozenInstanceError, match="cannot assign to field 'code'"):
        rec.code = "zz"  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError, match="cannot delete field 'line'"):
        del rec.line  # type: ignore[misc]
    assert type(rec) is Record and rec.code == reg.records[0].code


def test_the_cache_keeps_the_fields_a_record_cannot_write_out_again() -> None:
    import marshal

    from bcp47_explorer.core.registry.record import written_fields

    odd = SAMPLE.replace("Added: 2005-10-16\nSuppress-Script: Latn", "Suppress-Script: Latn\nAdded: 2005-10-16")
    odd = odd.replace("Description: Malta\n", "Description: Malta\nX-Reviewer: someone\n")
    reg = Registry.from_text(odd)
    rows = list(zip(*marshal.loads(reg.to_cache())[2], strict=True))
    # mt (another order) and MT (an unknown field) keep theirs; the others are written out again on first use.
    assert [row[1] for row in rows if row[11] is not None] == ["mt", "MT"]
    again = Registry.from_cache(reg.to_cache(), vouched=True)
    assert again.records == reg.records
    assert [r.fields for r in again.records] == [r.fields for r in reg.records]
    assert again.get("language", "mt").fields[3:] == (("Suppress-Script", "Latn"), ("Added", "2005-10-16"))
    assert again.get("region", "MT").extra_fields() == (("X-Reviewer", "someone"),)
    klingon = again.tag_record("i-klingon")
    assert klingon is not None and klingon.fields == written_fields(klingon) == (
        ("Type", "grandfathered"), ("Tag", "i-klingon"), ("Description", "Klingon"), ("Added", "1999-05-26"),
        ("Deprecated", "2004-02-24"), ("Preferred-Value", "tlh"),
    )  # fmt: skip


def test_the_tag_records_are_the_grandfathered_and_redundant_records_in_order(reg: Registry) -> None:
    from bcp47_explorer.core.engine.tables import Tables

    wanted = tuple(r for r in reg.records if r.type in ("grandfathered", "redundant"))
    assert reg.tag_records == wanted and len(wanted) > 80
    assert Registry.from_text(SAMPLE).tag_records == (Registry.from_text(SAMPLE).tag_record("i-klingon"),)
    tables = Tables(reg)
    assert list(tables.tags) == [r.code.lower() for r in wanted]
    assert tables.lang_ok == {k for k, r in tables.lang.items() if r.preferred_value is None} and "en" in tables.lang_ok
    assert "iw" not in tables.lang_ok  # Preferred-Value: he
