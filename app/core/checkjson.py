"""One JSON line per checked tag, in the shape of ``bcp47 check --json``: shared by the CLI and the batch pane.

The batch checker's export and ``bcp47 check --json`` write the same bytes because both call
:func:`check_json_lines`.

>>> from .tag import bundled_engine
>>> next(check_json_lines(bundled_engine(), ["en"]))[0][:67]
'{"input":"en","well_formed":true,"valid":true,"unicode_valid":true,'
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from .uts35_validity import first_singleton, verdict_label, verdict_of

if TYPE_CHECKING:
    from .tag import TagEngine

__all__ = ["check_json_lines", "quote"]

# The string encoder json.dumps applies to a str (ensure_ascii=False), without the call around it.
quote: Callable[[str], str] = getattr(json.encoder, "c_encode_basestring", None) or json.encoder.py_encode_basestring
_QUOTE = quote


def check_json_lines(engine: TagEngine, tags: Iterable[str]) -> Iterator[tuple[str, bool]]:
    """Yield (one JSON line, valid) per tag, in the shape of ``bcp47 check --json``.

    The line is built by hand, as this loop is most of the time ``bcp47 check --json`` takes.
    Subtags of a well-formed tag need no escaping: they are ASCII letters and digits, or a
    grandfathered tag, whose characters lowercase to ``[a-z0-9-]`` (the Kelvin sign, say),
    never to a quote, a backslash or a control character.
    """
    quote = _QUOTE
    analyse = engine.full_analysis
    extlang_of = engine.extlang_of
    for tag in tags:
        a = analyse(tag)
        p = a.parse
        canonical = a.canonical_tag
        uv = verdict_of(engine, a)  # the Unicode verdict (UTS #35), apart from RFC 5646's valid
        unicode_valid = "true" if uv.valid else "false"
        if canonical is not None:  # well-formed: no subtag needs escaping (see the docstring)
            subtags = ",".join(
                [f'{{"text":"{t}","start":{s},"end":{e},"role":"{role}"}}' for t, s, e, role in p.subtags]
            )
            head = f'{{"input":{quote(tag)},"well_formed":true,"valid":{"true" if a.valid else "false"},' \
                f'"unicode_valid":{unicode_valid},' \
                f'"canonical":"{canonical}","extlang_form":"{extlang_of(canonical)}","subtags":[{subtags}]'  # fmt: skip
        else:
            subtags = ",".join(
                [
                    f'{{"text":"{t}","start":{s},"end":{e},"role":"{role}"}}'
                    if t.isascii() and t.isalnum()
                    else f'{{"text":{quote(t)},"start":{s},"end":{e},"role":"{role}"}}'
                    for t, s, e, role in p.subtags
                ]
            )
            head = f'{{"input":{quote(tag)},"well_formed":{"true" if p.well_formed else "false"},"valid":false,' \
                f'"unicode_valid":false,"canonical":null,"extlang_form":null,"subtags":[{subtags}]'  # fmt: skip
        if p.diags or uv.diagnostics:
            first = first_singleton(p)
            diags = ",".join(
                [
                    f'{{"code":"{d.code}","severity":"{d.severity}","start":{d.start},"end":{d.end},'
                    f'"message":{quote(d.message)},"verdict":{_VERDICT[verdict_label(d, first)]}}}'
                    for d in (*a.diagnostics, *uv.own)
                ]
            )
            yield f'{head},"diagnostics":[{diags}]}}', a.valid
        else:
            yield head + ',"diagnostics":[]}', a.valid


_VERDICT = {None: "null", "valid": '"valid"', "unicode_valid": '"unicode_valid"'}


_SURROGATE = re.compile("[\ud800-\udfff]")


def clean_json_text(text: str) -> str:
    """Return JSON text with each lone surrogate (an input byte that was not UTF-8) replaced by U+FFFD.

    What ``bcp47 check --json`` writes and the batch pane exports: strict UTF-8 whatever the input.

    >>> clean_json_text('{"input":"de-\\udcff"}')
    '{"input":"de-\\ufffd"}'
    """
    return text if text.isascii() else _SURROGATE.sub("\ufffd", text)
