"""Lay the anatomy of a tag out as nested boxes, and write it as SVG (Qt-free).

The layout is plain geometry in abstract pixels: every subtag is a box in one row (its text,
the name of its role, the branch of its ABNF rule), every group a box around its parts with
its name and production written under them, separators between siblings, and for an
ill-formed tag a marker where the grammar stopped with what it expected. Text is set in a
monospace font, so widths are known without measuring (:data:`CHAR_WIDTH` of the size).

The GUI paints this same layout (``app/ui/anatomy_pane.py``); :func:`to_svg` writes it with
the text kept as ``<text>`` elements, each box carrying its rule, role and production
(``data-*`` attributes and a ``<title>`` tooltip), for slides and for ``bcp47 explain --svg``.
Drawn text never holds an invisible or bidi control of the input: each is a named badge
(``⟨RLO⟩``, :func:`~..grammar.quoting.with_badges`, as the editor draws them); only the
``data-text`` attribute keeps the subtag as it was typed.

>>> from ..data import bundled_engine
>>> from .anatomy import anatomy
>>> lay = layout(anatomy(bundled_engine().check("en-t-ar-m0-ungegn")))
>>> [(b.part.label, b.part.text) for b in lay.boxes if b.leaf]
[('language', 'en'), ('singleton', 't'), ('source language', 'ar'), ('field key', 'm0'), ('field value', 'ungegn')]
>>> to_svg(lay).startswith("<?xml")
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..grammar.quoting import message_with_badges, needs_badge, with_badges
from ..text.catalogue import N_, _
from .anatomy import Anatomy, Part

__all__ = [
    "Box",
    "Label",
    "Rule",
    "Layout",
    "Theme",
    "THEMES",
    "ROLE_COLOURS",
    "FONT_FAMILY",
    "CHAR_WIDTH",
    "layout",
    "to_svg",
]

#: The font the diagram is set in, as a CSS family list; monospace, so that widths are predictable.
FONT_FAMILY = "DejaVu Sans Mono, Menlo, Consolas, Liberation Mono, monospace"
#: The advance of one character in ems in that font (DejaVu Sans Mono: 1233/2048).
CHAR_WIDTH = 0.602

# Sizes in abstract pixels.
_SUBTAG_SIZE = 18.0
_LABEL_SIZE = 12.0
_RULE_SIZE = 11.0
_CAPTION_SIZE = 12.0
_PRODUCTION_SIZE = 10.5
_TITLE_SIZE = 15.0
_PAD = 8.0
_GAP = 16.0  # between sibling boxes; the '-' separator sits in it
_MARGIN = 16.0
_LINE = 1.35  # line height in ems

#: Role colours (light background, dark background): the same values as the editor's legend
#: (``app/ui/roles.py``; a test keeps the two equal). Okabe–Ito based, 4.5:1 contrast on their base.
ROLE_COLOURS: dict[str, tuple[str, str]] = {
    "language": ("#063873", "#8CBAFF"),
    "extlang": ("#002EF5", "#26A2C3"),
    "script": ("#007A76", "#38FFBA"),
    "region": ("#C05200", "#F4C286"),
    "variant": ("#C710B0", "#FCCEF5"),
    "singleton": ("#303030", "#E6E6E6"),
    "extension": ("#5A625A", "#70A662"),
    "u-attribute": ("#3D2C00", "#A7FD2C"),
    "u-key": ("#856951", "#C8BD01"),
    "u-type": ("#385E0A", "#F6C68C"),
    "t-lang": ("#3F5F80", "#A4C0DE"),
    "t-language": ("#0A6FE5", "#A2C9BA"),
    "t-extlang": ("#2D30FC", "#97DAFF"),
    "t-script": ("#126721", "#2EFEBB"),
    "t-region": ("#643C37", "#FFC583"),
    "t-variant": ("#9C57AB", "#F06EFF"),
    "t-key": ("#460637", "#C09092"),
    "t-value": ("#302677", "#ACACC8"),
    "privateuse": ("#564C66", "#BF9293"),
    "grandfathered": ("#2D1260", "#CC7FD2"),
    "invalid": ("#BC0F24", "#FE6147"),
}


@dataclass(frozen=True, slots=True)
class Theme:
    """The colours of a diagram."""

    name: str
    background: str
    text: str
    muted: str
    border: str
    group_fills: tuple[str, ...]  # by nesting depth, repeating
    leaf_fill: str
    error: str
    roles: dict[str, str]

    def colour(self, key: str) -> str:
        """Return the colour for a role or one of "text", "muted", "border", "error"."""
        if key in self.roles:
            return self.roles[key]
        return {"text": self.text, "muted": self.muted, "border": self.border, "error": self.error}.get(key, self.text)


_LIGHT_FILLS = ("#f4f6f9", "#e9eef5", "#dfe6f0", "#d5deeb")
_DARK_FILLS = ("#26282c", "#2d3035", "#34383e", "#3b4048")
_LIGHT_ROLES = {k: v[0] for k, v in ROLE_COLOURS.items()}
_DARK_ROLES = {k: v[1] for k, v in ROLE_COLOURS.items()}
#: The two themes, with the app's light and dark palettes' base and text colours.
THEMES: dict[str, Theme] = {
    "light": Theme(
        "light", "#ffffff", "#1a1a1a", "#555555", "#8c8c8c", _LIGHT_FILLS, "#ffffff", "#c01818", _LIGHT_ROLES
    ),
    "dark": Theme("dark", "#1f2023", "#e8e8e8", "#b0b0b0", "#707379", _DARK_FILLS, "#1f2023", "#ff6b6b", _DARK_ROLES),
}


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle for one part (a subtag when *leaf*, else a group), at nesting *depth*."""

    x: float
    y: float
    w: float
    h: float
    part: Part
    depth: int
    leaf: bool


@dataclass(frozen=True, slots=True)
class Label:
    """A line of text: *y* is its baseline; *colour* a role or a theme key; *anchor* "start" or "middle"."""

    x: float
    y: float
    text: str
    size: float
    colour: str
    kind: str  # subtag, role, matched, caption, production, separator, title, stop
    anchor: str = "start"
    bold: bool = False


@dataclass(frozen=True, slots=True)
class Rule:
    """A straight line (the stop marker)."""

    x1: float
    y1: float
    x2: float
    y2: float
    colour: str
    dashed: bool = False


@dataclass(frozen=True, slots=True)
class Layout:
    """The whole diagram: its size, boxes (outer before inner), texts and lines."""

    width: float
    height: float
    boxes: tuple[Box, ...]
    labels: tuple[Label, ...]
    rules: tuple[Rule, ...]
    anatomy: Anatomy


def _w(text: str, size: float) -> float:
    return len(text) * size * CHAR_WIDTH


def _depth(part: Part) -> int:
    return 1 + max((_depth(c) for c in part.children), default=0) if part.children else 0


def _leaf_label(p: Part) -> str:
    return p.label + (" ✗" if p.problem else "")


def _verdict(a: Anatomy) -> str:
    if not a.well_formed:
        return _("not well-formed ({section})").format(section="RFC 5646 §2.1")
    if a.valid:
        return _("well-formed and valid ({section})").format(section="RFC 5646 §2.2.9")
    return _("well-formed, not valid ({section})").format(section="RFC 5646 §2.2.9")


def _wrap_words(text: str, width: float, size: float) -> list[str]:
    per_line = max(20, int(width / (size * CHAR_WIDTH)))
    lines: list[str] = []
    cur = ""
    for word in text.split():
        if cur and len(cur) + 1 + len(word) > per_line:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    if cur:
        lines.append(cur)
    return lines


#: Where the grammar stopped, by the role of the last subtag it accepted (whole sentences: no article glued on).
_STOPPED_AFTER = {
    "": N_("The grammar stopped at position {position} (at the start)."),
    "language": N_("The grammar stopped at position {position} (after a language)."),
    "extlang": N_("The grammar stopped at position {position} (after an extlang)."),
    "script": N_("The grammar stopped at position {position} (after a script)."),
    "region": N_("The grammar stopped at position {position} (after a region)."),
    "variant": N_("The grammar stopped at position {position} (after a variant)."),
    "singleton": N_("The grammar stopped at position {position} (after a singleton)."),
    "extension": N_("The grammar stopped at position {position} (after an extension)."),
    "u-attribute": N_("The grammar stopped at position {position} (after a -u- attribute)."),
    "u-key": N_("The grammar stopped at position {position} (after a -u- key)."),
    "u-type": N_("The grammar stopped at position {position} (after a -u- type)."),
    "t-lang": N_("The grammar stopped at position {position} (after a -t- source lang)."),
    "t-language": N_("The grammar stopped at position {position} (after a -t- source language)."),
    "t-extlang": N_("The grammar stopped at position {position} (after a -t- source extlang)."),
    "t-script": N_("The grammar stopped at position {position} (after a -t- source script)."),
    "t-region": N_("The grammar stopped at position {position} (after a -t- source region)."),
    "t-variant": N_("The grammar stopped at position {position} (after a -t- source variant)."),
    "t-key": N_("The grammar stopped at position {position} (after a -t- source key)."),
    "t-value": N_("The grammar stopped at position {position} (after a -t- source value)."),
    "privateuse": N_("The grammar stopped at position {position} (after a privateuse)."),
    "grandfathered": N_("The grammar stopped at position {position} (after a grandfathered)."),
    "x": N_("The grammar stopped at position {position} (after the private-use 'x')."),
}


def layout(a: Anatomy) -> Layout:
    """Return the boxes, texts and lines of the diagram of *a*."""
    boxes: list[Box] = []
    labels: list[Label] = []
    rules: list[Rule] = []
    title = (
        _("{tag}  —  {verdict}").format(tag=with_badges(a.tag), verdict=_verdict(a))
        if a.tag
        else _("(empty tag)  —  {verdict}").format(verdict=_verdict(a))
    )
    labels.append(Label(_MARGIN, _MARGIN + _TITLE_SIZE, title, _TITLE_SIZE, "text", "title", bold=True))
    depth = _depth(a.root)
    leaf_top = _MARGIN + _TITLE_SIZE * _LINE + _PAD + depth * _PAD
    leaf_h = _PAD * 2 + (_SUBTAG_SIZE + _LABEL_SIZE + _RULE_SIZE) * _LINE

    def place(part: Part, x: float, d: int) -> tuple[float, float, float]:
        """Lay *part* out from *x*; return (width, top, bottom)."""
        if not part.children:
            text = with_badges(part.text)  # drawn, so an invisible or bidi control is a named badge, as in the editor
            w = max(_w(text, _SUBTAG_SIZE), _w(_leaf_label(part), _LABEL_SIZE), _w(part.matched, _RULE_SIZE))
            w += 2 * _PAD
            boxes.append(Box(x, leaf_top, w, leaf_h, part, d, True))
            cx = x + w / 2
            y = leaf_top + _PAD + _SUBTAG_SIZE
            labels.append(Label(cx, y, text, _SUBTAG_SIZE, part.role, "subtag", "middle", bold=True))
            y += _LABEL_SIZE * _LINE + 2
            labels.append(
                Label(cx, y, _leaf_label(part), _LABEL_SIZE, "error" if part.problem else "text", "role", "middle")
            )
            y += _RULE_SIZE * _LINE
            if part.matched:
                labels.append(Label(cx, y, part.matched, _RULE_SIZE, "muted", "matched", "middle"))
            return w, leaf_top, leaf_top + leaf_h
        index = len(boxes)
        boxes.append(Box(0, 0, 0, 0, part, d, False))  # placeholder: outer boxes are drawn first
        cx = x + _PAD
        top, bottom = leaf_top, leaf_top + leaf_h
        for k, child in enumerate(part.children):
            if k:
                labels.append(
                    Label(
                        cx + _GAP / 2, leaf_top + _PAD + _SUBTAG_SIZE, "-", _SUBTAG_SIZE, "muted", "separator", "middle"
                    )
                )
                cx += _GAP
            cw, ct, cb = place(child, cx, d + 1)
            cx += cw
            top, bottom = min(top, ct), max(bottom, cb)
        caption = part.label + (" ✗" if part.problem else "")
        inner = cx - x - _PAD
        w = max(inner, _w(caption, _CAPTION_SIZE), _w(part.production, _PRODUCTION_SIZE)) + 2 * _PAD
        top -= _PAD
        y = bottom + _CAPTION_SIZE * _LINE
        labels.append(
            Label(x + _PAD, y, caption, _CAPTION_SIZE, "error" if part.problem else "text", "caption", bold=True)
        )
        if part.production:
            y += _PRODUCTION_SIZE * _LINE
            labels.append(Label(x + _PAD, y, part.production, _PRODUCTION_SIZE, "muted", "production"))
        bottom = y + _PAD
        boxes[index] = Box(x, top, w, bottom - top, part, d, False)
        return w, top, bottom

    width, _top, bottom = place(a.root, _MARGIN, 0)
    total_w = max(width, _w(title, _TITLE_SIZE)) + 2 * _MARGIN
    y = bottom
    if a.stop is not None:
        stop = a.stop
        leaves = [b for b in boxes if b.leaf]
        x = _stop_x(leaves, stop.start)
        rules.append(Rule(x, leaf_top - depth * _PAD, x, leaf_top + leaf_h + _PAD, "error", dashed=True))
        labels.append(Label(x, leaf_top - depth * _PAD - 3, _("▼ stop"), _LABEL_SIZE, "error", "stop", "middle", True))
        stopped = (
            _(_STOPPED_AFTER[stop.after])
            if stop.after in _STOPPED_AFTER
            else _("The grammar stopped at position {position} (after {role}).")
        )
        lines = [
            stopped.format(position=stop.start, role=stop.after),
            _("It expected {expected}.").format(expected=stop.expected),
        ]
        lines += _wrap_words(
            f"[{stop.code}] {message_with_badges(stop.message)}", max(total_w - 2 * _MARGIN, 400), _LABEL_SIZE
        )
        y += _PAD * 2
        for line in lines:
            y += _LABEL_SIZE * _LINE
            labels.append(Label(_MARGIN, y, line, _LABEL_SIZE, "error", "stop"))
            total_w = max(total_w, _w(line, _LABEL_SIZE) + 2 * _MARGIN)
    return Layout(total_w, y + _MARGIN, tuple(boxes), tuple(labels), tuple(rules), a)


def _stop_x(leaves: list[Box], position: int) -> float:
    """Return the x of the stop marker: at the left of the first subtag at or after *position*."""
    for b in leaves:
        if b.part.start >= position or b.part.end > position:
            return b.x - _GAP / 2 if b.part.start >= position else b.x
    if leaves:
        last = leaves[-1]
        return last.x + last.w + _GAP / 2
    return _MARGIN


def to_svg(lay: Layout, theme: Theme | str = "light", scale: float = 1.0) -> str:
    """Return the diagram as an SVG document; *scale* multiplies its width and height (the drawing is vector)."""
    th = THEMES[theme] if isinstance(theme, str) else theme
    w, h = lay.width, lay.height
    title = _("Anatomy of the language tag {tag}").format(tag=with_badges(lay.anatomy.tag))
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{w * scale:.0f}" height="{h * scale:.0f}" '
        f'viewBox="0 0 {w:.1f} {h:.1f}" font-family={quoteattr(FONT_FAMILY)}>',
        f"<title>{escape(_xml_safe(title))}</title>",
        f'<rect x="0" y="0" width="{w:.1f}" height="{h:.1f}" fill="{th.background}"/>',
    ]
    for b in lay.boxes:
        p = b.part
        fill = th.leaf_fill if b.leaf else th.group_fills[b.depth % len(th.group_fills)]
        stroke = th.error if p.problem and b.leaf else (th.colour(p.role) if b.leaf else th.border)
        dash = ' stroke-dasharray="4 3"' if p.problem and b.leaf else ""
        tip = f"{p.label}: {p.text!r} [{p.start}-{p.end}]" + (f" — {p.production}" if p.production else "")
        out.append(
            f'<g class="{"subtag" if b.leaf else "group"}" data-label={quoteattr(p.label)} '
            f"data-rule={quoteattr(p.rule)} "
            f'data-role={quoteattr(p.role)} data-text={quoteattr(_xml_safe(p.text))} data-start="{p.start}" '
            f'data-end="{p.end}"><title>{escape(_xml_safe(tip))}</title>'
            f'<rect x="{b.x:.1f}" y="{b.y:.1f}" width="{b.w:.1f}" height="{b.h:.1f}" rx="5" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{1.6 if b.leaf else 1}"{dash}/></g>'
        )
    for r in lay.rules:
        dash = ' stroke-dasharray="5 4"' if r.dashed else ""
        out.append(
            f'<line x1="{r.x1:.1f}" y1="{r.y1:.1f}" x2="{r.x2:.1f}" y2="{r.y2:.1f}" '
            f'stroke="{th.colour(r.colour)}" stroke-width="2"{dash}/>'
        )
    for t in lay.labels:
        weight = ' font-weight="bold"' if t.bold else ""
        anchor = ' text-anchor="middle"' if t.anchor == "middle" else ""
        out.append(
            f'<text class="{t.kind}" x="{t.x:.1f}" y="{t.y:.1f}" font-size="{t.size:g}" '
            f'fill="{th.colour(t.colour)}"{anchor}{weight} xml:space="preserve">{escape(_xml_safe(t.text))}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _xml_safe(text: str) -> str:
    """Replace what XML 1.0 cannot hold (control characters, lone surrogates of undecodable bytes) by U+FFFD."""
    return "".join(
        c if (c >= " " or c in "\t\n") and not 0xD800 <= ord(c) <= 0xDFFF and c not in "\ufffe\uffff" else "\ufffd"
        for c in text
    )


def escape(text: str) -> str:
    """Return *text* as XML character data: ``&``, ``<`` and ``>`` as entities.

    >>> escape("a<b & c>d")
    'a&lt;b &amp; c&gt;d'
    """
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def quoteattr(text: str) -> str:
    """Return *text* as a double-quoted XML attribute value (with ``"`` and white space other than spaces as entities).

    >>> print(quoteattr('say "hi"\\tnow & <then>'))
    "say &quot;hi&quot;&#9;now &amp; &lt;then&gt;"
    """
    quoted = escape(text).replace('"', "&quot;").replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if not quoted.isascii():  # an invisible or bidi control as a character reference: never raw in the file
        quoted = "".join(f"&#x{ord(c):X};" if needs_badge(c) else c for c in quoted)
    return f'"{quoted}"'
