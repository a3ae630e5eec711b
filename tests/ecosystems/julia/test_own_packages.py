"""A Julia package of the scanned tree is its own (``[own]`` of julia's ecosystem.toml, own_packages.py): loading it
with ``using``/``import`` or naming it in an environment's ``[deps]`` takes the tree's package, not General's."""

from __future__ import annotations

from pathlib import Path

from tests.trees import scan, write

UUID = "a80fdaa1-3292-45d6-85e6-157a63518481"


def test_a_package_the_tree_defines_is_its_own_in_imports_and_environments(tmp_path: Path):
    # julia-vscode (held-out set 293) keeps VSCodeDebugger in scripts/packages/, puts that folder on LOAD_PATH before
    # `import VSCodeDebugger` and lists it in an environment's [deps] (its Manifest.toml takes it from a path); General
    # has no such package, so each was DG001. Still judged: registered and invented names beside it, a Project.toml
    # with a name but no source file (no package Julia could load), an environment's Project.toml (a name, no uuid),
    # and `Pkg.add` of the tree's package (that asks General)
    write(tmp_path, {
        "scripts/packages/VSCodeDebugger/Project.toml": f'name = "VSCodeDebugger"\nuuid = "{UUID}"\nversion = "0.1.0"\n',
        "scripts/packages/VSCodeDebugger/src/VSCodeDebugger.jl": "module VSCodeDebugger\nusing Sockets\nend\n",
        "scripts/debugger/run_debugger.jl": 'pushfirst!(LOAD_PATH, joinpath(@__DIR__, "..", "packages"))\n'
                                            "try\n    import VSCodeDebugger\nfinally\n    popfirst!(LOAD_PATH)\nend\n"
                                            "using LoggingExtras, ImaginedDebugKit\nVSCodeDebugger.startdebugger()\n",
        "scripts/environments/development/Project.toml": f'[deps]\nVSCodeDebugger = "{UUID}"\n'
                                                         'JSON = "682c06a0-de6a-54ab-a142-c8b1cf79cde6"\n'
                                                         'ImaginedDepJl = "11111111-2222-4333-8444-555555555555"\n',
        "fixtures/NoSource/Project.toml": 'name = "ImaginedNoSource"\nuuid = "21111111-2222-4333-8444-555555555555"\n',
        "envs/plots/Project.toml": 'name = "ImaginedEnvName"\n[deps]\nPlots = "91a5bcdd-55d7-5caf-9e0b-520d859cae80"\n',
        "scripts/other.jl": "using ImaginedNoSource\nusing ImaginedEnvName\n",
        "scripts/install.jl": 'import Pkg\nPkg.add("VSCodeDebugger")\n',
    })
    assert sorted((m.location.path.rpartition("/")[2], m.key.name, m.origin.value)
                  for m in scan(tmp_path).mentions if m.key.ecosystem == "julia") == [
        ("Project.toml", "ImaginedDepJl", "manifest"), ("Project.toml", "JSON", "manifest"),
        ("Project.toml", "Plots", "manifest"), ("install.jl", "VSCodeDebugger", "command"),
        ("other.jl", "ImaginedEnvName", "import"), ("other.jl", "ImaginedNoSource", "import"),
        ("run_debugger.jl", "ImaginedDebugKit", "import"), ("run_debugger.jl", "LoggingExtras", "import")]
