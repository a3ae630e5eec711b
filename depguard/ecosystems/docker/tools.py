"""Containers: ``docker|podman|nerdctl pull|run|create IMAGE`` (also ``container run``, ``image pull``),
ecosystem ``docker``; the command after ``run IMAGE`` and ``exec CONTAINER`` is read too (``docker run
python:3.12 pip install x`` installs x).

The image is the first positional after the options; options that take a value (``-p``, ``-v``, ``-e``,
``--name``, ``--network``, ``--platform`` …) never name it. A reference is ``[registry/][namespace/]repo
[:tag][@digest]``: Docker Hub names get the ``library/`` namespace when they have none and lose the
``docker.io/`` host; other registries keep their host (``ghcr.io/owner/app``). The name is the repository;
the tag and digest go into the spec. A reference whose registry host is a slot (``{registry}.azurecr.io``) names
no image.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...commands import Item, Options, Target, grammar, plain, targets_of_command
from ...commands.shell import Word
from ...records import replace

REPO_PART = lazyre.compile(r"^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$")
# a registry host as Docker reads one (a DNS name or an address, an optional port): a slot the reader fills in
# (``{registry}.azurecr.io``, ``<acr>.azurecr.io``) is none, and nothing can be pulled by that reference
HOST = lazyre.compile(r"^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*"
                      r"|\[[0-9A-Fa-f:]+\])(?::[0-9]+)?$")
HUB_HOSTS = {"docker.io", "index.docker.io", "registry-1.docker.io", "registry.hub.docker.com"}
RUN_VALUE = {
    "-a", "--attach", "--add-host", "--annotation", "--blkio-weight", "--blkio-weight-device", "--cap-add",
    "--cap-drop", "--cgroup-parent", "--cgroupns", "--cidfile", "--cpu-period", "--cpu-quota", "--cpu-rt-period",
    "--cpu-rt-runtime", "-c", "--cpu-shares", "--cpus", "--cpuset-cpus", "--cpuset-mems", "--detach-keys",
    "--device", "--device-cgroup-rule", "--device-read-bps", "--device-read-iops", "--device-write-bps",
    "--device-write-iops", "--dns", "--dns-option", "--dns-search", "--domainname", "--entrypoint", "-e", "--env",
    "--env-file", "--expose", "--gpus", "--group-add", "--health-cmd", "--health-interval", "--health-retries",
    "--health-start-period", "--health-start-interval", "--health-timeout", "-h", "--hostname", "--ip", "--ip6",
    "--ipc", "--isolation", "--kernel-memory", "-l", "--label", "--label-file", "--link", "--link-local-ip",
    "--log-driver", "--log-opt", "--mac-address", "-m", "--memory", "--memory-reservation", "--memory-swap",
    "--memory-swappiness", "--mount", "--name", "--network", "--net", "--network-alias", "--net-alias",
    "--oom-score-adj", "--pid", "--pids-limit", "--platform", "-p", "--publish", "--pull", "--restart",
    "--runtime", "--security-opt", "--shm-size", "--stop-signal", "--stop-timeout", "--storage-opt", "--sysctl",
    "--tmpfs", "--ulimit", "-u", "--user", "--userns", "--uts", "-v", "--volume", "--volume-driver",
    "--volumes-from", "-w", "--workdir", "--arch", "--os", "--variant", "--pod", "--secret", "--userns-uid-map",
    "--uidmap", "--gidmap", "--subuidname", "--subgidname", "--hooks-dir", "--init-path", "--log-level",
    "--requires", "--sdnotify", "--seccomp-policy", "--tz", "--umask", "--authfile", "--cert-dir", "--creds",
    "--decryption-key", "--chrootdirs", "--cgroup-conf", "--cgroups", "--conmon-pidfile", "--passwd-entry",
    "--group-entry", "--personality", "--preserve-fds", "--rdt-class", "--timeout", "--health-on-failure",
}
DOCKER = Options(with_value=frozenset({"-H", "--host", "--context", "-c", "--config", "-l", "--log-level",
                                       "--tlscacert", "--tlscert", "--tlskey"}))
RUN = Options(with_value=frozenset(RUN_VALUE))
PULL = Options(with_value=frozenset({"--platform", "--authfile", "--creds", "--cert-dir", "--arch", "--os",
                                     "--variant", "--decryption-key", "--retry", "--retry-delay"}))
EXEC = Options(with_value=frozenset({"-e", "--env", "--env-file", "-u", "--user", "-w", "--workdir",
                                     "--detach-keys"}))


def image_target(word: Word) -> Target | None:
    """A Target for an image reference, or None when it is not one (a variable, a path, bad syntax)."""
    if not plain(word) or word.text == "scratch":
        return None
    ref, _, digest = word.text.partition("@")
    slash = ref.rfind("/")
    colon = ref.rfind(":")
    tag = ""
    if colon > slash:
        ref, tag = ref[:colon], ref[colon + 1:]
    parts = ref.split("/")
    host = None
    if len(parts) > 1 and ("." in parts[0] or ":" in parts[0] or parts[0] == "localhost"):
        host, parts = parts[0], parts[1:]
    if not parts or not all(REPO_PART.match(p) for p in parts) or (host is not None and not HOST.match(host)):
        return None
    if host is None or host.lower() in HUB_HOSTS:
        if len(parts) == 1:
            parts = ["library", *parts]
        name = "/".join(parts)
    else:
        name = host.lower() + "/" + "/".join(parts)
    spec = tag + (f"@{digest}" if digest else "")
    return Target("docker", word, name, spec=spec or None)


def _after(args: list[Word], w: Word) -> list[Word]:
    return args[next(i for i, a in enumerate(args) if a is w) + 1:]


COMPOSE = Options(with_value=frozenset({"-f", "--file", "-p", "--project-name", "--profile", "--env-file",
                                        "--project-directory", "--ansi", "--parallel", "--progress"}))
COMPOSE_RUN = Options(with_value=frozenset({"-e", "--env", "-u", "--user", "-w", "--workdir", "-v", "--volume", "-p",
                                            "--publish", "--name", "--entrypoint", "-l", "--label", "--index", "--cap-add",
                                            "--cap-drop", "--env-from-file", "--pull"}))


@grammar("docker-compose", "podman-compose")
def compose(args: list[Word]) -> Iterator[Target]:
    """``docker compose run|exec SERVICE COMMAND…``: the command runs in the service's container."""
    sub, rest = COMPOSE.subcommand(args)
    if sub is not None and sub.text in ("run", "exec"):
        service, command = COMPOSE_RUN.subcommand(rest)
        if service is not None and command:
            yield from targets_of_command(command, elsewhere=f"a folder in service {service.text}")


@grammar("kubectl", "oc")
def kubectl(args: list[Word]) -> Iterator[Target]:
    """``kubectl exec POD -- COMMAND…`` / ``kubectl run NAME --image=I -- COMMAND…``."""
    texts = [w.text for w in args]
    if "--" in texts and any(t in ("exec", "run", "debug") for t in texts[: texts.index("--")]):
        command = args[texts.index("--") + 1:]
        if command:
            yield from targets_of_command(command, elsewhere="a folder in a Kubernetes pod")


# the subcommands of Apptainer (Singularity) that take an image source: `pull [FILE] docker://REF`, `build FILE
# docker://REF`, `exec|run|shell|test|inspect docker://REF …`, `instance start docker://REF NAME`
APPTAINER_SOURCES = frozenset({"pull", "build", "exec", "run", "shell", "test", "inspect", "instance"})
DOCKER_URI = "docker://"


@grammar("apptainer", "singularity")
def apptainer(args: list[Word]) -> Iterator[Item]:
    """``apptainer pull|build|exec|run … docker://REF``: Apptainer fetches REF from Docker Hub (or the registry it
    names) and converts it (a job's `singularity pull docker://python:3.11`); the first ``docker://`` word is the image.
    A ``library://``, ``oras://`` or ``shub://`` URI, a ``.sif`` file and a definition file name no Docker image. The
    command ``exec`` runs in the image is read by the engine's runner (commands/_analysis.py's RUNNERS)."""
    words = [w for w in args if not w.text.startswith("-")]
    if not words or words[0].text not in APPTAINER_SOURCES:
        return
    for w in args:
        if w.text.startswith(DOCKER_URI) and len(w.text) > len(DOCKER_URI):
            offset = len(DOCKER_URI) + (1 if w.raw[:1] in ("'", '"') else 0)
            t = image_target(replace(w, text=w.text[len(DOCKER_URI):], column=w.column + offset))
            if t:
                yield t
            return


@grammar("docker", "podman", "nerdctl", "finch")
def docker(args: list[Word]) -> Iterator[Item]:
    sub, rest = DOCKER.subcommand(args)
    if sub is not None and sub.text in ("container", "image"):
        sub, rest = DOCKER.subcommand(rest)
    if sub is None:
        return
    if sub.text == "compose":
        yield from compose(rest)
        return
    if sub.text == "pull":
        for w in PULL.positionals(rest)[:1]:
            t = image_target(w)
            if t:
                yield t
    elif sub.text in ("run", "create"):
        image, command = RUN.subcommand(rest)
        if image is None:
            return
        t = image_target(image)
        if t:
            yield t
        if sub.text == "run" and command:
            yield from targets_of_command(command, elsewhere=f"a folder in a container of {image.text}")
    elif sub.text == "exec":
        container, command = EXEC.subcommand(rest)
        if container is not None and command:
            yield from targets_of_command(command, elsewhere=f"a folder in container {container.text}")
