"""One window per user and settings file: a second start hands its tag to the first and exits.

Two windows on one settings file each kept their own history and the last to quit overwrote the other's. The
first instance listens on a local socket named after the user and the settings file; a later start sends it
one JSON line (``{"tag": "..."}``) and leaves. A socket left by a crashed instance is removed and taken over.

Start-up order (issue 24: the window is painted first): the hand-over is tried before the window is made, and on
Linux and macOS it needs neither Qt's network module nor OpenSSL's hashes: it connects to the socket file
QLocalServer makes for the name (``$TMPDIR``, else ``/tmp``, then the name) with Python's own socket. The first
instance starts listening right after its window's first paint; a second start in that moment finds nobody and
opens a window of its own, as a start did before the first instance's listener was made.
"""

from __future__ import annotations

import os
import sys
import zlib
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from PySide6.QtNetwork import QLocalServer, QLocalSocket

__all__ = ["SingleInstance", "server_name", "socket_path"]

_TIMEOUT_MS = 1000


def server_name(settings_file: str) -> str:
    """Return the local socket's name for this user and *settings_file* (two 32-bit checksums of its path)."""
    user = _user_name()
    raw = settings_file.encode("utf-8", "surrogatepass")
    return f"bcp47-explorer-{user}-{zlib.crc32(raw):08x}{zlib.adler32(raw):08x}"


def _user_name() -> str:
    """Return ``getpass.getuser()``, or "user" where there is none (a container without a passwd entry)."""
    import getpass

    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "user"


def socket_path(name: str) -> str | None:
    """Return the file QLocalServer listens on for *name* on this system, or None where it is not a file (Windows).

    Qt's rule for a name that is not a path: ``QDir::tempPath()`` (``$TMPDIR``, else ``/tmp``, cleaned) and the name.
    """
    if sys.platform == "win32":
        return None
    if name.startswith("/"):
        return name
    folder = os.path.normpath(os.environ.get("TMPDIR") or "/tmp")
    return os.path.join(folder, name)


class SingleInstance(QObject):
    """The first instance's listener, or a later instance's messenger."""

    tag_received = Signal(str)  # a later start's tag ("" when it named none): show it, raise the window

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self._server: QLocalServer | None = None
        self._buffers: dict[QLocalSocket, bytearray] = {}

    def hand_over(self, tag: str) -> bool:
        """Send *tag* to a running first instance; return whether one took it."""
        path = socket_path(self.name)
        if path is not None and not os.path.lexists(path):  # nobody listens (the usual first start): no more to do
            return False
        import json

        message = (json.dumps({"tag": tag}) + "\n").encode("utf-8")
        if path is not None:
            return _send_unix(path, message)
        from PySide6.QtNetwork import QLocalSocket

        socket = QLocalSocket()
        socket.connectToServer(self.name)
        if not socket.waitForConnected(_TIMEOUT_MS):
            return False
        socket.write(message)
        ok = socket.waitForBytesWritten(_TIMEOUT_MS)
        socket.disconnectFromServer()
        if socket.state() != QLocalSocket.LocalSocketState.UnconnectedState:
            socket.waitForDisconnected(_TIMEOUT_MS)
        return ok

    def listen(self) -> bool:
        """Become the first instance; return False when the socket cannot be made (the app runs anyway)."""
        from PySide6.QtNetwork import QLocalServer

        server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        if not server.listen(self.name):
            QLocalServer.removeServer(self.name)  # left by an instance that crashed
            if not server.listen(self.name):
                return False
        server.newConnection.connect(self._on_server_new_connection)
        self._server = server
        return True

    def close(self) -> None:
        """Stop listening (a later start becomes the first instance)."""
        if self._server is not None:
            self._server.close()
            self._server = None
        self._buffers.clear()

    def _on_server_new_connection(self) -> None:
        server = self._server
        while server is not None and server.hasPendingConnections():
            socket = server.nextPendingConnection()
            if socket is None:
                break
            self._buffers[socket] = bytearray()
            socket.readyRead.connect(self._on_socket_ready_read)
            socket.disconnected.connect(self._on_socket_disconnected)
            self._read(socket)

    def _on_socket_ready_read(self) -> None:
        from PySide6.QtNetwork import QLocalSocket

        socket = self.sender()
        if isinstance(socket, QLocalSocket):
            self._read(socket)

    def _on_socket_disconnected(self) -> None:
        from PySide6.QtNetwork import QLocalSocket

        socket = self.sender()
        if isinstance(socket, QLocalSocket):
            self._read(socket)
            self._buffers.pop(socket, None)
            socket.deleteLater()

    def _read(self, socket: QLocalSocket) -> None:
        buffer = self._buffers.get(socket)
        if buffer is None:
            return
        buffer += bytes(socket.readAll().data())
        while b"\n" in buffer:
            line, _, rest = bytes(buffer).partition(b"\n")
            buffer[:] = rest
            self._on_line(line)

    def _on_line(self, line: bytes) -> None:
        import json

        try:
            message = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            return  # not ours: ignore, never fail
        tag = message.get("tag", "") if isinstance(message, dict) else ""
        self.tag_received.emit(tag if isinstance(tag, str) else "")


def _send_unix(path: str, message: bytes) -> bool:
    """Send *message* to the listener on the socket file *path*; return whether one took it (nobody there: False)."""
    import socket

    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(_TIMEOUT_MS / 1000)
        try:
            sock.connect(path)
            sock.sendall(message)
        except OSError:  # no file, a file left by a crashed instance (refused), a full or slow listener
            return False
    return True
