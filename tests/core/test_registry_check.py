"""Issue 14 item 6: a registry that parses but is cut short or damaged is reported, never used silently.

Pins: field names checked (unknown or miscased names reported with their line, and kept), fields per
Type, what a file lacks against the bundled registry (Types, records, an older File-Date), and the
CLI's warnings on stderr for ``--registry FILE`` on every verb.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from bcp47_explorer.cli import main
from bcp47_explorer.core.data import resource_path
from bcp47_explorer.core.registry.check import inspect, open_checked
from bcp47_explorer.core.registry.model import Registry, RegistryError

BUNDLED_TEXT = resource_path("language-subtag-registry.txt").read_text(encoding="utf-8")
DATA = Path(__file__).parent.parent / "data"


def _line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def test_the_bundled_registry_is_clean(registry: Registry) -> None:
    report = inspect(registry, BUNDLED_TEXT, registry)
    assert report.is_clean, report.describe()


def test_a_file_cut_at_a_record_boundary_lacks_whole_types(registry: Registry) -> None:
    cut = BUNDLED_TEXT[: BUNDLED_TEXT.index("%%\nType: script")]
    other = Registry.from_text(cut, "cut.txt")  # it parses: that is the danger
    report = inspect(other, cut, registry)
    text = report.describe()
    for t in ("script", "region", "variant", "grandfathered", "redundant"):
        assert f"cut.txt: it has no {t} records" in text
    assert "it has no language records" not in text
    assert f"it lacks {len(registry) - len(other):,} of the bundled registry's {len(registry):,} records" in text
    assert f"its last record starts on line {other.records[-1].line:,}" in text
    assert not report.is_clean


def test_a_record_cut_after_its_subtag_is_an_error_with_its_line() -> None:
    cut = BUNDLED_TEXT[: BUNDLED_TEXT.index("Subtag: iw\n") + len("Subtag: iw\n")]
    with pytest.raises(RegistryError) as err:
        Registry.from_text(cut, "cut.txt")
    assert "'iw' has no 'Description'" in str(err.value)
    assert err.value.line == _line_of(cut, "Type: language\nSubtag: iw")


def test_a_miscased_field_name_is_reported_with_its_line_and_kept(registry: Registry) -> None:
    start = BUNDLED_TEXT.index("Subtag: iw\n")
    at = BUNDLED_TEXT.index("Deprecated:", start)
    damaged = BUNDLED_TEXT[:at] + "DeprecatEd:" + BUNDLED_TEXT[at + len("Deprecated:") :]
    other = Registry.from_text(damaged, "flip.txt")
    iw = other.get("language", "iw")
    assert iw is not None and ("DeprecatEd", "1989-01-01") in iw.fields  # kept as written
    report = inspect(other, damaged, registry)
    line = _line_of(damaged, "DeprecatEd:")
    assert report.findings[0].line == line
    assert report.lines()[0].startswith(f"flip.txt, line {line}: field name 'DeprecatEd' is miscased")
    assert "not seen as deprecated" in report.lines()[0]


def test_unknown_fields_and_fields_the_type_does_not_take_are_reported(registry: Registry) -> None:
    text = BUNDLED_TEXT.replace("Subtag: MT\nDescription: Malta\n", "Subtag: MT\nDescription: Malta\nColour: red\n", 1)
    text = text.replace("Subtag: Latn\nDescription: Latin\n", "Subtag: Latn\nDescription: Latin\nPrefix: en\n", 1)
    report = inspect(Registry.from_text(text, "x.txt"), text, registry)
    lines = report.lines()
    assert f"x.txt, line {_line_of(text, 'Colour: red')}: unknown field name 'Colour' in region 'MT'" in lines[
        0
    ] or any(
        line.startswith(f"x.txt, line {_line_of(text, 'Colour: red')}: unknown field name 'Colour'") for line in lines
    )
    assert any(
        line.startswith(f"x.txt, line {_line_of(text, 'Prefix: en')}: script 'Latn' has a 'Prefix' field")
        for line in lines
    )


def test_an_extlang_without_its_preferred_value_is_reported(registry: Registry) -> None:
    start = BUNDLED_TEXT.index("Type: extlang\nSubtag: aao\n")
    end = BUNDLED_TEXT.index("%%", start)
    record = BUNDLED_TEXT[start:end]
    damaged = BUNDLED_TEXT[:start] + record.replace("Preferred-Value: aao\n", "") + BUNDLED_TEXT[end:]
    report = inspect(Registry.from_text(damaged, "x.txt"), damaged, registry)
    assert any("extlang 'aao' has no 'Preferred-Value'" in line for line in report.lines())


def test_an_older_real_registry_says_what_it_lacks(registry: Registry) -> None:
    other, report = open_checked(DATA / "language-subtag-registry-2021-08-06.txt", registry)
    assert other.file_date == "2021-08-06"
    assert any(f"line 1: File-Date 2021-08-06 is older than the bundled registry's {registry.file_date}" in line
               for line in report.lines())  # fmt: skip
    assert any("lacks 124 of the bundled registry's" in line and "language 'ajs'" in line for line in report.lines())


def test_the_cli_warns_on_stderr_for_every_verb(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cut = tmp_path / "cut.txt"
    cut.write_text(BUNDLED_TEXT[: BUNDLED_TEXT.index("%%\nType: script")], encoding="utf-8")
    for argv in (["check", "en"], ["lookup", "en"], ["search", "english"], ["registry", "info"],
                 ["canon", "en"], ["explain", "en"], ["convert", "en"], ["match", "--ranges", "en", "en"]):  # fmt: skip
        main([*argv, "--registry", str(cut)])
        err = capsys.readouterr().err
        assert f"bcp47: warning: {cut}: it has no script records" in err, argv


def test_the_cli_says_nothing_for_a_clean_copy(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / "copy.txt"
    copy.write_text(BUNDLED_TEXT, encoding="utf-8")
    assert main(["check", "en", "--registry", str(copy)]) == 0
    assert "warning" not in capsys.readouterr().err


def test_a_miscased_file_date_is_reported_on_line_1(registry: Registry) -> None:
    text = BUNDLED_TEXT.replace("File-Date:", "file-date:", 1)
    report = inspect(Registry.from_text(text, "x.txt"), text, registry)
    assert (
        report.lines()[0] == "x.txt, line 1: field name 'file-date' is miscased; RFC 5646 §3.1.1 spells it 'File-Date'"
    )


def test_a_miscased_optional_field_name_is_always_found_at_its_line(registry: Registry) -> None:
    import random

    rng = random.Random(12)
    lines = BUNDLED_TEXT.split("\n")
    optional = (
        "Deprecated:",
        "Preferred-Value:",
        "Prefix:",
        "Comments:",
        "Scope:",
        "Macrolanguage:",
        "Suppress-Script:",
    )
    candidates = [i for i, line in enumerate(lines) if line.startswith(optional)]
    for index in rng.sample(candidates, 20):
        name, _, rest = lines[index].partition(":")
        pos = rng.randrange(len(name))
        flipped = name[:pos] + name[pos].swapcase() + name[pos + 1 :]
        if flipped == name:  # a '-': swap case of the first letter instead
            flipped = name[0].swapcase() + name[1:]
        damaged = "\n".join([*lines[:index], f"{flipped}:{rest}", *lines[index + 1 :]])
        try:
            other = Registry.from_text(damaged, "flip.txt")  # it loads: that is the danger
        except RegistryError as exc:  # an extlang's one Prefix: the parser refuses the record itself
            assert "must have exactly one Prefix" in exc.message
            continue
        found = [f for f in inspect(other, damaged, registry).findings if f.line == index + 1]
        assert found and f"{flipped!r} is miscased" in found[0].message, (index, flipped)


# Issue 26 item 3: ranges outside private use and over-long fields are reported with their lines.
NEWER = BUNDLED_TEXT.replace("File-Date: 2026-09-17", "File-Date: 2027-01-15", 1)


def _with_record(record: str) -> str:
    return NEWER + "%%\n" + record


def _report_lines(text: str, registry: Registry) -> list[str]:
    report = inspect(Registry.from_text(text, "forged.txt"), text, registry)
    assert not report.is_clean  # the GUI asks before using it, the CLI warns (and fails with --strict)
    return report.lines()


def test_a_range_outside_private_use_is_reported_with_its_line(registry: Registry) -> None:
    text = _with_record("Type: language\nSubtag: aaaaaaaa..zzzzzzzz\nDescription: Everything\nAdded: 2027-01-15\n")
    assert _report_lines(text, registry) == [
        f"forged.txt, line {_line_of(text, 'Subtag: aaaaaaaa..zzzzzzzz')}: language range 'aaaaaaaa..zzzzzzzz' is "
        "not one of RFC 5646's private-use ranges (qaa..qtz, Qaaa..Qabx, QM..QZ, XA..XZ): using this file would "
        "make all 208827064576 codes in it valid"
    ]


@pytest.mark.parametrize(
    ("record", "what"),
    [
        (
            "Type: script\nSubtag: Qaaa..Qazz\nDescription: Private use\nAdded: 2027-01-15\n",
            "script range 'Qaaa..Qazz'",
        ),
        ("Type: region\nSubtag: AA..AZ\nDescription: Private use\nAdded: 2027-01-15\n", "region range 'AA..AZ'"),
        (
            "Type: language\nSubtag: qaa..qzz\nDescription: Private use\nAdded: 2027-01-15\nScope: private-use\n",
            "language range 'qaa..qzz'",
        ),
    ],
)
def test_a_range_that_is_not_exactly_a_private_use_one_is_reported(registry: Registry, record: str, what: str) -> None:
    text = _with_record(record)
    (line,) = _report_lines(text, registry)
    subtag = record.split("\n")[1]
    assert line.startswith(f"forged.txt, line {_line_of(text, subtag + chr(10) + 'Description: Private use')}: {what}")
    assert "is not one of RFC 5646's private-use ranges" in line


def test_the_language_range_without_scope_private_use_is_reported(registry: Registry) -> None:
    start = NEWER.index("Subtag: qaa..qtz\n")
    scope = NEWER.index("Scope: private-use\n", start)
    text = NEWER[:scope] + NEWER[scope + len("Scope: private-use\n") :]
    assert _report_lines(text, registry) == [
        f"forged.txt, line {_line_of(text, 'Subtag: qaa..qtz')}: language range 'qaa..qtz' has no "
        "'Scope: private-use' (RFC 5646 §3.1.7)"
    ]


def test_an_over_long_field_is_reported_with_its_line(registry: Registry) -> None:
    long = "x" * 1_500_000  # the longest real Description is about 100 characters
    text = _with_record(f"Type: variant\nSubtag: zzvarnt\nDescription: {long}\nAdded: 2027-01-15\nPrefix: de\n")
    assert _report_lines(text, registry) == [
        f"forged.txt, line {_line_of(text, 'Description: xxx')}: the 'Description' field of variant 'zzvarnt' holds "
        "1500000 characters, more than the 1000 this check allows for it (a damaged or forged file?)"
    ]
    folded = "\n  ".join(["word"] * 300)  # a folded Prefix over its limit of 200 is caught after unfolding
    text = _with_record(f"Type: variant\nSubtag: zzvarnt\nDescription: New\nAdded: 2027-01-15\nPrefix: {folded}\n")
    (line,) = _report_lines(text, registry)
    assert line.startswith(
        f"forged.txt, line {_line_of(text, 'Prefix: word')}: the 'Prefix' field of variant 'zzvarnt'"
    )
    assert "more than the 200 this check allows" in line
