"""A fenced block indented in its document (a step of a numbered list: teslamate's Docker install guide writes its
``docker-compose.yml`` three spaces in) is read without that indentation, as Markdown renders it: the compose
file's ``services:`` is top-level again, so its images are read; every mention keeps its written column."""

from __future__ import annotations

from depguard.parsers import Source, get_format

GUIDE = """\
## Instructions

1. Create a file called `docker-compose.yml` with the following content:

   ```yml title="docker-compose.yml"
   services:
     teslamate:
       image: teslamate/teslamate:latest
       restart: always
     database:
       image: postgres:18-trixie
   ```

2. Install the helper:

   ```bash
   pip install requests-toolbelt
   ```

> ```yaml
> services:
>   cache:
>     image: redis:7
> ```
"""


def test_an_indented_compose_block_is_read_with_its_written_columns():
    source = Source(path="website/docs/installation/docker.md", text=GUIDE)
    found = [(m.key.ecosystem, m.key.name, m.location.line, m.location.column)
             for m in get_format("markdown").parse(source)]
    assert found == [
        ("docker", "teslamate/teslamate", 8, 15),
        ("docker", "library/postgres", 11, 15),
        ("pypi", "requests-toolbelt", 17, 16),
        ("docker", "library/redis", 23, 14),
    ]
    assert not source.problems
