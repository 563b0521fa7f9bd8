"""Locate the data files and read them with limits: every OS or decoding failure becomes a DataError.

The data lives in ``resources/`` at the top of a source checkout and is installed
as the package ``bcp47_explorer.resources`` inside the wheel (and inside a PyInstaller build).
Nothing here parses: :mod:`..data` turns the bytes into models and composes the bundled set.
"""

from __future__ import annotations

import os
import stat
import sys
from functools import lru_cache

from ..text.catalogue import _
from .safe_write import describe, number_text, read_capped

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    from collections.abc import Callable
    from io import BufferedReader
    from pathlib import Path
    from typing import TypeVar

    _T = TypeVar("_T")

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
    "cache_dir",
    "cache_folder",
    "decode",
    "open_regular",
    "log",
    "private_cache_dir",
    "private_cache_folder",
    "read_bytes",
    "read_crc32",
    "read_text",
    "resource_file",
    "resource_path",
    "resources_dir",
    "resources_folder",
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


class _Log:
    """This module's logger, with :mod:`logging` imported on first use (it costs every ``bcp47`` run start-up time)."""

    def warning(self, message: str, *args: object) -> None:
        import logging

        logging.getLogger(__name__).warning(message, *args)

    def info(self, message: str, *args: object) -> None:
        import logging

        logging.getLogger(__name__).info(message, *args)


log = _Log()


def _candidates() -> list[str]:
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))  # the package folder `app`
    found = []
    found.append(os.path.join(here, "resources"))  # installed wheel: app/resources
    found.append(os.path.join(os.path.dirname(here), "resources"))  # source checkout: <repo>/resources
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:  # PyInstaller
        found.append(os.path.join(frozen, "bcp47_explorer", "resources"))
    return found


# The bundled data's paths are strings on the way a check loads its data: ``pathlib`` (with the
# ``urllib.parse`` and ``ipaddress`` it imports) cost every ``bcp47`` run 2-3 ms of start-up. The public
# functions that hand out paths (:func:`resources_dir`, :func:`resource_path`, :func:`cache_dir`,
# :func:`private_cache_dir`) still give ``Path`` objects, made from these strings.


@lru_cache(maxsize=1)
def resources_folder() -> str:
    """Return the folder that holds the data files: ``BCP47_EXPLORER_DATA`` when set, else the bundled one.

    A ``BCP47_EXPLORER_DATA`` folder that is missing or lacks one of the data files is refused
    (DataError): it is never silently replaced by the bundled data.
    """
    override = os.environ.get(ENV_DATA_DIR)
    if override:
        from pathlib import Path

        folder = str(Path(override))  # as a Path writes it in messages (``data/`` as ``data``)
        if not os.path.isdir(folder):
            raise DataError(
                _("{variable}={folder}: no such folder (unset it to use the bundled data)").format(
                    variable=ENV_DATA_DIR, folder=override
                )
            )
        missing = [
            n for n in (REGISTRY_FILE, EXTENSIONS_FILE, CLDR_FILE) if not os.path.isfile(os.path.join(folder, n))
        ]
        if missing:
            raise DataError(
                _(
                    "{variable}={folder}: the folder lacks {files} "
                    "(it must hold every data file; unset it to use the bundled data)"
                ).format(variable=ENV_DATA_DIR, folder=override, files=", ".join(missing))
            )
        return folder
    for candidate in _candidates():
        if os.path.isfile(os.path.join(candidate, REGISTRY_FILE)):
            return candidate
    tried = ", ".join(_candidates())
    raise DataError(_("cannot find the bundled data folder (looked in: {folders})").format(folders=tried))


def resources_dir() -> Path:
    """Return :func:`resources_folder` as a ``Path``."""
    from pathlib import Path

    return Path(resources_folder())


def resource_file(name: str) -> str:
    """Return the path of the bundled data file *name*, as a string (see :func:`resources_folder`)."""
    return os.path.join(resources_folder(), name)


def resource_path(name: str) -> Path:
    """Return the path of the bundled data file *name*."""
    from pathlib import Path

    return Path(resource_file(name))


def _shown(path: str | os.PathLike[str]) -> Path:
    """Return *path* as a message names it (a ``Path``: ``./a//b`` as ``a/b``); made only when a message is."""
    from pathlib import Path

    return Path(path)


def open_regular(path: str | os.PathLike[str], why: str | None = None) -> BufferedReader:
    """Open *path* for reading in binary, refusing all but a regular file (a link to one is fine) with a DataError.

    A device such as ``/dev/zero`` (endless), a FIFO (it would wait for a writer) or a folder is
    refused before anything is read, with a message that names the file, says what it is and *why*.
    """
    if not str(path):
        raise DataError(_("an empty file name"))
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused just below.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise DataError(_("{path}: no such file").format(path=_shown(path))) from None
    except IsADirectoryError:
        raise DataError(_("{path}: is a folder, not a file").format(path=_shown(path))) from None
    except PermissionError:
        raise DataError(_("{path}: permission denied").format(path=_shown(path))) from None
    except OSError as exc:
        raise DataError(
            _("{path}: cannot read ({reason})").format(path=_shown(path), reason=exc.strerror or exc)
        ) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise DataError(
                _("{path}: is {kind}, not a regular file; {reason}").format(
                    path=_shown(path),
                    kind=describe(st.st_mode),
                    reason=why if why is not None else _("data files must be regular files"),
                )
            )
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_bytes(path: str | os.PathLike[str], limit: int | None = None) -> bytes:
    """Read a data file, turning every OS failure into a DataError that names the file.

    Only a regular file (a link to one is fine) of at most *limit* bytes is read (by default
    the limit of its kind in :data:`SIZE_LIMITS`): a device such as ``/dev/zero``, a FIFO or a
    folder is refused before anything is read (:func:`open_regular`).
    """
    limit = _limit_of(path, limit)
    raw = _read_regular(path, limit, lambda f: read_capped(f.fileno(), limit))
    if raw is None:
        raise _too_big(path, limit)
    return raw


def _limit_of(path: str | os.PathLike[str], limit: int | None) -> int:
    """Return *limit*, else the size limit of *path*'s kind of data file (:data:`SIZE_LIMITS`)."""
    return SIZE_LIMITS.get(os.path.basename(os.fspath(path)), DEFAULT_SIZE_LIMIT) if limit is None else limit


def _too_big(path: str | os.PathLike[str], limit: int) -> DataError:
    """Return the error of a data file that holds more than *limit* bytes (it grew while read)."""
    return DataError(
        _("{path}: more than the {limit} bytes a data file may have").format(
            path=_shown(path), limit=number_text(limit)
        )
    )


def _read_regular(path: str | os.PathLike[str], limit: int, read: Callable[[BufferedReader], _T]) -> _T:
    """Open the data file *path* (:func:`open_regular`), refuse it when it is larger than *limit* bytes, and return
    ``read`` of it: an OS failure while reading becomes a DataError that names the file."""
    with open_regular(path) as f:
        try:
            st = os.fstat(f.fileno())
            if st.st_size > limit:
                raise DataError(
                    _("{path}: {size} bytes is more than the {limit} bytes a data file may have").format(
                        path=_shown(path), size=number_text(st.st_size), limit=number_text(limit)
                    )
                )
            return read(f)
        except IsADirectoryError:
            raise DataError(_("{path}: is a folder, not a file").format(path=_shown(path))) from None
        except OSError as exc:
            raise DataError(
                _("{path}: cannot read ({reason})").format(path=_shown(path), reason=exc.strerror or exc)
            ) from None


#: How much of a data file :func:`read_crc32` holds at a time.
_PIECE = 1 << 16


def read_crc32(path: str | os.PathLike[str], limit: int | None = None) -> tuple[int, int]:
    """Return the size and the CRC-32 of the data file *path*, read as :func:`read_bytes` reads it (the same refusals
    and errors), a piece at a time into one buffer: the file is never held whole.

    Where only a file's fingerprint is needed (its parse cache is there), holding the registry's 730 kB was 180
    page faults, about 0.5 ms of every start.
    """
    import zlib  # data.py's (imported already when a cache is asked for)

    limit = _limit_of(path, limit)

    def pieces(f: BufferedReader) -> tuple[int, int]:
        view = memoryview(bytearray(_PIECE))
        size = crc = 0
        while n := f.readinto(view):
            size += n
            if size > limit:
                raise _too_big(path, limit)
            crc = zlib.crc32(view[:n], crc)
        return size, crc

    return _read_regular(path, limit, pieces)


def decode(raw: bytes, path: str | os.PathLike[str]) -> str:
    """Decode UTF-8 data, naming the line of the first undecodable byte."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise DataError(
            _("{path}, line {line}: not UTF-8 text (byte {byte})").format(
                path=path, line=line, byte=f"{raw[exc.start]:#04x}"
            )
        ) from None


def read_text(path: str | os.PathLike[str], limit: int | None = None) -> str:
    """Read a UTF-8 data file, turning every OS or decoding failure into a DataError."""
    return decode(read_bytes(path, limit), path)


def cache_folder() -> str | None:
    """Return the folder for parse caches, or None when caching is switched off."""
    override = os.environ.get(ENV_CACHE_DIR)
    if override is not None:
        return None if override.lower() in ("", "0", "off", "no", "none") else override
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return os.path.join(base, "bcp47-explorer", "cache") if base else None
    if sys.platform == "darwin":
        return os.path.join(os.path.expanduser("~"), "Library", "Caches", "bcp47-explorer")
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "bcp47-explorer")


def cache_dir() -> Path | None:
    """Return :func:`cache_folder` as a ``Path`` (None when caching is switched off)."""
    folder = cache_folder()
    return _shown(folder) if folder is not None else None


def private_cache_folder() -> str | None:
    """Return :func:`cache_folder` made private (a real folder of ours, mode 0700), or None when it cannot be.

    A cache folder that is a symbolic link or belongs to another user is not used (and said
    so in the log): parse caches are trusted, so only this user may be able to write them.
    """
    folder = cache_folder()
    if folder is None:
        return None
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)  # as Path.mkdir(parents=True): the mode for the last only
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


def private_cache_dir() -> Path | None:
    """Return :func:`private_cache_folder` as a ``Path`` (None when there is no private cache folder)."""
    folder = private_cache_folder()
    return _shown(folder) if folder is not None else None
