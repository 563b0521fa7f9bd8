"""SIL's language data (langtags, via npm ``@ethnolib/find-language``): names, autonyms, scripts and tag sets.

:func:`app.core.data.bundled_sil` reads ``resources/sil-langtags.json`` (built by
``tools/build_sil_names.py``) and hands the parsed JSON to :meth:`SilData.from_json`; this module
opens no files. SIL's answers are SIL's: CLDR's likely subtags stay the engine's; callers show
SIL's beside them, labelled.

>>> sil = SilData.from_json({"format": 1, "source": "t", "languages": [["aeb", "Tunisian Arabic", "Derja",
...     ["Tounsi"], [["Arab", "تونسي"], ["Latn", "Derja"]]]], "tagsets": [["aeb", "aeb-Arab-TN", ["aeb-TN"]]],
...     "regions": [["TN", "Tunisia"]]})
>>> sil.scripts("aeb"), sil.maximal("aeb-TN"), sil.equivalents("aeb")
(('Arab', 'Latn'), 'aeb-Arab-TN', ('aeb', 'aeb-Arab-TN', 'aeb-TN'))
>>> sil.regions_of("aeb"), sil.tagsets_of("aeb")
(('TN',), (('aeb', 'aeb-Arab-TN', 'aeb-TN'),))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["FORMAT", "SilData", "SilError", "SilLanguage"]

FORMAT = 1


class SilError(Exception):
    """SIL's data file is damaged or of another format."""


@dataclass(frozen=True, slots=True)
class SilLanguage:
    """One language as SIL's data records it."""

    code: str  # the language subtag
    name: str  # the Ethnologue / ISO 639-3 name
    autonym: str  # "" when SIL records none
    alternates: tuple[str, ...]  # Ethnologue's alternate names
    scripts: tuple[tuple[str, str], ...]  # (script, the language's name in that script or "")


class SilData:
    """SIL's languages, tag sets and ISO 3166-1 region names, looked up by subtag or tag (any case)."""

    __slots__ = ("_by_language", "_sets", "languages", "regions", "source")

    def __init__(
        self,
        source: str,
        languages: Mapping[str, SilLanguage],
        tagsets: Mapping[str, tuple[str, ...]],
        regions: Mapping[str, str],
    ) -> None:
        self.source = source
        self.languages = languages
        self._sets = tagsets  # each equivalent tag (lowercase) → (shortest, maximal, others...)
        self.regions = regions
        self._by_language: dict[str, tuple[tuple[str, ...], ...]] | None = None  # made on first use

    @classmethod
    def from_json(cls, doc: Any) -> SilData:
        """Build from the parsed ``sil-langtags.json``, raising SilError if its shape is wrong."""
        try:
            if doc["format"] != FORMAT:
                raise SilError(f"format {doc['format']!r}, expected {FORMAT}")
            langs: dict[str, SilLanguage] = {}
            for code, name, auto, alts, scripts in doc["languages"]:
                lang = SilLanguage(code, name, auto, tuple(alts), tuple((s, n) for s, n in scripts))
                langs.setdefault(code.lower(), lang)
            sets: dict[str, tuple[str, ...]] = {}
            for shortest, maximal, rest in doc["tagsets"]:
                tags = (shortest, maximal, *rest)
                for t in tags:
                    sets.setdefault(t.lower(), tags)
            regions = {code: name for code, name in doc.get("regions", [])}
            return cls(str(doc["source"]), langs, sets, regions)
        except (KeyError, TypeError, ValueError) as exc:
            raise SilError(f"unexpected shape ({type(exc).__name__}: {exc})") from None

    def language(self, code: str) -> SilLanguage | None:
        """Return SIL's record of language subtag *code*, or None."""
        return self.languages.get(code.lower())

    def scripts(self, code: str) -> tuple[str, ...]:
        """Return the scripts SIL records for language *code*, SIL's default first."""
        lang = self.language(code)
        return tuple(s for s, _ in lang.scripts) if lang else ()

    def equivalents(self, tag: str) -> tuple[str, ...]:
        """Return SIL's tag set of *tag* (the tags SIL treats as the same), sorted; () if SIL has none."""
        return tuple(sorted(self._sets.get(tag.lower(), ())))

    def maximal(self, tag: str) -> str | None:
        """Return SIL's maximal tag for *tag* (its full language-script-region form), or None."""
        found = self._sets.get(tag.lower())
        return found[1] if found else None

    def tagsets_of(self, code: str) -> tuple[tuple[str, ...], ...]:
        """Return SIL's tag sets of language *code* as (shortest, maximal, other tags...), its own set first."""
        if self._by_language is None:
            found: dict[str, list[tuple[str, ...]]] = {}
            for tags in {id(t): t for t in self._sets.values()}.values():
                found.setdefault(tags[0].split("-")[0].lower(), []).append(tags)
            # The set that holds the bare language subtag first (SIL's default), then by shortest tag.
            self._by_language = {
                k: tuple(sorted(v, key=lambda t: (k not in {x.lower() for x in t}, t[0].lower())))
                for k, v in found.items()
            }
        return self._by_language.get(code.lower(), ())

    def regions_of(self, code: str, script: str = "") -> tuple[str, ...]:
        """Return the regions of SIL's maximal tags for language *code* (written in *script*), its default first.

        The regions are read from the tag sets' maximal tags (language-script-region): SIL's
        package carries no region list per language beyond them.
        """
        default = self.maximal(f"{code}-{script}" if script else code)
        first = _subtags(default) if default else None
        out: list[str] = [first[2]] if first is not None and first[2] else []
        for tags in self.tagsets_of(code):
            sub = _subtags(tags[1])
            if sub is None or (script and sub[1].lower() != script.lower()):
                continue
            if sub[2] and sub[2] not in out:
                out.append(sub[2])
        return tuple(out)

    def scripts_of(self, code: str) -> tuple[str, ...]:
        """Return every script SIL has for language *code*: its language record's, then its tag sets' (zh-Hant).

        >>> SilData.from_json({"format": 1, "source": "t", "languages": [["zh", "Chinese", "", [], [["Hans", ""]]]],
        ...     "tagsets": [["zh", "zh-Hans-CN", []], ["zh-TW", "zh-Hant-TW", []]]}).scripts_of("zh")
        ('Hans', 'Hant')
        """
        out = list(self.scripts(code))
        for tags in self.tagsets_of(code):
            sub = _subtags(tags[1])
            if sub is not None and sub[1] and sub[1] not in out:
                out.append(sub[1])
        return tuple(out)

    def default_script(self, code: str) -> str:
        """Return the script of SIL's maximal tag for language *code*, or ""."""
        full = self.maximal(code)
        sub = _subtags(full) if full else None
        return sub[1] if sub is not None else ""


def _subtags(tag: str) -> tuple[str, str, str] | None:
    """Return (language, script, region) of a maximal tag such as ``aeb-Arab-TN`` ("" where absent)."""
    parts = tag.split("-")
    script = next((p for p in parts[1:3] if len(p) == 4 and p.isalpha()), "")
    region = next((p for p in parts[1:4] if (len(p) == 2 and p.isalpha()) or (len(p) == 3 and p.isdigit())), "")
    return (parts[0], script, region.upper()) if parts[0] else None
