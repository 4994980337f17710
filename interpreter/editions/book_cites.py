"""The paragraphs a book's citations name, read from the rulebook texts (as `rules check`
finds them): a rule is printed beside the words it encodes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from interpreter.editions.citations import (
    Cited,
    Found,
    read_source,
    resolve,
    sources_of,
    split_citation,
    texts_folder,
)
from interpreter.language import nodes as N

MAX_CITED_CHARS = 600  # a cited section longer than this is cut (its first words kept)


def cited_paragraphs(ruleset: Any, texts: str | None = None) -> Callable[[str], str | None]:
    """`cited(cite)`: the text a citation names (its paragraphs, joined), or None when its
    source text is not there or the citation is not found in it."""
    with texts_folder(texts):
        sources, default = sources_of(ruleset)
        read = {sid: read_source(src)[0] for sid, src in sources.items()}

    def cited(cite: str) -> str | None:
        parts: list[str] = []
        for ref in split_citation(cite, sources, default):
            text = read.get(ref.source or default or "")
            if text is None:
                continue
            found = Found(Cited("", "", cite, N.NOWHERE), ref, ref.source or "")
            if resolve(text, ref, found) is not None:
                continue
            chosen = found.paragraphs if found.direct else found.paragraphs[:2]
            parts += [text.paragraphs[i].text for i in chosen
                      if text.paragraphs[i].text not in parts]
        if not parts:
            return None
        joined = " / ".join(parts)
        return joined if len(joined) <= MAX_CITED_CHARS else \
            joined[:MAX_CITED_CHARS].rsplit(" ", 1)[0] + " ..."

    return cited
