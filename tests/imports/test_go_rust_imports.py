"""go-imports and rust-imports: asserted on the (ecosystem, name, line, column) tuples of the lower-level
functions, since the go and cargo ecosystems may not be in the catalog yet (mentions need them)."""

from __future__ import annotations

import pytest

from depguard.ecosystems import catalog
from depguard.ecosystems.cargo import imports as rust
from depguard.ecosystems.go import imports as golang
from depguard.parsers import Source, get_format

from ._helpers import FIXTURES, parse_fixture


def test_go_fixture():
    text = (FIXTURES / "go/app/main.go").read_text(encoding="utf-8")
    refs = list(golang.import_refs(text, own="example.com/me/app"))
    assert [r.astuple() for r in refs] == [
        ("go", "gopkg.in/yaml.v3", 9, 8),
        ("go", "github.com/lib/pq", 10, 5),
        ("go", "github.com/spf13/cobra", 11, 3),
        ("go", "github.com/jackc/pgx/v5", 12, 3),
        ("go", "golang.org/x/net", 13, 3),
        ("go", "go.uber.org/zap", 14, 3),
        ("go", "cloud.google.com/go/storage", 15, 3),
        ("go", "codeberg.org/x/y", 17, 3),
        ("go", "rsc.io/quote/v3", 18, 3),
    ]
    assert refs[2].module == "github.com/spf13/cobra/doc"


def test_go_module_of_own_tree_comes_from_go_mod():
    app = FIXTURES / "go/app"
    assert golang._own_module(str(app), str(app)) == "example.com/me/app"
    assert golang._own_module(str(FIXTURES / "go"), str(FIXTURES / "go")) is None


@pytest.mark.parametrize(("path", "module"), [
    ("github.com/a/b/c/d", "github.com/a/b"), ("github.com/a/b/v2/c", "github.com/a/b/v2"),
    ("gopkg.in/yaml.v2", "gopkg.in/yaml.v2"), ("gopkg.in/user/pkg.v1/sub", "gopkg.in/user/pkg.v1"),
    ("golang.org/x/tools/go/packages", "golang.org/x/tools"), ("k8s.io/client-go/kubernetes", "k8s.io/client-go"),
    ("unknown.host/a/b", "unknown.host/a/b"),
    # modules deeper than host/name (gorm.io/driver/mysql, honnef.co/go/tools) or the host itself (gocloud.dev):
    # kept whole, the registry's walk finds them (held-out set 236: kratos-examples imports gorm.io/driver/mysql)
    ("gorm.io/driver/mysql", "gorm.io/driver/mysql"), ("honnef.co/go/tools/staticcheck", "honnef.co/go/tools/staticcheck"),
    ("gocloud.dev/blob", "gocloud.dev/blob"), ("go.uber.org/zap/zapcore", "go.uber.org/zap"),
])
def test_go_module_path(path, module):
    assert golang.module_path(path) == module


@pytest.mark.parametrize(("path", "stdlib"), [("fmt", True), ("net/http", True), ("golang.org/x/net", False)])
def test_go_stdlib_has_no_dot_in_first_element(path, stdlib):
    assert golang.is_stdlib(path) is stdlib


def test_rust_fixture():
    path = FIXTURES / "rust/src/main.rs"
    refs = list(rust.import_refs(path.read_text(encoding="utf-8"), local=frozenset({"helpers", "main"})))
    assert [r.astuple() for r in refs] == [
        ("cargo", "libc", 2, 14),
        ("cargo", "serde", 5, 5),
        ("cargo", "tokio", 6, 7),
        ("cargo", "rand", 12, 6),
        ("cargo", "regex", 12, 17),
        ("cargo", "serde_json", 13, 5),
        ("cargo", "async_trait", 16, 5),
    ]


def test_rust_local_modules_beside_the_file():
    mentions, source = parse_fixture("rust-imports", "rust/src/main.rs")
    if "cargo" in catalog():
        assert "helpers" not in [m.written for m in mentions]
    else:
        assert mentions == []  # no mentions for an ecosystem the catalog lacks
    assert source.problems == []


@pytest.mark.parametrize(("text", "expected"), [
    pytest.param("", [], id="empty"),
    pytest.param("use anyhow::Result;\n", [("cargo", "anyhow", 1, 5)], id="one"),
    pytest.param("use a::b;\nuse c::{d, e::f};\n", [("cargo", "a", 1, 5), ("cargo", "c", 2, 5)], id="two"),
    pytest.param("use std::io;\nuse crate::x;\n", [], id="only-std-and-crate"),
    pytest.param("use serde_json::*;\n", [("cargo", "serde_json", 1, 5)], id="wildcard-underscore-as-written"),
    # wit-bindgen's generated bindings (vscode-extension-samples' wasm-component-model-resource/src/calculator.rs):
    # a macro the file defines, re-exported under another name, is the file's own, not a crate
    pytest.param("macro_rules! __export_calculator_impl {\n  ($ty:ident) => (self::export!($ty););\n}\n"
                 "#[doc(inline)]\npub(crate) use __export_calculator_impl as export;\nuse wit_bindgen::rt;\n",
                 [("cargo", "wit_bindgen", 6, 5)], id="macro-rules-defined-here"),
    # the same bindings: `extern crate alloc as alloc_crate;` then `pub use alloc_crate::boxed::Box;` (a real
    # crate renamed: the crate is judged by its name, the alias is the file's own)
    pytest.param("mod _rt {\n  extern crate alloc as alloc_crate;\n  pub use alloc_crate::boxed::Box;\n"
                 "  extern crate serde as ser;\n  use ser::Serialize;\n}\n",
                 [("cargo", "serde", 4, 16)], id="extern-crate-alias"),
    # a path from an item another use brings in (held-out set 73's sweep of set 55 and 70's Rust: tokenizers'
    # `use pyo3::class::basic::CompareOp;` then `use CompareOp::*;` in a method, `use crate::{…, SplitDelimiterBehavior}`
    # then `use SplitDelimiterBehavior::*;` in its tests, alacritty's `use serde::de::{self, …};` then `use de::Error;`):
    # that item, not a crate; `use serde;` and `use tokio::{self};` name the crates, which stay judged
    pytest.param("use pyo3::class::basic::CompareOp;\nuse serde::de::{self, Error as SerdeError};\n"
                 "use crate::{Offsets, SplitDelimiterBehavior};\nuse serde;\nuse tokio::{self};\n"
                 "fn f() {\n    use CompareOp::*;\n    use de::Error;\n    use SplitDelimiterBehavior::*;\n"
                 "    use serde::Serialize;\n    use tokio::sync;\n    use made_up_crate::Thing;\n}\n",
                 [("cargo", "pyo3", 1, 5), ("cargo", "serde", 2, 5), ("cargo", "serde", 4, 5), ("cargo", "tokio", 5, 5),
                  ("cargo", "serde", 10, 9), ("cargo", "tokio", 11, 9), ("cargo", "made_up_crate", 12, 9)],
                 id="items-another-use-brings-in"),
    # a lower-case leaf may be a macro or a function, which a path's first segment is not looked up among: tokenizers'
    # node bindings `use napi_derive::napi;` beside `use napi::bindgen_prelude::*;`, rustworkx's `use crate::petgraph;`
    # (its re-export of the crate) in a test module beside `use petgraph::algo::dijkstra;`: the crates stay judged
    pytest.param("use napi::bindgen_prelude::*;\nuse napi_derive::napi;\nuse petgraph::algo::dijkstra;\n"
                 "mod t {\n    use crate::petgraph;\n}\n",
                 [("cargo", "napi", 1, 5), ("cargo", "napi_derive", 2, 5), ("cargo", "petgraph", 3, 5)],
                 id="lower-case-leaves-may-be-macros"),
    # just's `use {super::*, CompileErrorKind::*};` (a glob of its lib.rs re-exports): a capitalised first segment is a
    # type or an enum, not a crate (an `extern crate` of one stays judged); vaultwarden's `pub use is_global_hardcoded
    # as is_global;` re-exports a function of the file, while a function named like a crate leaves that crate's paths
    pytest.param("use {super::*, TokenKind::*};\nuse Component::*;\nextern crate Inflector;\n"
                 "fn is_global_hardcoded() {}\npub use is_global_hardcoded as is_global;\nfn serde() {}\n"
                 "use serde::Serialize;\nuse made_up::X;\n",
                 [("cargo", "Inflector", 3, 14), ("cargo", "serde", 7, 5), ("cargo", "made_up", 8, 5)],
                 id="types-and-the-files-functions"),
])
def test_rust_cases(text, expected):
    assert [r.astuple() for r in rust.import_refs(text)] == expected


def test_go_not_this_format_and_empty():
    assert list(golang.import_refs("")) == []
    assert list(golang.import_refs('{"import": "github.com/x/y"}')) == []


def test_rust_imports_read_the_nearest_cargo_toml():
    # the crate itself, path/git/other-registry dependencies are not crates.io names; renames name their crate
    mentions, source = parse_fixture("rust-imports", "rust-manifest/src/main.rs", root="rust-manifest")
    assert [(m.written, m.key.name, m.location.line, m.location.column) for m in mentions] == [
        ("serde", "serde", 1, 5),
        ("json", "serde_json", 2, 5),
        ("tokio", "tokio", 7, 5),
        ("criterion", "criterion", 8, 5),
        ("rand", "rand", 9, 5),
    ]
    assert mentions[1].note == "renamed json of serde_json"
    assert source.problems == []


def test_rust_imports_with_an_unreadable_cargo_toml(tmp_path):
    (tmp_path / "Cargo.toml").write_text("[package\nname = ", encoding="utf-8")
    (tmp_path / "lib.rs").write_text("use serde::Serialize;\n", encoding="utf-8")
    assert rust.manifest_crates("[package\n") == (frozenset(), {})
    source = Source(path="lib.rs", text="use serde::Serialize;\n", fs_path=tmp_path / "lib.rs", root=tmp_path)
    assert [m.key.name for m in get_format("rust-imports").parse(source)] == ["serde"]


def test_go_imports_of_locally_replaced_modules_are_local():
    mentions, source = parse_fixture("go-imports", "go-replace/cmd/main.go", root="go-replace")
    assert [(m.key.name, m.location.line, m.location.column) for m in mentions] == [
        ("github.com/acme/sharedextra", 5, 3),
        ("github.com/gin-gonic/gin", 6, 3),
        ("github.com/new/lib", 7, 3),  # required github.com/old/lib v1.0.0, which replace fetches as github.com/new/lib
    ]
    assert source.problems == []
    assert golang.go_mod_modules("not a go.mod\n") == golang.GoMod()


def test_go_import_holding_a_template_placeholder_is_no_name():
    # aws-sam-cli-app-templates (held-out set 25): a cookiecutter project's Go function imports its own packages
    # under the module path the template fills in (go.mod: `module {{ cookiecutter.project_name }}`), and the
    # schema template imports a path that is one placeholder; a real module beside them stays judged
    text = ('package main\n\nimport (\n\t"github.com/aws/aws-lambda-go/lambda"\n'
            '\t"{{ cookiecutter.project_name }}/hello-world/model/aws/ec2"\n'
            '\t"{{ cookiecutter.codegen_path }}"\n\t"{{cookiecutter.x}}.io/y"\n)\n')
    assert [r.astuple() for r in golang.import_refs(text, own="{{")] == [("go", "github.com/aws/aws-lambda-go", 4, 3)]


def test_rust_imports_of_the_trees_own_crates_and_of_inherited_workspace_dependencies(tmp_path):
    # program-examples (held-out set 73): an Anchor workspace keeps a Rust test in tests-rs/, outside every package of
    # its programs/* members, using the member crate abl_token; a member takes a git dependency and a renamed one with
    # `x = { workspace = true }`, so the workspace root's entry decides. An import of a crate nobody declares is judged
    from depguard.config import Settings
    from depguard.scan import collect_paths

    (tmp_path / "Cargo.toml").write_text(
        '[workspace]\nmembers = ["programs/*"]\nresolver = "2"\n\n[workspace.dependencies]\nanchor-lang = "0.32.1"\n'
        'hook-utils = { git = "https://github.com/solana-developers/hook-utils" }\n'
        'json = { package = "serde_json", version = "1" }\n', encoding="utf-8")
    program = tmp_path / "programs" / "abl-token"
    (program / "src").mkdir(parents=True)
    (program / "Cargo.toml").write_text(
        '[package]\nname = "abl-token"\nversion = "0.1.0"\nedition = "2021"\n\n[lib]\ncrate-type = ["cdylib", "lib"]\n'
        'name = "abl_token"\n\n[dependencies]\nanchor-lang = { workspace = true }\nhook-utils = { workspace = true }\n'
        'json = { workspace = true }\n', encoding="utf-8")
    (program / "src" / "lib.rs").write_text(
        "use anchor_lang::prelude::*;\nuse hook_utils::seeds;\nuse json::Value;\nuse made_up_crate::Thing;\n",
        encoding="utf-8")
    (tmp_path / "tests-rs").mkdir()
    (tmp_path / "tests-rs" / "test.rs").write_text(
        "use {\n    abl_token::{accounts::InitConfig, Mode},\n    litesvm::LiteSVM,\n};\n", encoding="utf-8")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    imports = sorted((m.location.path.rpartition("/")[2], m.key.name, m.location.line) for m in out.mentions
                     if m.key.ecosystem == "cargo" and m.parser == "rust-imports")
    assert imports == [("lib.rs", "anchor_lang", 1), ("lib.rs", "made_up_crate", 4), ("lib.rs", "serde_json", 3),
                       ("test.rs", "litesvm", 3)]
    manifest = sorted(m.key.name for m in out.mentions if m.key.ecosystem == "cargo" and m.parser == "Cargo.toml")
    assert manifest == ["anchor_lang", "serde_json"]  # the workspace's registry entries, judged where they are written


def test_a_bazel_built_rust_file_uses_crates_io_crates_only_through_the_modules_crate_specs(tmp_path):
    # held-out set 302: google/heir's MODULE.bazel takes its crates.io crates from crate.spec tags (crate.from_specs),
    # and tests/Examples/tfhe_rust/BUILD calls a macro that makes a rust_library named "%s_rs_lib" % name, which
    # src/main_add.rs then uses (`use add_test_rs_lib;`): a target of the tree, no crates.io name. The specs are judged
    # where the module writes them (a look-alike among them too); a crate a spec declares is still judged where a file
    # uses it, and a file a Cargo.toml owns, one its Bazel package's BUILD file never names (a page's example below
    # the root BUILD.bazel), or in a module that also reads Cargo manifests, is judged as before
    from depguard.config import Settings
    from depguard.scan import collect_paths

    (tmp_path / "MODULE.bazel").write_text(
        'bazel_dep(name = "rules_rust", version = "0.68.1")\n'
        'crate = use_extension("@rules_rust//crate_universe:extensions.bzl", "crate")\n'
        'crate.spec(\n    features = ["derive"],\n    package = "serde",\n    version = "1.0.228",\n)\n'
        'crate.spec(package = "tfhe", version = "1.5.0")\n'
        '# crate.spec(package = "commented-out", version = "1")\n'
        'crate.spec(package = "rayonn", version = "1.11.0")\n'
        'crate.from_specs()\nuse_repo(crate, "crates")\n', encoding="utf-8")
    example = tmp_path / "tests" / "Examples" / "tfhe_rust"
    (example / "src").mkdir(parents=True)
    (example / "BUILD").write_text('load("//tests/Examples/tfhe_rust:test.bzl", "tfhe_rs_end_to_end_test")\n'
                                   'tfhe_rs_end_to_end_test(name = "add_test", test_src = "src/main_add.rs")\n',
                                   encoding="utf-8")
    (example / "src" / "main_add.rs").write_text(
        "use tfhe::shortint::prelude::*;\nuse add_test_rs_lib;\nuse serde::Serialize;\n", encoding="utf-8")
    cargo = tmp_path / "tests" / "Examples" / "fpga"
    (cargo / "src").mkdir(parents=True)
    (cargo / "BUILD").write_text("", encoding="utf-8")
    (cargo / "Cargo.toml").write_text('[package]\nname = "fpga"\nversion = "0.1.0"\n\n[dependencies]\nclap = "4"\n',
                                      encoding="utf-8")
    (cargo / "src" / "main.rs").write_text("use clap::Parser;\nuse made_up_crate::Thing;\n", encoding="utf-8")
    (tmp_path / "stray.rs").write_text("use not_built_crate::X;\n", encoding="utf-8")  # no BUILD names it
    (tmp_path / "BUILD.bazel").write_text('exports_files(["LICENSE"])\n', encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "example.rs").write_text("use invented_doc_crate::X;\n", encoding="utf-8")

    def found() -> list[tuple[str, str, str, int]]:
        out = collect_paths([tmp_path], Settings(use_cache=False))
        return sorted((m.parser, m.location.path.rpartition("/")[2], m.key.name, m.location.line) for m in out.mentions
                      if m.key.ecosystem == "cargo")

    assert found() == [("Cargo.toml", "Cargo.toml", "clap", 6),
                       ("bazel-crates", "MODULE.bazel", "rayonn", 10), ("bazel-crates", "MODULE.bazel", "serde", 5),
                       ("bazel-crates", "MODULE.bazel", "tfhe", 8),
                       ("rust-imports", "example.rs", "invented_doc_crate", 1), ("rust-imports", "main.rs", "clap", 1), ("rust-imports", "main.rs", "made_up_crate", 2),
                       ("rust-imports", "main_add.rs", "serde", 3), ("rust-imports", "main_add.rs", "tfhe", 1),
                       ("rust-imports", "stray.rs", "not_built_crate", 1)]
    # a module that also takes crates from Cargo manifests declares more than its specs: every use is judged
    with (tmp_path / "MODULE.bazel").open("a", encoding="utf-8") as module:
        module.write('crate.from_cargo(name = "more", manifests = ["//:Cargo.toml"])\n')
    assert ("rust-imports", "main_add.rs", "add_test_rs_lib", 2) in found()


def test_a_bazel_glob_names_only_the_rust_files_it_matches(tmp_path):
    # reviewer r41 on a9aedc1e: any glob in the nearest BUILD file made every Rust file of that package a built one, so
    # a root BUILD.bazel's glob(["src/*.rs"]) hid a page's example's invented crate and a look-alike of serde_json in
    # examples/ (neither is built by Bazel). A glob names the files it matches (`*` in one name, `**` any folders)
    from depguard.config import Settings
    from depguard.scan import collect_paths

    (tmp_path / "MODULE.bazel").write_text(
        'crate = use_extension("@rules_rust//crate_universe:extensions.bzl", "crate")\n'
        'crate.spec(package = "serde", version = "1.0.228")\ncrate.from_specs()\nuse_repo(crate, "crates")\n',
        encoding="utf-8")
    files = {"src/lib.rs": "use serde::Serialize;\nuse tree_target;\n",
             "src/deep/more.rs": "use deep_target;\n",
             "docs/example.rs": "use invented_doc_crate::X;\n",
             "examples/demo.rs": "use serde_jsonn::Value;\n"}
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")

    def used(build: str) -> list[str]:
        (tmp_path / "BUILD.bazel").write_text(build, encoding="utf-8")
        out = collect_paths([tmp_path], Settings(use_cache=False))
        return sorted(m.key.name for m in out.mentions if m.key.ecosystem == "cargo" and m.parser == "rust-imports")

    built = ["deep_target", "invented_doc_crate", "serde", "serde_jsonn"]
    assert used('rust_library(name = "lib", srcs = glob(["src/*.rs"]), deps = ["@crates//:serde"])\n') == built
    assert used('rust_library(name = "lib", srcs = glob(["src/**/*.rs"]))\n') == [
        "invented_doc_crate", "serde", "serde_jsonn"]
    assert used('rust_library(name = "lib", srcs = glob(["**/*.rs"]))\n') == ["serde"]  # Bazel builds them all


def test_rust_imports_of_an_alias_the_crate_root_gives(tmp_path):
    # tokenizers' Python bindings (set 55): src/lib.rs says `extern crate tokenizers as tk;`, so src/token.rs may
    # `use tk::Token;` with no alias of its own; the crate itself is judged where lib.rs names it
    from depguard.config import Settings
    from depguard.scan import collect_paths

    (tmp_path / "src").mkdir()
    (tmp_path / "Cargo.toml").write_text('[package]\nname = "tokenizers-python"\nversion = "0.1.0"\n\n'
                                         '[dependencies]\npyo3 = "0.25"\ntokenizers = "0.21"\n', encoding="utf-8")
    (tmp_path / "src" / "lib.rs").write_text("extern crate tokenizers as tk;\nmod token;\nuse pyo3::prelude::*;\n",
                                             encoding="utf-8")
    (tmp_path / "src" / "token.rs").write_text("use pyo3::prelude::*;\nuse tk::Token;\nuse tkk::Token as T;\n",
                                               encoding="utf-8")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    assert sorted((m.location.path.rpartition("/")[2], m.key.name, m.location.line) for m in out.mentions
                  if m.parser == "rust-imports") == [("lib.rs", "pyo3", 3), ("lib.rs", "tokenizers", 1),
                                                     ("token.rs", "pyo3", 1), ("token.rs", "tkk", 3)]


# held-out set 236: kratos-examples' transaction/gorm/internal/data/data.go imports "gorm.io/driver/mysql" (its go.mod
# requires gorm.io/driver/mysql; the path's shape said gorm.io/driver, no module), BuoyantIO/emojivoto's
# emojivoto-emoji-svc/cmd/server.go "go.opencensus.io/plugin/ocgrpc", encoredev/examples "encore.dev/storage/sqldb"
# (modules go.opencensus.io and encore.dev, both required)
GO_MOD_236 = """module github.com/acme/svc

go 1.21

require (
\tencore.dev v1.35.3
\tgithub.com/aws/aws-sdk-go-v2 v1.30.0
\tgithub.com/aws/aws-sdk-go-v2/service/s3 v1.58.0
\tgithub.com/old/lib v1.0.0
\tgo.opencensus.io v0.24.0 // indirect
\tgorm.io/driver/mysql v1.5.7
\tgorm.io/gorm v1.25.10
)

replace github.com/old/lib => github.com/fork/lib v1.0.1
replace gorm.io/gorm v1.0.0 => example.com/other/gorm v1.0.0
"""

GO_SRC_236 = """package data

import (
\t"encore.dev/storage/sqldb"
\t"github.com/aws/aws-sdk-go-v2/service/s3/types"
\t"github.com/aws/aws-sdk-go-v2/aws"
\t"github.com/old/lib/pkg"
\t"go.opencensus.io/plugin/ocgrpc"
\t"gorm.io/driver/mysql"
\t"gorm.io/gorm/clause"
\t"gorm.io/driver/postgres"
\t"example.com/made/up/pkg"
)
"""


def test_go_imports_belong_to_the_longest_module_go_mod_requires():
    required = golang.go_mod_modules(GO_MOD_236).required
    refs = list(golang.import_refs(GO_SRC_236, "github.com/acme/svc", frozenset(), required))
    assert [(r.name, r.module) for r in refs] == [
        ("encore.dev", "encore.dev/storage/sqldb"),
        ("github.com/aws/aws-sdk-go-v2/service/s3", "github.com/aws/aws-sdk-go-v2/service/s3/types"),
        ("github.com/aws/aws-sdk-go-v2", "github.com/aws/aws-sdk-go-v2/aws"),
        ("github.com/fork/lib", "github.com/old/lib/pkg"),  # fetched as the module replace names
        ("go.opencensus.io", "go.opencensus.io/plugin/ocgrpc"),
        ("gorm.io/driver/mysql", None),
        ("gorm.io/gorm", "gorm.io/gorm/clause"),  # the replace of another version does not apply
        # not required: the path's shape, kept whole on gorm.io for the registry's walk; a made-up path stays judged
        ("gorm.io/driver/postgres", None),
        ("example.com/made/up/pkg", None),
    ]
    # without a go.mod's requires, the shape of the path alone (as before)
    assert [r.name for r in golang.import_refs(GO_SRC_236)][:2] == ["encore.dev/storage/sqldb", "github.com/aws/aws-sdk-go-v2"]


def test_go_imports_read_the_nearest_go_mod_through_the_view(tmp_path):
    (tmp_path / "go.mod").write_text(GO_MOD_236 + "replace gorm.io/gorm => ../gorm\n", encoding="utf-8")
    (tmp_path / "internal").mkdir()
    (tmp_path / "internal" / "data.go").write_text(GO_SRC_236, encoding="utf-8")
    source = Source(path="internal/data.go", text=GO_SRC_236, fs_path=tmp_path / "internal" / "data.go", root=tmp_path)
    names = [m.key.name for m in get_format("go-imports").parse(source)]
    assert names == ["encore.dev", "github.com/aws/aws-sdk-go-v2/service/s3", "github.com/aws/aws-sdk-go-v2",
                     "github.com/fork/lib", "go.opencensus.io", "gorm.io/driver/mysql",  # gorm.io/gorm: a local copy
                     "gorm.io/driver/postgres", "example.com/made/up/pkg"]
    assert golang.go_mod_modules("module x\nnot a directive\n") == golang.GoMod()


def test_go_imports_of_many_required_modules_each_find_their_own():
    # reviewer r34, crafted: a go.mod of many requires (and local replaces) and a file importing a package of each:
    # each import was looked for through every module (8,000 of each: 32 s); now through its path's elements. Each
    # import belongs to its own module, the longest one, a local one is skipped, and a made-up path stays whole
    n = 3_000
    go_mod = ("module example.com/me\n\nrequire (\n" + "".join(f"\texample.org/m{i} v1.0.0\n" for i in range(n))
              + "\texample.org/m7/deep v1.0.0\n)\n" + "".join(f"replace example.org/local{i} => ../local{i}\n" for i in range(n)))
    mod = golang.go_mod_modules(go_mod)
    assert len(mod.local) == n and len(mod.required) == n + 1
    src = ("package main\n\nimport (\n" + "".join(f'\t_ "example.org/m{i}/pkg"\n' for i in range(n))
           + "".join(f'\t_ "example.org/local{i}/pkg"\n' for i in range(n))
           + '\t_ "example.org/m7/deep/x"\n\t_ "example.org/m7x/pkg"\n)\n')
    names = [r.name for r in golang.import_refs(src, None, mod.local, mod.required)]
    assert names == [f"example.org/m{i}" for i in range(n)] + ["example.org/m7/deep", "example.org/m7x/pkg"]


def test_go_imports_of_a_module_another_go_mod_of_the_tree_defines_are_local(tmp_path):
    # held-out set 236: solo-io/workshops' step folder .../dev-portal-validate-metadata-with-external-service/main.go
    # imports "github.com/envoyproxy/envoy/examples/ext_authz/auth/grpc-service/pkg/auth/v3", the module of the
    # grpc-service/go.mod beside it; no go.mod above main.go names it, and cut to github.com/envoyproxy/envoy (no root
    # module there) it was a DG001 with the real proxy. Another path of that repository, a go.mod's require of the
    # tree's module and `go install` of it stay judged
    from depguard.config import Settings
    from depguard.scan import collect_paths

    (tmp_path / "grpc-service" / "pkg" / "auth" / "v3").mkdir(parents=True)
    (tmp_path / "grpc-service" / "go.mod").write_text(
        "module github.com/envoyproxy/envoy/examples/ext_authz/auth/grpc-service\n\ngo 1.14\n", encoding="utf-8")
    (tmp_path / "grpc-service" / "pkg" / "auth" / "v3" / "auth.go").write_text("package v3\n", encoding="utf-8")
    (tmp_path / "main.go").write_text(
        'package main\n\nimport (\n\tauthv3 "github.com/envoyproxy/envoy/examples/ext_authz/auth/grpc-service/pkg/auth/v3"\n'
        '\t"github.com/envoyproxy/envoy/examples/other/pkg"\n)\n', encoding="utf-8")
    (tmp_path / "client").mkdir()
    (tmp_path / "client" / "go.mod").write_text(
        "module example.com/client\n\ngo 1.21\n\nrequire github.com/envoyproxy/envoy/examples/ext_authz/auth/grpc-service"
        " v0.0.0-20200101000000-abcdefabcdef\n", encoding="utf-8")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    found = sorted((m.key.name, m.origin.value, m.location.path.rsplit("/", 1)[-1]) for m in out.mentions
                   if m.key.ecosystem == "go")
    assert found == [("github.com/envoyproxy/envoy", "import", "main.go"),
                     ("github.com/envoyproxy/envoy/examples/ext_authz/auth/grpc-service", "manifest", "go.mod")]
    from depguard.ecosystems.go.own_modules import defined_modules

    files = [(tmp_path / "grpc-service" / "go.mod", "grpc-service/go.mod"), (tmp_path / "client" / "go.mod", "client/go.mod")]
    assert defined_modules(files, 1 << 20) == {"github.com/envoyproxy/envoy/examples/ext_authz/auth/grpc-service",
                                                "example.com/client"}


def test_a_go_mods_module_line_after_a_long_run_of_empty_lines():
    # reviewer r34, crafted: the module-line pattern began `^\s*`, so at each line start of a run of empty lines it read
    # the rest of the run (quadratic: 20,000 empty lines 1.2 s, a 1 MB go.mod of them most of an hour). The directive
    # after such a run is still found, indented or quoted; one in a comment or with nothing after it is not
    from depguard.ecosystems.go.own_modules import MODULE_LINE

    empty = "\n" * 400_000
    assert MODULE_LINE.search(empty + "x") is None
    assert MODULE_LINE.search(empty + '\t module "example.com/big"\r\n').group(1) == "example.com/big"
    assert MODULE_LINE.search(empty + "// module example.com/comment\nmodule\n") is None


def test_a_page_examples_comment_that_takes_a_crate_from_git_makes_it_no_crates_io_name(tmp_path):
    # held-out set 300's spot set (404 probe): the Solana Cookbook's code/mango/create-account/create-account.en.rs,
    # owned by no Cargo.toml, says "// Add this to Cargo.toml ..." above `// mango = { version = "3.4.2", git =
    # "https://github.com/blockworks-foundation/mango-v3.git", ... }`, then `use mango::instruction::MangoInstruction;`:
    # mango was judged on crates.io. A comment of a version alone, a crate no comment names, and a file a Cargo.toml
    # owns (its manifest decides) stay judged
    from depguard.config import Settings
    from depguard.scan import collect_paths

    (tmp_path / "code" / "mango").mkdir(parents=True)
    (tmp_path / "code" / "mango" / "create-account.en.rs").write_text(
        "use borsh::BorshSerialize;\n"
        "// Add this to Cargo.toml to be able to use the mango program repository as a crate\n"
        '// mango = { version = "3.4.2", git = "https://github.com/blockworks-foundation/mango-v3.git", '
        'default-features=false, features = ["no-entrypoint", "program"] }\n'
        "use mango::instruction::MangoInstruction;\n"
        '// serum-dex = { version = "0.5" }\n'
        "use serum_dex::state::Market;\n"
        "use mangox::Thing;\n", encoding="utf-8")
    (tmp_path / "prog" / "src").mkdir(parents=True)
    (tmp_path / "prog" / "Cargo.toml").write_text('[package]\nname = "prog"\nversion = "0.1.0"\n', encoding="utf-8")
    (tmp_path / "prog" / "src" / "lib.rs").write_text(
        '// mango = { git = "https://github.com/blockworks-foundation/mango-v3.git" }\nuse mango::state::Group;\n',
        encoding="utf-8")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    assert sorted((m.location.path.rpartition("/")[2], m.key.name, m.location.line) for m in out.mentions
                  if m.parser == "rust-imports") == [("create-account.en.rs", "borsh", 1),
                                                     ("create-account.en.rs", "mangox", 7),
                                                     ("create-account.en.rs", "serum_dex", 6),
                                                     ("lib.rs", "mango", 2)]


def test_rust_imports_of_a_module_a_glob_import_of_the_packages_library_brings_in(tmp_path):
    # leafwing-input-manager (heldout312-spot): src/plugin.rs says `use crate::user_input::*;` and then
    # `use updating::CentralInputStore;`, `updating` a `pub mod` of src/user_input/mod.rs brought in by the glob; its
    # tests say `use leafwing_input_manager::prelude::*;` (an inline `pub mod prelude` of lib.rs whose `pub use
    # crate::user_input::*;` re-exports it) and the same `use updating::…`: each was asked of crates.io as a crate.
    # A look-alike of it, a module the globbed file keeps private, one of a module the file does not glob, a test that
    # globs only another crate's prelude and a binary of src/bin (a crate of its own) using crate:: stay judged
    from depguard.config import Settings
    from depguard.scan import collect_paths

    (tmp_path / "src" / "user_input").mkdir(parents=True)
    (tmp_path / "src" / "bin").mkdir()
    (tmp_path / "tests").mkdir()
    (tmp_path / "Cargo.toml").write_text('[package]\nname = "leafwing-input-manager"\nversion = "0.17.0"\n\n'
                                         '[dependencies]\nbevy = "0.16"\n', encoding="utf-8")
    (tmp_path / "src" / "lib.rs").write_text(
        "pub mod plugin;\npub mod user_input;\npub mod other;\n\npub mod prelude {\n"
        "    pub use crate::plugin::InputManagerPlugin;\n    pub use crate::user_input::*;\n}\n", encoding="utf-8")
    (tmp_path / "src" / "user_input" / "mod.rs").write_text(
        "use bevy::prelude::*;\nuse updating::CentralInputStore;\n\npub use self::gamepad::*;\npub mod gamepad;\n"
        "pub mod updating;\nmod hidden;\n", encoding="utf-8")
    (tmp_path / "src" / "other.rs").write_text("pub mod elsewhere;\n", encoding="utf-8")
    plugin = ("use bevy::prelude::*;\nuse updating::CentralInputStore;\nuse gamepad::GamepadStick;\n"
              "use updatingg::Store;\nuse hidden::Secret;\nuse elsewhere::Thing;\n\nuse crate::user_input::*;\n")
    (tmp_path / "src" / "plugin.rs").write_text(plugin, encoding="utf-8")
    (tmp_path / "src" / "bin" / "tool.rs").write_text("use crate::user_input::*;\nuse updating::X;\n", encoding="utf-8")
    (tmp_path / "tests" / "buttonlike.rs").write_text(
        "use bevy::prelude::*;\nuse leafwing_input_manager::prelude::*;\nuse updating::CentralInputStore;\n"
        "use updatingg::Store;\n", encoding="utf-8")
    (tmp_path / "tests" / "other.rs").write_text("use bevy::prelude::*;\nuse updating::CentralInputStore;\n",
                                                 encoding="utf-8")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    assert sorted((m.location.path.rpartition("/")[2], m.key.name, m.location.line) for m in out.mentions
                  if m.parser == "rust-imports") == [
        ("buttonlike.rs", "bevy", 1), ("buttonlike.rs", "updatingg", 4),
        ("mod.rs", "bevy", 1), ("other.rs", "bevy", 1), ("other.rs", "updating", 2),
        ("plugin.rs", "bevy", 1), ("plugin.rs", "elsewhere", 6), ("plugin.rs", "hidden", 5),
        ("plugin.rs", "updatingg", 4), ("tool.rs", "updating", 2)]
