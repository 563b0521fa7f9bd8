"""The subtag registration form of RFC 5646 §3.5, checked against the registry before it is sent.

RFC 5646 §3.5 asks a requester for: their name and e-mail address, the record requested (its
fields), the intended meaning of the subtag, a reference to a published description, and any other
relevant information. §3.4 says which records can be asked for this way. The readings taken here:

- **language**: only 5-8 letter subtags are requested with the form. 2-3 letter subtags come from
  ISO 639 and are added by the Language Subtag Reviewer when an ISO 639 agency assigns the code
  (ask the agency: SIL for ISO 639-3); 4-letter language subtags are reserved (§2.2.1); ``qaa..qtz``
  is private use. A 5-8 letter request is checked for collisions like every other.
- **variant**: 5-8 letters/digits, or 4 beginning with a digit (§2.2.5). The assistant asks for at
  least one Prefix (§3.1.8 recommends one; the registry's newer variants all have one): each must
  be a valid tag (§2.2.9), and none *redundant*, i.e. repeated or starting with another listed
  Prefix (a tag that starts with the longer one starts with the shorter one too). A variant whose
  Description resembles an existing variant's is pointed out (it may be registered already).
- **extlang, script, region, grandfathered, redundant**: not requested with this form (extlang,
  script and region records follow ISO 639-3, ISO 15924 and ISO 3166-1/UN M.49; grandfathered and
  redundant records are closed lists). :data:`OTHER_TYPES` explains each.
- **Description**: required; none may repeat a Description of an existing record of the same Type
  (compared without case and accents); characters outside ASCII are written ``&#xHHHH;`` in the
  record (§3.1.1), which is what the form shows and saves.
- **Caps and characters**: every field has a length cap (:data:`FIELD_CAPS`, characters; the
  assistant's fields enforce the same caps as you type or paste), a variant at most
  :data:`MAX_PREFIXES` Prefixes, and the similar-variant search looks at most
  :data:`MAX_SIMILAR_WORDS` words: the checks after each edit stay small whatever is pasted. A
  control character (C0, DEL, C1), a lone surrogate, or a line break in a one-line field (name,
  e-mail, subtag...) is an error: the registry parser refuses such a record, and a line break in
  the name would forge lines of the form. Our reading of §3.1.1: an ``&`` that would start an
  escape (``&#x41;`` typed as text) is itself written ``&#x26;``, so the record says what was typed
  and not ``A``.
- **Added** is left to IANA, which dates the record when it enters the registry: the record the
  form produces has no Added field.

The record is folded the way the registry folds its long Description and Comments lines: no line
longer than 72 columns (UTF-8 bytes), broken at the last space that keeps it within 72, continued on
lines that start with two spaces (:func:`fold_field`). This reproduces the registry's own text for 58
of its 66 folded fields; the other 8 were folded earlier than needed by hand.

>>> print(fold_field("Comments", "word " * 20 + "end"))
Comments: word word word word word word word word word word word word
  word word word word word word word word end
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..grammar.problems import Problem, Severity, section_cited
from ..grammar.syntax import is_variant
from ..text.catalogue import N_, _
from ..text.formats import format_number
from .model import Record, Registry
from .search import fold

__all__ = [
    "FIELD_CAPS",
    "FIELD_LABELS",
    "MAX_PREFIXES",
    "MAX_SIMILAR_WORDS",
    "OTHER_TYPES",
    "REQUEST_TYPES",
    "WIDTH",
    "Request",
    "check_request",
    "escape_non_ascii",
    "fold_field",
    "form_text",
    "preview_record",
    "record_text",
]

#: The registry's line width: no line of the file is longer (RFC 5646 §3.1.1 folding).
WIDTH = 72
#: The Types this form requests.
REQUEST_TYPES = ("variant", "language")
#: Why the other Types are not requested with the form (shown by the assistant).
OTHER_TYPES = {
    "extlang": N_(
        "extlang records follow ISO 639-3 macrolanguage membership and are added by the reviewer "
        "(RFC 5646 §3.4); they are not requested with this form."
    ),
    "script": N_("script subtags come from ISO 15924 and are added when ISO assigns a code (RFC 5646 §3.4)."),
    "region": N_(
        "region subtags come from ISO 3166-1 and UN M.49 and are added when those assign a code (RFC 5646 §3.4)."
    ),
    "grandfathered": N_("grandfathered tags are a closed list from RFC 3066; none can be added."),
    "redundant": N_("redundant tags are a closed list kept from RFC 3066 registrations; none are added now."),
}
#: Form field keys and the labels RFC 5646 §3.5 gives them (the keys are what problems name); marked with
#: ``N_()`` and translated where shown. The record's field names (Type, Subtag, Prefix...) stay English:
#: they are what the record holds.
FIELD_LABELS = {
    "name": N_("1. Name of requester"),
    "email": N_("2. E-mail address of requester"),
    "type": "Type",
    "subtag": "Subtag",
    "description": "Description",
    "prefix": "Prefix",
    "macrolanguage": "Macrolanguage",
    "suppress_script": "Suppress-Script",
    "comments": "Comments",
    "meaning": N_("4. Intended meaning of the subtag"),
    "reference": N_("5. Reference to published description of the language (book or article)"),
    "other": N_("6. Any other relevant information"),
}

#: The most characters each field of the form may hold (multi-line fields: all their lines together).
FIELD_CAPS = {
    "name": 200,
    "email": 254,  # the longest address SMTP carries (RFC 5321 §4.5.3.1.3 with §4.1.2)
    "subtag": 100,
    "description": 2000,
    "prefix": 2000,
    "macrolanguage": 100,
    "suppress_script": 100,
    "comments": 2000,
    "meaning": 10_000,
    "reference": 10_000,
    "other": 10_000,
}
#: The fields that may hold line breaks (one entry or paragraph per line).
MULTI_LINE = frozenset({"description", "prefix", "comments", "meaning", "reference", "other"})
#: A variant request lists at most this many Prefixes (the registry's most has 3).
MAX_PREFIXES = 50
#: The similar-variant check searches the registry for at most this many distinct words (the longest).
MAX_SIMILAR_WORDS = 12
#: Characters no field may hold: C0 controls (line breaks apart, checked per field), DEL, C1, surrogates.
_BAD_CHAR = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
#: An ``&`` that the registry would read as the start of an escape (RFC 5646 §3.1.1).
_ESCAPE_START = re.compile(r"&(?=#x[0-9A-Fa-f]+;)")

_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s.]+\Z")
_LETTERS = re.compile(r"[A-Za-z]+\Z")


@dataclass(frozen=True, slots=True)
class Request:
    """What the requester filled in; list fields hold one entry per line of the form."""

    type: str = "variant"
    subtag: str = ""
    descriptions: tuple[str, ...] = ()
    prefixes: tuple[str, ...] = ()
    comments: str = ""
    macrolanguage: str = ""
    suppress_script: str = ""
    name: str = ""
    email: str = ""
    meaning: str = ""
    reference: str = ""
    other: str = ""


def _problem(field: str, code: str, message: str, severity: Severity = Severity.ERROR) -> Problem:
    """Return a problem with one field of the form (the field as a whole: span 0, 0).

    An error blocks the request; a warning or an info (worded "Note" by the assistant) only informs.
    """
    return Problem(code, severity, 0, 0, message, section=section_cited(message), field=field)


def escape_non_ascii(text: str) -> str:
    """Write characters outside ASCII and controls as ``&#xHHHH;`` (RFC 5646 §3.1.1), and an ``&`` that starts one.

    >>> escape_non_ascii("Provençal")
    'Proven&#xE7;al'
    >>> escape_non_ascii("&#x41; & B")
    '&#x26;#x41; & B'
    """
    text = _ESCAPE_START.sub("&#x26;", text)
    return "".join(ch if 32 <= ord(ch) < 127 else f"&#x{ord(ch):X};" for ch in text)


def _visible(text: str) -> str:
    """Return *text* with its control characters and lone surrogates written ``&#xHH;``."""
    return _BAD_CHAR.sub(lambda m: f"&#x{ord(m.group()):X};", text)


def _one_line(text: str) -> str:
    """Return *text* on one line (line breaks become spaces) with controls visible: a form entry."""
    return _visible(" ".join(text.split()))


def fold_field(name: str, value: str, width: int = WIDTH) -> str:
    """Return ``Name: value`` folded as the registry folds: lines of at most *width*, continued with two spaces.

    Width is counted in UTF-8 bytes, as the registry counts it (its "Adam Bohorič" line breaks one
    word earlier than 72 characters would). A single word longer than a line stays whole on its own line.
    """
    words = value.split()
    if not words:
        return f"{name}:"
    lines: list[str] = []
    line = f"{name}: {words[0]}"
    size = len(line.encode("utf-8"))
    for word in words[1:]:
        wsize = len(word.encode("utf-8"))
        if size + 1 + wsize <= width:
            line = f"{line} {word}"
            size += 1 + wsize
        else:
            lines.append(line)
            line = f"  {word}"
            size = 2 + wsize
    lines.append(line)
    return "\n".join(lines)


def _clean(values: Sequence[str]) -> list[str]:
    return [v.strip() for v in values if v.strip()]


def _record_fields(req: Request) -> list[tuple[str, str]]:
    """Return the record's fields in the registry's order (no Added: IANA dates the record)."""
    rtype = req.type.strip().lower()
    code = req.subtag.strip()
    fields = [("Type", rtype), ("Subtag", escape_non_ascii(code.lower()))]
    fields += [("Description", escape_non_ascii(d)) for d in _clean(req.descriptions)]
    if rtype == "language":
        if req.suppress_script.strip():
            fields.append(("Suppress-Script", escape_non_ascii(req.suppress_script.strip().title())))
        if req.macrolanguage.strip():
            fields.append(("Macrolanguage", escape_non_ascii(req.macrolanguage.strip().lower())))
    if rtype == "variant":
        fields += [("Prefix", escape_non_ascii(p)) for p in _clean(req.prefixes)]
    if req.comments.strip():
        fields.append(("Comments", escape_non_ascii(" ".join(req.comments.split()))))
    return fields


def record_text(req: Request) -> str:
    """Return the requested record in record-jar form, folded at 72 columns, ending with a newline."""
    return "".join(fold_field(name, value) + "\n" for name, value in _record_fields(req))


def preview_record(req: Request) -> Record:
    """Return the requested record as a registry Record (no Added date), for previews and test checks."""
    fields = _record_fields(req)
    return Record(
        type=req.type.strip().lower(),
        code=req.subtag.strip().lower(),
        descriptions=tuple(_clean(req.descriptions)),
        prefixes=tuple(_clean(req.prefixes)) if req.type == "variant" else (),
        suppress_script=req.suppress_script.strip().title() or None,
        macrolanguage=req.macrolanguage.strip().lower() or None,
        comments=(" ".join(req.comments.split()),) if req.comments.strip() else (),
        fields=tuple(fields),
    )


def form_text(req: Request) -> str:
    """Return the filled-in registration form of RFC 5646 §3.5 as plain text."""
    record = "".join(f"   {line}\n" for line in record_text(req).splitlines())

    def para(text: str) -> str:
        return "\n".join("   " + _visible(line) for line in text.strip().splitlines()) if text.strip() else "   (none)"

    return (
        "LANGUAGE SUBTAG REGISTRATION FORM\n"
        f"1. Name of requester: {_one_line(req.name)}\n"
        f"2. E-mail address of requester: {_one_line(req.email)}\n"
        "3. Record Requested:\n\n"
        f"{record}\n"
        f"4. Intended meaning of the subtag:\n{para(req.meaning)}\n\n"
        f"5. Reference to published description of the language (book or article):\n{para(req.reference)}\n\n"
        f"6. Any other relevant information:\n{para(req.other)}\n"
    )


# ------------------------------------------------------------------ checks
def _check_language(code: str, registry: Registry) -> list[Problem]:
    lower = code.lower()
    if not _LETTERS.match(code) or not 2 <= len(code) <= 8:
        return [
            _problem(
                "subtag",
                "language-shape",
                _("{code!r} is not a language subtag: 2-3 or 5-8 letters ({section})").format(
                    code=code, section="RFC 5646 §2.2.1"
                ),
            )
        ]
    if "qaa" <= lower <= "qtz" and len(lower) == 3:
        return [
            _problem(
                "subtag",
                "private-use-language",
                _("{code!r} is in the private-use range {range}: it is never registered ({section})").format(
                    code=lower, range="qaa..qtz", section="RFC 5646 §2.2.1, §3.4"
                ),
            )
        ]
    if len(code) <= 3:
        return [
            _problem(
                "subtag",
                "iso-639-code",
                _(
                    "{code!r} has the shape of an ISO 639 code: 2-3 letter language subtags "
                    "come only from ISO 639 and are added by the reviewer when ISO assigns the "
                    "code. Ask ISO 639's registration authority (for ISO 639-3: SIL International, "
                    "{url}), not this form ({section})."
                ).format(code=lower, url="https://iso639-3.sil.org/", section="RFC 5646 §3.4"),
            )
        ]
    if len(code) == 4:
        return [
            _problem(
                "subtag",
                "reserved-language",
                _(
                    "{code!r}: 4-letter language subtags are reserved for future "
                    "standardization and cannot be registered ({section})"
                ).format(code=lower, section="RFC 5646 §2.2.1"),
            )
        ]
    return []


def _check_variant(code: str) -> list[Problem]:
    if not is_variant(code):
        return [
            _problem(
                "subtag",
                "variant-shape",
                _(
                    "{code!r} is not a variant subtag: 5-8 letters or digits, or 4 starting with a digit ({section})"
                ).format(code=code, section="RFC 5646 §2.2.5"),
            )
        ]
    return []


def _check_prefixes(
    req: Request, code: str, registry: Registry, is_valid: Callable[[str], bool] | None
) -> list[Problem]:
    prefixes = _clean(req.prefixes)
    out: list[Problem] = []
    if len(prefixes) > MAX_PREFIXES:
        out.append(
            _problem(
                "prefix",
                "prefix-too-many",
                _(
                    "{count} Prefixes: at most {most} are checked and sent (the registry's variants have at most a few)"
                ).format(count=format_number(len(prefixes)), most=format_number(MAX_PREFIXES)),
            )
        )
        prefixes = prefixes[:MAX_PREFIXES]
    if not prefixes:
        return [
            _problem(
                "prefix",
                "prefix-missing",
                _(
                    "give at least one Prefix: the tag(s) this variant is used with ({section}), "
                    "e.g. {first!r} or {second!r}"
                ).format(section="RFC 5646 §3.1.8", first="sl", second="de-CH"),
            )
        ]
    seen: list[str] = []
    for p in prefixes:
        low = p.lower()
        if is_valid is not None and not is_valid(p):
            out.append(
                _problem(
                    "prefix",
                    "prefix-not-valid",
                    _("Prefix {prefix!r} is not a valid language tag ({section})").format(
                        prefix=p, section="RFC 5646 §2.2.9"
                    ),
                )
            )
            continue
        if code and code.lower() in low.split("-"):
            out.append(
                _problem(
                    "prefix",
                    "prefix-has-variant",
                    _("Prefix {prefix!r} contains the variant {variant!r} itself").format(
                        prefix=p, variant=code.lower()
                    ),
                )
            )
            continue
        for q in seen:
            if low == q or low.startswith(q + "-") or q.startswith(low + "-"):
                longer, shorter = (p, q) if len(low) >= len(q) else (q, p)
                out.append(
                    _problem(
                        "prefix",
                        "prefix-redundant",
                        _(
                            "Prefix {longer!r} is redundant: every tag that starts with it "
                            "starts with {shorter!r}, which is listed too"
                        ).format(longer=longer, shorter=shorter),
                    )
                )
                break
        seen.append(low)
    return out


def _check_descriptions(req: Request, code: str, registry: Registry) -> list[Problem]:
    descriptions = _clean(req.descriptions)
    if not descriptions:
        return [
            _problem(
                "description",
                "description-missing",
                _("give at least one Description ({section})").format(section="RFC 5646 §3.1.5"),
            )
        ]
    rtype = req.type.strip().lower()
    out: list[Problem] = []
    mine = {fold(d) for d in descriptions}
    for rec in registry.table(rtype).values() if rtype in ("language", "variant") else ():
        if rec.code.lower() == code.lower():
            continue
        same = [d for d in rec.descriptions if fold(d) in mine]
        if same:
            out.append(
                _problem(
                    "description",
                    "description-taken",
                    _(_DESCRIPTION_TAKEN[rtype]).format(description=same[0], code=rec.code, section="RFC 5646 §3.1.5"),
                )
            )
            break
    if any(not d.isascii() for d in descriptions):
        out.append(
            _problem(
                "description",
                "description-escaped",
                _("characters outside ASCII are written as {escape} escapes in the record ({section})").format(
                    escape="&#xHHHH;", section="RFC 5646 §3.1.1"
                ),
                Severity.INFO,
            )
        )
    if rtype == "variant" and not out:
        out += _similar_variants(descriptions, registry)
    return out


#: A subtag not given, by the Type of the request.
_SUBTAG_MISSING = {
    "language": N_("give the language subtag requested"),
    "variant": N_("give the variant subtag requested"),
}
#: A Description already taken, by the Type of the request (the Type is not a word placed into the sentence).
_DESCRIPTION_TAKEN = {
    "language": N_(
        "Description {description!r} is already that of language {code!r}: each language needs its own ({section})"
    ),
    "variant": N_(
        "Description {description!r} is already that of variant {code!r}: each variant needs its own ({section})"
    ),
}


#: Words too common in variant Descriptions to say that two variants mean the same.
_GENERIC = frozenset(
    [
        "orthography",
        "orthographic",
        "dialect",
        "dialects",
        "variety",
        "variant",
        "spelling",
        "romanization",
        "romanisation",
        "transcription",
        "transliteration",
        "standard",
        "written",
        "script",
        "alphabet",
        "language",
        "languages",
        "edition",
        "system",
        "official",
        "form",
        "style",
        "traditional",
        "modern",
        "reformed",
    ]
)


def _similar_variants(descriptions: list[str], registry: Registry) -> list[Problem]:
    """Point out existing variants whose Descriptions share the request's distinctive words."""
    words = {w for d in descriptions for w in re.findall(r"\w+", fold(d)) if len(w) >= 4 and w not in _GENERIC}
    words = set(sorted(words, key=lambda w: (-len(w), w))[:MAX_SIMILAR_WORDS])  # one search per word: bounded
    score: dict[tuple[str, str], int] = {}
    found: dict[tuple[str, str], Record] = {}
    for word in sorted(words):
        for hit in registry.search(word, types=["variant"], limit=20):
            key = (hit.record.type, hit.record.code)
            score[key] = score.get(key, 0) + 1
            found[key] = hit.record
    if not score:
        return []
    best = sorted(score, key=lambda k: -score[k])[:3]  # stable: the search's ranking breaks ties
    names = ", ".join(
        _("{code} ({description})").format(code=found[k].code, description=found[k].description) for k in best
    )
    return [
        _problem(
            "description",
            "similar-variant",
            _(
                "similar existing variant(s): {variants}. Check that the meaning is not registered already "
                "under another code."
            ).format(variants=names),
            Severity.WARNING,
        )
    ]


_LINE_BREAKS = re.compile("[\n\u2028\u2029]")


def _field_texts(req: Request) -> dict[str, str]:
    """Return each field's text as typed (a multi-line field's lines joined with line breaks)."""
    return {
        "name": req.name,
        "email": req.email,
        "subtag": req.subtag,
        "description": "\n".join(req.descriptions),
        "prefix": "\n".join(req.prefixes),
        "macrolanguage": req.macrolanguage,
        "suppress_script": req.suppress_script,
        "comments": req.comments,
        "meaning": req.meaning,
        "reference": req.reference,
        "other": req.other,
    }


def _character_problems(req: Request) -> list[Problem]:
    """Report fields over their cap, and control characters, lone surrogates and stray line breaks.

    >>> [p.message for p in _character_problems(Request(name="Bob\\n3. Record Requested:"))]
    ['it holds a line break, and it takes one line (a line break would add lines to the form)']
    """
    out: list[Problem] = []
    for key, text in _field_texts(req).items():
        cap = FIELD_CAPS[key]
        if len(text) > cap:
            out.append(
                _problem(
                    key,
                    "field-too-long",
                    _("it holds {count} characters; at most {most} are allowed").format(
                        count=format_number(len(text)), most=format_number(cap)
                    ),
                )
            )
        bad = _BAD_CHAR.search(text)
        if bad is not None:
            code = ord(bad.group())
            template = (
                _(
                    "it holds a lone surrogate {char} (character {position}), which a registry record "
                    "cannot hold ({section}): remove it"
                )
                if 0xD800 <= code <= 0xDFFF
                else _(
                    "it holds the control character {char} (character {position}), which a registry record "
                    "cannot hold ({section}): remove it"
                )
            )
            out.append(
                _problem(
                    key,
                    "field-bad-character",
                    template.format(
                        char=f"U+{code:04X}", position=format_number(bad.start() + 1), section="RFC 5646 §3.1.1"
                    ),
                )
            )
        if key not in MULTI_LINE and _LINE_BREAKS.search(text.strip()):
            out.append(
                _problem(
                    key,
                    "field-line-break",
                    _("it holds a line break, and it takes one line (a line break would add lines to the form)"),
                )
            )
    return out


def check_request(
    req: Request, registry: Registry, is_valid: Callable[[str], bool] | None = None
) -> tuple[Problem, ...]:
    """Check every field of *req* against *registry*; *is_valid* tells whether a Prefix is a valid tag.

    >>> from .model import Registry, SAMPLE
    >>> reg = Registry.from_text(SAMPLE)
    >>> [p.message[:41] for p in check_request(Request(type="language", subtag="mt"), reg) if p.field == "subtag"]
    ["'mt' is already registered: language 'mt'", "'mt' has the shape of an ISO 639 code: 2-"]
    """
    out = _character_problems(req)
    if not req.name.strip():
        out.append(
            _problem(
                "name",
                "name-missing",
                _("give the requester's name ({section}, item {item})").format(section="RFC 5646 §3.5", item=1),
            )
        )
    if not _EMAIL.match(req.email.strip()):
        out.append(
            _problem(
                "email",
                "email-missing",
                _("give an e-mail address such as {example} ({section}, item {item})").format(
                    example="name@example.org", section="RFC 5646 §3.5", item=2
                ),
            )
        )
    rtype = req.type.strip().lower()
    code = req.subtag.strip()
    if rtype not in REQUEST_TYPES:
        reason = (
            _(OTHER_TYPES[rtype])
            if rtype in OTHER_TYPES
            else _("{type!r} is not a Type of the registry").format(type=rtype)
        )
        out.append(_problem("type", "type-not-requested", reason))
        return tuple(out)
    if not code:
        out.append(_problem("subtag", "subtag-missing", _(_SUBTAG_MISSING[rtype])))
    else:
        existing = [
            r for r in registry.lookup(code) if r.type == rtype or (rtype == "language" and r.type == "extlang")
        ]
        shape = _check_language(code, registry) if rtype == "language" else _check_variant(code)
        if existing:
            rec = existing[0]
            template = (
                _("{code!r} is already registered: {type} {existing!r} (inside the range {range}), {description!r}")
                if rec.is_range
                else _("{code!r} is already registered: {type} {existing!r}, {description!r}")
            )
            out.append(
                _problem(
                    "subtag",
                    "subtag-registered",
                    template.format(
                        code=code.lower(),
                        type=rec.type,
                        existing=rec.code,
                        range=rec.code,
                        description=rec.description,
                    ),
                )
            )
        out += shape
    out += _check_descriptions(req, code, registry)
    if rtype == "variant":
        out += _check_prefixes(req, code, registry, is_valid)
    elif rtype == "language":
        if req.macrolanguage.strip():
            macro = registry.get("language", req.macrolanguage.strip())
            if macro is None or macro.scope != "macrolanguage":
                out.append(
                    _problem(
                        "macrolanguage",
                        "macrolanguage-unknown",
                        _("{code!r} is not a macrolanguage of the registry ({section})").format(
                            code=req.macrolanguage.strip(), section="RFC 5646 §3.1.10"
                        ),
                    )
                )
        if req.suppress_script.strip() and registry.get("script", req.suppress_script.strip()) is None:
            out.append(
                _problem(
                    "suppress_script",
                    "suppress-script-unknown",
                    _("{code!r} is not a script subtag ({section})").format(
                        code=req.suppress_script.strip(), section="RFC 5646 §3.1.9"
                    ),
                )
            )
    if not req.meaning.strip():
        out.append(
            _problem(
                "meaning",
                "meaning-missing",
                _("say what the subtag is meant to identify ({section}, item {item})").format(
                    section="RFC 5646 §3.5", item=4
                ),
            )
        )
    if not req.reference.strip():
        out.append(
            _problem(
                "reference",
                "reference-missing",
                _("a reference to a published description helps the review ({section}, item {item})").format(
                    section="RFC 5646 §3.5", item=5
                ),
                Severity.WARNING,
            )
        )
    return tuple(out)
