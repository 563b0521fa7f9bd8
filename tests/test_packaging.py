"""Pins the packaging files: one app id everywhere, valid desktop entry and metainfo, icon sizes,
the XDG install script, and a PyInstaller recipe that excludes no Qt module the app imports."""

from __future__ import annotations

import ast
import re
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from bcp47_explorer import __version__

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
APP_ID = "io.github.bcp47explorer.BCP47Explorer"
DESKTOP = PACKAGING / "linux" / f"{APP_ID}.desktop"
METAINFO = PACKAGING / "linux" / f"{APP_ID}.metainfo.xml"
ICONS = ROOT / "resources" / "icons"
SIZES = (16, 32, 48, 64, 128, 256, 512)
SPEC = PACKAGING / "bcp47-explorer.spec"


def desktop_entry() -> dict[str, str]:
    lines = DESKTOP.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line and not line.startswith("#"))


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_desktop_entry_names_the_app_id_icon_and_gui_script():
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Icon"] == APP_ID
    assert entry["Exec"] == "bcp47-explorer"
    assert entry["Name"] == "BCP 47 Explorer"
    assert entry["Categories"].endswith(";")


def test_same_app_id_in_the_about_dialog_and_the_spec():
    from bcp47_explorer.ui.about import APP_ID as about_id

    assert about_id == APP_ID
    assert f'APP_ID = "{APP_ID}"' in SPEC.read_text(encoding="utf-8")
    assert f"APP_ID={APP_ID}" in (PACKAGING / "install-desktop-files.sh").read_text(encoding="utf-8")


def test_metainfo_points_at_the_desktop_entry_and_releases_this_version():
    root = ET.parse(METAINFO).getroot()
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == f"{APP_ID}.desktop"
    assert root.find("content_rating") is not None
    releases = root.findall("releases/release")
    assert releases, "metainfo has no release"
    # The newest release comes first and must be the version the app reports.
    assert releases[0].get("version") == __version__
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", releases[0].get("date", ""))
    assert len(root.findall("description/p")) >= 2


def test_metainfo_has_the_homepage_bug_tracker_and_screenshots_of_this_repository():
    from bcp47_explorer.ui.about import BUG_TRACKER_URL, HOMEPAGE_URL

    root = ET.parse(METAINFO).getroot()
    urls = {u.get("type"): u.text for u in root.findall("url")}
    assert urls["homepage"] == HOMEPAGE_URL
    assert urls["bugtracker"] == BUG_TRACKER_URL
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'Homepage = "{HOMEPAGE_URL}"' in pyproject and f'"Bug Tracker" = "{BUG_TRACKER_URL}"' in pyproject
    shots = root.findall("screenshots/screenshot")
    assert len(shots) >= 3 and shots[0].get("type") == "default"
    for shot in shots:
        assert shot.findtext("caption")
        image = shot.findtext("image") or ""
        assert image.startswith("https://")
        assert (ROOT / "docs" / "screenshots" / image.rsplit("/", 1)[1]).is_file(), image  # the file is in the repo


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils not installed")
def test_desktop_entry_passes_desktop_file_validate():
    done = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "error" not in done.stdout.lower()


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstream not installed")
def test_metainfo_passes_appstreamcli_validate():
    done = subprocess.run(["appstreamcli", "validate", "--no-net", str(METAINFO)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("size", SIZES)
def test_png_icons_have_the_size_in_their_name(size):
    assert png_size(ICONS / f"bcp47-explorer-{size}.png") == (size, size)


def test_svg_icon_is_square_and_titled():
    root = ET.parse(ICONS / "bcp47-explorer.svg").getroot()
    x, y, w, h = (float(v) for v in root.get("viewBox", "").split())
    assert (x, y) == (0, 0) and w == h
    assert root.findtext("{http://www.w3.org/2000/svg}title") == "BCP 47 Explorer"


def test_install_script_installs_and_removes_xdg_files(tmp_path):
    script = PACKAGING / "install-desktop-files.sh"
    done = subprocess.run(
        ["bash", str(script), "--prefix", str(tmp_path), "--exec", "/opt/bcp 47/bcp47-explorer"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    share = tmp_path / "share"
    installed = share / "applications" / f"{APP_ID}.desktop"
    text = installed.read_text(encoding="utf-8")
    assert 'Exec="/opt/bcp 47/bcp47-explorer"' in text.splitlines()
    assert (share / "metainfo" / f"{APP_ID}.metainfo.xml").read_bytes() == METAINFO.read_bytes()
    assert (share / "icons/hicolor/scalable/apps" / f"{APP_ID}.svg").is_file()
    for size in SIZES:
        png = share / f"icons/hicolor/{size}x{size}/apps/{APP_ID}.png"
        assert png_size(png) == (size, size)

    done = subprocess.run(
        ["bash", str(script), "--prefix", str(tmp_path), "--uninstall"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert not installed.exists()
    assert not list(share.rglob(f"{APP_ID}.png"))


def test_install_script_rejects_unknown_arguments(tmp_path):
    done = subprocess.run(
        ["bash", str(PACKAGING / "install-desktop-files.sh"), "--prefix", str(tmp_path), "--bogus"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert "unknown argument '--bogus'" in done.stderr
    assert not (tmp_path / "share").exists()


@pytest.mark.parametrize("script", ["build.sh", "smoke_test.sh", "check_wheel.sh", "install-desktop-files.sh"])
def test_shell_scripts_parse(script):
    done = subprocess.run(["bash", "-n", str(PACKAGING / script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def spec_list(name: str) -> list[str]:
    """Return the string list assigned to *name* in the PyInstaller spec."""
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return list(ast.literal_eval(node.value))
    raise AssertionError(f"{name} not found in the spec")


def qt_modules_imported_by_the_app() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "app").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("PySide6."):
                found.add(node.module.split(".")[1])
            elif isinstance(node, ast.Import):
                found.update(a.name.split(".")[1] for a in node.names if a.name.startswith("PySide6."))
    return found


def test_spec_excludes_no_qt_module_the_app_imports():
    excluded = set(spec_list("QT_UNUSED"))
    used = qt_modules_imported_by_the_app()
    assert {"QtCore", "QtGui", "QtWidgets"} <= used
    assert not used & excluded, f"the spec excludes Qt modules the app imports: {sorted(used & excluded)}"


def test_spec_keeps_the_svg_plugins_the_icon_needs():
    dropped = spec_list("DROP_PLUGINS")
    assert not any("svg" in part for part in dropped)
    assert "platformthemes/libqgtk3" in dropped
