"""The modules an API code generator the tree runs writes are the tree's own (pypi/codegen_outputs.py).

A project that generates its Pydantic models or its Python client from an OpenAPI or JSON Schema document at build
time keeps the generated files out of git and imports them: the command that writes them, in a Makefile, a shell
script, a CI workflow, a Dockerfile, a README or ``[tool.datamodel-codegen]``, is the evidence. Still judged: an
import no command writes, a generator writing another language, an output the command does not name.
"""

from __future__ import annotations

from pathlib import Path

from depguard.ecosystems.pypi.codegen_outputs import codegen_modules, command_modules
from depguard.model import Origin
from tests.trees import found, write


def imports(root: Path) -> set[tuple[str, str]]:
    return found(root, Origin.IMPORT)


def test_modules_the_trees_datamodel_codegen_and_openapi_generator_commands_write_are_its_own(tmp_path):
    write(tmp_path, {
        "Makefile": "models:\n\t@datamodel-codegen --input schemas/pet.yaml --input-file-type openapi \\\n"
                    "\t\t--output pet_models.py --output-model-type pydantic_v2.BaseModel\n"
                    "client:\n\topenapi-generator-cli generate -i openapi.yaml -g python -o clients/python "
                    "--additional-properties=packageName=acme_billing_client,projectName=acme-billing\n",
        "scripts/generate.sh": "#!/bin/sh\nset -e\n"
                               "openapi-python-client generate --path openapi.json --meta none "
                               "--output-path acme_inventory_client --overwrite\n"
                               "poetry run datamodel-codegen --input schemas/order.json --output=sh_models.py\n",
        ".github/workflows/ci.yml": "on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n"
                                    "      - run: pip install datamodel-code-generator\n"
                                    "      - run: datamodel-codegen --input schemas/ci.json --output ci_models.py\n",
        "Dockerfile": "FROM python:3.12-slim\nRUN mkdir brefv && \\\n    datamodel-codegen --input spec/messages "
                      "--input-file-type jsonschema --output brefv/messages\n",
        "pyproject.toml": "[project]\nname = \"acme-service\"\nversion = \"0.1.0\"\ndependencies = [\"pydantic\"]\n\n"
                          "[tool.datamodel-codegen]\ninput = \"schemas/user.yaml\"\noutput = \"user_models.py\"\n",
        "app.py": "import pet_models\nimport acme_billing_client\nfrom acme_inventory_client import Client\n"
                  "import sh_models\nimport ci_models\nfrom brefv.messages import Envelope\nfrom user_models import User\n"
                  "import pydantic\n",
    })
    assert imports(tmp_path) == {("app.py", "pydantic")}


def test_an_import_no_generator_command_writes_is_still_judged(tmp_path):
    # the same kinds of evidence, none of which writes the imported module: a generator of another language
    # (a Go client's packageName), a command in prose only, openapi-python-client without --meta none (its
    # package is named after the document's title, which the command does not say), a dynamic output
    write(tmp_path, {
        "Makefile": "client:\n\topenapi-generator-cli generate -i openapi.yaml -g go -o pkg "
                    "--additional-properties=packageName=acme_go_client\n"
                    "py:\n\topenapi-python-client generate --path openapi.json --output-path acme_meta_client\n"
                    "dyn:\n\tdatamodel-codegen --input x.json --output $(OUT)\n",
        "README.md": "Run datamodel-codegen and write prose_models.py by hand.\n",
        "app.py": "import acme_go_client\nimport acme_meta_client\nimport prose_models\nimport pet_modelz_invented\n",
    })
    assert imports(tmp_path) == {("app.py", "acme-go-client"), ("app.py", "acme-meta-client"),
                                 ("app.py", "prose-models"), ("app.py", "pet-modelz-invented")}


def test_generator_options_each_name_the_module_written():
    # every folder of the output path may be where an import starts (the file's own folder, a root above it)
    assert command_modules("datamodel-codegen --input a.json --output src/gen/models.py") == {"src", "gen", "models"}
    assert command_modules("datamodel-codegen --input a.json --output /local/gen/models.py") == {"gen", "models"}
    assert command_modules("npx @openapitools/openapi-generator-cli generate -g python-fastapi -i a.yaml "
                           "--package-name acme.api") == {"acme"}
    assert command_modules("java -jar openapi-generator-cli.jar generate -g python -i a.yaml -o out") == {"openapi_client"}
    assert command_modules("docker run --rm -v $PWD:/local openapitools/openapi-generator-cli:v7.4.0 generate "
                           "-i /local/a.yaml -g python -p packageName=polaris_client -o /local/out") == {"polaris_client"}
    assert command_modules("swagger-codegen generate -l python -i a.yaml -DpackageName=petstore_api") == {"petstore_api"}
    assert command_modules("swagger-codegen generate -l python -i a.yaml -o out") == {"swagger_client"}
    assert command_modules("openapi-generator-cli generate -g typescript-axios -i a.yaml "
                           "--additional-properties=npmName=acme_ts") == set()
    assert command_modules("openapi-generator-cli generate -i a.yaml -c config.yaml") == set()  # generator unknown
    assert command_modules("openapi-python-client generate --url https://x/openapi.json --meta=none "
                           "--output-path ./clients/acme_client/") == {"clients", "acme_client"}
    assert command_modules("pip install datamodel-code-generator && echo --output fake_models.py") == set()


def test_only_the_trees_build_files_and_readmes_are_read(tmp_path):
    files = {"docs/guide.txt": "datamodel-codegen --input a.json --output guide_models.py\n",
             "tools/gen.sh": "datamodel-codegen --input a.json --output tool_models.py\n"}
    write(tmp_path, files)
    assert codegen_modules(files, lambda rel: (tmp_path / rel).read_text()) == {"tool_models"}


def test_a_generators_configuration_file_names_the_package_it_writes(tmp_path):
    # OpenAPI Generator's npm wrapper reads openapitools.json (generator-cli.generators.*: generatorName,
    # additionalProperties.packageName); `-c FILE` gives openapi-generator its packageName, `--config FILE`
    # openapi-python-client its package_name_override; fastapi-code-generator's `--output` and
    # `python -m datamodel_code_generator` write as the commands do. A configuration for Go, a configuration file the
    # tree does not hold and an invented import stay judged
    write(tmp_path, {
        "openapitools.json": '{"generator-cli": {"version": "7.4.0", "generators": {'
                             '"py": {"generatorName": "python", "inputSpec": "a.yaml", "output": "#{cwd}/out/py",'
                             ' "additionalProperties": {"packageName": "acme_tools_client"}},'
                             ' "go": {"generatorName": "go", "additionalProperties": {"packageName": "acme_go"}}}}}',
        "clients/python.yaml": "generatorName: python\nadditionalProperties:\n  packageName: acme_config_client\n",
        "clients/opc.yml": "project_name_override: acme-opc\npackage_name_override: acme_opc_client\n",
        "clients/generate.sh": "openapi-generator-cli generate -i ../openapi.yaml -c python.yaml -o py\n"
                               "openapi-python-client generate --path ../openapi.json --config opc.yml\n"
                               "openapi-generator-cli generate -i ../openapi.yaml -c absent.yaml -o absent\n"
                               "fastapi-codegen --input ../openapi.yaml --output fastapi_app\n"
                               "python -m datamodel_code_generator --input ../a.json --output m_models.py\n",
        "app.py": "import acme_tools_client\nimport acme_config_client\nimport acme_opc_client\nimport fastapi_app.main\n"
                  "import m_models\nimport acme_go\nimport acme_absent_client\n",
    })
    # since 0fadbbae the module `python -m` runs is judged as an import where the command is: the generator itself
    assert imports(tmp_path) == {("app.py", "acme-go"), ("app.py", "acme-absent-client"),
                                 ("clients/generate.sh", "datamodel-code-generator")}


def test_datamodel_codegens_named_profiles_and_jobs_in_pyproject_name_their_outputs(tmp_path):
    # datamodel-code-generator's docs (pyproject_toml.md, ci-cd.md): [tool.datamodel-codegen.profiles.<name>] and
    # [tool.datamodel-codegen.jobs.<name>] each give an input and an output, run by `--profile`/`--job`/`--all-jobs`
    files = {"pyproject.toml": "[tool.datamodel-codegen]\nuse-annotated = true\n\n"
                               "[tool.datamodel-codegen.profiles.api]\ninput = \"api.yaml\"\noutput = \"api_models.py\"\n\n"
                               "[tool.datamodel-codegen.jobs.db]\ninput = \"db.json\"\noutput = \"gen/db_models.py\"\n\n"
                               "[tool.other.profiles.x]\noutput = \"other_models.py\"\n"}
    write(tmp_path, files)
    assert codegen_modules(files, lambda rel: (tmp_path / rel).read_text()) == {"api_models", "gen", "db_models"}
