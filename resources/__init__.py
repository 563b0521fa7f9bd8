"""Bundled data snapshots; installed as the package ``app.resources`` (see PROVENANCE.md)."""
