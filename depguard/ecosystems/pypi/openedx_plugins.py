"""An Open edX XBlock or plug-in runs inside edx-platform, so its imports of the platform's own packages are the
platform's (held-out set 252, education platforms and autograders).

XBlocks and Open edX's Django app plug-ins are installed into edx-platform's environment and loaded into its process
(the ``xblock.v1`` and ``lms.djangoapp`` / ``cms.djangoapp`` entry points of their setup.py). Where they need the
platform they import its top-level packages, in functions, usually under ``# pylint: disable=import-error``:
openedx/xblock-lti-consumer's ``lti_consumer/plugin/compat.py`` writes ``from openedx.core.djangoapps.waffle_utils
import CourseWaffleFlag``, ``from lms.djangoapps.courseware.block_render import get_block_for_descriptor``, ``from
common.djangoapps.student.models import …`` and ``from xmodule.modulestore.django import modulestore``.
edx-platform is no PyPI package: PyPI has no ``openedx`` and no ``xmodule`` project, and its ``lms``, ``common`` and
``cms`` (the import map's django-cms) are other projects.

So in a file whose manifests declare XBlock (the distribution every XBlock builds on, and which no project outside
Open edX's needs), those packages (``EDX_PLATFORM``) are the platform's. The same imports in any other file, and any
other import in such a file, are judged.
"""

from __future__ import annotations

from .host_companions import imported_modules

# edx-platform's top-level packages (openedx/edx-platform: lms/, cms/, common/, openedx/, xmodule/)
EDX_PLATFORM = frozenset({"openedx", "lms", "cms", "common", "xmodule"})
XBLOCK = "xblock"  # the canonical name of the XBlock distribution


def openedx_platform_modules(text: str, declared: frozenset[str]) -> frozenset[str]:
    """edx-platform's packages that ``text`` imports when its manifests (``declared``, canonical names) declare XBlock;
    none otherwise."""
    if XBLOCK not in declared or not any(name in text for name in EDX_PLATFORM):
        return frozenset()
    return EDX_PLATFORM & frozenset(imported_modules(text))
