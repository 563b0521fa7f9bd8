"""Issue 25 in the core and the CLI: every sentence the registration form's checks, the registry-file check, the
anatomy and the ``bcp47`` verbs (text output and ``--help``) make goes through the catalogue.

A pseudo-translation answers every message with ``⟦message⟧``; a text with English words outside the marks was
not marked. ``--json`` keeps its keys, codes and severities in English under any catalogue.
"""

from __future__ import annotations

import json
import re

import pytest
from bcp47_explorer import cli
from bcp47_explorer.core.data import bundled_engine, bundled_registry
from bcp47_explorer.core.registry.check import KNOWN_FIELDS, inspect
from bcp47_explorer.core.registry.model import Registry
from bcp47_explorer.core.registry.registration import Request, check_request
from bcp47_explorer.core.teaching.anatomy import anatomy
from bcp47_explorer.core.teaching.anatomy_draw import layout
from bcp47_explorer.core.text.catalogue import set_language, use_translations

from tests.i18n_pseudo import CLOSE, OPEN, PseudoTranslations

Pseudo = PseudoTranslations  # the one pseudo-translation of the translation tests


@pytest.fixture
def pseudo(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(cli, "choose_language", lambda environ: "en-x-pseudo")  # the CLI keeps the pseudo catalogue
    use_translations(Pseudo(), "en-x-pseudo")
    yield
    set_language("en")


_MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
_STANDARD = re.compile(r"\b(?:BCP|RFC|UTS|ISO|CLDR) ?#?[0-9][0-9.-]*")
#: Argparse's own words come from Python's gettext domain, not ours (left alone, as the brief says).
_ARGPARSE = re.compile(
    r"usage:|positional arguments:|options:|show this help message and exit|show program's version number and exit"
)
#: A token that is not a word to translate: a code, a tag, an option, a metavar, a number, a path, a marker.
_NOT_WORDS = re.compile(
    r"^(?:-.*|[A-Z][A-Z0-9_\[\],]*|[A-Z][a-z]{3}|\w+(?:[-_]\w+)+|[\d.,:/-]+|[0-9a-f]{16,}|[~^{}|*]+|\S*[/\\@=]\S*)$"
)
#: One word alone is a code when it looks like one (en, Latn, US, privateuse); two words or more are a phrase.
_CODE_WORD = re.compile(r"^(?:[A-Z][a-z]{3}|[A-Z0-9]{1,4}|[a-z0-9]+)$")
#: A diagnostic's code in brackets (``[whitespace]``), and registry record field names, which stay English.
_CODES = re.compile(r"\[[a-z0-9-]+\]|(?<![\w-])(?:" + "|".join(KNOWN_FIELDS) + r"):|\bbcp47(?: [a-z]+)?\b")


def unmarked_words(text: str, data: frozenset[str] = frozenset()) -> list[str]:
    """Return the English words of *text* outside ⟦ ⟧ (codes, tags, options, numbers and field names aside).

    Two words or more outside the marks are a phrase; one word alone counts when it is not code-like. Words in
    *data* (the registry's Types, codes and Descriptions a verb prints) are not counted.
    """
    rest = _ARGPARSE.sub(" ", text)
    while _MARKED.search(rest):  # innermost first: a field may itself be a translated text
        rest = _MARKED.sub(" ", rest)
    rest = _CODES.sub(" ", _STANDARD.sub(" ", rest))
    pieces = [p.strip(".,;:!?()[]\"'«»“”…✗▼§") for p in rest.split()]
    words = [p for p in pieces if p and re.search("[A-Za-z]{2,}", p) and not _NOT_WORDS.match(p) and p not in data]
    return words if len(words) >= 2 or (words and not _CODE_WORD.match(words[0])) else []


def test_the_checker_finds_english_outside_the_marks() -> None:
    assert unmarked_words("⟦{code!r} is not a language subtag⟧ en-US Latn 2-3 --json TAG") == []
    assert unmarked_words("  ⟦error⟧ [whitespace] at 3-4: ⟦it is ⟦nested⟧⟧ (RFC 5646 §2.1)") == []
    assert unmarked_words("usage: bcp47 [-h] VERB\noptions:\n  -h, --help  show this help message and exit") == []
    assert unmarked_words("⟦a sentence⟧ and then English") == ["and", "then", "English"]
    assert unmarked_words("error: the subtag") == ["error", "the", "subtag"]


def _all_marked(texts: list[str], data: frozenset[str] = frozenset()) -> None:
    bad = [(t, unmarked_words(t, data)) for t in texts if unmarked_words(t, data)]
    assert not bad, bad


def _valid(tag: str) -> bool:
    return bundled_engine().check(tag).valid


def test_the_registration_form_checks_word_every_message_through_the_catalogue(pseudo) -> None:
    registry = bundled_registry()
    requests = [
        Request(type="language", subtag="mt", name="A\nB", email="nobody", descriptions=("Maltese",)),
        Request(type="language", subtag="qab", descriptions=("Provençal",), macrolanguage="en", suppress_script="Xy"),
        Request(type="language", subtag="abcd", meaning="x", reference="y"),
        Request(type="language", subtag="a1b2c"),
        Request(type="variant", subtag="rozaj", descriptions=("Resian", "Rezijan")),
        Request(type="variant", subtag="ab"),
        Request(type="variant", subtag="", name="bad\x07bell", comments="x" * 2001),
        Request(type="variant", subtag="abcdef", prefixes=("sl", "sl-IT", "not a tag")),
        Request(type="variant", subtag="rozaj", prefixes=("sl-rozaj",)),
        Request(type="variant", subtag="abcdefgh", descriptions=("Resian",)),
        Request(type="variant", subtag="abcdefg", prefixes=tuple(f"de-{i:03d}" for i in range(60))),
        Request(type="variant", subtag="pinyin2", descriptions=("Pinyin romanization of Mandarin",)),
        Request(type="script", subtag="Xyzw"),
        Request(type="nonsense", subtag="x"),
        Request(type="variant", subtag="surr\ud800"),
    ]
    problems = [p for req in requests for p in check_request(req, registry, _valid)]
    codes = {p.code for p in problems}
    assert codes >= {
        "field-line-break", "field-bad-character", "field-too-long", "name-missing", "email-missing",
        "type-not-requested", "subtag-missing", "subtag-registered", "language-shape", "private-use-language",
        "iso-639-code", "reserved-language", "variant-shape", "prefix-missing", "prefix-not-valid",
        "prefix-has-variant", "prefix-redundant", "prefix-too-many", "description-missing", "description-taken",
        "description-escaped", "similar-variant", "macrolanguage-unknown", "suppress-script-unknown",
        "meaning-missing", "reference-missing",
    }  # fmt: skip
    _all_marked([p.message for p in problems])
    # The sections are still cited as the standard writes them, and read back from the translated text.
    subtag = next(p for p in problems if p.code == "reserved-language")
    assert subtag.section == "RFC 5646 §2.2.1" and subtag.message.startswith(OPEN)


def test_the_registration_form_in_english_is_unchanged() -> None:
    registry = bundled_registry()
    got = {p.code: p.message for p in check_request(Request(type="language", subtag="abcd", name="x"), registry)}
    assert got["reserved-language"] == (
        "'abcd': 4-letter language subtags are reserved for future standardization and cannot be registered "
        "(RFC 5646 §2.2.1)"
    )
    assert got["email-missing"] == "give an e-mail address such as name@example.org (RFC 5646 §3.5, item 2)"


def _damaged_registry() -> tuple[str, Registry]:
    text = _bundled_text().replace("Deprecated:", "DeprecatEd:", 1)
    text = text.replace("File-Date: ", "File-date: ", 1)
    text = text.replace("Subtag: qaa..qtz\n", "Subtag: qaa..qtz\nPrefix: en\nColour: blue\n", 1)
    text = text.replace("Scope: private-use\n", "", 1)
    text = text.replace("Subtag: Qaaa..Qabx", "Subtag: Aaaa..Zzzz", 1)
    text = text.replace("Description: Maltese\n", "Description: " + "Maltese " * 200 + "\n", 1)
    cut = text[: text.index("Type: grandfathered")].rstrip("%\n") + "\n"
    return cut, Registry.from_text(cut, "damaged.txt")


def _bundled_text() -> str:
    from bcp47_explorer.core.files.reading import REGISTRY_FILE, read_text, resource_path

    return read_text(resource_path(REGISTRY_FILE))


def test_a_damaged_registry_file_is_reported_in_marked_sentences(pseudo) -> None:
    text, damaged = _damaged_registry()
    report = inspect(damaged, text, bundled_registry())
    codes = {f.code for f in report.findings}
    assert codes >= {
        "miscased-field", "unknown-field", "field-not-for-type", "range-not-private-use", "range-without-scope",
        "field-too-long", "header-field",
    }  # fmt: skip
    assert report.lacks
    # Each finding on its own (a line wraps it in a marked template) and each line as the user reads it.
    _all_marked([f.message for f in report.findings] + list(report.lacks) + report.lines())


@pytest.mark.parametrize(
    "tag",
    [
        "sr-Latn-RS-u-nu-latn",
        "en-t-ar-m0-ungegn",
        "x-whatever",
        "i-klingon",
        "en-US-Latn",
        "de-a-bc",
        "",
        "zh-xyz-yue-r",
    ],
)
def test_the_anatomy_words_its_labels_verdicts_and_stop_through_the_catalogue(pseudo, tag) -> None:
    a = anatomy(bundled_engine().check(tag))
    lay = layout(a)
    texts = [lab.text for lab in lay.labels if lab.kind in ("title", "role", "caption")]
    stops = [lab.text for lab in lay.labels if lab.kind == "stop"]
    texts += stops[:3]  # "▼ stop", where it stopped, what it expected (the diagnostic that follows is the engine's)
    if a.stop is not None:
        texts.append(a.stop.expected)
        assert len(stops) >= 3
    _all_marked(texts)
    assert any(t.startswith(OPEN) for t in texts)


def _run(capsys, *argv: str) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    try:
        status = cli.main(list(argv))
    except SystemExit as exc:  # --help
        status = int(exc.code or 0)
    out = capsys.readouterr()
    return status, out.out, out.err


#: Verbs and inputs no other test checks (the engine remembers recent answers in the wording they were made in).
#: Left out: ``convert --to unicode`` and ``canon --steps`` (their notes and steps are the engine's, marked by
#: another change), ``name`` (CLDR's names are data), ``repair`` (its own change).
VERB_LINES = [
    ("check", "tlh-Cyrl-AQ-x-pseudo", "en-US-Latn-psdo", "en-Qaaq-1pseudo"),
    ("explain", "sgn-BE-FR-x-psd"),
    ("explain", "en-t-ar-m0-ungegn-x-psd", "de-u-co-phonebk-x-psd"),
    ("lookup", "rozaj", "Qaai"),
    ("search", "Resian"),
    ("match", "--ranges", "de-CH, fr;q=0.5, *;q=0", "de", "fr-CA", "x-psd"),
    ("match", "--lookup", "--ranges", "de-CH-1996", "de", "de-CH"),
    ("match", "--best-fit", "--ranges", "gsw", "de", "fr"),
    ("match", "--each", "--ranges", "fr, de", "de-AT", "it", "qqq-psd"),
    ("likely", "zh-TW", "und-psdo"),
    ("registry", "info"),
]


@pytest.fixture(scope="module")
def data_words() -> frozenset[str]:
    """Return the words of the registry's data that verbs print as they are: Types, codes and Descriptions."""
    words: set[str] = set()
    for rec in bundled_registry().records:
        words.update((rec.type, rec.code, *rec.code.split("..")))
        for text in (*rec.descriptions, *rec.comments):
            words.update(p.strip(".,;:!?()[]\"'«»“”…") for p in text.split())
    from bcp47_explorer.core.teaching.anatomy import ROLE_LABELS

    return frozenset(words | set(ROLE_LABELS))


@pytest.mark.parametrize("argv", VERB_LINES, ids=[" ".join(v[:2]) for v in VERB_LINES])
def test_the_verbs_text_output_is_marked(pseudo, capsys, argv, data_words) -> None:  # type: ignore[no-untyped-def]
    _status, out, err = _run(capsys, *argv)
    assert out.strip() and (OPEN in out or argv[0] == "search")  # search prints only the registry's data
    _all_marked(_balanced_lines(out + err), data_words)


def _balanced_lines(text: str) -> list[str]:
    """Return the non-blank lines of *text*, a message wrapped over several lines joined back into one."""
    lines: list[str] = []
    pending = ""
    for line in text.splitlines():
        pending = f"{pending} {line}" if pending else line
        if pending.count(OPEN) <= pending.count(CLOSE):
            if pending.strip():
                lines.append(pending)
            pending = ""
    if pending.strip():
        lines.append(pending)
    return lines


def test_a_wrapped_message_is_read_whole() -> None:
    assert _balanced_lines(f"{OPEN}a long\n  message{CLOSE}\n\nnext {OPEN}x{CLOSE}\n") == [
        f"{OPEN}a long   message{CLOSE}",
        f"next {OPEN}x{CLOSE}",
    ]


@pytest.mark.parametrize("argv", [["--help"], ["check", "--help"], ["match", "--help"], ["registry", "--help"]])
def test_the_help_is_marked_except_argparse_own_words(pseudo, capsys, argv) -> None:  # type: ignore[no-untyped-def]
    status, out, _err = _run(capsys, *argv)
    assert status == 0 and OPEN in out
    verbs = {*cli.VERB_MODULES, "info", "download", "diff"}  # the verbs' and actions' names, listed by argparse
    out = re.sub(r"\n    repair .*?(?=\n    [a-z]|\n\n)", "", out, flags=re.S)  # repair: marked by its own change
    assert unmarked_words(out, frozenset(verbs)) == []


def test_usage_errors_of_the_options_are_marked(pseudo, capsys) -> None:  # type: ignore[no-untyped-def]
    status, _out, err = _run(capsys, "check", "--jobs", "many", "en")
    assert status == cli.EXIT_USAGE
    message = err.splitlines()[-1]
    assert OPEN in message and unmarked_words(message.split("argument --jobs:")[-1]) == []


def test_json_keeps_english_keys_codes_and_severities(pseudo, capsys) -> None:  # type: ignore[no-untyped-def]
    tags = ("en-US-Latn-psdj", "tlh Latn-psdj")
    _s, out, _e = _run(capsys, "check", "--json", *tags)
    marked = [json.loads(line) for line in out.splitlines()]
    set_language("en")
    _s, out, _e = _run(capsys, "check", "--json", *tags)
    english = [json.loads(line) for line in out.splitlines()]

    def shape(obj: object) -> object:
        """Keep the keys, codes and severities; drop the texts a person reads (they may be translated)."""
        if isinstance(obj, dict):
            return {k: shape(v) for k, v in obj.items() if k not in ("message", "label", "notes", "reason")}
        if isinstance(obj, list):
            return [shape(v) for v in obj]
        return obj

    assert shape(marked) == shape(english)
    assert OPEN not in json.dumps(shape(marked), ensure_ascii=False)
    severities = {d["severity"] for r in marked for d in r["diagnostics"]}
    assert severities and severities <= {"error", "warning", "info"}


def test_a_change_of_language_is_not_answered_from_memory(capsys) -> None:  # type: ignore[no-untyped-def]
    # The engine remembers worded answers (the diagnostics' templates, the Unicode canonicalizer's steps, the
    # quick advice on bare subtags): after a change of language they must be worded again, in both directions.
    from bcp47_explorer.core.data import bundled_engine
    from bcp47_explorer.core.engine.unicode_locale import unicode_canonical

    engine = bundled_engine()
    tags = ("sr", "iw-Latn", "en-UK", "de-u-co-phonebk-ca-gregory")

    def wording() -> list[str]:
        messages = [d.message for t in tags for d in engine.check(t).diagnostics]
        steps = [s.reason for t in tags for s in unicode_canonical(engine, t).steps]
        return messages + steps

    set_language("en")
    english = wording()
    assert english and not any(OPEN in w for w in english)
    use_translations(Pseudo(), "en-x-pseudo")
    try:
        marked = wording()
        assert len(marked) == len(english) and all(w.startswith(OPEN) for w in marked), marked
    finally:
        set_language("en")
    assert wording() == english


def test_a_translation_s_own_spaces_are_not_badges_in_the_anatomy() -> None:
    # French writes a no-break space before ':' and inside « »: the diagram's stop message drew them as
    # "⟨NBSP⟩". Only the quoted input's invisible characters are badges.
    set_language("fr")
    try:
        stopped = " ".join(label.text for label in layout(anatomy(bundled_engine().check("en--US"))).labels)
        assert "sous-étiquette vide" in stopped and "⟨NBSP⟩" not in stopped, stopped
        typed = " ".join(label.text for label in layout(anatomy(bundled_engine().check("en-\u00a0US"))).labels)
        assert "⟨NBSP⟩" in typed, typed
    finally:
        set_language("en")
