"""Downloading the registry on request: against a local server on 127.0.0.1, never the network.

Pins: a good download is verified and returned (nothing written until kept); a slow server ends in a
timeout message; a truncated body (short of its Content-Length, or cut at a record boundary), a failing
server (500), an HTML page and a refused connection each end in a plain message and nothing kept; the
progress callback sees the bytes and can cancel; the kept copy is written atomically and found at start.
"""

from __future__ import annotations

import http.server
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from bcp47_explorer.core.data import resource_path
from bcp47_explorer.core.registry.model import Registry
from bcp47_explorer.core.registry.update import (
    Cancelled,
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


class _Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        route = self.path.strip("/")
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
    with pytest.raises(DownloadError, match=r"still downloading after 0\.5 s"):
        download_registry(registry, url=f"{server}/trickle", timeout=2, total_timeout=0.5)


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
