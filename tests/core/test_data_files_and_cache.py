"""Pins issue 14 items 2, 5, 7, 8 and 12 (data side): hostile data files and caches end in a clear data
error or a rebuilt cache, never a hang, a traceback, a memory blow-up or wrong answers.

- 2: registry ranges answer membership by comparison; ends of different length or kind are a data error.
- 5: data files are read only when regular and under their size limit (a device, a FIFO, a folder, a
  sparse giant are refused before anything is read).
- 7: damaged CLDR data or an incomplete BCP47_EXPLORER_DATA folder: every verb exits 2, nothing replaced.
- 8: the parse cache is hashed, validated in full, private, never followed through a link, cleaned up on
  failure and pruned.
- 12: ``&#x0;`` in a registry and ``--registry ""`` are errors.
"""

from __future__ import annotations

import errno
import json
import logging
import marshal
import os
import random
import shutil
import stat
import subprocess
import sys
import time
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from bcp47_explorer.cli import main
from bcp47_explorer.core import data
from bcp47_explorer.core.files import safe_write
from bcp47_explorer.core.registry import cache as cache_module
from bcp47_explorer.core.registry.model import SAMPLE, Registry, RegistryError

ROOT = Path(__file__).resolve().parents[2]
RESOURCES = ROOT / "resources"
VERBS = (
    ["check", "en-u-ca-bogus"],
    ["canon", "en"],
    ["explain", "en"],
    ["convert", "de_DE@collation=phonebook"],
    ["match", "--ranges", "en", "en"],
)


def _run(*args: str, env: dict[str, str] | None = None, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "bcp47_explorer.cli", *args],
        input=stdin, capture_output=True, cwd=ROOT, env={**os.environ, **(env or {})}, timeout=120, check=False,
    )  # fmt: skip


# ---------------------------------------------------------------------------------------------- 2: ranges
def _with_range(code: str) -> str:
    return SAMPLE.replace("Subtag: qaa..qtz", f"Subtag: {code}")


def test_a_huge_range_is_compared_never_expanded() -> None:
    # No clock: expanding 2 x 10^11 codes would take terabytes, so the test could not finish if it did.
    reg = Registry.from_text(_with_range("aaaaaaaa..zzzzzzzz"))  # 2 x 10^11 codes
    rec = reg.get("language", "bcdefghi")
    assert rec is not None and rec.code == "aaaaaaaa..zzzzzzzz"
    assert [r.code for r in reg.lookup("ZZZZZZZZ")] == ["aaaaaaaa..zzzzzzzz"]
    assert reg.lookup("aaaaaaa") == [] and reg.get("language", "aaaaaaa1") is None
    assert rec.range_size == 26**8 and len(rec.range_codes(5)) == 5
    assert [h.record.code for h in reg.search("mnopqrst")] == ["aaaaaaaa..zzzzzzzz"]


def test_a_huge_range_in_a_registry_file_through_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "reg.txt"
    path.write_text(_with_range("aaaaa..zzzzz"), encoding="utf-8")
    assert main(["registry", "info", "--registry", str(path)]) == 0
    assert main(["lookup", "--registry", str(path), "--json", "hello"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert json.loads(out[-1])[0]["records"][0]["range"] == ["aaaaa", "zzzzz"]


@pytest.mark.parametrize(
    ("code", "why"),
    [("aa..zzz", "differ in length"), ("qaa..123", "not both letters or both digits"), ("qtz..qaa", "ends before")],
)
def test_a_range_with_ends_of_another_length_or_kind_is_a_data_error(code: str, why: str) -> None:
    with pytest.raises(RegistryError, match=why) as err:
        Registry.from_text(_with_range(code))
    assert err.value.line == 10  # the Subtag line


def test_the_bundled_ranges_still_answer() -> None:
    reg = data.bundled_registry()
    assert reg.get("language", "qab").code == "qaa..qtz"  # type: ignore[union-attr]
    assert reg.get("script", "Qabx").code == "Qaaa..Qabx"  # type: ignore[union-attr]
    assert reg.get("region", "XK").code == "XA..XZ"  # type: ignore[union-attr]
    assert reg.get("region", "XK1") is None and reg.get("script", "Qaby") is None


# -------------------------------------------------------------------------------------- 12: small things
def test_a_nul_escape_in_a_registry_is_a_data_error_with_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(RegistryError, match="control character") as err:
        Registry.from_text(SAMPLE.replace("Description: Malta", "Description: Mal&#x0;ta"))
    assert err.value.line == 17
    path = tmp_path / "reg.txt"
    path.write_text(SAMPLE.replace("Description: Malta", "Description: Mal&#x0;ta"), encoding="utf-8")
    assert main(["lookup", "--registry", str(path), "mt"]) == 2
    assert "line 17" in capsys.readouterr().err


@pytest.mark.parametrize("verb", [["check", "en"], ["canon", "en"], ["explain", "en"], ["convert", "en"],
                                  ["match", "--ranges", "en", "en"], ["lookup", "en"], ["search", "en"],
                                  ["registry", "info"]])  # fmt: skip
def test_an_empty_registry_name_is_a_usage_error(verb: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*verb, "--registry", ""]) == 2
    assert "--registry: needs a file name" in capsys.readouterr().err


# ------------------------------------------------------------------------------------ 5: unbounded reads
def test_devices_fifos_folders_and_giants_are_refused_before_reading(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    giant = tmp_path / "giant.txt"
    with giant.open("wb") as f:  # sparse: 17 MB that take no room
        f.truncate(17 << 20)
    for path, why in ((Path("/dev/zero"), "is a device"), (fifo, "FIFO"), (tmp_path, "folder"), (giant, "more than")):
        with pytest.raises(data.DataError, match=why):  # refused before reading: a device or FIFO would never end
            data.load_registry(path, use_cache=False)


def test_devices_fifos_folders_and_giants_are_refused_when_their_fingerprint_is_asked(tmp_path: Path) -> None:
    """The fingerprint of a data file (all a cache hit reads of it) refuses what reading it whole refuses."""
    from bcp47_explorer.core.files.reading import read_crc32

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    giant = tmp_path / "giant.txt"
    with giant.open("wb") as f:
        f.truncate(17 << 20)
    for path, why in ((Path("/dev/zero"), "is a device"), (fifo, "FIFO"), (tmp_path, "folder"), (giant, "more than")):
        with pytest.raises(data.DataError, match=why):
            read_crc32(path, 16 << 20)
    with pytest.raises(data.DataError, match="no such file"):
        read_crc32(tmp_path / "absent.txt")


@pytest.mark.parametrize("size", [0, 1, (1 << 16) - 1, 1 << 16, (1 << 16) + 1, 300_001])
def test_the_fingerprint_read_in_pieces_is_the_whole_files(tmp_path: Path, size: int) -> None:
    from bcp47_explorer.core.files.reading import read_crc32

    raw = random.Random(size).randbytes(size)
    path = tmp_path / "data.bin"
    path.write_bytes(raw)
    assert read_crc32(path, 1 << 20) == (size, zlib.crc32(raw))
    assert data._file_fingerprint(path, 1 << 20) == data._fingerprint(raw)
    if size:
        with pytest.raises(data.DataError, match="more than"):
            read_crc32(path, size - 1)


def test_a_cache_hit_reads_no_data_file_whole(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    truth = data.load_registry(use_cache=False)
    cldr_truth = data.load_cldr(use_cache=False)
    data.load_registry()  # the caches are written
    data.load_cldr()
    read_whole: list[str] = []
    real = data.read_bytes

    def watched(path: str | os.PathLike[str], limit: int | None = None) -> bytes:
        read_whole.append(os.path.basename(os.fspath(path)))
        return real(path, limit)

    monkeypatch.setattr(data, "read_bytes", watched)
    assert data.load_registry().records == truth.records
    assert data.load_cldr().u_keys == cldr_truth.u_keys
    assert read_whole == []
    # A source changed since its cache was written is read whole and parsed, and its own cache written.
    copy = cache.parent / data.REGISTRY_FILE
    copy.write_bytes((RESOURCES / data.REGISTRY_FILE).read_bytes().replace(b"File-Date: ", b"File-Date:  ", 1))
    first = data.load_registry(copy)
    assert read_whole == [data.REGISTRY_FILE] and first.file_date == truth.file_date
    read_whole.clear()
    assert data.load_registry(copy).records == first.records and read_whole == []


def test_registry_dev_zero_is_a_clear_error_in_the_cli() -> None:
    done = _run("lookup", "en", "--registry", "/dev/zero")
    assert done.returncode == 2
    assert done.stderr.decode().strip() == (
        "bcp47: data error: /dev/zero: is a device, not a regular file; data files must be regular files"
    )


# ------------------------------------------------------------------------------------- 7: the data files
def _data_folder(tmp_path: Path, **replace: str) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    for name in (data.REGISTRY_FILE, data.EXTENSIONS_FILE, data.CLDR_FILE):
        shutil.copy(RESOURCES / name, folder / name)
    for name, text in replace.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def _cldr_with(**changes: object) -> str:
    doc = json.loads((RESOURCES / data.CLDR_FILE).read_text(encoding="utf-8"))
    doc.update(changes)
    return json.dumps(doc)


def uncached_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the bundled_* loaders read the files again on every call, for this test only.

    The session's cached data stay as they are (monkeypatch restores the loaders), so later
    tests still share one bundled registry and engine.
    """

    from bcp47_explorer.core.files import reading

    monkeypatch.setattr(reading, "resources_folder", reading.resources_folder.__wrapped__)
    monkeypatch.setattr(data, "bundled_registry", lambda: data.load_registry())
    monkeypatch.setattr(data, "bundled_cldr", lambda: data.load_cldr())
    monkeypatch.setattr(data, "bundled_extensions_registry", lambda: data.load_extensions_registry())
    monkeypatch.setattr(data, "bundled_engine", lambda: data.engine_for())


@pytest.fixture
def use_data(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Point BCP47_EXPLORER_DATA at a folder for in-process runs that load the data afresh."""

    def use(folder: Path) -> None:
        monkeypatch.setenv(data.ENV_DATA_DIR, str(folder))
        uncached_data(monkeypatch)

    return use


@pytest.mark.parametrize(
    "damage",
    [
        "",
        _cldr_with(sources=5),
        _cldr_with(cldr_version=None),
        _cldr_with(aliases={"languageAlias": {"iw": 5}}),
        (RESOURCES / data.CLDR_FILE).read_text(encoding="utf-8").replace('"format":1', '"format":1' + "0" * 5000, 1),
        (RESOURCES / data.CLDR_FILE).read_text(encoding="utf-8").replace('"29"', "1" + "0" * 5000, 1),
    ],
    ids=["empty", "sources-5", "version-null", "alias-number", "5000-digit-format", "5000-digit-since"],
)
def test_damaged_cldr_data_is_refused_by_every_verb(
    tmp_path: Path,
    damage: str,
    use_data,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    use_data(_data_folder(tmp_path, **{data.CLDR_FILE: damage}))
    for verb in VERBS:
        assert main(verb) == 2, verb
        captured = capsys.readouterr()
        assert captured.err.startswith("bcp47: data error:") and "cldr-bcp47.json" in captured.err, verb
        assert "valid" not in captured.out


def test_damaged_cldr_data_in_a_real_process(tmp_path: Path) -> None:
    folder = _data_folder(tmp_path, **{data.CLDR_FILE: _cldr_with(sources=5)})
    done = _run("check", "en-u-ca-bogus", env={data.ENV_DATA_DIR: str(folder)})
    assert done.returncode == 2 and b"Traceback" not in done.stderr and b"'sources'" in done.stderr


@pytest.mark.parametrize("missing", ["folder", data.CLDR_FILE, data.EXTENSIONS_FILE])
def test_a_missing_or_incomplete_data_folder_is_never_replaced_by_the_bundled_one(
    tmp_path: Path,
    missing: str,
    use_data,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    folder = _data_folder(tmp_path)
    if missing == "folder":
        shutil.rmtree(folder)
    else:
        (folder / missing).unlink()
    use_data(folder)
    for verb in (*VERBS, ["lookup", "en"], ["search", "en"]):
        assert main(verb) == 2, verb
        err = capsys.readouterr().err
        assert data.ENV_DATA_DIR in err, (verb, err)
        if missing != "folder":
            assert missing in err


def test_a_complete_data_folder_is_used(tmp_path: Path, use_data, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    reg = (RESOURCES / data.REGISTRY_FILE).read_text(encoding="utf-8")
    use_data(
        _data_folder(tmp_path, **{data.REGISTRY_FILE: reg.replace("Description: Maltese", "Description: Maltesisch")})
    )
    assert main(["lookup", "mt"]) == 0
    assert "Maltesisch" in capsys.readouterr().out


# -------------------------------------------------------------------------------------- 8: the parse cache
@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(data.ENV_CACHE_DIR, str(folder))
    return folder


def _only_cache(folder: Path) -> Path:
    files = sorted(folder.glob(f"{data.CACHE_PREFIX}*{data.CACHE_SUFFIX}"))
    assert len(files) == 1, files
    return files[0]


def test_the_cache_folder_is_private_and_the_cache_carries_its_hashes(cache: Path) -> None:
    truth = data.load_registry(use_cache=False)
    data.load_registry()
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    path = _only_cache(cache)
    blob = path.read_bytes()
    assert blob.startswith(b"bcp47-explorer registry cache 5\n")
    raw = (RESOURCES / data.REGISTRY_FILE).read_bytes()
    source_print, stamp = blob.split(b"\n")[1].split(b" ")
    assert source_print.decode() == f"{len(raw):x}:{zlib.crc32(raw):08x}"
    assert f"-{len(raw):x}-{zlib.crc32(raw):08x}-py" in path.name
    payload = blob.split(b"\n", 2)[2]
    assert stamp.decode() == f"{zlib.crc32(cache_module.CACHE_LAYOUT + payload):08x}"  # the layout, then the payload
    cached = data.load_registry()
    assert cached.records == truth.records
    # Repeated strings and field pairs are written once and come back as one object each.
    assert len({id(r.type) for r in cached.records}) == len({r.type for r in cached.records}) == 7
    # A record's fields are left out when the record writes them out again (all but a few), and come back equal.
    kept = [fields for fields in marshal.loads(payload)[2][11] if fields is not None]  # the column of the fields
    assert 0 < len(kept) < 20 and [r.fields for r in cached.records] == [r.fields for r in truth.records]
    assert len({id(pair) for fields in kept for pair in fields if pair[0] == "Type"}) <= 7
    assert len(blob) < (RESOURCES / data.REGISTRY_FILE).stat().st_size * 1.3


def _header(blob: bytes, source: bytes) -> bytes:
    """Return *blob* with *source* put before the source's fingerprint in its header."""
    magic, head, payload = blob.split(b"\n", 2)
    return b"\n".join((magic, source + head, payload))


@pytest.mark.parametrize(
    ("damage", "why"),
    [
        (lambda blob: blob[: len(blob) - 1000], "its content does not match its stamp"),  # truncated
        (lambda blob: blob[:-1] + bytes([blob[-1] ^ 0x10]), "its content does not match its stamp"),  # one bit
        (lambda blob: _header(blob, source=b"0"), "made from another source"),  # another source's fingerprint
        (lambda blob: blob.replace(b"cache 5", b"cache 4", 1), "not a cache of this format"),  # the old format
        (lambda blob: b"", "not a cache of this format"),
    ],
    ids=["truncated", "a bit flipped", "another source", "another format", "empty"],
)
def test_a_truncated_damaged_or_foreign_cache_is_refused_with_its_log_line(
    cache: Path, caplog: pytest.LogCaptureFixture, damage: Callable[[bytes], bytes], why: str
) -> None:
    truth = data.load_registry()
    path = _only_cache(cache)
    good = path.read_bytes()
    path.write_bytes(damage(good))
    with caplog.at_level(logging.WARNING):
        again = data.load_registry()
    assert again.records == truth.records and again.file_date == truth.file_date
    assert f"parse cache {path} is damaged ({why}): deleted, the registry is parsed again" in caplog.text
    assert path.read_bytes() == good  # written again from the parse


def _rewrite_payload(path: Path, payload: bytes) -> None:
    """Write a cache for another payload with its plain CRC-32 in the header (a well-shaped but wrong cache).

    Not the loader's stamp, which covers the record layout too (``data._stamp``): what vouches for a
    payload, and lets the loader skip the row-by-row checks, is only what ``Registry.to_cache`` wrote.
    """
    head = path.read_bytes().split(b"\n", 2)
    source = head[1].split(b" ")[0]
    path.write_bytes(b"\n".join((head[0], source + b" " + f"{zlib.crc32(payload):08x}".encode(), payload)))


def test_a_well_shaped_cache_with_wrong_field_types_is_deleted_and_rebuilt(
    cache: Path, caplog: pytest.LogCaptureFixture
) -> None:
    truth = data.load_registry()
    path = _only_cache(cache)
    fmt, file_date, cols, index = marshal.loads(path.read_bytes().split(b"\n", 2)[2])
    bad_cols = (*cols[:2], (5,) * len(cols[2]), *cols[3:])  # descriptions as a number
    _rewrite_payload(path, marshal.dumps((fmt, file_date, bad_cols, index)))
    with caplog.at_level(logging.WARNING):
        again = data.load_registry()
    assert again.records == truth.records
    assert "is damaged" in caplog.text and "parsed again" in caplog.text
    assert marshal.loads(_only_cache(cache).read_bytes().split(b"\n", 2)[2])[2] == cols  # rebuilt
    assert main(["lookup", "iw"]) == 0


def test_bit_flips_in_the_cache_never_change_the_answers(cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "reg.txt"  # a small registry: each flip costs a parse
    source.write_text(SAMPLE, encoding="utf-8")
    truth = data.load_registry(source)
    path = _only_cache(cache)
    good = path.read_bytes()
    rng = random.Random(14)
    for _ in range(150):
        flipped = bytearray(good)
        pos = rng.randrange(len(flipped))
        flipped[pos] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(flipped))
        got = data.load_registry(source)
        assert got.records == truth.records and got.file_date == truth.file_date


def test_a_planted_link_at_the_cache_path_is_never_followed(cache: Path, tmp_path: Path) -> None:
    data.load_registry()
    path = _only_cache(cache)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    path.unlink()
    path.symlink_to(victim)
    assert len(data.load_registry()) == 9296
    assert victim.read_text() == "precious" and path.is_symlink()


def test_a_cache_folder_that_is_a_link_or_open_to_others_is_not_trusted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = tmp_path / "elsewhere"
    real.mkdir()
    link = tmp_path / "cache-link"
    link.symlink_to(real, target_is_directory=True)
    monkeypatch.setenv(data.ENV_CACHE_DIR, str(link))
    assert data.private_cache_dir() is None
    data.load_registry()
    assert list(real.iterdir()) == []
    open_folder = tmp_path / "open"
    open_folder.mkdir(mode=0o777)
    os.chmod(open_folder, 0o777)
    monkeypatch.setenv(data.ENV_CACHE_DIR, str(open_folder))
    assert data.private_cache_dir() == open_folder and stat.S_IMODE(open_folder.stat().st_mode) == 0o700


def test_a_full_disk_leaves_no_temporary_files(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*args: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(safe_write.os, "write", full)
    assert len(data.load_registry()) == 9296
    monkeypatch.undo()
    assert [p.name for p in cache.iterdir()] == []


def test_old_caches_are_pruned_to_the_current_sources(cache: Path, tmp_path: Path) -> None:
    cache.mkdir(mode=0o700)
    (cache / "registry-0123abcd-py311.marshal").write_bytes(b"old format")
    stale_tmp = cache / f".{data.CACHE_PREFIX}x.cache.0123.tmp"
    stale_tmp.write_bytes(b"left by a crash")
    os.utime(stale_tmp, (time.time() - 3600, time.time() - 3600))
    reg_file = tmp_path / "reg.txt"
    for n in range(3):  # the same file, edited twice: one cache for it remains, of its current content
        reg_file.write_text(SAMPLE.replace("Maltese", f"Maltese {n}"), encoding="utf-8")
        assert data.load_registry(reg_file).lookup("mt")[0].description == f"Maltese {n}"
    data.load_registry()
    names = sorted(p.name for p in cache.iterdir())
    assert len(names) == 2 and all(n.endswith(data.CACHE_SUFFIX) for n in names)
    for n in range(12):  # many different files: at most a handful of caches are kept
        other = tmp_path / f"reg{n}.txt"
        other.write_text(SAMPLE, encoding="utf-8")
        data.load_registry(other)
    assert len(list(cache.iterdir())) <= 8


# ------------------------------------------------------------------------- 8: CLDR's BCP 47 data's parse cache
def _only_cldr_cache(folder: Path) -> Path:
    files = sorted(folder.glob(f"{data.CLDR_CACHE_PREFIX}*{data.CACHE_SUFFIX}"))
    assert len(files) == 1, files
    return files[0]


def _cldr_state(cldr: object) -> dict[str, object]:
    """Return everything a CldrData holds, as plain values: its slots, each key's fields and each type's fields."""
    from bcp47_explorer.core.cldr.model import CldrData

    assert type(cldr) is CldrData
    state: dict[str, object] = {name: getattr(cldr, name) for name in ("version", "package_version",
                                "unicode_version", "regular_regions", "subdivisions")}  # fmt: skip
    for name in ("language_aliases", "language_alias_reasons", "script_aliases", "territory_aliases",
                 "variant_aliases", "subdivision_aliases", "territory_containment", "region_by_alpha3",
                 "region_by_numeric"):  # fmt: skip
        table = getattr(cldr, name)
        assert type(table).__name__ == "mappingproxy", name
        state[name] = list(table.items())  # the order too
    state["sources"] = [list(s.items()) for s in cldr.sources]  # type: ignore[attr-defined]
    for ext in ("u_keys", "t_keys"):
        state[ext] = [
            ([getattr(k, f) for f in type(k).__match_args__ if f != "types"], list(k.types),
             [[getattr(t, f) for f in type(t).__match_args__] for t in k.types.values()])
            for k in getattr(cldr, ext).values()
        ]  # fmt: skip
    return state


def test_cldr_data_from_its_parse_cache_equals_the_json_read_and_the_cache_is_stamped(cache: Path) -> None:
    from bcp47_explorer.core.cldr import model as cldr_model

    fresh = data.load_cldr(use_cache=False)
    assert not cache.exists() or not list(cache.glob(f"{data.CLDR_CACHE_PREFIX}*"))
    first = data.load_cldr()  # read from the JSON, the cache written
    path = _only_cldr_cache(cache)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    blob = path.read_bytes()
    raw = (RESOURCES / data.CLDR_FILE).read_bytes()
    magic, head, payload = blob.split(b"\n", 2)
    assert magic == b"bcp47-explorer cldr cache 1"
    source_print, stamp = head.split(b" ")
    assert source_print.decode() == f"{len(raw):x}:{zlib.crc32(raw):08x}"
    assert stamp.decode() == f"{zlib.crc32(cldr_model.CACHE_LAYOUT + payload):08x}"
    again = data.load_cldr()  # from the cache
    assert again.subdivisions is again.subdivisions and "usca" in again.subdivisions
    assert _cldr_state(again) == _cldr_state(fresh) == _cldr_state(first)
    assert again.u_key("co").types["phonebk"] == fresh.u_key("co").types["phonebk"]  # type: ignore[union-attr]
    assert path.read_bytes() == blob  # used, not rewritten
    # The engine on cached data gives the same answers.
    assert [p.code for p in again.check_u_keyword("ca", ["islamicc"])] == [
        p.code for p in fresh.check_u_keyword("ca", ["islamicc"])
    ]


@pytest.mark.parametrize(
    ("damage", "why"),
    [
        (lambda blob: blob[: len(blob) - 1000], "its content does not match its stamp"),  # truncated
        (lambda blob: blob[:-1] + bytes([blob[-1] ^ 0x10]), "its content does not match its stamp"),  # one bit
        (lambda blob: _header(blob, source=b"0"), "made from another source"),
        (lambda blob: blob.replace(b"cldr cache 1", b"cldr cache 0", 1), "not a cache of this format"),
        (lambda blob: blob.replace(b"cldr cache", b"registry cache", 1), "not a cache of this format"),
        (lambda blob: b"", "not a cache of this format"),
    ],
    ids=["truncated", "a bit flipped", "another source", "another format", "another kind", "empty"],
)
def test_a_damaged_or_foreign_cldr_cache_is_refused_deleted_and_rebuilt(
    cache: Path, caplog: pytest.LogCaptureFixture, damage: Callable[[bytes], bytes], why: str
) -> None:
    truth = _cldr_state(data.load_cldr())
    path = _only_cldr_cache(cache)
    good = path.read_bytes()
    path.write_bytes(damage(good))
    with caplog.at_level(logging.WARNING):
        again = data.load_cldr()
    assert _cldr_state(again) == truth
    assert f"parse cache {path} is damaged ({why}): deleted, CLDR's data is parsed again" in caplog.text
    assert path.read_bytes() == good  # written again from the JSON


@pytest.mark.parametrize(
    "shape",
    [
        lambda got: ("bcp47-explorer-cldr-0", *got[1:]),  # an old format that its stamp vouches for
        lambda got: got[:-1],
        lambda got: (*got[:5], ((1, 2),), *got[6:]),  # a key row of two numbers
        lambda got: (*got[:7], got[7][:-1], *got[8:]),  # a table missing
        lambda got: (*got[:7], (*got[7][:-1], [1]), *got[8:]),  # a table that is a list
        lambda got: (*got[:8], 5, got[9]),  # the subdivisions a number
        lambda got: 7,
    ],
    ids=["old-format", "short", "bad-key-row", "table-missing", "table-a-list", "subdivisions-number", "a-number"],
)
def test_a_well_stamped_cldr_cache_of_another_shape_is_refused_and_rebuilt(
    cache: Path, caplog: pytest.LogCaptureFixture, shape: Callable[[tuple[object, ...]], object]
) -> None:
    from bcp47_explorer.core.cldr import model as cldr_model

    truth = _cldr_state(data.load_cldr())
    path = _only_cldr_cache(cache)
    good = path.read_bytes()
    magic, head, payload = good.split(b"\n", 2)
    bad = marshal.dumps(shape(marshal.loads(payload)))
    stamp = f"{zlib.crc32(cldr_model.CACHE_LAYOUT + bad):08x}".encode()  # stamped as the loader stamps
    path.write_bytes(b"\n".join((magic, head.split(b" ")[0] + b" " + stamp, bad)))
    with caplog.at_level(logging.WARNING):
        again = data.load_cldr()
    assert _cldr_state(again) == truth
    assert f"parse cache {path} is damaged (" in caplog.text and "CLDR cache" in caplog.text
    assert path.read_bytes() == good


def test_cldr_caches_are_kept_one_per_source_and_apart_from_the_registrys(cache: Path, tmp_path: Path) -> None:
    doc = json.loads((RESOURCES / data.CLDR_FILE).read_text(encoding="utf-8"))
    source = tmp_path / "cldr.json"
    for n in range(3):  # the same file, edited twice: one cache for it remains, of its current content
        doc["package_version"] = f"48.{n}"
        source.write_text(json.dumps(doc), encoding="utf-8")
        assert data.load_cldr(source).package_version == f"48.{n}"
        assert data.load_cldr(source).package_version == f"48.{n}"  # from its cache
    data.load_registry()
    data.load_cldr()
    names = sorted(p.name for p in cache.iterdir())
    assert [n.split("-")[0] for n in names] == ["cldr", "cldr", "registry"], names
    data.load_cldr(use_cache=False)
    assert sorted(p.name for p in cache.iterdir()) == names


def test_cldr_subdivisions_are_made_on_first_use_and_equal_the_documents() -> None:
    from bcp47_explorer.core.cldr.model import CldrData, CldrDataError

    doc = json.loads((RESOURCES / data.CLDR_FILE).read_text(encoding="utf-8"))
    cldr = data.load_cldr()
    assert cldr._subdivisions is None  # type: ignore[attr-defined]
    assert cldr.subdivisions == frozenset(doc["subdivisions"].split()) and len(cldr.subdivisions) == 5046
    made = CldrData([], version="48", package_version="48", subdivisions=["usca", "gbsct"])
    assert made.subdivisions == {"usca", "gbsct"}
    with pytest.raises(CldrDataError, match="'subdivisions' must be a string"):
        CldrData.from_json(_cldr_with(subdivisions=["usca"]))
