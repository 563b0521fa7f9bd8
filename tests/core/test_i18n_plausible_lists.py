"""Issue 25: the plausibility note lists CLDR's scripts for a language as the UI language writes a list
(core/text/formats.format_list), never glued with an English " and "."""

from __future__ import annotations

import pytest
from bcp47_explorer.core.build.choices import Likely
from bcp47_explorer.core.build.plausible import plausibility_notes
from bcp47_explorer.core.data import bundled_registry, bundled_supplemental
from bcp47_explorer.core.text.catalogue import set_language


@pytest.mark.parametrize(
    ("language", "serbian", "uzbek"),
    [
        ("en", "Cyrillic and Latin", "Latin, Arabic, and Cyrillic"),
        ("de", "Cyrillic und Latin", "Latin, Arabic und Cyrillic"),
        ("ja", "Cyrillic、Latin", "Latin、Arabic、Cyrillic"),
        ("ar", "Cyrillic وLatin", "Latin، Arabic، وCyrillic"),
    ],
)
def test_the_scripts_cldr_lists_are_joined_as_the_ui_language_writes_a_list(language, serbian, uzbek) -> None:  # type: ignore[no-untyped-def]
    set_language(language)
    try:
        registry = bundled_registry()
        likely = Likely(bundled_supplemental(), registry)
        (sr,) = plausibility_notes("sr-Arab", registry, likely)
        (uz,) = plausibility_notes("uz-Hans", registry, likely)
        assert serbian in sr and uzbek in uz
        if language != "en":
            assert " and " not in sr + uz
    finally:
        set_language("en")
