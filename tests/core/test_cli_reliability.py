"""Issue 26: the CLI on hostile input stays bounded (output size, memory) and says what it refuses.

Pathological inputs run in a child process with a memory cap and a timeout, so a regression fails
the test instead of taking the machine down; no test asserts wall-clock time.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from bcp47_explorer.cli import main
from bcp47_explorer.commands.tag_cmds import fix_text
from bcp47_explorer.core.grammar.problems import Fix

_CAPPED = """\
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
from bcp47_explorer.cli import main
sys.argv[0] = "bcp47"
raise SystemExit(main(sys.argv[1:]))
"""


def _run_capped(
    args: list[str], stdin: bytes = b"", cap_mb: int = 1500, timeout: float = 240
) -> subprocess.CompletedProcess[bytes]:
    """Run ``bcp47 ARGS`` in a child process limited to *cap_mb* of address space and *timeout* seconds."""
    code = _CAPPED.format(cap=cap_mb << 20)
    return subprocess.run(
        [sys.executable, "-c", code, *args], input=stdin, capture_output=True, timeout=timeout, check=False
    )


@pytest.mark.parametrize("verb", ["check", "explain"])
def test_text_output_grows_linearly_with_repeated_u_keys(verb: str) -> None:
    sizes = []
    for n in (10_000, 100_000):
        tag = "en-u" + "-ca-gregory" * (n // 11)
        got = _run_capped([verb, tag])
        assert got.returncode == 0, got.stderr[-2000:]  # valid BCP 47 (the repeats are only ignored)
        assert b"Traceback" not in got.stderr
        assert got.stdout.count(b"[unicode-duplicate-key]") == (n // 11 - 1 if verb == "check" else 0)
        sizes.append(len(got.stdout))
    assert sizes[1] < 15 * sizes[0], sizes  # 10x the input: about 10x the output, never 100x


def test_fix_text_short_tag_is_whole_and_long_one_a_window_around_the_change() -> None:
    assert fix_text("en-latn", Fix("Write it 'Latn'", "en-Latn")) == "    fix: Write it 'Latn' -> en-Latn"
    # A removal is marked where the fixed tag joins up again.
    tag = "en-u-ca-buddhist-ca-islamic" + "".join(f"-nu-n{i:03d}" for i in range(20))
    assert fix_text(tag, Fix("Remove the later 'ca'", tag[:16] + tag[27:])) == (
        "    fix: Remove the later 'ca' -> (the fixed tag, around the change)\n"
        "      en-u-ca-buddhist-nu-n000-nu-n001-nu-n002-nu-n003-nu-n004-n…\n"
        "                       ^"
    )


# ----------------------------------------------------------------------------- item 9: --strict
def _bundled_text() -> str:
    from bcp47_explorer.core.data import resource_path

    return resource_path("language-subtag-registry.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "argv",
    [["check", "en"], ["lookup", "en"], ["search", "english"], ["registry", "info"], ["canon", "en"],
     ["explain", "en"], ["convert", "en"], ["match", "--ranges", "en", "en"], ["likely", "en"], ["name", "en"]],
)  # fmt: skip
def test_strict_refuses_a_cut_registry_on_every_verb(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _bundled_text()
    cut = tmp_path / "cut.txt"
    cut.write_text(text[: text.index("%%\nType: script")], encoding="utf-8")
    assert main([*argv, "--registry", str(cut)]) != 2  # without --strict: warned, used
    assert f"bcp47: warning: {cut}: it has no script records" in capsys.readouterr().err
    assert main([*argv, "--registry", str(cut), "--strict"]) == 2
    got = capsys.readouterr()
    assert got.out == ""
    assert f"bcp47: warning: {cut}: it has no script records" in got.err
    assert got.err.rstrip("\n").splitlines()[-1].startswith(f"bcp47: {cut}: ")
    last = got.err.rstrip("\n")
    assert last.endswith(
        (" warning above, and --strict treats it as an error", " warnings above, and --strict treats them as errors")
    )


def test_strict_refuses_a_miscased_field_name_and_passes_a_clean_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _bundled_text()
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace("File-Date:", "file-date:", 1), encoding="utf-8")
    assert main(["check", "en", "--registry", str(bad), "--strict"]) == 2
    err = capsys.readouterr().err
    assert f"bcp47: warning: {bad}, line 1: field name 'file-date' is miscased" in err
    assert err.endswith(f"bcp47: {bad}: 1 warning above, and --strict treats it as an error\n")
    clean = tmp_path / "clean.txt"
    clean.write_text(text, encoding="utf-8")
    assert main(["check", "en", "--registry", str(clean), "--strict"]) == 0
    assert capsys.readouterr().err == ""


def test_strict_registry_diff_checks_fields_but_accepts_an_older_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = Path(__file__).parent.parent / "data" / "language-subtag-registry-2026-08-08.txt"
    assert main(["registry", "diff", str(old), "--strict"]) in (0, 1)
    capsys.readouterr()
    bad = tmp_path / "bad.txt"
    bad.write_text(old.read_text(encoding="utf-8").replace("File-Date:", "file-date:", 1), encoding="utf-8")
    assert main(["registry", "diff", str(bad), "--strict"]) == 2
    assert capsys.readouterr().err.endswith(f"bcp47: {bad}: 1 warning above, and --strict treats it as an error\n")


def test_strict_is_in_every_verbs_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--strict treat a warning about a registry file as an error: exit status 2 before any output." in out


# ----------------------------------------------------------------------------- item 6: explain --svg
_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u200b\ufeff"


def test_explain_svg_draws_bidi_controls_as_named_badges(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "--svg", "-", "\u202een-US\u200b"]) == 1
    svg = capsys.readouterr().out
    assert not any(c in svg for c in _CONTROLS)  # not in the text, the tooltips nor the attributes
    assert '<text class="title" x="16.0" y="31.0"' in svg
    assert ">⟨RLO⟩en-US⟨ZWSP⟩  —  not well-formed (RFC 5646 §2.1)</text>" in svg
    assert "<title>Anatomy of the language tag ⟨RLO⟩en-US⟨ZWSP⟩</title>" in svg
    assert ' xml:space="preserve">⟨RLO⟩en</text>' in svg
    assert 'data-text="&#x202E;en"' in svg  # the subtag as typed, as a character reference


def test_explain_svg_refuses_a_symlink_and_keeps_its_target(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "target.txt"
    target.write_text("keep", encoding="utf-8")
    link = tmp_path / "diagram.svg"
    link.symlink_to(target)
    assert main(["explain", "--svg", str(link), "en"]) == 2
    assert (
        capsys.readouterr().err == f"bcp47: cannot write {link}: {link} is a symbolic link; refusing to write over it\n"
    )
    assert target.read_text(encoding="utf-8") == "keep" and link.is_symlink()
    fresh = tmp_path / "fresh.svg"
    assert main(["explain", "--svg", str(fresh), "en"]) == 0
    assert fresh.read_text(encoding="utf-8").startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary file left


# ----------------------------------------------------------------------------- item 5: a line that never ends
@pytest.mark.parametrize("argv", [["check", "--json", "-"], ["check", "-"], ["canon", "-"], ["name", "-"]])
def test_a_line_that_never_ends_is_refused_with_its_limit(argv: list[str]) -> None:
    code = _CAPPED.format(cap=1500 << 20)
    with open("/dev/zero", "rb") as zero:
        got = subprocess.run(
            [sys.executable, "-c", code, *argv], stdin=zero, capture_output=True, timeout=240, check=False
        )
    assert got.returncode == 2
    assert got.stdout == b""
    assert got.stderr.decode() == (
        "bcp47: line 1 of standard input is longer than 64 MiB (67,108,864 bytes) without a line break; no language "
        "tag comes near that, so the input is refused (give one tag per line)\n"
    )


def test_the_line_limit_names_the_line_and_keeps_shorter_lines(capsys: pytest.CaptureFixture[str]) -> None:
    import io

    from bcp47_explorer.commands import streams

    data = b"en\r\nfr\n" + b"a" * (streams.MAX_LINE_BYTES + 2) + b"\n"
    with pytest.raises(Exception, match=r"^line 3 of standard input is longer than 64 MiB"):
        list(streams.iter_stdin_lines(io.TextIOWrapper(io.BytesIO(data))))
    with pytest.raises(Exception, match=r"^line 3 of standard input is longer than 64 MiB"):
        streams.read_stdin_bytes(io.BytesIO(data))
    exact = b"en\r\n" + b"a" * streams.MAX_LINE_BYTES + b"\r\n"
    assert [len(x) for x in streams.iter_stdin_lines(io.TextIOWrapper(io.BytesIO(exact)))] == [
        2,
        streams.MAX_LINE_BYTES,
    ]
    assert streams.read_stdin_bytes(io.BytesIO(exact)) == exact


# Issue 26 item 8: a 10 MB line of 5 million subtags is analysed up to MAX_SUBTAGS, then said to be too long.
@pytest.mark.parametrize("as_json", [True, False])
def test_a_10_mb_line_is_bounded_in_memory_and_says_where_analysis_stopped(as_json: bool) -> None:
    import json

    from bcp47_explorer.core.grammar.parser import MAX_SUBTAGS

    line = "a-" * 5_000_000  # once 62 s and 4.4 GB with --json; the cap below would have killed it
    got = _run_capped(["check", "--json", "-"] if as_json else ["check", "-"], (line + "\n").encode(), cap_mb=1500)
    assert b"Traceback" not in got.stderr and b"MemoryError" not in got.stderr, got.stderr[-2000:]
    assert got.returncode == 1  # not a valid tag: the usual status, not a crash
    cut = 2 * MAX_SUBTAGS
    message = (
        f"The input has more than {MAX_SUBTAGS} subtags; only the first {MAX_SUBTAGS} are analysed, and a text "
        f"this long is not taken as a tag ({len(line) - cut} more characters from here are not looked at) "
        "(RFC 5646 §2.1, §4.4.1)."
    )
    if as_json:
        (row,) = [json.loads(x) for x in got.stdout.splitlines()]
        assert row["input"] == line and not row["well_formed"] and not row["valid"]
        assert len(row["subtags"]) == MAX_SUBTAGS and row["subtags"][-1]["start"] == cut - 2
        too_long = [d for d in row["diagnostics"] if d["code"] == "tag-too-long"]
        assert too_long == [
            {
                "code": "tag-too-long",
                "severity": "error",
                "start": cut,
                "end": len(line),
                "message": message,
                "verdict": "valid",
            }
        ]
    else:
        out = got.stdout.decode("utf-8")
        assert out.count("[tag-too-long]") == 1 and message in out
        assert len(out) < 2 * len(line)  # proportional to the input (it is quoted once)
