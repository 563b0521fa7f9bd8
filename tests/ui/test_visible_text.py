"""The Problems list shows a message's invisible characters by name, but not a translation's own spaces.

French writes a no-break space before ':' and inside « »; before this rule the editor's Problems list showed
each as ⟨NBSP⟩. Inside the engine's quoted input (FSI … PDI) the same characters are still named.
"""

from __future__ import annotations

from bcp47_explorer.ui.visible import shown_message


def test_a_translations_no_break_spaces_stay_spaces() -> None:
    message = "L’étiquette « \u2068en-UK\u2069 » n’est pas valide\u00a0: région inconnue (RFC\u00a05646 §2.2.9)."
    assert shown_message(message) == message


def test_the_same_space_inside_quoted_input_is_named() -> None:
    got = shown_message("'\u2068en\u00a0US\u2069'\u00a0: pas une sous-étiquette")
    assert got == "'\u2068en⟨NBSP⟩US\u2069'\u00a0: pas une sous-étiquette"


def test_other_controls_are_named_anywhere() -> None:
    assert shown_message("a\u202eb \u2068c\u200bd\u2069") == "a⟨RLO⟩b \u2068c⟨ZWSP⟩d\u2069"
