"""Read and rewrite the ``-u-`` part of a tag (RFC 6067), beside :mod:`.compose` for the other subtags.

>>> u_keywords("de-DE-u-co-phonebk-nu-latn")
UKeywords(attributes=(), keywords=(('co', ('phonebk',)), ('nu', ('latn',))))
>>> with_u_keywords("de-DE-x-a", [], [("nu", ["latn"]), ("ca", ["gregory"])])
'de-DE-u-ca-gregory-nu-latn-x-a'
>>> with_u_keywords("de-DE-u-ca-gregory", [], [])
'de-DE'
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from ..grammar.parser import parse
from ..text.frozen import Frozen, _set
from .canonical import u_canonical_body

__all__ = ["UKeywords", "u_keywords", "with_extension", "with_u_keywords"]


class UKeywords(Frozen):
    """The parsed ``-u-`` part of a tag: attributes and (key, types) keywords, lowercase, as written."""

    __slots__ = __match_args__ = ("attributes", "keywords")
    _compared = attrgetter(*__match_args__)

    attributes: tuple[str, ...]
    keywords: tuple[tuple[str, tuple[str, ...]], ...]

    def __init__(
        self, attributes: tuple[str, ...] = (), keywords: tuple[tuple[str, tuple[str, ...]], ...] = ()
    ) -> None:
        _set(self, "attributes", attributes)
        _set(self, "keywords", keywords)


def u_keywords(text: str) -> UKeywords:
    """Return the first -u- extension of *text* parsed into attributes and keywords (lowercase)."""
    for ext in parse(text).extensions:
        if ext.singleton[0].lower() == "u":
            return UKeywords(
                tuple(a[0].lower() for a in ext.attributes),
                tuple((k[0].lower(), tuple(t[0].lower() for t in ts)) for k, ts in ext.keywords),
            )
    return UKeywords()


def with_u_keywords(tag: str, attributes: Sequence[str], keywords: Sequence[tuple[str, Sequence[str]]]) -> str:
    """Return *tag* with its -u- part replaced by *attributes* and *keywords* in canonical order.

    Empty attributes and keywords remove the -u- part. Other extensions keep their place in
    singleton order; private use stays last.
    """
    body = u_canonical_body(
        [a.lower() for a in attributes], [(k.lower(), [t.lower() for t in ts]) for k, ts in keywords]
    )
    return with_extension(tag, "u", body)


def with_extension(
    tag: str, singleton: str | None, body: Sequence[str], privateuse: Sequence[str] | None = None
) -> str:
    """Return *tag* with the extension *singleton* made of *body* (none when empty) and, if given, new private use.

    The part before the first singleton stays as written; the other extensions keep their own
    subtags (lowercase; a repeated singleton's later sequence is dropped) and go in singleton
    order (RFC 5646 §4.5); private use stays last (a bare ``x`` of an ill-formed tag stays too,
    unless *privateuse* replaces it). The one rebuilder of a tag's tail, for ``-u-``
    (:func:`with_u_keywords`), ``-t-`` and private use (:mod:`.tedit`).

    >>> with_extension("de-DE-x-a-u-nu-latn", "a", ["bc"]), with_extension("en-a-bc-x-y", None, [], ["Z"])
    ('de-DE-a-bc-x-a-u-nu-latn', 'en-a-bc-x-z')
    >>> with_extension("de-DE-u-nu-latn-x-a", "a", ["bc"])
    'de-DE-a-bc-u-nu-latn-x-a'
    """
    p = parse(tag)
    text = p.text
    # Cut at the first singleton (or at the private use); rebuild the tail.
    cut = len(text)
    if p.extensions:
        cut = p.extensions[0].singleton[1] - 1
    elif p.x_token is not None:
        cut = p.x_token[1] - 1
    head = text[:cut] if cut > 0 else ""
    seqs: list[tuple[str, list[str]]] = []
    for ext in p.extensions:
        s = ext.singleton[0].lower()
        if s != singleton and all(x[0] != s for x in seqs):
            seqs.append((s, [t[0].lower() for t in ext.subtags]))
    if singleton is not None and body:
        seqs.append((singleton, list(body)))
    seqs.sort(key=lambda x: x[0])
    parts = [head] if head else []
    parts.extend(s + "-" + "-".join(b) for s, b in seqs)
    if privateuse is not None:
        x = [s.lower() for s in privateuse if s]
        if x:
            parts.append("x-" + "-".join(x))
    elif p.x_token is not None:
        parts.append("x-" + "-".join(t[0].lower() for t in p.privateuse) if p.privateuse else "x")
    return "-".join(parts)
