"""The About dialog: version, the bundled data's editions and their licences."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from .. import __version__
from ..core import data
from .app_icon import app_icon
from .i18n import shown_date

if TYPE_CHECKING:  # the registry's modules are imported when the dialog opens, not at start-up (app_icon)
    from ..core.registry.model import Registry

__all__ = ["APP_ID", "APP_NAME", "AboutDialog", "AboutFacts", "about_facts", "app_icon"]

APP_NAME = "BCP 47 Explorer"
#: The reverse-DNS id used by the desktop entry, the AppStream metainfo and the icon names.
APP_ID = "io.github.bcp47explorer.BCP47Explorer"
CLDR_LICENCE_FILE = "LICENSE-CLDR"

REGISTRY_URL = "https://www.iana.org/assignments/language-subtag-registry/language-subtag-registry"
IANA_TERMS_URL = "https://www.iana.org/help/licensing-terms"
RFC_URL = "https://www.rfc-editor.org/info/bcp47"
CLDR_URL = "https://cldr.unicode.org/"
#: The project's home and bug tracker (also in pyproject.toml and the AppStream metainfo; a test compares them).
HOMEPAGE_URL = "https://github.com/bcp47explorer/bcp47-explorer"
BUG_TRACKER_URL = f"{HOMEPAGE_URL}/issues"
UNICODE_LICENSE_URL = "https://www.unicode.org/license.txt"

NOT_BUNDLED = "not bundled in this build"


@dataclass(frozen=True, slots=True)
class AboutFacts:
    """What the About dialog states, gathered without Qt so it can be checked directly."""

    version: str
    registry_date: str
    registry_source: str
    extensions_date: str
    cldr_version: str
    cldr_licence_text: str | None


_T = TypeVar("_T")


def _attempt(load: Callable[[], _T]) -> _T | None:
    """Return *load()*, or None when the data is missing or broken (the dialog must still open)."""
    try:
        return load()
    except (data.DataError, ValueError, OSError):
        # RegistryError and the CLDR loader's errors derive from ValueError or DataError.
        return None


def about_facts(registry: Registry | None = None) -> AboutFacts:
    """Collect the version and the data editions (*registry* if given, else the bundled one)."""
    from ..core.registry.update import registry_label

    if registry is None:
        registry = _attempt(data.bundled_registry)
    extensions = _attempt(data.bundled_extensions_registry)
    cldr = _attempt(data.bundled_cldr)
    if cldr is not None:
        package = cldr.package_version
        cldr_version = f"CLDR {cldr.version}" + (f" (cldr-bcp47 {package})" if package else "")
    else:
        cldr_version = NOT_BUNDLED
    licence_path = _attempt(lambda: data.resource_path(CLDR_LICENCE_FILE))
    licence_text = None
    if licence_path is not None and licence_path.is_file():
        licence_text = _attempt(lambda: data.read_text(licence_path))
    return AboutFacts(
        version=__version__,
        registry_date=registry.file_date if registry is not None else NOT_BUNDLED,
        registry_source=registry_label(registry) if registry is not None else NOT_BUNDLED,
        extensions_date=extensions.file_date if extensions is not None else NOT_BUNDLED,
        cldr_version=cldr_version,
        cldr_licence_text=licence_text,
    )


def _link(url: str, text: str) -> str:
    return f'<a href="{html.escape(url)}">{html.escape(text)}</a>'


def about_html(facts: AboutFacts) -> str:
    """Return the dialog's rich text for *facts*."""
    e = html.escape

    def tr(text: str) -> str:
        return QCoreApplication.translate("AboutDialog", text)

    rows = [
        (tr("Version"), e(facts.version)),
        (
            tr("Language Subtag Registry"),
            tr("File-Date {date} ({source})").format(
                date=e(shown_date(facts.registry_date)), source=e(facts.registry_source)
            ),
        ),
        (tr("Extensions Registry"), tr("File-Date {date}").format(date=e(shown_date(facts.extensions_date)))),
        (tr("CLDR BCP 47 data"), e(facts.cldr_version)),
    ]
    table = "".join(f"<tr><td><b>{name}</b>&nbsp;&nbsp;</td><td>{value}</td></tr>" for name, value in rows)
    if facts.cldr_licence_text:
        cldr_licence = tr("Unicode License v3 (text below)")
    else:
        cldr_licence = tr("Unicode License v3 ({licence_text})").format(
            licence_text=_link(UNICODE_LICENSE_URL, tr("licence text"))
        )
    return (
        f"<h2>{e(APP_NAME)} {e(facts.version)}</h2>"
        + "<p>"
        + tr("Check, explain and build BCP 47 language tags.")
        + f"</p><table>{table}</table><p>"
        + _link(HOMEPAGE_URL, tr("Homepage"))
        + " · "
        + _link(BUG_TRACKER_URL, tr("Report a bug"))
        + "</p><h3>"
        + tr("Data and licences")
        + "</h3><ul><li>"
        + tr(
            "{registry} and Language Tag Extensions Registry: factual registry data that IANA and the IETF Trust "
            "dedicate to the public domain under CC0 1.0 ({terms})."
        ).format(
            registry=_link(REGISTRY_URL, tr("IANA Language Subtag Registry")),
            terms=_link(IANA_TERMS_URL, tr("licensing terms")),
        )
        + "</li><li>"
        + tr("{cldr} BCP 47 keys and types and locale display names: © Unicode, Inc., {licence}.").format(
            cldr=_link(CLDR_URL, "Unicode CLDR"), licence=cldr_licence
        )
        + "</li><li>"
        + tr("This program: MIT License.")
        + "</li></ul>"
        + f"<p>{_link(RFC_URL, 'BCP 47 (RFC 5646, RFC 4647)')}</p>"
    )


class AboutDialog(QDialog):
    """Show the app's version, the bundled data's editions and their licences."""

    def __init__(
        self, parent: QWidget | None = None, facts: AboutFacts | None = None, *, registry: Registry | None = None
    ) -> None:
        super().__init__(parent)
        # The main window may run on another registry file (--registry): it passes the one in use.
        self.facts = facts if facts is not None else about_facts(registry)
        self.setWindowTitle(self.tr("About {app}").format(app=APP_NAME))
        self.setWindowIcon(app_icon())
        layout = QVBoxLayout(self)

        self.icon_label = QLabel(self)
        self.icon_label.setPixmap(app_icon().pixmap(64, 64))
        layout.addWidget(self.icon_label)

        self.text_label = QLabel(about_html(self.facts), self)
        self.text_label.setObjectName("about_text")
        self.text_label.setWordWrap(True)
        self.text_label.setOpenExternalLinks(True)
        layout.addWidget(self.text_label)

        self.licence_view: QPlainTextEdit | None = None
        if self.facts.cldr_licence_text:
            self.licence_view = QPlainTextEdit(self.facts.cldr_licence_text, self)
            self.licence_view.setObjectName("cldr_licence")
            self.licence_view.setReadOnly(True)
            self.licence_view.setTabChangesFocus(True)
            # The licence is hard-wrapped already; soft wrapping on top breaks its lines in two.
            self.licence_view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
            self.licence_view.setMinimumHeight(140)
            layout.addWidget(self.licence_view)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(520, self.sizeHint().height())

    def plain_text(self) -> str:
        """Return the dialog's text without markup (what a reader sees)."""
        from PySide6.QtGui import QTextDocument

        doc = QTextDocument()
        doc.setHtml(self.text_label.text())
        return doc.toPlainText()
