"""Issue 23, checked with a real AT-SPI client: what Orca gets from the running app over D-Bus.

``test_accessibility.py`` reads ``QAccessible`` in-process; this module starts the app for real (xcb on a private
Xvfb, a private D-Bus session bus that activates the AT-SPI bus) and reads it from *another process*: the system
Python with Debian's ``pyatspi`` runs ``atspi_client.py``, which finds the app on the desktop, reads each pane's
verdict and count labels by their accessible names, types tags through EditableText, presses tabs and buttons
through Action, and records the ``object:announcement`` events Qt sends for ``QAccessibleAnnouncementEvent``.

Needs Xvfb, dbus-daemon, the AT-SPI bus (at-spi2-core) and python3-pyatspi: without them it skips and says which
is missing (``.ci/run`` installs them on a fresh machine). Every process has a hard timeout and is ended by its id.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import signal
import socket
import struct
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from bcp47_explorer.ui import xcb_check

CLIENT = Path(__file__).with_name("atspi_client.py")
A11Y_BUS_SERVICE = Path("/usr/share/dbus-1/services/org.a11y.Bus.service")
CLIENT_TIMEOUT_S = 180  # the whole client run; it takes about 15 s
START_TIMEOUT_S = 30

EN_US_STATUS = "✔ well-formed  ·  ✔ valid (RFC 5646)  ·  0 errors  ·  0 warnings  ·  0 notes"
EN_UK_STATUS = "✔ well-formed  ·  ✘ not valid (RFC 5646)  ·  1 error  ·  0 warnings  ·  0 notes"
POLITE = 1  # AT-SPI's politeness of an object:announcement (ATSPI_LIVE_POLITE)


def _pyatspi_python() -> str | None:
    """Return a Python that can import pyatspi (the system's; the venv's cannot see Debian's packages)."""
    candidates = [os.environ.get("BCP47_ATSPI_PYTHON", ""), "/usr/bin/python3", shutil.which("python3") or ""]
    for python in dict.fromkeys(c for c in candidates if c and os.access(c, os.X_OK)):
        try:
            done = subprocess.run([python, "-c", "import pyatspi"], capture_output=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if done.returncode == 0:
            return python
    return None


def _missing() -> str | None:
    """Say what this machine lacks for a live AT-SPI run, or None."""
    if not sys.platform.startswith("linux"):
        return "AT-SPI is the Linux accessibility bus"
    for tool, package in (("Xvfb", "xvfb"), ("dbus-daemon", "dbus-daemon")):
        if shutil.which(tool) is None:
            return f"{tool} is missing (Debian package {package})"
    if not A11Y_BUS_SERVICE.exists():
        return f"the AT-SPI bus is missing: no {A11Y_BUS_SERVICE} (Debian package at-spi2-core)"
    if _pyatspi_python() is None:
        return "no Python with pyatspi (Debian package python3-pyatspi)"
    lacking = xcb_check.missing_libraries()
    if lacking:
        return "Qt's xcb plugin cannot load " + ", ".join(lacking)
    return None


def _read_line(proc: subprocess.Popen[bytes], fd: int, what: str) -> str:
    """Read one line that *proc* writes on *fd*, within START_TIMEOUT_S."""
    end = time.monotonic() + START_TIMEOUT_S
    data = b""
    while b"\n" not in data:
        left = end - time.monotonic()
        if left <= 0 or proc.poll() is not None:
            raise RuntimeError(f"{what} did not start (exit code {proc.poll()})")
        ready, _, _ = select.select([fd], [], [], min(left, 0.5))
        if ready:
            chunk = os.read(fd, 4096)
            if not chunk:
                raise RuntimeError(f"{what} closed its output before starting")
            data += chunk
    return data.decode().strip()


def _end_group(proc: subprocess.Popen[bytes]) -> None:
    """End *proc* and what it started (its own process group: the session bus's activated AT-SPI bus)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    with contextlib.suppress(ProcessLookupError):  # the bus launcher outlives dbus-daemon by a moment; same group
        os.killpg(proc.pid, signal.SIGKILL)


def _x_handshake(display: str) -> str | None:
    """Open an X11 connection to *display* (":N") on its local socket; return None if the server takes it, else why not.

    What every client does first (the connection setup of the X11 protocol, no authorisation data): a server
    that is not ready yet, or refuses clients, says so here, before the app is started.
    """
    path = f"/tmp/.X11-unix/X{display.lstrip(':')}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(5)
        try:
            sock.connect(path)
            # Byte order 'l' (little endian), protocol 11.0, no authorisation name or data.
            sock.sendall(b"l\x00" + struct.pack("<HHHH", 11, 0, 0, 0) + b"\x00\x00")
            head = sock.recv(8)
            reason = sock.recv(head[1]) if len(head) == 8 and head[0] != 1 and head[1] else b""
        except OSError as exc:
            return f"{path}: {exc}"
    if not head:
        return f"{path}: the server closed the connection"
    if head[0] == 1:
        return None
    status = {0: "failed", 2: "authenticate"}.get(head[0], str(head[0]))
    return f"{path}: the server refused the connection setup ({status}): {reason.decode(errors='replace')}"


def _wait_for_display(xvfb: subprocess.Popen[bytes], display: str) -> None:
    """Wait (up to START_TIMEOUT_S) until Xvfb on *display* takes an X11 client; raise RuntimeError if it never does."""
    end = time.monotonic() + START_TIMEOUT_S
    why = _x_handshake(display)
    while why is not None:
        if xvfb.poll() is not None:
            raise RuntimeError(f"Xvfb on {display} exited with {xvfb.returncode} before accepting clients ({why})")
        if time.monotonic() > end:
            raise RuntimeError(f"Xvfb on {display} did not accept an X11 client in {START_TIMEOUT_S} s: {why}")
        time.sleep(0.1)
        why = _x_handshake(display)


def _tail(path: Path) -> str:
    try:
        return path.read_text(errors="replace")[-2000:]
    except OSError as exc:
        return f"(unreadable: {exc})"


def _run_once(root: Path, python: str, env: dict[str, str]) -> tuple[dict[str, Any] | None, str]:
    """Start Xvfb, a session bus and the app under *root*; run the AT-SPI client; return (what it read, why not).

    What it read is None when the run failed; the reason then carries the client's output, the app's log,
    Xvfb's log and whether Xvfb was still running (a display that vanished under the app is told apart
    from a defect of the app).
    """
    env = dict(env)
    started: list[subprocess.Popen[bytes]] = []
    xvfb_log = root / "xvfb.log"
    app_log = root / "app.log"
    try:
        read_fd, write_fd = os.pipe()
        with xvfb_log.open("wb") as xvfb_err:
            xvfb = subprocess.Popen(
                ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x900x24", "-nolisten", "tcp"],
                pass_fds=(write_fd,),
                stdout=subprocess.DEVNULL,
                stderr=xvfb_err,
                start_new_session=True,
            )
        started.append(xvfb)
        os.close(write_fd)
        env["DISPLAY"] = ":" + _read_line(xvfb, read_fd, "Xvfb")
        os.close(read_fd)
        _wait_for_display(xvfb, env["DISPLAY"])

        bus = subprocess.Popen(
            [
                "dbus-daemon",
                "--session",
                "--nofork",
                "--print-address=1",
                f"--address=unix:path={root}/run/bus",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            start_new_session=True,
        )
        started.append(bus)
        assert bus.stdout is not None
        env["DBUS_SESSION_BUS_ADDRESS"] = _read_line(bus, bus.stdout.fileno(), "dbus-daemon")

        app_env = dict(env, QT_QPA_PLATFORM="xcb", QT_ACCESSIBILITY="1", QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1")
        with app_log.open("wb") as app_err:
            app = subprocess.Popen(
                [sys.executable, "-m", "bcp47_explorer", "--settings", str(root / "settings.ini")],
                env=app_env,
                stdout=subprocess.DEVNULL,
                stderr=app_err,
                start_new_session=True,
            )
        started.append(app)
        try:
            done = subprocess.run(
                [python, str(CLIENT), str(START_TIMEOUT_S * 2)],
                env=env,
                capture_output=True,
                timeout=CLIENT_TIMEOUT_S,
            )
        except subprocess.TimeoutExpired:
            client = f"the AT-SPI client did not finish in {CLIENT_TIMEOUT_S} s"
        else:
            out = done.stdout.decode(errors="replace").strip()
            if done.returncode == 0:
                return json.loads(out.splitlines()[-1]), ""
            client = f"client exit {done.returncode}: {out[-2000:]}\n{done.stderr.decode(errors='replace')[-2000:]}"
        xvfb_state = "running" if xvfb.poll() is None else f"exited with {xvfb.returncode}"
        return None, (
            f"{client}\napp (exit {app.poll()}): {_tail(app_log)}\n"
            f"Xvfb on {env['DISPLAY']} ({xvfb_state}): {_tail(xvfb_log)}"
        )
    except RuntimeError as exc:  # Xvfb or the bus did not start
        return None, f"{exc}\nXvfb: {_tail(xvfb_log)}"
    finally:
        for proc in reversed(started):
            _end_group(proc)
            if proc.stdout is not None:
                proc.stdout.close()


def _display_lost(why: str) -> bool:
    """Tell whether a failed run lost its X display (the server gone or refusing): the test's set-up, not the app."""
    return "could not connect to display" in why or ("Xvfb on :" in why and "(running)" not in why)


@pytest.fixture(scope="module")
def reading(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """Start Xvfb, a session bus and the app; run the AT-SPI client once; hand back what it read.

    A run whose X display was lost (Xvfb gone, or the app could not connect to it) is run once more on a new
    display, with a warning that keeps the first run's logs; any other failure fails at once with every log.
    """
    missing = _missing()
    if missing is not None:
        pytest.skip(f"no live AT-SPI check: {missing}")
    python = _pyatspi_python()
    assert python is not None
    failures: list[str] = []
    for attempt in (1, 2):
        root = tmp_path_factory.mktemp(f"atspi{attempt}")
        (root / "run").mkdir(mode=0o700)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("QT_", "DBUS_", "AT_SPI", "NO_AT_BRIDGE"))}
        env.update(
            HOME=str(root),
            XDG_RUNTIME_DIR=str(root / "run"),
            XDG_CONFIG_HOME=str(root / "config"),
            XDG_DATA_HOME=str(root / "data"),
            XDG_CACHE_HOME=str(root / "cache"),
            LANGUAGE="en",
        )
        got, why = _run_once(root, python, env)
        if got is not None:
            if failures:
                warnings.warn(
                    f"the live AT-SPI run lost its X display once and was run again: {failures[0]}", stacklevel=2
                )
            yield got
            return
        failures.append(f"run {attempt}: {why}")
        if not _display_lost(why):
            break
    pytest.fail("\n\n".join(failures))


def _announced(events: list[list[Any]]) -> list[str]:
    return [text for _source, text, *_ in events]


# ----------------------------------------------------------------- the editor
def test_the_editors_verdicts_are_read_over_atspi_as_shown(reading: dict[str, Any]) -> None:
    us, uk = reading["editor"]["en-US"], reading["editor"]["en-UK"]
    assert us["field"] == "en-US" and us["current"] == "en-US"
    assert us["status"] == EN_US_STATUS
    assert us["unicode"] == "Unicode locale identifier (UTS #35): ✔ valid"
    assert us["name"] == "American English"
    assert uk["field"] == "en-UK" and uk["current"] == "en-UK"
    assert uk["status"] == EN_UK_STATUS
    assert uk["unicode"].startswith("Unicode locale identifier (UTS #35): ✘ not valid")
    assert uk["name"] == "English (United Kingdom)"


def test_the_editors_verdict_changes_are_announced_politely_over_atspi(reading: dict[str, Any]) -> None:
    us, uk = reading["editor"]["en-US"], reading["editor"]["en-UK"]
    # Each announcement comes from the label that shows it (the source's name is the text), politely, once.
    for events in (us["announced"], uk["announced"]):
        assert events, "no object:announcement arrived"
        assert all(source == text and politeness == POLITE for source, text, politeness in events)
        assert len(_announced(events)) == len(set(_announced(events)))
    assert EN_US_STATUS in _announced(us["announced"])
    assert "Unicode locale identifier (UTS #35): ✔ valid" in _announced(us["announced"])
    assert EN_UK_STATUS in _announced(uk["announced"])
    assert any(t.startswith("Unicode locale identifier (UTS #35): ✘ not valid") for t in _announced(uk["announced"]))
    assert "object:announcement" in reading["event_types"]


# ----------------------------------------------------------------- the other panes
def test_the_registry_count_is_read_and_announced_over_atspi(reading: dict[str, Any]) -> None:
    registry = reading["registry"]
    assert registry["count"].startswith("Showing all 9,296 records")  # the bundled registry
    assert registry["count_after_search"].startswith("Showing 8 of 9,296 records")  # "cyrillic"
    assert _announced(registry["announced"]) == [registry["count_after_search"]]


def test_the_build_pane_is_read_over_atspi_as_shown(reading: dict[str, Any]) -> None:
    build = reading["build"]
    assert build["Built tag"] == "en-UK"  # the editor's tag, carried over
    assert build["Name of the tag"] == "English (United Kingdom)"
    assert build["Validity and advice"].startswith("✘ not valid (RFC 5646 §2.2.9)\nError: 'UK' is not a region")
    assert build["Number of languages shown"] == "8,276 languages"


def test_the_grammar_step_is_read_over_atspi(reading: dict[str, Any]) -> None:
    assert reading["grammar"]["step"] == "Step 1 of 2: en — accepted by language"


def test_the_batch_count_is_read_and_announced_over_atspi(reading: dict[str, Any]) -> None:
    batch = reading["batch"]
    assert batch["status_before"] == "No tags checked yet."
    assert batch["status"].startswith("Checked 4 lines in ")
    assert batch["summary"] == "4 lines: 3 well-formed, 2 valid, 2 with problems."
    assert _announced(batch["announced"]) == [batch["status"]]


def test_the_matching_results_are_read_and_announced_over_atspi(reading: dict[str, Any]) -> None:
    matching = reading["matching"]
    assert matching["problems"].startswith("note: available tag en-UK is not valid: 'UK' is not a region")
    assert matching["Basic filtering (RFC 4647 §3.3.1)"][0] == "Result: fr-CH, fr, en-UK, de"
    assert matching["Lookup (RFC 4647 §3.4)"][0] == "Result: fr-CH (from range fr-CH)"
    assert _announced(matching["announced"]) == [matching["problems"]]


# ----------------------------------------------------------------- empty verdicts
def test_no_empty_verdict_is_read_over_atspi_as_its_caption(reading: dict[str, Any]) -> None:
    """An empty label is hidden (Qt would name it after its buddy or group box: "Autonym:", "2. Value")."""
    assert reading["builder"] == dict.fromkeys(
        ("Value check", "Attribute check", "Legacy form check", "Number of values shown")
    )
    for tag in ("en-US", "en-UK"):
        autonym = reading["editor"][tag]["autonym"]
        assert autonym is None or (autonym and autonym != "Autonym:"), autonym
