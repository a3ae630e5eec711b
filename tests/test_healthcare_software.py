"""Healthcare and FHIR software (held-out set 109: OpenMRS 3, fhir.resources, pydicom, Open Healthcare Network's
CARE and others): Django add-ons whose module drops the distribution's name are judged as their distribution, and a
docs command whose option lacks its value is read as its writer meant; an invented name in the same place is still
judged as its own name."""

from __future__ import annotations

from depguard.model import Origin
from tests.trees import found, judged, scan, write


def test_django_add_ons_imported_by_their_module_names(tmp_path):
    # CARE's care/facility/admin.py imports djqscsv (its Pipfile: django-queryset-csv); a management command imports
    # phonenumber_field, old migrations fernet_fields and partial_index: each a module of a django- distribution
    write(tmp_path, {
        "Pipfile": '[packages]\ndjango = "*"\ndjango-queryset-csv = "==1.1.0"\n',
        "care/facility/admin.py": "from django.contrib import admin\nfrom djqscsv import render_to_csv_response\n",
        "care/facility/management/commands/clean.py": "from phonenumber_field.serializerfields import PhoneNumberField\n",
        "care/facility/migrations_old/0044_auto.py": "import fernet_fields.fields\nimport partial_index\n",
        "care/facility/views.py": "from djqscsv_streaming import stream\n",  # invented: judged as its own name
    })
    assert {name for _path, name in found(tmp_path, Origin.IMPORT)} == {
        "django", "django-queryset-csv", "django-phonenumber-field", "django-fernet-fields", "django-partial-index",
        "djqscsv-streaming"}


def test_a_contributing_guides_option_missing_its_value(tmp_path):
    # pydicom's CONTRIBUTING.md: `pip install -e --group docs` (pip takes "--group" for the editable path and
    # refuses it; the writer meant the dependency group docs): docs is no package; a name after it still is one
    write(tmp_path, {"CONTRIBUTING.md": "Install the docs dependencies::\n\n    ```bash\n    $ pip install -e --group docs\n"
                                        "    $ pip install -e --group docs sphinx-invented-themez\n    ```\n"})
    assert [name for _path, name in found(tmp_path, Origin.COMMAND)] == ["sphinx-invented-themez"]


# mailcow-dockerized's data/Dockerfiles/netfilter: the image copies modules/ and installs the system's nftables binding
NETFILTER_DOCKERFILE = ("FROM alpine:3.23\nWORKDIR /app\nRUN apk add --virtual .build-deps gcc python3-dev \\\n"
                        "&& apk add -U python3 iptables nftables py3-pip py3-nftables \\\n"
                        "&& pip3 install --ignore-installed python-iptables redis\nCOPY modules /app/modules\n"
                        "COPY main.py /app/\n")


def test_a_system_binding_the_image_holding_the_file_installs(tmp_path):
    write(tmp_path, {
        "data/Dockerfiles/netfilter/Dockerfile": NETFILTER_DOCKERFILE,
        "data/Dockerfiles/netfilter/main.py": "from modules.NFTables import NFTables\n",
        "data/Dockerfiles/netfilter/modules/__init__.py": "",
        "data/Dockerfiles/netfilter/modules/NFTables.py": "import nftables\nimport nftables_helperz\n",
        "data/Dockerfiles/netfilter/modules/IPTables.py": "import iptc\n",
        # a file the image does not hold: its import of the same name stays judged
        "tools/check.py": "import nftables\n",
    })
    by = {(m.location.path, m.key.name): (m.example is not None) for m in scan(tmp_path).mentions
          if m.origin is Origin.IMPORT}
    assert by == {
        ("data/Dockerfiles/netfilter/modules/NFTables.py", "nftables"): True,  # a note: the system's binding
        ("data/Dockerfiles/netfilter/modules/NFTables.py", "nftables-helperz"): False,  # invented: judged
        ("data/Dockerfiles/netfilter/modules/IPTables.py", "python-iptables"): False,  # judged as its distribution
        ("tools/check.py", "nftables"): False,
    }
    report = judged(tmp_path, existing={"python-iptables"})
    verdicts = {(f.mention.location.path, f.mention.key.name): f.verdict.value for f in report.findings}
    assert verdicts[("data/Dockerfiles/netfilter/modules/NFTables.py", "nftables-helperz")] == "missing"
    assert verdicts[("data/Dockerfiles/netfilter/modules/IPTables.py", "python-iptables")] == "ok"
    assert verdicts[("tools/check.py", "nftables")] == "missing"
    assert verdicts.get(("data/Dockerfiles/netfilter/modules/NFTables.py", "nftables")) != "missing"


def test_a_system_tool_without_a_python_affix_is_no_binding(tmp_path):
    # `apk add nftables` installs the command-line tool: an import of nftables beside it stays judged
    write(tmp_path, {
        "img/Dockerfile": "FROM alpine\nRUN apk add nftables\nCOPY app /app\n",
        "img/app/run.py": "import nftables\n",
    })
    assert [m.example for m in scan(tmp_path).mentions if m.key.name == "nftables"] == [None]


def test_a_system_binding_is_not_checked_and_interpreter_packages_name_no_module(tmp_path):
    # r23 #9: depguard asks no distribution's index, so an apt package of the import's name makes it not checked,
    # never a pass or a note; python3-dev (headers) names no module dev
    write(tmp_path, {
        "Dockerfile": "FROM debian\nRUN apt-get install -y python3 python3-pip python3-dev python3-fastapi-authz\n"
                      "COPY . /app\n",
        "app/main.py": "import fastapi_authz\nimport dev\n",
    })
    examples = {m.key.name: m.example for m in scan(tmp_path).mentions}
    assert examples["dev"] is None
    assert examples["fastapi-authz"] is not None and examples["fastapi-authz"].unchecked
    verdicts = {f.mention.key.name: f.verdict.value for f in judged(tmp_path, existing=set()).findings
                if f.mention.key.ecosystem == "pypi"}
    assert verdicts == {"fastapi-authz": "not-checked", "dev": "missing"}
