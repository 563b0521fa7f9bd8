"""The grammar walk-through pane: the ABNF with the rules the current tag used lit, stepped subtag by subtag.

The left side prints RFC 5646 §2.1 with the ``-u-`` and ``-t-`` rules; a rule the tag used is
marked ``●`` and shaded, the rule of the current step ``▶`` and shaded more strongly, and the
rules that could stand there but refused the subtag ``✗``. The right side lists the subtags
(the steps) and, for the current one, every candidate rule with its verdict and reason. All of
it comes from :func:`..core.walkthrough.walkthrough`; this pane only shows it.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, QEvent, QModelIndex, QTimer
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ..core.engine.tag import TagEngine
from ..core.grammar.abnf import ABNF_LINES
from ..core.teaching.walkthrough import Candidate, Walk, WalkStep, walkthrough
from ..core.text.catalogue import N_
from ..core.text.formats import format_number
from . import a11y
from .a11y import describe
from .anatomy_pane import MAX_DRAWN
from .i18n import ltr_if_rtl
from .roles import is_dark
from .state import TagState
from .table_model import Column, RowTableModel

__all__ = ["GrammarPane", "STEP_COLUMNS", "CANDIDATE_COLUMNS"]

STEP_COLUMNS: tuple[Column[WalkStep], ...] = (
    Column(N_("Subtag"), lambda s: _safe(s.text), header_tip=N_("The subtag, as written")),
    Column(
        N_("Accepted by"),
        lambda s: s.rule or QCoreApplication.translate("GrammarPane", "✗ no rule"),
        header_tip=N_("The ABNF rule that accepts the subtag here"),
    ),
    Column(N_("Place"), lambda s: s.zone, header_tip=N_("Where in the tag it stands: start, langtag, -u-, -t-, …")),
    # "0–2" stays left to right in an Arabic window (else the bidi algorithm shows "2–0").
    Column(N_("Span"), lambda s: ltr_if_rtl(f"{s.start}–{s.end}"), sort_key=lambda s: s.start),
)

CANDIDATE_COLUMNS: tuple[Column[Candidate], ...] = (
    Column(N_("Rule"), lambda c: c.rule),
    Column(
        N_("Verdict"),
        lambda c: (
            QCoreApplication.translate("GrammarPane", "✓ accepts")
            if c.accepted
            else QCoreApplication.translate("GrammarPane", "✗ refuses")
        ),
    ),
    Column(N_("Why"), lambda c: _safe(c.reason), tooltip=lambda c: _safe(c.reason)),
)


class GrammarPane(QWidget):
    """Step through the current tag subtag by subtag against the ABNF."""

    def __init__(self, state: TagState, engine: TagEngine, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("GrammarPane")
        self._state = state
        self._engine = engine
        self._walk: Walk | None = None
        self._step = 0
        self._dirty = True
        self.abnf = QTextBrowser()
        self.abnf.setAccessibleName(self.tr("ABNF of language tags"))
        self.abnf.setOpenLinks(False)
        self.steps_model: RowTableModel[WalkStep] = RowTableModel(STEP_COLUMNS, parent=self)
        self.steps = QTableView()
        self.steps.setAccessibleName(self.tr("Steps: one per subtag"))
        self.steps.setModel(self.steps_model)
        self.steps.setTabKeyNavigation(False)  # Tab leaves the table; arrows move inside it
        self.steps.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.steps.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.steps.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.steps.horizontalHeader().setStretchLastSection(True)
        self.steps.verticalHeader().hide()
        self.candidates_model: RowTableModel[Candidate] = RowTableModel(CANDIDATE_COLUMNS, parent=self)
        self.candidates = QTableView()
        self.candidates.setAccessibleName(self.tr("The rules that could stand here, and why they accept or refuse"))
        self.candidates.setModel(self.candidates_model)
        self.candidates.setTabKeyNavigation(False)
        self.candidates.setWordWrap(True)
        header = self.candidates.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.candidates.verticalHeader().hide()
        self.step_label = a11y.VerdictLabel()
        a11y.verdict(self.step_label, self.tr("Current step"))
        self.step_label.setWordWrap(True)
        self.prev_button = QPushButton(self.tr("◀ &Previous subtag"))
        self.next_button = QPushButton(self.tr("Next s&ubtag ▶"))
        describe(
            self.abnf,
            self.tr("ABNF of language tags"),
            self.tr(
                "RFC 5646 §2.1 with the -u- (RFC 6067) and -t- (RFC 6497) rules; the rules this tag used are marked"
            ),
        )
        describe(
            self.steps,
            self.tr("Steps: one per subtag"),
            self.tr("Each subtag of the current tag and the rule that accepts it"),
        )
        describe(
            self.candidates,
            self.tr("Candidate rules"),
            self.tr("The rules that could stand at this place, and why they accept or refuse the subtag"),
        )
        describe(self.prev_button, self.tr("Previous subtag"), self.tr("Step back to the previous subtag"))
        describe(self.next_button, self.tr("Next subtag"), self.tr("Step on to the next subtag"))
        nav = QHBoxLayout()
        nav.addWidget(self.prev_button)
        nav.addWidget(self.next_button)
        nav.addStretch(1)
        right = QWidget()
        rl = QVBoxLayout(right)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addLayout(nav)
        rl.addWidget(self.steps, 1)
        rl.addWidget(self.step_label)
        rl.addWidget(self.candidates, 2)
        self.splitter = QSplitter()
        self.splitter.addWidget(self.abnf)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)
        legend = QLabel(
            self.tr(
                "● a rule this tag used   ▶ the rule that accepts the current subtag   "
                "✗ a rule that could stand here but refuses it"
            )
        )
        legend.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.addWidget(legend)
        lay.addWidget(self.splitter, 1)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(120)
        self._timer.timeout.connect(self.refresh)
        state.tag_changed.connect(self._on_state_tag_changed)
        self.prev_button.clicked.connect(self._on_prev_button_clicked)
        self.next_button.clicked.connect(self._on_next_button_clicked)
        self.steps.clicked.connect(self._on_steps_clicked)
        self.steps.selectionModel().currentRowChanged.connect(self._on_steps_current_changed)
        self.refresh()

    def walk(self) -> Walk | None:
        """Return the walk-through shown (None when the tag is too long)."""
        if self._dirty:
            self.refresh()
        return self._walk

    def current_step(self) -> int:
        """Return the index of the current step."""
        return self._step

    def refresh(self) -> None:
        """Recompute the walk-through for the current tag and show its first step."""
        self._timer.stop()
        self._dirty = False
        tag = self._state.tag()
        if len(tag) > MAX_DRAWN:
            self._walk = None
            self.steps_model.set_rows([])
            self.candidates_model.set_rows([])
            self.step_label.setText(
                self.tr("The tag has {count} characters; the walk-through takes up to {limit}.").format(
                    count=format_number(len(tag)), limit=format_number(MAX_DRAWN)
                )
            )
            self._render_abnf()
            return
        self._walk = walkthrough(self._engine.check(tag))
        self.steps_model.set_rows(self._walk.steps)
        self.set_step(0)

    def set_step(self, index: int) -> None:
        """Make step *index* the current one (clamped to the steps there are)."""
        walk = self._walk
        n = len(walk.steps) if walk is not None else 0
        self._step = max(0, min(index, n - 1)) if n else 0
        self.prev_button.setEnabled(self._step > 0)
        self.next_button.setEnabled(self._step < n - 1)
        if walk is None or not n:
            self.candidates_model.set_rows([])
            self.step_label.setText(self.tr("No subtags: type a tag in the editor.") if walk is not None else "")
            self._render_abnf()
            return
        step = walk.steps[self._step]
        if self.steps.currentIndex().row() != self._step:
            self.steps.selectRow(self._step)
        self.candidates_model.set_rows(step.candidates)
        QTimer.singleShot(
            0, self.candidates, self.candidates.resizeRowsToContents
        )  # once the columns have their widths
        if step.rule:
            text = self.tr("Step {step} of {count}: <code>{subtag}</code> — accepted by <b>{rule}</b>")
        else:
            text = self.tr("Step {step} of {count}: <code>{subtag}</code> — <b>accepted by no rule</b>")
        text = text.format(
            step=format_number(self._step + 1), count=format_number(n), subtag=_esc(step.text), rule=step.rule
        )
        if step.error:
            text += "<br>" + self.tr("The engine: {message}").format(message=_esc(step.error))
        if step.validity:
            # Well-formed (the grammar accepts the subtag), but not valid: a finding of its own.
            text += "<br>" + self.tr("Validity (RFC 5646 §2.2.9), apart from the grammar: {message}").format(
                message=_esc(step.validity)
            )
        if self._step == n - 1 and walk.stop is not None:
            text += "<br>" + self.tr("The grammar stopped at position {position}; it expected {expected}.").format(
                position=walk.stop.start, expected=_esc(walk.stop.expected)
            )
        self.step_label.setText(text)
        self._render_abnf()

    def lit_rules(self) -> dict[str, str]:
        """Return the marks of the ABNF view: rule name -> "●" (used), "▶" (current step), "✗" (refused here)."""
        marks: dict[str, str] = {}
        walk = self._walk
        if walk is None:
            return marks
        for rule in walk.used_up_to(self._step):  # only what the tag has used up to this step
            marks[rule] = "●"
        if walk.steps:
            step = walk.steps[self._step]
            for c in step.candidates:
                if not c.accepted:
                    marks[c.rule] = "✗"
            if step.rule:
                marks[step.rule] = "▶"
        return marks

    def _render_abnf(self) -> None:
        marks = self.lit_rules()
        dark = is_dark(self.palette())
        used_bg, current_bg = ("#3a3a1a", "#6b5a00") if dark else ("#fff4c2", "#ffd84d")
        muted = "#9a9a9a" if dark else "#6e6e6e"
        rows = []
        for name, line in ABNF_LINES:
            mark = marks.get(name, " ") if name else " "
            text = html.escape(line)
            if not name:
                rows.append(f'<span style="color:{muted}">  {text}</span>')
            elif mark == "▶":
                rows.append(f'<span style="background:{current_bg}"><b>▶ {text}</b></span>')
            elif mark == "●":
                rows.append(f'<span style="background:{used_bg}">● {text}</span>')
            elif mark == "✗":
                rows.append(f'<span style="color:{muted}">✗ {text}</span>')
            else:
                rows.append(f"  {text}")
        self.abnf.setHtml("<pre>" + "\n".join(rows) + "</pre>")

    # ------------------------------------------------------------------ slots
    def _on_state_tag_changed(self, _tag: str) -> None:
        self._dirty = True
        if self.isVisible():
            self._timer.start()

    def _on_prev_button_clicked(self) -> None:
        self.set_step(self._step - 1)

    def _on_next_button_clicked(self) -> None:
        self.set_step(self._step + 1)

    def _on_steps_clicked(self, index: QModelIndex) -> None:
        self.set_step(index.row())

    def _on_steps_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid() and current.row() != self._step:
            self.set_step(current.row())

    def showEvent(self, event: QShowEvent) -> None:
        """Catch up with the tag changed while the pane was hidden."""
        if self._dirty:
            self.refresh()
        super().showEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        """Repaint the shading for a light or dark palette."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and not self._dirty:
            self._render_abnf()


def _safe(text: str) -> str:
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace") if not text.isascii() else text


def _esc(text: str) -> str:
    return html.escape(_safe(text))
