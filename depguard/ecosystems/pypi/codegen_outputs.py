"""Modules an API code generator the tree runs writes: datamodel-code-generator, OpenAPI Generator, Swagger Codegen
and openapi-python-client.

A project that generates its Pydantic models or its Python client from an OpenAPI or JSON Schema document at build
time keeps the generated files out of git and imports them (a Makefile's ``datamodel-codegen --input schema.json
--output kcidb_model.py``, a Dockerfile's ``datamodel-codegen … --output brefv/messages`` before ``from
brefv.messages import …``, a script's ``openapi-generator-cli generate -g python
--additional-properties=packageName=acme_client``). The evidence is the command itself, in a file the tree builds or
documents itself with (a README, a shell script, a Makefile, a justfile, a Dockerfile, a CI workflow, ``tox.ini``,
``pyproject.toml``) or ``output`` in ``[tool.datamodel-codegen]``: the module is what the command's own options say
it writes, as each tool documents them:

- ``datamodel-codegen --output PATH`` (a file ``x.py`` or a folder of modules);
- ``openapi-generator[-cli] generate`` and ``swagger-codegen generate`` with a Python generator (``-g python…``,
  ``-l python…``): ``packageName`` in ``--additional-properties``/``-p``/``-D``, ``--package-name``, else the
  generator's default package (``openapi_client``, ``openapi_server`` for a server stub; ``swagger_client``,
  ``swagger_server``);
- ``openapi-python-client generate --meta none --output-path PATH`` (without ``--meta none`` the package is named
  after the document's title, which the command does not say).

An output path gives each of its folders and its module: where the generated code is imported from depends on the
path the project runs with (``from brefv.messages import …``, or ``import models`` beside it). A generator of another
language, a command whose output is an expansion (``--output $(OUT)``), a name in prose and an import no command
writes are left to be judged.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Callable, Iterable

from ... import lazyre
from ...commands.shell import Word, split_commands

CODEGEN_DOCUMENT_LIMIT = 256 * 1024
# the files read: READMEs, shell scripts, Makefiles, justfiles, Dockerfiles, tox.ini, pyproject.toml (its tasks and
# [tool.datamodel-codegen]) and CI workflows
DOCUMENT = lazyre.compile(r"(?:readme(?:\.\w+)?|[^/]*\.sh|makefile|[^/]*\.mk|justfile|dockerfile(?:\.[\w.-]+)?"
                          r"|[^/]*\.dockerfile|tox\.ini|pyproject\.toml|\.gitlab-ci\.ya?ml)\Z", re.I)
WORKFLOW = lazyre.compile(r"(?:.*/)?\.github/workflows/[^/]+\.ya?ml\Z")
TOOLS = ("datamodel-codegen", "datamodel_code_generator", "openapi-generator", "swagger-codegen",
         "openapi-python-client", "openapi_python_client", "fastapi-codegen", "fastapi_code_generator")
# the commands whose --output path is what they write, by command name or by module (``python -m …``)
OUTPUT_PATH_TOOLS = {"datamodel-codegen", "datamodel_code_generator", "fastapi-codegen", "fastapi_code_generator"}
OPENAPI_GENERATORS = {"openapi-generator": "openapi", "openapi-generator-cli": "openapi",
                      "swagger-codegen": "swagger", "swagger-codegen-cli": "swagger"}
# OpenAPI Generator's and Swagger Codegen's Python client generators; every other python… generator is a server stub
PYTHON_CLIENTS = {"python", "python-pydantic-v1", "python-nextgen", "python-prior", "python-experimental"}
# what a generator's configuration file (YAML or JSON) says: OpenAPI Generator's generatorName and packageName
# (top level or under additionalProperties), openapi-python-client's package_name_override
CONFIG_KEY = r"""(?m)^[ \t{,]*["']?{key}["']?[ \t]*:[ \t]*["']?([A-Za-z_][\w.-]*)"""
GENERATOR_NAME = lazyre.compile(CONFIG_KEY.replace("{key}", "generatorName"))
PACKAGE_NAME = lazyre.compile(CONFIG_KEY.replace("{key}", "packageName"))
PACKAGE_OVERRIDE = lazyre.compile(CONFIG_KEY.replace("{key}", "package_name_override"))
Config = Callable[[str], "str | None"]


def _no_config(path: str) -> str | None:
    return None


def _top(package: str | None) -> set[str]:
    top = (package or "").partition(".")[0]
    return {top} if top.isidentifier() and top.isascii() else set()


def _tool(word: Word) -> str:
    """The tool a command word names: ``@datamodel-codegen`` (a Makefile's silent recipe line), a path, an npm
    package (``@openapitools/openapi-generator-cli``), an image (``openapitools/openapi-generator-cli:v7.4.0``) or a
    jar (``openapi-generator-cli.jar``) all name theirs by their last segment."""
    name = word.text.lstrip("@-+").rpartition("/")[2].partition(":")[0]
    return name[:-4] if name.endswith(".jar") else name


def _options(args: list[Word]) -> Iterable[tuple[str, str | None]]:
    """(option, value) for each option of ``args``: ``--opt=value``, ``--opt value``, ``-Dkey=value``; the value is
    None where it is an expansion the command line does not give."""
    i = 0
    while i < len(args):
        word = args[i]
        text = word.text
        value: Word | None = None
        if text.startswith("--") and "=" in text:
            option, _, rest = text.partition("=")
            yield option, None if word.dynamic else rest
        elif text.startswith("-D") and len(text) > 2:
            yield "-D", None if word.dynamic else text[2:]
        elif text.startswith("-"):
            if i + 1 < len(args) and not args[i + 1].text.startswith("-"):
                value = args[i + 1]
                i += 1
            yield text, None if value is None or value.dynamic else value.text
        i += 1


def path_modules(path: str) -> set[str]:
    """The module names an output path gives: each folder of a relative path and the file's or folder's own module
    (``src/gen/models.py``: src, gen, models); an absolute path's first folder (a container's mount point) is not one."""
    parts = path.rstrip("/").split("/")
    if path.startswith("/"):
        parts = parts[2:]
    parts = [p for p in parts if p not in ("", ".", "..")]
    if not parts:
        return set()
    last = parts[-1]
    if last.endswith(".py"):
        parts[-1] = last[:-3]
    elif "." in last:
        parts.pop()
    return {p for p in parts if p.isidentifier() and p.isascii()}


def _output_path(args: list[Word]) -> set[str]:
    out: set[str] = set()
    for option, value in _options(args):
        if option in ("--output", "-o") and value:
            out |= path_modules(value)
    return out


def _openapi_generator(args: list[Word], family: str, config: Config) -> set[str]:
    if not args or args[0].text != "generate":
        return set()
    generator: str | None = None
    package: str | None = None
    configured: str | None = None
    for option, value in _options(args[1:]):
        if option in ("-g", "--generator-name", "-l", "--lang"):
            generator = value
        elif option == "--package-name" and value:
            package = value
        elif option in ("-p", "--additional-properties", "-D") and value:
            for pair in value.split(","):
                key, _, named = pair.partition("=")
                if key.strip() == "packageName" and named.strip():
                    package = named.strip()
        elif option in ("-c", "--config") and value:
            configured = config(value)
    if configured:  # the configuration file's generatorName and packageName, where the command line gives none
        named_generator = GENERATOR_NAME.search(configured)
        named_package = PACKAGE_NAME.search(configured)
        generator = generator or (named_generator.group(1) if named_generator else None)
        package = package or (named_package.group(1) if named_package else None)
    return _generated_package(generator, package, family)


def _generated_package(generator: str | None, package: str | None, family: str) -> set[str]:
    """The top-level package a Python generator of OpenAPI Generator (``family`` openapi) or Swagger Codegen
    (swagger) writes: ``package``, else the generator's default; nothing for another language's generator."""
    if generator is None or not generator.startswith("python"):
        return set()
    return _top(package or f"{family}_{'client' if generator in PYTHON_CLIENTS else 'server'}")


def _openapi_python_client(args: list[Word], config: Config) -> set[str]:
    if not args or args[0].text not in ("generate", "update"):
        return set()
    options = list(_options(args[1:]))
    for option, value in options:  # a configuration's package_name_override names the package, with or without meta
        configured = config(value) if option == "--config" and value else None
        override = PACKAGE_OVERRIDE.search(configured) if configured else None
        if override:
            return _top(override.group(1))
    if ("--meta", "none") not in options:
        return set()
    out: set[str] = set()
    for option, value in options:
        if option == "--output-path" and value:
            out |= path_modules(value)
    return out


def command_modules(script: str, config: Config = _no_config) -> set[str]:
    """The Python modules the code-generator commands of shell text ``script`` write; ``config`` gives the text of
    a configuration file a command names (``-c FILE``), as the tree holds it."""
    out: set[str] = set()
    for words in split_commands(script):
        for i, word in enumerate(words):
            tool = _tool(word)  # the first word naming a generator starts its command (after a runner, `- run:`)
            if tool in OUTPUT_PATH_TOOLS:
                out |= _output_path(words[i + 1:])
            elif tool in OPENAPI_GENERATORS:
                out |= _openapi_generator(words[i + 1:], OPENAPI_GENERATORS[tool], config)
            elif tool in ("openapi-python-client", "openapi_python_client"):
                out |= _openapi_python_client(words[i + 1:], config)
            else:
                continue
            break
    return out


def _wrapper_configuration(text: str) -> set[str]:
    """The packages the Python generators of OpenAPI Generator's npm wrapper configuration (``openapitools.json``:
    ``generator-cli.generators.<name>`` with ``generatorName`` and ``additionalProperties.packageName``) write."""
    try:
        generators = json.loads(text).get("generator-cli", {}).get("generators", {})
    except (ValueError, AttributeError):
        return set()
    out: set[str] = set()
    for spec in generators.values() if isinstance(generators, dict) else ():
        if not isinstance(spec, dict):
            continue
        generator = spec.get("generatorName")
        properties = spec.get("additionalProperties")
        package = properties.get("packageName") if isinstance(properties, dict) else None
        out |= _generated_package(generator if isinstance(generator, str) else None,
                                  package if isinstance(package, str) else None, "openapi")
    return out


def _configured_output(text: str) -> set[str]:
    """The modules ``output`` of pyproject.toml's ``[tool.datamodel-codegen]`` names (what a bare
    ``datamodel-codegen`` run in that folder writes), and those of its named profiles and jobs
    (``[tool.datamodel-codegen.profiles.<name>]``, ``[tool.datamodel-codegen.jobs.<name>]``, run by ``--profile``,
    ``--job`` and ``--all-jobs``)."""
    from ...compat import tomllib  # here: a run that reads no pyproject.toml does not import it

    try:
        table = tomllib.loads(text).get("tool", {}).get("datamodel-codegen", {})
    except (tomllib.TOMLDecodeError, AttributeError):
        return set()
    if not isinstance(table, dict):
        return set()
    tables = [table]
    for group in ("profiles", "jobs"):
        named = table.get(group)
        tables += [t for t in named.values() if isinstance(t, dict)] if isinstance(named, dict) else []
    out: set[str] = set()
    for each in tables:
        output = each.get("output")
        out |= path_modules(output) if isinstance(output, str) else set()
    return out


def codegen_modules(files: Iterable[str], read: Callable[[str], str | None]) -> set[str]:
    """The modules the API code-generator commands of the tree's READMEs, scripts, build files and CI workflows
    write (:func:`command_modules`, a configuration file they name read where the tree holds it, from the
    document's folder or the tree's root), those ``[tool.datamodel-codegen]`` ``output`` names and those the Python
    generators of an ``openapitools.json`` write."""
    tree = set(files)
    out: set[str] = set()
    for rel in sorted(tree):
        folder, _, name = rel.rpartition("/")
        if name == "openapitools.json":
            text = read(rel)
            out |= _wrapper_configuration(text) if text else set()
            continue
        if not (DOCUMENT.match(name) or WORKFLOW.match(rel)):
            continue
        text = read(rel)
        if not text or not any(tool in text for tool in TOOLS):
            continue

        def config(path: str, folder: str = folder) -> str | None:
            """The configuration file a command names, from the document's folder, else from the tree's root (the
            scan lists no configuration format, so the file is read where the path puts it)."""
            if path.startswith("/"):
                return None
            for candidate in (posixpath.normpath(posixpath.join(folder, path)), posixpath.normpath(path)):
                text = None if candidate.startswith("..") else read(candidate)
                if text:
                    return text
            return None

        out |= command_modules(text, config)
        if name == "pyproject.toml" and "datamodel-codegen" in text:
            out |= _configured_output(text)
    return out
