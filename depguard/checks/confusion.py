"""DG006: a private-looking name that also exists on the public registry (dependency confusion).

Names matching ``private-scopes`` (``@mycorp`` matches ``@mycorp/ui``) or ``private-prefixes`` (``mycorp-``)
are the project's own packages. They are looked up on the public registry even when ``allow`` lists them:

- the public registry has the name: **suspicious, DG006** — someone may have published a package under
  your private name, and an installer that consults the public index can pick it up;
- the public registry does not have it: **allowed** — a private package, as expected;
- no answer: not checked (never a pass), unless the allow list names it.

The rule judges only answers from the ecosystem's public registry: when ``[registries]`` (or
``DEPGUARD_REGISTRY_<ID>``) points the ecosystem at a private registry or a mirror, the name existing
there says nothing about the public one, and the rule stays silent.
"""

from __future__ import annotations

from ..model import Existence, Finding, Mention, RegistryAnswer, Verdict
from ..registries.endpoints import base_url, defaults
from . import CheckContext, _evidence

RULE = "DG006"


def public_registry_in_use(ecosystem: str, ctx: CheckContext) -> bool:
    default = defaults().get(ecosystem)
    if default is None:
        return False
    try:
        return base_url(ecosystem, ctx.settings.registries) == default.rstrip("/")
    except KeyError:
        return False


def precheck(mention: Mention, answer: RegistryAnswer | None, ctx: CheckContext) -> Finding | None:
    settings = ctx.settings
    key = mention.key
    matched = settings.private_match(key.ecosystem, key.name) or settings.private_match(key.ecosystem, mention.written)
    if matched is None or answer is None or not public_registry_in_use(key.ecosystem, ctx):
        return None
    kind = "private-scopes" if matched in settings.private_scopes else "private-prefixes"
    if answer.existence is Existence.EXISTS:
        return Finding(mention, Verdict.SUSPICIOUS, RULE, (
            f"matches {kind} {matched!r} but a package of this name exists on the public {answer.source}: "
            "dependency confusion risk (an installer that consults the public index may install it)",
            _evidence(answer),
        ), answer=answer)
    if answer.existence is Existence.MISSING:
        return Finding(mention, Verdict.ALLOWED, "DG200",
                       (f"private package ({kind} {matched!r}); not on the public {answer.source}",), answer=answer)
    return None
