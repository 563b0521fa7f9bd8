"""Load the data files into models and compose the bundled set: the one place that does.

Reading bytes with limits lives in :mod:`.files.reading`; the models (registry, CLDR, names) parse
what they are handed. Everything an algorithm needs reaches it through a constructor: this module
is the only one that calls ``bundled_*()``, and the UI and the command line ask it for the
composed objects (:func:`bundled_engine`, :func:`bundled_namer`).
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import time
import zlib
from _thread import allocate_lock  # threading's Lock, without importing threading (start-up)
from collections.abc import Callable
from functools import lru_cache

from .files.reading import (
    CLDR_FILE,
    DEFAULT_SIZE_LIMIT,
    ENV_CACHE_DIR,
    ENV_DATA_DIR,
    EXTENSIONS_FILE,
    NAMES_FILE,
    REGISTRY_FILE,
    SIZE_LIMITS,
    SUPPLEMENTAL_FILE,
    DataError,
    cache_dir,
    decode,
    log,
    private_cache_dir,
    private_cache_folder,
    read_bytes,
    read_crc32,
    read_text,
    resource_file,
    resource_path,
    resources_dir,
)
from .files.safe_write import read_small_regular, write_file
from .text.catalogue import N_, _

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up: see text.static)

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from pathlib import Path

    from .build.choices import Likely
    from .build.repair import Repairer
    from .cldr.likely import Supplemental
    from .cldr.model import CldrData
    from .engine.tag import TagEngine
    from .names.finder import NameFinder
    from .names.namer import Namer
    from .names.pack import NamesPack
    from .names.sil import SilData
    from .registry.extensions import ExtensionsRegistry
    from .registry.model import Registry

if TYPE_CHECKING:
    from typing import Protocol, TypeVar

    _T = TypeVar("_T")

    class _Cacheable(Protocol):
        def to_cache(self) -> bytes: ...

    _M = TypeVar("_M", bound=_Cacheable)

__all__ = [
    "CLDR_FILE",
    "DEFAULT_SIZE_LIMIT",
    "ENV_CACHE_DIR",
    "ENV_DATA_DIR",
    "EXTENSIONS_FILE",
    "NAMES_FILE",
    "REGISTRY_FILE",
    "SIZE_LIMITS",
    "SUPPLEMENTAL_FILE",
    "DataError",
    "bundled_cldr",
    "bundled_engine",
    "bundled_extensions_registry",
    "bundled_namer",
    "bundled_names",
    "bundled_name_finder",
    "bundled_registry",
    "bundled_sil",
    "bundled_supplemental",
    "cache_dir",
    "check_data_files",
    "data_advice",
    "decode",
    "engine_for",
    "load_cldr",
    "load_extensions_registry",
    "load_names",
    "load_registry",
    "load_supplemental",
    "private_cache_dir",
    "read_bytes",
    "read_text",
    "resource_path",
    "resources_dir",
]

#: The parse caches' file name pattern and format; anything else in the cache folder is left alone.
CACHE_PREFIX = "registry-"
CACHE_SUFFIX = ".cache"
_CACHE_MAGIC = b"bcp47-explorer registry cache 5\n"
#: CLDR's BCP 47 data's parse cache: the same folder, safety and pruning, its own names and format.
CLDR_CACHE_PREFIX = "cldr-"
_CLDR_CACHE_MAGIC = b"bcp47-explorer cldr cache 1\n"
_CACHES_KEPT = 8


class _CacheKind:
    """What tells one data file's parse caches apart: their names' prefix, their format line, their stamp's layout.

    *layout* returns the model's ``CACHE_LAYOUT`` (imported when a stamp is made, not at start-up): its
    format and fields, so that a payload of another layout under the same format fails its stamp.
    """

    __slots__ = ("layout", "magic", "prefix", "what")

    def __init__(self, prefix: str, magic: bytes, layout: Callable[[], bytes], what: str) -> None:
        self.prefix = prefix
        self.magic = magic
        self.layout = layout
        self.what = what


def _registry_layout() -> bytes:
    from .registry.cache import CACHE_LAYOUT

    return CACHE_LAYOUT


def _cldr_layout() -> bytes:
    from .cldr.model import CACHE_LAYOUT

    return CACHE_LAYOUT


_REGISTRY_CACHE = _CacheKind(CACHE_PREFIX, _CACHE_MAGIC, _registry_layout, "the registry")
_CLDR_CACHE = _CacheKind(CLDR_CACHE_PREFIX, _CLDR_CACHE_MAGIC, _cldr_layout, "CLDR's data")


def load_registry(path: str | os.PathLike[str] | None = None, *, use_cache: bool = True) -> Registry:
    """Load a Language Subtag Registry file (the bundled one by default).

    The parsed records are cached under :func:`cache_dir` (see :func:`_read_cache`), keyed by
    the file's location and the fingerprint of its bytes (:func:`_fingerprint`), so that a later
    start skips parsing. The cache is only an accelerator: a missing, unwritable or damaged cache
    means a normal parse.
    """
    from .registry.model import Registry

    if path is not None and not str(path):
        raise DataError(_("an empty registry file name"))
    p, source = _data_file(path, REGISTRY_FILE)
    return _load_cached(
        _REGISTRY_CACHE,
        p,
        SIZE_LIMITS[REGISTRY_FILE],
        use_cache,
        lambda payload: Registry.from_cache(payload, source, vouched=True),
        lambda raw: Registry.from_text(decode(raw, p), source=source),
    )


def _load_cached(
    kind: _CacheKind,
    path: str | os.PathLike[str],
    limit: int | None,
    use_cache: bool,
    from_cache: Callable[[memoryview], _M],
    parse: Callable[[bytes], _M],
) -> _M:
    """Return the model of the data file *path*: from its parse cache when one is there for its content
    (:func:`_read_cache`), else *parse* of its bytes, then cached (when *use_cache* and a cache folder allow).

    A cache hit reads the file's fingerprint alone (:func:`_file_fingerprint`), never the whole file; a file
    read for parsing that changed since its fingerprint was taken is cached under what was parsed.
    """
    folder = private_cache_folder() if use_cache else None
    if folder is not None:
        digest = _file_fingerprint(path, limit)
        cached = _read_cache(kind, _cache_file(folder, kind, path, digest), digest, from_cache)
        if cached is not None:
            return cached
    raw = read_bytes(path, limit)
    model = parse(raw)
    if folder is not None:
        source_digest = _fingerprint(raw)  # the file may have changed since its fingerprint was taken
        _write_cache(kind, _cache_file(folder, kind, path, source_digest), source_digest, model.to_cache())
    return model


def _cache_file(folder: str, kind: _CacheKind, path: str | os.PathLike[str], source_digest: str) -> str:
    """Return the parse cache's file in *folder* for the data file *path* of this content.

    Named by the file's location, the :func:`_fingerprint` of its bytes and the Python version (marshal's).
    """
    where = f"{zlib.crc32(os.fsencode(os.path.abspath(path))):08x}"
    py = f"py{sys.version_info[0]}{sys.version_info[1]}"
    return os.path.join(folder, f"{kind.prefix}{where}-{source_digest.replace(':', '-')}-{py}{CACHE_SUFFIX}")


def _data_file(path: str | os.PathLike[str] | None, bundled: str) -> tuple[str | Path, str]:
    """Return the file to read (*path*, else the bundled file *bundled*) and the name its messages give it.

    The bundled file's path is a string (``files.reading.resources_folder``: no ``pathlib`` at start-up) and
    its messages name the file alone; a file the user names is a ``Path``, named whole.
    """
    if path is None:
        return resource_file(bundled), bundled
    from pathlib import Path

    p = Path(path)
    return p, str(p)


def _file_fingerprint(path: str | os.PathLike[str], limit: int | None = None) -> str:
    """Return :func:`_fingerprint` of the data file *path*'s bytes, read a piece at a time
    (``files.reading.read_crc32``: the same refusals and errors as reading it whole)."""
    size, crc = read_crc32(path, limit)
    return f"{size:x}:{crc:08x}"


def _fingerprint(raw: bytes) -> str:
    """Return what a parse cache is keyed by: the size and the CRC-32 of the source's bytes (``SIZE:CRC``, hex).

    A check against accidents (another file, an edited or truncated one), not against someone who
    can write both the registry and the private cache folder: a cryptographic hash would not stop
    them either (there is no secret), and ``hashlib`` alone was 3 ms of a 0.12 s ``bcp47 check``.

    >>> _fingerprint(b"File-Date: 2026-01-01")
    '15:1bfb86e9'
    """
    return f"{len(raw):x}:{zlib.crc32(raw):08x}"


def _read_cache(kind: _CacheKind, cache_file: str, source_digest: str, load: Callable[[memoryview], _T]) -> _T | None:
    """Return what *load* makes of *cache_file*'s payload when the file is whole and made from this source, else None.

    The file holds a header line (format, :func:`_fingerprint` of the source file, :func:`_stamp` of the
    payload) and the payload; the payload is only unpacked when its stamp matches, which vouches that it is
    what the model's ``to_cache`` of this layout wrote: *load* need not check it field by field again
    (that was half the registry's load; :meth:`Registry.from_cache` on any other blob still does).
    Anything wrong (*load* raising ValueError included): the file is deleted, a log line says why, and
    the caller parses the source again.
    """
    try:
        blob = read_small_regular(cache_file, SIZE_LIMITS[REGISTRY_FILE] * 4)
    except OSError as exc:
        log.warning("parse cache %s not used: %s", cache_file, exc)
        return None
    if blob is None:
        return None
    problem = None
    magic = kind.magic
    # The payload is a view of the file's bytes, not a copy (two copies of 800 kB were ~0.5 ms of page faults).
    end = blob.find(b"\n", len(magic))
    head = blob[len(magic) : end]
    payload = memoryview(blob)[end + 1 :] if end >= 0 else memoryview(b"")
    if not blob.startswith(magic) or end < 0:
        problem = "not a cache of this format"
    else:
        fields = head.split(b" ")
        if len(fields) != 2 or fields[0] != source_digest.encode("ascii"):
            problem = "made from another source"
        elif fields[1] != _stamp(payload, kind):
            problem = "its content does not match its stamp"
    if problem is None:
        try:
            loaded = load(payload)  # the payload matched its stamp: what to_cache of this layout wrote
        except ValueError as exc:
            problem = str(exc)
        else:
            with contextlib.suppress(OSError):
                os.utime(cache_file)  # most recently used: pruning keeps it
            return loaded
    log.warning("parse cache %s is damaged (%s): deleted, %s is parsed again", cache_file, problem, kind.what)
    with contextlib.suppress(OSError):
        os.unlink(cache_file)
    return None


def _stamp(payload: bytes | memoryview, kind: _CacheKind = _REGISTRY_CACHE) -> bytes:
    """Return the stamp a parse cache's header carries: the CRC-32 of its layout and its payload, in hex.

    A payload whose stamp matches was written by the model's ``to_cache`` of this very layout and is
    unchanged since (CRC-32 finds every burst of damage up to 32 bits, and misses other damage once in
    four billion): its rows are not checked one by one again. A checksum of the payload alone, or another
    layout under the same format name, does not match.
    """
    return f"{zlib.crc32(payload, zlib.crc32(kind.layout())):08x}".encode("ascii")


def _write_cache(kind: _CacheKind, target: str, source_digest: str, payload: bytes) -> None:
    """Write a parse cache (private, atomic), then prune the folder; a cache that cannot be written is not."""
    blob = b"".join((kind.magic, source_digest.encode("ascii"), b" ", _stamp(payload, kind), b"\n", payload))
    try:
        write_file(target, blob, mode=0o600)
    except OSError as exc:
        log.info("parse cache %s not written: %s", target, exc)
    _prune_caches(target, kind.prefix)


def _prune_caches(current: str, prefix: str = CACHE_PREFIX) -> None:
    """Keep one cache per source location (the current content), at most a few of a kind; drop stale files."""
    folder, current_name = os.path.split(current)
    where = current_name[len(prefix) :].split("-")[0]
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    now = time.time()
    ours = []
    for entry in entries:
        name = entry.name
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        stale = (
            (name.startswith(CACHE_PREFIX) and name.endswith(".marshal"))  # the old format
            or (name.startswith(f".{prefix}") and name.endswith(".tmp") and now - st.st_mtime > 600)
            or (name.startswith(f"{prefix}{where}-") and name.endswith(CACHE_SUFFIX) and name != current_name)
        )
        if stale:
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
        elif name.startswith(prefix) and name.endswith(CACHE_SUFFIX) and stat.S_ISREG(st.st_mode):
            ours.append((st.st_mtime, entry.path))
    for _mtime, path in sorted(ours, reverse=True)[_CACHES_KEPT:]:
        with contextlib.suppress(OSError):
            os.unlink(path)


def load_extensions_registry(path: str | os.PathLike[str] | None = None) -> ExtensionsRegistry:
    """Load a Language Tag Extensions Registry file (the bundled one by default)."""
    from .registry.extensions import ExtensionsRegistry
    from .registry.recordjar import RecordJarError

    p, source = _data_file(path, EXTENSIONS_FILE)
    try:
        return ExtensionsRegistry.from_text(read_text(p), source=source)
    except RecordJarError as exc:
        raise DataError(str(exc)) from None


@lru_cache(maxsize=1)
def bundled_registry() -> Registry:
    """Return the bundled Language Subtag Registry, loaded once per process."""
    return load_registry()


@lru_cache(maxsize=1)
def bundled_extensions_registry() -> ExtensionsRegistry:
    """Return the bundled Language Tag Extensions Registry, loaded once per process."""
    return load_extensions_registry()


def load_cldr(path: str | os.PathLike[str] | None = None, *, use_cache: bool = True) -> CldrData:
    """Load CLDR's BCP 47 data (resources/cldr-bcp47.json by default), raising DataError if damaged.

    What the document makes is cached as the registry's records are (:func:`_read_cache`: keyed by the
    file's location and fingerprint, stamped, a damaged or foreign cache deleted and the file read again):
    reading the JSON and building the tables was ~3 ms of every start, the cache about a third of that.
    """
    from .cldr.model import CldrData, CldrDataError

    p = _data_file(path, CLDR_FILE)[0]

    def parse(raw: bytes) -> CldrData:
        try:
            return CldrData.from_json(decode(raw, p))
        except CldrDataError as exc:
            raise DataError(f"{p}: {exc}") from None

    return _load_cached(_CLDR_CACHE, p, None, use_cache, CldrData.from_cache, parse)


@lru_cache(maxsize=1)
def bundled_cldr() -> CldrData:
    """Return the bundled CLDR BCP 47 data, loaded once per process."""
    return load_cldr()


def load_supplemental(path: str | os.PathLike[str] | None = None) -> Supplemental:
    """Load CLDR's likely subtags, parent locales and language matching (resources/cldr-supplemental.json)."""
    from .cldr.likely import Supplemental, SupplementalError

    p = _data_file(path, SUPPLEMENTAL_FILE)[0]
    try:
        return Supplemental.from_json(read_text(p))
    except SupplementalError as exc:
        raise DataError(f"{p}: {exc}") from None


@lru_cache(maxsize=1)
def bundled_supplemental() -> Supplemental:
    """Return the bundled CLDR supplemental data (likely subtags, parents, matching), loaded once per process."""
    return load_supplemental()


def load_names(path: str | os.PathLike[str] | None = None) -> NamesPack:
    """Open CLDR's display-name pack (resources/cldr-names.pack by default), raising DataError if damaged.

    Only the header (the index of locales, parents and autonyms) is read now; a display
    language's names are read and decompressed when first asked for (:meth:`NamesPack.names`).
    """
    from pathlib import Path

    from .names.pack import NamesPack, NamesPackError

    p = Path(path) if path is not None else resource_path(NAMES_FILE)

    def read_blob(offset: int, length: int) -> bytes:
        try:
            with p.open("rb") as handle:
                handle.seek(offset)
                blob = handle.read(length)
        except OSError as exc:
            raise DataError(_("{path}: cannot read ({reason})").format(path=p, reason=exc.strerror or exc)) from None
        if len(blob) != length:
            raise DataError(_("{path}: truncated (a locale's names end past the end of the file)").format(path=p))
        return blob

    try:
        with p.open("rb") as handle:
            first = handle.readline(200)
            head = NamesPack.header_length(first)
            header = handle.read(head)
    except FileNotFoundError:
        raise DataError(_("{path}: no such file").format(path=p)) from None
    except OSError as exc:
        raise DataError(_("{path}: cannot read ({reason})").format(path=p, reason=exc.strerror or exc)) from None
    except NamesPackError as exc:
        raise DataError(f"{p}: {exc}") from None
    try:
        pack = NamesPack(header, len(first) + head, read_blob, source=str(p.name if path is None else p))
    except NamesPackError as exc:
        raise DataError(f"{p}: {exc}") from None
    size = p.stat().st_size
    if pack.end > size:  # cut short: the index names bytes the file no longer has
        raise DataError(
            _("{path}: truncated ({size} bytes; its index needs {needed}): the file was cut short").format(
                path=p, size=size, needed=pack.end
            )
        )
    return pack


@lru_cache(maxsize=1)
def bundled_names() -> NamesPack:
    """Return the bundled CLDR display-name pack, opened once per process (names load per language)."""
    return load_names()


#: What to do about a damaged data file, said after the problem (bundled data, or a BCP47_EXPLORER_DATA folder).
_REINSTALL = N_("The file is part of BCP 47 Explorer: reinstall it to get a whole copy.")
_OVERRIDE = N_("Fix or replace the file in {env}={folder}, or unset {env} to use the bundled data.")


def data_advice() -> str:
    """Say what to do about a damaged or missing data file, for the data folder in use."""
    folder = os.environ.get(ENV_DATA_DIR)
    return _(_OVERRIDE).format(env=ENV_DATA_DIR, folder=folder) if folder else _(_REINSTALL)


def check_data_files() -> list[str]:
    """Load every data file the window uses and return one line per file that cannot be used (empty: all fine).

    The registry, the extensions registry, CLDR's BCP 47 data, CLDR's supplemental data (likely
    subtags, matching), the names pack (its index, and that the file holds every locale it lists),
    SIL's language data and CLDR's alternative name forms. Each is validated as its loader
    validates it, so the window never starts on a damaged file that a later click would trip over;
    each line names the file and what is wrong. What was loaded stays loaded (the ``bundled_*`` caches).
    """
    import json

    try:
        resource_path(REGISTRY_FILE)  # a BCP47_EXPLORER_DATA folder that is missing or lacks a file: one line
    except DataError as exc:
        return [str(exc)]
    problems: list[str] = []
    steps: list[tuple[str, Callable[[], object]]] = [
        (REGISTRY_FILE, bundled_registry),
        (EXTENSIONS_FILE, bundled_extensions_registry),
        (CLDR_FILE, bundled_cldr),
        (SUPPLEMENTAL_FILE, bundled_supplemental),
        (NAMES_FILE, bundled_names),
        (SIL_FILE, bundled_sil),
        (ALT_NAMES_FILE, lambda: json.loads(read_text(resource_path(ALT_NAMES_FILE)))),
    ]
    for name, load in steps:
        try:
            load()
        except DataError as exc:
            problems.append(str(exc))
        except (ValueError, RecursionError) as exc:  # the registry's RegistryError, a JSON error
            problems.append(f"{resource_path(name)}: {exc}")
    return problems


def engine_for(registry: Registry | None = None) -> TagEngine:
    """Return an engine on *registry* (the bundled one when None) with the bundled CLDR data and extensions registry.

    The one place that builds an engine for the CLI and the GUI. Damaged data (the subtag
    registry, the CLDR data or the extensions registry, each validated fully when loaded)
    raises :class:`DataError`: an engine never runs on half its data, which would give
    wrong answers (``en-u-ca-bogus`` called valid) without a word. CLDR's supplemental data
    (likely subtags, matching) is handed in as a loader: most runs never need it.
    """
    from .engine.tag import TagEngine

    if registry is None:
        registry = bundled_registry()
    engine = TagEngine(registry, bundled_cldr(), bundled_extensions_registry(), bundled_supplemental)
    engine.repair_fix = _repair_fix(engine)
    engine.repair_reads_no_names = True  # checkjson skips it where it surely finds nothing (see _repair_fix)
    engine.plausibility = _plausibility(engine)
    return engine


#: How many tags' plausibility notes an engine remembers before it starts afresh (a few hundred bytes each).
PLAUSIBILITY_MEMO = 4096


def _plausibility(engine: TagEngine) -> Callable[[str], Sequence[str]]:
    """Return CLDR's plausibility notes on a valid canonical tag (``build.plausible``), CLDR loaded on first use.

    ``check``'s text output prints them as notes, ``check --json`` and the batch export write them as
    ``plausibility``: readings of CLDR's data (``es-LA``, ``vi-VI``, ``es-Hant-419``), never a verdict. No
    notes without CLDR's supplemental data. A tag's notes are remembered: a column repeats its tags.
    """
    made: list[Likely] = []
    memo: dict[str, Sequence[str]] = {}  # tag → its notes, for the few tags that have some
    fits: dict[tuple[str, str, str], bool] = {}  # (language, script, region) → no note applies

    def notes(tag: str) -> Sequence[str]:
        # Most tags get no note: that is decided by language, script and region alone (a column has few of
        # those), so only a tag that gets notes has them written (their suggestion is the tag's own).
        parts = tag.split("-")
        if len(parts) == 1:  # a language alone: no script or region to be unusual
            return ()
        script = region = ""
        for p in parts[1:4]:
            if len(p) == 4 and p.isalpha() and not script and not region:
                script = p
            elif (len(p) == 2 and p.isalpha()) or (len(p) == 3 and p.isdigit()):
                region = p
                break
            elif len(p) == 1 or len(p) >= 4:  # a singleton or a variant: no region follows
                break
        key = (parts[0], script, region)
        fine = fits.get(key)
        if fine is None:
            from .build.plausible import region_fits, script_fits

            if not made:
                from .build.choices import Likely

                supplemental = engine.supplemental
                if supplemental is None:
                    return ()
                made.append(Likely(supplemental, engine.registry))
            likely = made[0]
            fine = not (
                (script and script_fits(parts[0], script, engine.registry, likely) is False)
                or (region and region_fits(parts[0], region, likely) is False)
            )
            if len(fits) >= PLAUSIBILITY_MEMO:
                fits.clear()
            fits[key] = fine
        if fine:
            return ()
        hit = memo.get(tag)
        if hit is None:
            from .build.plausible import plausibility_notes

            if len(memo) >= PLAUSIBILITY_MEMO:
                memo.clear()
            memo[tag] = hit = tuple(plausibility_notes(tag, engine.registry, made[0]))
        return hit

    return notes


def _repair_fix(engine: TagEngine) -> Callable[[str], str | None]:
    """Return the engine's repair of a text into a valid tag (``build.repair``), built on first use.

    Without the name index (2 s to build): ``check --json``'s ``fix`` needs codes, platform strings and slips;
    ``bcp47 repair`` and the GUI build their own repairer with names.
    """
    made: list[Repairer] = []

    def repair(text: str) -> str | None:
        if not made:
            from .build.choices import Likely
            from .build.repair import Repairer

            # CLDR's likely subtags are loaded when a repair first asks them: most fixes (separators, a stray
            # '-', the checker's own fixes) never do, and loading them was most of the first ill-formed tag's time.
            made.append(Repairer(engine, Likely.on_first_use(lambda: engine.supplemental, engine.registry)))
        return made[0].repair_tag(text)

    return repair


@lru_cache(maxsize=1)
def bundled_engine() -> TagEngine:
    """Return the engine on the bundled registry, CLDR data and extensions registry (built once).

    >>> from bcp47_explorer.core.data import bundled_engine
    >>> engine = bundled_engine()
    >>> engine is bundled_engine(), engine.extensions is not None, engine.cldr is not None
    (True, True, True)
    """
    return engine_for()


@lru_cache(maxsize=1)
def bundled_namer() -> Namer:
    """Return a namer over the bundled names pack, registry and CLDR data (loaded on first use)."""
    from .names.namer import Namer

    return Namer(bundled_names(), bundled_registry(), bundled_cldr())


#: SIL's language data (tools/build_sil_names.py) and CLDR's alt name forms (tools/build_cldr_alt_names.py).
SIL_FILE = "sil-langtags.json"
ALT_NAMES_FILE = "cldr-alt-names.json"


def load_sil(path: str | os.PathLike[str] | None = None) -> SilData:
    """Load SIL's language names, scripts and tag sets (resources/sil-langtags.json), raising DataError if damaged."""
    import json

    from .names.sil import SilData, SilError

    p = _data_file(path, SIL_FILE)[0]
    try:
        return SilData.from_json(json.loads(read_text(p)))
    except (SilError, ValueError) as exc:
        raise DataError(f"{p}: {exc}") from None


@lru_cache(maxsize=1)
def bundled_sil() -> SilData:
    """Return SIL's bundled language data, loaded once (by the window's start-up check; by the CLI on first use)."""
    return load_sil()


#: The Build pane's and the registry browser's loader threads may both ask for the index: it is built once.
_FINDER_LOCK = allocate_lock()


def bundled_name_finder() -> NameFinder:
    """Return the one name index over every bundled name (registry, CLDR, CLDR alt forms, SIL), built on first use.

    >>> from bcp47_explorer.core.data import bundled_name_finder
    >>> [(h.code, h.source) for h in bundled_name_finder().search("Arabic, Tunisian", limit=1)]
    [('aeb', 'registry Description')]
    """
    with _FINDER_LOCK:
        return _name_finder()


@lru_cache(maxsize=1)
def _name_finder() -> NameFinder:
    import json

    from .names.finder import NameFinder, collect_names, known_codes

    p = resource_path(ALT_NAMES_FILE)
    try:
        alt = json.loads(read_text(p))
    except ValueError as exc:
        raise DataError(f"{p}: {exc}") from None
    names = bundled_names()
    return NameFinder(collect_names(bundled_registry(), names, alt, bundled_sil()), known_codes(names))
