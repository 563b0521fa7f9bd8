"""An engine uses exactly the data it is handed: built from a registry file and a CLDR set of its own, with
the bundled data made unreachable, it checks, canonicalizes, converts, maximizes and matches on what it
was given (issue 18: no algorithm reaches for ``bundled_*()``)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OLD_REGISTRY = ROOT / "tests" / "data" / "language-subtag-registry-2021-08-06.txt"

SCRIPT = r"""
import json, sys
from pathlib import Path
from bcp47_explorer.core import data
from bcp47_explorer.core.build.localeinfo import likely_info, matcher_for
from bcp47_explorer.core.engine.tag import TagEngine
from bcp47_explorer.core.registry.model import Registry

calls = []
for name in [n for n in dir(data) if n.startswith("bundled_")]:
    def refuse(name=name):
        calls.append(name)
        raise AssertionError(f"{name}() was called")
    setattr(data, name, refuse)

folder = Path(sys.argv[1])
registry = Registry.from_text((folder / "registry.txt").read_text(encoding="utf-8"), source="own")
cldr = data.load_cldr(folder / "cldr.json")
loaded = []
def supplemental():
    loaded.append(1)
    return data.load_supplemental(folder / "supplemental.json")
engine = TagEngine(registry, cldr, None, supplemental)
out = {
    "file_date": engine.registry.file_date,
    "ajs_valid": engine.check("ajs").valid,          # added 2022-02-25: not in the 2021 file
    "de_valid": engine.check("de-DE").valid,
    "canonical": engine.canonicalize("iw-Latn-IL").tag,
    "unicode": engine.to_unicode_locale("sh-SU")[0],  # SU has several replacements: likely subtags decide
    "max": likely_info(engine, "und-Cyrl").max,
    "best": matcher_for(engine).best_fit(["de-AT"], ["fr", "de"]).supported,
    "supplemental_loads": len(loaded),
    "bundled_calls": calls,
}
print(json.dumps(out))
"""


def test_an_engine_built_on_its_own_files_reads_nothing_bundled(tmp_path: Path) -> None:
    from bcp47_explorer.core import data

    shutil.copy(OLD_REGISTRY, tmp_path / "registry.txt")
    shutil.copy(data.resource_path(data.CLDR_FILE), tmp_path / "cldr.json")
    shutil.copy(data.resource_path(data.SUPPLEMENTAL_FILE), tmp_path / "supplemental.json")
    env = dict(os.environ, BCP47_EXPLORER_DATA=str(tmp_path / "no-such-folder"), BCP47_EXPLORER_CACHE="off")
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path)], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["file_date"] == "2021-08-06"
    assert out["ajs_valid"] is False and out["de_valid"] is True
    assert out["canonical"] == "he-Latn-IL"
    assert out["unicode"] == "sr-Latn-RU"
    assert out["max"] == "ru-Cyrl-RU"
    assert out["best"] == "de"
    assert out["supplemental_loads"] == 1  # the loader it was handed, called once
    assert out["bundled_calls"] == []
