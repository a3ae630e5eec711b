"""Add-ons of business application frameworks (held-out spot set 59: OCA's Odoo modules, Frappe apps): the module
names Odoo's asset bundler resolves and the apps a Frappe app's pyproject says bench installs are no registry
names; an invented import beside them is still judged."""

from __future__ import annotations

from pathlib import Path

from depguard.model import Origin
from tests.trees import scan, write


def imports(root: Path) -> set[tuple[str, str, str]]:
    out = scan(root)
    return {(m.location.path, m.key.ecosystem, m.key.name) for m in out.mentions if m.origin is Origin.IMPORT}


ODOO_JS = ('/** @odoo-module **/\nimport {registry} from "@web/core/registry";\nimport {useService} from '
           '"@web/core/utils/hooks";\nimport core from "web.core";\nimport {Component} from "@odoo/owl";\n'
           'import {helpers} from "@web_help/helpers.esm";\n')


def test_an_odoo_addons_browser_code_imports_odoo_modules_not_npm_packages(tmp_path):
    # OCA/web: web_help/static/src/components/help_button/help_button.esm.js and its siblings import @web/…, legacy
    # web.* names and the repository's own add-ons; a folder with a package.json of its own (a separate build), the
    # same code outside an add-on, and an add-on's Python stay judged
    write(tmp_path, {
        "web_help/__manifest__.py": '{"name": "Web Help", "depends": ["web"]}\n',
        "web_help/__init__.py": "",
        "web_help/models.py": "from odoo import models\nimport odoo_help_magic\n",
        "web_help/static/src/components/help_button.esm.js": ODOO_JS,
        "web_legacy/__openerp__.py": '{"name": "Legacy"}\n',
        "web_legacy/static/src/js/widget.js": 'import Dialog from "web.Dialog";\n',
        "web_kanban_tool/__manifest__.py": '{"name": "Kanban tool"}\n',
        "web_kanban_tool/static/tool/package.json": '{"name": "kanban-tool", "dependencies": {}}\n',
        "web_kanban_tool/static/tool/src/index.js": 'import x from "kanban-invented-lib";\n',
        "frontend/src/app.js": 'import {registry} from "@web/core/registry";\n',
    })
    found = imports(tmp_path)
    assert {f for f in found if f[1] == "npm"} == {("web_kanban_tool/static/tool/src/index.js", "npm", "kanban-invented-lib"),
                                                  ("frontend/src/app.js", "npm", "@web/core")}
    assert ("web_help/models.py", "pypi", "odoo-help-magic") in found


def test_a_frappe_apps_bench_dependencies_are_apps_bench_installs(tmp_path):
    # frappe/hrms: pyproject's [tool.bench.frappe-dependencies] names erpnext, which bench clones from git; its code
    # imports erpnext everywhere
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "hrms"\ndynamic = ["version"]\n\n[tool.bench.frappe-dependencies]\n'
                          'frappe = ">=16.0.0-dev,<17.0.0"\nerpnext = ">=16.0.0-dev,<17.0.0"\n',
        "hrms/__init__.py": "",
        "hrms/api/roster.py": "import frappe\nfrom erpnext.setup.utils import get_exchange_rate\nimport hrms_payroll_magic\n",
    })
    assert imports(tmp_path) == {("hrms/api/roster.py", "pypi", "hrms-payroll-magic")}


def test_salesforce_lightning_platform_modules_are_the_platforms(tmp_path):
    # trailheadapps/lwc-recipes (held-out spot set 60): LWC components import @salesforce/resourceUrl/x and
    # @salesforce/messageChannel/x, which the platform resolves (npm answers 404 for them, and only Salesforce can
    # publish in its scope); an @salesforce name that is no platform module, and an invented package, stay judged
    write(tmp_path, {
        "sfdx-project.json": '{"packageDirectories": [{"path": "force-app", "default": true}]}\n',
        "force-app/main/default/lwc/libsD3/libsD3.js": (
            "import { LightningElement } from 'lwc';\nimport D3 from '@salesforce/resourceUrl/d3';\n"
            "import RECORD_SELECTED from '@salesforce/messageChannel/Record_Selected__c';\n"
            "import FORM_FACTOR from '@salesforce/client/formFactor';\nimport x from '@salesforce/lwc-magic-kit';\n"
            "import y from 'lwc-chart-magic';\n"),
    })
    assert {n for _, eco, n in imports(tmp_path) if eco == "npm"} == {"lwc", "@salesforce/lwc-magic-kit", "lwc-chart-magic"}
