"""Pins the role and severity styles: every engine role has a name, colours readable on light and dark
backgrounds (contrast >= 4.5:1), distinct colours, and severities that differ without colour."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from bcp47_explorer.core.grammar.values import Role, Severity
from bcp47_explorer.ui.roles import (
    ROLE_STYLES,
    SEVERITY_STYLES,
    LegendWidget,
    is_dark,
    role_colour,
    role_format,
    severity_style,
)
from PySide6.QtGui import QColor, QFont, QPalette


def _luminance(colour: str) -> float:
    c = QColor(colour)

    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue())


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _palette(base: str) -> QPalette:
    pal = QPalette()
    pal.setColor(QPalette.ColorRole.Base, QColor(base))
    return pal


def test_every_engine_role_and_severity_has_a_style() -> None:
    assert {str(r) for r in Role} <= set(ROLE_STYLES)
    assert {str(s) for s in Severity} <= set(SEVERITY_STYLES)


def test_role_colours_keep_contrast_on_light_and_dark_bases() -> None:
    for style in ROLE_STYLES.values():
        assert _contrast(style.light, "#ffffff") >= 4.5, style.role
        assert _contrast(style.light, "#f0f0f0") >= 4.0, style.role
        for dark_base in ("#1e1e1e", "#2d2d2d"):
            assert _contrast(style.dark, dark_base) >= 4.5, (style.role, dark_base)


def test_role_names_and_colours_are_distinct() -> None:
    styles = list(ROLE_STYLES.values())
    assert len({s.name for s in styles}) == len(styles)
    assert len({s.light.lower() for s in styles}) == len(styles)
    assert len({s.dark.lower() for s in styles}) == len(styles)
    assert all(s.tooltip.endswith(".") for s in styles)


def test_palette_choice_follows_the_base_colour() -> None:
    light, dark = _palette("#ffffff"), _palette("#202020")
    assert not is_dark(light) and is_dark(dark)
    assert role_colour("script", light).name() == ROLE_STYLES["script"].light.lower()
    assert role_colour("script", dark).name() == ROLE_STYLES["script"].dark.lower()
    assert role_colour("no-such-role", light).name() == ROLE_STYLES["invalid"].light.lower()


def test_formats_carry_weight_and_slant_besides_colour() -> None:
    pal = _palette("#ffffff")
    assert role_format("language", pal).fontWeight() == QFont.Weight.Bold
    assert role_format("extlang", pal).fontItalic()
    assert role_format("region", pal).fontWeight() != QFont.Weight.Bold
    assert "region" in role_format("region", pal).toolTip()


def test_severities_differ_in_underline_style_not_only_colour() -> None:
    styles = {severity_style(s).underline for s in ("error", "warning", "info")}
    assert len(styles) == 3


def test_legend_lists_every_role_and_follows_the_palette(qtbot) -> None:  # type: ignore[no-untyped-def]
    legend = LegendWidget()
    qtbot.addWidget(legend)
    names = [name for name, _ in legend.entries()]
    assert names == [s.name for s in ROLE_STYLES.values()]
    light = dict(legend.entries())
    legend.setPalette(_palette("#202020"))
    dark = dict(legend.entries())
    assert light["script"] != dark["script"] and dark["script"] == ROLE_STYLES["script"].dark.lower()
    assert "wavy underline" in legend._label.text()


# Issue 11, item 14: roles that stand next to each other are told apart, measured.
def test_ciede2000_matches_the_published_test_pairs() -> None:
    from bcp47_explorer.ui.colour_science import delta_e_2000

    # Sharma, Wu and Dalal (2005), table 1: pairs 1, 7, 13, 17, 25 and 34.
    pairs = [((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425), ((50, 0, 0), (50, -1, 2), 2.3669),
             ((50, 2.49, -0.001), (50, -2.49, 0.0011), 7.2195), ((50, 2.5, 0), (73, 25, -18), 27.1492),
             ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
             ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082)]  # fmt: skip
    for first, second, expected in pairs:
        assert round(delta_e_2000(first, second), 4) == expected


def test_dichromacy_simulation_keeps_greys_and_merges_red_and_green() -> None:
    from bcp47_explorer.ui.colour_science import hex_delta_e, simulate

    for vision in ("protanopia", "deuteranopia", "tritanopia"):
        assert hex_delta_e("#777777", simulate("#777777", vision)) < 1.0
    assert hex_delta_e("#d55e00", "#009e73") > 40  # Okabe-Ito vermillion and bluish green ...
    assert hex_delta_e("#cc3333", "#669933", "deuteranopia") < hex_delta_e("#cc3333", "#669933") / 2  # red/green


def test_neighbouring_roles_are_told_apart_in_both_themes_and_for_colour_blind_readers() -> None:
    from bcp47_explorer.ui.colour_science import VISIONS, hex_delta_e
    from bcp47_explorer.ui.roles import NEIGHBOUR_DELTA_E, NEIGHBOUR_ROLES

    # The pairs the issue found alike are neighbours; so are the parts of one -u- keyword.
    for pair in (("u-attribute", "u-type"), ("extension", "privateuse"), ("u-key", "u-type"), ("language", "region")):
        assert frozenset(pair) in NEIGHBOUR_ROLES
    too_close = []
    for theme in ("light", "dark"):
        for vision in VISIONS:
            for pair in NEIGHBOUR_ROLES:
                a, b = sorted(pair)
                d = hex_delta_e(getattr(ROLE_STYLES[a], theme), getattr(ROLE_STYLES[b], theme), vision)
                if d < NEIGHBOUR_DELTA_E[vision]:
                    too_close.append((theme, vision, a, b, round(d, 1)))
    assert too_close == []
    assert NEIGHBOUR_DELTA_E["normal"] >= 15 and min(NEIGHBOUR_DELTA_E.values()) >= 8
