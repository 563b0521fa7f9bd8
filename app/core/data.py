"""Locate and load the bundled data files; the only module that opens them.

The data lives in ``resources/`` at the top of a source checkout and is installed
as the package ``app.resources`` inside the wheel (and inside a PyInstaller build).
"""

from __future__ import annotations

import os
import sys
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cldr import CldrData
    from .extensions import ExtensionsRegistry
    from .likely import Supplemental
    from .registry import Registry

__all__ = [
    "CLDR_FILE",
    "EXTENSIONS_FILE",
    "SUPPLEMENTAL_FILE",
    "REGISTRY_FILE",
    "DataError",
    "bundled_cldr",
    "bundled_extensions_registry",
    "bundled_registry",
    "bundled_supplemental",
    "load_cldr",
    "load_extensions_registry",
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

#: Set this to a folder to use other data files than the bundled ones.
ENV_DATA_DIR = "BCP47_EXPLORER_DATA"
#: Set this to a folder for the parse caches, or to "off" to switch them off.
ENV_CACHE_DIR = "BCP47_EXPLORER_CACHE"


class DataError(Exception):
    """A data file is missing, unreadable or not what it should be."""


def _candidates() -> list[Path]:
    here = Path(__file__).resolve().parent.parent  # the package folder `app`
    found = []
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        found.append(Path(override))
    found.append(here / "resources")  # installed wheel: app/resources
    found.append(here.parent / "resources")  # source checkout: <repo>/resources
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:  # PyInstaller
        found.append(Path(frozen) / "bcp47_explorer" / "resources")
    return found


@lru_cache(maxsize=1)
def resources_dir() -> Path:
    """Return the folder that holds the bundled data files."""
    for folder in _candidates():
        if (folder / REGISTRY_FILE).is_file():
            return folder
    tried = ", ".join(str(p) for p in _candidates())
    raise DataError(f"cannot find the bundled data folder (looked in: {tried})")


def resource_path(name: str) -> Path:
    """Return the path of the bundled data file *name*."""
    return resources_dir() / name


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """Read a data file, turning every OS failure into a DataError that names the file."""
    p = Path(path)
    try:
        return p.read_bytes()
    except FileNotFoundError:
        raise DataError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise DataError(f"{p}: is a folder, not a file") from None
    except PermissionError:
        raise DataError(f"{p}: permission denied") from None
    except OSError as exc:
        raise DataError(f"{p}: cannot read ({exc.strerror or exc})") from None


def decode(raw: bytes, path: str | os.PathLike[str]) -> str:
    """Decode UTF-8 data, naming the line of the first undecodable byte."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise DataError(f"{path}, line {line}: not UTF-8 text (byte {raw[exc.start]:#04x})") from None


def read_text(path: str | os.PathLike[str]) -> str:
    """Read a UTF-8 data file, turning every OS or decoding failure into a DataError."""
    return decode(read_bytes(path), path)


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


def load_registry(path: str | os.PathLike[str] | None = None, *, use_cache: bool = True) -> Registry:
    """Load a Language Subtag Registry file (the bundled one by default).

    The parsed records are cached under :func:`cache_dir`, keyed by the sha256 of the
    file's bytes and the Python version, so that a later start skips parsing. The cache
    is only an accelerator: a missing, unwritable or damaged cache means a normal parse.
    """
    import hashlib

    from .registry import Registry

    p = Path(path) if path is not None else resource_path(REGISTRY_FILE)
    source = str(p.name if path is None else p)
    raw = read_bytes(p)
    folder = cache_dir() if use_cache else None
    cache_file = None
    if folder is not None:
        digest = hashlib.sha256(raw).hexdigest()[:40]
        cache_file = folder / f"registry-{digest}-py{sys.version_info[0]}{sys.version_info[1]}.marshal"
        try:
            return Registry.from_cache(cache_file.read_bytes(), source)
        except (OSError, ValueError):
            pass  # no cache yet, or a stale or damaged one: parse the file
    registry = Registry.from_text(decode(raw, p), source=source)
    if cache_file is not None:
        _write_quietly(cache_file, registry.to_cache())
    return registry


def _write_quietly(target: Path, blob: bytes) -> None:
    """Write *blob* atomically; a cache that cannot be written is simply not written."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
        tmp.write_bytes(blob)
        os.replace(tmp, target)
    except OSError:
        pass


def load_extensions_registry(path: str | os.PathLike[str] | None = None) -> ExtensionsRegistry:
    """Load a Language Tag Extensions Registry file (the bundled one by default)."""
    from .extensions import ExtensionsRegistry

    p = Path(path) if path is not None else resource_path(EXTENSIONS_FILE)
    return ExtensionsRegistry.from_text(read_text(p), source=str(p.name if path is None else p))


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
