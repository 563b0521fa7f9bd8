"""Downloading the registry on request: against a local server on 127.0.0.1, never the network.

Pins: a good download is verified and returned (nothing written until kept); a slow server ends in a
timeout message; a truncated body (short of its Content-Length, or cut at a record boundary), a failing
server (500), an HTML page and a refused connection each end in a plain message and nothing kept; the
progress callback sees the bytes and can cancel; the kept copy is written atomically and found at start.

Hostile servers (issue 26 item 2): one that trickles its status line and headers a byte at a time, one
that accepts and never answers, one that trickles its body, one that answers with bytes that are not
HTTP, one that streams an endless body and one that announces a huge one each end within the overall
deadline (or at the size cap) with a message saying which limit; a cancel from another thread ends a
download that is waiting for headers at once. Each of these runs under a hang guard: a regression
fails with "still running" instead of holding the suite.
"""

from __future__ import annotations

import http.server
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from bcp47_explorer.cli import main
from bcp47_explorer.core.data import resource_path
from bcp47_explorer.core.registry.model import Registry
from bcp47_explorer.core.registry.update import (
    MAX_BYTES,
    Cancelled,
    DownloadControl,
    DownloadError,
    download_registry,
    forget_kept_registry,
    keep_registry,
    kept_registry,
    kept_registry_path,
    registry_url,
)

BODY = resource_path("language-subtag-registry.txt").read_bytes()
CUT = BODY[: BODY.index(b"%%\nType: script")]


def _forever(write: Callable[[], None], pause: float) -> None:
    """Call *write* until the client goes away (a hostile server never stops on its own)."""
    try:
        for _ in range(100_000):
            write()
            time.sleep(pause)
    except OSError:
        pass


class _Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        route = self.path.strip("/")
        out = self.wfile
        if route == "header-trickle":  # "HTTP/1.1 200 OK\r\nX: aaaa..." one byte at a time, never ending
            head = iter(b"HTTP/1.1 200 OK\r\nX-Slow: " + b"a" * 60_000)
            _forever(lambda: (out.write(bytes([next(head)])), out.flush()), 0.05)
            return
        if route == "hang":  # accepts, reads the request, says nothing
            _forever(lambda: None, 0.05)
            return
        if route == "garbage":
            out.write(b"\x00\xff\xfeNOT HTTP AT ALL\r\n\r\n" * 10)
            return
        if route == "endless":  # a 200 without Content-Length and a body that never ends
            out.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n")
            _forever(lambda: out.write(b"%%\n" * 65536), 0)
            return
        if route == "huge":  # says it will send 50 GB
            out.write(b"HTTP/1.1 200 OK\r\nContent-Length: 50000000000\r\n\r\n")
            _forever(lambda: out.write(b"x" * 65536), 0)
            return
        if route == "body-trickle":
            self.send_response(200)
            self.send_header("Content-Length", str(len(BODY)))
            self.end_headers()
            _forever(lambda: (out.write(b"F"), out.flush()), 0.05)
            return
        if route == "fail":
            self.send_error(500, "Internal Server Error")
            return
        if route == "html":
            body = b"<!DOCTYPE html><html><body>Not here</body></html>\n"
        elif route == "cut":
            body = CUT
        else:
            body = BODY
        self.send_response(200)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if route == "slow":
            self.wfile.write(body[:1000])
            self.wfile.flush()
            time.sleep(3)
            return
        if route == "trickle":
            for i in range(0, 3000, 100):
                self.wfile.write(body[i : i + 100])
                self.wfile.flush()
                time.sleep(0.1)
            return
        if route == "truncated":
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            return  # the connection closes short of Content-Length
        self.wfile.write(body)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_tests_never_point_at_iana() -> None:
    assert registry_url().startswith("http://127.0.0.1:")


def test_a_good_download_is_verified_and_not_kept_until_asked(server: str, registry: Registry) -> None:
    seen: list[tuple[int, int]] = []
    got = download_registry(registry, url=f"{server}/ok", progress=lambda r, t: seen.append((r, t)) or True)
    assert got.registry.file_date == registry.file_date and len(got.registry) == len(registry)
    assert got.report.is_clean and got.raw == BODY
    assert seen[-1] == (len(BODY), len(BODY)) and len(seen) > 3
    assert not kept_registry_path().exists()
    path = keep_registry(got.raw)
    assert path.read_bytes() == BODY and [p.name for p in path.parent.iterdir()] == [path.name]  # no temp left
    kept, warning = kept_registry(registry)
    assert kept is not None and kept.source == str(path) and warning == ""
    forget_kept_registry()
    assert kept_registry(registry) == (None, "")


def test_a_slow_server_ends_in_a_timeout_message(server: str, registry: Registry) -> None:
    with pytest.raises(DownloadError, match=r"no (answer|data) (within|for) 0\.5 s"):
        download_registry(registry, url=f"{server}/slow", timeout=0.5)


def test_a_trickling_server_is_stopped_by_the_total_timeout(server: str, registry: Registry) -> None:
    with pytest.raises(DownloadError, match=r"no complete answer within 0\.5 s \(\d+ bytes arrived\)"):
        download_registry(registry, url=f"{server}/trickle", timeout=2, total_timeout=0.5)


def _guarded(call: Callable[[], object], limit: float = 60) -> BaseException | None:
    """Run *call* in a thread; return what it raised (None if nothing). Fail if it is still running at *limit*.

    The limit is a hang guard far above the deadlines under test, not a speed check.
    """
    raised: list[BaseException | None] = [None]

    def run() -> None:
        try:
            call()
        except BaseException as exc:
            raised[0] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(limit)
    assert not thread.is_alive(), "the download is still running: a deadline did not hold"
    return raised[0]


@pytest.mark.parametrize("route", ["header-trickle", "hang", "body-trickle"])
def test_a_hostile_server_is_cut_off_at_the_overall_deadline(server: str, registry: Registry, route: str) -> None:
    # per-read timeout 5 s, never tripped by a byte every 0.05 s; the 1 s deadline covers the headers too
    exc = _guarded(lambda: download_registry(registry, url=f"{server}/{route}", timeout=5, total_timeout=1))
    assert isinstance(exc, DownloadError) and not isinstance(exc, Cancelled)
    assert str(exc).startswith(f"{server}/{route}: no complete answer within 1 s (")
    assert str(exc).endswith(" bytes arrived), so it was stopped")


def test_an_answer_that_is_not_http_is_a_plain_message(server: str, registry: Registry) -> None:
    exc = _guarded(lambda: download_registry(registry, url=f"{server}/garbage", total_timeout=10))
    assert isinstance(exc, DownloadError)
    assert str(exc).startswith(f"{server}/garbage: the server's answer is not valid HTTP (")


def test_an_endless_body_stops_at_the_size_cap(server: str, registry: Registry) -> None:
    exc = _guarded(lambda: download_registry(registry, url=f"{server}/endless", total_timeout=50))
    assert isinstance(exc, DownloadError)
    assert str(exc) == f"{server}/endless: more than the limit of {MAX_BYTES} bytes arrived, which is not a registry"


def test_an_announced_huge_body_is_refused_before_reading(server: str, registry: Registry) -> None:
    exc = _guarded(lambda: download_registry(registry, url=f"{server}/huge", total_timeout=50))
    assert str(exc) == (
        f"{server}/huge: the server offers 50000000000 bytes, more than the limit of {MAX_BYTES} bytes"
        " (a registry is under 1 MB)"
    )


def test_a_cancel_from_another_thread_ends_a_wait_for_headers_at_once(server: str, registry: Registry) -> None:
    control = DownloadControl()
    raised: list[BaseException] = []

    def run() -> None:
        try:
            download_registry(registry, url=f"{server}/hang", timeout=300, total_timeout=300, control=control)
        except DownloadError as exc:
            raised.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(0.5)
    assert thread.is_alive()  # waiting for an answer that never comes
    control.cancel()
    thread.join(60)  # a hang guard: without the cancel this would take 300 s
    assert not thread.is_alive()
    assert [type(e) for e in raised] == [Cancelled]
    assert str(raised[0]) == "the download was cancelled; the registry in use is unchanged"


def test_a_cancel_before_the_connection_never_connects(registry: Registry) -> None:
    control = DownloadControl()
    control.cancel()
    with pytest.raises(Cancelled):
        download_registry(registry, url="http://127.0.0.1:9/registry", control=control)


def test_a_truncated_response_is_refused(server: str, registry: Registry) -> None:
    with pytest.raises(DownloadError, match=r"stopped after [\d,]+ of [\d,]+ bytes|failed"):
        download_registry(registry, url=f"{server}/truncated")


def test_a_registry_cut_at_a_record_boundary_parses_but_says_what_it_lacks(server: str, registry: Registry) -> None:
    got = download_registry(registry, url=f"{server}/cut")
    assert not got.report.is_clean
    assert any("it has no script records" in line for line in got.report.lines())


def test_a_failing_server_is_a_plain_message(server: str, registry: Registry) -> None:
    with pytest.raises(DownloadError, match="the server answered 500"):
        download_registry(registry, url=f"{server}/fail")


def test_an_html_page_is_not_a_registry(server: str, registry: Registry) -> None:
    with pytest.raises(DownloadError, match=r"/html, line 1: expected 'Field-Name: value'"):
        download_registry(registry, url=f"{server}/html")


def test_offline_is_a_plain_message(registry: Registry) -> None:
    with pytest.raises(DownloadError, match=r"cannot connect .*are you offline"):
        download_registry(registry, url="http://127.0.0.1:9/registry")


def test_the_progress_callback_can_cancel(server: str, registry: Registry) -> None:
    with pytest.raises(Cancelled, match="cancelled"):
        download_registry(registry, url=f"{server}/ok", progress=lambda r, t: r < 64 * 1024)


def test_a_damaged_kept_copy_is_not_used_at_start(registry: Registry) -> None:
    keep_registry(b"File-Date: 2026-01-01\n%%\nType: language\nSubtag zz\n")
    kept, warning = kept_registry(registry)
    assert kept is None
    assert f"{kept_registry_path()}, line 4" in warning and "bundled registry is used instead" in warning


def test_keeping_never_leaves_a_partial_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import os

    keep_registry(BODY)

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(DownloadError, match="cannot be written"):
        keep_registry(b"File-Date: 2030-01-01\n")
    assert kept_registry_path().read_bytes() == BODY
    assert [p.name for p in kept_registry_path().parent.iterdir()] == [kept_registry_path().name]


# `bcp47 registry download`: the CLI side of item 2 (a good download written or kept; a trickling server cut off
# by --deadline in a real process, nothing written; a bad answer refused; bad option values are usage errors).


def test_a_good_download_is_written_to_the_output(
    server: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "registry.txt"
    assert main(["registry", "download", "--url", f"{server}/ok", "--output", str(out)]) == 0
    assert out.read_bytes() == BODY
    said = capsys.readouterr()
    date = BODY.split(b"\n", 1)[0].decode().split(": ")[1]
    assert said.out.startswith(f"{server}/ok: File-Date {date}, ") and said.out.rstrip().endswith(f"written to {out}")
    assert said.err == ""


def test_json_says_what_was_written(server: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.txt"
    assert main(["registry", "download", "--json", "--url", f"{server}/ok", "-o", str(out)]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["url"] == f"{server}/ok" and got["written"] == str(out) and got["findings"] == []
    assert got["records"] > 9000 and got["file_date"] == BODY.split(b"\n", 1)[0].decode().split(": ")[1]


def test_keep_puts_it_where_the_app_reads_it(server: str, capsys: pytest.CaptureFixture[str]) -> None:
    from bcp47_explorer.core.registry.update import forget_kept_registry, kept_registry_path

    try:
        assert main(["registry", "download", "--url", f"{server}/ok", "--keep"]) == 0
        assert kept_registry_path().read_bytes() == BODY
        assert str(kept_registry_path()) in capsys.readouterr().out
    finally:
        forget_kept_registry()


@pytest.mark.parametrize(
    ("route", "message"),
    [
        ("cut", "lacks"),  # parses, but lacks records: a finding, refused under --strict
        ("garbage", "bcp47: "),
        ("html", "bcp47: "),
    ],
)
def test_a_bad_answer_writes_nothing(
    server: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    route: str,
    message: str,
) -> None:
    out = tmp_path / "registry.txt"
    status = main(["registry", "download", "--strict", "--url", f"{server}/{route}", "--output", str(out)])
    assert status == 2 and not out.exists()
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_trickling_server_is_cut_off_by_the_deadline_in_a_real_process(server: str, tmp_path: Path) -> None:
    out = tmp_path / "registry.txt"
    started = time.monotonic()
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "bcp47_explorer.cli",
            "registry",
            "download",
            "--url",
            f"{server}/header-trickle",
            "--deadline",
            "1",
            "--output",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=120,  # a hang guard, not a speed target: the deadline is what ends it
        env={**os.environ, "LANGUAGE": "en"},
    )
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith(f"bcp47: {server}/header-trickle: no complete answer within 1 s")
    assert "so it was stopped" in proc.stderr and "Traceback" not in proc.stderr
    assert not out.exists()
    assert time.monotonic() - started < 120


@pytest.mark.parametrize("value", ["0", "-3", "abc", "1e9"])
def test_bad_seconds_are_usage_errors(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["registry", "download", "--deadline", value, "--output", "x"]) == 2
    err = capsys.readouterr().err
    assert "bcp47: argument --deadline: " in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("", "the address is empty"),
        ("   ", "the address is empty"),
        ("http://[::1", "http://[::1: not a valid address (Invalid IPv6 URL)"),
        ("ftp://example.org/r", "ftp://example.org/r: only http:// and https:// addresses can be downloaded"),
        ("example.org/r", "example.org/r: only http:// and https:// addresses can be downloaded"),
        ("http://x y/", "'http://x y/': an address cannot hold spaces or control characters"),
        ("http://h\x00/", "'http://h\\x00/': an address cannot hold spaces or control characters"),
        ("http://h:99999/", "http://h:99999/: not a valid address (Port out of range 0-65535)"),
        ("http:///registry", "http:///registry: the address names no server"),
    ],
)
def test_a_bad_address_is_named_before_any_connection(
    url: str, said: str, registry: Registry, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A typing slip is a usage error that says what is wrong with the address (it was a traceback for
    # "http://[::1", "cannot connect … are you offline?" for ftp://, and an empty --url used IANA's).
    out = tmp_path / "r.txt"
    assert main(["registry", "download", "--url", url, "--output", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == f"bcp47: argument --url: {said}"
    assert not out.exists()
    # The library says the same when the address comes from elsewhere ($BCP47_EXPLORER_REGISTRY_URL, the window).
    with pytest.raises(DownloadError) as raised:
        download_registry(registry, url=url or " ", timeout=1, total_timeout=2)
    assert str(raised.value) == (said if url else "the address is empty")


def test_an_output_that_cannot_be_written_is_said_before_the_download(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Refused connection on port 9 would be the message if the download were tried first: it must not be.
    missing = tmp_path / "no" / "such" / "r.txt"
    assert main(["registry", "download", "--url", "http://127.0.0.1:9/r", "--output", str(missing)]) == 2
    assert capsys.readouterr().err == f"bcp47: {missing}: the folder {missing.parent} does not exist\n"
    assert main(["registry", "download", "--url", "http://127.0.0.1:9/r", "--output", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"bcp47: {tmp_path} is a folder; give a file name\n"
    if os.geteuid() != 0:  # root may write anywhere
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        assert main(["registry", "download", "--url", "http://127.0.0.1:9/r", "-o", str(locked / "r.txt")]) == 2
        assert capsys.readouterr().err == f"bcp47: {locked / 'r.txt'}: no permission to write in {locked}\n"
