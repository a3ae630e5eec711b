"""Blockchain and web3 projects (held-out set 35: web3.py, electrum, anchor …): a smart-contract toolchain's module
whose distribution has another name, and a manifest block in docs written as a diff."""

from __future__ import annotations

from depguard.model import Origin
from tests.trees import found as names
from tests.trees import write


def test_a_contract_compilers_module_is_judged_as_the_distribution_that_ships_it(tmp_path):
    # web3.py's web3/_utils/contract_sources/compile_contracts.py: `import solcx`, from py-solc-x (PyPI has no
    # solcx), declared by no manifest; an invented module beside it is still judged under its own name
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "web3"\ndependencies = ["eth-abi"]\n',
        "web3/__init__.py": "",
        "web3/_utils/contract_sources/compile_contracts.py": "import solcx\nimport solcxtools\nimport eth_abi\n",
    })
    assert names(tmp_path, Origin.IMPORT) == {
        ("web3/_utils/contract_sources/compile_contracts.py", "py-solc-x"),
        ("web3/_utils/contract_sources/compile_contracts.py", "solcxtools"),
        ("web3/_utils/contract_sources/compile_contracts.py", "eth-abi"),
    }


def test_a_manifest_block_in_docs_written_as_a_diff_is_read_as_the_file_after_the_change(tmp_path):
    # anchor's docs/content/docs/updates/release-notes/0-30-1.mdx: a toml block under [dependencies] that keeps
    # anchor-spl and removes spl-associated-token-account with a "- " marker (not valid TOML: it was a read problem)
    from tests.trees import scan

    fence = "```"
    write(tmp_path, {
        "docs/release-notes/0-30-1.md": (f"You can remove the crate:\n\n{fence}toml\n[dependencies]\n"
                                         f'anchor-spl = "0.30.1"\n- spl-associated-token-account = "3.0.2"\n'
                                         f'+ borsh = "1.5"\n{fence}\n\nIn package.json:\n\n{fence}json\n'
                                         '{\n  "dependencies": {\n-    "left-pad": "1.0.0",\n+    "@coral-xyz/anchor": "^0.30.1"\n'
                                         f"  }}\n}}\n{fence}\n"),
    })
    result = scan(tmp_path)
    assert not result.problems
    assert {(m.key.ecosystem, m.key.name) for m in result.mentions} == {
        ("cargo", "anchor_spl"), ("cargo", "borsh"), ("npm", "@coral-xyz/anchor")}
