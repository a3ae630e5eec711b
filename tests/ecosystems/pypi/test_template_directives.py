"""A project template's manifests with Jinja directive lines (cookiecutter/cookiecutter-django, set 20: web
application starters): a line that is only ``{% … %}``/``{# … #}`` is no requirement and no syntax of the file's
format, so it is no problem, and the requirements of every branch are read and judged; a compose service's
templated image tag beside its ``build:`` is the image Compose builds, not a reference to check."""

from __future__ import annotations

from depguard.parsers.template_directives import blank_directive_lines, is_directive_line
from tests.ecosystems.pypi.test_template_slots import scan, write

SLUG = "{{cookiecutter.project_slug}}"
COOKIECUTTER_DJANGO = {
    "cookiecutter.json": '{"project_slug": "my_project", "use_celery": "n", "use_docker": "n"}\n',
    f"{SLUG}/requirements/base.txt": (
        "python-slugify==8.0.4  # https://github.com/un33k/python-slugify\n"
        "Pillow==12.0.0  # https://github.com/python-pillow/Pillow\n"
        "{%- if cookiecutter.use_whitenoise == 'y' %}\n"
        "whitenoise==6.11.0  # https://github.com/evansd/whitenoise\n"
        "{%- endif %}\n"
        "redis==7.0.1  # https://github.com/redis/redis-py\n"
        '{%- if cookiecutter.use_celery == "y" %}\n'
        "celery==5.5.3  # pyup: < 6.0\n"
        "{%- elif cookiecutter.use_huey == 'y' %}  {# an alternative queue #}\n"
        "invented-queue-dep==1.0\n"
        "{%- endif %}\n"),
    f"{SLUG}/requirements/local.txt": (
        "-r base.txt\n\nWerkzeug[watchdog]==3.1.3 # https://github.com/pallets/werkzeug\n"
        '{%- if cookiecutter.use_docker == "y" %}\npsycopg[c]==3.2.12\n{%- else %}\npsycopg[binary]==3.2.12\n'
        "{%- endif %}\n"),
    f"{SLUG}/pyproject.toml": (
        '[project]\nname = "{{ cookiecutter.project_slug }}"\nversion = "{{ cookiecutter.version }}"\n'
        'requires-python = "==3.14.*"\ndependencies = [\n  {# set an initial indentation for uv to follow #}\n'
        '  "django",\n]\n\n[dependency-groups]\ndev = [\n  {# set an initial indentation #}\n  "pytest",\n]\n'),
    f"{SLUG}/.devcontainer/devcontainer.json": (
        '{\n    "name": "{{cookiecutter.project_slug}}_dev",\n    "dockerComposeFile": ["../docker-compose.local.yml"],\n'
        '    "service": "django",\n    "customizations": {\n        {%- if cookiecutter.editor == "VS Code" %}\n'
        '        "vscode": {"extensions": ["ms-python.python"]}\n        {%- endif %}\n    },\n'
        '    "postCreateCommand": "pip install invented-devcontainer-dep"\n}\n'),
    f"{SLUG}/docker-compose.local.yml": (
        "volumes:\n  {{ cookiecutter.project_slug }}_local_postgres_data: {}\n\nservices:\n"
        "  django:{% if cookiecutter.use_celery == 'y' %} &django{% endif %}\n    build:\n      context: .\n"
        "      dockerfile: ./compose/local/django/Dockerfile\n    image: {{ cookiecutter.project_slug }}_local_django\n"
        "    container_name: {{ cookiecutter.project_slug }}_local_django\n    command: /start\n\n"
        "  postgres:\n    build:\n      context: .\n      dockerfile: ./compose/production/postgres/Dockerfile\n"
        "    image: {{ cookiecutter.project_slug }}_production_postgres\n\n"
        "  mailpit:\n    image: docker.io/axllent/mailpit:latest\n\n"
        "  pulled:\n    image: {{ cookiecutter.registry }}/pulled:1.0\n"
        "  {%- if cookiecutter.use_celery == 'y' %}\n\n"
        "  celeryworker:\n    <<: *django\n    image: {{ cookiecutter.project_slug }}_local_celeryworker\n"
        "    command: /start-celeryworker\n  {%- endif %}\n"),
}

# what the template renders to (every project made from cookiecutter-django): the celery services merge in the
# django service's build and tag the image with their own name
RENDERED_COMPOSE = (
    "volumes:\n  my_project_local_postgres_data: {}\n\nservices:\n  django: &django\n    build:\n      context: .\n"
    "      dockerfile: ./compose/local/django/Dockerfile\n    image: my_project_local_django\n"
    "    container_name: my_project_local_django\n    command: /start\n\n"
    "  postgres:\n    image: docker.io/postgres:16\n\n"
    "  celeryworker:\n    <<: *django\n    image: my_project_local_celeryworker\n    command: /start-celeryworker\n\n"
    "  notbuilt: &plain\n    image: docker.io/redis:7.2\n\n"
    "  cache:\n    <<: *plain\n    image: my_project_pulled_cache\n")


def test_directive_lines_are_blanked_and_nothing_else():
    assert is_directive_line("{%- if cookiecutter.use_celery == \"y\" %}")
    assert is_directive_line("  {# set an initial indentation #}")
    assert is_directive_line("{%- elif x %}  {# why #}")
    assert not is_directive_line("{% if x %}pkg==1.0{% endif %}")  # text of its own: read (and a problem)
    assert not is_directive_line("pkg=={{ cookiecutter.version }}")
    assert blank_directive_lines("a\n{% if x %}\nb\n") == "a\n          \nb\n"  # offsets stay
    assert blank_directive_lines("a\nb\n") is None


def test_a_cookiecutter_templates_manifests_read_every_branch_with_no_problem(tmp_path):
    write(tmp_path, COOKIECUTTER_DJANGO)
    collected = scan(tmp_path)
    problems = [(p.location.path, p.location.line, p.message) for p in collected.problems]
    # the one image left is pulled from a registry the template fills in: still a problem, it cannot be checked
    assert problems == [(f"{SLUG}/docker-compose.local.yml", 23,
                         "image '{{ cookiecutter.registry }}/pulled:1.0' is a template; not checked")]
    got = {(m.location.path, m.written, m.location.line) for m in collected.mentions}
    base, local = f"{SLUG}/requirements/base.txt", f"{SLUG}/requirements/local.txt"
    for name, line in (("python-slugify", 1), ("Pillow", 2), ("whitenoise", 4), ("redis", 6), ("celery", 8),
                       ("invented-queue-dep", 10)):
        assert (base, name, line) in got
    assert (local, "Werkzeug", 3) in got and (local, "psycopg", 5) in got and (local, "psycopg", 7) in got
    assert (f"{SLUG}/pyproject.toml", "django", 7) in got and (f"{SLUG}/pyproject.toml", "pytest", 13) in got
    assert (f"{SLUG}/.devcontainer/devcontainer.json", "invented-devcontainer-dep", 10) in got
    images = {m.written for m in collected.mentions if m.key.ecosystem == "docker"}
    assert images == {"docker.io/axllent/mailpit:latest"}


def test_a_service_merging_a_built_service_tags_the_image_compose_builds(tmp_path):
    write(tmp_path, {"docker-compose.local.yml": RENDERED_COMPOSE})
    collected = scan(tmp_path)
    assert [p.message for p in collected.problems] == []
    images = {m.written for m in collected.mentions if m.key.ecosystem == "docker"}
    # a merge of a mapping with no build: pulls its image, judged
    assert images == {"docker.io/postgres:16", "docker.io/redis:7.2", "my_project_pulled_cache"}


# cookiecutter-flask (held-out set 91: full-stack starters): the template's Pipfile wraps its [requires] table in a
# Jinja if, on lines of their own; rendered, it is a Pipfile with or without that table
COOKIECUTTER_FLASK_PIPFILE = {
    "cookiecutter.json": '{"app_name": "my_flask_app", "use_pipenv": "False", "python_version": "3.12"}\n',
    "{{cookiecutter.app_name}}/Pipfile": (
        '[[source]]\nurl = "https://pypi.python.org/simple"\nverify_ssl = true\nname = "pypi"\n\n'
        '[packages]\n# Flask\nclick = ">=7.0"\nFlask = "==3.0.2"\n\n[dev-packages]\n# Testing\n'
        'factory-boy = "==3.3.0"\ninvented-flask-testing-dep = "==1.0"\n\n'
        '{% if cookiecutter.use_pipenv == "True" and  cookiecutter.python_version is defined and '
        'cookiecutter.python_version | trim -%}\n[requires]\npython_version = "{{ cookiecutter.python_version | trim }}"\n'
        "{% endif -%}\n"),
}


def test_a_templates_pipfile_is_read_as_the_toml_it_renders_to(tmp_path):
    from tests.ecosystems.pypi.test_template_slots import placed

    got = placed(tmp_path, COOKIECUTTER_FLASK_PIPFILE)
    pipfile = "{{cookiecutter.app_name}}/Pipfile"
    assert {(name, line) for path, name, line in got if path == pipfile} == {
        ("click", 8), ("Flask", 9), ("factory-boy", 13), ("invented-flask-testing-dep", 14)}


def test_whitespace_control_on_a_long_run_is_linear_and_trims_it_whole():
    # r22 finding 11: a bounded run tried at every character of a long whitespace run was O(length x 2000)
    from depguard.parsers.template_directives import trimmed

    assert trimmed("a = 1  \n  {%- if x -%}  \n b") == "a = 1{%- if x -%}b"
    assert trimmed("{% if x %}" + " " * 1_000_000 + "a") == "{% if x %}" + " " * 1_000_000 + "a"
    assert trimmed("x" + " \n" * 5_000 + "{%- endif -%}" + "\t\n" * 5_000 + "y") == "x{%- endif -%}y"
