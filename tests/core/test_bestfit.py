"""CLDR language matching (UTS #35 §4.4) on CLDR 48's data, and ``bcp47 match --best-fit``.

The expected answers are the ones CLDR's data gives by the algorithm of §4.4 (and that ICU's
LocaleMatcher gives with its defaults): regional groupings through match variables, one-way rules,
the script threshold, demotion by position and the tie order (default, paradigm locales, the rest).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from bcp47_explorer.core import data
from bcp47_explorer.core.build.localeinfo import matcher_for
from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.matching.bestfit import DEMOTION, THRESHOLD, Matcher


@pytest.fixture(scope="module")
def matcher() -> Matcher:
    return matcher_for(bundled_engine())


@pytest.mark.parametrize(
    ("desired", "supported", "best", "distance"),
    [
        (["en-AU"], ["en", "en-GB", "fr"], "en-GB", 3),  # en-*-$!enUS → en-*-GB = 3 beats en-*-* 5
        (["en-IN"], ["fr", "en", "en-GB"], "en-GB", 3),
        (["en-CA"], ["en-GB", "en"], "en", 4),  # CA is in $enUS with US
        (["en-PR"], ["en-GB", "en"], "en", 4),
        (["es-MX"], ["es", "es-419"], "es-419", 4),  # MX and 419 both in $americas
        (["es-AR"], ["es-419", "es"], "es-419", 4),
        (["pt-AO"], ["pt", "pt-PT"], "pt-PT", 4),  # neither AO nor PT in $americas; BR is
        (["pt-MZ"], ["pt-BR", "pt-PT"], "pt-PT", 4),
        (["ar-MA"], ["ar", "ar-DZ"], "ar-DZ", 4),  # $maghreb
        (["zh-MO"], ["zh-Hant", "zh-Hant-HK"], "zh-Hant-HK", 4),  # $cnsar
        (["zh-HK"], ["zh-Hans", "zh-Hant", "en"], "zh-Hant", 5),  # HK in $cnsar, TW not: zh-Hant-* = 5
        (["gsw"], ["de", "fr"], "de", 8),  # gsw → de (one way) 4 + region CH ~ DE 4
        (["nb"], ["no", "da"], "no", 1),
        (["nn"], ["nb", "sv"], "nb", 20),
        (["hr"], ["bs", "en"], "bs", 8),
        (["sr-Latn"], ["sr", "hr"], "sr", 5),  # sr-Latn ↔ sr-Cyrl = 5
        (["am"], ["en", "fr"], "en", 44),  # am → en 30, Ethi → Latn 10, ET ~ US 4
        (["cmn-TW"], ["zh-Hant", "zh"], "zh-Hant", 0),  # canonicalized to zh-TW, maximized to zh-Hant-TW
        (["iw"], ["he", "en"], "he", 0),  # iw is an alias of he
        (["en-US"], ["en", "en-US"], "en-US", 0),  # distance 0 both; en-US spells out the same fields
    ],
)
def test_best_fit_examples(
    matcher: Matcher, desired: list[str], supported: list[str], best: str, distance: int
) -> None:
    fit = matcher.best_fit(desired, supported)
    assert fit.matched
    assert (fit.supported, fit.distance) == (best, distance), fit.reason


@pytest.mark.parametrize(
    ("desired", "supported"),
    [
        (["zh-Hant"], ["zh-Hans", "en"]),  # script difference *-* = 50: not below the threshold
        (["ja"], ["en", "fr"]),
        (["de"], ["gsw"]),  # gsw → de is one way
        (["xyz"], ["en"]),
    ],
)
def test_no_fit_below_the_threshold_gives_the_default(
    matcher: Matcher, desired: list[str], supported: list[str]
) -> None:
    fit = matcher.best_fit(desired, supported)
    assert not fit.matched and fit.supported == supported[0]
    assert fit.candidates and all(c.total >= THRESHOLD for c in fit.candidates)
    assert matcher.best_fit(desired, supported, default="und").supported == "und"
    assert "the default is used" in fit.reason


def test_demotion_lets_a_later_language_win_only_by_a_margin(matcher: Matcher) -> None:
    # fr (2nd desired) is exact (0 + demotion 5); de-CH ~ de is 4: the first desired language still wins.
    fit = matcher.best_fit(["de-CH", "fr"], ["fr", "de"])
    assert (fit.supported, fit.desired, fit.distance, fit.effective) == ("de", "de-CH", 4, 4)
    # en-AU ~ en is 5; the second desired language en-GB fits exactly but pays the demotion: a tie at 5,
    # and ties go to the earlier desired language.
    fit = matcher.best_fit(["en-AU", "en-GB"], ["en-GB", "en"])
    assert fit.supported == "en-GB" and fit.desired == "en-AU" and fit.distance == 3
    fit = matcher.best_fit(["ja", "fr"], ["en", "fr"])
    assert (fit.supported, fit.desired_index, fit.distance, fit.effective) == ("fr", 1, 0, DEMOTION)


def test_the_closest_pairs_are_listed_in_their_order_with_the_demotion(matcher: Matcher) -> None:
    fit = matcher.best_fit(["fr-CH", "en"], ["en-GB", "fr-CA", "de"])
    closest = [(eff, d.total, d.desired, d.supported) for eff, d in fit.closest(5)]
    # en ~ en-GB is 5 but ranks as 10: en is the second desired language (demotion 5).
    assert closest[:2] == [(4, 4, "fr-CH", "fr-CA"), (10, 5, "en", "en-GB")]
    assert [eff for eff, *_ in closest] == sorted(eff for eff, *_ in closest)
    assert all(eff == total + DEMOTION * (desired == "en") for eff, total, desired, _ in closest)
    out = _bcp47("match", "--best-fit", "--ranges", "fr-CH, en", "en-GB", "fr-CA", "de")
    assert "   10  en (en-Latn-US) ~ en-GB (en-Latn-GB) (distance 5 + demotion 5)\n" in out.stdout
    doc = json.loads(_bcp47("match", "--best-fit", "--json", "--ranges", "fr-CH, en", "en-GB", "fr-CA", "de").stdout)
    assert [(c["effective_distance"], c["distance"]) for c in doc["candidates"][:2]] == [(4, 4), (10, 5)]


def test_distance_reports_each_level_with_its_rule(matcher: Matcher) -> None:
    d = matcher.distance("en-AU", "en-GB")
    assert (d.desired_max, d.supported_max, d.total) == ("en-Latn-AU", "en-Latn-GB", 3)
    assert [s.distance for s in d.steps] == [0, 0, 3]
    assert str(d.steps[2].rule) == "en-*-$!enUS ↔ en-*-GB = 3"
    assert "region AU ~ GB" in d.reason()
    one_way = matcher.distance("de", "gsw")
    assert one_way.steps[0].rule is not None and str(one_way.steps[0].rule) == "* ↔ * = 80"


def test_every_rule_of_cldr_is_loaded_in_order() -> None:
    raw = json.loads(data.read_text(data.resource_path(data.SUPPLEMENTAL_FILE)))["matching"]["rules"]
    m = Matcher(data.bundled_supplemental())
    assert len(m.data.rules) == len(raw) == 378
    assert [(list(r.desired), r.distance) for r in m.data.rules[:3]] == [(["nb"], 1), (["hr"], 4), (["sh"], 4)]


def _bcp47(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bcp47_explorer.cli", *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def test_cli_best_fit_json_has_result_distance_reason_and_rfc4647_beside_it() -> None:
    out = _bcp47("match", "--best-fit", "--json", "--ranges", "en-AU, fr;q=0.5", "en", "en-GB", "fr")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert (doc["scheme"], doc["result"], doc["desired"], doc["distance"]) == ("best-fit", "en-GB", "en-AU", 3)
    assert doc["levels"][2] == {
        "level": "region",
        "desired": "AU",
        "supported": "GB",
        "rule": "en-*-$!enUS ↔ en-*-GB = 3",
        "distance": 3,
    }
    assert doc["rfc4647_lookup"]["result"] == "en"  # RFC 4647 lookup truncates en-AU to en: never en-GB
    assert doc["fallback"]["chain"][:3] == [
        {"locale": "en-AU", "available": False},
        {"locale": "en-001", "available": False},
        {"locale": "en", "available": True},
    ]
    assert doc["fallback"]["bundle"] == "en"


def test_cli_best_fit_no_match_exits_1_with_the_default() -> None:
    out = _bcp47("match", "--best-fit", "--ranges", "ja", "--default", "en", "fr", "en")
    assert out.returncode == 1
    assert "Result: en (the default" in out.stdout
    assert "RFC 4647 lookup gives: en (default)" in out.stdout


def test_cli_likely_json_one_object_per_line_with_nulls() -> None:
    out = _bcp47("likely", "--json", "-", stdin="zh-TW\nqaa\r\ncmn-Hans\n")
    assert out.returncode == 1  # qaa cannot be maximized
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [(r["input"], r["max"], r["min"], r["min_region"]) for r in rows] == [
        ("zh-TW", "zh-Hant-TW", "zh-Hant", "zh-TW"),
        ("qaa", None, None, None),
        ("cmn-Hans", "zh-Hans-CN", "zh", "zh"),
    ]
    ok = _bcp47("likely", "sr", "zh-TW")
    assert ok.returncode == 0 and "sr-Cyrl-RS" in ok.stdout and "zh-TW means script Hant" in ok.stdout


@pytest.mark.parametrize(
    ("desired", "supported", "answer", "matched"),
    [
        # Issue 19, as ICU's LocaleMatcher and CLDR's localeMatcherTest.txt (default options):
        (["en"], ["it", "und"], "it", False),  # max(und) = und, not English: no match, the default
        (["und"], ["it", "en"], "it", False),
        (["x-piglatin"], ["fr", "x-bork"], "fr", False),  # private-use-only tags do not match each other
        (["x-piglatin"], ["fr", "x-piglatin"], "x-piglatin", True),  # the same tag does
        (["af-Latn-ZA"], ["af", "af-Latn", "af-Arab"], "af-Latn", True),  # shares more explicit subtags
        (["en"], ["en-US", "en"], "en", True),  # adds fewer
    ],
)
def test_best_fit_agrees_with_icu_defaults(
    matcher: Matcher, desired: list[str], supported: list[str], answer: str, matched: bool
) -> None:
    fit = matcher.best_fit(desired, supported)
    assert (fit.supported, fit.matched) == (answer, matched)
    if matched:
        assert fit.distance == 0
