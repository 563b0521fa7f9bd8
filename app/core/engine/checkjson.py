"""One JSON line per checked tag, in the shape of ``bcp47 check --json``: shared by the CLI and the batch pane.

The batch checker's export and ``bcp47 check --json`` write the same bytes because both call
:func:`check_json_lines`.

>>> from ..data import bundled_engine
>>> next(check_json_lines(bundled_engine(), ["en"]))[0][:67]
'{"input":"en","well_formed":true,"valid":true,"unicode_valid":true,'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence

from ..grammar.quoting import json_string
from ..grammar.syntax import WELL_FORMED
from ..grammar.values import Diagnostic, Severity
from ..text.static import cast
from .fastpath import FAST_MAX
from .illshape import IllShapes
from .quickline import QuickLine, tail_subtags_json
from .results import first_fix, fix_for
from .unicode_validity import first_singleton, verdict_label, verdict_of

TYPE_CHECKING = False  # typing's, without importing typing at run time (start-up)

if TYPE_CHECKING:
    from .results import Analysis
    from .tag import TagEngine

__all__ = [
    "MEMO_KEY_MAX",
    "MEMO_SIZE",
    "check_json_lines",
    "ill_shapes",
    "memo_json_lines",
    "quick_json_bytes",
    "quick_line",
    "quote",
]

# The string encoder json.dumps applies to a str (ensure_ascii=False), without the call around it.
quote: Callable[[str], str] = json_string
_QUOTE = quote


def check_json_lines(engine: TagEngine, tags: Iterable[str], *, fused: bool = True) -> Iterator[tuple[str, bool]]:
    """Yield (one JSON line, valid) per tag, in the shape of ``bcp47 check --json``.

    The line is built by hand, as this loop is most of the time ``bcp47 check --json`` takes.
    Subtags of a well-formed tag need no escaping: they are ASCII letters and digits, or a
    grandfathered tag, whose characters lowercase to ``[a-z0-9-]`` (the Kelvin sign, say),
    never to a quote, a backslash or a control character.

    The commonest tag, a valid language with script, region and variants that the fast path
    settles, gets its line straight from its regex groups and its diagnostics (from
    :mod:`.quickadvice`: no parse is made); having no extlang and no extension, it is a valid
    Unicode locale identifier too (:func:`.unicode_validity.verdict_of` says so without looking
    further); with one extlang, UTS #35's one finding on it is added (:func:`_extlang_line`). The
    regex runs once per tag. The plainest of those (no extlang, no private use, at most one
    variant) are written by :class:`.quickline.QuickLine` from texts kept per subtag, before any of
    that. Tests compare the ways of writing the line over large corpora. *fused* False: the caller has
    already asked the fused line (:func:`quick_json_bytes`) for each of *tags*, which it did not write.
    """
    quote = _QUOTE
    plain = quick_line(engine).line if fused else None
    unmatched = engine.unmatched_analysis
    matched = engine.matched_analysis
    settle = engine.fast_path.match
    advise = engine.quick_advice.langtag_diagnostics
    quiet_exts = engine.quick_advice.extension_diagnostics
    match = WELL_FORMED.fullmatch
    extlang_of = engine.tables.extlang_of
    plausible = engine.plausibility
    notes_wanted = engine.plausibility_in_json
    slip = ill_shapes(engine).line
    ended = ill_shapes(engine).end_line
    underscored = ill_shapes(engine).underscore_line
    swapped = ill_shapes(engine).swapped_line
    for tag in tags:
        m = match(tag) if len(tag) <= FAST_MAX else None
        if m is None:
            slipped = slip(tag)  # a valid plain tag with one slip around it (.illshape); None: the precise path
            if slipped is not None:
                yield slipped + (_NO_NOTES if notes_wanted else "}"), False
                continue
            slipped = ended(tag)  # a plain tag and a last piece that fits no subtag: no fix of the checker's
            if slipped is not None:
                if _null_fix(engine, tag):
                    yield slipped + ("null" + _NO_NOTES if notes_wanted else "null}"), False
                    continue
            else:  # a valid tag with '_' for '-', or with its region and script swapped
                slipped = underscored(tag) if "_" in tag else swapped(tag)
                if slipped is not None:
                    yield slipped + (_NO_NOTES if notes_wanted else "}"), False
                    continue
            a = unmatched(tag)
            if not a.parse.well_formed:
                yield _ill_formed_line(engine, tag, a) + (_NO_NOTES if notes_wanted else "}"), False
                continue
        else:
            g = m.groups()
            done = plain(tag, g) if plain is not None else None
            if done is not None:
                text = done[0].decode()
                yield text + (_plausibility_json(plausible, done[1]) if notes_wanted else "}"), True
                continue
            canonical = settle(tag, g)
            if canonical is not None and g[0] is not None and not g[5]:
                diags = advise(tag, g, canonical)  # None: the precise path, below
                if diags is not None:
                    if g[1] is None:
                        line = _langtag_line(tag, g, canonical, extlang_of(canonical), diags)
                    else:
                        line = _extlang_line(engine, tag, g, canonical, extlang_of(canonical), diags)
                    yield line + (_plausibility_json(plausible, canonical) if notes_wanted else "}"), True
                    continue
            elif canonical is not None and g[5] and g[1] is None:
                quiet = quiet_exts(tag, g, canonical)  # None: the precise path, below
                if quiet is not None:
                    line = _extension_line(tag, g, canonical, extlang_of(canonical), *quiet)
                    yield line + (_plausibility_json(plausible, canonical) if notes_wanted else "}"), True
                    continue
            a = matched(tag, g, canonical)
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
            subtags = _subtags_json(p.subtags)
            head = f'{{"input":{quote(tag)},"well_formed":{"true" if p.well_formed else "false"},"valid":false,' \
                f'"unicode_valid":false,"canonical":null,"extlang_form":null,"subtags":[{subtags}]'  # fmt: skip
        if p.diags or uv.diagnostics:
            diags = (*a.diagnostics, *uv.own)
            diags_json = _diagnostics_json(diags, first_singleton(p))
            fix = _fix_json(diags) if a.valid else _repaired_fix_json(engine, tag, diags)
            line = f'{head},"diagnostics":[{diags_json}],"fix":{fix}'
        else:
            line = head + ',"diagnostics":[],"fix":null'
        if not notes_wanted:
            notes = "}"
        elif a.valid and canonical is not None:
            notes = _plausibility_json(plausible, canonical)
        else:
            notes = _NO_NOTES
        yield line + notes, a.valid


def quick_line(engine: TagEngine) -> QuickLine:
    """Return the :class:`.quickline.QuickLine` of *engine* (one per engine, kept with it: ``engine.kept``)."""
    got = engine.kept.get("quick_line")
    if got is None:
        got = engine.kept["quick_line"] = QuickLine(engine.fast_path, engine.quick_advice, _diagnostic_json)
    return cast(QuickLine, got)


def ill_shapes(engine: TagEngine) -> IllShapes:
    """Return the :class:`.illshape.IllShapes` of *engine* (one per engine, kept with it: ``engine.kept``)."""
    got = engine.kept.get("ill_shapes")
    if got is None:
        got = engine.kept["ill_shapes"] = IllShapes(engine.fast_path, _diagnostics_json)
    return cast(IllShapes, got)


def quick_json_bytes(engine: TagEngine) -> Callable[[str], bytes | None]:
    """Return a function giving the UTF-8 line of a tag, with its end and a newline, where the fused line writes it.

    What :func:`check_json_lines` yields for the tag, encoded, with a newline added; None: the tag takes
    :func:`check_json_lines`. ``bcp47 check --json`` writes bytes: the fused line
    (:class:`.quickline.QuickLine`) keeps its messages encoded, so such a line is never decoded and
    encoded again.

    >>> from ..data import bundled_engine
    >>> line = quick_json_bytes(bundled_engine())
    >>> line("iw-IL").endswith(b'"fix":"he-IL","plausibility":[]}' + bytes([10])), line("de-u-co-gregorian")
    (True, None)
    """
    plain = quick_line(engine).line
    match = WELL_FORMED.fullmatch
    plausible = engine.plausibility

    def one(tag: str) -> bytes | None:
        m = match(tag) if len(tag) <= FAST_MAX else None
        if m is None:
            return None
        if not engine.plausibility_in_json:
            done = plain(tag, m.groups(), b"}\n")
            return done[0] if done is not None else None
        done = plain(tag, m.groups())
        return done[0] + (_plausibility_json(plausible, done[1]) + "\n").encode() if done is not None else None

    return one


def _diagnostic_json(d: Diagnostic) -> str:
    """Return the JSON of one diagnostic of a langtag's line (no extension: no verdict depends on one)."""
    return _diagnostics_json((d,), None)


#: How many distinct tags :func:`memo_json_lines` remembers (about 500 bytes each) before it starts afresh.
MEMO_SIZE = 20_000
#: Longer inputs are never remembered: a repeat is a short tag, and a huge line must not stay in memory.
MEMO_KEY_MAX = 64


def memo_json_lines(
    engine: TagEngine, tags: Iterable[str], memo: dict[str, tuple[str, bool]] | None = None
) -> Iterator[tuple[str, bool]]:
    """Yield what :func:`check_json_lines` yields, checking each distinct tag once: a repeat comes from *memo*.

    *memo* (kept by the caller across calls, or a new one) holds at most :data:`MEMO_SIZE` tags
    and is emptied when full, so memory stays bounded on a column of all-distinct tags. The
    lines are the same bytes: a line depends on its tag alone.

    >>> from ..data import bundled_engine
    >>> memo = {}
    >>> [v for _, v in memo_json_lines(bundled_engine(), ["en", "xx-", "en"], memo)], sorted(memo)
    ([True, False, True], ['en', 'xx-'])
    """
    memo = {} if memo is None else memo
    box: list[str] = []

    def feed() -> Iterator[str]:  # one tag per line asked for: check_json_lines yields one line per tag
        while True:
            yield box.pop()

    lines = check_json_lines(engine, feed())
    get = memo.get
    for tag in tags:
        hit = get(tag)
        if hit is None:
            box.append(tag)
            hit = next(lines)
            if len(tag) <= MEMO_KEY_MAX:
                if len(memo) >= MEMO_SIZE:
                    memo.clear()
                memo[tag] = hit
        yield hit


def _langtag_line(
    tag: str, g: tuple[str | None, ...], canonical: str, extlang: str, diags: Sequence[Diagnostic]
) -> str:
    """Return the JSON line of a valid langtag without extlang or extension, from its regex groups *g*.

    The regex matched, so the tag is letters, digits and '-' (nothing to escape); having no
    extlang and no extension, a valid tag is a valid Unicode locale identifier too.
    """
    head = f'{{"input":"{tag}","well_formed":true,"valid":true,"unicode_valid":true,"canonical":"{canonical}",' \
        f'"extlang_form":"{extlang}","subtags":[{_langtag_subtags(g, tag)}],"diagnostics":['  # fmt: skip
    if diags:
        return f'{head}{_diagnostics_json(diags, None)}],"fix":{_fix_json(diags)}'
    return head + '],"fix":null'


def _extension_line(
    tag: str,
    g: tuple[str | None, ...],
    canonical: str,
    extlang: str,
    diags: Sequence[Diagnostic],
    roles: tuple[str, ...],
) -> str:
    """Return the JSON line of a valid tag without extlang whose extensions draw no diagnostic, from its groups.

    As :func:`_langtag_line`, with the extensions' subtags (*roles*: theirs, from
    :meth:`.quickadvice.QuickAdvice.extension_diagnostics`, which also gives *diags*): such a
    tag is a valid Unicode locale identifier too, and its diagnostics are its head's, never
    errors, so none counts against a verdict. A test compares the line with the precise path's.
    """
    lang, _ext, script, region, var, exts, pu = g[:7]
    assert lang is not None and exts is not None
    pos = len(lang)
    subtags = f'{{"text":"{lang}","start":0,"end":{pos},"role":"language"}}'
    if script is not None:
        subtags += f',{{"text":"{script}","start":{pos + 1},"end":{pos + 5},"role":"script"}}'
        pos += 5
    if region is not None:
        end = pos + 1 + len(region)
        subtags += f',{{"text":"{region}","start":{pos + 1},"end":{end},"role":"region"}}'
        pos = end
    if var:
        for v in var[1:].split("-"):
            end = pos + 1 + len(v)
            subtags += f',{{"text":"{v}","start":{pos + 1},"end":{end},"role":"variant"}}'
            pos = end
    subtags += tail_subtags_json(tag, pos, exts, pu, roles)
    head = f'{{"input":"{tag}","well_formed":true,"valid":true,"unicode_valid":true,"canonical":"{canonical}",' \
        f'"extlang_form":"{extlang}","subtags":[{subtags}],"diagnostics":['  # fmt: skip
    if diags:
        return f'{head}{_diagnostics_json(diags, None)}],"fix":{_fix_json(diags)}'
    return head + '],"fix":null'


def _extlang_line(
    engine: TagEngine, tag: str, g: tuple[str | None, ...], canonical: str, extlang: str, diags: Sequence[Diagnostic]
) -> str:
    """Return the JSON line of a valid langtag with one extlang and no extension, from its groups.

    As :func:`_langtag_line`, with the one finding of UTS #35 on such a tag (:func:`.unicode_validity.verdict_of`
    adds it after RFC 5646's diagnostics): a Unicode locale identifier has no extlang, and the Unicode form
    writes the extlang's Preferred-Value in place of the language and extlang (the fast path settled the
    tag, so there is one). A test compares the line with the precise path's over large corpora.
    """
    ext = g[1]
    assert ext is not None
    own = engine.quick_advice.unicode_extlang(tag, g, engine.tables.extlang[ext[1:].lower()])
    every = (*diags, own)
    head = f'{{"input":"{tag}","well_formed":true,"valid":true,"unicode_valid":false,"canonical":"{canonical}",' \
        f'"extlang_form":"{extlang}","subtags":[{_langtag_subtags(g, tag)}],"diagnostics":['  # fmt: skip
    return f'{head}{_diagnostics_json(every, None)}],"fix":{_fix_json(every)}'


_NO_NOTES = ',"plausibility":[]}'


def _plausibility_json(plausible: Callable[[str], Sequence[str]] | None, canonical: str) -> str:
    """Return the line's end: ``plausibility``, CLDR's notes on a valid tag (``engine.plausibility``), and ``}``."""
    notes = plausible(canonical) if plausible is not None else ()
    return f',"plausibility":[{",".join(_QUOTE(n) for n in notes)}]}}' if notes else _NO_NOTES


def _langtag_subtags(g: tuple[str | None, ...], tag: str) -> str:
    """Return the JSON of the subtags of a langtag *tag* without extensions, from its regex groups *g*."""
    lang, ext, script, region, var = g[:5]
    assert lang is not None
    pos = len(lang)
    out = f'{{"text":"{lang}","start":0,"end":{pos},"role":"language"}}'
    if ext is not None:  # one extlang (the fast path settles no other)
        end = pos + len(ext)
        out += f',{{"text":"{ext[1:]}","start":{pos + 1},"end":{end},"role":"extlang"}}'
        pos = end
    if script is not None:
        out += f',{{"text":"{script}","start":{pos + 1},"end":{pos + 5},"role":"script"}}'
        pos += 5
    if region is not None:
        end = pos + 1 + len(region)
        out += f',{{"text":"{region}","start":{pos + 1},"end":{end},"role":"region"}}'
        pos = end
    if var:
        for v in var[1:].split("-"):
            end = pos + 1 + len(v)
            out += f',{{"text":"{v}","start":{pos + 1},"end":{end},"role":"variant"}}'
            pos = end
    return out + tail_subtags_json(tag, pos, "", g[6], ())


def _diagnostics_json(diags: Iterable[Diagnostic], first: int | None) -> str:
    """Return the JSON of *diags* (without the brackets); *first*: where the first extension starts."""
    quoted = _QUOTED_MESSAGES.get
    error = Severity.ERROR
    return ",".join(
        [
            f'{{"code":"{d.code}","severity":"{d.severity._value_}","start":{d.start},"end":{d.end},'
            f'"message":{quoted(d.message) or _quote_message(d.message)},"verdict":'
            + (_VERDICT[verdict_label(d, first)] if d.severity is error else "null")
            + "}"
            for d in diags
        ]
    )


#: Message → its JSON string. A column's diagnostics repeat their messages (the advice on a subtag is worded once),
#: and every message holds a '§', on which the JSON encoder takes its slow, character by character way.
_QUOTED_MESSAGES: dict[str, str] = {}
#: How many quoted messages are remembered before the memory starts afresh (a few hundred bytes each).
QUOTED_MAX = 8192


def _quote_message(message: str) -> str:
    """Return ``quote(message)``, remembered."""
    got = _QUOTE(message)
    if len(_QUOTED_MESSAGES) >= QUOTED_MAX:
        _QUOTED_MESSAGES.clear()
    _QUOTED_MESSAGES[message] = got
    return got


def _fix_json(diags: Sequence[Diagnostic]) -> str:
    """Return the JSON of the first fix *diags* offer (:func:`.results.first_fix`): a string, or null."""
    fix = first_fix(diags)
    return "null" if fix is None else _QUOTE(fix)


def _subtags_json(subtags: Sequence[tuple[str, int, int, str]]) -> str:
    """Return the items of ``subtags`` for a parse that may hold any text: a piece not of letters and digits quoted."""
    return ",".join(
        [
            f'{{"text":"{t}","start":{s},"end":{e},"role":"{role}"}}'
            if t.isascii() and t.isalnum()
            else f'{{"text":{_QUOTE(t)},"start":{s},"end":{e},"role":"{role}"}}'
            for t, s, e, role in subtags
        ]
    )


def _ill_formed_line(engine: TagEngine, tag: str, a: Analysis) -> str:
    """Return the line of an ill-formed *tag* up to its ``fix``: neither verdict can hold, and UTS #35 adds nothing."""
    p = a.parse
    subtags = _subtags_json(p.subtags)
    head = f'{{"input":{_QUOTE(tag)},"well_formed":false,"valid":false,"unicode_valid":false,"canonical":null,' \
        f'"extlang_form":null,"subtags":[{subtags}]'  # fmt: skip
    diags = a.diagnostics
    if not diags:
        return head + ',"diagnostics":[],"fix":null'
    return f'{head},"diagnostics":[{_diagnostics_json(diags, first_singleton(p))}],' \
        f'"fix":{_ill_formed_fix_json(engine, tag, diags)}'  # fmt: skip


def _repaired_fix_json(engine: TagEngine, tag: str, diags: Sequence[Diagnostic]) -> str:
    """Return the JSON of :func:`fix_for` of a tag that is not valid."""
    fix = fix_for(engine, tag, False, diags)
    return "null" if fix is None else _QUOTE(fix)


def _ill_formed_fix_json(engine: TagEngine, tag: str, diags: Sequence[Diagnostic]) -> str:
    """Return :func:`_repaired_fix_json` of the ill-formed *tag*, without the repair where its answer is known.

    The composer's repair (``core.data``'s, which has no name index) of a text that no platform's shape can match
    (:func:`_no_platform_shape`) checks it, finds it ill-formed, and follows the checker's first fix while that makes
    progress (``build.repair``'s ``_engine_fix``): with none (*diags* offer none), it gives None, so the ``fix`` is
    null; else :func:`_followed_fix` follows them here, the repair's way, and its module need not even be imported
    (most columns then never do). A test compares this with the repair over large corpora.
    """
    if engine.repair_reads_no_names and 0 < len(tag) <= _REPAIR_INPUT_MAX and _no_platform_shape(tag):
        fix = first_fix(diags)
        if fix is not None and not engine.is_valid(fix):  # fix_for's rule: the repair's tag where it finds one
            fix = _followed_fix(engine, tag) or fix
        return "null" if fix is None else _QUOTE(fix)
    return _repaired_fix_json(engine, tag, diags)


def _followed_fix(engine: TagEngine, text: str) -> str | None:
    """Return the canonical tag the checker's first fixes lead *text* to, as ``build.repair``'s ``_engine_fix``
    follows them (at most four steps, none back to a text already seen), or None where they reach no valid tag.
    """
    seen = {text}
    for _ in range(4):
        r = engine.check(text)
        if r.valid:
            return r.canonical
        fix = next((d.fix for d in r.diagnostics if d.fix is not None), None)
        if fix is None or fix.tag in seen:
            return None
        seen.add(fix.tag)
        text = fix.tag
    return None


def _null_fix(engine: TagEngine, tag: str) -> bool:
    """Tell whether the ``fix`` of the ill-formed *tag*, whose diagnostics offer no fix, is surely null (see above)."""
    return engine.repair_fix is None or (
        engine.repair_reads_no_names and 0 < len(tag) <= _REPAIR_INPUT_MAX and _no_platform_shape(tag)
    )


def _no_platform_shape(text: str) -> bool:
    """Tell whether *text* has none of what the repair's platform readers and separators look for.

    Our reading of ``build.platforms.detect`` (asked more broadly here, never less): whitespace, ``_``, ``@``
    and ``+`` are separators or marks of some shape; ``values-`` starts Android's; ``-r`` (Android's region)
    is looked for in texts of at most 7 characters only, ``-ch`` (Windows') in those of 6, ``ploc`` in those
    of 8 or 9; a ``.`` ends Apple's ``.lproj`` or follows POSIX's 2 or 3 letters, never a ``-`` (``yag-a.b``
    is no platform's); and ``C`` and ``POSIX``.
    """
    if _PLATFORM_MARK.search(text) is not None or text in ("C", "POSIX") or len(text.strip()) != len(text):
        return False
    n = len(text)
    if n < 10:
        low = text.lower()
        if ("-r" in low and n < 8) or ("-ch" in low and n == 6) or ("ploc" in low and n > 7):
            return False
    dot = text.find(".")
    return dot < 0 or ("-" in text[:dot] and not text.lower().endswith(".lproj"))


#: What makes the repair read a text otherwise than by the checker's fixes in any text (see _no_platform_shape).
_PLATFORM_MARK = re.compile(r"[\s_@+]|values-", re.IGNORECASE)
#: ``build.repair.MAX_REPAIR_INPUT``: the repair reads nothing longer (nor an empty text); a test pins the equality.
_REPAIR_INPUT_MAX = 256


_VERDICT = {None: "null", "valid": '"valid"', "unicode_valid": '"unicode_valid"'}


_SURROGATE: list[re.Pattern[str]] = []  # compiled on first use: most runs never meet an undecodable byte


def clean_json_text(text: str) -> str:
    """Return JSON text with each lone surrogate (an input byte that was not UTF-8) replaced by U+FFFD.

    What ``bcp47 check --json`` writes and the batch pane exports: strict UTF-8 whatever the input.

    >>> clean_json_text('{"input":"de-\\udcff"}')
    '{"input":"de-\\ufffd"}'
    """
    if text.isascii():
        return text
    try:  # most non-ASCII lines hold only the messages' '§': encoding tells faster than a search
        text.encode("utf-8")
    except UnicodeEncodeError:
        if not _SURROGATE:
            _SURROGATE.append(re.compile("[\ud800-\udfff]"))
        return _SURROGATE[0].sub("\ufffd", text)
    return text
