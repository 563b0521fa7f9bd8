"""Pins the batch checker's core: reading lines/CSV/TSV/JSON lines (bad lines kept), rows, summary, and exports
equal to `bcp47 check --json`."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys

from bcp47_explorer.core.batch import lines as batch
from bcp47_explorer.core.data import bundled_engine


def test_lines_are_split_as_check_reads_stdin_and_bad_lines_keep_their_row() -> None:
    huge = "a" * (batch.HUGE_LINE + 5)
    src = batch.read_source(b"en-US\r\n\xff\xfe\n\n" + huge.encode() + b"\nzh-Hant", "lines")
    assert [(s.line, s.tag) for s in src] == [(1, "en-US"), (2, "\udcff\udcfe"), (3, ""), (4, huge), (5, "zh-Hant")]
    assert src[1].note == "not valid UTF-8: undecodable bytes are shown as U+DCxx"
    assert src[3].note == f"a line of {len(huge):,} characters: checked whole, shown cut"
    rows = batch.check_lines(bundled_engine(), src)
    assert [r.line for r in rows] == [1, 2, 3, 4, 5]
    assert rows[1].codes == ("bad-character",) and not rows[1].well_formed and rows[1].errors == 2
    # A blank line is a row of its own kind (issue 24 item 6): no verdict, no code, not a problem; counted apart.
    assert (rows[2].codes, rows[2].note, rows[2].is_blank, rows[2].has_problem) == ((), batch.BLANK, True, False)
    summary = batch.summarize(rows)
    assert (summary.rows, summary.blank, summary.with_problems) == (5, 1, 2)
    assert "empty-tag" not in [code for code, _sev, _n in summary.per_code]
    assert rows[3].codes and not rows[3].well_formed
    assert batch.display_text(rows[1].input) == "\ufffd\ufffd"
    assert batch.display_text(rows[3].input).endswith("…") and len(batch.display_text(rows[3].input)) == 201


def test_the_tag_column_is_guessed_from_its_header_or_its_values() -> None:
    """Issue 24 item 6: not the first column (an id) but the one named or filled like tags."""
    assert batch.guess_column("id,name,Language\n1,x,en\n", "csv") == "Language"
    assert batch.guess_column("row\tlocale_id\n1\tde\n", "tsv") == "locale_id"
    assert batch.guess_column("id,who,what\n1,Ann,en-US\n2,Bo,de-CH\n3,Cy,fr\n", "csv") == "what"
    assert batch.guess_column("id,who\n1,2\n", "csv") == ""  # nothing looks like tags: no guess
    assert batch.guess_column('{"id": 7, "hreflang": "en"}\n', "jsonl") == "hreflang"
    assert batch.guess_column('{"id": "7", "v": "sr-Latn"}\n{"id": "8", "v": "en"}\n', "jsonl") == "v"


def test_csv_tsv_and_json_lines_take_the_chosen_column() -> None:
    text = 'id,tag,comment\n1,de-DE,"a, b"\n2\n3,en_US,x\n4,"unterminated\n'
    src = batch.read_source(text, "csv", "tag")
    assert [(s.line, s.tag) for s in src[:1]] == [(2, "de-DE")]
    assert src[1].tag == "2" and "no column 2 in this row" in src[1].note
    assert src[2].tag == "en_US"
    assert batch.columns_of(text, "csv") == ["id", "tag", "comment"]
    tsv = batch.read_source("de\tx\nfr-CA\ty\n", "tsv", 0, header=False)
    assert [s.tag for s in tsv] == ["de", "fr-CA"]
    jl = batch.read_source('"en"\n{"tag": "sr-Latn", "n": 1}\n{"n": 2}\nnot json\n', "jsonl", "tag")
    assert [s.tag for s in jl] == ["en", "sr-Latn", '{"n": 2}', "not json"]
    assert jl[2].note.startswith("no string under 'tag'") and jl[3].note.startswith("not JSON")


def test_rows_carry_verdicts_canonical_codes_and_counts() -> None:
    rows = batch.check_lines(bundled_engine(), batch.read_source("iw-IL\nen-US-Latn\nsl-rozaj-biske\niw-IL\n"))
    iw, bad, ok, iw2 = rows
    assert (iw.well_formed, iw.valid, iw.canonical, iw.codes, iw.warnings) == (True, True, "he-IL", ("deprecated",), 1)
    assert (bad.well_formed, bad.valid, bad.canonical, bad.codes[0]) == (False, False, None, "script-after-region")
    assert (ok.valid, ok.codes, ok.has_problem) == (True, (), False)
    assert iw2.line == 4 and iw2.codes == iw.codes
    assert batch.first_problem(bundled_engine(), bad).startswith("script-after-region: 'Latn' is a script subtag")
    s = batch.summarize(rows)
    assert (s.rows, s.well_formed, s.valid, s.with_problems) == (4, 3, 3, 3)
    assert s.per_code[0] == ("deprecated", "warning", 2)


def _cli_check_json(data: bytes) -> bytes:
    env = {**os.environ, "LC_ALL": "C.UTF-8"}  # a POSIX locale: standard streams write undecodable bytes back
    argv = [sys.executable, "-m", "bcp47_explorer.cli", "check", "--json", "--plausibility", "-"]  # as the export
    proc = subprocess.run(argv, input=data,
                          capture_output=True, check=False, env=env)  # fmt: skip
    assert proc.returncode in (0, 1), proc.stderr
    return proc.stdout


def test_json_lines_export_equals_check_json_byte_for_byte() -> None:
    data = "\n".join(["en-US", "en_US", "iw-IL", "", "zh-普通话", "de-DE-u-co-phonebk", "x-a", '"q"']).encode()
    data += b"\n\xff-US\n"
    tags = [s.tag for s in batch.read_source(data)]
    out = io.StringIO()
    assert batch.export_json_lines(bundled_engine(), tags, out.write) == len(tags)
    # The batch pane writes the export with surrogateescape: input bytes that were not UTF-8 come back unchanged.
    mine = out.getvalue().encode("utf-8", "surrogateescape")
    assert mine == _cli_check_json(data)


def test_csv_export_has_flat_columns() -> None:
    """Issue 24 item 6: one value per cell (the first problem's code and message, the counts), no JSON arrays."""
    out = io.StringIO()
    batch.export_csv(bundled_engine(), ["en-US", "en_US", "iw-IL-x-a", "es-LA", "ron-RO"], out.write)
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert tuple(rows[0]) == batch.CSV_FIELDS
    assert list(rows[0].values()) == ["en-US", "true", "true", "true", "en-US", "en-US", "", "", "0", "0", "0", "", ""]
    # fix: the repaired column (issue 20); plausibility: CLDR's notes on a valid tag, never a verdict.
    assert (rows[4]["valid"], rows[4]["fix"]) == ("false", "ro-RO")
    assert (rows[3]["valid"], rows[3]["plausibility"]) == (
        "true",
        "Spanish is not among the languages CLDR lists for Lao People's Democratic Republic (LA); Latin America is "
        "419: es-419?",
    )
    first = bundled_engine().check("en_US").diagnostics[0]
    assert [rows[1][k] for k in ("first_code", "first_message", "errors", "fix")] == [
        "underscore-separator", first.message, "1", "en-US"]  # fmt: skip
    assert (rows[2]["first_code"], rows[2]["warnings"]) == ("deprecated", "1")
    assert not any(v.startswith(("[", "{")) for r in rows for v in r.values())


def test_blocks_of_whole_lines_check_as_the_whole_does() -> None:
    """The worker processes get blocks of whole lines; their rows equal those of the whole source."""
    engine = bundled_engine()
    data = "\r\n".join(["id,tag", *(f"{i},{t}" for i, t in enumerate(["en", "de-CH", "", "x", "zh-\u666e"] * 40))])
    raw = ("\ufeff" + data + "\n").encode() + b"9,\xff\n"
    whole = batch.check_lines(engine, batch.read_source(raw, "csv", "tag"))
    body = raw[3:]
    first, start = batch.header_of(body)
    assert first == "id,tag"
    key = batch.columns_of(first, "csv").index("tag")
    parts = list(batch.blocks(body, start, size=64))
    assert len(parts) > 10 and b"".join(b for _n, b in parts) == body[start:]
    rows = [batch.row_from_tuple(t) for n, b in parts for t in batch.check_block(engine, "csv", key, n + 1, b)]
    assert rows == whole
    assert batch.count_lines(body) - 1 == len(rows)


def test_a_json_line_nested_too_deep_is_its_own_row_and_the_rest_are_checked() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    src = batch.read_source(f'"en"\n{deep}\n{{"tag": "fr"}}\n', "jsonl", "tag")
    assert [(s.line, s.tag) for s in src] == [(1, "en"), (2, deep), (3, "fr")]
    assert src[1].note == "JSON nested too deeply to read: the whole line is checked"
    rows = batch.check_lines(bundled_engine(), src)
    assert [(r.line, r.valid) for r in rows] == [(1, True), (2, False), (3, True)]
    assert batch.columns_of(deep + '\n{"tag": "fr"}\n', "jsonl") == []


def test_a_quoted_line_break_in_a_csv_cell_stays_in_its_row_whole_and_in_blocks() -> None:
    """Issue 26 item 5: a quoted cell holding a line break is one cell; the worker's blocks end between records."""
    engine = bundled_engine()
    data = "id,tag\n" + '1,"en\nUS"\n2,fr\n3,"de\r\n""x"""\n4,"a,b"\n' * 30 + '5,"never closed\n6,ja\n'
    src = batch.read_source(data, "csv", "tag")
    assert [(s.line, s.tag, s.note) for s in src[:5]] == [
        (2, "en\nUS", ""),  # numbered by its first line; the next record is on line 4
        (4, "fr", ""),
        (5, 'de\n"x"', ""),  # the CR of a CRLF inside the cell goes, as split_lines drops it
        (7, "a,b", ""),
        (8, "en\nUS", ""),
    ]
    assert len(src) == 4 * 30 + 1 and "US" not in [s.tag for s in src]
    assert (src[-1].line, src[-1].tag) == (2 + 6 * 30, "never closed\n6,ja")  # a quote never closed: read to the end
    whole = batch.check_lines(engine, src)
    assert whole[0].codes[:1] == ("whitespace",) and whole[1].valid
    body = data.encode()
    first, start = batch.header_of(body)
    key = batch.columns_of(first, "csv").index("tag")
    for size in (1, 7, 16, 64):
        parts = list(batch.blocks(body, start, size=size, quoted=True))
        assert b"".join(b for _n, b in parts) == body[start:]
        assert all(b.count(b'"') % 2 == 0 for _n, b in parts[:-1])  # no block ends inside a quoted cell
        rows = [batch.row_from_tuple(t) for n, b in parts for t in batch.check_block(engine, "csv", key, n + 1, b)]
        assert rows == whole
    # Unquoted blocks (one tag per line) are still cut at every line break, quotes or not.
    assert len(list(batch.blocks(b'"a\nb"\n', 0, size=1))) == 2
