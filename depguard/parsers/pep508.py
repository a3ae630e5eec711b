"""PEP 508 requirement strings ("requests[socks]>=2; python_version>'3'") to (name, spec), shared by the
Python manifest parsers."""

from __future__ import annotations


def split_requirement(text: str) -> tuple[str, str | None] | None:
    """(name, full requirement) for a registry requirement; None for URL requirements (``name @ url``).

    Raises ValueError with packaging's message when the string is not a requirement at all.
    """
    from packaging.requirements import InvalidRequirement, Requirement

    try:
        req = Requirement(text)
    except InvalidRequirement as exc:
        raise ValueError(str(exc).splitlines()[0]) from None
    if req.url:
        return None
    return req.name, str(req)
