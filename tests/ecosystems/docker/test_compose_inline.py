"""compose ``build.dockerfile_inline``: the inline Dockerfile's FROM images (compose) and RUN install commands
(compose-dockerfile-inline), at their lines and columns in the compose file."""

from __future__ import annotations

from pathlib import Path

from depguard.parsers import Source, get_format

FIXTURE = Path(__file__).parent / "fixtures" / "compose-inline" / "compose.yaml"


def parse(fmt: str, text: str | None = None) -> tuple[list[tuple], list]:
    source = Source("compose.yaml", FIXTURE.read_text() if text is None else text, fs_path=FIXTURE, root=FIXTURE.parent)
    found = [(m.key.ecosystem, m.key.name, m.location.line, m.location.column) for m in get_format(fmt).parse(source)]
    return found, source.problems


def test_inline_dockerfile_images_are_the_compose_files():
    found, problems = parse("compose")
    assert found == [
        ("docker", "library/nginx", 19, 12),  # image: keys (acme/api beside build: is the tag of the built image)
        ("docker", "library/python", 8, 14),  # block scalar, dedented as YAML reads it; columns of the file
        ("docker", "ghcr.io/astral-sh/uv", 14, 21),  # COPY --from; the stage 'base' is the file's own
        ("docker", "library/node", 17, 31),  # a one-line quoted string
        ("docker", "library/alpine", 22, 10),  # an x- field shares service settings (anchors)
    ]
    assert problems == []


def test_inline_dockerfile_run_commands():
    found, problems = parse("compose-dockerfile-inline")
    assert found == [
        ("pypi", "gunicorn", 9, 40),
        ("pypi", "heredoc-inline", 11, 21),  # RUN <<EOF: the indented delimiter ends it once dedented
        ("npm", "pm2", 17, None),  # "…\nRUN npm install -g pm2" is on line 17; its column is not known
    ]
    assert problems == []


def test_dockerfile_inline_outside_services_and_in_no_compose_file_is_not_read():
    text = "configs:\n  x:\n    dockerfile_inline: |\n      RUN pip install nope\n"
    assert parse("compose-dockerfile-inline", text) == ([], [])
    assert parse("compose", text) == ([], [])


def test_a_dockerfile_inline_that_is_no_string_is_a_problem():
    found, problems = parse("compose-dockerfile-inline", "services:\n  a:\n    build:\n      dockerfile_inline: [1, 2\n")
    assert found == [] and [p.location.line for p in problems] == [4]
