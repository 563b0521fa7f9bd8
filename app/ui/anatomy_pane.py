"""The tag anatomy pane: the current tag as nested boxes with their ABNF productions; export as SVG and PNG.

The layout comes from the core (:mod:`..core.anatomy_draw`); this pane only paints it into a
``QGraphicsScene`` (each box an item carrying its part's label, text and rule, with the
production as tooltip). The SVG export is the core's own writer (text kept as text); the PNG
and the clipboard image are that SVG rendered by ``QSvgRenderer`` at the size asked for, so
the three always agree.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QCoreApplication,
    QEvent,
    QIODevice,
    QMimeData,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QImage,
    QImageWriter,
    QKeySequence,
    QPainter,
    QPainterPath,
    QPen,
    QShowEvent,
)
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..core.engine.tag import TagEngine
from ..core.files.safe_write import write_file
from ..core.teaching.anatomy import Part, anatomy
from ..core.teaching.anatomy_draw import FONT_FAMILY, THEMES, Layout, Theme, layout, to_svg
from ..core.text.catalogue import N_
from ..core.text.formats import format_number
from . import a11y
from .a11y import describe
from .bounded import bound
from .i18n import keep_left_to_right, ltr_if_rtl
from .roles import is_dark
from .state import TagState

__all__ = ["AnatomyPane", "paint_layout", "render_png", "diagram_font", "MAX_DRAWN", "TWIN_COLUMNS", "ZOOM_STEP"]

#: The columns of the diagram's text twin.
TWIN_COLUMNS = (N_("Part"), N_("Text"), N_("Characters"), N_("Rule"))
#: Each zoom key scales the diagram by this much, within ZOOM_LIMITS.
ZOOM_STEP = 1.25
ZOOM_LIMITS = (0.2, 8.0)

#: Longer tags are not drawn (a pasted novel would make a diagram nobody can read).
MAX_DRAWN = 2000

#: Item data keys on the scene's items.
KIND, LABEL, TEXT, RULE = 0, 1, 2, 3


def diagram_font(size: float, bold: bool = False) -> QFont:
    """Return the monospace font the diagram is laid out for, at *size* pixels."""
    font = QFont()
    font.setFamilies([f.strip() for f in FONT_FAMILY.split(",")])
    font.setStyleHint(QFont.StyleHint.Monospace)
    font.setPixelSize(max(1, round(size)))
    font.setBold(bold)
    return font


def paint_layout(scene: QGraphicsScene, lay: Layout, theme: Theme) -> None:
    """Fill *scene* with the boxes, texts and lines of *lay* in *theme*'s colours."""
    scene.clear()
    scene.setBackgroundBrush(QColor(theme.background))
    scene.setSceneRect(QRectF(0, 0, lay.width, lay.height))
    for b in lay.boxes:
        p = b.part
        path = QPainterPath()
        path.addRoundedRect(QRectF(b.x, b.y, b.w, b.h), 5, 5)
        item = QGraphicsPathItem(path)
        fill = theme.leaf_fill if b.leaf else theme.group_fills[b.depth % len(theme.group_fills)]
        colour = theme.error if p.problem and b.leaf else (theme.colour(p.role) if b.leaf else theme.border)
        pen = QPen(QColor(colour), 1.6 if b.leaf else 1.0)
        if p.problem and b.leaf:
            pen.setStyle(Qt.PenStyle.DashLine)
        item.setPen(pen)
        item.setBrush(QBrush(QColor(fill)))
        quoted, span = ltr_if_rtl(f"'{_esc(p.text)}'"), ltr_if_rtl(f"[{p.start}–{p.end}]")
        tip = f"<b>{_esc(p.label)}</b> {quoted} {span}"
        if p.production:
            tip += f"<br><code>{_esc(p.production)}</code>"
        if p.matched:
            matched = QCoreApplication.translate("AnatomyPane", "matched: {rule}")
            tip += "<br>" + matched.format(rule=ltr_if_rtl(f"<code>{_esc(p.matched)}</code>"))
        item.setToolTip(tip)
        item.setData(KIND, "subtag" if b.leaf else "group")
        item.setData(LABEL, p.label)
        item.setData(TEXT, p.text)
        item.setData(RULE, p.rule)
        scene.addItem(item)
    for r in lay.rules:
        pen = QPen(QColor(theme.colour(r.colour)), 2)
        if r.dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        line = scene.addLine(r.x1, r.y1, r.x2, r.y2, pen)
        line.setData(KIND, "stop")
    for t in lay.labels:
        font = diagram_font(t.size, t.bold)
        item_t = scene.addSimpleText(_safe(t.text), font)
        item_t.setBrush(QColor(theme.colour(t.colour)))
        metrics = QFontMetricsF(font)
        x = t.x - metrics.horizontalAdvance(_safe(t.text)) / 2 if t.anchor == "middle" else t.x
        item_t.setPos(x, t.y - metrics.ascent())
        item_t.setData(KIND, t.kind)
        item_t.setData(TEXT, t.text)


def render_png(svg: str, width: int) -> QImage:
    """Return the SVG *svg* rendered at *width* pixels wide (the height keeps the aspect ratio)."""
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    size = renderer.defaultSize()
    height = max(1, round(size.height() * width / max(1, size.width())))
    image = QImage(QSize(width, height), QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    renderer.render(painter)
    painter.end()
    return image


class AnatomyPane(QWidget):
    """Show the current tag's anatomy; export it as SVG or PNG, or copy it as an image."""

    exported = Signal(str)  # the path written

    def __init__(self, state: TagState, engine: TagEngine, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("AnatomyPane")
        self._state = state
        self._engine = engine
        self._layout: Layout | None = None
        self._dirty = True
        self.scene = QGraphicsScene(self)
        self.view = QGraphicsView(self.scene)
        self.view.setAccessibleName(self.tr("Tag anatomy diagram"))
        self.view.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.view.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        keep_left_to_right(self.view)  # the diagram reads left to right in an Arabic window too (issue 25)
        self.note = a11y.VerdictLabel()
        a11y.verdict(self.note, self.tr("Note about the diagram"))
        self.note.setWordWrap(True)
        self.theme_box = QComboBox()
        self.theme_box.setAccessibleName(self.tr("Diagram colours"))
        self.theme_box.setToolTip(self.tr("The diagram's colours, on screen and in the exports"))
        for key, label in (("app", self.tr("Like the app")), ("light", self.tr("Light")), ("dark", self.tr("Dark"))):
            self.theme_box.addItem(label, key)
        self.scale_box = QDoubleSpinBox()
        self.scale_box.setAccessibleName(self.tr("Export scale"))
        self.scale_box.setToolTip(self.tr("Size of the exported image: 1 is the size on screen, 3 suits slides"))
        self.scale_box.setRange(0.25, 10.0)
        self.scale_box.setSingleStep(0.5)
        self.scale_box.setValue(2.0)
        self.scale_box.setSuffix(" ×")
        bound(self.scale_box.lineEdit(), 32)  # a number: a paste of anything long is cut at once
        self.size_label = a11y.VerdictLabel()
        a11y.verdict(self.size_label, self.tr("Size of the PNG"))
        self.svg_button = QPushButton(self.tr("Export &SVG…"))
        self.png_button = QPushButton(self.tr("Export &PNG…"))
        self.copy_button = QPushButton(self.tr("&Copy image"))
        self.copy_button.setToolTip(self.tr("Copy the diagram to the clipboard as an image (and as SVG)"))
        describe(
            self.copy_button,
            self.tr("Copy image"),
            self.tr("Copy the diagram to the clipboard as an image (and as SVG)"),
        )
        describe(
            self.svg_button,
            self.tr("Export SVG"),
            self.tr("Save the diagram as SVG (text stays text), at the chosen colours and scale"),
        )
        describe(
            self.png_button,
            self.tr("Export PNG"),
            self.tr("Save the diagram as a PNG image at the chosen colours and scale"),
        )
        describe(
            self.view,
            self.tr("Tag anatomy diagram"),
            self.tr("The current tag as nested boxes; hover a box for its ABNF production"),
        )
        describe(self.view.viewport(), self.tr("Tag anatomy diagram"), self.tr("Hover a box for its ABNF production"))
        describe(self.scale_box.lineEdit(), self.tr("Export scale"), self.scale_box.toolTip())
        bar = QHBoxLayout()
        bar.addWidget(a11y.buddy(QLabel(self.tr("Colours:")), self.theme_box))
        bar.addWidget(self.theme_box)
        bar.addWidget(a11y.buddy(QLabel(self.tr("Scale:")), self.scale_box))
        bar.addWidget(self.scale_box)
        bar.addWidget(self.size_label)
        bar.addStretch(1)
        for b in (self.svg_button, self.png_button, self.copy_button):
            bar.addWidget(b)
        # The diagram's text twin: the same parts as a tree a screen reader (or a keyboard) can walk.
        self.twin = QTreeWidget()
        self.twin.setObjectName("anatomy_twin")
        self.twin.setColumnCount(len(TWIN_COLUMNS))
        self.twin.setHeaderLabels([self.tr(c) for c in TWIN_COLUMNS])
        self.twin.setAlternatingRowColors(True)
        self.twin.setUniformRowHeights(True)
        describe(
            self.twin,
            self.tr("Tag anatomy as text"),
            self.tr("The diagram's parts as a tree: each part, its text, span and rule"),
        )
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.view)
        self.splitter.addWidget(self.twin)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 1)
        # The pane's own zoom keys (they act while the focus is in this pane; the editor keeps its own).
        self._zoom = 1.0
        self._fitted = False
        self.zoom_actions: list[QAction] = []
        for text, keys, step in ((self.tr("Zoom the &diagram in"), ("Ctrl+=", "Ctrl++"), 1),
                                 (self.tr("Zoom the diagram o&ut"), ("Ctrl+-",), -1),
                                 (self.tr("&Fit the diagram to the pane"), ("Ctrl+0",), 0)):  # fmt: skip
            action = QAction(text, self)
            action.setShortcuts([QKeySequence(k) for k in keys])
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.setToolTip(f"{text.replace('&', '')} ({keys[0]})")
            action.triggered.connect(lambda _checked=False, s=step: self.zoom(s))
            self.addAction(action)
            self.zoom_actions.append(action)
        lay = QVBoxLayout(self)
        lay.addLayout(bar)
        lay.addWidget(self.note)
        lay.addWidget(self.splitter, 1)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(120)
        self._timer.timeout.connect(self.refresh)
        state.tag_changed.connect(self._on_state_tag_changed)
        self.theme_box.currentIndexChanged.connect(self._on_theme_box_changed)
        self.scale_box.valueChanged.connect(self._on_scale_box_changed)
        self.svg_button.clicked.connect(self._on_svg_button_clicked)
        self.png_button.clicked.connect(self._on_png_button_clicked)
        self.copy_button.clicked.connect(self._on_copy_button_clicked)
        self.refresh()

    # ------------------------------------------------------------------ state
    def theme(self) -> Theme:
        """Return the diagram theme chosen (following the app's palette by default)."""
        key = self.theme_box.currentData()
        if key not in THEMES:
            key = "dark" if is_dark(self.palette()) else "light"
        return THEMES[key]

    def current_layout(self) -> Layout | None:
        """Return the layout shown (None when the tag is too long to draw)."""
        if self._dirty:
            self.refresh()
        return self._layout

    def svg(self) -> str:
        """Return the diagram as SVG at the chosen scale and colours ("" when nothing is drawn)."""
        lay = self.current_layout()
        return to_svg(lay, self.theme(), self.scale_box.value()) if lay is not None else ""

    def image(self) -> QImage:
        """Return the diagram as an image at the chosen scale and colours."""
        lay = self.current_layout()
        if lay is None:
            return QImage()
        return render_png(self.svg(), max(1, round(lay.width * self.scale_box.value())))

    def refresh(self) -> None:
        """Redraw the diagram for the current tag."""
        self._timer.stop()
        self._dirty = False
        tag = self._state.tag()
        if len(tag) > MAX_DRAWN:
            self._layout = None
            self.scene.clear()
            self.note.setText(
                self.tr("The tag has {count} characters; the diagram draws tags of up to {limit}.").format(
                    count=format_number(len(tag)), limit=format_number(MAX_DRAWN)
                )
            )
            self._update_size()
            return
        a = anatomy(self._engine.check(tag))
        self._layout = layout(a)
        paint_layout(self.scene, self._layout, self.theme())
        self._fill_twin(a.root)
        if self._fitted:
            self.fit()
        if a.stop is not None:
            if a.stop.after:
                stopped = self.tr(
                    "<b>Not well-formed:</b> the grammar stopped at position {position} (after a {rule}); it "
                    "expected {expected}. The dashed line marks the place."
                )
            else:
                stopped = self.tr(
                    "<b>Not well-formed:</b> the grammar stopped at position {position} (at the start); it "
                    "expected {expected}. The dashed line marks the place."
                )
            self.note.setText(stopped.format(position=a.stop.start, rule=a.stop.after, expected=_esc(a.stop.expected)))
        else:
            self.note.setText(
                self.tr(
                    "Each box is a subtag with its role and the ABNF branch it matched; groups show their "
                    "production (RFC 5646 §2.1, RFC 6067, RFC 6497). Hover a box for details; the tree below lists "
                    "the same parts."
                )
            )
        self._update_size()

    def zoom(self, step: int) -> None:
        """Zoom the diagram in (+1) or out (-1) by ZOOM_STEP, or fit it to the pane (0)."""
        if step == 0:
            self._fitted = True
            self.fit()
            return
        self._fitted = False
        self._zoom = min(max(self._zoom * ZOOM_STEP**step, ZOOM_LIMITS[0]), ZOOM_LIMITS[1])
        self.view.resetTransform()
        self.view.scale(self._zoom, self._zoom)

    def fit(self) -> None:
        """Scale the diagram to fill the pane's width and height, keeping its proportions."""
        rect = self.scene.sceneRect()
        if rect.isEmpty():
            return
        self.view.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self._zoom = self.view.transform().m11()

    def zoom_factor(self) -> float:
        """Return the diagram's scale on screen (1.0: natural size)."""
        return float(self.view.transform().m11())

    def twin_lines(self) -> list[str]:
        """Return the text twin as indented lines (what a screen reader walks), for tests and copying."""
        out: list[str] = []

        def walk(item: QTreeWidgetItem | None, depth: int) -> None:
            if item is None:
                return
            out.append("  " * depth + " | ".join(item.text(c) for c in range(len(TWIN_COLUMNS))))
            for i in range(item.childCount()):
                walk(item.child(i), depth + 1)

        for i in range(self.twin.topLevelItemCount()):
            walk(self.twin.topLevelItem(i), 0)
        return out

    def _fill_twin(self, root: Part) -> None:
        self.twin.clear()

        def add(part: Part, parent: QTreeWidget | QTreeWidgetItem) -> None:
            label = self.tr("{part} (problem)").format(part=part.label) if part.problem else part.label
            # ABNF stays left to right: after an Arabic word "2*3ALPHA" would show as "3ALPHA*2".
            production = ltr_if_rtl(part.production) if part.production else ""
            rule = production or (self.tr("no rule accepts it") if part.problem else "")
            if part.matched:
                rule = self.tr("{rule} — matched {branch}").format(rule=rule, branch=ltr_if_rtl(part.matched))
            item = QTreeWidgetItem(parent, [label, ltr_if_rtl(part.text), ltr_if_rtl(f"{part.start}–{part.end}"), rule])
            item.setToolTip(3, rule)
            for child in part.children:
                add(child, item)

        add(root, self.twin)
        self.twin.expandAll()
        for column in range(len(TWIN_COLUMNS) - 1):
            self.twin.resizeColumnToContents(column)

    def _update_size(self) -> None:
        lay = self._layout
        if lay is None:
            self.size_label.setText("")
        else:
            s = self.scale_box.value()
            self.size_label.setText(
                self.tr("PNG {width} × {height} px").format(
                    width=format_number(round(lay.width * s)), height=format_number(round(lay.height * s))
                )
            )
        for b in (self.svg_button, self.png_button, self.copy_button):
            b.setEnabled(lay is not None)

    # ----------------------------------------------------------------- export
    def export_svg(self, path: str) -> bool:
        """Write the SVG to *path*; say why in the note when it cannot be written."""
        try:
            write_file(path, self.svg().encode("utf-8"))
        except OSError as exc:  # UnsafeWriteError too: a folder, a device, a link is refused
            self.note.setText(
                self.tr("<b>Cannot write {path}:</b> {reason}").format(
                    path=_esc(path), reason=_esc(exc.strerror or str(exc))
                )
            )
            return False
        self.exported.emit(path)
        return True

    def export_png(self, path: str) -> bool:
        """Write the PNG to *path*; say why in the note when it cannot be written."""
        blob = QByteArray()
        buffer = QBuffer(blob)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if not QImageWriter(buffer, QByteArray(b"png")).write(self.image()):
            self.note.setText(
                self.tr("<b>Cannot make the PNG for {path}</b> (the image may be too large).").format(path=_esc(path))
            )
            return False
        try:
            write_file(path, bytes(blob.data()))
        except OSError as exc:  # UnsafeWriteError too: a folder, a device, a link is refused
            self.note.setText(
                self.tr("<b>Cannot write {path}:</b> {reason}").format(
                    path=_esc(path), reason=_esc(exc.strerror or str(exc))
                )
            )
            return False
        self.exported.emit(path)
        return True

    def copy_image(self) -> None:
        """Put the diagram on the clipboard as an image and as SVG."""
        data = QMimeData()
        data.setImageData(self.image())
        data.setData("image/svg+xml", QByteArray(self.svg().encode("utf-8")))
        QGuiApplication.clipboard().setMimeData(data)

    # ------------------------------------------------------------------ slots
    def _on_state_tag_changed(self, _tag: str) -> None:
        self._dirty = True
        if self.isVisible():
            self._timer.start()

    def _on_theme_box_changed(self, _index: int) -> None:
        self.refresh()

    def _on_scale_box_changed(self, _value: float) -> None:
        self._update_size()

    def _on_svg_button_clicked(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Export the diagram as SVG"),
            _file_stem(self._state.tag(), "svg"),
            self.tr("SVG images (*.svg)"),
        )
        if path:
            self.export_svg(path)

    def _on_png_button_clicked(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Export the diagram as PNG"),
            _file_stem(self._state.tag(), "png"),
            self.tr("PNG images (*.png)"),
        )
        if path:
            self.export_png(path)

    def _on_copy_button_clicked(self) -> None:
        self.copy_image()

    def showEvent(self, event: QShowEvent) -> None:
        """Draw what changed while the pane was hidden."""
        if self._dirty:
            self.refresh()
        super().showEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        """Follow the app's palette when the colours are "like the app"."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self.theme_box.currentData() == "app":
            self._dirty = True
            if self.isVisible():
                self._timer.start()


def _file_stem(tag: str, suffix: str) -> str:
    stem = "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "_" for c in tag.strip())[:60]
    return f"anatomy-{stem or 'tag'}.{suffix}"


def _safe(text: str) -> str:
    """Return *text* without lone surrogates (undecodable bytes), which Qt cannot hold."""
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace") if not text.isascii() else text


def _esc(text: str) -> str:
    import html

    return html.escape(_safe(text))
