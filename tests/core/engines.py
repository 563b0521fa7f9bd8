"""Engines for the tests that compare the ways of checking a tag (imported as ``tests.core.engines``)."""

from __future__ import annotations

from bcp47_explorer.core.data import bundled_engine
from bcp47_explorer.core.engine.tag import TagEngine


def fresh_engine() -> TagEngine:
    """Return a new engine on the bundled data, with the composer's repair and plausibility notes.

    Its memos (the advice per subtag, the fused line's texts, what a keyword draws) start empty and are
    learnt during the test, as in a real run; the bundled engine's may hold what an earlier test taught it.
    """
    engine = bundled_engine()
    fresh = TagEngine(engine.registry, engine.cldr, engine.extensions)
    fresh.repair_fix = engine.repair_fix
    fresh.repair_reads_no_names = engine.repair_reads_no_names
    fresh.plausibility = engine.plausibility
    return fresh


class LanesOff:
    """The ill-formed values' lanes (``illshape.IllShapes``) that never write: every text takes the precise path.

    Put in place of ``checkjson.ill_shapes(engine)`` by the tests that compare the lanes' lines with the precise ones.
    """

    def line(self, text: str) -> None:
        return None

    def end_line(self, text: str) -> None:
        return None

    def underscore_line(self, text: str) -> None:
        return None

    def swapped_line(self, text: str) -> None:
        return None
