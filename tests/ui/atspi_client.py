"""A real AT-SPI client (what Orca uses) that reads the running app and prints what it read as JSON.

Run by ``test_atspi_live.py`` with the system's Python, which has ``pyatspi`` (Debian's python3-pyatspi); it is
not imported by the suite. It finds ``bcp47-explorer`` on the desktop's accessibility bus, reads each pane's
verdict and count labels by their accessible names, types tags through AT-SPI's EditableText interface, presses
buttons and tabs through their Action interface, and records the ``object:announcement`` events the app posts.
Every wait is bounded; the result is one JSON object on stdout.
"""

from __future__ import annotations

import json
import sys
import time

import pyatspi  # type: ignore[import-not-found]
from gi.repository import GLib  # type: ignore[import-not-found]

APP_NAME = "bcp47-explorer"
SKIP_ROLES = {"table", "tree table", "list", "tree", "menu bar", "tool bar"}  # big views: never walked
HEARD: list[dict[str, object]] = []


def on_event(event) -> None:  # type: ignore[no-untyped-def]
    try:
        source = event.source.name
        role = event.source.getRoleName()
    except Exception:  # the source may be gone already
        source, role = "", ""
    HEARD.append({"type": event.type, "text": str(event.any_data), "politeness": event.detail1,
                  "source": source, "role": role, "at": time.monotonic()})  # fmt: skip


def pump(seconds: float) -> None:
    """Let events arrive for *seconds*."""
    ctx = GLib.MainContext.default()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if not ctx.iteration(False):
            time.sleep(0.02)


def until(pred, timeout: float, what: str):  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            value = pred()
        except Exception:  # the tree changes under us while the app works
            value = None
        if value:
            return value
        pump(0.1)
    raise SystemExit(json.dumps({"error": f"timed out waiting for {what}"}))


def the_app():  # type: ignore[no-untyped-def]
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        child = desktop.getChildAtIndex(i)
        if child is not None and child.name == APP_NAME:
            return child
    return None


def walk(node):  # type: ignore[no-untyped-def]
    yield node
    if node.getRoleName() in SKIP_ROLES:
        return
    for i in range(node.childCount):
        child = node.getChildAtIndex(i)
        if child is not None and child.getState().contains(pyatspi.STATE_SHOWING):
            yield from walk(child)


def find(app, role: str, *, name: str | None = None, description: str | None = None):  # type: ignore[no-untyped-def]
    for node in walk(app):
        if node.getRoleName() != role:
            continue
        if name is not None and node.name != name:
            continue
        if description is not None and node.description != description:
            continue
        return node
    return None


def labels(app) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Every showing label with a description (what it is) mapped to its name (what it shows)."""
    return {n.description: n.name for n in walk(app) if n.getRoleName() == "label" and n.description}


def text_of(node) -> str:  # type: ignore[no-untyped-def]
    return str(node.queryText().getText(0, -1))


def type_into(node, text: str) -> None:  # type: ignore[no-untyped-def]
    """Replace *node*'s text as a screen reader user's typing arrives: through EditableText."""
    editable = node.queryEditableText()
    editable.deleteText(0, node.queryText().characterCount)
    editable.insertText(0, text, len(text.encode("utf-8")))


def press(node) -> None:  # type: ignore[no-untyped-def]
    node.queryAction().doAction(0)


def open_pane(app, title: str) -> None:  # type: ignore[no-untyped-def]
    press(until(lambda: find(app, "page tab", name=title), 10, f"the tab {title}"))
    until(lambda: find(app, "page tab", name=title).getState().contains(pyatspi.STATE_SELECTED), 10, title)
    pump(0.3)


def announced_since(mark: int) -> list[dict[str, object]]:
    return [e for e in HEARD[mark:] if e["type"] == "object:announcement"]


def hear(mark: int, text: str | None, timeout: float = 20) -> None:
    """Wait (bounded, without failing) until *text* is announced after *mark*, then a moment for the rest."""
    end = time.monotonic() + timeout
    while text and time.monotonic() < end and not any(e["text"] == text for e in announced_since(mark)):
        pump(0.1)
    pump(0.8)  # one flush posts every queued label's text together


def main() -> None:
    app = until(the_app, float(sys.argv[1]) if len(sys.argv) > 1 else 60, "the app on the accessibility bus")
    pyatspi.Registry.registerEventListener(on_event, "object:announcement", "object:property-change:accessible-name")
    out: dict[str, object] = {"app": app.name}

    # Editor: type en-US, then en-UK; read the verdicts back and hear them announced.
    open_pane(app, "Editor")
    edit = until(lambda: find(app, "text", name="Language tag"), 10, "the tag field")
    editor: dict[str, object] = {}
    for tag in ("en-US", "en-UK"):
        mark = len(HEARD)
        type_into(edit, tag)
        until(lambda t=tag: labels(app).get("Current tag") == t, 30, f"the status bar to show {tag}")
        hear(mark, labels(app).get("Tag status"))  # the announcer waits for typing to pause (600 ms)
        read = labels(app)
        editor[tag] = {
            "field": text_of(edit),
            "status": read.get("Tag status"),
            "unicode": read.get("Unicode locale identifier status"),
            "name": read.get("Tag name"),
            "current": read.get("Current tag"),
            "autonym": read.get("Tag name in its own language"),
            "announced": [(e["source"], e["text"], e["politeness"]) for e in announced_since(mark)],
        }
    out["editor"] = editor

    # -u- Builder: nothing checked yet, so its checks and its value count are empty: no showing label at all,
    # never one named after its group box ("2. Value").
    open_pane(app, "-u- Builder")
    read = labels(app)
    out["builder"] = {k: read.get(k) for k in ("Value check", "Attribute check", "Legacy form check",
                                               "Number of values shown")}  # fmt: skip

    # Registry: the result count, before and after a search typed into its field.
    opened = len(HEARD)
    open_pane(app, "Registry")
    count = labels(app).get("Result count")
    registry: dict[str, object] = {"count": count}
    search = until(lambda: find(app, "text", name="Search the registry"), 10, "the registry search field")
    # The count the pane shows as it opens may still be on its way (announcements wait for changes to pause; a
    # busy machine delays them): hear it out first, so that only the search's count comes after the mark.
    hear(opened, count, timeout=5)
    mark = len(HEARD)
    type_into(search, "cyrillic")
    until(lambda: "Showing all" not in (labels(app).get("Result count") or "Showing all"), 30, "the search")
    hear(mark, labels(app).get("Result count"))
    registry["count_after_search"] = labels(app).get("Result count")
    registry["announced"] = [(e["source"], e["text"]) for e in announced_since(mark)]
    out["registry"] = registry

    # Build: the tag built from the current one, its name, validity and the language count.
    open_pane(app, "Build")
    # The pane is made on its first visit and offers the registry's English names first: read it once the
    # names in the user's language are in (its count stops saying they are loading).
    until(lambda: "…" not in (labels(app).get("Number of languages shown") or "…"), 60, "the Build pane's names")
    read = labels(app)
    out["build"] = {k: read.get(k) for k in ("Built tag", "Name of the tag", "Validity and advice",
                                             "Number of languages shown")}  # fmt: skip

    # Grammar: the current step.
    open_pane(app, "Grammar")
    out["grammar"] = {"step": labels(app).get("Current step")}

    # Batch: paste lines, press Check, read the status and the summary.
    open_pane(app, "Batch")
    batch: dict[str, object] = {"status_before": labels(app).get("Batch status")}
    box = until(lambda: find(app, "text", name="Tags to check"), 10, "the batch input")
    type_into(box, "en-US\nen-UK\nsr-Latn-RS\nen_US\n")
    mark = len(HEARD)
    press(until(lambda: find(app, "push button", name="Check"), 10, "the Check button"))
    until(lambda: (labels(app).get("Batch status") or "").startswith("Checked"), 60, "the batch to finish")
    hear(mark, labels(app).get("Batch status"))
    read = labels(app)
    batch["status"] = read.get("Batch status")
    batch["summary"] = read.get("Summary of the results")
    batch["announced"] = [(e["source"], e["text"]) for e in announced_since(mark)]
    out["batch"] = batch

    # Matching: offer tags, read the problems line and each scheme's result text.
    open_pane(app, "Matching")
    tags = until(lambda: find(app, "text", name="Available tags"), 10, "the available tags")
    mark = len(HEARD)
    type_into(tags, "de\nfr-CH\nfr\nen-UK\n")
    until(lambda: labels(app).get("Problems with the lists"), 30, "the matching results")
    hear(mark, labels(app).get("Problems with the lists"))
    read = labels(app)
    matching: dict[str, object] = {"problems": read.get("Problems with the lists")}
    for scheme in ("Basic filtering (RFC 4647 §3.3.1)", "Lookup (RFC 4647 §3.4)"):
        node = find(app, "label", name=scheme) or find(app, "text", name=scheme)
        matching[scheme] = text_of(node).split("\n")[:3] if node is not None else None
    matching["announced"] = [(e["source"], e["text"]) for e in announced_since(mark)]
    out["matching"] = matching

    out["event_types"] = sorted({str(e["type"]) for e in HEARD})
    print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
