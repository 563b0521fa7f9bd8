"""The README's command-line section agrees with the CLI: its verb table names every verb with the options
the parser has, its ``$ bcp47 ...`` examples print exactly what the README shows, and its sentence on
well-formed and valid tags gives the verdicts the engine gives."""

from __future__ import annotations

import argparse
import re
import shlex
from pathlib import Path

import pytest
from bcp47_explorer import cli
from bcp47_explorer.core.data import bundled_engine

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
CLI_SECTION = README.split("## The command line", 1)[1].split("\n## ", 1)[0]


def _leaves(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> dict[str, argparse.ArgumentParser]:
    found: dict[str, argparse.ArgumentParser] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found.update(_leaves(sub, (*path, name)))
    if not found and path:
        found[" ".join(path)] = parser
    return found


def _table_rows() -> dict[str, str]:
    """Return the verb table's first cells, by verb ('registry info'): '`bcp47 check [--jobs N] TAG...`'."""
    rows = {}
    for line in CLI_SECTION.splitlines():
        m = re.match(r"\| `bcp47 ((?:registry )?[a-z]+)([^`]*)` \|", line)
        if m:
            rows[m.group(1)] = m.group(2)
    return rows


def test_verb_table_lists_every_verb_with_its_own_options() -> None:
    rows = _table_rows()
    leaves = _leaves(cli.build_parser())
    assert set(rows) == set(leaves)
    for verb, parser in leaves.items():
        own = {
            opt
            for a in parser._actions
            for opt in a.option_strings
            if opt.startswith("--") and opt not in ("--help", "--json", "--registry", "--strict")
        }
        written = set(re.findall(r"--[a-z]+(?:-[a-z]+)*", rows[verb]))
        assert written == own, verb


def test_readme_says_every_verb_takes_json_and_registry() -> None:
    assert "Every verb takes `--json`" in CLI_SECTION and "`--registry FILE`" in CLI_SECTION
    assert "`--strict` (every verb)" in CLI_SECTION


def _examples() -> list[tuple[str, str]]:
    """Return each ``$ bcp47 ...`` example of the section with the output shown under it."""
    found = []
    for block in re.findall(r"```text\n(.*?)```", CLI_SECTION, flags=re.S):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            found.append((command, output))
    return found


@pytest.mark.parametrize(("command", "output"), _examples(), ids=[command for command, _ in _examples()])
def test_readme_example_prints_what_the_readme_shows(
    command: str, output: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = shlex.split(command)
    assert argv[0] == "bcp47"
    cli.main(argv[1:])
    assert capsys.readouterr().out == output


def test_readme_has_examples() -> None:
    assert len(_examples()) >= 4


def test_readme_verdicts_on_well_formed_and_valid_tags_are_the_engines() -> None:
    text = " ".join(
        README.split("Well-formedness and validity follow", 1)[1].split(" makes a tag ill-formed")[0].split()
    )
    clauses = {
        "valid": text.split(" is valid,")[0],
        "well-formed but not valid": text.split(" is valid,")[1].split(" are well-formed but not valid")[0],
        "not well-formed": text.split(" are well-formed but not valid,")[1].split(" are not well-formed")[0],
    }
    engine = bundled_engine()
    seen = 0
    for verdict, clause in clauses.items():
        tags = re.findall(r"`([^`]+)`", clause)
        assert tags, verdict
        for tag in tags:
            r = engine.check(tag)
            got = "valid" if r.valid else "well-formed but not valid" if r.well_formed else "not well-formed"
            assert got == verdict, tag
            seen += 1
    assert seen == 8
    assert not engine.check("zh-普通话").well_formed and not engine.check("tr-Latı").well_formed
