"""Pins the cheaper ways ``bcp47 check --json`` takes (issue 22, the whole process): each gives the same answer as
the plain way it stands in for, over the benchmark corpora and hand-picked hard cases.

- ``fix``'s repair: :meth:`.build.repair.Repairer.repair_tag` gives ``repair(text).tag`` without the notes and
  alternatives, and CLDR's likely subtags are loaded only when a repair asks them.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from bcp47_explorer.core.build.choices import Likely
from bcp47_explorer.core.build.repair import Repairer
from bcp47_explorer.core.data import bundled_engine, bundled_registry, bundled_supplemental
from bcp47_explorer.core.engine.tag import TagEngine

from benchmarks.corpus import build, build_advice

HARD = [
    "",
    " ",
    "  en",
    "en ",
    "en-",
    "-en",
    "-",
    "--",
    "en--US",
    "en_US",
    "EN_us",
    "de_DE.UTF-8",
    "de-DE@euro",
    "zh_Hant_TW",
    "sr_RS@latin",
    "values-b+sr+Latn",
    "es-ES_tradnl",
    "ja_JP_JP",
    "C",
    "POSIX",
    "i-klingon",
    "art-lojban",
    "zh-min-nan",
    "x-foo",
    "qaa",
    "en-u-ca-gregory-u-nu-latn",
    "de-t-en",
    "en-a-bbb-a-ccc",
    "en-x",
    "zh-cmn",
    "sh",
    "iw",
    "mo",
    "aaa-bbb-ccc-ddd",
    "a" * 9,
    "x" * 300,
    "é",
    "en-É",
    "ｅｎ",
    "en\tUS",
    "en US",
    "en-\u212a",
    "de-1996-1996",
    "en-US-u",
    "und-Zzzz-ZZ",
    "ak-",
    "-ak",
    " am",
    "am ",
    "EN-us",
    "ko-KO",
    "uk-UK",
    "jp",
    "cn",
    "gr",
    "sp",
    "ger",
    "ron-RO",
    "rus_Cyrl",
    "eng-GBR",
    "de-276",
    "en-UK",
    "en-EL",
    "de-\udcff",
    "zh-\x00",
    "en\r",
    "Deutsch",
    "Brazilian Portuguese",
    "nko-12",
    "-bzn-EA",
    "cdo_Cyrs_LY",
    "it-$$",
]


def _inputs() -> list[str]:
    rnd = random.Random(31)
    tags = build(4000, seed=31) + build_advice(1500, seed=31) + HARD
    # the slips of a column: stray spaces, '_' for '-', a hyphen before or after, changed case
    slips = [
        rnd.choice((f" {t}", f"{t} ", t.replace("-", "_"), f"-{t}", f"{t}-", t.upper(), t.lower()))
        for t in rnd.sample(tags, 1500)
    ]
    return tags + slips


@pytest.fixture(scope="module")
def engine() -> TagEngine:
    return bundled_engine()


def test_repair_tag_gives_the_tag_of_the_whole_repair(engine: TagEngine) -> None:
    whole = Repairer(engine, Likely(bundled_supplemental(), bundled_registry()))
    asked: list[int] = []

    def load():  # type: ignore[no-untyped-def]
        asked.append(1)
        return bundled_supplemental()

    quick = Repairer(engine, Likely.on_first_use(load, bundled_registry()))
    inputs = _inputs()
    got = [quick.repair_tag(t) for t in inputs]
    want = [whole.repair(t).tag for t in inputs]
    assert got == want
    assert sum(g is not None for g in got) > 1000 and sum(g is None for g in got) > 50
    assert asked == [1]  # loaded once, when a repair first asked (ko-KO: the language's likely region)


def test_likely_subtags_are_loaded_only_when_a_repair_asks(engine: TagEngine) -> None:
    asked: list[int] = []

    def load():  # type: ignore[no-untyped-def]
        asked.append(1)
        return bundled_supplemental()

    quick = Repairer(engine, Likely.on_first_use(load, bundled_registry()))
    fixes = [quick.repair_tag(t) for t in ("en_US", " am", "-ak", "ak-", "de_DE.UTF-8", "en--US", "sr_RS@latin")]
    assert fixes == ["en-US", "am", "ak", "ak", "de-DE", "en-US", "sr-Latn-RS"]
    assert asked == []
    assert quick.repair_tag("ko-KO") == "ko-KR"
    assert asked == [1]


def test_a_repair_that_needs_missing_likely_subtags_gives_no_tag(engine: TagEngine) -> None:
    quick = Repairer(engine, Likely.on_first_use(lambda: None, bundled_registry()))
    assert quick.repair_tag("ko-KO") is None  # the likely region is unknown: no fix rather than a guess
    assert quick.repair_tag("en_US") == "en-US"  # needs no likely subtags


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "--json", "-"],
        ["check", "--json", "--jobs", "1", "-"],
        ["check", "--json", "--jobs", "2", "-"],
        ["check", "--json", "--jobs", "16", "-"],
        ["check", "--json", "--jobs", "1000", "-"],
    ],
)
def test_the_quick_command_line_gives_the_parsers_namespace(argv: list[str]) -> None:
    from bcp47_explorer import cli

    quick = cli._quick_args(argv)
    assert quick is not None
    assert vars(quick) == vars(cli.build_parser("check").parse_args(argv))
    assert vars(quick) == vars(cli.build_parser().parse_args(argv))


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "--json", "--jobs", "0", "-"],  # the parser's error
        ["check", "--json", "--jobs", "01", "-"],
        ["check", "--json", "--jobs", "١", "-"],
        ["check", "--json", "--jobs", "x", "-"],
        ["check", "--json", "en", "-"],
        ["check", "-", "--json"],
        ["check", "--json", "--plausibility", "-"],
        ["check", "--json"],
        ["canon", "--json", "-"],
        ["check", "--jobs", "1", "--json", "-"],
    ],
)
def test_other_command_lines_go_to_the_parser(argv: list[str]) -> None:
    from bcp47_explorer import cli

    assert cli._quick_args(argv) is None


def test_utf8_line_gives_the_encoders_bytes(engine: TagEngine) -> None:
    from bcp47_explorer.commands.live import utf8_line
    from bcp47_explorer.core.engine.checkjson import check_json_lines, clean_json_text

    lines = [line + "\n" for line, _ in check_json_lines(engine, _inputs())]
    lines += ["", "§", "§§x", "é§", "\xa7\xe9", "€ §", "\x7f§\x80", "de-\udcff §", "\udcff", "日本§", "\U0001f600§"]
    assert sum(not line.isascii() for line in lines) > 1000
    for line in lines:
        assert utf8_line(line) == clean_json_text(line).encode("utf-8"), line


def test_quoted_messages_are_the_encoders_and_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from bcp47_explorer.core.engine import checkjson

    monkeypatch.setattr(checkjson, "QUOTED_MAX", 3)
    monkeypatch.setattr(checkjson, "_QUOTED_MESSAGES", {})
    engine = bundled_engine()
    tags = ["iw", "in-ID", "zh-cmn", "EN-us", "sgn-BE-FR", "iw", "de-Latn-DE", "en-GB-oed", "iw"]
    want = [json.dumps(d.message, ensure_ascii=False) for t in tags for d in engine.check(t).diagnostics]
    got_lines = "".join(line for line, _ in checkjson.check_json_lines(engine, tags))
    assert all(w in got_lines for w in want) and len(want) > 8
    assert 0 < len(checkjson._QUOTED_MESSAGES) <= 3


def test_the_last_ill_formed_analysis_is_asked_once_and_forgotten_on_a_change_of_language() -> None:
    from bcp47_explorer.core.data import engine_for
    from bcp47_explorer.core.text.catalogue import set_language

    engine = engine_for(bundled_registry())
    fresh = engine_for(bundled_registry())
    for text in ("en_US", "-ak", " am", "de-GH-u-nu-hmnp-ı", "nko-12", "en--US", "x" * 300):
        a = engine.full_analysis(text)
        again = engine.analyze(text)
        assert (again is a) == (len(text) <= 256)  # the repair's first step reuses it (long input: not kept)
        plain = fresh.analyze(text)
        assert [(d.code, d.start, d.end, d.message, d.fix) for d in again.diagnostics] == [
            (d.code, d.start, d.end, d.message, d.fix) for d in plain.diagnostics
        ]
        assert engine.analyze(text + "-x") is not a
    a = engine.full_analysis("en_US")
    try:
        set_language("de")  # the analysis kept is worded: a change of language forgets it
        assert engine.analyze("en_US") is not a
    finally:
        set_language("en")
    a = engine.analyze("en_US")
    b = engine.full_analysis("en_US")
    assert b is not a  # kept afresh
    engine.full_analysis("en-US")  # a well-formed text replaces nothing
    assert engine.analyze("en_US") is b


def test_json_string_is_what_json_dumps_writes() -> None:
    """``grammar.quoting.json_string`` (json's C string encoder, imported without the json package) writes a text
    as ``json.dumps(text, ensure_ascii=False)`` does: quotes, backslashes, controls, non-ASCII, lone surrogates."""
    import json

    from bcp47_explorer.core.grammar.quoting import json_string

    texts = ["", "en-US", 'a"b', "a\\b", "\n\r\t\b\f", "\x00\x1f\x7f", "§ é 日本 \U0001f600", "\u2028\u2029", "\udcff"]
    texts += [chr(c) for c in range(0, 0x250)] + ["x" * 5000]
    assert [json_string(t) for t in texts] == [json.dumps(t, ensure_ascii=False) for t in texts]


def test_would_wait_tells_a_file_from_an_empty_pipe(tmp_path: Path) -> None:
    """A regular file never waits (no select is asked); an empty pipe would, until a line is written to it."""
    import os

    from bcp47_explorer.commands.live import would_wait

    path = tmp_path / "tags.txt"
    path.write_text("")  # even at its end, a file's read returns at once
    fd = os.open(path, os.O_RDONLY)
    read_end, write_end = os.pipe()
    try:
        assert would_wait(fd) is False
        assert would_wait(read_end) is True
        os.write(write_end, b"en\n")
        assert would_wait(read_end) is False
    finally:
        for f in (fd, read_end, write_end):
            os.close(f)
