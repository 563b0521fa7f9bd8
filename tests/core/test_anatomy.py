"""Pins the tag anatomy (parts, productions, stop point), its SVG, `bcp47 explain --svg`, the walk-through, the
primer."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from bcp47_explorer.cli import EXIT_NO_MATCH, EXIT_OK, EXIT_USAGE, main
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine.tag import Role
from bcp47_explorer.core.grammar.abnf import ABNF_LINES, ROLE_RULE, RULES
from bcp47_explorer.core.teaching.anatomy import EXPECTED_AFTER, ROLE_LABELS, anatomy
from bcp47_explorer.core.teaching.anatomy_draw import ROLE_COLOURS, layout, to_svg
from bcp47_explorer.core.teaching.examples import EXAMPLES, Category
from bcp47_explorer.core.teaching.primer import SECTIONS, all_primer_tags
from bcp47_explorer.core.teaching.walkthrough import walkthrough

SVG = "{http://www.w3.org/2000/svg}"


def tree(tag: str) -> list[tuple[int, str, str, str]]:
    """Return (depth, label, rule, text) of every part, depth first."""
    out: list[tuple[int, str, str, str]] = []

    def walk(p, d):  # type: ignore[no-untyped-def]
        out.append((d, p.label, p.rule, p.text))
        for c in p.children:
            walk(c, d + 1)

    walk(anatomy(bundled_engine().check(tag)).root, 0)
    return out


def test_anatomy_of_sr_latn_rs_u_nu_latn_x_foo() -> None:
    assert tree("sr-Latn-RS-u-nu-latn-x-foo") == [
        (0, "Language-Tag: langtag", "langtag", "sr-Latn-RS-u-nu-latn-x-foo"),
        (1, "language", "language", "sr"),
        (1, "script", "script", "Latn"),
        (1, "region", "region", "RS"),
        (1, "-u- extension", "u-extension", "u-nu-latn"),
        (2, "singleton", "singleton", "u"),
        (2, "keyword", "keyword", "nu-latn"),
        (3, "key", "key", "nu"),
        (3, "type", "type", "latn"),
        (1, "private use", "privateuse", "x-foo"),
        (2, "singleton", "singleton", "x"),
        (2, "private use", "privateuse", "foo"),
    ]


def test_anatomy_of_en_t_ar_m0_ungegn() -> None:
    assert tree("en-t-ar-m0-ungegn") == [
        (0, "Language-Tag: langtag", "langtag", "en-t-ar-m0-ungegn"),
        (1, "language", "language", "en"),
        (1, "-t- extension", "t-extension", "t-ar-m0-ungegn"),
        (2, "singleton", "singleton", "t"),
        (2, "source tag", "tlang", "ar"),
        (3, "source language", "language", "ar"),
        (2, "field", "tfield", "m0-ungegn"),
        (3, "field key", "tkey", "m0"),
        (3, "field value", "tvalue", "ungegn"),
    ]


def test_each_part_carries_its_production_and_the_branch_it_matched() -> None:
    a = anatomy(bundled_engine().check("es-419-u-ca-gregory"))
    parts = {p.text: p for p in a.root.walk()}
    assert parts["419"].production == "region = 2ALPHA / 3DIGIT"
    assert parts["419"].matched == "3DIGIT"
    assert parts["es"].matched == "2*3ALPHA"
    assert parts["ca-gregory"].production == 'keyword = key *("-" type)'
    assert parts["u-ca-gregory"].production.startswith('u-extension = "u"')
    assert a.stop is None


def test_grandfathered_and_private_use_tags_are_one_unit() -> None:
    assert tree("i-klingon") == [(0, "Language-Tag: grandfathered", "grandfathered", "i-klingon")]
    assert anatomy(bundled_engine().check("i-klingon")).root.matched == "irregular"
    assert [t[1] for t in tree("x-whatever")] == ["Language-Tag: privateuse", "singleton", "private use"]


@pytest.mark.parametrize(
    ("tag", "start", "after", "code"),
    [
        ("en-US-Latn", 6, "region", "script-after-region"),
        ("en--US", 2, "language", "empty-subtag"),
        ("en-US-", 5, "region", "empty-subtag"),
        ("en_US", 2, "language", "underscore-separator"),
        ("en-a-", 3, "language", None),
        ("i-klingon-x-a", 9, "grandfathered", "grandfathered-extended"),
        ("1234", 0, "", None),
    ],
)
def test_ill_formed_tag_shows_where_the_grammar_stopped(tag: str, start: int, after: str, code: str | None) -> None:
    r = bundled_engine().check(tag)
    a = anatomy(r)
    assert a.stop is not None
    first_error = min((d for d in r.errors), key=lambda d: (d.start, d.end))
    assert (a.stop.start, a.stop.code) == (first_error.start, first_error.code)
    assert a.stop.start == start
    assert a.stop.after == after
    assert a.stop.expected == EXPECTED_AFTER[after]
    if code is not None:
        assert a.stop.code == code


def test_expectation_after_a_region_is_worded_for_teaching() -> None:
    stop = anatomy(bundled_engine().check("en-US-Latn")).stop
    assert stop is not None and stop.expected == "a variant, a singleton or the end"
    lay = layout(anatomy(bundled_engine().check("en-US-Latn")))
    texts = [t.text for t in lay.labels if t.kind == "stop"]
    assert "The grammar stopped at position 6 (after a region)." in texts
    assert "It expected a variant, a singleton or the end." in texts
    assert lay.rules and lay.rules[0].dashed
    # The marker stands left of 'Latn', the subtag where the grammar stopped.
    latn = next(b for b in lay.boxes if b.leaf and b.part.text == "Latn")
    us = next(b for b in lay.boxes if b.leaf and b.part.text == "US")
    assert us.x + us.w < lay.rules[0].x1 < latn.x
    assert latn.part.problem and not us.part.problem


def test_every_role_has_a_rule_a_label_and_an_expectation() -> None:
    for role in Role:
        assert role.value in ROLE_LABELS
        assert role.value in ROLE_RULE
        rule = ROLE_RULE[role.value]
        assert rule == "" or rule in RULES
    assert {n for n, _line in ABNF_LINES if n} == set(RULES)


def test_svg_is_xml_with_a_group_per_part_and_the_text_as_text() -> None:
    lay = layout(anatomy(bundled_engine().check("sr-Latn-RS-u-nu-latn-x-foo")))
    root = ET.fromstring(to_svg(lay, "dark", 2.0))
    assert root.tag == f"{SVG}svg"
    assert (root.get("width"), root.get("height")) == (f"{lay.width * 2:.0f}", f"{lay.height * 2:.0f}")
    groups = root.findall(f"{SVG}g")
    subtags = [(g.get("data-label"), g.get("data-text")) for g in groups if g.get("class") == "subtag"]
    assert subtags == [("language", "sr"), ("script", "Latn"), ("region", "RS"), ("singleton", "u"), ("key", "nu"),
                       ("type", "latn"), ("singleton", "x"), ("private use", "foo")]  # fmt: skip
    rules = [g.get("data-rule") for g in groups if g.get("class") == "group"]
    assert rules == ["langtag", "u-extension", "keyword", "privateuse"]
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts == [t.text for t in lay.labels]
    assert 'keyword = key *("-" type)' in texts
    # Dark colours: the background is the dark base, the language subtag in the dark language colour.
    assert root.find(f"{SVG}rect").get("fill") == "#1f2023"  # type: ignore[union-attr]
    sr = next(t for t in root.iter(f"{SVG}text") if t.text == "sr")
    assert sr.get("fill") == ROLE_COLOURS["language"][1]  # the dark language colour of the palette


def test_svg_of_undecodable_input_stays_well_formed_xml() -> None:
    tag = "en-\udcff\x01-US"
    root = ET.fromstring(to_svg(layout(anatomy(bundled_engine().check(tag)))))
    assert any("\ufffd" in (t.text or "") for t in root.iter(f"{SVG}text"))


def test_explain_svg_writes_the_diagram(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "d.svg"
    assert main(["explain", "--svg", str(out), "--theme", "dark", "en-t-ar-m0-ungegn"]) == EXIT_OK
    expected = to_svg(layout(anatomy(bundled_engine().check("en-t-ar-m0-ungegn"))), "dark")
    assert out.read_text(encoding="utf-8") == expected
    assert main(["explain", "--svg", "-", "en-US-Latn"]) == EXIT_NO_MATCH
    assert "The grammar stopped at position 6" in capsys.readouterr().out
    assert main(["explain", "--svg", str(out), "en", "fr"]) == EXIT_USAGE
    assert "--svg draws one tag, not 2" in capsys.readouterr().err
    assert main(["explain", "--svg", str(tmp_path / "no" / "such" / "dir.svg"), "en"]) == EXIT_USAGE
    assert "cannot write" in capsys.readouterr().err


def test_walkthrough_says_which_rule_accepts_each_subtag_and_why_others_refuse() -> None:
    w = walkthrough(bundled_engine().check("de-u-foo-ca-gregory"))
    assert [(s.text, s.rule) for s in w.steps] == [("de", "language"), ("u", "singleton"), ("foo", "attribute"),
                                                   ("ca", "key"), ("gregory", "type")]  # fmt: skip
    gregory = {c.rule: c for c in w.steps[4].candidates}
    assert gregory["type"].accepted
    assert gregory["attribute"].reason == "fits the shape, but attributes come before the first key"
    assert gregory["key"].reason == "needs 2 letters or digits; 'gregory' is 7 letters"
    assert w.used_rules == {"Language-Tag", "langtag", "language", "u-extension", "singleton", "attribute",
                            "keyword", "key", "type"}  # fmt: skip


def test_walkthrough_of_an_ill_formed_tag_names_the_refusal() -> None:
    w = walkthrough(bundled_engine().check("en-US-Latn"))
    latn = w.steps[2]
    assert latn.rule == ""
    assert "a script must come before the region" in latn.error
    script = next(c for c in latn.candidates if c.rule == "script")
    assert not script.accepted and script.reason.startswith("fits the shape, but the engine reports:")
    region = next(c for c in latn.candidates if c.rule == "region")
    assert region.reason == "needs 2 letters or 3 digits; 'Latn' is 4 letters"
    assert w.stop is not None and w.stop.start == 6


def test_primer_teaches_in_order_with_every_structure_example_in_the_menus_words() -> None:
    titles = [s.title.split(". ", 1)[1] for s in SECTIONS]
    assert titles[:8] == ["Language", "Extended language (extlang)", "Script", "Region", "Variants", "Extensions",
                          "Private use", "Grandfathered tags"]  # fmt: skip
    structure = [e for e in EXAMPLES if e.category == Category.structure]
    shown = {(e.tag, e.explanation) for s in SECTIONS for e in s.examples}
    assert {(e.tag, e.explanation) for e in structure} <= shown
    traps = [e for e in EXAMPLES if e.category == Category.trap]
    assert list(SECTIONS[-1].examples) == traps
    assert len(all_primer_tags()) == len(structure) + len(traps)


def test_walkthrough_accepts_a_repeated_variant_by_the_grammar_and_keeps_validity_apart() -> None:
    """Issue 19: de-1901-1901 is well-formed; the second 1901 is accepted by variant, the §2.2.9 finding apart."""
    w = walkthrough(bundled_engine().check("de-1901-1901"))
    assert [(s.text, s.rule, s.error) for s in w.steps] == [
        ("de", "language", ""),
        ("1901", "variant", ""),
        ("1901", "variant", ""),
    ]
    assert [s.validity for s in w.steps] == [
        "",
        "",
        "The variant '1901' appears twice; a variant may occur only once in a tag (RFC 5646 §2.2.5, §2.2.9).",
    ]
    assert [c.rule for c in w.steps[2].candidates if c.accepted] == ["variant"]


def test_walkthrough_used_rules_grow_step_by_step() -> None:
    w = walkthrough(bundled_engine().check("en-US-Latn"))
    assert w.used_up_to(0) == {"Language-Tag", "langtag", "language"}
    assert w.used_up_to(1) == {"Language-Tag", "langtag", "language", "region"}
    assert w.used_up_to(2) == w.used_rules == {"Language-Tag", "langtag", "language", "region", "script"}
    # An ill-formed tag's refused subtag keeps its grammar error (no validity finding).
    assert w.steps[2].error and not w.steps[2].validity and w.steps[2].rule == ""
