"""The one way the app writes a file: only a new file or a regular file that is already ours.

Every file the app writes (settings, parse caches, anything exported) goes through
:func:`write_file`. The rules, so that a mistyped path can never destroy something else:

- a path that does not exist is created;
- a path that exists must be a regular file (not a symbolic link, whatever it points to, nor a
  folder, a device, a FIFO or a socket), and, when the caller says how to recognise its own files
  (*is_ours*), its current content must be one of ours;
- the new content goes to a private temporary file in the same folder (created with ``O_EXCL``,
  mode 0600, so never a planted file or link), is flushed to disk, and then replaces the target in
  one ``os.replace``: a reader sees the old file or the new one, never half of one. The temporary
  file is removed when anything fails.

Anything else raises :class:`UnsafeWriteError` with a message that says what is at the path.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_file(folder / "a.txt", b"one")
>>> (folder / "a.txt").read_bytes()
b'one'
>>> write_file(folder, b"x")
Traceback (most recent call last):
...
bcp47_explorer.core.files.safe_write.UnsafeWriteError: ... is a folder; refusing to write over it
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable

from ..text.catalogue import N_, _, pgettext

__all__ = [
    "AtomicFile",
    "UnsafeWriteError",
    "check_writable",
    "describe",
    "number_text",
    "read_capped",
    "read_small_regular",
    "write_file",
]


class UnsafeWriteError(OSError):
    """A path the app refuses to write to (or that cannot be written), with the reason."""


def describe(mode: int) -> str:
    """Return what a file of *mode* (from ``lstat``) is, in words (the UI language's; a field of a sentence)."""
    if stat.S_ISLNK(mode):
        return pgettext("kind of file", "a symbolic link")
    if stat.S_ISDIR(mode):
        return pgettext("kind of file", "a folder")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return pgettext("kind of file", "a device")
    if stat.S_ISFIFO(mode):
        return pgettext("kind of file", "a FIFO (named pipe)")
    if stat.S_ISSOCK(mode):
        return pgettext("kind of file", "a socket")
    if stat.S_ISREG(mode):
        return pgettext("kind of file", "a regular file")
    return pgettext("kind of file", "not a regular file")


#: A file that exists and is not one of ours, by what the app meant to write (whole sentences).
_NOT_OURS = {
    "file": N_("{path} already exists and is not a file of this app; refusing to overwrite it"),
    "SVG file": N_("{path} already exists and is not an SVG file of this app; refusing to overwrite it"),
    "export": N_("{path} already exists and is not an export of this app; refusing to overwrite it"),
    "form": N_("{path} already exists and is not a form of this app; refusing to overwrite it"),
    "registry file": N_("{path} already exists and is not a registry file of this app; refusing to overwrite it"),
    "settings file": N_("{path} already exists and is not a settings file of this app; refusing to overwrite it"),
}


def number_text(n: int) -> str:
    """Return *n* written for the UI language, for a message (``text.formats`` is imported only when one is made)."""
    from ..text.formats import format_number

    return format_number(n)


def read_small_regular(path: str | os.PathLike[str], limit: int) -> bytes | None:
    """Return the bytes of the regular file *path* (never following a link), or None when it is absent.

    Raise UnsafeWriteError when it is not a regular file or larger than *limit* bytes.
    """
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(st.st_mode):
        raise UnsafeWriteError(_("{path} is {kind}, not a regular file").format(path=path, kind=describe(st.st_mode)))
    if st.st_size > limit:
        raise UnsafeWriteError(
            _("{path} is {size} bytes, more than the {limit} a file of ours can be").format(
                path=path, size=number_text(st.st_size), limit=number_text(limit)
            )
        )
    fd = os.open(path, flags)
    try:
        st2 = os.fstat(fd)
        if not stat.S_ISREG(st2.st_mode) or (st2.st_dev, st2.st_ino) != (st.st_dev, st.st_ino):
            raise UnsafeWriteError(_("{path} changed while it was being read").format(path=path))
        data = read_capped(fd, limit)
    finally:
        os.close(fd)
    if data is None:
        raise UnsafeWriteError(
            _("{path} is more than the {limit} bytes a file of ours can be").format(path=path, limit=number_text(limit))
        )
    return data


def read_capped(fd: int, limit: int) -> bytes | None:
    """Read the open file *fd* to its end; None when it holds more than *limit* bytes (it may grow while read)."""
    chunks = []
    left = limit + 1
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 22))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    data = b"".join(chunks)
    return None if len(data) > limit else data


def check_writable(
    path: str | os.PathLike[str],
    is_ours: Callable[[bytes], bool] | None = None,
    *,
    what: str = "file",
    limit: int = 1 << 24,
) -> None:
    """Raise UnsafeWriteError unless :func:`write_file` may write *path* (absent, or a regular file of ours)."""
    from pathlib import Path  # not at import: a check's start-up reads files with this module, never writes

    p = Path(path)
    try:
        st = os.lstat(p)
    except FileNotFoundError:
        parent = p.parent
        try:
            pst = os.stat(parent)
        except OSError as exc:
            raise UnsafeWriteError(
                _("{path}: its folder {folder} cannot be used ({reason})").format(
                    path=p, folder=parent, reason=exc.strerror or exc
                )
            ) from None
        if not stat.S_ISDIR(pst.st_mode):
            raise UnsafeWriteError(_("{path}: {folder} is not a folder").format(path=p, folder=parent)) from None
        return
    except OSError as exc:
        raise UnsafeWriteError(
            _("{path}: cannot look at it ({reason})").format(path=p, reason=exc.strerror or exc)
        ) from None
    if not stat.S_ISREG(st.st_mode):
        raise UnsafeWriteError(
            _("{path} is {kind}; refusing to write over it").format(path=p, kind=describe(st.st_mode))
        )
    if is_ours is not None:
        try:
            content = read_small_regular(p, limit)
        except OSError as exc:
            raise UnsafeWriteError(f"{p}: {exc}") from None
        if content is not None and not is_ours(content):
            template = (
                _(_NOT_OURS[what])
                if what in _NOT_OURS
                else _("{path} already exists and is not a {what} of this app; refusing to overwrite it")
            )
            raise UnsafeWriteError(template.format(path=p, what=what))


class AtomicFile:
    """A file being written by the rules above, piece by piece: :meth:`commit` puts it in place.

    For output too large to hold in memory (a batch export of a million rows). Until
    :meth:`commit` the target is untouched; :meth:`discard` (or any failure) removes the private
    temporary file. Raises :class:`UnsafeWriteError` like :func:`write_file`.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        is_ours: Callable[[bytes], bool] | None = None,
        *,
        what: str = "file",
        mode: int = 0o666,
    ) -> None:
        from pathlib import Path

        p = self.path = Path(path)
        check_writable(p, is_ours, what=what)
        try:
            self._old_mode: int | None = stat.S_IMODE(os.lstat(p).st_mode)
        except FileNotFoundError:
            self._old_mode = None
        self._mode = mode
        self._tmp = p.with_name(f".{p.name}.{os.urandom(8).hex()}.tmp")
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        try:
            self._fd: int | None = os.open(self._tmp, flags, 0o600)
        except OSError as exc:
            raise UnsafeWriteError(
                _("{path}: cannot create a file in {folder} ({reason})").format(
                    path=p, folder=p.parent, reason=exc.strerror or exc
                )
            ) from None

    def write(self, data: bytes) -> None:
        """Append *data*; a failure discards the file and raises UnsafeWriteError."""
        if self._fd is None:
            raise UnsafeWriteError(_("{path}: already closed").format(path=self.path))
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(self._fd, view) :]
        except OSError as exc:
            self.discard()
            raise UnsafeWriteError(
                _("{path}: cannot write it ({reason})").format(path=self.path, reason=exc.strerror or exc)
            ) from None

    def commit(self) -> None:
        """Flush to disk and replace the target in one step; a failure leaves the target as it was."""
        fd = self._fd
        if fd is None:
            raise UnsafeWriteError(_("{path}: already closed").format(path=self.path))
        p = self.path
        try:
            try:
                if hasattr(os, "fchmod"):  # POSIX: keep an existing file's mode; a new one gets *mode* less the umask
                    if self._old_mode is not None:
                        os.fchmod(fd, self._old_mode)
                    elif self._mode != 0o600:
                        umask = os.umask(0)
                        os.umask(umask)
                        os.fchmod(fd, self._mode & ~umask)
                os.fsync(fd)
            finally:
                self._fd = None
                os.close(fd)
            # Looked at again just before the replace: a link or device planted meanwhile is not replaced either.
            check_writable(p, None)
            os.replace(self._tmp, p)
        except BaseException as exc:
            with contextlib.suppress(OSError):
                os.unlink(self._tmp)
            if isinstance(exc, UnsafeWriteError) or not isinstance(exc, OSError):
                raise
            raise UnsafeWriteError(
                _("{path}: cannot write it ({reason})").format(path=p, reason=exc.strerror or exc)
            ) from None

    def discard(self) -> None:
        """Give up: close and remove the temporary file; the target stays as it was."""
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None
        with contextlib.suppress(OSError):
            os.unlink(self._tmp)


def write_file(
    path: str | os.PathLike[str],
    data: bytes,
    *,
    is_ours: Callable[[bytes], bool] | None = None,
    what: str = "file",
    mode: int = 0o666,
) -> None:
    """Write *data* to *path* atomically, by the rules in the module docstring; raise UnsafeWriteError.

    *mode* is filtered by the umask for a new file (0o600 gives a private file); an existing
    file keeps its permission bits.
    """
    out = AtomicFile(path, is_ours, what=what, mode=mode)
    try:
        out.write(data)
    except BaseException:
        out.discard()
        raise
    out.commit()
