"""The registration form (RFC 5646 §3.5): checks per field, and the record folded as the registry folds.

Pins: a colliding, ill-formed, ISO 639-shaped, reserved or private-use language request is refused at
the Subtag field; a variant needs a valid, non-redundant Prefix; Descriptions are not copies of another
record's; and the produced record re-parses to the same fields with every line within 72 columns,
identical to the registry's own text wherever the registry folds greedily (most of its long fields).
"""

from __future__ import annotations

import pytest
from bcp47_explorer.core.data import bundled_engine, resource_path
from bcp47_explorer.core.registry.model import Registry
from bcp47_explorer.core.registry.recordjar import parse_record_jar
from bcp47_explorer.core.registry.registration import (
    WIDTH,
    Request,
    check_request,
    fold_field,
    form_text,
    record_text,
)

TEXT = resource_path("language-subtag-registry.txt").read_text(encoding="utf-8")

GOOD_VARIANT = Request(
    type="variant",
    subtag="tarask",  # registered: replaced below by a free code
    descriptions=("Example orthography",),
    prefixes=("be",),
    name="A. Linguist",
    email="linguist@example.org",
    meaning="An orthography",
    reference="A book",
)


def _errors(req: Request, registry: Registry) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for p in check_request(req, registry, bundled_engine().is_valid):
        if p.severity == "error":
            out.setdefault(p.field, []).append(p.message)
    return out


def _variant(**changes: object) -> Request:
    from dataclasses import replace

    return replace(GOOD_VARIANT, **{"subtag": "zzvarnt", **changes})  # type: ignore[arg-type]


def test_a_valid_variant_request_has_no_error(registry: Registry) -> None:
    assert _errors(_variant(), registry) == {}


@pytest.mark.parametrize(
    ("subtag", "expected"),
    [
        ("de", "already registered: language 'de'"),
        ("zz", "has the shape of an ISO 639 code"),
        ("zzq", "has the shape of an ISO 639 code"),
        ("abcd", "4-letter language subtags are reserved"),
        ("qab", "private-use range qaa..qtz"),
        ("ab1cd", "is not a language subtag"),
        ("abcdefghi", "is not a language subtag"),
    ],
)
def test_language_requests_that_are_refused_at_the_subtag(registry: Registry, subtag: str, expected: str) -> None:
    req = Request(type="language", subtag=subtag, descriptions=("Some new language",), name="N", email="n@x.org",
                  meaning="m", reference="r")  # fmt: skip
    errors = _errors(req, registry)
    assert list(errors) == ["subtag"]
    assert any(expected in m for m in errors["subtag"]), errors


def test_a_5_to_8_letter_language_can_be_requested(registry: Registry) -> None:
    req = Request(type="language", subtag="zzlang", descriptions=("Some new language",), name="N",
                  email="n@x.org", meaning="m", reference="r")  # fmt: skip
    assert _errors(req, registry) == {}


@pytest.mark.parametrize(
    ("changes", "field", "expected"),
    [
        ({"subtag": "rozaj"}, "subtag", "already registered: variant 'rozaj'"),
        ({"subtag": "abc"}, "subtag", "is not a variant subtag"),
        ({"prefixes": ()}, "prefix", "give at least one Prefix"),
        ({"prefixes": ("en-",)}, "prefix", "not a valid language tag"),
        ({"prefixes": ("xx-QQ",)}, "prefix", "not a valid language tag"),
        ({"prefixes": ("sl", "sl-rozaj")}, "prefix", "'sl-rozaj' is redundant"),
        ({"prefixes": ("de", "DE")}, "prefix", "is redundant"),
        ({"descriptions": ("Resian",)}, "description", "already that of variant 'rozaj'"),
        ({"descriptions": ()}, "description", "give at least one Description"),
        ({"email": "not an address"}, "email", "e-mail address"),
        ({"type": "script"}, "type", "ISO 15924"),
    ],
)
def test_variant_requests_that_are_refused_at_the_field(
    registry: Registry, changes: dict[str, object], field: str, expected: str
) -> None:
    errors = _errors(_variant(**changes), registry)
    assert field in errors, errors
    assert any(expected in m for m in errors[field]), errors


def test_a_similar_existing_variant_is_pointed_out(registry: Registry) -> None:
    problems = check_request(_variant(descriptions=("Resian dialect variety",)), registry)
    warnings = [p.message for p in problems if p.field == "description" and p.severity == "warning"]
    assert warnings and "rozaj" in warnings[0]


def test_non_ascii_is_escaped_in_the_record(registry: Registry) -> None:
    text = record_text(_variant(descriptions=("Provençal orthography",)))
    assert "Description: Proven&#xE7;al orthography\n" in text
    notes = [p for p in check_request(_variant(descriptions=("Provençal",)), registry) if p.severity == "info"]
    assert notes and "&#xHHHH;" in notes[0].message


def _folded_fields() -> list[tuple[str, str, list[str]]]:
    """Return (name, unfolded value, raw lines) of every field the real registry folds over several lines."""
    out: list[tuple[str, str, list[str]]] = []
    lines = TEXT.split("\n")
    for i, line in enumerate(lines):
        if line.startswith(("Description: ", "Comments: ")) and i + 1 < len(lines) and lines[i + 1].startswith("  "):
            raw = [line]
            j = i + 1
            while lines[j].startswith("  "):
                raw.append(lines[j])
                j += 1
            name, _, first = line.partition(": ")
            value = " ".join([first, *(r.strip() for r in raw[1:])])
            out.append((name, value, raw))
    return out


def test_folding_follows_the_registrys_rule_on_its_real_long_fields() -> None:
    fields = _folded_fields()
    assert len(fields) >= 60
    same = 0
    for name, value, raw in fields:
        ours = fold_field(name, value).split("\n")
        assert all(len(line.encode("utf-8")) <= WIDTH for line in ours), ours
        assert all(line.startswith("  ") for line in ours[1:])
        assert " ".join(x.strip() for x in ours) == f"{name}: {value}"  # nothing lost or added
        assert len(ours) <= len(raw)  # greedy: never more lines than the registry's
        same += ours == raw
    # The registry folds greedily at 72 columns counted in UTF-8 bytes; 8 fields were folded early by hand
    # (e.g. 'ia': "Interlingua (International Auxiliary Language Association)" would fit on one line).
    assert (len(fields), same) == (66, 58)
    bohoric = next(raw for _n, v, raw in fields if "Adam Bohori" in v and "1584" in v)
    # "... Adam Bohorič in" would be 72 characters but 73 bytes: the registry breaks before "in", as we do.
    assert bohoric[0].endswith("Adam Bohorič") and len(bohoric[0] + " in") == 72
    assert fold_field("Comments", next(v for _n, v, raw in fields if raw is bohoric)).split("\n") == bohoric


def test_a_variant_record_from_real_long_fields_reparses_and_folds_like_the_registry() -> None:
    # 1694acad: a variant with a long Comments field the registry folds over three lines.
    reg_record = parse_record_jar(TEXT).records
    src = next(r for r in reg_record if r.get("Subtag") == "alalc97")
    req = Request(
        type="variant",
        subtag="alalc97",
        descriptions=src.get_all("Description"),
        comments=src.get("Comments") or "",
        prefixes=(),
    )
    text = record_text(req)
    parsed = parse_record_jar("File-Date: 2026-01-01\n%%\n" + text).records[0]
    assert parsed.get_all("Description") == src.get_all("Description")
    assert parsed.get("Comments") == src.get("Comments")
    assert all(len(line) <= WIDTH for line in text.splitlines())
    start = TEXT.index("Subtag: alalc97")
    real_comments = TEXT[TEXT.index("Comments:", start) : TEXT.index("%%", start)].rstrip("\n")
    assert fold_field("Comments", src.get("Comments") or "") == real_comments
    assert [len(x) for x in text.splitlines() if x.startswith(("Comments", "  "))] == [
        len(x) for x in real_comments.splitlines()
    ]


def test_the_form_text_has_the_six_items_of_rfc_5646_section_3_5() -> None:
    text = form_text(_variant())
    for item in ("LANGUAGE SUBTAG REGISTRATION FORM", "1. Name of requester: A. Linguist",
                 "2. E-mail address of requester: linguist@example.org", "3. Record Requested:",
                 "   Type: variant", "   Subtag: zzvarnt", "   Prefix: be", "4. Intended meaning of the subtag:",
                 "5. Reference to published description", "6. Any other relevant information:"):  # fmt: skip
        assert item in text
    assert "Added" not in text  # left to IANA
