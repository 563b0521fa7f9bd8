"""The matching playground: RFC 4647 basic filtering, extended filtering and lookup side by side, with traces.

An Accept-Language value (or a plain list of desired languages) and the available tags (typed,
pasted or from a file; separated by new lines, commas or spaces) go to the three schemes of
:mod:`..core.matching` at once; each column shows its result and its trace: which range
matched which tag, and for lookup the fallback chain step by step. Problems in the priority
list are shown with a marker under their place; available tags that are not valid get a note
(RFC 4647 compares text and never asks). A fourth column shows the CLDR best fit with
its distance (UTS #35 Part 1 §4.4, :mod:`..core.bestfit`): the desired languages are the
ranges without ``*``, each maximized with likely subtags and compared by CLDR's distances, with
the level steps, the closest pairs and the parent-locale fallback (§4.1), as ``bcp47 match
--best-fit`` prints them; it is a different standard from RFC 4647 and labelled so.
"""

from __future__ import annotations

import html
from functools import partial

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import (
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ..core.batch.lines import decode
from ..core.build.localeinfo import matcher_for
from ..core.data import DataError
from ..core.engine.tag import TagEngine
from ..core.grammar.problems import marker as draw_marker
from ..core.matching.bestfit import DEMOTION, THRESHOLD, BestFit, Matcher
from ..core.matching.rfc4647 import (
    FilterResult,
    LookupResult,
    PriorityList,
    basic_filter,
    extended_filter,
    format_q,
    lookup,
    parse_accept_language,
)
from . import a11y
from .a11y import describe
from .bounded import SEARCH_MAX, VALUE_MAX, bound
from .i18n import with_isolated_quotes
from .lazy_view import LazyTextBrowser

__all__ = ["MatchingPane", "split_tags", "CANDIDATES"]

#: How many of the closest desired/supported pairs the best-fit column lists (as bcp47 match --best-fit).
CANDIDATES = 5


def split_tags(text: str) -> list[str]:
    """Return the tags in *text*, separated by new lines, commas or white space, in order.

    >>> split_tags("de-CH, fr\\n  en-US  es")
    ['de-CH', 'fr', 'en-US', 'es']
    """
    return text.replace(",", " ").split()


class MatchingPane(QWidget):
    """Try an Accept-Language list against available tags with every RFC 4647 scheme at once."""

    def __init__(self, engine: TagEngine, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("MatchingPane")
        self._engine = engine
        self.ranges = QLineEdit("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")
        bound(self.ranges, VALUE_MAX)
        self.ranges.setAccessibleName(self.tr("Accept-Language"))
        self.ranges.setToolTip(self.tr("A priority list as in HTTP Accept-Language: ranges with optional q weights"))
        self.default = QLineEdit()
        bound(self.default, SEARCH_MAX)
        self.default.setAccessibleName(self.tr("Lookup default"))
        self.default.setPlaceholderText(self.tr("(none)"))
        self.default.setToolTip(self.tr("What lookup answers when no range finds a tag (RFC 4647 leaves it to you)"))
        self.tags = QPlainTextEdit("de de-CH fr fr-CA fr-CH-1996 en-GB en-US-x-twain es-419 zh-Hant-TW")
        self.tags.setAccessibleName(self.tr("Available tags"))
        self.tags.setTabChangesFocus(True)  # Tab moves on: a tab character is no separator and no tag
        self.tags.setMaximumHeight(90)
        self.open_button = QPushButton(self.tr("Open tags file…"))
        self.problems = a11y.VerdictLabel()
        a11y.verdict(self.problems, self.tr("Problems with the lists"))
        self.problems.setWordWrap(True)
        describe(
            self.tags, self.tr("Available tags"), self.tr("The tags on offer, separated by new lines, commas or spaces")
        )
        describe(self.open_button, self.tr("Open tags file"), self.tr("Take the available tags from a text file"))
        form = QFormLayout()
        form.addRow(self.tr("Accept-Language:"), self.ranges)
        tags_row = QHBoxLayout()
        tags_row.addWidget(self.tags, 1)
        tags_row.addWidget(self.open_button)
        form.addRow(self.tr("Available tags:"), tags_row)
        form.addRow(self.tr("Lookup default:"), self.default)
        self.basic = self._column(self.tr("Basic filtering (RFC 4647 §3.3.1)"))
        self.extended = self._column(self.tr("Extended filtering (RFC 4647 §3.3.2)"))
        self.lookup = self._column(self.tr("Lookup (RFC 4647 §3.4)"))
        self.best_fit = self._column(self.tr("CLDR best fit (UTS #35 §4.4)"))
        self._matcher: Matcher | None = None
        self._matcher_problem = ""
        cols = QHBoxLayout()
        for title, view in (
            (self.tr("Basic filtering (RFC 4647 §3.3.1)"), self.basic),
            (self.tr("Extended filtering (RFC 4647 §3.3.2)"), self.extended),
            (self.tr("Lookup (RFC 4647 §3.4)"), self.lookup),
            (self.tr("CLDR best fit (UTS #35 §4.4, not RFC 4647)"), self.best_fit),
        ):
            box = QGroupBox(title)
            bl = QVBoxLayout(box)
            bl.addWidget(view)
            cols.addWidget(box, 1)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(self.problems)
        lay.addLayout(cols, 1)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(150)
        self._timer.timeout.connect(self.refresh)
        self.ranges.textChanged.connect(self._on_input_changed)
        self.default.textChanged.connect(self._on_input_changed)
        self.tags.textChanged.connect(self._on_input_changed)
        self.open_button.clicked.connect(self._on_open_button_clicked)
        self.results: tuple[PriorityList, FilterResult, FilterResult, LookupResult] | None = None
        self._fit: BestFit | None = None
        self.refresh()

    @staticmethod
    def _column(name: str) -> LazyTextBrowser:
        view = LazyTextBrowser()
        describe(
            view, name, QCoreApplication.translate("MatchingPane", "{name}: the result and its trace").format(name=name)
        )
        view.setOpenLinks(False)
        return view

    def set_inputs(self, ranges: str, tags: list[str] | str, default: str = "") -> None:
        """Fill the fields and show the results at once."""
        self.ranges.setText(ranges)
        self.tags.setPlainText(tags if isinstance(tags, str) else "\n".join(tags))
        self.default.setText(default)
        self.refresh()

    def load_tags_file(self, path: str) -> bool:
        """Take the available tags from the file at *path*; say why in the pane when it cannot be read."""
        try:
            with open(path, "rb") as f:
                text = decode(f.read(4 << 20))
        except OSError as exc:
            a11y.show(
                self.problems,
                self.tr("<b>Cannot read {path}:</b> {reason}").format(
                    path=html.escape(path), reason=html.escape(exc.strerror or str(exc))
                ),
            )
            return False
        # Bytes that are not UTF-8 become U+FFFD, each a tag the notes will call not well-formed.
        self.tags.setPlainText(text.encode("utf-8", "surrogateescape").decode("utf-8", "replace"))
        return True

    def refresh(self) -> None:
        """Run the three schemes on the current inputs."""
        self._timer.stop()
        plist = parse_accept_language(self.ranges.text())
        tags = split_tags(self.tags.toPlainText())
        default = self.default.text().strip() or None
        notes = [self._problem_html(plist, p.message, p.start, p.end, p.severity) for p in plist.problems]
        for tag in dict.fromkeys(tags):
            r = self._engine.check(tag)
            if not r.valid:
                first = r.errors[0].message if r.errors else ""
                if r.well_formed:
                    note = self.tr("note: available tag <code>{tag}</code> is not valid: {message}")
                else:
                    note = self.tr("note: available tag <code>{tag}</code> is not well-formed: {message}")
                notes.append(note.format(tag=html.escape(tag), message=html.escape(with_isolated_quotes(first))))
        a11y.show(self.problems, "<br>".join(notes))
        if plist.errors:
            msg = self.tr("<p><b>The priority list has errors</b> (above); fix them to see the results.</p>")
            for view in (self.basic, self.extended, self.lookup, self.best_fit):
                view.setHtml(msg)
            self.results = None
            self._fit = None
            return
        basic, ext, look = basic_filter(plist, tags), extended_filter(plist, tags), lookup(plist, tags, default)
        self.results = (plist, basic, ext, look)
        self.basic.setHtml(self._filter_html(plist, basic))
        self.extended.setHtml(self._filter_html(plist, ext))
        self.lookup.setHtml(self._lookup_html(plist, look, default))
        # The CLDR matcher takes a while to build: the best fit is worked out when its view is first seen or read.
        self.best_fit.set_html_later(partial(self._best_fit_html, plist, tags, default))

    @property
    def fit(self) -> BestFit | None:
        """Return the CLDR best fit of the current inputs (None when the list has errors or the data is missing)."""
        self.best_fit.flush()
        return self._fit

    # --------------------------------------------------------------- rendering
    @staticmethod
    def _problem_html(plist: PriorityList, message: str, start: int, end: int, severity: str) -> str:
        marker = ""
        if plist.text.strip() and end > start:
            marker = f"<pre style='margin:0'>{html.escape(draw_marker(plist.text, start, end, ''))}</pre>"
        return f"{html.escape(severity)}: {html.escape(message)}{marker}"

    @staticmethod
    def _priority_html(plist: PriorityList) -> str:
        items = "".join(f"<li><code>{html.escape(r.text)}</code> (q={format_q(r.q)})</li>" for r in plist.ranges)
        out = QCoreApplication.translate("MatchingPane", "<p>Priority list, highest first:</p>") + f"<ol>{items}</ol>"
        if plist.excluded:
            left = ", ".join(f"<code>{html.escape(r.text)}</code>" for r in plist.excluded)
            out += QCoreApplication.translate("MatchingPane", "<p>Left out (q=0, not acceptable): {tags}</p>").format(
                tags=left
            )
        return out

    def _filter_html(self, plist: PriorityList, result: FilterResult) -> str:
        tags = ", ".join(f"<b>{html.escape(t)}</b>" for t in result.tags) or self.tr("<i>nothing matched</i>")
        out = [
            self.tr("<p>Result: {tags}</p>").format(tags=tags),
            self._priority_html(plist),
            self.tr("<p>Trace:</p>") + "<ul>",
        ]
        applied = {r.text for r in result.ranges}
        matched_before = False
        for rng in plist.ranges:
            if rng.text not in applied:
                skipped = self.tr("<code>{range}</code>: skipped (see the notes)").format(range=html.escape(rng.text))
                out.append(f"<li>{skipped}</li>")
                continue
            mine = [m.tag for m in result.matches if m.range == rng.text]
            code = f"<code>{html.escape(rng.text)}</code>"
            if mine:
                line = self.tr("range {range} matches: {tags}").format(
                    range=code, tags=", ".join(html.escape(t) for t in mine)
                )
            elif matched_before:  # it may match tags a range above took already: none is new
                line = self.tr("range {range} matches no tag that a range above had not matched").format(range=code)
            else:
                line = self.tr("range {range} matches no tag").format(range=code)
            matched_before = matched_before or bool(mine)
            out.append(f"<li>{line}</li>")
        out.append("</ul>")
        if result.unmatched:
            out.append(self.tr("<p>No range matches: {tags}</p>").format(tags=html.escape(", ".join(result.unmatched))))
        for p in result.problems:
            if p.code in ("extended-range",):
                out.append(f"<p><i>{html.escape(with_isolated_quotes(p.message))}</i></p>")
        return "".join(out)

    def _lookup_html(self, plist: PriorityList, result: LookupResult, default: str | None) -> str:
        if result.matched:
            found, rng = html.escape(result.tag or ""), html.escape(result.range or "")
            head = self.tr("<p>Result: <b>{tag}</b> (from range <code>{range}</code>)</p>").format(tag=found, range=rng)
        elif default is not None:
            head = self.tr("<p>Result: <b>{tag}</b> (the default: no range matched)</p>").format(
                tag=html.escape(default)
            )
        else:
            head = self.tr("<p>Result: <i>nothing matched and no default is set</i></p>")
        out = [head, self._priority_html(plist), self.tr("<p>Fallback chain:</p>") + "<ol>"]
        for step in result.chain:
            if step.matched is not None:
                line = self.tr("<code>{candidate}</code> (range {range}) → matches <b>{tag}</b>")
            else:
                line = self.tr("<code>{candidate}</code> (range {range}) → no tag")
            fields = {"candidate": html.escape(step.candidate), "range": html.escape(step.range)}
            out.append(f"<li>{line.format(tag=html.escape(step.matched or ''), **fields)}</li>")
        if not result.matched and default is not None:
            out.append("<li>" + self.tr("(default) → {tag}").format(tag=html.escape(default)) + "</li>")
        out.append("</ol>")
        for p in result.problems:
            if p.code == "wildcard-ignored":
                out.append(f"<p><i>{html.escape(with_isolated_quotes(p.message))}</i></p>")
        return "".join(out)

    def matcher(self) -> Matcher | None:
        """Return the CLDR language matcher (built on first use; None when its data cannot be loaded)."""
        if self._matcher is None and not self._matcher_problem:
            try:
                self._matcher = matcher_for(self._engine)
            except DataError as exc:
                self._matcher_problem = str(exc)
        return self._matcher

    def _best_fit_html(self, plist: PriorityList, tags: list[str], default: str | None) -> str:
        matcher = self.matcher()
        if matcher is None:
            self._fit = None
            return self.tr("<p><b>The CLDR matching data cannot be loaded:</b> {reason}</p>").format(
                reason=html.escape(self._matcher_problem)
            )
        desired = [r.text for r in plist.ranges if r.text != "*"]
        fit = self._fit = matcher.best_fit(desired, tags, default=default)
        if fit.matched:
            if fit.effective != fit.distance:
                head = self.tr(
                    "<p>Result: <b>{supported}</b> for <code>{desired}</code>, distance {distance} (with the demotion "
                    "{effective})</p>"
                )
            else:
                head = self.tr("<p>Result: <b>{supported}</b> for <code>{desired}</code>, distance {distance}</p>")
            head = head.format(
                supported=html.escape(fit.supported or ""),
                desired=html.escape(fit.desired or ""),
                distance=fit.distance,
                effective=fit.effective,
            )
        else:
            answer = html.escape(fit.supported) if fit.supported else self.tr("<i>nothing</i>")
            head = self.tr(
                "<p>Result: <b>{tag}</b> (the default: no supported tag within distance {threshold})</p>"
            ).format(tag=answer, threshold=THRESHOLD)
        out = [head, f"<p><i>{html.escape(fit.reason)}</i></p>"]
        if fit.best is not None and fit.matched:
            out.append(self.tr("<p>Levels:</p>") + "<ul>")
            for step in fit.best.steps:
                rule = (
                    " — " + self.tr("rule {rule}").format(rule=html.escape(str(step.rule)))
                    if step.rule is not None
                    else ""
                )
                out.append(
                    f"<li>{html.escape(step.level)}: {html.escape(step.desired)} ~ "
                    f"{html.escape(step.supported)} = {step.distance}{rule}</li>"
                )
            out.append("</ul>")
        if fit.candidates:
            out.append(self.tr("<p>Closest pairs (distance with demotion, desired ~ supported):</p>") + "<ol>")
            for eff, d in fit.closest(CANDIDATES):
                demoted = (
                    " "
                    + self.tr("(distance {distance} + demotion {demotion})").format(
                        distance=d.total, demotion=eff - d.total
                    )
                    if eff != d.total
                    else ""
                )
                out.append(
                    f"<li>{eff}: {html.escape(d.desired)} ({html.escape(d.desired_max)}) ~ "
                    f"{html.escape(d.supported)} ({html.escape(d.supported_max)}){demoted}</li>"
                )
            out.append("</ol>")
        if desired:
            chain = matcher.data.parent_chain(desired[0])
            out.append(
                self.tr("<p>Parent-locale fallback of {tag} (UTS #35 §4.1): {chain}</p>").format(
                    tag=html.escape(desired[0]), chain=html.escape(" → ".join(chain))
                )
            )
        if len(desired) != len(plist.ranges):
            out.append(self.tr("<p><i>'*' names no language to match and is left out of the best fit.</i></p>"))
        out.append(
            self.tr(
                "<p>Threshold {threshold}, demotion {demotion} per later desired language (ICU's defaults).</p>"
            ).format(threshold=THRESHOLD, demotion=DEMOTION)
        )
        return "".join(out)

    # ------------------------------------------------------------------ slots
    def _on_input_changed(self, *_args: object) -> None:
        self._timer.start()

    def _on_open_button_clicked(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Open a list of available tags"), "", self.tr("Text files (*.txt);;All files (*)")
        )
        if path:
            self.load_tags_file(path)
