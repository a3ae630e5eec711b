"""Container images a GitHub workflow runs: ``container: node:20`` (or its ``image:``), ``services:`` images,
and ``uses: docker://alpine:3.20`` steps (an image taken from the job's build matrix, ``image: ${{ matrix.image }}``,
is each value the matrix gives it, at the line where that value is written; a matrix key named ``image`` that nothing
in the workflow reads is no image; an expression such as ``${{
inputs.use-redis && 'redis:8-alpine' || '' }}`` is each string it can give), and a Docker action's ``runs.image``
in ``action.yml`` (``docker://ref`` is that image; ``image: Dockerfile`` is built from the action's own folder, no
image to pull). An image given by the workflow's or its job's ``env:`` (``image: ${{ env.REGISTRY_IMAGE }}``) is
that value; the workflow's own repository's package on ghcr.io (``ghcr.io/${{ github.repository }}``) is not read.
A job's ``outputs:`` (``image: ${{ steps.x.outputs.image }}``) are strings handed to other jobs, no container, and an
``image:`` input handed to a local action or reusable workflow (``uses: ./…``) is what that file makes of it: an image
only where the file (or one it hands the input on to) pulls or runs it.
A hallucinated image runs with the workflow's token like a hallucinated action does. Names are
Docker Hub references unless they carry a registry host.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Generator, Iterator
from pathlib import PurePosixPath

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format, rendered_path
from ...parsers._util import find_line, load_yaml
from ._image_lines import IMAGE, image_mentions
from ._refs import split_image

PARSER = "workflow-images"
ACTION_FILES = ("action.yml", "action.yaml")
ACTION_IMAGE = re.compile(r"""^(?P<key>\s*image\s*:\s*)(?P<q>["']?)(?P<value>[^\s"'#]+)(?P=q)""")


def _action_image(m: re.Match[str]) -> str:
    """``image: docker://alpine:3`` as ``image: alpine:3`` (columns kept); a Dockerfile path as no image."""
    value = m.group("value")
    if value.startswith("docker://"):
        return m.group("key") + " " * 9 + m.group("q") + value[9:] + m.group("q")
    return " " * len(m.group(0))
# `container: docker://ghcr.io/iterative/cml:latest`, `image: docker://projectmonai/monai:latest`: the runner takes the
# image of a job or service container with or without the docker:// of a `uses:` step (CML's documented workflow)
WORKFLOW_DOCKER_SCHEME = re.compile(r"""^(?P<key>\s*(?:-\s+)?(?:image|container)\s*:\s*)(?P<q>["']?)docker://""")


def _without_scheme(m: re.Match[str]) -> str:
    """``image: docker://alpine:3`` as ``image:          alpine:3``: the name keeps its column."""
    return m.group("key") + " " * 9 + m.group("q")


# `image: ${{ matrix.settings.docker }}` / `container: ${{ matrix.image }}`: the image is one of the matrix's values
MATRIX_IMAGE = re.compile(r"""^(?P<key>\s*(?:-\s+)?(?:image|container)\s*:\s*)(?P<q>["']?)\$\{\{\s*matrix\."""
                          r"""(?P<path>[\w-]+(?:\.[\w-]+)*)\s*\}\}(?P=q)\s*(?:#.*)?$""")


def _matrix_values(data: object, path: list[str], job_id: str | None) -> list[str] | None:
    """Every value ``matrix.<path>`` takes in job ``job_id`` (every job's when None): a list under ``path[0]``, each
    item read down the rest of the path, and the ``include`` entries; None when one of them is not a plain string
    (a nested expression): then the image stays unchecked."""
    jobs = data.get("jobs") if isinstance(data, dict) else None
    found: list[str] = []
    if not isinstance(jobs, dict):
        return found
    for job in (jobs.values() if job_id is None else [jobs.get(job_id)]):
        strategy = job.get("strategy") if isinstance(job, dict) else None
        matrix = strategy.get("matrix") if isinstance(strategy, dict) else None
        if not isinstance(matrix, dict):
            continue
        items = matrix.get(path[0])
        rows = list(items) if isinstance(items, list) else []
        include = matrix.get("include")
        rows += [row.get(path[0]) for row in include if isinstance(row, dict)] if isinstance(include, list) else []
        for value in rows:
            for key in path[1:]:
                value = value.get(key) if isinstance(value, dict) else None
            if value is None:
                continue  # a row without this key (a build without a container): no image
            if not isinstance(value, str) or "${{" in value:
                return None
            found.append(value)
    return found


def _matrix_images(source: Source, lines: list[str]) -> Generator[Mention, None, list[str]]:
    """The images a workflow's ``image:``/``container:`` take from its build matrix, each at the line of the matrix
    where it is written; returns the lines with those references blanked (they are read, not templates left)."""
    refs = {no: m for no, line in enumerate(lines, 1) if (m := MATRIX_IMAGE.match(line))}
    if not refs:
        return lines
    try:
        data = load_yaml(source.text)
    except (ParseError, ValueError, RecursionError):
        return lines
    start = next((no for no, line in enumerate(lines, 1) if MATRIX_KEY.match(line)), 1)
    jobs = _job_lines(lines)
    firsts = [first for first, _ in jobs]
    out = list(lines)
    seen: set[str] = set()
    read: dict[tuple[str, str | None], list[str] | None] = {}
    for no, m in refs.items():
        # the job holding the reference, and the line its successor starts at: the job's values are looked for there,
        # not to the file's end (a workflow of many jobs, each with its matrix image, was quadratic: l39)
        k = bisect_left(firsts, no) - 1
        first, job_id = jobs[k] if k >= 0 else (start, None)
        stop = firsts[k + 1] if 0 <= k < len(firsts) - 1 else None
        key = (m.group("path"), job_id)
        if key not in read:
            read[key] = _matrix_values(data, m.group("path").split("."), job_id)
        values = read[key]
        if not values:
            continue
        out[no - 1] = ""
        for ref in values:
            found = split_image(ref)
            if ref in seen or found is None:
                continue
            seen.add(ref)
            line, col = find_line(lines, ref, first, stop=stop)
            held = IMAGE.match(lines[line - 1]) if line is not None else None
            if line is not None and held is not None:
                if not held.group("value").startswith("["):
                    continue  # a matrix key named image (`- image: debian:12`): read as an image: line already
                # a flow list (`image: [debian:12, alpine:3]`) is no image: line's one value; its items are read here
                out[line - 1] = ""
            if line is None:
                line, col = no, m.end("key") + 1
            yield source.mention("docker", ref, line, col, Origin.MANIFEST, PARSER, spec=found[1], name=found[0],
                                 note=f"matrix.{m.group('path')}")
    return out


# `image: ${{ inputs.use-redis && 'redis:8-alpine' || '' }}`: a whole value that is one expression
EXPRESSION_IMAGE = re.compile(r"""^(?P<key>\s*(?:-\s+)?(?:image|container)\s*:\s*)(?P<q>["']?)\$\{\{(?P<expr>.*?)\}\}(?P=q)"""
                              r"""\s*(?:#.*)?$""")
EXPR_TOKEN = re.compile(r"""\s*(?:(?P<str>'(?:[^']|'')*')|(?P<op>&&|\|\||==|!=|<=|>=|[<>!()])"""
                        r"""|(?P<call>[A-Za-z_][\w-]*\s*\()|(?P<word>[A-Za-z_0-9][\w.*\[\]-]*))""")
_TRUTHY, _FALSY, _UNKNOWN = "truthy", "falsy", "unknown"  # results that are no string written in the expression


def expression_results(expr: str) -> tuple[dict[str, int], bool] | None:
    """What a GitHub Actions expression can evaluate to, as far as its own text says: ({string literal: its
    offset in ``expr``}, whether a value of a context it names, unknown here, can be the result too), or None
    when the expression is beyond this reading (a function call, a syntax it does not know). ``&&`` gives its
    left operand when that is falsy, else its right one; ``||`` its left when truthy, else its right; so the
    ternary idiom ``inputs.use-redis && 'redis:8-alpine' || ''`` gives ``'redis:8-alpine'`` or ``''``, never
    the input's value, and a comparison gives a boolean."""
    tokens: list[tuple[str, str, int]] = []
    at = 0
    while at < len(expr):
        m = EXPR_TOKEN.match(expr, at)
        if m is None or m.group("call"):
            return None
        kind = next(k for k in ("str", "op", "word") if m.group(k) is not None)
        tokens.append((kind, m.group(kind), m.start(kind)))
        at = m.end()
        if not expr[at:].strip():
            break
    pos = 0

    def peek() -> str | None:
        return tokens[pos][1] if pos < len(tokens) and tokens[pos][0] == "op" else None

    def binary(ops: tuple[str, ...], operand):
        nonlocal pos
        left = operand()
        while (op := peek()) in ops:
            pos += 1
            right = operand()
            left = _combine(op, left, right)
        return left

    def unary() -> set:
        nonlocal pos
        if pos >= len(tokens):
            raise ValueError("an operand is missing")
        kind, text, offset = tokens[pos]
        pos += 1
        if kind == "op" and text == "!":
            unary()
            return {_TRUTHY, _FALSY}
        if kind == "op" and text == "(":
            inner = binary(("||",), lambda: binary(("&&",), lambda: binary(("==", "!=", "<", ">", "<=", ">="), unary)))
            if peek() != ")":
                raise ValueError("an unclosed parenthesis")
            pos += 1
            return inner
        if kind == "str":
            return {(text[1:-1].replace("''", "'"), offset + 1)}
        if kind == "word":
            low = text.lower()
            if low in ("false", "null") or re.fullmatch(r"0+(?:\.0*)?", low):
                return {_FALSY}
            if low == "true" or low[:1].isdigit():
                return {_TRUTHY}
            return {_UNKNOWN}  # a context's value: inputs.x, env.X, github.event_name
        raise ValueError(f"unexpected {text!r}")

    try:
        results = binary(("||",), lambda: binary(("&&",), lambda: binary(("==", "!=", "<", ">", "<=", ">="), unary)))
    except ValueError:
        return None
    if pos != len(tokens):
        return None
    strings = {r[0]: r[1] for r in sorted(results, key=lambda r: r[1] if isinstance(r, tuple) else -1)
               if isinstance(r, tuple)}
    return strings, _UNKNOWN in results


def _combine(op: str, left: set, right: set) -> set:
    """The results of ``left op right`` from those of its operands (a comparison gives a boolean)."""
    def truthy(r) -> bool:
        return r in (_TRUTHY, _UNKNOWN) or (isinstance(r, tuple) and r[0] != "")

    def falsy(r) -> bool:
        return r in (_FALSY, _UNKNOWN) or (isinstance(r, tuple) and r[0] == "")

    if op == "&&":  # a falsy left operand is the result: an unknown one is then null, '', false or 0: no string
        return {(_FALSY if r == _UNKNOWN else r) for r in left if falsy(r)} | (right if any(map(truthy, left)) else set())
    if op == "||":
        return {r for r in left if truthy(r)} | (right if any(map(falsy, left)) else set())
    return {_TRUTHY, _FALSY}


def _expression_images(source: Source, lines: list[str]) -> Generator[Mention, None, list[str]]:
    """The images an ``image:``/``container:`` expression can only give (:func:`expression_results`), each at its
    column; returns the lines with such values blanked when nothing unknown can be the image (a value from a
    context, ``inputs.image || 'redis:7'``, leaves the line reported as a template)."""
    out = list(lines)
    for no, line in enumerate(lines, 1):
        m = EXPRESSION_IMAGE.match(line) if "${{" in line else None
        found = expression_results(m.group("expr")) if m else None
        if m is None or found is None:
            continue
        strings, unknown = found
        if not unknown:
            out[no - 1] = ""
        for ref, offset in strings.items():
            image = split_image(ref) if ref else None
            if image is not None:
                yield source.mention("docker", ref, no, m.start("expr") + offset + 1, Origin.MANIFEST, PARSER,
                                     spec=image[1], name=image[0])
    return out


MATRIX_KEY = re.compile(r"^\s*matrix\s*:")
MATRIX_BLOCK = re.compile(r"^(?P<indent>\s*)matrix\s*:\s*(?:#.*)?$")
MATRIX_IMAGE_USED = re.compile(r"\bmatrix\.image\b")  # anywhere: a container, a service, `docker run ${{ matrix.image }}`
# `matrix.container` anywhere but a `name:` line (qiling's build-ci.yml names its jobs `… ${{ matrix.container }}`)
MATRIX_CONTAINER_USED = re.compile(r"^(?![ \t]*(?:-[ \t]+)?name[ \t]*:).*\bmatrix\.container\b", re.M)


# a step or job that calls a file of this tree: a local action (``uses: ./.github/actions/load-image``) or reusable
# workflow (``uses: ./.github/workflows/docker-build-test-upload.yml``)
LOCAL_USES = re.compile(r"""^(?P<lead>\s*(?:-\s+)?)uses\s*:\s*(?P<q>["']?)(?P<path>\./[^\s"'#]+)(?P=q)\s*(?:#.*)?$""")
WITH_KEY = re.compile(r"^(?P<indent>\s*)with\s*:\s*(?:#.*)?$")


def _pulls_input(text: str, key: str) -> bool:
    """Whether a called action or workflow (``text``) runs or pulls the image its input ``key`` names: as a
    ``container:``/``image:`` value, a ``docker://`` step, or the image of a ``docker run|pull|create``."""
    ref = r"\$\{\{\s*inputs\.%s\s*\}\}" % re.escape(key)
    if re.search(r"(?:(?:container|image)\s*:\s*[\"']?|docker://)%s|\bdocker\s+(?:container\s+|image\s+)?"
                 r"(?:run|pull|create)\b[^\n]*?%s" % (ref, ref), text) is not None:
        return True
    # ... or through an environment variable set to it (``env: IMAGE: ${{ inputs.image }}`` then ``docker pull
    # "$IMAGE"``: GitHub's hardening guide has a script take its inputs so; reviewer r32)
    names = {m.group(1) for m in re.finditer(r"(?m)^\s*(?:-\s+)?(?:export\s+)?([A-Za-z_]\w*)\s*[:=]\s*[\"']?%s" % ref,
                                             text)}
    if not names:
        return False
    used = {v.group(1) for run in DOCKER_RUN.finditer(text) for v in SHELL_VARIABLE.finditer(run.group(0))}
    return not names.isdisjoint(used)


# the rest of a docker command line that runs or pulls an image, and the variables it expands
DOCKER_RUN = re.compile(r"\bdocker\s+(?:container\s+|image\s+)?(?:run|pull|create)\b[^\n]*")
SHELL_VARIABLE = re.compile(r"\$\{?([A-Za-z_]\w*)")


def _called_text(source: Source, path: str) -> str | None:
    """The text of the action or workflow a ``uses: ./path`` calls (the repository's root is the scan root), through
    the parse's view; None when it cannot be read."""
    from ...parsers._util import read_small

    if source.root is None:
        return None
    target = source.root / path
    if path.endswith((".yml", ".yaml")):
        return read_small(target, source.max_related_bytes)
    for name in ACTION_FILES:
        text = read_small(target / name, source.max_related_bytes)
        if text is not None:
            return text
    return None


MAX_CALL_DEPTH = 4  # local workflows that hand an input on to another are followed this deep


def _without_local_inputs(source: Source, lines: list[str], depth: int = MAX_CALL_DEPTH) -> list[str]:
    """``lines`` with the ``image:`` inputs handed to a local action or reusable workflow blanked, unless the called
    file pulls or runs the image that input names (:func:`_pulls_input`, on the called file's own lines with the inputs
    it hands on to local files blanked likewise): an input is the called file's own business. jupyter/docker-stacks'
    docker.yml hands ``image: base-notebook`` (and ``image: ${{ matrix.image }}`` over eleven names) to its
    docker-build-test-upload.yml, which builds and tags that image, to a load-image action that loads it from an
    artifact, and to docker-tag-push-merge.yml, which hands it on to two more that tag and push it: no Docker Hub image
    ``library/base-notebook``. A file that cannot be read, or a chain deeper than :data:`MAX_CALL_DEPTH`, leaves the
    input read as before; a third party's action is judged as before."""
    out = list(lines)
    pulls: dict[str, bool] = {}
    for no, line in enumerate(lines):
        m = LOCAL_USES.match(line)
        if not m:
            continue
        column = len(m.group("lead"))  # the keys of this step or job start here
        first, last = no, no
        while first > 0 and not lines[first].lstrip().startswith("- ") and _indent(lines[first - 1], column) >= column:
            first -= 1  # back to the step's "- " line, or the first key of the job
        while last + 1 < len(lines) and _indent(lines[last + 1], column) >= column and not (
                lines[last + 1].lstrip().startswith("- ") and _indent(lines[last + 1], column) == column - 2):
            last += 1
        for k in range(first, last + 1):
            w = WITH_KEY.match(lines[k].replace("- ", "  ", 1) if k == first else lines[k])
            if not w:
                continue
            j = k + 1
            while j <= last and _indent(lines[j], column) > len(w.group("indent")):
                if IMAGE.match(lines[j]) is not None:
                    path = m.group("path")
                    if path not in pulls:
                        pulls[path] = _pulled_by(source, path, depth)
                    if not pulls[path]:
                        out[j] = ""
                j += 1
    return out


def _pulled_by(source: Source, path: str, depth: int) -> bool:
    """Whether the local action or workflow ``path`` pulls or runs the image its ``image`` input names (True when
    it cannot be read or the chain of calls is too deep: then the input is judged)."""
    text = _called_text(source, path) if depth > 0 else None
    if not text:
        return True
    if "./" in text and "with" in text:
        text = "\n".join(_without_local_inputs(source, text.splitlines(), depth - 1))
    return _pulls_input(text, "image")


def _indent(line: str, blank: int) -> int:
    """The indentation of ``line``; ``blank`` for a blank line or a comment (they end no block)."""
    stripped = line.lstrip()
    return blank if not stripped or stripped.startswith("#") else len(line) - len(stripped)


def _without_matrix_image_keys(lines: list[str]) -> list[str]:
    """``lines`` with the ``image:`` lines inside a job's ``strategy.matrix`` blanked, for a workflow that never uses
    ``matrix.image`` (the caller asks that): a matrix variable nothing reads is no image anything pulls (one that a
    container, a service or a ``docker run`` takes is still read, by :func:`_matrix_images` and the line reader as
    before). karakeep's docker.yml
    names the targets it builds ``image: [web, workers, cli, mcp, aio]`` with ``- image: web`` rows, used as
    ``target: ${{ matrix.target }}``: no image ``library/web`` is pulled."""
    return _without_image_keys_in(lines, MATRIX_BLOCK)


def _without_matrix_container_keys(lines: list[str]) -> list[str]:
    """``lines`` with the ``container:`` lines inside a job's ``strategy.matrix`` blanked, for a workflow that uses
    ``matrix.container`` nowhere but in a job's ``name:`` (the caller asks that): a matrix variable is no job container.
    qiling's build-ci.yml adds ``container: Docker`` to one ``include:`` row and shows it in the job's name only; no
    image ``library/Docker`` is pulled. A job's own ``container:`` key, and a matrix value a job's ``container: ${{
    matrix.container }}`` takes (:func:`_matrix_images`), are read as before."""
    return _without_image_keys_in(lines, MATRIX_BLOCK, CONTAINER)


# a job's `outputs:` (`image: ${{ steps.release-image.outputs.image }}`): strings the job hands to the jobs that
# need it, no container of its own; the jobs that pull one name it under `container:`/`services:`, read there
OUTPUTS_BLOCK = re.compile(r"^(?P<indent>\s*)outputs\s*:\s*(?:#.*)?$")


def _without_image_keys_in(lines: list[str], block: re.Pattern[str], key: re.Pattern[str] | None = None) -> list[str]:
    """``lines`` with the ``image:`` lines (those ``key`` matches, when given) inside every block that ``block`` opens
    (a key on a line of its own) blanked, up to the next line indented no deeper than that key."""
    key = key or IMAGE
    out = list(lines)
    indent: int | None = None
    for no, line in enumerate(lines):
        if indent is not None:
            if line.strip() and not line.lstrip().startswith("#") and len(line) - len(line.lstrip()) <= indent:
                indent = None
            elif key.match(line):
                out[no] = ""
                continue
        m = block.match(line)
        if m:
            indent = len(m.group("indent"))
    return out
JOB = re.compile(r"""^(?P<indent>[ ]+)(?P<q>["']?)(?P<id>[\w-]+)(?P=q)\s*:\s*(?:#.*)?$""")


def _job_lines(lines: list[str]) -> list[tuple[int, str]]:
    """(line, job id) of each job under the workflow's top-level ``jobs:``, in order."""
    out: list[tuple[int, str]] = []
    indent = None
    inside = False
    for no, line in enumerate(lines, 1):
        if line and not line[0].isspace() and not line.startswith("#"):
            inside = line.split("#", 1)[0].rstrip() == "jobs:"
            continue
        m = JOB.match(line) if inside else None
        if m and (indent is None or len(m.group("indent")) == indent):
            indent = len(m.group("indent"))
            out.append((no, m.group("id")))
    return out
# `image: ${{ env.REGISTRY_IMAGE }}/grafana`: a value that starts with an env variable of the workflow or of its job
ENV_IMAGE = re.compile(r"""^(?P<key>\s*(?:-\s+)?(?:image|container)\s*:\s*)(?P<q>["']?)(?P<value>\$\{\{\s*env\."""
                       r"""(?P<var>[A-Za-z_][\w-]*)\s*\}\}(?P<rest>(?:\$\{\{[^{}\n]*\}\}|[^\s"'#])*))(?P=q)\s*(?:#.*)?$""")
# the workflow's own repository's package on GitHub's registry, whose namespace is the repository's owner:
# `ghcr.io/${{ github.repository }}`, `ghcr.io/${{ github.repository_owner }}/app` (what the workflow publishes)
OWN_PACKAGE = re.compile(r"""^ghcr\.io/\$\{\{\s*github\.repository(?:_owner)?\s*\}\}(?:[/:@]|$)""", re.I)
IMAGE_VALUE = re.compile(r"""^\s*(?:-\s+)?(?:image|container)\s*:\s*(?P<q>["']?)"""
                         r"""(?P<value>(?:\$\{\{[^{}\n]*\}\}|[^\s"'#])+)(?P=q)\s*(?:#.*)?$""")


def _env_of_jobs(data: object) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """The workflow's ``env:`` and each job's (job's first), the values written as plain strings."""
    def plain(env: object) -> dict[str, str]:
        return {k: v for k, v in env.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(env, dict) else {}

    jobs = data.get("jobs") if isinstance(data, dict) else None
    top = plain(data.get("env")) if isinstance(data, dict) else {}
    return top, {job: plain(body.get("env")) for job, body in jobs.items() if isinstance(body, dict)} \
        if isinstance(jobs, dict) else {}


def _env_images(source: Source, lines: list[str]) -> Generator[Mention, None, list[str]]:
    """Images given by an env variable the workflow or the job sets (``REGISTRY_IMAGE: teslamate/teslamate`` …
    ``image: ${{ env.REGISTRY_IMAGE }}``), each judged at the line that uses it; and references to the workflow's
    own repository's package on ghcr.io, directly or through such a variable, which are not read (the namespace is
    the repository's owner: nothing there is anybody else's name). Returns the lines with both blanked."""
    out = list(lines)
    env: tuple[dict[str, str], dict[str, dict[str, str]]] | None = None
    jobs = _job_lines(lines)
    for no, line in enumerate(lines, 1):
        m = ENV_IMAGE.match(line)
        ref = None
        if m:
            if env is None:
                try:
                    env = _env_of_jobs(load_yaml(source.text))
                except (ParseError, ValueError, RecursionError):
                    env = ({}, {})
            job = next((job for first, job in reversed(jobs) if first < no), None)
            value = env[1].get(job or "", {}).get(m.group("var"), env[0].get(m.group("var")))
            ref = None if value is None else value + m.group("rest")
        else:
            plain = IMAGE_VALUE.match(line) if "github.repository" in line else None
            ref = plain.group("value") if plain else None
        if ref is None:
            continue
        if OWN_PACKAGE.match(ref):
            out[no - 1] = ""
            continue
        found = split_image(ref) if m else None
        if m is None or found is None:
            continue
        out[no - 1] = ""
        yield source.mention("docker", m.group("value"), no, m.start("value") + 1, Origin.MANIFEST, PARSER,
                             spec=found[1], name=found[0], note=f"{ref} by env.{m.group('var')}")
    return out


CONTAINER = re.compile(r"""^\s*container\s*:\s*(?P<q>["']?)(?P<ref>[^\s"'#{]+)(?P=q)\s*(#.*)?$""")
# an Azure Pipelines container resource (`resources: containers: - container: hadolint` then `image: …`), which a job's
# `container: hadolint` or a step's `target: container: hadolint` names by that alias (hadolint's docs/INTEGRATION.md)
RESOURCE_ALIAS = re.compile(r"""^\s*-\s+container\s*:\s*(?P<q>["']?)(?P<ref>[^\s"'#{]+)(?P=q)\s*(#.*)?$""")


def _resource_aliases(source: Source) -> set[str]:
    """The Azure Pipelines container resources' aliases of the file (of its whole document when ``source`` is one of
    its code blocks: a page defines the resource in one block and uses it in the next)."""
    text = source.text
    if source.line_offset and source.fs_path is not None:
        from ...parsers._util import read_small

        text = read_small(source.fs_path, source.max_related_bytes) or text
    if "- container" not in text:
        return set()
    return {a.group("ref") for line in text.splitlines() if (a := RESOURCE_ALIAS.match(line))}


DOCKER_USES = re.compile(r"""^\s*(?:-\s+)?uses\s*:\s*(?P<q>["']?)docker://(?P<ref>[^\s"'#]+)(?P=q)\s*(#.*)?$""")


# a YAML block scalar's indicator (`>-`, `|`, `>+2`): the value is the more indented lines below the key
BLOCK_SCALAR = re.compile(r"[>|][+-]?[1-9]?|[>|][1-9][+-]?")


def _block_container(source: Source, lines: list[str], no: int) -> Iterator[Mention]:
    """The image of ``container: >-`` (or ``|``) at line ``no``, written on the more indented lines below it
    (GraalPy's build-wheels.yml: ``container: >-`` then ``${{ contains(inputs.platform, 'linux-amd64') &&
    'quay.io/pypa/manylinux_2_28_x86_64' || … }}``): a plain reference is that image; an expression is each string
    it can only give (:func:`expression_results`), and one beyond that reading is reported as not checked. The
    indicator itself is no image name."""
    key = lines[no - 1]
    indent = len(key) - len(key.lstrip())
    body: list[tuple[int, str]] = []
    for at in range(no, len(lines)):
        text = lines[at]
        if text.strip() and len(text) - len(text.lstrip()) <= indent:
            break
        body.append((at + 1, text))
    value = " ".join(t.strip() for _, t in body if t.strip())
    if not value:
        return
    inner = value[3:-2] if value.startswith("${{") and value.endswith("}}") else None
    if inner is None and "${{" not in value:
        found = split_image(value)
        first = next(n for n, t in body if t.strip())
        column = len(lines[first - 1]) - len(lines[first - 1].lstrip()) + 1
        if found is None:  # as a one-line value that is no image reference: not checked, never a pass
            source.problem(f"image {value!r} is built from a variable; not checked", first, column, kind="limit")
            return
        yield source.mention("docker", value, first, column, Origin.MANIFEST, PARSER, spec=found[1], name=found[0])
        return
    results = expression_results(inner) if inner is not None else None
    if results is None or results[1]:
        source.problem("container image given by an expression this reading cannot evaluate; not checked", no,
                       kind="limit")
    for ref in (results[0] if results is not None else {}):
        image = split_image(ref) if ref else None
        if image is None:
            continue
        where = next(((n, t.find(f"'{ref}'") + 2) for n, t in body if f"'{ref}'" in t), (no, 1))
        yield source.mention("docker", ref, where[0], where[1], Origin.MANIFEST, PARSER, spec=image[1], name=image[0])


@file_format(PARSER, (".github/workflows/*.yml", ".github/workflows/*.yaml", "action.yml", "action.yaml"),
             ecosystem="docker", kind="manifest",
             description="container images of GitHub workflows: container:, services: image:, uses: docker://")
def parse(source: Source) -> Iterator[Mention]:
    lines = source.text.splitlines()
    if PurePosixPath(rendered_path(source.path)).name in ACTION_FILES:
        # a Docker action's runs.image is a Dockerfile the action builds (image: Dockerfile) or docker://ref
        lines = [ACTION_IMAGE.sub(_action_image, line) for line in lines]
    else:
        if "docker://" in source.text:
            lines = [WORKFLOW_DOCKER_SCHEME.sub(_without_scheme, line) for line in lines]
        used = source.text  # where a matrix image may be used: not in an input a local file makes no image of
        if "./" in source.text and "with" in source.text:
            lines = _without_local_inputs(source, lines)
            used = "\n".join(lines)
        if "matrix." in source.text:
            lines = yield from _matrix_images(source, lines)
        if "matrix" in source.text and not MATRIX_IMAGE_USED.search(used):
            lines = _without_matrix_image_keys(lines)
        if "matrix" in source.text and "container" in source.text and not MATRIX_CONTAINER_USED.search(source.text):
            lines = _without_matrix_container_keys(lines)
        if "outputs" in source.text:
            lines = _without_image_keys_in(lines, OUTPUTS_BLOCK)
    if "${{" in source.text:
        lines = yield from _expression_images(source, lines)
        lines = yield from _env_images(source, lines)
    yield from image_mentions(source, PARSER, lines)
    aliases = _resource_aliases(source) if "container" in source.text else set()
    for no, line in enumerate(lines, 1):
        m = CONTAINER.match(line) or DOCKER_USES.match(line)
        if not m:
            continue
        ref = m.group("ref")
        if ref in aliases and m.re is CONTAINER:
            continue  # an Azure Pipelines job's or step target's container resource, by its alias: its image: is read
        if BLOCK_SCALAR.fullmatch(ref):  # `container: >-` with the value on the lines below
            yield from _block_container(source, lines, no)
            continue
        if "${{" in ref:
            continue
        found = split_image(ref)
        if found is None:
            source.problem(f"image {ref!r} is built from a variable; not checked", no, m.start("ref") + 1, kind="limit")
            continue
        name, tag = found
        yield source.mention("docker", ref, no, m.start("ref") + 1, Origin.MANIFEST, PARSER, spec=tag, name=name)
