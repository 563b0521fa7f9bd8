"""How each subtag role and each diagnostic severity is shown: name, colours, font, underline, legend.

Every colour keeps a contrast of at least 4.5:1 against the editor's base colour (light and dark), and is
only ever drawn on that colour (the legend and the Build pane's result line fill their background with it). Roles that
can stand next to each other in a tag (NEIGHBOUR_ROLES: neighbours and neighbours-but-one) are told apart by
colour, measured: their CIEDE2000 difference is at least NEIGHBOUR_DELTA_E["normal"] (15) for normal vision
and at least NEIGHBOUR_DELTA_E for each dichromacy (8) as simulated with Machado et al. (2009) at full
severity (``colour_science``), in both themes; ``tests/ui/test_roles.py`` measures every pair. The palettes
were searched for with those constraints, starting from hue families people expect (language blue, script
teal, region orange, variant magenta, invalid red). Colour never carries the meaning alone: each role also
has a name, a font style (bold keys and languages, italic extlang/private use/-t- source), a tooltip and a
legend entry, and each severity has its own underline style (wave, dashes, dots) and icon.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPalette, QPixmap, QTextCharFormat
from PySide6.QtWidgets import QHBoxLayout, QLabel, QStyle, QWidget

from ..core.text.catalogue import N_, _

__all__ = [
    "NEIGHBOUR_DELTA_E",
    "NEIGHBOUR_ROLES",
    "ROLE_STYLES",
    "SEVERITY_STYLES",
    "LegendWidget",
    "RoleStyle",
    "SeverityStyle",
    "is_dark",
    "role_colour",
    "role_format",
    "role_style",
    "severity_colour",
    "severity_icon",
    "severity_style",
    "swatch_icon",
]


@dataclass(frozen=True, slots=True)
class RoleStyle:
    """The look and the explanation of one subtag role."""

    role: str
    name: str
    light: str  # colour on a light base
    dark: str  # colour on a dark base
    tooltip: str
    bold: bool = False
    italic: bool = False


@dataclass(frozen=True, slots=True)
class SeverityStyle:
    """The look of one diagnostic severity."""

    severity: str
    name: str
    light: str
    dark: str
    underline: QTextCharFormat.UnderlineStyle
    underline_name: str
    icon: QStyle.StandardPixmap


_ROLES = (
    RoleStyle(
        "language",
        N_("language"),
        "#063873",
        "#8CBAFF",
        N_("Primary language subtag (RFC 5646 §2.2.1): 2–3 letters (ISO 639), or 5–8 letters if registered."),
        bold=True,
    ),
    RoleStyle(
        "extlang",
        N_("extended language"),
        "#002EF5",
        "#26A2C3",
        N_("Extended language subtag (RFC 5646 §2.2.2): a 3-letter language written after its macrolanguage."),
        italic=True,
    ),
    RoleStyle(
        "script",
        N_("script"),
        "#007A76",
        "#38FFBA",
        N_("Script subtag (RFC 5646 §2.2.3): 4 letters from ISO 15924, e.g. Latn, Hant."),
    ),
    RoleStyle(
        "region",
        N_("region"),
        "#C05200",
        "#F4C286",
        N_("Region subtag (RFC 5646 §2.2.4): 2 letters (ISO 3166-1) or 3 digits (UN M.49)."),
    ),
    RoleStyle(
        "variant",
        N_("variant"),
        "#C710B0",
        "#FCCEF5",
        N_(
            "Variant subtag (RFC 5646 §2.2.5): 5–8 characters, or a digit and 3 characters; "
            "registered with the prefixes it suits."
        ),
    ),
    RoleStyle(
        "singleton",
        N_("singleton"),
        "#303030",
        "#E6E6E6",
        N_("Singleton (RFC 5646 §2.2.6): one character that starts an extension (u, t, …) or private use (x)."),
        bold=True,
    ),
    RoleStyle(
        "extension",
        N_("extension subtag"),
        "#5A625A",
        "#70A662",
        N_("Subtag of an extension other than -u- and -t-; only its syntax is checked (RFC 5646 §3.7)."),
    ),
    RoleStyle(
        "u-attribute",
        N_("-u- attribute"),
        "#3D2C00",
        "#A7FD2C",
        N_("Unicode locale attribute (RFC 6067): 3–8 characters before the first -u- key."),
    ),
    RoleStyle(
        "u-key",
        N_("-u- key"),
        "#856951",
        "#C8BD01",
        N_("Unicode locale key (RFC 6067, UTS #35): 2 characters such as ca, co, nu; CLDR defines them."),
        bold=True,
    ),
    RoleStyle(
        "u-type",
        N_("-u- type"),
        "#385E0A",
        "#F6C68C",
        N_("Unicode locale type (RFC 6067, UTS #35): the value of the key before it, e.g. gregory for ca."),
    ),
    RoleStyle(
        "t-lang",
        N_("-t- source tag"),
        "#3F5F80",
        "#A4C0DE",
        N_("Source language inside -t- (RFC 6497): the language the content was transformed from."),
        italic=True,
    ),
    RoleStyle(
        "t-language",
        N_("-t- source language"),
        "#0A6FE5",
        "#A2C9BA",
        N_("Language of the -t- source tag (RFC 6497 §2.2, RFC 5646 §2.2.1): what the content was transformed from."),
        italic=True,
    ),
    RoleStyle(
        "t-extlang",
        N_("-t- source extended language"),
        "#2D30FC",
        "#97DAFF",
        N_("Extended language of the -t- source tag (RFC 6497 §2.2, RFC 5646 §2.2.2)."),
        italic=True,
    ),
    RoleStyle(
        "t-script",
        N_("-t- source script"),
        "#126721",
        "#2EFEBB",
        N_("Script of the -t- source tag (RFC 6497 §2.2, RFC 5646 §2.2.3)."),
        italic=True,
    ),
    RoleStyle(
        "t-region",
        N_("-t- source region"),
        "#643C37",
        "#FFC583",
        N_("Region of the -t- source tag (RFC 6497 §2.2, RFC 5646 §2.2.4)."),
        italic=True,
    ),
    RoleStyle(
        "t-variant",
        N_("-t- source variant"),
        "#9C57AB",
        "#F06EFF",
        N_("Variant of the -t- source tag (RFC 6497 §2.2, RFC 5646 §2.2.5)."),
        italic=True,
    ),
    RoleStyle(
        "t-key",
        N_("-t- field key"),
        "#460637",
        "#C09092",
        N_("Transformed-content field key (RFC 6497): a letter and a digit, such as m0 or h0."),
        bold=True,
    ),
    RoleStyle(
        "t-value",
        N_("-t- field value"),
        "#302677",
        "#ACACC8",
        N_("Transformed-content field value (RFC 6497): 3–8 characters from CLDR for its key."),
    ),
    RoleStyle(
        "privateuse",
        N_("private use"),
        "#564C66",
        "#BF9293",
        N_("Private-use subtag after x (RFC 5646 §2.2.7): meaning agreed privately, never registered."),
        italic=True,
    ),
    RoleStyle(
        "grandfathered",
        N_("grandfathered tag"),
        "#2D1260",
        "#CC7FD2",
        N_("Grandfathered tag (RFC 5646 §2.2.8): a whole tag kept from RFC 1766/3066, read as one unit."),
    ),
    RoleStyle(
        "invalid",
        N_("invalid"),
        "#BC0F24",
        "#FE6147",
        N_("Not a subtag in this position: see the problems list for why."),
        bold=True,
    ),
)

#: Every role's style, keyed by the role's value (``Role`` is a StrEnum, so ``Role.script`` works as a key).
ROLE_STYLES: dict[str, RoleStyle] = {s.role: s for s in _ROLES}

#: The least CIEDE2000 difference between the colours of two neighbouring roles, per kind of vision. 15 keeps
#: small coloured text apart at a glance; simulated dichromacy compresses colour differences, and 8 is still
#: well above the "just noticeable" difference of about 2.
NEIGHBOUR_DELTA_E = {"normal": 15.0, "protanopia": 8.0, "deuteranopia": 8.0, "tritanopia": 8.0}

#: Which roles can directly follow each role in a tag (RFC 5646 §2.1, RFC 6067, RFC 6497). 'invalid' can stand
#: anywhere; 'grandfathered' is a whole tag; 't-lang' is no longer given by the engine.
_FOLLOWS: dict[str, tuple[str, ...]] = {
    "language": ("extlang", "script", "region", "variant", "singleton"),
    "extlang": ("extlang", "script", "region", "variant", "singleton"),
    "script": ("region", "variant", "singleton"),
    "region": ("variant", "singleton"),
    "variant": ("variant", "singleton"),
    "singleton": ("extension", "u-attribute", "u-key", "t-language", "t-key", "privateuse"),
    "extension": ("extension", "singleton"),
    "u-attribute": ("u-attribute", "u-key", "singleton"),
    "u-key": ("u-type", "u-key", "singleton"),
    "u-type": ("u-type", "u-key", "singleton"),
    "t-language": ("t-extlang", "t-script", "t-region", "t-variant", "t-key", "singleton"),
    "t-extlang": ("t-script", "t-region", "t-variant", "t-key", "singleton"),
    "t-script": ("t-region", "t-variant", "t-key", "singleton"),
    "t-region": ("t-variant", "t-key", "singleton"),
    "t-variant": ("t-variant", "t-key", "singleton"),
    "t-key": ("t-value",),
    "t-value": ("t-value", "t-key", "singleton"),
    "privateuse": ("privateuse",),
}


def _neighbour_pairs() -> frozenset[frozenset[str]]:
    """Return the pairs of distinct roles at most two subtags apart in some tag.

    A reader compares a subtag with the ones on either side, and across a one-character singleton or a
    two-character key (`-a-bbb-x-ccc`: extension and private use; `-u-attr-ca-gregory`: attribute and type),
    so both neighbours and neighbours-but-one must be told apart. 'invalid' stands next to every role.
    """
    pairs: set[frozenset[str]] = set()
    for first, nexts in _FOLLOWS.items():
        for second in nexts:
            pairs.add(frozenset((first, second)))
            for third in _FOLLOWS.get(second, ()):
                pairs.add(frozenset((first, third)))
    pairs |= {frozenset(("invalid", r)) for r in ROLE_STYLES if r not in ("invalid", "t-lang")}
    return frozenset(p for p in pairs if len(p) == 2)


#: Pairs of roles that can stand next to each other (see _neighbour_pairs); their colours must differ.
NEIGHBOUR_ROLES: frozenset[frozenset[str]] = _neighbour_pairs()

_SEVERITIES = (
    SeverityStyle(
        "error",
        N_("error"),
        "#D01C1C",
        "#FF6B6B",
        QTextCharFormat.UnderlineStyle.WaveUnderline,
        N_("wavy underline"),
        QStyle.StandardPixmap.SP_MessageBoxCritical,
    ),
    SeverityStyle(
        "warning",
        N_("warning"),
        "#9B5D00",
        "#FFB020",
        QTextCharFormat.UnderlineStyle.DashUnderline,
        N_("dashed underline"),
        QStyle.StandardPixmap.SP_MessageBoxWarning,
    ),
    SeverityStyle(
        "info",
        N_("note"),
        "#1E6DC1",
        "#6CB4FF",
        QTextCharFormat.UnderlineStyle.DotLine,
        N_("dotted underline"),
        QStyle.StandardPixmap.SP_MessageBoxInformation,
    ),
)

#: Every severity's style, keyed by the severity's value.
SEVERITY_STYLES: dict[str, SeverityStyle] = {s.severity: s for s in _SEVERITIES}


def is_dark(palette: QPalette) -> bool:
    """Return whether *palette* has a dark text background."""
    return palette.color(QPalette.ColorRole.Base).lightness() < 128


def role_style(role: str) -> RoleStyle:
    """Return the style of *role*, the 'invalid' style for a role this module does not know.

    Its name and tooltip are in the UI language (the tables hold the English text, marked with N_).
    """
    style = ROLE_STYLES.get(str(role), ROLE_STYLES["invalid"])
    return replace(style, name=_(style.name), tooltip=_(style.tooltip))


def role_colour(role: str, palette: QPalette) -> QColor:
    """Return the colour of *role* for *palette*."""
    style = role_style(role)
    return QColor(style.dark if is_dark(palette) else style.light)


def role_format(role: str, palette: QPalette) -> QTextCharFormat:
    """Return the character format that paints *role* in the editor."""
    style = role_style(role)
    fmt = QTextCharFormat()
    fmt.setForeground(role_colour(role, palette))
    if style.bold:
        fmt.setFontWeight(QFont.Weight.Bold)
    if style.italic:
        fmt.setFontItalic(True)
    fmt.setToolTip(QCoreApplication.translate("LegendWidget", "{role}: {explanation}").format(
        role=style.name, explanation=style.tooltip))  # fmt: skip
    return fmt


def severity_style(severity: str) -> SeverityStyle:
    """Return the style of *severity* (an unknown one is shown as an error), its names in the UI language."""
    style = SEVERITY_STYLES.get(str(severity), SEVERITY_STYLES["error"])
    return replace(style, name=_(style.name), underline_name=_(style.underline_name))


def severity_colour(severity: str, palette: QPalette) -> QColor:
    """Return the underline colour of *severity* for *palette*."""
    style = severity_style(severity)
    return QColor(style.dark if is_dark(palette) else style.light)


def severity_icon(severity: str, widget: QWidget) -> QIcon:
    """Return the standard icon of *severity* in *widget*'s style."""
    return widget.style().standardIcon(severity_style(severity).icon)


def swatch_icon(colour: QColor, size: int = 12) -> QIcon:
    """Return a small square of *colour* for item views and the legend."""
    pix = QPixmap(size, size)
    pix.fill(colour)
    return QIcon(pix)


def _html_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class LegendWidget(QWidget):
    """A wrapping row of role names, each written in its own colour and font, with its tooltip."""

    def __init__(self, roles: tuple[str, ...] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(self.tr("Legend of subtag roles"))
        self._roles = roles or tuple(ROLE_STYLES)
        self._label = QLabel(self)
        self._label.setWordWrap(True)
        self._label.setTextFormat(Qt.TextFormat.RichText)
        self._label.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        # The role colours are chosen for the tag field's background (Base), so the legend is drawn on it too:
        # on the window's own grey several of them fall below 4.5:1.
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 3, 6, 3)
        layout.addWidget(self._label)
        self._refresh()

    def entries(self) -> list[tuple[str, str]]:
        """Return (role name, colour name) pairs as currently shown."""
        return [(role_style(r).name, role_colour(r, self.palette()).name()) for r in self._roles]

    def changeEvent(self, event: QEvent) -> None:
        """Repaint the colours when the palette changes (light/dark switch)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._refresh()

    def _refresh(self) -> None:
        parts = []
        for role in self._roles:
            style = role_style(role)
            colour = role_colour(role, self.palette()).name()
            css = f"color:{colour};"
            if style.bold:
                css += "font-weight:bold;"
            if style.italic:
                css += "font-style:italic;"
            # Non-breaking spaces and hyphens keep each name on one line when the legend wraps.
            name = _html_escape(style.name).replace(" ", "&nbsp;").replace("-", "&#8209;")
            parts.append(f'<span style="{css}">■&nbsp;{name}</span>')
        severities = [severity_style(key) for key in SEVERITY_STYLES]
        sev = " &nbsp; ".join(
            self.tr("{severity}: {underline}").format(severity=_html_escape(s.name), underline=s.underline_name)
            for s in severities
        )
        problems = self.tr("Problems: {severities}").format(severities=sev)
        legend = " &nbsp; ".join(parts) + f"<br><small>{problems}</small>"
        self._label.setText(legend)
        tips = [self.tr("{role}: {explanation}").format(role=role_style(r).name, explanation=role_style(r).tooltip)
                for r in self._roles]  # fmt: skip
        self._label.setToolTip("\n".join(tips))
