"""DuckDB SQL functions over tags, vectorised over Arrow: ``bcp47_check``, ``bcp47_valid``, ``bcp47_canonical``,
``bcp47_fix``.

>>> import duckdb
>>> from bcp47_explorer.columns.duckdb import register
>>> con = register(duckdb.connect())
>>> con.sql("select bcp47_canonical('en-us'), bcp47_valid('en-Qaaa-ZZ'), bcp47_fix('en_US')").fetchall()
[('en-US', True, 'en-US')]
>>> con.sql("select bcp47_check('iw').canonical, bcp47_check(NULL) is null").fetchall()
[('he', True)]
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from . import FIELDS, _small_batch, check_arrow, check_field, prepare

if TYPE_CHECKING:
    from ..core.engine.tag import TagEngine
    from .gather import ViewResults

__all__ = ["FUNCTIONS", "register"]

#: The SQL functions :func:`register` adds: name -> the field of the result they return (None: the whole struct).
FUNCTIONS = {"bcp47_check": None, "bcp47_valid": "valid", "bcp47_canonical": "canonical", "bcp47_fix": "fix"}


def register(connection: Any, engine: TagEngine | None = None) -> Any:
    """Add the SQL functions of :data:`FUNCTIONS` to a DuckDB *connection*; return the connection.

    ``bcp47_check(tag)`` gives a struct (well_formed, valid, unicode_valid, canonical, unicode, code,
    message, fix); the others one of its fields. A NULL tag gives NULL. The data are loaded here, once
    (:func:`bcp47_explorer.columns.prepare`), not by the first query.
    """
    import duckdb

    engine = prepare(engine)
    varchar = duckdb.sqltype("VARCHAR")
    types = {
        None: duckdb.struct_type({name: "BOOLEAN" if i < 3 else "VARCHAR" for i, name in enumerate(FIELDS)}),
        "valid": duckdb.sqltype("BOOLEAN"),
        "canonical": varchar,
        "fix": varchar,
    }
    turn = threading.Lock()
    views = _views(engine)
    for name, field in FUNCTIONS.items():
        connection.create_function(
            name,
            _whole(engine, turn, views) if field is None else _one(field, engine, turn, views),
            [varchar],
            types[field],
            type="arrow",
            null_handling="special",
            side_effects=False,
        )
    return connection


# DuckDB calls a function from each of its threads, 2,048 rows at a time. The Python work of a batch holds the
# GIL, and Arrow's kernels release it between steps: two threads in the same function hand the GIL to and
# fro at every step (more CPU time, no speed-up). Each batch takes its turn instead (a lock, waited for
# without the GIL); DuckDB's threads still scan and convert the results in parallel.


def _views(engine: TagEngine) -> ViewResults | None:
    """Return the table of results by string views the functions answer batches from, None where it cannot work."""
    from .gather import ViewResults, views_work

    if not views_work():
        return None
    views = ViewResults(engine)
    views.struct([b"en", None])  # imports and compiles what a batch needs
    views._reset()
    return views


def _whole(engine: TagEngine, turn: threading.Lock, views: ViewResults | None) -> Any:
    def bcp47_check(tags: Any) -> Any:
        with turn:
            if views is not None:
                got = views.struct_of(tags)
                if got is not None:
                    return got
            values = _small_batch(tags) if views is not None else None
            if values is not None and views is not None:
                return views.struct(values)
            return check_arrow(tags, engine)

    return bcp47_check


def _one(field: str, engine: TagEngine, turn: threading.Lock, views: ViewResults | None) -> Any:
    def one_field(tags: Any) -> Any:
        with turn:
            if views is not None:
                got = views.field_of(tags, field)
                if got is not None:
                    return got
            values = _small_batch(tags) if views is not None else None
            if values is not None and views is not None:
                return views.field(values, field)
            return check_field(tags, field, engine)

    return one_field
