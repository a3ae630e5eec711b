"""Optional imports (issue 12): an import whose absence the code handles (a ``try`` catching its ImportError, an
availability check before it) of a name no registry has is a note, not a failure; an unguarded import of the same
name, a guard that sends its reader to an installer, and every guarded import under ``judge-guarded-imports`` stay
judged. A guarded import of a name somebody registered is judged as usual."""

from __future__ import annotations

import json
from pathlib import Path

from depguard.config import Settings, apply_mapping
from depguard.examples import as_note
from depguard.model import Finding, Verdict
from tests.trees import judged, write

EXISTING = {"numpy", "torch", "prettier"}  # the names the stand-in registry has

# a deep-learning library's shapes: vendor back-ends behind availability checks, CUDA kernels and accelerated
# image decoders in a try, a helper that leaves when the module is absent
TREE = {
    "pyproject.toml": '[project]\nname = "fastnet"\ndependencies = ["numpy", "torch"]\n',
    "src/fastnet/__init__.py": "",
    "src/fastnet/imports.py": (
        "import importlib.util\n\n\n"
        "def is_npu_available():\n"
        "    return importlib.util.find_spec('torch_npux') is not None\n\n\n"
        "def is_mlu_available():\n"
        "    if importlib.util.find_spec('torch_mlux') is None:\n"
        "        return False\n"
        "    import torch_mlux  # noqa: F401\n"
        "    return True\n"),
    "src/fastnet/state.py": (
        "import torch\n\nfrom .imports import is_npu_available\n\n"
        "if is_npu_available():\n"
        "    import torch_npux  # noqa: F401\n"),
    "src/fastnet/kernels.py": (
        "import numpy as np\n\n"
        "try:\n"
        "    import fastnet_corr_cuda\n"
        "except ModuleNotFoundError:\n"
        "    fastnet_corr_cuda = None  # not compiled: the pure-PyTorch path is used\n\n"
        "try:\n"
        "    from collections import OrderedDict\n"
        "except ImportError:\n"
        "    from orderreddict import OrderedDict  # the fallback is judged: it runs when the first import fails\n"),
    "src/fastnet/decode.py": (
        "def backend():\n"
        "    try:\n"
        "        import accimagex\n"
        "    except Exception:\n"
        "        return None\n"
        "    return accimagex\n"),
    "src/fastnet/autolabel.py": (
        "try:\n"
        "    from tts_autolabelx import AutoLabeling\n"
        "except ImportError:\n"
        "    raise ImportError('please run: pip install tts-autolabelx')\n"),
    "src/fastnet/platform.py": (
        "import sys\n\n"
        "if sys.platform == 'win32':\n"
        "    import winfastx\n"),
    "src/fastnet/lazy.py": (
        "try:\n"
        "    def load():\n"
        "        import lazyfastx\n"
        "        return lazyfastx\n"
        "except ImportError:\n"
        "    load = None\n"),
    "src/fastnet/made_up.py": "import fastnet_security_utils\n",
    "tests/test_loans.py": (  # frappe/hrms: a test its decorator runs only when the lending app is installed
        "from fastnet.testing import if_lending_app_installed\n\n\n"
        "@if_lending_app_installed\n"
        "def test_loan():\n"
        "    from lendingx.loan import make_loan\n"
        "    assert make_loan()\n\n\n"
        "@staticmethod\n"
        "def test_plain():\n"
        "    from lendingy.loan import make_loan\n"),
    "src/fastnet/required.py": (  # the file cannot run without them: required, not optional
        "import sys\n\n"
        "try:\n"
        "    import jsonfastx\n"
        "except ImportError:\n"
        "    print('jsonfastx is required')\n"
        "    sys.exit(1)\n\n"
        "try:\n"
        "    import yamlfastx\n"
        "except ImportError as e:\n"
        "    raise RuntimeError('yamlfastx is required') from e\n"),
    "src/fastnet/optim.py": (  # one feature requires it: raised in a function, the program runs on without it
        "def any_precision_adamw():\n"
        "    try:\n"
        "        from torchdistx_optx import AnyPrecisionAdamW\n"
        "    except ImportError:\n"
        "        raise ValueError('torchdistx_optx is not installed')\n"
        "    return AnyPrecisionAdamW\n\n\n"
        "def ms_amp(model):\n"
        "    if not is_msampx_available():\n"
        "        raise ImportError('MS-AMP was not found on your system')\n"
        "    import msampx\n"
        "    return msampx.initialize(model)\n"),
}


def findings(root: Path, settings: Settings | None = None) -> dict[tuple[str, str], Finding]:
    """(file, name as written) -> finding of a scan of ``root`` whose registry knows only ``EXISTING``."""
    report = judged(root, EXISTING, settings)
    return {(f.mention.location.path, f.mention.written): f for f in report.findings}


def verdicts(root: Path, settings: Settings | None = None) -> dict[tuple[str, str], str]:
    return {k: f.verdict.value for k, f in findings(root, settings).items()}


def test_an_import_in_a_try_that_handles_its_absence_is_a_note(tmp_path):
    write(tmp_path, TREE)
    found = findings(tmp_path)
    kernel = found[("src/fastnet/kernels.py", "fastnet_corr_cuda")]
    assert (kernel.verdict, kernel.rule) == (Verdict.ALLOWED, "DG200")
    assert "`except ModuleNotFoundError` (line 5) handles its absence" in kernel.reasons[0]
    assert "would be missing (DG001)" in kernel.reasons[0] and "judge-guarded-imports" in kernel.reasons[0]
    assert found[("src/fastnet/decode.py", "accimagex")].verdict is Verdict.ALLOWED  # `except Exception` too


def test_an_import_behind_an_availability_check_is_a_note(tmp_path):
    write(tmp_path, TREE)
    found = findings(tmp_path)
    npu = found[("src/fastnet/state.py", "torch_npux")]
    assert npu.verdict is Verdict.ALLOWED
    assert "behind the availability check `is_npu_available()` (line 5)" in npu.reasons[0]
    mlu = found[("src/fastnet/imports.py", "torch_mlux")]  # after `if find_spec(...) is None: return False`
    assert mlu.verdict is Verdict.ALLOWED
    assert "after the availability check" in mlu.reasons[0]
    loan = found[("tests/test_loans.py", "lendingx")]
    assert loan.verdict is Verdict.ALLOWED and "decorator `@if_lending_app_installed` (line 4)" in loan.reasons[0]
    assert found[("tests/test_loans.py", "lendingy")].verdict is Verdict.MISSING  # any other decorator


def test_unguarded_and_falsely_guarded_imports_stay_judged(tmp_path):
    write(tmp_path, TREE)
    got = verdicts(tmp_path)
    assert got[("src/fastnet/made_up.py", "fastnet_security_utils")] == "missing"  # an invented import
    assert got[("src/fastnet/kernels.py", "orderreddict")] == "missing"  # the except clause's own import
    assert got[("src/fastnet/autolabel.py", "tts_autolabelx")] == "missing"  # the handler sends to pip
    assert got[("src/fastnet/platform.py", "winfastx")] == "missing"  # a platform check is no availability check
    assert got[("src/fastnet/lazy.py", "lazyfastx")] == "missing"  # a try around a def guards nothing in it
    assert got[("src/fastnet/required.py", "jsonfastx")] == "missing"  # the handler ends the process
    assert got[("src/fastnet/required.py", "yamlfastx")] == "missing"  # raised at module level


def test_a_feature_that_requires_an_import_raising_in_a_function_is_optional(tmp_path):
    write(tmp_path, TREE)
    got = verdicts(tmp_path)
    assert got[("src/fastnet/optim.py", "torchdistx_optx")] == "allowed"
    assert got[("src/fastnet/optim.py", "msampx")] == "allowed"


def test_judge_guarded_imports_judges_them_strictly(tmp_path):
    write(tmp_path, TREE)
    settings = apply_mapping(Settings(), {"judge-guarded-imports": True}, origin="depguard.toml")
    assert settings.judge_guarded_imports
    got = verdicts(tmp_path, settings)
    assert got[("src/fastnet/kernels.py", "fastnet_corr_cuda")] == "missing"
    assert got[("src/fastnet/state.py", "torch_npux")] == "missing"


def test_a_guarded_import_in_a_notebook_is_a_note(tmp_path):
    cell = {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
            "source": ["try:\n", "    import vendorx_runtime\n", "except ImportError:\n", "    vendorx_runtime = None\n"]}
    nb = {"cells": [cell], "metadata": {"kernelspec": {"name": "python3", "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    write(tmp_path, {"demo.ipynb": json.dumps(nb)})
    assert verdicts(tmp_path)[("demo.ipynb", "vendorx_runtime")] == "allowed"


def test_a_guarded_import_somebody_registered_is_judged_as_usual(tmp_path):
    write(tmp_path, TREE)
    kernel = findings(tmp_path)[("src/fastnet/kernels.py", "fastnet_corr_cuda")]
    mention = kernel.mention
    squatted = Finding(mention, Verdict.SUSPICIOUS, "DG003", ("first published 3 days ago",), None, None)
    assert as_note(squatted).verdict is Verdict.SUSPICIOUS  # a name somebody registered: the note excuses only absence


# a napi-rs style loader of per-platform binaries (most never published), an optional peer found by require.resolve
JS_TREE = {
    "package.json": '{"name": "fastcli", "version": "1.0.0", "dependencies": {"prettier": "^3"}}\n',
    "index.js": (
        "const { platform, arch } = process\n"
        "let nativeBinding = null\nlet loadError = null\n"
        "switch (platform) {\n"
        "  case 'linux':\n"
        "    try {\n"
        "      nativeBinding = require('fastcli-linux-riscv64x-gnu')\n"
        "    } catch (e) {\n"
        "      loadError = e\n"
        "    }\n"
        "    break\n"
        "}\n"
        "function hasSharp() {\n"
        "  try {\n"
        "    require.resolve('sharpx-optional')\n"
        "    return true\n"
        "  } catch {\n"
        "    return false\n"
        "  }\n"
        "}\n"
        "module.exports = { nativeBinding, loadError, hasSharp }\n"),
    "cli.js": (
        "const prettier = require('prettier')\n"
        "const helper = require('fastcli-invented-helper')\n"
        "try {\n"
        "  require('fastcli-yaml-extra')\n"
        "} catch (e) {\n"
        "  console.error('run npm install fastcli-yaml-extra first')\n"
        "}\n"
        "try {\n"
        "  require('fastcli-required-core')\n"
        "} catch (e) {\n"
        "  throw new Error('fastcli-required-core is missing')\n"
        "}\n"),
}


def test_a_require_in_a_try_that_handles_its_absence_is_a_note(tmp_path):
    write(tmp_path, JS_TREE)
    found = findings(tmp_path)
    native = found[("index.js", "fastcli-linux-riscv64x-gnu")]
    assert (native.verdict, native.rule) == (Verdict.ALLOWED, "DG200")
    assert "in a try whose catch (line 8) handles its absence" in native.reasons[0]
    assert found[("index.js", "sharpx-optional")].verdict is Verdict.ALLOWED


def test_unguarded_and_falsely_guarded_requires_stay_judged(tmp_path):
    write(tmp_path, JS_TREE)
    got = verdicts(tmp_path)
    assert got[("cli.js", "fastcli-invented-helper")] == "missing"
    assert got[("cli.js", "fastcli-yaml-extra")] == "missing"  # the catch sends its reader to npm
    assert got[("cli.js", "fastcli-required-core")] == "missing"  # thrown at the file's top level: required
    strict = verdicts(tmp_path, Settings(judge_guarded_imports=True))
    assert strict[("index.js", "fastcli-linux-riscv64x-gnu")] == "missing"


def test_an_optional_import_in_a_text_under_judgement_is_judged_strictly():
    # a chat answer's code is what its reader runs and installs for: the guard excuses nothing there
    from depguard.scan import collect_text

    answer = ("Parse it quickly with:\n\n```python\ntry:\n    import fastjsonparse_pro\nexcept ImportError:\n"
              "    fastjsonparse_pro = None\n```\n")
    found = [(m.key.name, m.example) for m in collect_text(answer).mentions]
    assert found == [("fastjsonparse-pro", None)]


def test_a_helper_its_file_calls_only_from_guarded_functions_holds_optional_imports(tmp_path):
    # frappe/hrms (spot set 59): salary_slip_loan_utils.py's process_loan_interest_accruals imports the lending app,
    # called only by `@if_lending_app_installed def set_loan_repayment`; test_payroll_entry.py's setup_lending(),
    # called only by `@if_lending_app_installed` tests (through a helper too); a loader called only in a try that
    # catches ImportError. A helper also called unguarded, and one its file never calls, stay judged
    write(tmp_path, {
        "hrms/loan_utils.py": (
            "from hrms.utils import if_lending_app_installed\n\n\n"
            "@if_lending_app_installed\n"
            "def set_loan_repayment(doc):\n"
            "    process_accruals(doc)\n\n\n"
            "def process_accruals(doc):\n"
            "    from lendingx.accrual import process\n"
            "    return process(doc)\n\n\n"
            "def mixed_helper():\n"
            "    from lendingz.loan import make\n\n\n"
            "def report(doc):\n"
            "    mixed_helper()\n\n\n"
            "@if_lending_app_installed\n"
            "def also(doc):\n"
            "    mixed_helper()\n\n\n"
            "def never_called():\n"
            "    from lendingw.loan import make\n\n\n"
            "def fast_loader(path):\n"
            "    import lendingv\n\n\n"
            "def load(path):\n"
            "    try:\n"
            "        return fast_loader(path)\n"
            "    except ImportError:\n"
            "        return None\n"),
        "hrms/tests/test_payroll.py": (
            "from hrms.utils import if_lending_app_installed\n\n\n"
            "class TestPayroll:\n"
            "    @if_lending_app_installed\n"
            "    def test_loan(self):\n"
            "        prepare()\n\n\n"
            "def prepare():\n"
            "    return setup_lending()\n\n\n"
            "def setup_lending():\n"
            "    from lendingy.loan import create_loan_accounts\n"
            "    return create_loan_accounts()\n"),
    })
    found = findings(tmp_path)
    accrual = found[("hrms/loan_utils.py", "lendingx")]
    assert accrual.verdict is Verdict.ALLOWED and "in process_accruals(), which its file calls only where" in accrual.reasons[0]
    assert found[("hrms/tests/test_payroll.py", "lendingy")].verdict is Verdict.ALLOWED
    assert found[("hrms/loan_utils.py", "lendingz")].verdict is Verdict.MISSING
    assert found[("hrms/loan_utils.py", "lendingw")].verdict is Verdict.MISSING
    assert found[("hrms/loan_utils.py", "lendingv")].verdict is Verdict.ALLOWED  # called in a try catching ImportError


def test_a_conditional_import_of_a_module_its_file_guards_elsewhere_is_a_note(tmp_path):
    # xinference (held-out set 224): device_utils.py's is_metax_available() does `try: from pymxsml import
    # mxSmlGetDeviceCount` / `except ImportError: return False`, and _get_metax_gpu_mem_info() does `from pymxsml import
    # mxSmlGetDeviceInfo`; thirdparty/hidream_o1/qwen3_vl_transformers.py imports flash_attn_interface in an `elif` at
    # module level and again in a try catching ImportError. Both were false DG001s. An invented module in the same
    # function, and an unconditional import at the top of a file that guards it again below, stay judged
    write(tmp_path, {
        "device_utils.py": (
            "def is_metax_available() -> bool:\n"
            "    try:\n"
            "        from pymxsmlx import mxSmlGetDeviceCount  # noqa: F401\n\n"
            "        return True\n"
            "    except ImportError:\n"
            "        return False\n\n\n"
            "def _get_metax_gpu_mem_info(gpu_id: int):\n"
            "    from pymxsmlx import mxSmlGetDeviceInfo\n"
            "    from pyefmlx import efmlGetDevInfo\n"
            "    return mxSmlGetDeviceInfo(gpu_id), efmlGetDevInfo(gpu_id)\n"),
        "attention.py": (
            "import os\n\nversion = os.environ.get('FLASH_ATTN_VERSION', '')\n"
            "if version == '3':\n"
            "    from flash_attn_interfacex import flash_attn_func\n"
            "else:\n"
            "    try:\n"
            "        from flash_attn_interfacex import flash_attn_func\n"
            "    except ImportError:\n"
            "        flash_attn_func = None\n"),
        "top.py": "import quux_required_kit\n\ntry:\n    import quux_required_kit as kit\nexcept ImportError:\n    kit = None\n",
    })
    found = {(f.mention.location.path, f.mention.location.line): f for f in judged(tmp_path, EXISTING).findings}
    lazy = found[("device_utils.py", 11)]
    assert lazy.verdict is Verdict.ALLOWED and "as its file's import of it on line 3 is" in lazy.reasons[0]
    assert found[("attention.py", 5)].verdict is Verdict.ALLOWED  # the `elif` branch's import
    assert found[("device_utils.py", 12)].verdict is Verdict.MISSING  # pyefmlx: guarded nowhere
    assert found[("top.py", 1)].verdict is Verdict.MISSING  # run every time the file is imported
    assert found[("top.py", 4)].verdict is Verdict.ALLOWED


def test_an_import_behind_a_membership_test_of_its_own_name_is_a_note(tmp_path):
    # frappe/lms's lms/raven_provider.py (held-out spot set 100): a Frappe app imported only when installed, through
    # a dict entry read in the condition. Another key's entry, a membership test of another name, `not in`, and a
    # dict assigned in another function stay judged
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "lmsx"\n',
        "lmsx/__init__.py": "",
        "lmsx/raven_provider.py": (
            "import frappe\n\n\n"
            "def get_state():\n"
            "    apps = frappe.get_installed_apps()\n"
            "    state = {\n"
            "        \"raven\": \"raven\" in apps,\n"
            "        \"raven_integrationx\": \"raven_integrationx\" in apps,\n"
            "        \"mode\": frappe.conf.mode,\n"
            "    }\n"
            "    if state[\"raven\"] and state[\"raven_integrationx\"]:\n"
            "        from raven_integrationx.api import is_setup\n"
            "    if state[\"mode\"]:\n"
            "        import raven_modex\n"
            "    if \"other_appx\" in apps:\n"
            "        import raven_otherx\n"
            "    if \"raven_notx\" not in apps:\n"
            "        import raven_notx\n"
            "    if \"sys_appx\" in frappe.get_installed_apps():\n"
            "        import sys_appx\n"
            "    if \"fastjson_turbox\" in argv:\n"
            "        import fastjson_turbox\n"
            "    if \"celery_redisx\" in settings.BACKENDS:\n"
            "        import celery_redisx\n"
            "    if \"plugin_choicex\" in settings.ENABLED_PLUGINS:\n"
            "        import plugin_choicex\n"
            "    if \"mod_loadedx\" in sys.modules:\n"
            "        import mod_loadedx\n"
            "    if \"torch_directmlx\" in args.modules:\n"
            "        import torch_directmlx\n"
            "    if \"fastjson_cfgx\" in config.modules:\n"
            "        import fastjson_cfgx\n"
            "    if \"torch_preloadx\" in args.preloaded:\n"
            "        import torch_preloadx\n"
            "    if \"model_zoo_hubx\" in downloaded:\n"
            "        import model_zoo_hubx\n"
            "    if \"cli_loadedx\" in args.loaded_plugins:\n"
            "        import cli_loadedx\n"
            "    if \"self_loadedx\" in self.args.loaded_plugins:\n"
            "        import self_loadedx\n"
            "    chosen = settings.PLUGINS\n"
            "    if \"chosen_pluginx\" in chosen:\n"
            "        import chosen_pluginx\n\n\n"
            "def elsewhere():\n"
            "    if state[\"raven_elsewherex\"]:\n"
            "        import raven_elsewherex\n"),
    })
    got = verdicts(tmp_path)
    assert got[("lmsx/raven_provider.py", "raven_integrationx")] == "allowed"
    assert got[("lmsx/raven_provider.py", "sys_appx")] == "allowed"
    assert got[("lmsx/raven_provider.py", "mod_loadedx")] == "allowed"
    # r22: a configuration choice or the command line is no list of what is installed
    # r23: a list of modules the user chose on the command line or in a configuration, and a variable bound to a
    # configuration choice, are no list of what is installed
    for name in ("raven_modex", "raven_otherx", "raven_notx", "raven_elsewherex", "fastjson_turbox", "celery_redisx",
                 "plugin_choicex", "torch_directmlx", "fastjson_cfgx", "chosen_pluginx", "torch_preloadx", "model_zoo_hubx",
                 "cli_loadedx", "self_loadedx"):
        assert got[("lmsx/raven_provider.py", name)] == "missing", name


# generateDS's generated bindings (OCR-D core's ocrd_page_generateds.py and every other generateDS output): the file
# binds its own alias of ModuleNotFoundError and names the alias in the except clauses of its optional imports
GENERATED = {
    "pyproject.toml": '[project]\nname = "pagexml"\ndependencies = ["numpy"]\n',
    "src/pagexml/__init__.py": "",
    "src/pagexml/generateds.py": (
        "import sys\n"
        "try:\n"
        "    ModulenotfoundExp_ = ModuleNotFoundError\n"
        "except NameError:\n"
        "    ModulenotfoundExp_ = ImportError\n"
        "NotThere_ = KeyError\n"
        "ImportProblems_ = (ValueError, ModulenotfoundExp_)\n\n"
        "try:\n"
        "    from genxnamespaces import GenerateDSNamespaceDefs as GenerateDSNamespaceDefs_\n"
        "except ModulenotfoundExp_ :\n"
        "    GenerateDSNamespaceDefs_ = {}\n\n"
        "try:\n"
        "    from genxcollector import GdsCollector as GdsCollector_\n"
        "except (OSError, ImportProblems_) as err:\n"
        "    GdsCollector_ = None\n\n"
        "try:\n"
        "    from genxsuper import GeneratedsSuper\n"
        "except NotThere_ :\n"
        "    GeneratedsSuper = object\n\n\n"
        "def helper():\n"
        "    LocalAlias_ = ImportError\n"
        "    return LocalAlias_\n\n\n"
        "try:\n"
        "    from genxlocal import Local\n"
        "except LocalAlias_ :\n"
        "    Local = None\n\n"
        "from genxmadeup import Thing\n"),
}


def test_an_except_clause_naming_the_files_alias_of_import_error_guards_the_import(tmp_path):
    write(tmp_path, GENERATED)
    got = findings(tmp_path)
    spaces, collector = (got[("src/pagexml/generateds.py", name)] for name in ("genxnamespaces", "genxcollector"))
    assert {spaces.rule, collector.rule} == {"DG200"}  # a note each: the alias, and a tuple bound with the alias
    assert "a try whose `except ModulenotfoundExp_` (line 11) handles its absence" in spaces.reasons[0]


def test_an_except_clause_naming_anything_else_leaves_the_import_judged(tmp_path):
    write(tmp_path, GENERATED)
    got = verdicts(tmp_path)
    assert got[("src/pagexml/generateds.py", "genxsuper")] == "missing"  # an alias of KeyError
    assert got[("src/pagexml/generateds.py", "genxlocal")] == "missing"  # a function's local name, not the file's
    assert got[("src/pagexml/generateds.py", "genxmadeup")] == "missing"  # an invented import beside them


def test_the_callers_of_each_function_are_found_in_a_file_of_many_functions(tmp_path):
    # reviewer r33: a file's calls are found once, by name (guarded._calls_by_name; benchmarks/crafted_inputs.py,
    # "a module of many functions importing a module": a query per function was quadratic). Among 60 functions, each
    # importing a made-up module and called by the one before it (unguarded), the frappe helper called only from a
    # decorated function is still optional, and every other import is judged
    chain = "".join(f"def step{i}():\n    import quux_chain_kit{i}\n    return step{i + 1}()\n\n\n" for i in range(60))
    write(tmp_path, {"hrms/loan_utils.py": (
        "from hrms.utils import if_lending_app_installed\n\n\n" + chain
        + "@if_lending_app_installed\n"
          "def set_loan_repayment(doc):\n"
          "    process_accruals(doc)\n\n\n"
          "def process_accruals(doc):\n"
          "    from lendingx.accrual import process\n"
          "    return process(doc)\n")})
    found = findings(tmp_path)
    assert found[("hrms/loan_utils.py", "lendingx")].verdict is Verdict.ALLOWED
    assert {found[("hrms/loan_utils.py", f"quux_chain_kit{i}")].verdict for i in range(60)} == {Verdict.MISSING}


def test_an_import_behind_a_check_that_its_own_file_is_there_is_a_note(tmp_path):
    # markdown2's command line (vendored by held-out set 261's WebAccessForNVDA, lib/markdown2.py): `if
    # exists(join(test_dir, "test_markdown2.py")): sys.path.insert(0, test_dir); from test_markdown2 import …`, its own
    # test suite's module, there only in markdown2's repository. A check of another file's existence, and an invented
    # import beside the checked one, leave the import judged
    write(tmp_path, {"lib/markdown2.py": (
        "from os.path import abspath, dirname, exists, join\nimport sys\n\ndef main():\n"
        "    test_dir = join(dirname(dirname(abspath(__file__))), \"test\")\n"
        "    if exists(join(test_dir, \"test_markdown2.py\")):\n        sys.path.insert(0, test_dir)\n"
        "        from test_markdown2 import norm_html_from_html\n        import markdown_kit_x\n"
        "    if exists(join(test_dir, \"settings.json\")):\n        import markdown_conf_x\n")})
    got = verdicts(tmp_path)
    assert got[("lib/markdown2.py", "test_markdown2")] == "allowed"
    assert got[("lib/markdown2.py", "markdown_kit_x")] == "missing"
    assert got[("lib/markdown2.py", "markdown_conf_x")] == "missing"


def test_a_module_of_many_imports_finds_each_blocks_leaving_checks_once():
    # l39 (session 39, hostile input): each import walked every statement before it in its block looking for an
    # availability check that leaves (quadratic: a module of 6,000 imports took 25 s); a block's leaving ifs are
    # found once, and each import looks only at those before it
    from depguard.ecosystems.pypi import guarded
    from depguard.ecosystems.pypi.imports import _parse
    from depguard.parsers import Source

    n = 2000
    text = ("import importlib.util\n" + "".join(f"import zq_top{i}\n" for i in range(n))
            + "\n\ndef f():\n    import zq_before\n    if importlib.util.find_spec('zq_acc') is None:\n"
            "        return None\n    import zq_acc\n")
    guarded._leaving_ifs.cache_clear()
    found = {m.written: m for m in _parse(Source(path="pkg/many.py", text=text))}
    info = guarded._leaving_ifs.cache_info()
    assert info.misses <= 3 and info.hits >= n  # the module's block and the function's, each read once
    assert found["zq_acc"].example is not None and "which leaves without it" in found["zq_acc"].example.reason
    assert found["zq_before"].example is None and found[f"zq_top{n - 1}"].example is None  # before it: judged
