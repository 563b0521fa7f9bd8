"""Record-jar parsing of registry files: folding, escapes, unknown fields, and damaged input with line numbers."""

from __future__ import annotations

import pytest
from bcp47_explorer.core import data
from bcp47_explorer.core.registry.extensions import ExtensionsRegistry
from bcp47_explorer.core.registry.model import Registry
from bcp47_explorer.core.registry.recordjar import RecordJarError, _parse_lines, parse_record_jar

HEADER = "File-Date: 2026-01-01\n%%\n"
GOOD = HEADER + "Type: language\nSubtag: aa\nDescription: Afar\nAdded: 2005-10-16\n"


def _error(text: str) -> RecordJarError:
    with pytest.raises(RecordJarError) as info:
        Registry.from_text(text, source="test.txt")
    return info.value


def test_folded_lines_join_with_one_space_and_escapes_decode() -> None:
    reg = Registry.from_text(
        HEADER + "Type: language\nSubtag: aa\nDescription: Af&#xE4;r\nAdded: 2005-10-16\n"
        "Comments: one\n   two\n\tthree\n"
    )
    rec = reg.get("language", "aa")
    assert rec is not None
    assert rec.descriptions == ("Afär",)
    assert rec.comments == ("one two three",)


def test_unknown_fields_are_kept_in_order() -> None:
    reg = Registry.from_text(GOOD + "X-Reviewer: someone\nFuture-Field: value\n")
    rec = reg.get("language", "aa")
    assert rec is not None
    assert rec.extra_fields() == (("X-Reviewer", "someone"), ("Future-Field", "value"))
    assert [k for k, _ in rec.fields][-2:] == ["X-Reviewer", "Future-Field"]


def test_fast_and_line_parsers_agree_on_the_bundled_file() -> None:
    text = data.read_text(data.resource_path(data.REGISTRY_FILE))
    assert parse_record_jar(text) == _parse_lines(text, "<registry>")


def test_crlf_files_parse_the_same() -> None:
    assert Registry.from_text(GOOD.replace("\n", "\r\n")).records == Registry.from_text(GOOD).records


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("", 1, "empty"),
        ("   \n\n", 1, "empty"),
        (GOOD + "Comments this has no colon\n", 7, "expected 'Field-Name: value'"),
        (HEADER + "Subtag: aa\nDescription: Afar\nAdded: 2005-10-16\n", 3, "no 'Type'"),
        (HEADER + "Type: language\nSubtag: aa\nDescription: Afar\nAdd", 6, "ends in the middle of a line"),
        (HEADER + "Type: language\nSubtag: aa\n", 3, "no 'Description'"),
        (GOOD + "%%\n", 7, "no record after it"),
        (GOOD + "%%\nType: language\nSubtag: ab\nDescr\x00\x01\x02\n", 10, "control character U+0000"),
        (HEADER + "Type: language\nSubtag: a1\nDescription: x\nAdded: 2005-10-16\n", 4, "not a valid language"),
        (HEADER + "Type: dialect\nSubtag: aa\nDescription: x\nAdded: 2005-10-16\n", 3, "unknown Type 'dialect'"),
        (HEADER + "Type: language\nSubtag: aa\nDescription: x\nAdded: yesterday\n", 6, "not a date"),
        (GOOD + "%%\n" + GOOD[len(HEADER) :], 8, "registered twice"),
        ("Type: language\n%%\n" + GOOD[len(HEADER) :], 1, "File-Date"),
        (HEADER + "  folded first\nType: language\n", 3, "continuation line"),
        (HEADER + "Type: extlang\nSubtag: yue\nDescription: x\nAdded: 2009-07-29\n", 3, "exactly one Prefix"),
        (GOOD + "Type: region\n", 3, "more than once"),
    ],
)
def test_damaged_input_is_rejected_with_a_line_number(text: str, line: int, words: str) -> None:
    err = _error(text)
    assert err.line == line, str(err)
    assert words in err.message
    assert str(err).startswith(f"test.txt, line {line}: ")


def test_a_truncated_copy_of_the_real_registry_is_rejected() -> None:
    text = data.read_text(data.resource_path(data.REGISTRY_FILE))
    cut = text[: len(text) // 2]
    err = _error(cut)
    assert err.line == cut.count("\n") + 1
    # Cut just after a field line: the record lacks its Added date or Description.
    cut_at_line = text[: text.index("\nAdded:", len(text) // 3) + 1]
    err = _error(cut_at_line)
    assert "truncated record" in err.message


def test_binary_junk_is_rejected(tmp_path) -> None:
    junk = tmp_path / "junk.bin"
    junk.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(data.DataError, match="not UTF-8"):
        data.load_registry(junk)
    nul = tmp_path / "nul.txt"
    nul.write_bytes(b"File-Date: 2026-01-01\n%%\nType: lang\x00uage\n")
    with pytest.raises(RecordJarError, match="line 3: control character"):
        data.load_registry(nul)


def test_missing_and_unreadable_files_give_clear_errors(tmp_path) -> None:
    with pytest.raises(data.DataError, match="no such file"):
        data.load_registry(tmp_path / "absent.txt")
    with pytest.raises(data.DataError, match="is a folder"):
        data.load_registry(tmp_path)


def test_nothing_half_loaded_is_used() -> None:
    # A failed load raises; there is no partially filled registry object to use afterwards.
    with pytest.raises(RecordJarError):
        Registry.from_text(GOOD + "%%\nType: language\nSubtag: ab\n")


def test_the_bundled_extensions_registry_has_t_and_u() -> None:
    ext = data.load_extensions_registry()
    assert {r.identifier for r in ext} == {"t", "u"}
    u = ext.get("U")
    assert u is not None and u.rfc is not None and "6067" in u.rfc
    t = ext.get("t")
    assert t is not None and t.rfc is not None and "6497" in t.rfc
    assert all(r.added and r.authority and r.url for r in ext)


def test_extensions_registry_rejects_a_bad_identifier() -> None:
    with pytest.raises(RecordJarError, match="Identifier"):
        ExtensionsRegistry.from_text("File-Date: 2026-01-01\n%%\nIdentifier: xx\nDescription: y\n")
