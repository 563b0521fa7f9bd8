"""``bcp47_check(expr)``: a Polars struct expression over a column of tags (each distinct value checked once).

>>> import polars as pl
>>> from bcp47_explorer.columns.polars import bcp47_check
>>> df = pl.DataFrame({"lang": ["en-us", None, "iw"]})
>>> df.select(bcp47_check(pl.col("lang")).struct.field("canonical")).to_series().to_list()
['en-US', None, 'he']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import FIELDS, _distinct_results

if TYPE_CHECKING:
    import polars as pl

    from ..core.engine.tag import TagEngine

__all__ = ["bcp47_check", "result_dtype"]


def result_dtype() -> pl.DataType:
    """Return the Polars type of a result: a struct of :data:`bcp47_explorer.columns.FIELDS`."""
    import polars as pl

    return pl.Struct([pl.Field(name, pl.Boolean if i < 3 else pl.String) for i, name in enumerate(FIELDS)])


def bcp47_check(expr: pl.Expr | str, engine: TagEngine | None = None) -> pl.Expr:
    """Return a struct expression that checks the tags of *expr* (an expression or a column name).

    The struct's fields: well_formed, valid, unicode_valid, canonical, unicode, code, message, fix;
    a null tag gives a null struct.
    """
    import polars as pl

    source = pl.col(expr) if isinstance(expr, str) else expr

    def run(series: Any) -> Any:
        # The distinct values' results (a few thousand rows) become a Polars struct, and Polars gathers the
        # rows from it: string views into shared buffers, not a million strings copied through Arrow.
        distinct, indices = _distinct_results(series.to_arrow(), engine)
        return pl.Series(series.name, distinct).gather(pl.Series(indices))

    return source.map_batches(run, return_dtype=result_dtype(), is_elementwise=True)
