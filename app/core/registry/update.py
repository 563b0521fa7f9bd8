"""A newer Language Subtag Registry: download it on request, verify it, keep it in the user data folder.

The download is the one network access the app makes, and only when the user asks for it. The
file is read into memory (with a size cap, a timeout per read, a deadline over the whole exchange
and a :class:`DownloadControl` that cancels at once from another thread), verified (it parses
completely; :mod:`.check` says what it lacks against the bundled registry), and only then written.
Nothing half-downloaded is ever kept: the copy is written to a temporary file in the same folder and
moved into place with ``os.replace``.

The URL is IANA's published one; ``BCP47_EXPLORER_REGISTRY_URL`` overrides it (the tests point it at
a server on 127.0.0.1). The kept copy is ``language-subtag-registry.txt`` in :func:`user_data_dir`.
"""

from __future__ import annotations

import contextlib
import os
import socket
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..files.safe_write import write_file
from ..text.catalogue import _, pgettext
from .check import RegistryReport, inspect
from .model import Registry, RegistryError

if TYPE_CHECKING:  # the HTTP modules are imported when a download starts: the app's start-up does not need them
    import urllib.request

__all__ = [
    "DEFAULT_TIMEOUT",
    "ENV_DATA_HOME",
    "ENV_REGISTRY_URL",
    "MAX_BYTES",
    "REGISTRY_URL",
    "TOTAL_TIMEOUT",
    "Cancelled",
    "Downloaded",
    "DownloadControl",
    "DownloadError",
    "download_registry",
    "forget_kept_registry",
    "keep_registry",
    "kept_registry",
    "kept_registry_path",
    "registry_kind",
    "registry_kind_word",
    "registry_label",
    "registry_url",
    "url_problem",
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
        raise DownloadError(
            _("{source}, line {line}: not UTF-8 text, so not a registry file").format(source=source, line=line)
        ) from None
    try:
        registry = Registry.from_text(text, source=source)
    except RegistryError as exc:
        raise DownloadError(str(exc)) from None
    return registry, inspect(registry, text, reference)


class DownloadControl:
    """Stop a running download from another thread at once: :meth:`cancel` closes its connection.

    The download's socket is registered here as soon as it exists, so a cancel (or the overall
    deadline) interrupts whatever the download is waiting for: the connection, the status line,
    the headers or the body. Closing the socket is the only way to end a blocked read promptly.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sockets: list[socket.socket] = []
        self.cancelled = False
        self.expired = False

    @property
    def stopped(self) -> bool:
        """Whether the download was cancelled or ran past its deadline."""
        return self.cancelled or self.expired

    def cancel(self) -> None:
        """Stop the download now (any thread); it ends in :class:`Cancelled`."""
        self._stop("cancelled")

    def expire(self) -> None:
        """Stop the download because its overall deadline passed (the deadline timer calls this)."""
        self._stop("expired")

    def _stop(self, why: str) -> None:
        with self._lock:
            setattr(self, why, True)
            sockets = list(self._sockets)
        for sock in sockets:
            _shut(sock)

    def attach(self, sock: socket.socket) -> None:
        """Register the download's socket (shut at once if the download was already stopped)."""
        with self._lock:
            self._sockets.append(sock)
            stopped = self.stopped
        if stopped:
            _shut(sock)


def _shut(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):  # already closed, or never connected
        sock.shutdown(socket.SHUT_RDWR)  # wakes a read blocked in another thread


def _connection_classes(control: DownloadControl) -> tuple[Any, Any]:
    """Return HTTP and HTTPS connection classes that register their sockets with *control*."""
    import http.client

    def create(address: tuple[str, int], *args: Any, **kwargs: Any) -> socket.socket:
        if control.stopped:
            raise OSError("stopped before connecting")
        sock = socket.create_connection(address, *args, **kwargs)
        control.attach(sock)
        return sock

    class Plain(http.client.HTTPConnection):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._create_connection = create

    class Secure(http.client.HTTPSConnection):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._create_connection = create

        def connect(self) -> None:
            super().connect()
            control.attach(self.sock)  # the TLS socket replaces the plain one it was made from

    return Plain, Secure


def _opener(control: DownloadControl) -> urllib.request.OpenerDirector:
    import http.client
    import urllib.request

    plain, secure = _connection_classes(control)

    class PlainHandler(urllib.request.HTTPHandler):
        def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
            return self.do_open(plain, req)

    class SecureHandler(urllib.request.HTTPSHandler):
        def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
            return self.do_open(secure, req)

    return urllib.request.build_opener(PlainHandler, SecureHandler)


def download_registry(
    reference: Registry | None,
    *,
    url: str | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    total_timeout: float = TOTAL_TIMEOUT,
    progress: Callable[[int, int], bool] | None = None,
    control: DownloadControl | None = None,
) -> Downloaded:
    """Download the registry and verify it; nothing is written.

    *progress(received, total)* is called after each chunk (*total* is 0 when the server does not
    say); returning False cancels, as does *control*.cancel() from another thread (at once, even
    while the server sends nothing). *timeout* bounds each wait for the server; *total_timeout*
    bounds the whole exchange, connection, status line and headers included: a server that trickles
    its headers a byte at a time is cut off there too. At most :data:`MAX_BYTES` are read. Every
    failure is a DownloadError with a plain message.
    """
    url = url or registry_url()
    control = control or DownloadControl()
    timer = threading.Timer(total_timeout, control.expire)
    timer.daemon = True
    timer.start()
    try:
        raw = _fetch(url, timeout, total_timeout, progress, control)
    finally:
        timer.cancel()
    registry, report = verify_registry_bytes(raw, url, reference)
    return Downloaded(raw, registry, report, url)


def url_problem(url: str) -> str | None:
    """Say what makes *url* unusable for the download, or return None when it is an http(s) address with a host.

    Checked before any connection, so that a typing slip is named as one rather than reported as a
    network failure.

    >>> url_problem("https://www.iana.org/x") is None
    True
    >>> url_problem("ftp://example.org/registry")
    'ftp://example.org/registry: only http:// and https:// addresses can be downloaded'
    >>> url_problem("")
    'the address is empty'
    """
    import urllib.parse

    if not url.strip():
        return _("the address is empty")
    if any(ord(c) < 0x21 or 0x7F <= ord(c) <= 0x9F for c in url):
        return _("{url}: an address cannot hold spaces or control characters").format(url=repr(url))
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port  # raises on a port that is not a number from 0 to 65535
    except ValueError as exc:
        return _("{url}: not a valid address ({reason})").format(url=url, reason=exc)
    if parts.scheme.lower() not in ("http", "https"):
        return _("{url}: only http:// and https:// addresses can be downloaded").format(url=url)
    if not parts.hostname:
        return _("{url}: the address names no server").format(url=url)
    del port
    return None


def _fetch(
    url: str,
    timeout: float,
    total_timeout: float,
    progress: Callable[[int, int], bool] | None,
    control: DownloadControl,
) -> bytes:
    """Read the whole answer at *url* within the limits; a stop by *control* wins over any other error."""
    problem = url_problem(url)
    if problem is not None:
        raise DownloadError(problem)
    import urllib.request

    request = urllib.request.Request(url, headers={"User-Agent": "bcp47-explorer (registry update)"})
    chunks: list[bytes] = []
    received = 0
    try:
        with _opener(control).open(request, timeout=timeout) as response:
            total = int(response.headers.get("Content-Length") or 0)
            if total > MAX_BYTES:
                raise DownloadError(
                    _(
                        "{url}: the server offers {size} bytes, more than the limit of {limit} bytes"
                        " (a registry is under 1 MB)"
                    ).format(url=url, size=total, limit=MAX_BYTES)
                )
            while True:
                chunk = response.read1(_CHUNK)  # whatever has arrived: progress and cancel stay live
                if control.stopped:
                    break
                if not chunk:
                    break
                chunks.append(chunk)
                received += len(chunk)
                if received > MAX_BYTES:
                    raise DownloadError(
                        _("{url}: more than the limit of {limit} bytes arrived, which is not a registry").format(
                            url=url, limit=MAX_BYTES
                        )
                    )
                if progress is not None and not progress(received, total):
                    control.cancel()
                    break
            if not control.stopped and total and received < total:
                raise DownloadError(
                    _("{url}: the download stopped after {received} of {total} bytes (connection lost?)").format(
                        url=url, received=received, total=total
                    )
                )
    except DownloadError:
        raise
    except Exception as exc:  # every failure of the exchange becomes a plain message
        if not control.stopped:
            raise DownloadError(_plain_failure(url, exc, timeout)) from None
    if control.cancelled:
        raise Cancelled(_("the download was cancelled; the registry in use is unchanged"))
    if control.expired:
        raise DownloadError(
            _("{url}: no complete answer within {seconds} s ({received} bytes arrived), so it was stopped").format(
                url=url, seconds=f"{total_timeout:g}", received=received
            )
        )
    return b"".join(chunks)


def _plain_failure(url: str, exc: BaseException, timeout: float) -> str:
    """Say in words why the exchange with *url* failed."""
    import http.client
    import urllib.error

    if isinstance(exc, urllib.error.HTTPError):
        return _("{url}: the server answered {status} {reason}").format(url=url, status=exc.code, reason=exc.reason)
    if isinstance(exc, urllib.error.URLError):
        reason = exc.reason
        if isinstance(reason, TimeoutError) or "timed out" in str(reason):
            return _("{url}: no answer within {seconds} s (offline, or the server is slow)").format(
                url=url, seconds=f"{timeout:g}"
            )
        return _("{url}: cannot connect ({reason}); are you offline?").format(url=url, reason=reason)
    if isinstance(exc, TimeoutError):
        return _("{url}: no data for {seconds} s, so the download was stopped").format(url=url, seconds=f"{timeout:g}")
    if isinstance(exc, http.client.HTTPException):
        return _("{url}: the server's answer is not valid HTTP ({error}: {detail})").format(
            url=url, error=type(exc).__name__, detail=exc
        )
    return _("{url}: the download failed ({reason})").format(url=url, reason=exc or type(exc).__name__)


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
        raise DownloadError(
            _("{path}: cannot be written ({reason})").format(path=target, reason=exc.strerror or exc)
        ) from None
    return target


def forget_kept_registry() -> None:
    """Delete the kept registry copy, so that the bundled registry is used again."""
    try:
        kept_registry_path().unlink(missing_ok=True)
    except OSError as exc:
        raise DownloadError(
            _("{path}: cannot be removed ({reason})").format(path=kept_registry_path(), reason=exc.strerror or exc)
        ) from None


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
    kind = registry_kind(registry)
    if kind == "bundled":
        return _("the bundled copy")
    if kind == "kept copy":
        return _("your kept copy ({source})").format(source=source)
    if kind == "downloaded":
        return _("downloaded from {source}").format(source=source)
    return _("the file {source}").format(source=source)


def registry_kind_word(kind: str) -> str:
    """Return the words the status bar gives a :func:`registry_kind` (``bundled``...) in the UI language."""
    words = {
        "bundled": pgettext("registry source", "bundled"),
        "kept copy": pgettext("registry source", "kept copy"),
        "downloaded": pgettext("registry source", "downloaded"),
        "file": pgettext("registry source", "file"),
    }
    return words.get(kind, kind)


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
        return None, _("{problem}\n\nThe bundled registry is used instead.").format(problem=exc)
    return registry, report.describe()
