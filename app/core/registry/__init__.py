"""Registry: the IANA Language Subtag Registry and the extensions registry as models, and what is done with them.

``record`` (a record and its Type), ``model`` (the Registry: loading, lookup, tables), ``search`` (folding text,
the search index, ranked hits), ``relations`` (what records point at), ``cache`` (the speed machinery: the
generated Record constructor and the parse cache with its shared strings, and why), ``recordjar``
(the record-jar format), ``ranges`` (range records), ``check`` (inspecting a registry file), ``diff`` (what
changed between two files), ``update`` (downloading a newer file), ``registration`` (the RFC 5646 §3.5 form),
``extensions`` (the Language Tag Extensions Registry), ``placement`` (where variants go by their Prefix
fields), ``links`` (addresses of the registry and its records).

May import: ``grammar``, ``files`` and ``text``; never CLDR (a registry stands on its own).
The order of the layers is the import-linter contract in ``pyproject.toml``.
``__all__`` names the modules the UI and the command line may use; the others are internal.
"""

__all__ = [
    "check",
    "diff",
    "extensions",
    "links",
    "model",
    "placement",
    "record",
    "recordjar",
    "registration",
    "search",
    "update",
]
