"""Salesforce Lightning Web Components: the platform's `lightning/…` modules and the org's own `c/…` components.

In a Salesforce DX project (``sfdx-project.json`` in the file's folder or above), a Lightning web component imports
the platform's base components and services by the ``lightning`` namespace (``lightning/navigation``,
``lightning/uiRecordApi``, ``lightning/platformShowToastEvent``: the LWC developer guide's modules) and the project's
own components by the org's default namespace ``c`` (``import { reduceErrors } from 'c/ldsUtils'``, a folder of the
project's ``lwc/``). The platform resolves both; npm's ``lightning`` and ``c`` are unrelated packages the ids were
judged as (trailheadapps/easy-spaces-lwc, held-out set 243: ``c`` passed as npm's). The ``@salesforce/…`` modules
are in provided-modules.txt. Outside a Salesforce DX project the ids are judged as the npm names they are.
"""

from __future__ import annotations

from ...imports import nearest_file

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

MODULES = frozenset({"lightning", "c"})
PROJECT = "sfdx-project.json"


def lwc_platform_modules(source: Source) -> frozenset[str]:
    """``lightning`` and ``c`` when ``source`` is a file of a Salesforce DX project that imports one of them."""
    if "lightning/" not in source.text and "c/" not in source.text:
        return frozenset()
    return MODULES if nearest_file(source, PROJECT) is not None else frozenset()
