"""A newer Language Subtag Registry: download it on request, verify it, keep it in the user data folder.

The download is the one network access the app makes, and only when the user asks for it. The
file is read into memory (with a size cap, a timeout per read and a progress callback that can
cancel), verified (it parses completely; :mod:`.registry_check` says what it lacks against the
bundled registry), and only then written. Nothing half-downloaded is ever kept: the copy is
written to a temporary file in the same folder and moved into place with ``os.replace``.

The URL is IANA's published one; ``BCP47_EXPLORER_REGISTRY_URL`` overrides it (the tests point it at
a server on 127.0.0.1). The kept copy is ``language-subtag-registry.txt`` in :func:`user_data_dir`.
"""

from __future__ import annotations

import os
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..files.safe_write import write_file
from .check import RegistryReport, inspect
from .model import Registry, RegistryError

__all__ = [
    "DEFAULT_TIMEOUT",
    "ENV_DATA_HOME",
    "ENV_REGISTRY_URL",
    "MAX_BYTES",
    "REGISTRY_URL",
    "TOTAL_TIMEOUT",
    "Cancelled",
    "Downloaded",
    "DownloadError",
    "download_registry",
    "forget_kept_registry",
    "keep_registry",
    "kept_registry",
    "kept_registry_path",
    "registry_kind",
    "registry_label",
    "registry_url",
    "user_data_dir",
    "verify_registry_bytes",
    "write_atomically",
]

#: IANA's published address of the Language Subtag Registry.
REGISTRY_URL = "https://www.iana.org/assignments/language-subtag-registry/language-subtag-registry"
#: Set this to download from another address (tests use a local server).
ENV_REGISTRY_URL = "BCP47_EXPLORER_REGISTRY_URL"
#: Set this to keep user data (the downloaded registry) in another folder.
ENV_DATA_HOME = "BCP47_EXPLORER_DATA_HOME"
#: Seconds to wait for the server to answer or send more bytes.
DEFAULT_TIMEOUT = 20.0
#: Seconds the whole download may take (a server that trickles bytes never trips the per-read timeout).
TOTAL_TIMEOUT = 300.0
#: A registry is under 1 MB today; anything past this is not one.
MAX_BYTES = 16 * 1024 * 1024
_KEPT_NAME = "language-subtag-registry.txt"
_CHUNK = 32 * 1024


class DownloadError(Exception):
    """The registry could not be downloaded or is not a usable registry; the message says why, plainly."""


class Cancelled(DownloadError):
    """The user stopped the download."""


@dataclass(frozen=True, slots=True)
class Downloaded:
    """A downloaded registry that parsed completely, with what the check found."""

    raw: bytes
    registry: Registry
    report: RegistryReport
    url: str


def registry_url() -> str:
    """Return the address to download from: the override if set, else IANA's."""
    return os.environ.get(ENV_REGISTRY_URL) or REGISTRY_URL


def user_data_dir() -> Path:
    """Return the folder where the app keeps user data (the downloaded or opened registry)."""
    override = os.environ.get(ENV_DATA_HOME)
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = os.environ.get("APPDATA") or str(Path.home() / "AppData" / "Roaming")
        return Path(base) / "bcp47-explorer"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "bcp47-explorer"
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "bcp47-explorer"


def kept_registry_path() -> Path:
    """Return where the kept registry copy lives (it may not exist)."""
    return user_data_dir() / _KEPT_NAME


def verify_registry_bytes(raw: bytes, source: str, reference: Registry | None) -> tuple[Registry, RegistryReport]:
    """Parse *raw* completely and inspect it; raise DownloadError naming the line of the first problem."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise DownloadError(f"{source}, line {line}: not UTF-8 text, so not a registry file") from None
    try:
        registry = Registry.from_text(text, source=source)
    except RegistryError as exc:
        raise DownloadError(str(exc)) from None
    return registry, inspect(registry, text, reference)


def download_registry(
    reference: Registry | None,
    *,
    url: str | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    total_timeout: float = TOTAL_TIMEOUT,
    progress: Callable[[int, int], bool] | None = None,
) -> Downloaded:
    """Download the registry and verify it; nothing is written.

    *progress(received, total)* is called after each chunk (*total* is 0 when the server does not
    say); returning False cancels. *timeout* bounds each wait for the server, *total_timeout* the whole
    download. Every failure is a DownloadError with a plain message.
    """
    url = url or registry_url()
    request = urllib.request.Request(url, headers={"User-Agent": "bcp47-explorer (registry update)"})
    chunks: list[bytes] = []
    received = 0
    deadline = time.monotonic() + total_timeout
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            total = int(response.headers.get("Content-Length") or 0)
            if total > MAX_BYTES:
                raise DownloadError(f"{url}: the server offers {total:,} bytes, more than a registry ever holds")
            while True:
                chunk = response.read1(_CHUNK)  # whatever has arrived: progress and the deadline stay live
                if not chunk:
                    break
                chunks.append(chunk)
                received += len(chunk)
                if received > MAX_BYTES:
                    raise DownloadError(f"{url}: more than {MAX_BYTES:,} bytes, which is not a registry")
                if progress is not None and not progress(received, total):
                    raise Cancelled("the download was cancelled; the registry in use is unchanged")
                if time.monotonic() > deadline:
                    raise DownloadError(
                        f"{url}: still downloading after {total_timeout:g} s ({received:,} bytes), so it was stopped"
                    )
            if total and received < total:
                raise DownloadError(
                    f"{url}: the download stopped after {received:,} of {total:,} bytes (connection lost?)"
                )
    except DownloadError:
        raise
    except urllib.error.HTTPError as exc:
        raise DownloadError(f"{url}: the server answered {exc.code} {exc.reason}") from None
    except urllib.error.URLError as exc:
        reason = exc.reason
        if isinstance(reason, TimeoutError) or "timed out" in str(reason):
            raise DownloadError(f"{url}: no answer within {timeout:g} s (offline, or the server is slow)") from None
        raise DownloadError(f"{url}: cannot connect ({reason}); are you offline?") from None
    except TimeoutError:
        raise DownloadError(f"{url}: no data for {timeout:g} s, so the download was stopped") from None
    except (OSError, ValueError) as exc:  # connection reset, bad URL, incomplete read
        raise DownloadError(f"{url}: the download failed ({exc})") from None
    raw = b"".join(chunks)
    registry, report = verify_registry_bytes(raw, url, reference)
    return Downloaded(raw, registry, report, url)


def write_atomically(target: Path, blob: bytes) -> None:
    """Write *blob* to *target* through the app's one file writer (:func:`.safe_write.write_file`).

    It replaces only a regular file, atomically through a private temporary file beside it, and
    refuses links, devices, FIFOs and folders (:class:`.safe_write.UnsafeWriteError`, an OSError).
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    write_file(target, blob)


def keep_registry(raw: bytes) -> Path:
    """Keep *raw* (an already verified registry) as the registry the next start uses; return its path."""
    target = kept_registry_path()
    try:
        write_atomically(target, raw)
    except OSError as exc:
        raise DownloadError(f"{target}: cannot be written ({exc.strerror or exc})") from None
    return target


def forget_kept_registry() -> None:
    """Delete the kept registry copy, so that the bundled registry is used again."""
    try:
        kept_registry_path().unlink(missing_ok=True)
    except OSError as exc:
        raise DownloadError(f"{kept_registry_path()}: cannot be removed ({exc.strerror or exc})") from None


def registry_kind(registry: Registry) -> str:
    """Say in one word or two where the registry in use came from: bundled, kept copy, downloaded or file."""
    from ..files.reading import REGISTRY_FILE

    source = registry.source
    if source == REGISTRY_FILE:
        return "bundled"
    if source == str(kept_registry_path()):
        return "kept copy"
    if source.startswith(("http://", "https://")):
        return "downloaded"
    return "file"


def registry_label(registry: Registry) -> str:
    """Say in words which registry is in use: the bundled copy, the kept copy, a download or a file."""
    source = registry.source
    return {
        "bundled": "the bundled copy",
        "kept copy": f"your kept copy ({source})",
        "downloaded": f"downloaded from {source}",
        "file": f"the file {source}",
    }[registry_kind(registry)]


def kept_registry(reference: Registry | None) -> tuple[Registry | None, str]:
    """Return the kept registry copy for start-up (None when there is none) and a warning to show.

    A kept copy that no longer parses is not used: the warning names the file and line, and the
    bundled registry is used instead. One that parses is used as the user chose it, with what it
    lacks against the bundled registry (say, after an app update that bundles a newer one) in the warning.
    """
    from ..files.reading import DataError
    from .check import open_checked

    path = kept_registry_path()
    if not path.is_file():
        return None, ""
    try:
        registry, report = open_checked(path, reference)
    except (DataError, RegistryError) as exc:
        return None, f"{exc}\n\nThe bundled registry is used instead."
    return registry, report.describe()
