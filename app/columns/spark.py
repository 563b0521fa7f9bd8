"""``bcp47_check(column)``: a PySpark column function over tags, Arrow-based, for data past one machine.

Spark sends each executor's Python worker its rows as Arrow batches (an Arrow UDF, PySpark 4.1 or
later; a pandas UDF on older versions). The worker loads the bundled data on its first batch and
keeps it, with its memo of distinct tags, for every later batch (Spark reuses its Python workers),
so each executor loads the data once, not once per batch or per row. The package must be installed
on the executors (it is pickled by reference, not shipped).

    >>> from pyspark.sql import SparkSession                                   # doctest: +SKIP
    >>> from bcp47_explorer.columns.spark import bcp47_check                   # doctest: +SKIP
    >>> df = spark.createDataFrame([("en-us",), ("iw",)], ["lang"])             # doctest: +SKIP
    >>> df.select(bcp47_check("lang").canonical).collect()                     # doctest: +SKIP
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import FIELDS

if TYPE_CHECKING:
    from pyspark.sql import Column

__all__ = ["bcp47_check", "result_schema"]

#: The result's type as Spark's DDL.
_DDL = ", ".join(f"{name} {'boolean' if i < 3 else 'string'}" for i, name in enumerate(FIELDS))

_udf: Any = None


def result_schema() -> str:
    """Return the Spark type of a result, as DDL: a struct of :data:`bcp47_explorer.columns.FIELDS`."""
    return f"struct<{_DDL.replace(' boolean', ':boolean').replace(' string', ':string')}>"


def _check_batch(tags: Any) -> Any:
    """Check one Arrow batch of tags on an executor (the bundled engine, loaded once per worker)."""
    from . import check_arrow

    return check_arrow(tags)


def _check_pandas(tags: Any) -> Any:
    """Check one pandas batch of tags (PySpark before 4.1): a frame of the fields, None for a null tag's."""
    import pyarrow as pa

    from . import check_arrow

    out = check_arrow(pa.array(tags, type=pa.string(), from_pandas=True))
    return pa.Table.from_arrays(out.flatten(), names=list(FIELDS)).to_pandas()


def _make_udf() -> Any:
    from pyspark.sql import functions as F

    arrow_udf = getattr(F, "arrow_udf", None)
    if arrow_udf is not None:
        import pyarrow as pa

        # Spark reads the kind of UDF from the hints; the module's are strings (postponed), so give it the types.
        _check_batch.__annotations__ = {"tags": pa.Array, "return": pa.Array}
        return arrow_udf(_check_batch, _DDL)
    from pyspark.sql.pandas.functions import pandas_udf

    return pandas_udf(_check_pandas, _DDL)  # type: ignore[call-overload]


def bcp47_check(column: Column | str) -> Column:
    """Return a struct column that checks the tags of *column* (a column or its name); a null tag gives null.

    The struct's fields: well_formed, valid, unicode_valid, canonical, unicode, code, message, fix.
    """
    global _udf
    from pyspark.sql import functions as F

    if _udf is None:
        _udf = _make_udf()
    col = F.col(column) if isinstance(column, str) else column
    out: Column = F.when(col.isNull(), F.lit(None)).otherwise(_udf(col))
    return out
