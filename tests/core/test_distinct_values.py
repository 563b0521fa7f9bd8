"""The cuts in the work of a column's expensive distinct values (ill-formed inputs, tags with extensions) give the
same answers as the work they save:

- an ill-formed text is parsed once by a column's summary (check, its analysis, then the repair of its fix,
  which analyses the same text): ``TagEngine.analyze`` remembers the last ill-formed text it analysed, as
  ``full_analysis`` does, and gives that analysis again;
- the Unicode form of an input with '_' separators is that of the input with '-' (Annex C's first step), taken
  by the quick paths, not the whole algorithm: checked against the whole algorithm over '_' forms of corpora;
- :func:`region_fits` asks a set of the languages a territory lists with a script only, which tells what a pass
  over the territory's languages tells: checked over every territory and language of CLDR's territoryInfo.
"""

from __future__ import annotations

import random

import pytest
from bcp47_explorer.core.build.choices import Likely
from bcp47_explorer.core.build.plausible import region_fits
from bcp47_explorer.core.cldr.canonical import Uts35Canonicalizer
from bcp47_explorer.core.data import bundled_engine, bundled_supplemental
from bcp47_explorer.core.engine import tag as tag_module
from bcp47_explorer.core.engine.summary import summarize
from bcp47_explorer.core.engine.tag import TagEngine
from bcp47_explorer.core.engine.unicode_locale import unicode_canonicalizer

from benchmarks.corpus import build, build_advice


@pytest.fixture()
def engine() -> TagEngine:
    base = bundled_engine()
    fresh = TagEngine(base.registry, base.cldr, base.extensions, base.supplemental)
    fresh.repair_fix, fresh.plausibility = base.repair_fix, base.plausibility
    return fresh


def test_a_summary_parses_an_ill_formed_value_once(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = bundled_engine()  # the engine its repair is bound to
    parsed: list[str] = []
    real = tag_module.quick_parse

    def counting(text: str):  # type: ignore[no-untyped-def]
        parsed.append(text)
        return real(text)

    monkeypatch.setattr(tag_module, "quick_parse", counting)
    # No fix, so the repair runs and asks the checker's diagnostics of the same text.
    s = summarize(engine, "zro-\u0131")
    assert (s.well_formed, s.code, s.fix) == (False, "bad-character", None)
    # The tag is a tag and a bad last piece, read without the parser (.illshape, session 34); the repair does not
    # analyse it again. The fix its diagnostic offers, a tag with a dangling singleton, is weighed (then dropped)
    # from its slip lane, without the parser (session 35).
    assert parsed == []
    parsed.clear()
    s = summarize(engine, "en-abcdefghij")
    assert (s.code, s.fix) == ("subtag-too-long", None)
    assert parsed == []
    s = summarize(engine, "en-US-a.b-c")  # no lane: the precise parser, once (and the repair's try of its fix)
    assert (s.code, s.fix) == ("bad-character", "en-US-a.b")
    assert parsed[0] == "en-US-a.b-c" and parsed.count("en-US-a.b-c") == 1


def test_analyze_gives_the_remembered_analysis_of_the_last_ill_formed_text(engine: TagEngine) -> None:
    first = engine.analyze("usi--AE")
    assert engine.analyze("usi--AE") is first
    assert [d.code for d in first.diagnostics] == ["empty-subtag"]
    other = engine.analyze("ne-")
    assert engine.analyze("usi--AE") is not first  # only the last one is remembered
    assert engine.analyze("ne-") is not other  # the previous call analysed usi--AE again
    well = engine.analyze("en-US")
    assert engine.analyze("en-US") is not well  # well-formed texts are not remembered here
    long = engine.analyze("x" * 300)
    assert engine.analyze("x" * 300) is not long  # nor a long input (memory stays small)
    fresh = TagEngine(engine.registry, engine.cldr, engine.extensions, engine.supplemental)
    for text in ("usi--AE", "ne-", " bn", "en_US", "mbc-x", "sim_t_fi_m0_css", "x", ""):
        a, b = engine.analyze(text), fresh.analyze(text)
        assert (a.valid, a.canonical_tag, a.diagnostics, a.parse.subtags) == (
            b.valid,
            b.canonical_tag,
            b.diagnostics,
            b.parse.subtags,
        )


def _underscored() -> list[str]:
    rnd = random.Random(32)
    tags = build(3000, seed=32) + build_advice(2000, seed=32)
    tags += [t + "-u-ca-gregory-nu-latn" for t in rnd.sample(tags, 400)]
    tags += [t + "-t-ja-m0-ungegn-x-priv" for t in rnd.sample(tags, 400)]
    tags += ["root-" + t for t in rnd.sample(tags, 200)]
    tags += [t.swapcase() for t in rnd.sample(tags, 800)]
    out = [t.replace("-", "_") for t in tags]
    out += ["en_US", "de_DE_u_co_phonebk", "_en", "en__US", "en_", "_", "en_US-x_a", "zh_min_nan", "i_klingon"]
    out += ["en_US_POSIX", "sr_Latn_RS", "en_US.UTF-8", "en_\u00e9", "ROOT_us", "iw_IL", "sh_BA", "en_" + "a" * 2000]
    return list(dict.fromkeys(out))


def test_the_unicode_form_of_an_underscored_input_is_the_whole_algorithms(engine: TagEngine) -> None:
    c = unicode_canonicalizer(engine)
    assert c is not None
    corpus = _underscored()
    differ = []
    for text in corpus:
        c.memo.clear()
        quick = c.canonical_tag(text)
        c.memo.clear()
        steps: list[object] = []
        try:
            whole: str | None = c._run(text, steps)  # type: ignore[arg-type]
        except Exception:
            whole = None
        if quick != whole:
            differ.append((text, quick, whole))
    assert differ == []
    assert sum(c.canonical_tag(t) is not None for t in corpus) > 3000


def test_an_underscored_input_takes_the_quick_paths(engine: TagEngine, monkeypatch: pytest.MonkeyPatch) -> None:
    c = unicode_canonicalizer(engine)
    assert c is not None
    c.memo.clear()

    def whole(self: Uts35Canonicalizer, text: str) -> None:
        raise AssertionError(f"the whole algorithm ran for {text!r}")

    monkeypatch.setattr(Uts35Canonicalizer, "canonicalize", whole)
    with pytest.raises(AssertionError, match="whole algorithm"):
        c.canonical_tag("en_US_POSIX")  # no quick path: the whole algorithm's refusal
    assert c.canonical_tag("en_us") == "en-US"
    assert c.canonical_tag("de_DE_u_co_phonebk_ca_gregory") == "de-DE-u-ca-gregory-co-phonebk"
    assert c.canonical_tag("SR_latn_rs_t_EN_h0_hybrid") == "sr-Latn-RS-t-en-h0-hybrid"


def test_region_fits_as_a_pass_over_the_territorys_languages() -> None:
    supplemental = bundled_supplemental()
    assert supplemental is not None
    likely = Likely(supplemental, bundled_engine().registry)
    territories = likely.territory_languages
    languages = sorted({k.partition("-")[0] for listed in territories.values() for k in listed})
    with_script = 0
    for territory, listed in sorted(territories.items()):
        for language in languages:
            low = language.lower()
            passed = low in listed or any(k.startswith(low + "-") for k in listed)
            with_script += passed and low not in listed
            if passed:
                assert region_fits(language, territory, likely) is True, (language, territory)
                assert region_fits(language.upper(), territory.lower(), likely) is True, (language, territory)
            else:
                assert region_fits(language, territory, likely) is (likely.likely(low)[1].upper() == territory)
    assert with_script > 20  # languages listed only with a script ("sr-Latn") are among them
