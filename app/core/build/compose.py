"""Put one registry subtag into a language tag at its proper position ("use in tag").

The tag is taken apart by the shape of its subtags (RFC 5646 §2.1), the new
subtag is placed in its slot, and the tag is put back together in RFC 5646
order: language, extlang, script, region, variants, then everything from the
first singleton on (extensions and private use) exactly as it was.

Ill-formed input is handled as sensibly as possible, and these choices are part
of the contract (the tests pin them):

- Surrounding whitespace is dropped, ``_`` counts as ``-`` and empty subtags vanish.
- Subtags before the first singleton are sorted into slots by shape, not by
  position, so a script written after the region moves in front of it. A second
  script or region, and anything that fits no slot (``en-US-Latn-$$``), is kept
  after the variants rather than lost.
- A grandfathered tag is one indivisible unit: adding to it starts from its
  Preferred-Value (``i-klingon`` → ``tlh``), or from nothing when it has none.
- Script, region or variant added to a tag without a language get ``und``.
- An extlang goes right after the language; as only one extlang is ever valid it
  replaces any other, and the language becomes the extlang's Prefix
  (``en`` + ``yue`` → ``zh-yue``) because an extlang means nothing after another language.
- Changing the language drops extlangs whose Prefix is not the new language.
- A range record (``qaa..qtz``) given whole stands for its first code.
- The inserted subtag takes its RFC 5646 §2.1.1 case; the others keep the user's case.
- The variants are put in an order that meets every Prefix (:func:`.placement.order_variants`, the one
  rule the editor's reorder fix and the Build pane use too): ``sl-biske`` + ``rozaj`` → ``sl-rozaj-biske``.

>>> from bcp47_explorer.core.data import bundled_registry
>>> reg = bundled_registry()
>>> use_in_tag("en-US", "script", "Latn", reg)
'en-Latn-US'
>>> use_in_tag("sl-rozaj", "variant", "biske", reg)
'sl-rozaj-biske'
>>> use_in_tag("sl-biske", "variant", "rozaj", reg)
'sl-rozaj-biske'
>>> use_in_tag("en-Latn-US-x-foo", "language", "fr", reg)
'fr-Latn-US-x-foo'
>>> use_in_tag("de-DE", "grandfathered", "i-klingon", reg)
'i-klingon'
"""

from __future__ import annotations

from ..grammar.syntax import cased, is_extlang, is_language, is_region, is_script, is_variant
from ..registry.model import Record, RecordType, Registry
from ..registry.placement import order_variants, prefix_table

__all__ = ["use_in_tag", "remove_from_tag", "split_tag", "tag_records", "TagParts"]

_SUBTAG_TYPES = {"language", "extlang", "script", "region", "variant"}
_WHOLE_TAG_TYPES = {RecordType.GRANDFATHERED.value, RecordType.REDUNDANT.value}


class TagParts:
    """A tag taken apart into RFC 5646 slots (mutable: a working value inside this module)."""

    __slots__ = ("extlangs", "language", "others", "region", "script", "tail", "variants")

    def __init__(
        self,
        language: str | None = None,
        extlangs: list[str] | None = None,
        script: str | None = None,
        region: str | None = None,
        variants: list[str] | None = None,
        others: list[str] | None = None,
        tail: list[str] | None = None,
    ) -> None:
        self.language = language
        self.extlangs: list[str] = [] if extlangs is None else extlangs
        self.script = script
        self.region = region
        self.variants: list[str] = [] if variants is None else variants
        self.others: list[str] = [] if others is None else others  # subtags that fit no slot, kept in order
        self.tail: list[str] = [] if tail is None else tail  # from the first singleton on, untouched

    def head(self) -> list[str]:
        """Return the subtags before the variants: language, extlangs, script, region."""
        return [s for s in (self.language, *self.extlangs, self.script, self.region) if s]

    def join(self) -> str:
        """Return the parts as one tag in RFC 5646 order."""
        head = [self.language] if self.language else []
        head += self.extlangs
        head += [s for s in (self.script, self.region) if s]
        return "-".join(head + self.variants + self.others + self.tail)


def split_tag(tag: str) -> TagParts:
    """Take *tag* apart into slots by subtag shape (see the module notes for ill-formed input).

    >>> split_tag("zh-yue-Hant-HK-x-a").extlangs
    ['yue']
    >>> p = split_tag(" en_US-Latn ")
    >>> (p.language, p.script, p.region)
    ('en', 'Latn', 'US')
    """
    tokens = [t for t in tag.strip().replace("_", "-").split("-") if t]
    parts = TagParts()
    for i, tok in enumerate(tokens):
        if len(tok) == 1:  # a singleton: extensions and private use are kept as written
            parts.tail = tokens[i:]
            break
        if i == 0 and is_language(tok):
            parts.language = tok
        elif (
            is_extlang(tok)
            and parts.language is not None
            and len(parts.language) <= 3
            and len(parts.extlangs) < 3
            and i == 1 + len(parts.extlangs)  # extlangs follow the language directly
        ):
            parts.extlangs.append(tok)
        elif is_script(tok) and parts.script is None:
            parts.script = tok
        elif is_region(tok) and parts.region is None:
            parts.region = tok
        elif is_variant(tok):
            parts.variants.append(tok)
        else:
            parts.others.append(tok)
    return parts


def use_in_tag(tag: str, record_type: str, code: str, registry: Registry) -> str:
    """Return *tag* with the subtag *code* of *record_type* put in its proper place.

    >>> from bcp47_explorer.core.data import bundled_registry
    >>> reg = bundled_registry()
    >>> use_in_tag("zh-Hant-TW", "language", "yue", reg)
    'yue-Hant-TW'
    >>> use_in_tag("en", "extlang", "yue", reg)
    'zh-yue'
    >>> use_in_tag("", "region", "CH", reg)
    'und-CH'
    >>> use_in_tag("de-1901", "variant", "1901", reg)
    'de-1901'
    """
    record_type = record_type.lower()
    code = code.strip()
    if record_type in _WHOLE_TAG_TYPES:
        rec = registry.tag_record(code)
        return rec.code if rec is not None else code
    if record_type not in _SUBTAG_TYPES:
        raise ValueError(f"unknown record type {record_type!r}")
    if ".." in code:
        code = code.split("..", 1)[0]
    if not code:
        return tag.strip()
    code = cased(record_type, code)

    whole = registry.tag_record(tag.strip()) if tag.strip() else None
    if whole is not None and whole.type == RecordType.GRANDFATHERED:
        tag = whole.preferred_value or ""
    parts = split_tag(tag)

    if record_type == "language":
        parts.language = code
        parts.extlangs = [e for e in parts.extlangs if _extlang_prefix(registry, e) == code.lower()]
    elif record_type == "extlang":
        prefix = _extlang_prefix(registry, code)
        if prefix is not None:
            parts.language = prefix
        elif parts.language is None:
            parts.language = "und"
        parts.extlangs = [code]
    elif record_type == "script":
        parts.script = code
    elif record_type == "region":
        parts.region = code
    elif record_type == "variant" and code.lower() not in (v.lower() for v in parts.variants):
        parts.variants.append(code)
    if parts.language is None:
        parts.language = "und"
    if len(parts.variants) > 1:
        parts.variants = list(order_variants(parts.head(), parts.variants, prefix_table(registry)))
    return parts.join()


def remove_from_tag(tag: str, record_type: str, code: str | None = None) -> str:
    """Return *tag* without its subtag of *record_type* (a variant or extlang: the one called *code*).

    Removing the language leaves ``und`` when anything else stays, since a tag must start with one.

    >>> remove_from_tag("sr-Latn-RS", "script")
    'sr-RS'
    >>> remove_from_tag("sl-rozaj-biske", "variant", "ROZAJ")
    'sl-biske'
    >>> remove_from_tag("de-CH", "language")
    'und-CH'
    """
    parts = split_tag(tag)
    record_type = record_type.lower()
    if record_type == "language":
        parts.language = None
        parts.extlangs = []
        rest = parts.join()
        return f"und-{rest}" if rest else ""
    if record_type == "extlang":
        parts.extlangs = [e for e in parts.extlangs if code is not None and e.lower() != code.lower()]
    elif record_type == "script":
        parts.script = None
    elif record_type == "region":
        parts.region = None
    elif record_type == "variant":
        parts.variants = [v for v in parts.variants if code is None or v.lower() != code.lower()]
    return parts.join()


def _extlang_prefix(registry: Registry, extlang: str) -> str | None:
    rec = registry.get(RecordType.EXTLANG.value, extlang)
    if rec is None or not rec.prefixes:
        return None
    return rec.prefixes[0].lower()


def tag_records(tag: str, registry: Registry) -> list[Record]:
    """Return the registry records of *tag*, subtag by subtag in tag order (a whole-tag record first).

    Only for input that reads as a tag of two or more subtags; a subtag the registry lacks is skipped.
    Extensions and private use have no records here.

    >>> from bcp47_explorer.core.data import bundled_registry
    >>> [f"{r.type} {r.code}" for r in tag_records("hy-SU", bundled_registry())]
    ['language hy', 'region SU']
    >>> tag_records("armenian", bundled_registry())
    []
    """
    text = tag.strip().replace("_", "-")
    if "-" not in text or not all(t.isascii() and t.isalnum() for t in text.split("-")):
        return []
    out: list[Record] = []
    whole = registry.tag_record(text)
    if whole is not None:
        out.append(whole)
    parts = split_tag(text)
    for kind, codes in (
        ("language", [parts.language] if parts.language else []),
        ("extlang", parts.extlangs),
        ("script", [parts.script] if parts.script else []),
        ("region", [parts.region] if parts.region else []),
        ("variant", parts.variants),
    ):
        for code in codes:
            rec = registry.get(kind, code)
            if rec is not None and rec not in out:
                out.append(rec)
    return out
