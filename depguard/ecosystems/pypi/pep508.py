"""PEP 508 requirement strings ("requests[socks]>=2; python_version>'3'") to (name, spec), shared by the
Python manifest parsers."""

from __future__ import annotations

import functools


@functools.lru_cache(maxsize=4096)  # a manifest that repeats a requirement is parsed once per string
def split_requirement(text: str) -> tuple[str, str | None] | None:
    """(name, full requirement) for a registry requirement; None for URL requirements (``name @ url``).

    Raises ValueError with packaging's message when the string is not a requirement at all.
    """
    from packaging.requirements import InvalidRequirement, Requirement

    try:
        req = Requirement(text)
    except InvalidRequirement as exc:
        from ...confusables import has_confusable, restore, skeleton

        if has_confusable(text):  # "rеquests>=2" (Cyrillic е): the name as written, for the name rule to report
            shown = skeleton(text)
            try:
                req = Requirement(shown)
            except InvalidRequirement:
                raise ValueError(str(exc).splitlines()[0]) from None
            return (None if req.url else (restore(req.name, shown, text), text.strip()))
        raise ValueError(str(exc).splitlines()[0]) from None
    if req.url:
        return None
    return req.name, str(req)
