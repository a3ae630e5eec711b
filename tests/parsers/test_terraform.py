"""Terraform configurations run shell (a probe of held-out set 267, infrastructure as code): local-exec commands,
remote-exec inline lists, machines' boot scripts (user_data, custom_data, GCE startup scripts) and
terraform-aws-modules/lambda's source_path ``commands`` were never read, so an install written there went unjudged.
The fixture fixtures/terraform/main.tf (written for this test) holds each shape, an invented zz-* name in each,
and the places that are no shell: comments, a python interpreter, cloud-config, a python boot script, a
container's argv."""

from __future__ import annotations

from pathlib import Path

from tests.ecosystems._fixtures import format_names, parse

MAIN = (Path(__file__).parent / "fixtures" / "terraform" / "main.tf").read_text(encoding="utf-8")


def test_the_shell_a_terraform_configuration_runs_is_read_where_it_is_written():
    mentions, problems = parse("terraform", MAIN, "infra/main.tf")
    assert [(m.key.ecosystem, m.key.name, m.location.line) for m in mentions] == [
        ("pypi", "zz-tf-local", 7),  # local-exec command, after a -r install with ${path.module}
        ("npm", "zz-tf-heredoc", 17),  # a heredoc command under a bash interpreter, its version a template
        ("pypi", "requests", 18),
        ("pypi", "flask", 28), ("pypi", "zz-tf-userdata", 28),  # user_data with #!/bin/bash and %{ for } directives
        ("pypi", "zz-tf-remote", 35),  # remote-exec inline list
        ("pypi", "zz-gcp-startup", 50),  # metadata_startup_script
        ("pypi", "zz-lambda-cmd", 73), ("pypi", "zz-lambda-multiline", 79),  # the lambda module's commands
        ("pypi", "zz-b64-heredoc", 85),  # a heredoc inside base64encode(
    ]
    assert problems == []
    by_name = {m.key.name: m for m in mentions}
    assert MAIN.split("\n")[6].index("zz-tf-local") + 1 == by_name["zz-tf-local"].location.column
    assert MAIN.split("\n")[72].index("zz-lambda-cmd") + 1 == by_name["zz-lambda-cmd"].location.column


def test_a_configuration_without_an_install_or_with_only_templates_names_nothing():
    plain = 'resource "null_resource" "x" {\n  provisioner "local-exec" {\n    command = "echo ${var.x}"\n  }\n}\n'
    templated = plain.replace("echo ${var.x}", "pip install ${var.package} $${EXTRA}")
    assert parse("terraform", plain, "main.tf") == ([], [])
    assert parse("terraform", templated, "main.tf") == ([], [])


def test_terraform_files_are_offered_to_the_reader():
    assert "terraform" in format_names("modules/web/main.tf")
    assert "terraform" not in format_names("main.tfvars")
