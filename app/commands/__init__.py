"""Verb groups of the ``bcp47`` command line; each module exposes ``register(subparsers)``."""
