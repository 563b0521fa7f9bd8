"""BCP 47 Explorer: check, explain and build BCP 47 language tags."""

__version__ = "0.1.0"
