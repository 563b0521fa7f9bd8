"""The lean ways of the repair's tag (``check --json``'s ``fix``) give what the whole repair gives.

:func:`.platforms.detect` answers a text without ``_``, ``.``, ``@`` or ``+`` from a few substrings before any
regex; :meth:`.repair.Repairer.repair_tag` words no note. Both are compared with the full ways over texts of
every platform's shape, in odd case, and over the ill-formed values of the benchmark column.
"""

from __future__ import annotations

import random

from bcp47_explorer.core.build import platforms
from bcp47_explorer.core.build.platforms import JAVA_SPECIAL, detect
from bcp47_explorer.core.data import bundled_engine

from benchmarks.corpus import build


def _detect_by_regex(text: str) -> str | None:
    """:func:`.platforms.detect` without its first look at the characters: every shape's regex in turn."""
    if text.lower().endswith(".lproj"):
        return "apple"
    if text in ("C", "POSIX") or "@" in text or platforms._posix_shape().fullmatch(text):
        return "posix"
    if text.endswith("_POSIX"):
        return "posix"
    if platforms._android_shape().fullmatch(text):
        return "android"
    if platforms._windows_shape().fullmatch(text):
        return "windows"
    if text in JAVA_SPECIAL or platforms._java_shape().fullmatch(text):
        return "java"
    return None


def _odd(rnd: random.Random, text: str) -> str:
    return "".join(c.upper() if rnd.random() < 0.5 else c.lower() for c in text)


def test_detect_answers_as_the_regexes_do() -> None:
    rnd = random.Random(51)
    texts = ["C", "POSIX", "c", "zh-CHS", "zh-cht", "ZH-cHs", "qps-ploc", "QPS-PLOCA", "qps-plocm", "values-de",
             "values-b+sr+Latn", "res/values-pt-rBR", "pt-rBR", "PT-Rbr", "de-rde", "b+sr+Latn", "de_DE.UTF-8",
             "ja_JP_JP", "en_US_POSIX", "English.lproj", "de-DE-u-ca-gregory", "sr@latin", "en-US-", "zh-chs-x",
             "zh-Hans-CH", "en-CH", "sgn-CH-DE", "x-ploc", "de-AT-1996", "valuesde", "en-r", "en-rUS-x",
             # Letters a case-blind [A-Za-z] also takes (long s, Kelvin sign, dotless i), and each shape's
             # characters alone: what detect looks for before a regex must never hide a shape.
             "zh-ch\u017f", "sr_\u212aabcde", "sr-Latn_\u0131abcde", "de_DE_#Latn", "de__#Latn", "x_#Latn",
             "de_DE_x", "b+", "B+sr", "ab+c", "values-", "Values-de", "res/values-de_x", "en-rUS", "ast-rES",
             "abcd-rUS", "a.b", "de.UTF-8", "de_DE.", "deu_DE.x", "de_DEU.x", "abcd.x", "en_US", "sr-Latn-RS_abcdef",
             "zh-chs_x", "qps-plocm", "QPS-PLOCM", "zh-chsz", "a-qps-ploc", "az-BA-u-ca-chinese-$$",
             "ta-PY-a.b"]  # fmt: skip
    texts += build(3000, seed=51)
    texts += [_odd(rnd, t) for t in texts]
    texts += [t + c for t in texts[:500] for c in ("-", "_", ".", " ")]
    wrong = [(t, detect(t), _detect_by_regex(t)) for t in texts if detect(t) != _detect_by_regex(t)]
    assert wrong == []
    assert [detect(t) for t in ("zh-CHS", "ZH-cHt", "QPS-PLOCA", "values-de", "pt-rBR", "C", "en-US")] == [
        "windows", "windows", "windows", "android", "android", "posix", None]  # fmt: skip


def test_the_repairs_tag_is_the_whole_repairs() -> None:
    from bcp47_explorer.core.build.choices import Likely
    from bcp47_explorer.core.build.repair import Repairer

    engine = bundled_engine()
    repairer = Repairer(engine, Likely.on_first_use(lambda: engine.supplemental, engine.registry))
    rnd = random.Random(52)
    texts = [t for t in open_column() if not engine.check(t).well_formed][:600]
    texts += ["ln-12", "ta-abcdefghi", "zro-ı", "en-US-", "de_DE.UTF-8", "xx-", "en--US", "iw_IL", "-12-"]
    texts += [_odd(rnd, t) for t in texts]
    for text in texts:
        assert repairer.repair_tag(text) == repairer.repair(text).tag, text


def open_column() -> list[str]:
    from benchmarks.bench_columns import column

    return list(dict.fromkeys(column(20000, 0.05, seed=52)))
