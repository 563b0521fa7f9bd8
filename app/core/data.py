"""Locate and load the bundled data files; the only module that opens them.

The data lives in ``resources/`` at the top of a source checkout and is installed
as the package ``app.resources`` inside the wheel (and inside a PyInstaller build).
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import time
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from .safe_write import describe, read_capped, read_small_regular, write_file

if TYPE_CHECKING:
    from .cldr import CldrData
    from .extensions import ExtensionsRegistry
    from .likely import Supplemental
    from .names_data import NamesPack
    from .registry import Registry

__all__ = [
    "CLDR_FILE",
    "EXTENSIONS_FILE",
    "NAMES_FILE",
    "SUPPLEMENTAL_FILE",
    "REGISTRY_FILE",
    "DataError",
    "SIZE_LIMITS",
    "cache_dir",
    "private_cache_dir",
    "bundled_cldr",
    "bundled_extensions_registry",
    "bundled_names",
    "bundled_registry",
    "bundled_supplemental",
    "load_cldr",
    "load_extensions_registry",
    "load_names",
    "load_registry",
    "load_supplemental",
    "read_text",
    "resource_path",
    "resources_dir",
]

REGISTRY_FILE = "language-subtag-registry.txt"
EXTENSIONS_FILE = "language-tag-extensions-registry.txt"
CLDR_FILE = "cldr-bcp47.json"
SUPPLEMENTAL_FILE = "cldr-supplemental.json"
NAMES_FILE = "cldr-names.pack"

#: Set this to a folder to use other data files than the bundled ones.
ENV_DATA_DIR = "BCP47_EXPLORER_DATA"
#: Set this to a folder for the parse caches, or to "off" to switch them off.
ENV_CACHE_DIR = "BCP47_EXPLORER_CACHE"


class DataError(Exception):
    """A data file is missing, unreadable or not what it should be."""


#: The largest data file read, per kind (the bundled ones are 0.73 MB, 1 kB and 0.13 MB): a file
#: past its limit is refused before it is read, so a wrong path can never exhaust memory.
SIZE_LIMITS = {REGISTRY_FILE: 16 << 20, EXTENSIONS_FILE: 1 << 20, CLDR_FILE: 16 << 20}
DEFAULT_SIZE_LIMIT = 16 << 20
#: The parse caches' file name pattern and format; anything else in the cache folder is left alone.
CACHE_PREFIX = "registry-"
CACHE_SUFFIX = ".cache"
_CACHE_MAGIC = b"bcp47-explorer registry cache 2\n"
_CACHES_KEPT = 8


class _Log:
    """This module's logger, with :mod:`logging` imported on first use (it costs every ``bcp47`` run start-up time)."""

    def warning(self, message: str, *args: object) -> None:
        import logging

        logging.getLogger(__name__).warning(message, *args)

    def info(self, message: str, *args: object) -> None:
        import logging

        logging.getLogger(__name__).info(message, *args)


log = _Log()


def _candidates() -> list[Path]:
    here = Path(__file__).resolve().parent.parent  # the package folder `app`
    found = []
    found.append(here / "resources")  # installed wheel: app/resources
    found.append(here.parent / "resources")  # source checkout: <repo>/resources
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:  # PyInstaller
        found.append(Path(frozen) / "bcp47_explorer" / "resources")
    return found


@lru_cache(maxsize=1)
def resources_dir() -> Path:
    """Return the folder that holds the data files: ``BCP47_EXPLORER_DATA`` when set, else the bundled one.

    A ``BCP47_EXPLORER_DATA`` folder that is missing or lacks one of the data files is refused
    (DataError): it is never silently replaced by the bundled data.
    """
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        folder = Path(override)
        if not folder.is_dir():
            raise DataError(f"{ENV_DATA_DIR}={override}: no such folder (unset it to use the bundled data)")
        missing = [n for n in (REGISTRY_FILE, EXTENSIONS_FILE, CLDR_FILE) if not (folder / n).is_file()]
        if missing:
            raise DataError(
                f"{ENV_DATA_DIR}={override}: the folder lacks {', '.join(missing)} "
                "(it must hold every data file; unset it to use the bundled data)"
            )
        return folder
    for folder in _candidates():
        if (folder / REGISTRY_FILE).is_file():
            return folder
    tried = ", ".join(str(p) for p in _candidates())
    raise DataError(f"cannot find the bundled data folder (looked in: {tried})")


def resource_path(name: str) -> Path:
    """Return the path of the bundled data file *name*."""
    return resources_dir() / name


def read_bytes(path: str | os.PathLike[str], limit: int | None = None) -> bytes:
    """Read a data file, turning every OS failure into a DataError that names the file.

    Only a regular file (a link to one is fine) of at most *limit* bytes is read (by default
    the limit of its kind in :data:`SIZE_LIMITS`): a device such as ``/dev/zero``, a FIFO or a
    folder is refused before anything is read.
    """
    p = Path(path)
    if not str(path):
        raise DataError("an empty file name")
    if limit is None:
        limit = SIZE_LIMITS.get(p.name, DEFAULT_SIZE_LIMIT)
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just below.
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise DataError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise DataError(f"{p}: is a folder, not a file") from None
    except PermissionError:
        raise DataError(f"{p}: permission denied") from None
    except OSError as exc:
        raise DataError(f"{p}: cannot read ({exc.strerror or exc})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise DataError(f"{p}: is {describe(st.st_mode)}, not a regular file; data files must be regular files")
        if st.st_size > limit:
            raise DataError(f"{p}: {st.st_size:,} bytes is more than the {limit:,} bytes a data file may have")
        raw = read_capped(fd, limit)
    except IsADirectoryError:
        raise DataError(f"{p}: is a folder, not a file") from None
    except OSError as exc:
        raise DataError(f"{p}: cannot read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if raw is None:
        raise DataError(f"{p}: more than the {limit:,} bytes a data file may have")
    return raw


def decode(raw: bytes, path: str | os.PathLike[str]) -> str:
    """Decode UTF-8 data, naming the line of the first undecodable byte."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise DataError(f"{path}, line {line}: not UTF-8 text (byte {raw[exc.start]:#04x})") from None


def read_text(path: str | os.PathLike[str], limit: int | None = None) -> str:
    """Read a UTF-8 data file, turning every OS or decoding failure into a DataError."""
    return decode(read_bytes(path, limit), path)


def cache_dir() -> Path | None:
    """Return the folder for parse caches, or None when caching is switched off."""
    override = os.environ.get(ENV_CACHE_DIR)
    if override is not None:
        return None if override.lower() in ("", "0", "off", "no", "none") else Path(override)
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return Path(base) / "bcp47-explorer" / "cache" if base else None
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "bcp47-explorer"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "bcp47-explorer"


def private_cache_dir() -> Path | None:
    """Return :func:`cache_dir` made private (a real folder of ours, mode 0700), or None when it cannot be.

    A cache folder that is a symbolic link or belongs to another user is not used (and said
    so in the log): parse caches are trusted, so only this user may be able to write them.
    """
    folder = cache_dir()
    if folder is None:
        return None
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = os.lstat(folder)
        if not stat.S_ISDIR(st.st_mode):
            log.warning("parse cache: %s is %s, not a folder; not caching", folder, describe(st.st_mode))
            return None
        if hasattr(os, "geteuid"):
            if st.st_uid != os.geteuid():
                log.warning("parse cache: %s belongs to another user; not caching", folder)
                return None
            if stat.S_IMODE(st.st_mode) & 0o077:
                os.chmod(folder, 0o700)
    except OSError as exc:
        log.warning("parse cache: cannot use %s (%s); not caching", folder, exc.strerror or exc)
        return None
    return folder


def load_registry(path: str | os.PathLike[str] | None = None, *, use_cache: bool = True) -> Registry:
    """Load a Language Subtag Registry file (the bundled one by default).

    The parsed records are cached under :func:`cache_dir` (see :func:`_read_cache`), keyed by
    the file's location and the sha256 of its bytes, so that a later start skips parsing. The
    cache is only an accelerator: a missing, unwritable or damaged cache means a normal parse.
    """
    import hashlib

    from .registry import Registry

    if path is not None and not str(path):
        raise DataError("an empty registry file name")
    p = Path(path) if path is not None else resource_path(REGISTRY_FILE)
    source = str(p.name if path is None else p)
    raw = read_bytes(p, SIZE_LIMITS[REGISTRY_FILE])
    folder = private_cache_dir() if use_cache else None
    cache_file = None
    source_digest = hashlib.sha256(raw).hexdigest()
    if folder is not None:
        where = hashlib.sha256(os.fsencode(os.path.abspath(p))).hexdigest()[:16]
        py = f"py{sys.version_info[0]}{sys.version_info[1]}"
        cache_file = folder / f"{CACHE_PREFIX}{where}-{source_digest[:32]}-{py}{CACHE_SUFFIX}"
        cached = _read_cache(cache_file, source_digest, source)
        if cached is not None:
            return cached
    registry = Registry.from_text(decode(raw, p), source=source)
    if cache_file is not None:
        _write_cache(cache_file, source_digest, registry.to_cache())
    return registry


def _read_cache(cache_file: Path, source_digest: str, source: str) -> Registry | None:
    """Return the registry in *cache_file* when it is whole and made from this very source, else None.

    The file holds a header line (format, sha256 of the source file, sha256 of the payload)
    and the payload; the payload is only unpacked when its sha256 matches, and every row is
    then checked field by field (:meth:`Registry.from_cache`). Anything wrong: the file is
    deleted, a log line says why, and the caller parses the source again.
    """
    import hashlib

    from .registry import Registry

    try:
        blob = read_small_regular(cache_file, SIZE_LIMITS[REGISTRY_FILE] * 4)
    except OSError as exc:
        log.warning("parse cache %s not used: %s", cache_file, exc)
        return None
    if blob is None:
        return None
    problem = None
    head, _, payload = blob[len(_CACHE_MAGIC) :].partition(b"\n")
    if not blob.startswith(_CACHE_MAGIC):
        problem = "not a cache of this format"
    else:
        fields = head.split(b" ")
        if len(fields) != 2 or fields[0] != source_digest.encode("ascii"):
            problem = "made from another source"
        elif fields[1] != hashlib.sha256(payload).hexdigest().encode("ascii"):
            problem = "its content does not match its checksum"
    if problem is None:
        try:
            registry = Registry.from_cache(payload, source)
        except ValueError as exc:
            problem = str(exc)
        else:
            with contextlib.suppress(OSError):
                os.utime(cache_file)  # most recently used: pruning keeps it
            return registry
    log.warning("parse cache %s is damaged (%s): deleted, the registry is parsed again", cache_file, problem)
    with contextlib.suppress(OSError):
        os.unlink(cache_file)
    return None


def _write_cache(target: Path, source_digest: str, payload: bytes) -> None:
    """Write a parse cache (private, atomic), then prune the folder; a cache that cannot be written is not."""
    import hashlib

    blob = b"".join((_CACHE_MAGIC, source_digest.encode("ascii"), b" ", hashlib.sha256(payload).hexdigest().encode(
        "ascii"), b"\n", payload))  # fmt: skip
    try:
        write_file(target, blob, mode=0o600)
    except OSError as exc:
        log.info("parse cache %s not written: %s", target, exc)
    _prune_caches(target)


def _prune_caches(current: Path) -> None:
    """Keep one cache per source location (the current content), at most a few in all; drop stale files."""
    folder = current.parent
    where = current.name[len(CACHE_PREFIX) :].split("-")[0]
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
            or (name.startswith(f".{CACHE_PREFIX}") and name.endswith(".tmp") and now - st.st_mtime > 600)
            or (name.startswith(f"{CACHE_PREFIX}{where}-") and name.endswith(CACHE_SUFFIX) and name != current.name)
        )
        if stale:
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
        elif name.startswith(CACHE_PREFIX) and name.endswith(CACHE_SUFFIX) and stat.S_ISREG(st.st_mode):
            ours.append((st.st_mtime, entry.path))
    for _, path in sorted(ours, reverse=True)[_CACHES_KEPT:]:
        with contextlib.suppress(OSError):
            os.unlink(path)


def load_extensions_registry(path: str | os.PathLike[str] | None = None) -> ExtensionsRegistry:
    """Load a Language Tag Extensions Registry file (the bundled one by default)."""
    from .extensions import ExtensionsRegistry
    from .recordjar import RecordJarError

    p = Path(path) if path is not None else resource_path(EXTENSIONS_FILE)
    try:
        return ExtensionsRegistry.from_text(read_text(p), source=str(p.name if path is None else p))
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


def load_cldr(path: str | os.PathLike[str] | None = None) -> CldrData:
    """Load CLDR's BCP 47 data (resources/cldr-bcp47.json by default), raising DataError if damaged."""
    from .cldr import CldrData, CldrDataError

    p = Path(path) if path is not None else resource_path(CLDR_FILE)
    try:
        return CldrData.from_json(read_text(p))
    except CldrDataError as exc:
        raise DataError(f"{p}: {exc}") from None


@lru_cache(maxsize=1)
def bundled_cldr() -> CldrData:
    """Return the bundled CLDR BCP 47 data, loaded once per process."""
    return load_cldr()


def load_supplemental(path: str | os.PathLike[str] | None = None) -> Supplemental:
    """Load CLDR's likely subtags, parent locales and language matching (resources/cldr-supplemental.json)."""
    from .likely import Supplemental, SupplementalError

    p = Path(path) if path is not None else resource_path(SUPPLEMENTAL_FILE)
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
    from .names_data import NamesPack, NamesPackError

    p = Path(path) if path is not None else resource_path(NAMES_FILE)

    def read_blob(offset: int, length: int) -> bytes:
        try:
            with p.open("rb") as handle:
                handle.seek(offset)
                blob = handle.read(length)
        except OSError as exc:
            raise DataError(f"{p}: cannot read ({exc.strerror or exc})") from None
        if len(blob) != length:
            raise DataError(f"{p}: truncated (a locale's names end past the end of the file)")
        return blob

    try:
        with p.open("rb") as handle:
            first = handle.readline(200)
            head = NamesPack.header_length(first)
            header = handle.read(head)
    except FileNotFoundError:
        raise DataError(f"{p}: no such file") from None
    except OSError as exc:
        raise DataError(f"{p}: cannot read ({exc.strerror or exc})") from None
    except NamesPackError as exc:
        raise DataError(f"{p}: {exc}") from None
    try:
        return NamesPack(header, len(first) + head, read_blob, source=str(p.name if path is None else p))
    except NamesPackError as exc:
        raise DataError(f"{p}: {exc}") from None


@lru_cache(maxsize=1)
def bundled_names() -> NamesPack:
    """Return the bundled CLDR display-name pack, opened once per process (names load per language)."""
    return load_names()
