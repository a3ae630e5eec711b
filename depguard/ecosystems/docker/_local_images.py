"""Container images the scanned tree builds itself: names that read like Docker Hub repositories but are
never pulled from it.

A ``docker run myapp`` after ``docker build -t myapp .``, a compose service's ``image: acme/api`` next to its
``build:``, or a Dockerfile's ``FROM base`` where ``base`` is an ``additional_contexts`` entry all name an
image the project makes; asking Docker Hub about them reports a hallucination that is not there. Read from
the tree's text, never by running anything:

* ``docker|podman|nerdctl|finch [buildx|image] build … -t|--tag NAME`` (and ``buildah bud``, ``minikube image build``) in shell
  scripts, Makefiles, workflow and CI steps, package.json scripts and documents; ``--build-context NAME=…``;
  ``docker tag SOURCE TARGET`` (TARGET); ``s2i build SOURCE BUILDER TAG`` (TAG) and ``pack build NAME``; Scala CLI's
  ``scala-cli package --docker … --docker-image-repository NAME`` (after its ``--docker-image-registry``);
* compose files: the ``image:`` of a service that has a ``build:``, and the names of its
  ``build.additional_contexts``;
* GitHub workflows: the ``tags:`` of ``docker/build-push-action`` and the ``images:`` of
  ``docker/metadata-action`` steps;
* ``docker-bake.hcl``/``*.hcl`` bake files: ``tags = [...]`` of each target;
* Tiltfiles: the image of each ``docker_build``, ``docker_build_with_restart`` and ``custom_build``, which ``tilt up``
  builds and substitutes into the resources it deploys (as Skaffold does);
* Skaffold configurations (a YAML document with ``apiVersion: skaffold/…``): the ``image:`` of each ``build.artifacts``
  entry (of its profiles too), which ``skaffold dev|run`` builds and substitutes into the manifests it deploys;
* Kustomize's ``kustomization.yaml``: the ``name`` of each ``images:`` entry with a ``newName``, a placeholder of the
  manifests the build replaces with that image (:mod:`depguard.ecosystems.docker.kustomization`, which judges the
  ``newName``);
* YAML files that are compose files by their content (``src/main/docker/app.yml``: :func:`~.compose.compose_content`),
  read like a ``docker-compose.yml``;
* JVM builds that make an image without a Dockerfile: Jib (``pom.xml``'s ``jib-maven-plugin`` ``<to><image>``,
  the ``jib.to.image`` property; Gradle's ``jib { to { image = "…" } }``, ``jib.to.image = "…"``) and Spring
  Boot's build-image (``spring-boot-maven-plugin`` ``<image><name>``, the ``spring-boot.build-image.imageName``
  property; Gradle's ``bootBuildImage { imageName = "…" }``). A pom's ``${property}`` is read only when the pom
  itself defines it literally (``<properties>``, its own ``artifactId``/``groupId``/``version``). Jib without a
  target (``mvn jib:dockerBuild``, ``gradle jibDockerBuild``) names the image after the project: the pom's own
  ``artifactId``, the Gradle project's name (``rootProject.name`` beside it, else its folder's name).
* .NET projects that make an image without a Dockerfile, through the SDK's ``PublishContainer`` target: the
  ``<ContainerRepository>`` (formerly ``<ContainerImageName>``) of a ``*.csproj``/``*.fsproj``/``*.vbproj`` or a
  ``Directory.Build.props``, after its ``<ContainerRegistry>``, and a ``dotnet publish … /t:PublishContainer`` (or
  ``-p:PublishProfile=DefaultContainer``) command's ``-p:ContainerRepository=NAME``; without one, the command's
  project file names the image (the SDK's default, the assembly's name in lower case).

A name built from a variable (``-t $IMAGE``) names nothing that can be compared and is left out, except a
Makefile's own variable (``IMAGE = acme/tool`` … ``-t $(IMAGE)``), which is read as make expands it, and a
script's own variable set to a literal word on a line of its own (``export IMAGE=acme/tool`` … ``-t $IMAGE``). Stages of
one Dockerfile (``FROM x AS builder`` … ``FROM builder``) are that file's own business
(:mod:`depguard.ecosystems.docker.dockerfile_images`).
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable, Iterator
from pathlib import Path, PurePosixPath

from ... import delimited, lazyre
from ...commands.placeholders import WORKFLOW_EXPRESSION
from ...parsers.template_directives import STATEMENT
from ._refs import split_image
from .kustomization import NAMES as KUSTOMIZATION_FILES
from .kustomization import renames

# a command ends at a backtick too: the end of a Markdown code span (distroless' examples/python3-requirements/README.md:
# "1. Build the image: `docker build . --tag=psutil-example`" then "`docker run --rm psutil-example`") or a shell's
# command substitution, neither of them part of a tag
# a make variable or a command substitution inside the arguments (``-t "buoyantio/emojivoto-svc-base:$(IMAGE_TAG)"`` in
# emojivoto's Makefile, whose IMAGE_TAG an included common.mk sets; ``-t acme/api:$(shell git rev-parse HEAD)``) is
# part of them: only a ``)`` of its own ends the command
ARGS = r"(?:\$\([^()\n]*\)|[^\n;&|)`])*"
# (``minikube image build -t acme/api .`` builds into the cluster's runtime, as Kubernetes tutorials do)
BUILD = lazyre.compile(r"\b(?:docker|podman|nerdctl|finch)\s+(?:(?:buildx|image|builder)\s+)?build\b(?P<args>" + ARGS + ")"
                   r"|\bminikube\s+image\s+build\b(?P<margs>" + ARGS + ")"
                   r"|\bbuildah\s+(?:bud|build(?:-using-dockerfile)?)\b(?P<bargs>" + ARGS + ")")
# the tools of BUILD and TAG_CMD, to find the lines worth reading in a long text (a notebook's JSON)
BUILDER_WORDS = ("docker", "podman", "nerdctl", "finch", "minikube", "buildah")
BUILDERS = lazyre.compile(r"\b(?:" + "|".join(BUILDER_WORDS) + r")\b")
TAG_OPTION = lazyre.compile(r"""(?:^|\s)(?:-t|--tag)(?:\s+|=)(?P<q>["']?)(?P<ref>[^\s"'`]+)(?P=q)""")
BUILD_CONTEXT = lazyre.compile(r"""(?:^|\s)--build-context(?:\s+|=)(?P<q>["']?)(?P<name>[^\s="']+)=""")
TAG_CMD = lazyre.compile(r"""\b(?:docker|podman|nerdctl|finch)\s+(?:image\s+)?tag\s+(?:--?\S+\s+)*\S+\s+(?P<q>["']?)(?P<ref>[^\s"';&|)`]+)(?P=q)""")
# builders that name the image they make by position: source-to-image's ``s2i build SOURCE BUILDER TAG`` (jupyter/
# docker-stacks' examples/source-to-image README builds ``notebook-examples``, then runs it) and Cloud Native Buildpacks'
# ``pack build NAME`` (its ``--tag`` too); an option is taken to have a value unless it is one of their flags
POSITIONAL_BUILD = lazyre.compile(r"\b(?P<tool>s2i|pack)\s+build\b(?P<args>[^\n;&|)`]*)")
BUILD_POSITION = {"s2i": 2, "pack": 0}
# Scala CLI's packager builds an image without a Dockerfile (``--docker``), named by ``--docker-image-repository``
# after an optional ``--docker-image-registry``: scala-cli's own docs (held-out set 302: website/docs/commands/
# package.md) run ``scala-cli --power package --docker HelloDocker.scala --docker-image-repository hello-docker``, then
# ``docker run hello-docker``; the Scala 3 runner (``scala package``) takes the same options. Without ``--docker`` the
# command packages a jar or launcher and builds no image
SCALA_PACKAGE = lazyre.compile(r"\b(?:scala-cli|scala)\s+(?:--power\s+)?package\b(?P<args>" + ARGS + ")")
SCALA_DOCKER = lazyre.compile(r"(?:^|\s)--docker(?=\s|$)")
SCALA_IMAGE_OPTION = lazyre.compile(r"""(?:^|\s)--docker-image-(?P<key>repository|registry)(?:\s+|=)(?P<q>["']?)"""
                                    r"""(?P<value>[^\s"'`]+)(?P=q)""")
BUILDER_FLAGS = frozenset({"--incremental", "--rm", "--copy", "-q", "--quiet", "--run", "--keep-symlinks", "--publish",
                           "--clear-cache", "--trust-builder", "--trust-extra-buildpacks", "--sparse", "-v", "--verbose",
                           "--no-color", "--timestamps"})
ACTION_STEP = lazyre.compile(r"^(?P<lead>\s*(?:-\s+)?)uses\s*:\s*[\"']?docker/(?:build-push-action|metadata-action)@", re.M)
LIST_KEY = lazyre.compile(r"^\s*(?:tags|images)\s*:\s*(?P<value>.*)$")
BAKE_TAGS = lazyre.compile(r"\btags\s*=\s*\[(?P<items>[^\]]*)\]")
QUOTED = lazyre.compile(r"""["']([^"']+)["']""")

SCRIPT_NAMES = ("*.sh", "*.bash", "*.zsh", "*.ps1", "Makefile", "makefile", "GNUmakefile", "*.mk", "Makefile-*", "justfile",
                "Justfile", ".justfile", "Taskfile.yml", "Taskfile.yaml", "Jenkinsfile", "package.json",
                "*.md", "*.markdown", "*.mdx", "*.mdc", "*.rst", "*.adoc", ".gitlab-ci.yml", ".travis.yml", "azure-pipelines.yml",
                "bitbucket-pipelines.yml", "action.yml", "action.yaml", "*.hcl", ".drone.yml", ".woodpecker.yml",
                ".woodpecker.yaml",
                # a notebook's `!docker build -t node-app:0.1 .` line and %%bash cells (Google's ASL course notebooks,
                # which then `!docker run … node-app:0.1`): its JSON read as text, as a Markdown page's commands are
                "*.ipynb")
# CI files told by their folder, read like GitHub's workflows (their commands, build steps' tags): CircleCI's config,
# Woodpecker's pipelines folder
CI_PATHS = (".github/workflows/*.y*ml", "*/.github/workflows/*.y*ml", ".circleci/config.yml", "*/.circleci/config.yml",
            ".woodpecker/*.y*ml", "*/.woodpecker/*.y*ml")
MAKEFILE_NAMES = ("Makefile", "makefile", "GNUmakefile", "*.mk", "Makefile-*")
COMPOSE_NAMES = ("docker-compose*.yml", "docker-compose*.yaml", "compose*.yml", "compose*.yaml", "*-compose.yml",
                 "*-compose.yaml", "*.compose.yml", "*.compose.yaml")


KUSTOMIZATION_NAMES = frozenset(KUSTOMIZATION_FILES)


def _wanted(rel: str) -> str | None:
    """'kustomization', 'compose', 'workflow', 'script' (text with commands), 'yaml' (a compose file or a Skaffold configuration if its
    content says so), 'maven', 'gradle', 'msbuild', 'cloudbuild', 'bazel', 'shebang' (a name with no suffix: a script
    if its first line's #! names a shell) or None, by the file's path."""
    compose, workflow, script = _name_patterns()
    name = rel.rpartition("/")[2]
    if name in KUSTOMIZATION_NAMES:
        return "kustomization"
    if name.startswith("cloudbuild") and any(fnmatch.fnmatch(name, p) for p in CLOUDBUILD_NAMES):
        return "cloudbuild"
    if name.endswith(".bzl"):
        return "bazel"
    if any(fnmatch.fnmatch(name, p) for p in TILT_NAMES):
        return "tilt"
    if compose.match(name):
        return "compose"
    if workflow.match(rel):
        return "workflow"
    if script.match(name):
        return "script"
    if name.endswith((".yml", ".yaml")):
        return "yaml"
    if name == "pom.xml":
        return "maven"
    if name.endswith((".gradle", ".gradle.kts")):
        return "gradle"
    if name.endswith(("proj", ".props")) and any(fnmatch.fnmatch(name, p) for p in MSBUILD_NAMES):
        return "msbuild"
    if "." not in name and name:
        return "shebang"  # a script with no suffix, read as one when its #! names a shell (discover.shebang_formats)
    return None


_PATTERNS: list[re.Pattern[str]] = []


def _name_patterns() -> list[re.Pattern[str]]:
    """COMPOSE_NAMES, the workflow paths and SCRIPT_NAMES, each as one expression (a walk asks for every
    file; fnmatch pattern by pattern was 30 calls a file), compiled at the first use."""
    if not _PATTERNS:
        def one(patterns: Iterable[str]) -> re.Pattern[str]:
            return re.compile("|".join(f"(?:{fnmatch.translate(p)})" for p in patterns))

        _PATTERNS[:] = [one(COMPOSE_NAMES), one(CI_PATHS), one(SCRIPT_NAMES)]
    return _PATTERNS


VARIABLE_TAG = lazyre.compile(r":[^/:]*\$[^/]*$")
LONE_VARIABLE = lazyre.compile(r"\$(?:\{(?P<braced>[A-Za-z_]\w*)\}|(?P<plain>[A-Za-z_]\w*))")


def variable_slot(ref: str) -> str | None:
    """The image reference as written when variables name it (``$NAME`` and ``${NAME}`` both written ``${NAME}``, a
    tag of variables left out as :func:`_name` leaves it), else None: a script's ``docker build -t
    ${LOCAL_IMAGE_NAME} ..`` builds whatever image that variable names, and a compose file's ``image:
    ${LOCAL_IMAGE_NAME}`` beside it runs that image; so does a service's ``image: '${PROJECT_NAME}/backend'`` where
    another service builds ``${PROJECT_NAME}/backend`` (apptension's celery and flower services run the backend's
    image). The set of built images holds the slot; the same words written elsewhere name the same image."""
    ref = VARIABLE_TAG.sub("", ref.strip().strip("\"'"))
    if "$" not in ref or any(c.isspace() for c in ref):
        return None
    slot = LONE_VARIABLE.sub(lambda m: "${%s}" % (m.group("braced") or m.group("plain")), ref)
    return slot if re.fullmatch(r"(?:\$\{\w+\}|[\w.:/@-])+", slot) else None


def _name(ref: str) -> str | None:
    """The normalised name of an image reference; a tag made of variables (``acme/api:${TAG:-latest}``,
    ``app:$VERSION``) is no part of the name, a name with a variable in it names nothing comparable."""
    ref = VARIABLE_TAG.sub("", ref.strip().strip("\"'"))
    if not ref or "$" in ref or "{" in ref:
        return None
    found = split_image(ref)
    return found[0] if found else None


# a shell variable set to one literal word on a line of its own (``export IMAGE_NAME=dataflowops``,
# ``readonly IMAGE="acme/api"``); a prefix assignment (``IMAGE=x docker build -t $IMAGE``) is no such line: the
# shell expands ``$IMAGE`` before that assignment applies
SHELL_LITERAL = lazyre.compile(
    r"""(?m)^[ \t]*(?:(?:export|readonly|local|declare(?:[ \t]+-[A-Za-z]+)*)[ \t]+)?(?P<name>[A-Za-z_]\w*)="""
    r"""(?:"(?P<dq>[^"$`\\\s]+)"|'(?P<sq>[^'\s]+)'|(?P<plain>[^\s"'$`\\;&|()<>#]+))[ \t]*(?=$|;|&&|#)""")


# a loop over literal words or over a list the script fills with literal words (tensorflow/quantum's
# create_docker_images.sh: ``ubuntu_versions+=( "22.04" "24.04" )`` … ``for os_version in "${ubuntu_versions[@]}"; do``)
SHELL_ARRAY = lazyre.compile(
    r"""(?m)^[ \t]*(?:(?:declare|local|readonly|typeset)(?:[ \t]+-[A-Za-z]+)*[ \t]+)?(?P<name>[A-Za-z_]\w*)\+?=\("""
    r"""(?P<items>[^()\n]*)\)""")
SHELL_FOR = lazyre.compile(r"""(?m)^[ \t]*for[ \t]+(?P<name>[A-Za-z_]\w*)[ \t]+in[ \t]+(?P<words>[^;\n]*)""")
ARRAY_WORD = lazyre.compile(r"""^["']?\$\{(?P<name>[A-Za-z_]\w*)\[[@*]\]\}["']?$""")
LITERAL_WORD = lazyre.compile(r"""^(?:"(?P<dq>[^"$`\\\s]+)"|'(?P<sq>[^'\s]+)'|(?P<plain>[^\s"'$`\\;&|()<>#*?\[]+))$""")


def _literal_words(words: str) -> list[str]:
    """The words of ``words`` that are literal (quoted or not, no expansion), in order."""
    out = []
    for word in words.split():
        m = LITERAL_WORD.match(word)
        if m is not None:
            out.append(m.group("dq") or m.group("sq") or m.group("plain"))
    return out


def shell_literals(text: str) -> dict[str, set[str]]:
    """``${NAME}`` -> the literal words a shell script sets the variable ``NAME`` to, each on a line of its own
    (prefecthq's deployment-patterns ``aws/ecr_image_build.bash``: ``export IMAGE_NAME=dataflowops``, then
    ``docker build -t $IMAGE_NAME .`` and ``docker run --rm -it dataflowops``), or that a ``for NAME in …`` loop walks:
    its literal words, or the literal items the script gives a list it walks (``for v in "${versions[@]}"`` after
    ``versions=( "3.10" "3.11" )`` or ``versions+=( … )``). Every value counts: which one a run takes is not known,
    and each is an image the script may build."""
    out: dict[str, set[str]] = {}
    if "=" not in text and "for" not in text:
        return out
    for m in SHELL_LITERAL.finditer(text):
        value = m.group("dq") or m.group("sq") or m.group("plain")
        out.setdefault("${%s}" % m.group("name"), set()).add(value)
    if "for" not in text:
        return out
    arrays: dict[str, set[str]] = {}
    if "(" in text:
        for m in SHELL_ARRAY.finditer(text):
            arrays.setdefault(m.group("name"), set()).update(_literal_words(m.group("items")))
    for m in SHELL_FOR.finditer(text):
        words = m.group("words").strip()
        walked = ARRAY_WORD.match(words)
        values = arrays.get(walked.group("name"), set()) if walked else set(_literal_words(words))
        if values:
            out.setdefault("${%s}" % m.group("name"), set()).update(values)
    return out


# a parameter expansion in a tag: ``$NAME``, ``${NAME}``, and ``${NAME}`` with one of the operators that cut a pattern
# from its end or start or replace it (``${os_version%%.*}``: 24.04 -> 24; ``${py_version//./}``: 3.12 -> 312)
EXPANSION = lazyre.compile(r"\$(?:\{(?P<name>[A-Za-z_]\w*)(?P<op>%%|%|##|#|//|/)?(?P<arg>[^}]*)\}|(?P<plain>[A-Za-z_]\w*))")
MAX_EXPANDED = 64  # tags one templated build command may stand for (every combination of its variables' values)


MAX_VALUE = 255  # a value longer than a whole image reference may be (Docker's 255 characters) is no part of one


def _cut(value: str, op: str | None, arg: str) -> str | None:
    """``value`` after the parameter expansion operator ``op`` with its pattern ``arg`` (bash's), or None when it is
    not read (an operator other than these, a replacement whose pattern is a glob, a value over :data:`MAX_VALUE`)."""
    if not op:
        return value if not arg else None
    if len(value) > MAX_VALUE:
        return None
    if op in ("%%", "%", "##", "#"):
        glob = re.compile(fnmatch.translate(arg))  # ends in \Z: matched from a place to the end (or to endpos)
        places = range(len(value) + 1) if op in ("%%", "#") else range(len(value), -1, -1)
        if op in ("%%", "%"):  # the longest or shortest end matching the pattern: the first place it starts at
            return next((value[:i] for i in places if glob.match(value, i)), value)
        return next((value[i:] for i in places if glob.match(value, 0, i)), value)  # the longest or shortest start
    pattern, _, replacement = arg.partition("/")
    if not pattern or any(c in pattern for c in "*?[\\") or "$" in replacement:
        return None
    return value.replace(pattern, replacement) if op == "//" else value.replace(pattern, replacement, 1)


def expanded_tags(ref: str, literals: dict[str, set[str]],
                  cuts: dict[tuple[str, str | None, str], list[str]] | None = None) -> set[str]:
    """The tags a build command's templated ``ref`` stands for: each of its expansions filled with every literal
    value the script gives the variable (:func:`shell_literals`), through the operators :func:`_cut` reads; nothing
    when one of them is a variable the script gives no literal value or more than :data:`MAX_EXPANDED` (no build
    matrix), an operator it does not read, or the combinations pass :data:`MAX_EXPANDED`. ``cuts`` keeps each
    expansion's values for the next command of the same script, so each is worked out once (reviewer r43: a script of
    2,000 tags over a loop of 2,000 words took 145 s)."""
    parts: list[str | list[str]] = []
    combos, at = 1, 0
    known = {} if cuts is None else cuts
    for m in EXPANSION.finditer(ref):
        name = m.group("name") or m.group("plain")
        key = (name, m.group("op"), m.group("arg") or "")
        cut = known.get(key)
        if cut is None:
            values = literals.get("${%s}" % name) or ()
            cut = known[key] = [] if len(values) > MAX_EXPANDED else sorted(
                {c for c in (_cut(v, key[1], key[2]) for v in values) if c is not None})
        if not cut:
            return set()
        combos *= len(cut)
        if combos > MAX_EXPANDED:
            return set()
        parts += [ref[at:m.start()], cut]
        at = m.end()
    if not parts:
        return set()
    parts.append(ref[at:])
    tags = [""]
    for part in parts:
        tags = [t + p for t in tags for p in ([part] if isinstance(part, str) else part)]
    return set(tags)


def images_in_commands(text: str, literals: dict[str, set[str]] | None = None) -> set[str]:
    """Images built or tagged by the commands in ``text`` (line continuations joined); a tag that is one variable
    is that slot, and each literal value ``literals`` gives the variable (:func:`shell_literals`)."""
    text = re.sub(r"\\\r?\n", " ", text)
    out: set[str] = set()
    slots: set[str] = set()  # the variables whose values are in already: a script's every build of $IMAGE adds them once
    cuts: dict[tuple[str, str | None, str], list[str]] = {}

    def add(ref: str) -> None:
        name = _name(ref)
        if name:
            out.add(name)
            return
        slot = variable_slot(ref)
        if slot:
            out.add(slot)
            if slot not in slots:
                slots.add(slot)
                for value in (literals or {}).get(slot, ()):
                    named = _name(value)
                    if named:
                        out.add(named)
        if literals and "$" in ref:  # a tag made of the script's own values: each one it stands for
            for tag in expanded_tags(ref.strip("\"'"), literals, cuts):
                named = _name(tag)
                if named:
                    out.add(named)

    for m in BUILD.finditer(text):
        args = m.group("args") or m.group("bargs") or m.group("margs") or ""
        for t in TAG_OPTION.finditer(args):
            add(t.group("ref"))
        for c in BUILD_CONTEXT.finditer(args):
            name = _name(c.group("name"))
            if name:
                out.add(name)
    for m in TAG_CMD.finditer(text):
        add(m.group("ref"))
    for m in POSITIONAL_BUILD.finditer(text):
        words, valued = [], False
        for word in m.group("args").split():
            if valued:
                valued = False
            elif word.startswith("-"):
                valued = "=" not in word and word not in BUILDER_FLAGS
            else:
                words.append(word)
        at = BUILD_POSITION[m.group("tool")]
        if len(words) > at:
            add(words[at])
        if m.group("tool") == "pack":
            for t in TAG_OPTION.finditer(m.group("args")):
                add(t.group("ref"))
    if "--docker-image-repository" in text:
        for m in SCALA_PACKAGE.finditer(text):
            if SCALA_DOCKER.search(m.group("args")):
                options = {o.group("key"): o.group("value") for o in SCALA_IMAGE_OPTION.finditer(m.group("args"))}
                if "repository" in options:
                    add("/".join(filter(None, (options.get("registry"), options["repository"]))))
    if "PublishContainer" in text or "DefaultContainer" in text:
        out |= images_in_dotnet_publish(text)
    return out


# the .NET SDK's container publishing: `dotnet publish src/Api/Api.csproj /t:PublishContainer -p:ContainerRepository=
# fsh-db-migrator` (fullstackhero/dotnet-starter-kit's backend workflow, which then runs `docker run … fsh-db-migrator:smoke`)
DOTNET_PUBLISH = lazyre.compile(r"\bdotnet\s+publish\b(?P<args>" + ARGS + ")")
CONTAINER_TARGET = lazyre.compile(r"(?:^|\s)[-/](?:t|target):(?:[\w;]*;)?PublishContainer\b"
                                  r"|(?:^|\s)[-/](?:p|property):PublishProfile=[\"']?DefaultContainer\b", re.I)
MSBUILD_PROPERTY = lazyre.compile(r"""(?:^|\s)[-/](?:p|property):(?P<key>ContainerRepository|ContainerImageName|"""
                                  r"""ContainerRegistry)=(?P<q>["']?)(?P<value>[^\s"'`;]+)(?P=q)""", re.I)
PROJECT_FILE = lazyre.compile(r"""(?:^|\s)(?P<q>["']?)(?:[^\s"'`]*[/\\])?(?P<stem>[\w.-]+)\.(?:cs|fs|vb)proj(?P=q)(?=\s|$)""")
# the same properties in a project file (dotnet-starter-kit's FSH.Starter.Api.csproj: <ContainerRepository>fsh-api<…>)
PROJECT_PROPERTY = lazyre.compile(r"<(?P<key>ContainerRepository|ContainerImageName|ContainerRegistry)(?:\s[^<>]*)?>"
                                  r"\s*(?P<value>[^<>\s]+)\s*</(?P=key)\s*>", re.I)
MSBUILD_NAMES = ("*.csproj", "*.fsproj", "*.vbproj", "Directory.Build.props")


def _container_image(registry: str | None, repository: str | None) -> str | None:
    """The image a container publish makes of its ``ContainerRegistry`` and ``ContainerRepository`` (None when either
    holds an MSBuild property or item, ``$(Name)``, which names nothing comparable)."""
    if not repository or "$" in repository or "@" in repository or "%" in repository:
        return None
    if registry and ("$" in registry or "@" in registry or "%" in registry):
        return None
    return _name(f"{registry.rstrip('/')}/{repository}" if registry else repository)


def images_in_dotnet_publish(text: str) -> set[str]:
    """Images ``dotnet publish`` commands make with the SDK's container target: ``-p:ContainerRepository=NAME`` (after
    ``-p:ContainerRegistry=HOST``), else the project file the command names, lower-cased (the assembly's name, the
    SDK's default). A command without the target publishes no image."""
    out: set[str] = set()
    for m in DOTNET_PUBLISH.finditer(text):
        args = m.group("args")
        if not CONTAINER_TARGET.search(args):
            continue
        values: dict[str, str] = {}
        for p in MSBUILD_PROPERTY.finditer(args):
            values[p.group("key").lower()] = p.group("value")
        repository = values.get("containerrepository") or values.get("containerimagename")
        if repository is None:
            project = PROJECT_FILE.search(args)
            repository = project.group("stem").lower() if project else None
        name = _container_image(values.get("containerregistry"), repository)
        if name:
            out.add(name)
    return out


def images_in_msbuild(text: str) -> set[str]:
    """The image a project file's (or a ``Directory.Build.props``') ``<ContainerRepository>`` names, after its
    ``<ContainerRegistry>``: what ``dotnet publish /t:PublishContainer`` makes of that project."""
    values: dict[str, str] = {}
    for m in PROJECT_PROPERTY.finditer(text):
        values.setdefault(m.group("key").lower(), m.group("value"))
    repository = values.get("containerrepository") or values.get("containerimagename")
    name = _container_image(values.get("containerregistry"), repository)
    return {name} if name else set()


CLOUDBUILD_NAMES = ("cloudbuild.yaml", "cloudbuild.yml", "cloudbuild*.yaml", "cloudbuild*.yml")


def images_in_cloudbuild(text: str) -> set[str]:
    """Images a Google Cloud Build configuration builds: the ``args`` of its steps that run the docker builder
    (``name: gcr.io/cloud-builders/docker``, ``args: ['build', '--tag=gcloud-slim', '.']``), read as the command they
    are (Google's cloud-builders build ``gcloud-slim`` so, and the next Dockerfile says ``FROM gcloud-slim``)."""
    from ...errors import ParseError
    from ...parsers._util import load_yaml

    try:
        data = load_yaml(text)
    except (ParseError, ValueError, RecursionError):
        return set()
    steps = data.get("steps") if isinstance(data, dict) else None
    commands = []
    for step in steps if isinstance(steps, list) else ():
        name = step.get("name") if isinstance(step, dict) else None
        args = step.get("args") if isinstance(step, dict) else None
        if (isinstance(name, str) and name.partition("@")[0].rpartition("/")[2].partition(":")[0] == "docker"
                and isinstance(args, list) and all(isinstance(a, (str, int, float)) for a in args)):
            commands.append("docker " + " ".join(str(a) for a in args))
    return images_in_commands("\n".join(commands))


BAZEL_FILES = ("*.bzl",)  # BUILD files are the Python project view's (discover.NAMED_ONLY_FILES), not walked as entries
REPO_TAGS = lazyre.compile(r"\brepo_tags\s*=\s*\[(?P<items>[^\]]{0,3000})\]")


def images_in_bazel(text: str) -> set[str]:
    """Images rules_oci's ``oci_load(repo_tags = [...])`` (and ``oci_tarball``) makes in a Bazel file; a tag Starlark
    formats (``"bazel/python3:python3_root_{}_{}".format(…)``, distroless' python3/ldconfig.bzl) is no part of the
    name."""
    out: set[str] = set()
    for m in REPO_TAGS.finditer(text):
        for q in QUOTED.finditer(m.group("items")):
            head, slash, last = q.group(1).partition("@")[0].rpartition("/")
            name = _name(head + slash + last.partition(":")[0])
            if name:
                out.add(name)
    return out


# Tilt's build functions (a Tiltfile is Starlark): ``docker_build('acme/api', '.')``, ``docker_build(ref='acme/api', …)``,
# the restart_process extension's ``docker_build_with_restart`` and ``custom_build('acme/api', 'make image', deps)``:
# the image Tilt builds and substitutes into the Kubernetes and compose resources it deploys
TILT_NAMES = ("Tiltfile", "*.tiltfile", "Tiltfile.*")
TILT_BUILD = lazyre.compile(r"""(?<![\w.])(?:docker_build|docker_build_with_restart|custom_build)\s*\(\s*(?:ref\s*=\s*)?"""
                            r"""(?P<q>["'])(?P<ref>[^"'\s]+)(?P=q)""")


def images_in_tiltfile(text: str) -> set[str]:
    """The images a Tiltfile builds (:data:`TILT_BUILD`); a name Starlark formats (``'%s/api' % registry``) is no
    literal first argument and is left out."""
    out: set[str] = set()
    for m in TILT_BUILD.finditer(text):
        head, slash, last = m.group("ref").partition("@")[0].rpartition("/")
        name = _name(head + slash + last.partition(":")[0])
        if name:
            out.add(name)
    return out


def images_in_workflow(text: str) -> set[str]:
    """``tags:``/``images:`` of docker/build-push-action and docker/metadata-action steps, and run commands."""
    out = images_in_commands(text)
    lines = text.splitlines()
    first, counted = 0, 0  # each step's line counted from the step before it (from the start each time was quadratic)
    for m in ACTION_STEP.finditer(text):
        first += text.count("\n", counted, m.start())
        counted = m.start()
        column = len(m.group("lead"))  # the step's keys start here; the next step starts further left
        i = first + 1
        while i < len(lines) and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) >= column):
            key = LIST_KEY.match(lines[i])
            if key:
                value = key.group("value").strip()
                items: list[str] = []
                if value and value[0] not in "|>":
                    items = [value]
                else:  # a block: the more-indented lines below
                    base = len(lines[i]) - len(lines[i].lstrip())
                    j = i + 1
                    while j < len(lines) and (not lines[j].strip() or len(lines[j]) - len(lines[j].lstrip()) > base):
                        items.append(lines[j].strip())
                        j += 1
                for item in items:
                    # acme/app:${{ github.sha }}: one word (found in linear time: reviewer r37)
                    item = delimited.sub(item, WORKFLOW_EXPRESSION, lambda expression: "$")
                    for part in re.split(r"[,\s]+", item.strip("[]")):
                        name = _name(part.lstrip("- ").split("#", 1)[0])
                        if name:
                            out.add(name)
            i += 1
    return out


KEY_LINE = lazyre.compile(r"""^(?P<indent>\s*)(?P<dash>-\s+)?(?P<key>[\w.-]+)\s*:(?:\s+(?P<q>["']?)(?P<value>[^\s"'#]+)(?P=q))?\s*(?:#.*)?$""")
LIST_ITEM = lazyre.compile(r"""^\s*-\s+(?P<q>["']?)(?P<value>[^\s"'#]+)(?P=q)""")


# a key whose value is more than one word (``image: {{ cookiecutter.project_slug }}_local_django`` in a project
# template, ``command: python manage.py``): a key all the same, its value not read as a name
OTHER_KEY_LINE = lazyre.compile(r"""^(?P<indent>\s*)(?P<key>[\w.-]+)\s*:\s+[^\s#]""")


def _key_lines(lines: list[str]) -> list[tuple[int, int, str, str | None]]:
    """(line index, indent, key, value) of every ``key:`` line (value None when it is not one plain word)."""
    keys = []
    for i, line in enumerate(lines):
        m = KEY_LINE.match(line)
        if m and not m.group("dash"):
            keys.append((i, len(m.group("indent")), m.group("key"), m.group("value")))
        elif m is None and (other := OTHER_KEY_LINE.match(line)):
            keys.append((i, len(other.group("indent")), other.group("key"), None))
    return keys


# a Jinja statement inside a line of a project template's compose file (cookiecutter-django's
# ``django:{% if cookiecutter.use_celery == 'y' %} &django{% endif %}``): read with every branch's text kept
INLINE_STATEMENT = lazyre.compile(STATEMENT)
ANCHOR = lazyre.compile(r"&(?P<name>[\w.-]+)")
MERGE_LINE = lazyre.compile(r"""^(?P<indent>\s*)<<\s*:\s*\*(?P<name>[\w.-]+)\s*(?:#.*)?$""")


def _compose_lines(text: str) -> list[str]:
    lines = text.splitlines()
    return [INLINE_STATEMENT.sub("", line) if "{%" in line else line for line in lines] if "{%" in text else lines


def _building(lines: list[str], keys: list[tuple[int, int, str, str | None]],
              siblings: list[dict[str, int]]) -> list[bool]:
    """For each of ``keys``, whether its mapping has a ``build:`` of its own or merges one in (``<<: *django``
    where ``django: &django`` holds a ``build:``: cookiecutter-django's celery services reuse the django
    service's build and tag it with their own ``image:``)."""
    building = ["build" in group for group in siblings]
    if "<<" not in "".join(lines):
        return building
    anchored: dict[str, bool] = {}  # anchor -> whether the mapping it names builds
    for n, (i, indent, _key, _value) in enumerate(keys):
        head, _, rest = lines[i].partition(":")
        found = ANCHOR.search(rest) if "&" in rest else None
        if found and n + 1 < len(keys) and keys[n + 1][1] > indent:
            anchored[found.group("name")] = "build" in siblings[n + 1]
    merging: set[int] = set()  # id() of the mappings that merge in a building anchor
    for i, line in enumerate(lines):
        m = MERGE_LINE.match(line) if "<<" in line else None
        if m is None or not anchored.get(m.group("name")):
            continue
        indent = len(m.group("indent"))
        near = next((n for n, k in enumerate(keys) if k[0] > i and k[1] <= indent), None)  # the next key out
        if near is not None and keys[near][1] == indent:
            merging.add(id(siblings[near]))
        before = next((n for n in range(len(keys) - 1, -1, -1) if keys[n][0] < i and keys[n][1] <= indent), None)
        if before is not None and keys[before][1] == indent:
            merging.add(id(siblings[before]))
    return [b or id(group) in merging for b, group in zip(building, siblings)]


def built_image_lines(text: str) -> set[int]:
    """The (1-based) lines of the ``image:`` keys beside a ``build:`` in the same mapping, its own or merged in
    from an anchored service: the tag Compose gives the image it builds (``image:
    ${DOCKERHUB_USER:-local}/plane-frontend:${APP_RELEASE:-latest}`` too, whatever its variables), not an image it
    pulls."""
    lines = _compose_lines(text)
    keys = _key_lines(lines)
    building = _building(lines, keys, mappings(keys))
    return {i + 1 for n, (i, _indent, key, _value) in enumerate(keys) if key == "image" and building[n]}


def images_in_compose(text: str) -> set[str]:
    """The ``image:`` beside a ``build:`` in the same mapping (a service, or an ``x-`` block its services
    merge in with ``<<: *anchor``), and the names of ``additional_contexts``. Read line by line: compose files
    lean on YAML anchors and merge keys, which the safe YAML reader refuses."""
    lines = _compose_lines(text)
    keys = _key_lines(lines)
    out: set[str] = set()
    siblings = mappings(keys)
    building = _building(lines, keys, siblings)
    for n, (i, indent, key, value) in enumerate(keys):
        if key == "image" and value and building[n]:
            name = _name(value) or variable_slot(value)  # a name built from variables: its slot
            if name:
                out.add(name)
        elif key == "additional_contexts":
            for j in range(i + 1, len(lines)):
                line = lines[j]
                if not line.strip() or line.lstrip().startswith("#"):
                    continue
                if len(line) - len(line.lstrip()) <= indent:
                    break
                item = LIST_ITEM.match(line)
                child = KEY_LINE.match(line)
                label = item.group("value").split("=", 1)[0] if item and "=" in item.group("value") else (
                    child.group("key") if child and not child.group("dash") else None)
                name = _name(label) if label else None
                if name:
                    out.add(name)
    return out


# what Compose keeps of a project's name (compose-go's NormalizeProjectName): lower-case letters, digits, "-" and "_"
PROJECT_DROPPED = lazyre.compile(r"[^a-z0-9_-]")


def default_compose_images(text: str, folder: str | None) -> set[str]:
    """The names Compose gives the images it builds for the services that have a ``build:`` and no ``image:``:
    ``<project>-<service>`` (Compose v2) and ``<project>_<service>`` (docker-compose v1), the project being the file's
    top-level ``name:`` when it is written out, else ``folder``, the name of the compose file's folder (for the scan
    root, the folder the tree was checked out into), lower-cased with what Compose drops left out. 1N3/Sn1per's README
    says ``sudo docker compose up`` and then ``sudo docker run --privileged -it sn1per-kali-linux /bin/bash``, its
    docker-compose.yml's ``kali-linux`` service being ``build: {context: ., dockerfile: Dockerfile}`` (held-out set
    286): an image the project builds, not Docker Hub's ``library/sn1per-kali-linux``."""
    lines = _compose_lines(text)
    keys = _key_lines(lines)
    project = next((value.strip("\"'") for _i, indent, key, value in keys if indent == 0 and key == "name" and value), None)
    if project is None or "$" in project or "{" in project:
        project = folder
    project = PROJECT_DROPPED.sub("", (project or "").lower()).lstrip("-_")
    if not project:
        return set()
    siblings = mappings(keys)
    building = _building(lines, keys, siblings)
    out: set[str] = set()
    for service, n in _services(keys):
        if building[n] and "image" not in siblings[n]:
            for name in (f"{project}-{service}", f"{project}_{service}"):
                if (found := _name(name.lower())) is not None:
                    out.add(found)
    return out


def _services(keys: list[tuple[int, int, str, str | None]]) -> Iterator[tuple[str, int]]:
    """Each service under the top-level ``services:`` key that holds a mapping: its name, and the index in ``keys``
    of its mapping's first key."""
    services = next((n for n, (_i, indent, key, _v) in enumerate(keys) if indent == 0 and key == "services"), None)
    if services is None or services + 1 >= len(keys) or keys[services + 1][1] == 0:
        return
    level = keys[services + 1][1]
    for n in range(services + 1, len(keys)):
        indent, service = keys[n][1], keys[n][2]
        if indent == 0:
            break
        if indent == level and n + 1 < len(keys) and keys[n + 1][1] > level:
            yield service, n + 1


def compose_services(text: str) -> tuple[set[str], dict[str, str]]:
    """The services a compose file gives a ``build:`` (of their own or merged in), and each service's ``image:``
    as written."""
    lines = _compose_lines(text)
    keys = _key_lines(lines)
    siblings = mappings(keys)
    building = _building(lines, keys, siblings)
    builds: set[str] = set()
    images: dict[str, str] = {}
    for service, n in _services(keys):
        if building[n]:
            builds.add(service)
        at = siblings[n].get("image")
        if at is not None and (value := keys[at][3]):
            images[service] = value
    return builds, images


# the files Compose merges with no -f: compose.yaml (or docker-compose.yml) with its .override file. Only these are
# taken as merged: a folder's other compose files (docker-compose.prod.yml, a second example) are run on their own
# or with an -f nothing in the tree need show, and an image a production file pulls for a service the development
# file builds is pulled (r42: docker-compose.prod.yml's `web: image: ngnix` beside docker-compose.yml's
# `web: build: .` was hidden)
DEFAULT_MERGE = lazyre.compile(r"(?:docker-)?compose(?:\.override)?\.ya?ml")


def merged_compose_images(files: list[tuple[set[str], dict[str, str]]], env: dict[str, str]) -> set[str]:
    """The images Compose builds when it merges a folder's compose files (``compose.yaml`` with
    ``compose.override.yaml``, its default; :data:`DEFAULT_MERGE`), which it does service by service: the ``image:`` one
    file gives a service that another file gives a ``build:`` is the tag of the image built. API Platform's demo
    writes ``image: ${IMAGES_PREFIX:-}app-php`` in compose.yaml and the ``build:`` in compose.override.yaml (held-out
    set 306's spot set): Docker Hub's library/app-php is pulled by no one. ``files``: each file's
    :func:`compose_services`; ``env``: the ``.env`` beside them."""
    from .compose import substitute

    builds = set().union(*(b for b, _ in files))
    out: set[str] = set()
    for _, images in files:
        for service, value in images.items():
            if service in builds and (name := _name(substitute(value, env)) or variable_slot(value)):
                out.add(name)
    return out


def mappings(keys: list[tuple[int, int, str, str | None]]) -> list[dict[str, int]]:
    """For each of ``keys`` (line, indent, key, value), the keys of the mapping that holds it -> their index
    in ``keys`` (first wins); the key lines are grouped in one pass, whatever the file's size."""
    groups: list[dict[str, int]] = []
    of: list[int] = []
    stack: list[tuple[int, int]] = []  # (indent, group) of the mappings open at this point
    for n, (_line, indent, key, _value) in enumerate(keys):
        while stack and stack[-1][0] > indent:
            stack.pop()
        if not stack or stack[-1][0] < indent:
            groups.append({})
            stack.append((indent, len(groups) - 1))
        group = stack[-1][1]
        groups[group].setdefault(key, n)
        of.append(group)
    return [groups[g] for g in of]


SKAFFOLD_API = lazyre.compile(r"^apiVersion\s*:\s*[\"']?skaffold/", re.M)
# (blanks, not line ends, around the words, but for the one line end of an item whose mapping starts on the next
# line: `^\s*` tried at each line start of a run of empty lines read the rest of the run, quadratic: 20,000 empty
# lines 1.6 s; reviewer r34)
ARTIFACT_IMAGE = lazyre.compile(r"""^[ \t]*-(?:[ \t]+|[ \t]*\r?\n[ \t]+)image[ \t]*:[ \t]*(?P<q>["']?)(?P<value>[^\s"'#]+)(?P=q)[ \t\r]*(?:#.*)?$""",
                                re.M)


def skaffold_documents(text: str) -> list[str]:
    """The ``---`` documents of ``text`` that are Skaffold configurations."""
    docs = re.split(r"(?m)^---.*$", text)
    return [doc for doc in docs if SKAFFOLD_API.search(doc)]


def images_in_skaffold(text: str) -> set[str]:
    """The images a Skaffold configuration builds: each ``build.artifacts`` entry's ``image:`` (``- image:
    emailservice``, GoogleCloudPlatform/microservices-demo's skaffold.yaml; its kubernetes-manifests then run
    ``image: emailservice``, which skaffold replaces with the tag it built)."""
    out: set[str] = set()
    for doc in skaffold_documents(text):
        for m in ARTIFACT_IMAGE.finditer(doc):
            name = _name(m.group("value")) or variable_slot(m.group("value"))
            if name:
                out.add(name)
    return out


def images_in_bake(text: str) -> set[str]:
    out: set[str] = set()
    for m in BAKE_TAGS.finditer(text):
        for q in QUOTED.finditer(m.group("items")):
            name = _name(q.group(1))
            if name:
                out.add(name)
    return out


GRADLE_STRING = r"""(?:\s*=\s*|\.set\(\s*|\s*\(\s*|\s+)(?P<q>["'])(?P<value>[^"'\n]+)(?P=q)"""
JIB_TO_BLOCK = lazyre.compile(r"\bto\s*\{(?P<body>(?:[^{}]|\{[^{}]*\})*)\}")  # auth { … } inside too
JIB_TO_IMAGE = lazyre.compile(r"(?:\bimage|\bsetImage)" + GRADLE_STRING)
JIB_TO_DOTTED = lazyre.compile(r"\bto\.(?:image|setImage)" + GRADLE_STRING)
BOOT_IMAGE_NAME = lazyre.compile(r"\b(?:imageName|setImageName)" + GRADLE_STRING)


JIB_PLUGIN = lazyre.compile(r"""["']com\.google\.cloud\.tools\.jib["']""")


def images_in_gradle(text: str, project: str | None = None) -> set[str]:
    """Jib's target image (``jib { to { image = "acme/app" } }``, ``jib.to.image = '…'``, ``to.image.set(…)``)
    and Spring Boot's ``bootBuildImage { imageName = "…" }`` in a Gradle build script; a ``from { image }`` is
    pulled, and a Groovy/Kotlin string with ``${…}`` names nothing comparable. A script that applies Jib's
    plugin (``id 'com.google.cloud.tools.jib'``) and names no target builds an image named after its project
    (``project``: the Gradle project's name, when known), as ``jibDockerBuild`` does."""
    out: set[str] = set()
    values: list[str] = []
    if "jib" in text:
        for block in JIB_TO_BLOCK.finditer(text):
            values += [m.group("value") for m in JIB_TO_IMAGE.finditer(block.group("body"))]
        values += [m.group("value") for m in JIB_TO_DOTTED.finditer(text)]
        if not values and project and JIB_PLUGIN.search(text):
            values.append(project)
    if "ootBuildImage" in text:  # bootBuildImage, BootBuildImage
        values += [m.group("value") for m in BOOT_IMAGE_NAME.finditer(text)]
    for value in values:
        name = _name(value)
        if name:
            out.add(name)
    return out


MAVEN_PROPERTY = lazyre.compile(r"\$\{(?P<name>[\w.-]+)\}")
IMAGE_PROPERTIES = ("jib.to.image", "spring-boot.build-image.imageName")


def images_in_pom(text: str) -> set[str]:
    """Jib's ``<to><image>`` and Spring Boot's ``<image><name>`` in their plugins' configuration (build plugins,
    plugin management, profiles), and the ``jib.to.image``/``spring-boot.build-image.imageName`` properties.
    ``${x}`` is replaced by the pom's own literal definition (``<properties>``, ``project.artifactId``…); an
    undefined one leaves the name out, except in the tag (``app:${revision}`` is ``app``). A parent pom
    (``<packaging>pom</packaging>``) configures its modules, whose ``${project.artifactId}`` is theirs."""
    from ...errors import ParseError
    from ...parsers._xml import parse_xml

    try:
        root = parse_xml(text, "project")
    except ParseError:
        return set()
    defined: dict[str, str] = {}
    for props in root.all("properties"):
        for prop in props.children:
            defined.setdefault(prop.tag, prop.text)
    if root.child_text("packaging") != "pom":
        for key in ("artifactId", "groupId", "version", "name"):
            value = root.child_text(key)
            if value:
                defined.setdefault(f"project.{key}", value)
    values: list[str] = []
    for props in root.iter("properties"):  # profiles' properties too
        values += [c.text for c in props.children if c.tag in IMAGE_PROPERTIES]
    named = bool(values)
    for plugin in root.iter("plugin"):
        artifact = plugin.child_text("artifactId")
        if artifact == "jib-maven-plugin":
            found = [to.child_text("image") or "" for to in plugin.iter("to")]
            # without a <to><image>, jib:dockerBuild and jib:buildTar name the image after the project
            values += found if any(found) or named else ["${project.artifactId}"]
        elif artifact == "spring-boot-maven-plugin":
            values += [image.child_text("name") or "" for image in plugin.iter("image")]

    def resolve(value: str, depth: int = 0) -> str:
        if depth > 8 or "${" not in value:
            return value
        return resolve(MAVEN_PROPERTY.sub(lambda m: defined.get(m.group("name"), m.group(0)), value), depth + 1)

    out: set[str] = set()
    for value in values:
        name = _name(resolve(value))  # an unresolved tag is no part of the name: app:${revision}
        if name:
            out.add(name)
    return out


ROOT_PROJECT_NAME = lazyre.compile(r"""rootProject\.name\s*=\s*["']([^"'$\n]+)["']""")


def gradle_project(path: Path, rel: str, limit: int) -> str | None:
    """The name of the Gradle project whose build script is ``path`` (``rel`` from the scan root): the
    ``rootProject.name`` of a settings script beside it, else its folder's name (Gradle's default; for the
    scan root, the folder the tree was checked out into)."""
    from ...fsview import text_of

    for settings in ("settings.gradle", "settings.gradle.kts"):
        text = text_of(path.parent / settings, limit)  # None when missing: asked through the recording view
        if text is not None:
            m = ROOT_PROJECT_NAME.search(text)
            if m:
                return m.group(1).strip()
    return path.parent.name or None


def _compose_by_content(rel: str, text: str) -> bool:
    from ...parsers import Source
    from .compose import compose_content

    return "services" in text and compose_content(Source(rel, text))


def built_images(files: Iterable[tuple[Path, str]], limit: int) -> frozenset[str]:
    """Normalised names (``library/myapp``, ``ghcr.io/o/app``) of the images the files build or tag;
    ``files`` are (path on disk, path relative to the scan root), read through the active recording view
    (:func:`depguard.fsview.text_of`)."""
    from ...fsview import text_of
    from .. import catalog

    out: set[str] = set()
    compose_folders: dict[Path, list[tuple[set[str], dict[str, str]]]] = {}  # folder -> its compose files' services
    for path, rel in files:
        kind = _wanted(rel)
        if kind is None:
            continue
        text = text_of(path, limit)  # through the recording view: the scan caches what this reads
        if text is None:
            continue
        if kind == "shebang":
            # pages-gem's script/cibuild-docker (held-out spot set 289): `docker build -t github-pages .` then `docker
            # run … github-pages script/cibuild`, a #!/bin/sh script with no suffix, which the shell parser reads
            from ...parsers.scripts import is_shell_interpreter

            if not text.startswith("#!") or not is_shell_interpreter(text.split("\n", 1)[0]):
                continue
        if kind in ("compose", "yaml"):
            if "build" in text and (kind == "compose" or _compose_by_content(rel, text)):
                out |= images_in_compose(text) | default_compose_images(text, path.parent.name)
            if kind == "compose" and "services" in text and DEFAULT_MERGE.fullmatch(path.name.lower()):
                compose_folders.setdefault(path.parent, []).append(compose_services(text))
            if kind == "yaml" and "skaffold/" in text:
                out |= images_in_skaffold(text)
        elif kind == "kustomization":
            out |= {n for n in (_name(name) for name, _, _ in renames(text)) if n}
        elif kind == "maven":
            if "jib" in text or "build-image" in text or "spring-boot-maven-plugin" in text:
                out |= images_in_pom(text)
        elif kind == "gradle":
            out |= images_in_gradle(text, gradle_project(path, rel, limit) if "jib" in text else None)
        elif kind == "msbuild":
            if "<Container" in text:
                out |= images_in_msbuild(text)
        elif kind == "workflow":
            out |= images_in_workflow(text)
        elif kind == "cloudbuild":
            out |= images_in_cloudbuild(text)
        elif kind == "bazel":
            if "repo_tags" in text:
                out |= images_in_bazel(text)
        elif kind == "tilt":
            if "_build" in text:
                out |= images_in_tiltfile(text)
        elif rel.endswith(".hcl"):
            out |= images_in_bake(text)
        elif ("build" in text or "tag" in text or "PublishContainer" in text or "DefaultContainer" in text
              or "--docker-image-repository" in text):
            if any(fnmatch.fnmatch(PurePosixPath(rel).name, p) for p in MAKEFILE_NAMES):
                from ...parsers.scripts import expand_make_references

                text = expand_make_references(text)  # docker build -t $(IMAGE): the Makefile's own value
                out |= images_in_commands(text)
            else:  # docker build -t $IMAGE_NAME: the script's own literal values of the variable
                if rel.endswith(".ipynb"):  # a notebook's JSON, outputs and all: only its lines of build commands
                    if not any(tool in text for tool in BUILDER_WORDS):
                        continue
                    text = "\n".join(line for line in text.split("\n") if BUILDERS.search(line))
                out |= images_in_commands(text, shell_literals(text))
    for folder, services in compose_folders.items():
        if len(services) > 1:  # one file alone: images_in_compose read it
            from .compose import parse_dotenv

            out |= merged_compose_images(services, parse_dotenv(text_of(folder / ".env", limit) or ""))
    if "docker" not in catalog():
        return frozenset(out)
    return frozenset(catalog().key("docker", n).name for n in out)
