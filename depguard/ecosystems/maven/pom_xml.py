"""``pom.xml``: dependencies, dependencyManagement, build plugins (and their dependencies), the same inside
profiles, and the parent POM; ``${property}`` references resolved from the file's own properties.

Plugin configuration that makes Maven download artifacts is read too: ``artifactItems`` of
maven-dependency-plugin (``copy``/``unpack``) and ``annotationProcessorPaths`` of maven-compiler-plugin, at the
plugin's and each execution's ``configuration``. POMs under other names are read when the root says so:
``*.pom`` (a repository's POM) always, ``pom-*.xml``/``*-pom.xml``-style names only when the root is a
``<project>`` in the Maven POM namespace (or with a ``<modelVersion>``), so an Ant ``<project>`` is not one.
``.mvn/extensions.xml`` (core extensions Maven downloads before the build) has its own reader here.

In a POM of a multi-module build (one with a ``<parent>`` or ``<modules>``), a dependency of the project's own
groupId is a sibling module, not something to ask Maven Central about; neither is a parent with the project's
own groupId. A POM of neither kind builds alone: a vendor's sample under the vendor's groupId depends on the
vendor's published SDK (plaid's quickstart, ``com.plaid:quickstart``, on ``com.plaid:plaid-java``; Pulumi's Java
examples on ``com.pulumi:pulumi``), so its own-group dependencies are read as any other, and the artifacts the
tree's own POMs define are left out of the scan (:func:`built_artifacts`, the ecosystem's ``[own]``: a module
of an aggregator that names no parent). References that stay unresolved after property resolution are
recorded as problems.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path, PurePosixPath

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._xml import Node, parse_xml

PARSER = "pom.xml"
PROPERTY = re.compile(r"\$\{([^}]+)\}")
DEFAULT_PLUGIN_GROUP = "org.apache.maven.plugins"
POM_NAMESPACE = "http://maven.apache.org/POM/4.0.0"
# lists inside a plugin's <configuration> whose items are Maven coordinates the plugin resolves
CONFIGURED_ARTIFACTS = {"artifactItems": "artifactItem", "annotationProcessorPaths": "annotation processor"}
# ... and lists whose items are coordinates when they carry a groupId and an artifactId (spotbugs-maven-plugin's
# <plugins><plugin> detector plug-ins, resolved from the build's repositories: OpenMRS core's findsecbugs-plugin);
# an item of another shape there (a name, a class) is some other plugin's setting, neither read nor a problem
CONFIGURED_COORDINATES = {"plugins": "configured plugin"}


def properties(project: Node) -> dict[str, str]:
    props: dict[str, str] = {}
    for holder in project.all("properties"):
        for p in holder.children:
            props[p.tag] = p.text
    parent = project.child("parent")
    for field in ("groupId", "artifactId", "version"):
        value = project.child_text(field) or (parent.child_text(field) if parent is not None else None)
        if value:
            props[f"project.{field}"] = props[f"pom.{field}"] = value
        if parent is not None and parent.child_text(field):
            props[f"project.parent.{field}"] = parent.child_text(field) or ""
    return props


def resolve(value: str, props: dict[str, str]) -> str:
    for _ in range(10):  # properties may refer to properties; a cycle stops here
        new = PROPERTY.sub(lambda m: props.get(m.group(1), m.group(0)), value)
        if new == value:
            break
        value = new
    return value


def _entries(container: Node) -> Iterator[tuple[Node, str]]:
    """(dependency-or-plugin node, kind) for one project or profile."""
    for dep in container.all("dependencies", "dependency"):
        yield dep, "dependency"
    for dep in container.all("dependencyManagement", "dependencies", "dependency"):
        yield dep, "dependencyManagement"
    for build in container.all("build"):
        for path in (("plugins", "plugin"), ("pluginManagement", "plugins", "plugin")):
            for plugin in build.all(*path):
                yield plugin, "plugin"
                for dep in plugin.all("dependencies", "dependency"):
                    yield dep, "plugin dependency"
                yield from _configured(plugin)
        for ext in build.all("extensions", "extension"):
            yield ext, "extension"
    for plugin in container.all("reporting", "plugins", "plugin"):
        yield plugin, "plugin"


def _configured(plugin: Node) -> Iterator[tuple[Node, str]]:
    """Coordinates in a plugin's configuration (its own and each execution's): artifactItems, processor paths."""
    configs = [*plugin.all("configuration"), *plugin.all("executions", "execution", "configuration")]
    for config in configs:
        for holder, kind in CONFIGURED_ARTIFACTS.items():
            for lst in config.all(holder):
                for item in lst.children:  # <artifactItem>, <path>, <annotationProcessorPath>: any element name
                    yield item, kind
        for holder, kind in CONFIGURED_COORDINATES.items():
            for lst in config.all(holder):
                for item in lst.children:
                    if item.child_text("groupId") and item.child_text("artifactId"):
                        yield item, kind


def is_pom(project: Node) -> bool:
    """A ``<project>`` root in the Maven POM namespace, or without a namespace but with a ``<modelVersion>``."""
    if project.tag != "project":
        return False
    namespace = project.attrs.get("xmlns")
    return namespace == POM_NAMESPACE if namespace else project.child("modelVersion") is not None


@file_format("pom.xml", ("pom.xml", "*.pom"), ecosystem="maven", kind="manifest",
             description="Maven POMs: dependencies, dependencyManagement, plugins, profiles, parent")
def parse(source: Source) -> Iterator[Mention]:
    from .repositories import mark_other_repositories

    yield from mark_other_repositories(source, _project(source, parse_xml(source.text, "project", "a Maven POM")))


# a docs block that is a piece of a POM: its elements read inside a <project>, bare <dependency> items inside
# its <dependencies>; each wrapper on the block's first line, so lines stay the block's own
FRAGMENTS = (("<project>", "</project>"), ("<project><dependencies>", "</dependencies></project>"))


def fragment(sub: Source) -> Iterator[Mention]:
    """The coordinates of a block that is a piece of a POM, not a whole one: ``<dependency>`` items (one or
    several, okhttp's README and changelogs), a ``<dependencies>``, ``<dependencyManagement>`` or ``<build>``
    element, read inside a project (the text reader calls this when the POM parser cannot read a ``pom.xml``
    block: ``[text] fallback`` in this folder's ecosystem.toml). A block that is no XML even so gives nothing."""
    if sub.text.lstrip().startswith("<?xml") or "<project" in sub.text:
        return  # a whole document: the POM parser's verdict stands
    for head, tail in FRAGMENTS:
        try:
            root = parse_xml(head + sub.text + tail, "project")
        except ParseError:
            return
        if head == FRAGMENTS[0][0] and root.child("dependency") is not None:
            continue  # bare items: read them inside <dependencies>
        yield from _project(sub, root)
        return


@file_format("pom-named", ("pom?*.xml", "*?pom.xml"), ecosystem="maven", kind="manifest",
             description="Maven POMs under other names (pom-java8.xml, release-pom.xml): read when the root is a POM")
def parse_named(source: Source) -> Iterator[Mention]:
    if "<project" not in source.text:
        return  # some other XML that happens to have "pom" in its name
    project = parse_xml(source.text)
    if is_pom(project):
        yield from _project(source, project)


@file_format("maven-extensions", (".mvn/extensions.xml",), ecosystem="maven", kind="manifest",
             description="Maven core extensions (.mvn/extensions.xml)")
def parse_extensions(source: Source) -> Iterator[Mention]:
    root = parse_xml(source.text, "extensions", "a Maven extensions.xml")
    for ext in root.all("extension"):
        group, artifact = ext.child_text("groupId"), ext.child_text("artifactId")
        if not group or not artifact:
            source.problem("<extension> without groupId or artifactId", ext.line)
        elif "${" in group or "${" in artifact:
            source.problem(f"unresolved property in {group}:{artifact}", ext.line)
        else:
            yield _mention(source, ext, group, artifact, ext.child_text("version"), "core extension")


def _project(source: Source, project: Node) -> Iterator[Mention]:
    props = properties(project)
    parent = project.child("parent")
    # a sibling module shares the groupId only inside a multi-module build; alone, the same group is a publisher's
    own_group = props.get("project.groupId") if parent is not None or project.child("modules") is not None else None
    if parent is not None:
        group, artifact = parent.child_text("groupId"), parent.child_text("artifactId")
        if group and artifact and group != props.get("project.groupId"):
            yield _mention(source, parent, group, artifact, parent.child_text("version"), "parent")
    containers = [project, *project.all("profiles", "profile")]
    for container in containers:
        for node, kind in _entries(container):
            raw_group = node.child_text("groupId") or (DEFAULT_PLUGIN_GROUP if kind == "plugin" else None)
            raw_artifact = node.child_text("artifactId")
            if not raw_group or not raw_artifact:
                source.problem(f"<{node.tag}> without groupId or artifactId", node.line)
                continue
            group, artifact = resolve(raw_group, props), resolve(raw_artifact, props)
            if "${" in group or "${" in artifact:
                source.problem(f"unresolved property in {group}:{artifact}", node.line)
                continue
            if own_group and group == own_group:
                continue
            version = node.child_text("version")
            yield _mention(source, node, group, artifact, resolve(version, props) if version else None,
                           None if kind == "dependency" else kind)


def _mention(source: Source, node: Node, group: str, artifact: str, version: str | None, note: str | None) -> Mention:
    target = node.child("artifactId")
    line, column = (target.line, target.column + len("<artifactId>")) if target is not None else (node.line, None)
    return source.mention("maven", f"{group}:{artifact}", line, column, Origin.MANIFEST, PARSER, spec=version, note=note)


def built_artifacts(files: Iterable[tuple[Path, str]], limit: int) -> frozenset[str]:
    """``groupId:artifactId`` of every POM of the tree (``pom.xml``, the groupId its parent gives when it has
    none), read through the active recording view (:func:`depguard.fsview.text_of`): the artifacts the tree
    builds itself, no registry's names wherever they are used (the ``[own]`` of this ecosystem: a module of an
    aggregator POM that names no parent depends on its sibling by the shared groupId)."""
    from ...fsview import text_of

    out: set[str] = set()
    for path, rel in files:
        if PurePosixPath(rel).name != "pom.xml":
            continue
        text = text_of(path, limit)
        if text is None or "<artifactId>" not in text:
            continue
        try:
            project = parse_xml(text, "project", "a Maven POM")
        except ParseError:
            continue
        props = properties(project)
        group, artifact = props.get("project.groupId"), project.child_text("artifactId")
        if group and artifact:
            group, artifact = resolve(group, props), resolve(artifact, props)
            if "${" not in group + artifact:
                out.add(f"{group}:{artifact}")
    return frozenset(out)
