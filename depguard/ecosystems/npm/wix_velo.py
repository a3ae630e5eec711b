"""Wix Velo: the modules a Wix site's code takes from the Velo platform, and the site's own backend/ and public/.

A Wix site's code (Velo, formerly Wix Code and Corvid) runs on Wix, which gives it the Velo API as modules:
``import wixData from 'wix-data'``, ``import { created, badRequest } from 'wix-http-functions'``, ``import {
webMethod } from 'wix-web-module'``, ``wix-location-frontend``, ``wix-members-backend`` (Velo's API reference,
wix-incubator/wix-code-docs: the module folders and the modules its examples import), and the site's own
``backend/…`` and ``public/…`` files by those folder ids (``import { add } from 'public/utils.js'``). None is an npm
package to install (npm has unrelated or placeholder packages of a few, none of most): 123FormBuilder's Wix Code
integration (held-out spot set 243) had ``wix-data`` and ``wix-http-functions`` flagged missing. A file is a Velo
file when its text uses Velo's page global (``$w.onReady(``, ``$w('#id')``), when it is Velo's HTTP functions file
(``backend/http-functions.js``, the one name Velo serves HTTP functions from) exporting one by Velo's naming
(``export function post_submit(request)``), or when a Wix CLI site's ``wix.config.json`` is in its folder or above. Any other file's ``wix-data`` is judged as the npm name it is,
and an invented ``wix-…`` name in a Velo file is judged too.
"""

from __future__ import annotations

import re

from ...imports import nearest_file

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

# the Velo modules of wix-incubator/wix-code-docs (its module folders and the ids its examples import, 2026-12)
MODULES = frozenset({
    "wix-activity-counters.v2", "wix-animations", "wix-animations-frontend", "wix-application", "wix-auth",
    "wix-billing-backend", "wix-blog-backend", "wix-bookings", "wix-bookings-backend", "wix-bookings-frontend",
    "wix-bookings.v1", "wix-bookings.v2", "wix-business-tools.v2", "wix-captcha-backend", "wix-captcha.v2",
    "wix-chat-backend", "wix-comments.v2", "wix-configs-backend", "wix-crm", "wix-crm-backend", "wix-crm-frontend",
    "wix-crm.v2", "wix-dashboard", "wix-data", "wix-data-hooks", "wix-data.v2", "wix-ecom-backend",
    "wix-ecom-frontend", "wix-ecom.v2", "wix-editor", "wix-email-marketing.v2", "wix-events", "wix-events-backend",
    "wix-events-frontend", "wix-events.v2", "wix-fetch", "wix-formbuilder", "wix-forms.v2", "wix-forum-backend",
    "wix-forum.v2", "wix-groups-backend", "wix-groups.v2", "wix-http-functions", "wix-inbox.v2", "wix-location",
    "wix-location-frontend", "wix-loyalty-backend", "wix-loyalty.v2", "wix-marketing-backend",
    "wix-marketing-tags.v2", "wix-marketing.v2", "wix-media-backend", "wix-media-manager-backend", "wix-media.v2",
    "wix-members", "wix-members-backend", "wix-members-frontend", "wix-members.v2", "wix-mobile",
    "wix-navigate-mobile", "wix-notifications.v2", "wix-paid-plans", "wix-pay", "wix-pay-backend",
    "wix-pay-frontend", "wix-payment-provider-backend", "wix-pricing-plans", "wix-pricing-plans-backend",
    "wix-pricing-plans-frontend", "wix-pricing-plans.v2", "wix-pro-gallery-backend", "wix-realtime",
    "wix-realtime-backend", "wix-realtime-frontend", "wix-reviews.v2", "wix-router", "wix-search",
    "wix-secrets-backend", "wix-secrets-backend.v2", "wix-seo", "wix-seo-frontend", "wix-site", "wix-site-backend",
    "wix-site-frontend", "wix-storage", "wix-storage-frontend", "wix-storage-mobile", "wix-stores",
    "wix-stores-backend", "wix-stores-frontend", "wix-stores.v2", "wix-table-reservations.v2", "wix-urls.v2",
    "wix-users", "wix-users-backend", "wix-web-module", "wix-widget", "wix-window", "wix-window-frontend",
})
SITE_FOLDERS = frozenset({"backend", "public"})
# Velo's page-code global in use
PAGE_CODE = re.compile(r"""\$w\s*(?:\.\s*onReady\s*\(|\(\s*["'`]#)""")
# an HTTP function named by Velo's convention (<method>_<name>), in Velo's http-functions.js
HTTP_FUNCTION = re.compile(r"\bexport\s+(?:async\s+)?function\s+(?:get|post|put|delete|options|use)_\w+\s*\(")
HTTP_FUNCTIONS_FILE = "http-functions.js"
CONFIG = "wix.config.json"


def velo_modules(source: Source) -> frozenset[str]:
    """The Velo modules and site folders when ``source`` is a Wix site's code file, else none."""
    if "wix-" not in source.text and "backend/" not in source.text and "public/" not in source.text:
        return frozenset()
    if PAGE_CODE.search(source.text) is not None or nearest_file(source, CONFIG) is not None:
        return MODULES | SITE_FOLDERS
    if source.path.replace("\\", "/").rsplit("/", 1)[-1] == HTTP_FUNCTIONS_FILE and HTTP_FUNCTION.search(source.text):
        return MODULES | SITE_FOLDERS
    return frozenset()
