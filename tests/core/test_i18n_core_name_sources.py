"""Issue 25: where a name comes from ("CLDR name in German", "registry Description", SIL's sources) is worded in the
UI language where it is shown, its display language named in the UI language (CLDR), while the name index keeps
the source as data and ``--json`` keeps the English wording.

Driven as a person meets it: ``bcp47 search --names`` text output, and the Build pane's language list details.
"""

from __future__ import annotations

import json

import pytest
from bcp47_explorer import cli
from bcp47_explorer.core.data import bundled_name_finder, bundled_names
from bcp47_explorer.core.names.finder import SOURCES, Source, source_text
from bcp47_explorer.core.text.catalogue import set_language, use_translations

from tests.i18n_pseudo import PseudoTranslations, needs_translation


@pytest.fixture
def pseudo(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(cli, "choose_language", lambda environ: "en-x-pseudo")
    use_translations(PseudoTranslations(), "en-x-pseudo")
    yield
    set_language("en")


def _search(capsys, *argv: str) -> list[str]:  # type: ignore[no-untyped-def]
    capsys.readouterr()
    assert cli.main(["search", "--names", *argv]) == 0
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize(
    ("query", "code", "shown"),
    [
        ("Deutschland", "DE", "⟦CLDR name in German⟧"),
        ("Tounsi", "aeb", "⟦Ethnologue alternate name (SIL)⟧"),
        ("Arabic, Tunisian", "aeb", "⟦registry Description⟧"),
        ("britain", "GB", "⟦ISO 3166-1 name (SIL's package)⟧"),
    ],
)
def test_search_names_words_each_source_through_the_catalogue(pseudo, capsys, query, code, shown) -> None:  # type: ignore[no-untyped-def]
    lines = _search(capsys, query, "--limit", "3")
    line = next(x for x in lines if x.split()[1] == code)
    assert line.endswith(f"[{shown}]")
    assert not needs_translation(line.split("[", 1)[1]), line


def test_every_source_kind_is_a_template_and_json_keeps_english(pseudo, capsys) -> None:  # type: ignore[no-untyped-def]
    names = bundled_names()

    def named(code: str, display: str) -> str | None:
        return names.names(display).get("l", code)

    shown = [source_text(Source(kind, "Latn" if kind == "sil-script" else "de", named)) for kind in SOURCES]
    assert not [t for t in shown if needs_translation(t)], shown
    capsys.readouterr()
    assert cli.main(["search", "--names", "Deutschland", "--limit", "1", "--json"]) == 0
    hit = json.loads(capsys.readouterr().out)["results"][0]
    assert (hit["code"], hit["source"]) == ("DE", "CLDR name in German")


def test_the_display_language_is_named_in_the_ui_language() -> None:
    hit = bundled_name_finder().search("Deutschland", limit=1)[0]
    assert source_text(hit.source) == "CLDR name in German"
    set_language("fr")
    try:
        # French words the template its own way and names the locale in French (CLDR: "allemand").
        assert "allemand" in source_text(hit.source)
        assert "German" not in source_text(hit.source)
        assert hit.source == "CLDR name in German"  # the data and --json keep the English wording
    finally:
        set_language("en")
