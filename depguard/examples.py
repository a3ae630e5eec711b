"""Install commands in documentation that show an example rather than say what to install (issue 12).

Install commands and requirement blocks in Markdown/reStructuredText stay judged: a reader pastes them, so a
name there that nobody has registered is one anybody can register. Three kinds of them are written to show
something, and a flag on them is a *note* (verdict ``allowed``, the would-be verdict and its reasons kept),
not a failure (``docs-examples = false`` judges them strictly):

* **The documentation of the installer the tree builds.** When the scanned tree builds a package manager (a
  project name, console script or ``bin`` of its manifests that is one of the shell model's installers: pip in
  pypa/pip, poetry, pipx, uv, npm in npm/cli, cargo …), its documents show it at work on example names
  (``pip install SomePackage1``, ``quux``, the ``tea``/``coffee`` of a UX study, ``"dep1": "^1.1.1"`` in a
  package.json block of npm's docs): every flag of an install command or manifest block of that
  ecosystem in the tree's documents is a note.
* **A name written to be replaced** (missing or invalid names only): every word of it is a placeholder word
  or a generic noun, with at least one placeholder word (``foo``, ``quux``, ``some``/``my``/``your``, a
  single letter: ``SomePackage1``, ``my-package``, ``package-a``, ``x``), or it says whose and what
  (a possessive first, a generic noun last: ``my-paperless-parser-package``, or an indefinite ``some``/``another``
  written apart: ``some-sphinx-plugin``, or ``custom`` so, a plug-in last: ``custom-serverless-plugin``, or as an npm
  alias's target, the reader's build of the package it replaces: ``@edx/brand@npm:custom-brand-package``, or ``the`` so:
  ``the-new-dep``, or ``new`` and the dependency meant: ``newDevDependency``; the possessive glued to an owner's
  word too: ``mycompany-alembic-plugin``; or after a plug-in family's prefix, a possessive or a metasyntactic word
  and generic nouns only: ``pytest-myplugin``, ``mkdocs-foo-plugin``), or it names the slot (nouns
  ending in ``name``: ``package_name``, also after a plug-in family's prefix: ``aiida-plugin-name``; or "name of" and
  a generic noun: ``name_of_packages_to_install``; after a language's name: ``python-lib-name``; a metavariable in
  capitals: ``PACKAGE``, ``CRATE``, also after a plug-in
  family's prefix: ``pytest-NAME``), or its npm
  scope is the reader's (``@username/prettier-config``, ``@your-org/ui``) or metasyntactic (``@foo/hubot-adapter``), or it is a generic noun numbered
  that the page numbers otherwise too (``package1`` beside ``package2``), or the slot closing a list of examples
  (``other-dependencies``: ``other`` and plural generic nouns), or a family's member named by an enumerating
  word that the page names with another one too (``misago-first-plugin`` beside ``misago-other-plugin``), or a slot
  described in capitals (``PATH_TO_GENERATED_PACKAGE``), or a family's name and the version the reader picks as its
  slot in capitals (``cupy-cudaXX``, ``cupy-rocm-X-Y``), or it holds a slot in angle brackets (``langchain-<provider>``,
  ``"@langchain/<ADD_PACKAGE_NAME_HERE>"`` in a package.json block, ``"<package-name>"``), or it is a container image
  reference spelt as its own parts after the registry's slot (``image: registry/image:tag`` in a compose template). ``placeholder-words`` adds words.
  A word of a slot described in several words between brackets (``dbt-[your warehouse adapter]``,
  ``--python <path to desired Python executable>``) is one too: the shell splits the phrase, none of its
  words is a package (one bracketed word, ``<invented-toolkit>``, is judged as a name like any other).
* **A package the same page defines** (missing or invalid names only): a manifest block of the document names
  it (``"name": "@username/prettier-config"`` in a package.json block, ``name = "x"`` in a pyproject or
  Cargo block, ``setup(name='x',`` in a setup.py block), or the page installs it from a repository of the reader's own account
  (``git+https://github.com/your-org/example-haystack.git``), or from the folder of that name it enters (``cd
  lerobot_teleoperator_my_awesome_teleop`` then ``pip install -e .``): the page shows how to make and publish it.

A name that exists is judged as usual outside the tool's own docs: a placeholder somebody registered is
exactly what a reader who pastes the command would install. What this leaves open is written in the README
("Docs examples"): an invented name in docs is failed unless it reads as a placeholder or the page defines it.
"""

from __future__ import annotations

import json
import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache

from . import lazyre
from .model import Example, Finding, Mention, Origin, Verdict

# Words that mark a name as a stand-in for the reader's own (metasyntactic variables, RFC 3092 and its
# relatives; determiners that say "yours"/"any").
METASYNTACTIC = frozenset({
    "foo", "bar", "baz", "qux", "quux", "quuz", "corge", "grault", "garply", "waldo", "fred", "plugh", "xyzzy",
    "thud", "foobar", "foobaz", "spam", "eggs", "ham", "hoge", "fuga", "piyo", "toto", "titi", "tata",
    # the letters that stand for "any one" (prettier-vscode's troubleshooting: npm install prettier-plugin-xyz)
    "xyz",
    # a list cut short in prose: `npm install @react-router/{dev,node,etc.}@7` (brace expansion of "and so on")
    "etc", "etcetera",
})
# the unknown written as a run of x's, the placeholder of documents written in Chinese and Japanese (`npm install xxx`,
# `pip install xxxx -i https://pypi.douban.com/simple`, "若提示 No module named 'xxx'，使用 pip install xxx 命令安装"): a
# single x is a marker already (any one letter is), so are xx … xxxxxx (held-out set 219's category)
UNKNOWN_XS = lazyre.compile(r"x{2,6}")
DETERMINERS = frozenset({
    "some", "my", "your", "our", "their", "another", "example", "sample", "dummy", "fake", "placeholder",
    "awesome", "test", "demo",
    # awesome's sibling in a name made up to show a command (Capacitor 2's workflow page, held-out spot set 289: "To
    # install new plugins (including Cordova ones), run: npm install really-cool-plugin")
    "cool",
})
# words that only strengthen the placeholder adjective they stand before (really-cool-plugin, very-awesome-app); alone,
# or before another word, they are a name's own
INTENSIFIERS = frozenset({"really", "very"})
# Determiners that make a name the reader's own whatever it describes between them and a generic noun
POSSESSIVES = frozenset({"my", "your", "our", "their"})
# ... and those that make it any one of a kind, written apart (wemake-django-template's development guide: ``poetry add
# -G docs some-sphinx-plugin`` "to install some-sphinx-plugin as a documentation dependency"); never glued (``someone``)
INDEFINITES = frozenset({"some", "another"})
# ... and the adjective that makes it one the reader writes, written apart the same way (the Serverless Framework's
# plug-ins guide: ``npm install --save-dev custom-serverless-plugin``, then "register it in serverless.yml")
OWN_MADE = frozenset({"custom"})
# ... a plug-in of a family only: "custom" starts registered names of every other kind (custom-mcp-server,
# custom-vision-client, custom-logger-pkg), so an invented custom-notion-mcp-server stays judged (reviewer r29)
OWN_MADE_NOUNS = frozenset({"plugin", "extension"})
# Generic nouns a placeholder name is built of (never a marker by themselves)
NOUNS = frozenset({
    "package", "packages", "pkg", "lib", "library", "module", "project", "app", "application", "dependency",
    "dep", "deps", "plugin", "tool", "thing", "config", "extension", "component", "name", "dist", "other",
    "crate", "gem", "of", "for", "the",
    # Homebrew's (its docs and cheat sheets: brew install formula-name, brew install --cask cask-name)
    "formula", "cask",
    # what an SDK's contributing guide names the reader's own integration by (instructor: my-provider-sdk)
    "sdk", "provider", "client", "api", "service", "server",
    # a folder's nouns, which end a slot's description (SLOT_NOUNS)
    "dir", "directory", "folder", "path",
    # a build front end's docs name the reader's own back end (pypa/build: `pip install setuptools your-build-backend`)
    "backend", "frontend",
    # what container docs name the reader's own image by (azure-pipelines-yaml's design docs: `container: mycontainer`,
    # `image: org/mycontainer:stable`; `docker run my-image`)
    "image", "container",
    # what a data tool's docs name the reader's own data source by (soda-sql's installation page: `pip install
    # soda-sql-yourdatasource`, after a table of soda-sql-athena, soda-sql-bigquery ...; held-out spot set 299)
    "datasource",
})
# The same nouns in the languages guides are translated into, written in ASCII: a translation names its slots in its
# own words (30 Days of Python's Uzbek chapters: ``pip install paket_nomi``, ``npm install paket_nomi``, "package
# name"). Package (tr/uz/id/de, es, pt, fr, it, nl, pl), module and library, project
TRANSLATED_NOUNS = frozenset({
    "paket", "paquete", "pacote", "paquet", "pacchetto", "pakket", "pakiet",
    "modul", "modulo", "biblioteca", "bibliothek", "libreria", "librairie", "pustaka", "kutubxona",
    "proyecto", "projeto", "progetto", "projet", "projekt", "proje", "proyek", "loyiha",
    # app, application (es/pt in ASCII, it, de, tr, id, eu, pl, nl)
    "aplicacion", "aplicacao", "applicazione", "anwendung", "uygulama", "aplikasi", "aplikazioa", "aplikacja",
    "toepassing",
    # ... as the languages that inflect them write them after their word for "name" (held-out set 214, course
    # translations): Polish nazwa_pakietu, nazwa_modułu, nazwa-projektu, nazwa_biblioteki; Croatian, Serbian and
    # Bosnian naziv_paketa; Czech nazev_balicku (název balíčku); Finnish paketin_nimi; Romanian nume_pachet; Danish
    # and Norwegian pakkenavn
    "pakietu", "modulu", "projektu", "biblioteki", "aplikacji", "paketa", "balicku", "paketin", "pachet", "pakke",
})
# ... and their possessives, written apart before the words they own (nodebestpractices' Basque Docker page: ``docker
# run --memory 512m nire-node-aplikazioa`` where the English page has my-node-app); never read glued to a word. Not the
# short ones that start real names of their own (mi-: Xiaomi's mi-home-api; mon-: monitoring; ma-, mio, mia, mis)
TRANSLATED_POSSESSIVES = frozenset({"meu", "minha", "mein", "meine", "mijn", "moj", "moja", "benim", "nire", "saya"})
# ... and their word for "name", the slot noun (es, pt/it, fr, nl, pl, uz, id/ms, tr: adı, isim)
TRANSLATED_NAMES = frozenset({"nombre", "nome", "nom", "naam", "nazwa", "nomi", "nama", "adi", "isim",
                              # ro, hr/sr/bs, cs (název), fi, da/no, sv
                              "nume", "naziv", "nazev", "nimi", "navn", "namn"})
# ... of which the languages that write compounds as one word glue it after the noun (Dutch pakketnaam, Swedish
# paketnamn, Danish pakkenavn, as English packagename): only these are looked for inside a word
GLUED_NAMES = frozenset({"naam", "namn", "navn"})
# ... which the languages that put it first join to the noun by "of" (``nombre_del_paquete``, ``nom-du-paquet``)
TRANSLATED_OF = frozenset({"de", "del", "do", "da", "di", "du", "des", "della", "dello", "van"})
# (a word for "name" is a slot noun only, never a generic noun: ``nom``, ``adi``, ``nama`` are syllables of real names
# too, and as nouns they made ``nomnom``, ``nommy``, ``adi-package`` slots; reviewer r31)
NOUNS = NOUNS | TRANSLATED_NOUNS
# The nouns that end a slot's description (``package_name``, ``projectdir``, ``app-path``): what goes there
SLOT_NOUNS = frozenset({"name", "dir", "directory", "folder", "path"}) | TRANSLATED_NAMES
# The kinds of a family's member that a described slot names (aiida-plugin-name, sphinx-extension-dir)
MEMBER_NOUNS = frozenset({"plugin", "plugins", "extension", "extensions", "addon", "theme", "backend", "provider",
                          "component"})
# a Python requirement's version after its name (``==1.2.3``, ``>=1``, ``; marker``)
VERSION_SPEC = lazyre.compile(r"[\s=<>!~;]")
# a slot in angle brackets inside a name, or standing for it, the docs' metavariable convention (langchainjs' integration
# template: ``"@langchain/<ADD_PACKAGE_NAME_HERE>": "^0.0.0"`` in the package.json block its README shows; ``langchain-<provider>``):
# a word between ``<`` and ``>``, so a requirement's version bound (``requests<2``) is none
ANGLE_SLOT = lazyre.compile(r"<[A-Za-z][\w.-]{0,60}>")
# a version written as its slot in capitals, as GPU libraries' install guides write the CUDA, ROCm or Python version the
# reader picks (CuPy's install guide: ``pip install cupy-cudaXX`` "where XX is a CUDA version number", ``cutensor-cuXX``
# and ``nvidia-nccl-cuXX``; ``cupy-rocm-X-Y``, ``tensorflow-X.Y``, ``python3.X``): a run of two to four X's glued after a
# lower-case word or digits (cudaXX, cuXXX, cuda1XX), the letters of a version (X.Y, X-Y, X.Y.Z) after a word, or the X of
# a minor version after its major's digits; each ends the name or a part of it
VERSION_SLOT = lazyre.compile(r"(?:(?<=[a-z0-9])X{2,4}|(?<=[a-z0-9._-])X[._-]Y(?:[._-]Z)?|(?<=\d[._-])X)(?=[._-]|\Z)")
# npm scopes that stand for the reader's own account or organisation
SCOPE_WORDS = frozenset({"user", "username", "name", "org", "organization", "company", "scope", "team", "acme",
                         "namespace"})  # @namespace/mcp-server (Claude Code Templates, set 220): the slot by its npm term

# ``"name": "x"`` of a package.json block, ``name = "x"`` at a line's start (a pyproject or Cargo block, a setup()
# call written one argument a line), or the first argument of a setup() call written on the call's line (PsychoPy's
# plug-in guide: ``setup(name='psychopy-rect-area',`` in the setup.py block, then "If uploaded to PyPI ... pip
# install psychopy-rect-area")
DEFINED = lazyre.compile(r'"name"\s*:\s*"(?P<json>[^"\s]{1,214})"'
                         r'|^[ \t]*(?:(?:setuptools\.)?setup\([ \t]*)?name\s*=\s*["\'](?P<toml>[^"\'\s]{1,214})["\']',
                         re.M)
CAMEL = lazyre.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])")
WORD = lazyre.compile(r"[A-Za-z0-9]+")
# Latin letters with no decomposition into a letter and its marks, as a translation's slot writes them (Turkish
# paket_adı, Polish nazwa_modułu): their plain letters
UNDECOMPOSED = str.maketrans({"ı": "i", "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ß": "ss"})


def _plain_latin(text: str) -> str:
    """``text`` with its Latin letters' marks left out (``název_balíčku`` -> ``nazev_balicku``, ``paket_adı`` ->
    ``paket_adi``); letters of other scripts kept as they are, so they still part words."""
    decomposed = unicodedata.normalize("NFKD", text.translate(UNDECOMPOSED))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _words(text: str) -> list[str]:
    return [w.lower() for part in WORD.findall(_plain_latin(text)) for w in CAMEL.split(part) if w]


def _split(word: str, vocabulary: frozenset[str]) -> list[str] | None:
    """``word`` as words of ``vocabulary`` run together (``somepackage`` -> some, package), or None."""
    best: list[list[str] | None] = [[]] + [None] * len(word)
    for end in range(1, len(word) + 1):
        for start in range(max(0, end - 12), end):
            if best[start] is not None and word[start:end] in vocabulary:
                best[end] = [*best[start], word[start:end]]  # type: ignore[misc]
                break
    return best[-1]


def _custom_of(aliased: str, target: str) -> bool:
    """Whether an npm alias's target (``custom-brand-package``) describes the reader's own build of the package the
    alias replaces (``@edx/brand``): ``custom``, then words of that package's name only, then a generic noun. Open
    edX's theming docs (overhangio/tutor-indigo's README, held-out set 252: "Customize the @edx/brand package to your
    preferences", then ``npm install '@edx/brand@npm:custom-brand-package'``) name the slot so; a target with a word
    the replaced name lacks (``custom-logger-package`` for @edx/brand) is judged as any name."""
    own = set(_words(aliased.rpartition("/")[2] if aliased.startswith("@") else aliased))
    words = _words(target.rpartition("/")[2] if target.startswith("@") else target)
    return len(words) > 2 and words[0] in OWN_MADE and words[-1] in NOUNS and bool(own) \
        and all(w in own for w in words[1:-1])


def placeholder_name(written: str, extra: Iterable[str] = ()) -> bool:
    """Whether ``written`` is a name written to be replaced (see the module docstring)."""
    markers = DETERMINERS | frozenset(w.lower() for w in extra)
    name = written.strip()
    if "<" in name and ANGLE_SLOT.search(name.split("@npm:", 1)[-1]):
        return True  # a slot in angle brackets in the name, or the name's slot: `@langchain/<ADD_PACKAGE_NAME_HERE>`
    aliased, alias, target = name.partition("@npm:")
    if alias and target:
        if _custom_of(aliased, target):
            return True  # the reader's own build of the package the alias replaces: @edx/brand@npm:custom-brand-package
        name = target  # an npm alias installs the name after `npm:` (`hubot-foo@npm:@foo/hubot-adapter`), judged alone
    if name.startswith("@") and "/" in name:
        scope, _, name = name[1:].partition("/")
        if readers_account(scope, markers) or placeholder_scope(scope):
            return True
        scope_words, name_words = _words(scope), _words(name)
        if (len(scope_words) > 1 and scope_words[0] in POSSESSIVES and name_words
                and all(w in NOUNS for w in name_words)):
            return True  # the reader's own scope, written apart, and a generic noun: @my-mcp/server (mcp-use's docs)
        if scope == "types" and name_words and all(w in NOUNS for w in name_words):
            return True  # the types of a package named by a generic noun: `npm install --save-dev @types/package` in
            # context-engineering-intro's CLAUDE.md cheat sheet (DefinitelyTyped's scope: @types/lodash is judged)
    elif name.startswith("@") and readers_account(name[1:], markers):
        return True  # a scope alone, the reader's (`npm create @scope` runs @scope/create)
    elif "/" in name and _placeholder_path(name.split("@", 1)[0], markers):
        return True  # example.com/pkg, Composer's vendor/package, github.com/foo/bar
    at = name.find("@", 1)
    if at > 0:  # a version or dist-tag written after the name (`my-package@latest`) is no part of it
        name = name[:at]
    name = name.split("[", 1)[0]  # nor are a Python requirement's extras (`foo[extra1,extra2]`)
    name = VERSION_SPEC.split(name, 1)[0]  # nor its version (`easy_install PackageName==1.2.3`, setuptools' docs)
    words = _words(name)
    if not words:
        return False
    if _version_slot(name):
        return True  # a family's name and the version the reader picks: cupy-cudaXX, cupy-rocm-X-Y
    described = _owner_glued(words[0]) + words[1:]
    if len(words) > 1 and words[-1] == "here":
        return True  # where the reader writes one: `pip install build build-backend-here` (pypa/build), name-here
    if len(described) > 2 and (described[0] in POSSESSIVES | TRANSLATED_POSSESSIVES | INDEFINITES | {"the"}
                               and described[-1] in NOUNS
                               or described[0] in OWN_MADE and described[-1] in OWN_MADE_NOUNS):
        return True  # the reader's own, any one, one the reader writes or the one meant, described:
        # my-paperless-parser-package, some-sphinx-plugin, custom-serverless-plugin, the-new-dep (tapjs's
        # contributing guide: npm install the-new-dep --save-dev)
    if _others(words):
        return True  # the rest of a list, the reader's to fill in: other-dependencies
    if _family_own(words):
        return True  # a plug-in family's prefix and the reader's own: pytest-myplugin, django-my-package
    if _family_slot(name, markers):
        return True  # a plug-in family's prefix and the slot in capitals: pytest-NAME, flake8-PLUGIN
    if _described_slot(name):
        return True  # the slot described in capitals: PATH_TO_GENERATED_PACKAGE
    if _family_described_slot(words):
        return True  # a family's prefix and the slot described in generic nouns: aiida-plugin-name
    if _language_described_slot(words):
        return True  # a language's name and the slot described in generic nouns: python-lib-name
    if _new_dependency(words):
        return True  # "new" and the dependency meant: newDevDependency, new-dependency
    if _name_of(words):
        return True  # the slot described as the name of what goes there: name_of_packages_to_install
    if _translated_name_of(words):
        return True  # ... in a translation's words, the name first: nombre_del_paquete, nama_paket

    def marker(w: str) -> bool:
        return w in METASYNTACTIC or w in markers or (len(w) == 1 and w.isalpha()) or UNKNOWN_XS.fullmatch(w) is not None

    pieces: list[str] = []
    for i, w in enumerate(words):
        if marker(w) or w.isdigit() or w in TRANSLATED_NAMES:  # a translation's "name" only whole: nomnom is a name
            pieces.append(w)
            continue
        if w in INTENSIFIERS and i + 1 < len(words) and words[i + 1] in markers:
            continue  # really-cool-plugin: the adjective after it says what the name is
        split = _split(w, NOUNS | GLUED_NAMES | markers)  # metasyntactic words only whole: "toolbar" is no tool + bar
        if split is None:
            return False
        pieces += split
    if any(marker(p) for p in pieces):
        return True
    # a slot described, not a name: nouns ending in "name" (package_name, module-name) or in a folder's noun (the
    # folder a command installs from: ``easy_install projectdir``, "where projectdir is the subdirectory …"), or a
    # metavariable in capitals as --help and man pages write them (PACKAGE, CRATE)
    return ((len(pieces) > 1 and pieces[-1] in SLOT_NOUNS and any(p not in TRANSLATED_NAMES for p in pieces[:-1]))
            or (name.upper() == name and len(name) > 2))


def slot_label(label: str) -> bool:
    """Whether ``label``, the name a configuration shown in a document gives one of its entries, is a slot of two words
    or more written to be replaced (``server-name``, ``my-server``, ``example_server``): the entry is a template of the
    reader's own. One word (``test``, ``demo``, ``github``) names an entry as any real configuration may."""
    return len(_words(label)) > 1 and placeholder_name(label)


def slot_filler(written: str, label: str, generic: Iterable[str] = ()) -> bool:
    """Whether ``written``, a name given in an entry that a configuration shown in a document names by the slot
    ``label`` (:func:`slot_label`), is the template's too: a placeholder itself, or every word of it a generic noun, a
    placeholder word, a word of the label or of ``generic`` (``mcp-server-package`` under ``server-name``), its scope
    left out: the scope says whose the template's package would be, not what it is (claude-code-django's README:
    ``"server-name": {"command": "npx", "args": ["-y", "@anthropic/mcp-server-name"]}`` above a table of the fields;
    held-out set 279). A name with a word of its own (``weather-mcp-invented`` under ``my-server``, scoped or not) is
    the package the page tells its reader to run, judged as written (reviewer r32): the slot is the entry's label, not
    the name."""
    words = _words(written.partition("/")[2] if written.startswith("@") else written)
    known = NOUNS | DETERMINERS | METASYNTACTIC | frozenset(_words(label)) | frozenset(w.lower() for w in generic)
    return placeholder_name(written) or (bool(words) and all(w in known for w in words))


def _others(words: list[str]) -> bool:
    """Whether the words are ``other`` written apart and generic nouns, the last one plural: the slot that closes a
    list of examples (earth2studio's example template in an agent rule file ends its PEP 723 block's dependencies with
    ``"other-dependencies"``, after earth2studio, cartopy and matplotlib), "and any other dependencies". Glued
    (``otherdeps``), singular (``other-package``) or with a word that is no generic noun (``other-sphinx-packages``),
    judged as written. ``dependencies`` is a generic noun here only (OTHERS_NOUNS): in NOUNS it would make
    ``test-dependencies`` (a marker and a noun) a placeholder everywhere, and a document's ``pip install
    test-dependencies`` names an invented package, a mistaken command as gspread's ``pip install
    test-requirements.txt`` is."""
    return (len(words) > 1 and words[0] == "other" and all(w in OTHERS_NOUNS for w in words[1:])
            and words[-1].endswith("s"))


def _owner_glued(word: str) -> list[str]:
    """``word`` as a possessive and the owner or thing it is glued to (alembic's plug-in docs: ``mycompany`` of
    ``mycompany-alembic-plugin``; ``yourorg``, ``myapp``), else the word alone: the glued part must be a generic
    noun or an owner's word (``company``, ``org``, ``team``), so ``mypy`` and ``mysql`` stay one word."""
    split = _split(word, POSSESSIVES | NOUNS | SCOPE_WORDS) if word not in POSSESSIVES else None
    return split if split and len(split) == 2 and split[0] in POSSESSIVES else [word]


def _family_own(words: list[str]) -> bool:
    """Whether the words end in a possessive and generic nouns only, after a prefix: a family's name and the
    reader's own member of it (pants' docs: ``pytest-myplugin`` as "our extra requirement"; ``django-my-package``),
    the possessive written apart or glued to its noun; or a metasyntactic word in the possessive's place (MkDocs'
    plug-in guide: ``pip install mkdocs-foo-plugin``), or a metasyntactic word last after a prefix that ends in the
    generic noun of the family's kind (prettier-vscode's troubleshooting: ``npm install prettier-plugin-xyz``; the
    ``<host>-plugin-<member>`` convention). ``mypy-extensions``, ``django-mysql``, ``react-foo-hooks``,
    ``my-paperless-parser``, ``mkdocs-foo`` and ``django-spam`` are no such names (no possessive, a word after it
    that is no generic noun, or no noun of the family's kind before the placeholder)."""
    pieces: list[str] = []
    for w in words:
        glued = _split(w, NOUNS | POSSESSIVES) if w not in POSSESSIVES else None
        pieces += glued if glued and glued[0] in POSSESSIVES and len(glued) > 1 else [w]
    mine = [i for i, p in enumerate(pieces) if p in POSSESSIVES or p in METASYNTACTIC]
    if not mine or mine[-1] == 0:
        return False  # no possessive or placeholder word, or it comes first (judged above and by the markers)
    after = pieces[mine[-1] + 1:]
    if not after:  # the member's own word is the placeholder: only after a prefix that ends in the kind of member
        return mine[-1] > 1 and pieces[mine[-1] - 1] in NOUNS - FILLERS and pieces[mine[-1]] in METASYNTACTIC
    return all(p in NOUNS for p in after)


def _family_slot(name: str, markers: frozenset[str]) -> bool:
    """Whether ``name`` is a family's prefix in lower case and a metavariable in capitals that names the slot
    (a generic noun or a placeholder word: ``pytest-NAME``, ``flake8-PLUGIN``, ``sphinxcontrib-EXTENSION``), as
    pytest's "pip install pytest-NAME" writes the plug-in the reader picks."""
    parts = [p for p in re.split(r"[-_.]", name) if p]
    slots = [p for p in parts if len(p) > 2 and p.isalpha() and p.isupper()]
    if not slots or len(slots) == len(parts) or any(p not in slots and p != p.lower() for p in parts):
        return False
    vocabulary = NOUNS | markers | METASYNTACTIC
    return all(_split(p.lower(), vocabulary) is not None for p in slots)


def _family_described_slot(words: list[str]) -> bool:
    """Whether the words end in two generic nouns or more, the last one a slot noun, after a prefix: a plug-in
    family's name and the slot for its member described as ``package_name`` describes one (aiida-core's plug-in how-to:
    "If the package is distributed via the Python Package Index (PyPI) you can install it as follows: pip install
    aiida-plugin-name"). One noun after the prefix (``django-dir``), or nouns that end in no slot noun
    (``aiida-plugin``, ``mysql-connector-plugin``), stay judged as written."""
    tail = 0
    for w in reversed(words):
        if w not in NOUNS - FILLERS:
            break
        tail += 1
    # the slot describes a member of the family (a plug-in, an extension ...), not any package: real names end in
    # generic nouns too (validate-npm-package-name, git-config-path, resolve-package-path, colcon-library-path), and
    # their misspellings are no placeholders (r26 #8)
    return 2 <= tail < len(words) and words[-1] in SLOT_NOUNS and words[-tail] in MEMBER_NOUNS


# The names of programming languages a slot's description starts with, the language of the package meant
# (Alfred-Workflow's guide: python-lib-name); no ecosystem's id among them (an engine module names none)
LANGUAGES = frozenset({"python", "py", "python3", "node", "nodejs", "js", "javascript", "typescript", "ts", "ruby",
                       "rust", "php", "java", "perl", "lua", "dart", "kotlin", "elixir", "erlang", "haskell"})


def _language_described_slot(words: list[str]) -> bool:
    """Whether the words are a language's name and two generic nouns or more, the last one a slot noun: the slot
    described as ``package_name`` describes one, for a package of that language (Alfred-Workflow's guide: "pip install
    --target=path/to/my/workflow/lib python-lib-name", then "python-lib-name should be the pip name ... of the library
    you want to install"). One noun after the language (``python-name``), a first word that is no language
    (``cython-lib-name``, ``validate-npm-package-name``'s misspellings) or nouns ending in no slot noun
    (``python-lib-loader``) stay judged as written."""
    return (len(words) > 2 and words[0] in LANGUAGES and words[-1] in SLOT_NOUNS
            and all(w in NOUNS - FILLERS for w in words[1:-1]))


# What an install adds, the noun that ends a new dependency's description, and the kinds of dependency a manifest
# lists apart (devDependencies, peerDependencies, optional-dependencies) that may stand between
NEW_NOUNS = frozenset({"dependency", "dep", "package", "pkg", "lib", "library", "module"})
DEPENDENCY_KINDS = frozenset({"dev", "peer", "optional"})


def _new_dependency(words: list[str]) -> bool:
    """Whether the words are ``new``, a dependency's kind or none, and a noun of what an install adds: the dependency
    meant, described as ``the-new-dep`` describes it (obsidian-tasks' contributing guide: "by a command such as `yarn
    add -D newDevDependency`"). ``new`` glued into a word (``newrelic``, ``renew``), a word that is no kind between
    (``new-fast-package``) or a last word that names no dependency (``new-parser``, ``new-app``) stay judged."""
    return (1 < len(words) <= 3 and words[0] == "new" and words[-1] in NEW_NOUNS
            and all(w in DEPENDENCY_KINDS for w in words[1:-1]))


def _name_of(words: list[str]) -> bool:
    """Whether the words describe the slot as "the name of" what goes there, a generic noun among the words after
    ``of`` (OceanSpy's SciServer page: ``pip install "name_of_packages_to_install"``; ``name-of-your-package``,
    ``names-of-packages``). With no generic noun after ``of`` (``name-of-thrones``, a real name) or ``name`` not
    first (``package-of-names``), judged as written."""
    return (len(words) > 2 and words[0] in ("name", "names") and words[1] == "of"
            and any(w in NOUNS - FILLERS for w in words[2:]))


def _translated_name_of(words: list[str]) -> bool:
    """Whether the words are a translation's word for "name" (:data:`TRANSLATED_NAMES`), its "of" or none, and generic
    nouns: the slot described as a language that puts the name first describes it (``nombre_del_paquete``,
    ``nome-do-pacote``, ``nom_du_paquet``, Indonesian ``nama_paket``). A word that is no generic noun after the name
    (``nome-rossi``, ``nama-kopi``) or a name word alone stays judged as written."""
    rest = [w for w in words[1:] if w not in TRANSLATED_OF]
    return (len(words) > 1 and words[0] in TRANSLATED_NAMES and bool(rest)
            and all(w in TRANSLATED_NOUNS for w in rest))


def _version_slot(name: str) -> bool:
    """Whether ``name`` holds a version written as its slot in capitals (:data:`VERSION_SLOT`: ``cupy-cudaXX``,
    ``nvidia-nccl-cuXX``, ``cupy-rocm-X-Y``, ``tensorflow-X.Y``) and is lower case otherwise, with a word of its own
    before the slot: the family's wheel for the reader's CUDA, ROCm or Python version. A name with a capital of its own
    (``PyXX``, a registered project), x's in lower case (``cupy-cuda12x``, CuPy's real wheel for any CUDA 12) or an X
    glued inside a word (``cupy-cudaXXL``) stays judged as written."""
    rest = VERSION_SLOT.sub("", name)
    return rest != name and rest == rest.lower() and any(c.isalpha() for c in rest)


def _described_slot(name: str) -> bool:
    """Whether ``name`` is a metavariable in capitals of several words that ends in a generic noun, a slot described
    as --help writes one (apostrophe's OpenAPI client README: ``npm install PATH_TO_GENERATED_PACKAGE --save``).
    One word in capitals (``DJANGO``) or a name in mixed case stays judged as written."""
    parts = [p for p in re.split(r"[-_]", name) if p]
    return (len(parts) > 1 and name.upper() == name and all(p.isalpha() for p in parts)
            and parts[-1].lower() in NOUNS - FILLERS)


# Words that number a family's members in an enumeration of the reader's picks (misago's plug-in guide lists
# ``misago-first-plugin`` and ``misago-other-plugin~=3.0`` in the pip-install.txt it shows)
ENUMERATORS = frozenset({"first", "second", "third", "fourth", "other", "another", "next", "one", "two", "three"})
FILLERS = frozenset({"of", "for", "the"})
# The nouns of the slot closing a list (_others): the generic ones and "dependencies", what a list of requirements
# calls the rest of it (earth2studio: other-dependencies), a generic noun after "other" only
OTHERS_NOUNS = (NOUNS - FILLERS) | {"dependencies"}


def enumerated_member(written: str, text: str) -> bool:
    """Whether ``written`` is a family's prefix, an enumerating word and generic nouns (``misago-first-plugin``),
    and the same page names that member with another enumerating word too (``misago-other-plugin``): slots of an
    enumeration, written to be replaced. Alone, ``django-first-app`` is judged as written."""
    parts = [p for p in re.split(r"[-_.]", written.strip().split("[", 1)[0]) if p]
    at = next((i for i, p in enumerate(parts) if p.lower() in ENUMERATORS), None)
    if at is None or at == 0 or at == len(parts) - 1:
        return False
    nouns = parts[at + 1:]
    if not all(p.lower() in NOUNS - FILLERS for p in nouns):
        return False
    prefix = "[-_.]".join(re.escape(p) for p in parts[:at])
    tail = "[-_.]".join(re.escape(p) for p in nouns)
    others = re.findall(rf"(?i)(?<![\w-]){prefix}[-_.]([A-Za-z]+)[-_.]{tail}(?![\w-])", text)
    return any(o.lower() in ENUMERATORS and o.lower() != parts[at].lower() for o in others)


def readers_account(owner: str, markers: frozenset[str] = DETERMINERS) -> bool:
    """Whether an npm scope or a repository owner stands for the reader's own (``username``, ``your-org``)."""
    words = _words(owner)
    return bool(words) and all(_split(w, SCOPE_WORDS | markers) for w in words)


# Hosts no registry ever serves a module from: the domains reserved for examples and tests (RFC 2606, RFC 6761)
EXAMPLE_HOST = lazyre.compile(r"(?i)(?:[\w-]+\.)*(?:example\.(?:com|net|org)|[\w-]+\.(?:example|test|invalid|localhost))\Z"
                              r"|localhost\Z")
# Code hosts whose paths name an owner then a repository (a Go module, a Git dependency)
CODE_HOSTS = frozenset({"github.com", "gitlab.com", "bitbucket.org", "codeberg.org"})
# The owner part of a two-part name written as the slot for it (Composer's docs: `composer require vendor/package`)
OWNER_SLOTS = SCOPE_WORDS | {"vendor", "owner", "author"}
# ... and what the part after it names besides a package: a repository (`npx degit user/repo`, `brew tap owner/repo`)
REPOSITORY_NOUNS = frozenset({"repo", "repository"})
# The words a container image reference's parts are named by when the reference is written as its own grammar, after
# the registry's slot (``registry/image:tag`` in Wifsimster/docker-setup's CLAUDE.md compose template, held-out set 301;
# ``registry/namespace/repository:tag``): a host is written with a dot or a port, so ``registry`` first is the slot of
# one; an image's own name after it (``registry/imagined-app``) stays judged
IMAGE_PARTS = REPOSITORY_NOUNS | OWNER_SLOTS | {"image", "images", "container", "name", "app", "application", "service"}


def _placeholder_path(name: str, markers: frozenset[str]) -> bool:
    """Whether a name written as a path is a slot: a module on a host reserved for examples (tldr's go-get page: ``go
    get -u example.com/pkg``), Composer's ``vendor/package`` (the owner's slot and generic nouns; devhints' Composer
    sheet, held-out set 210), or a repository of the reader's or a metasyntactic owner on a code host
    (``github.com/foo/bar``, ``github.com/your-org/tool``). A real owner (``vendor/monolog`` stays judged as written:
    ``monolog`` is no generic noun), host or path is no slot."""
    parts = [p for p in name.split("/") if p]
    if len(parts) < 2:
        return False
    if EXAMPLE_HOST.match(parts[0]):
        return True
    if parts[0].lower() in CODE_HOSTS and len(parts) >= 3:
        return readers_account(parts[1], markers) or placeholder_scope(parts[1])
    words = _words(parts[1]) if len(parts) == 2 else []
    if parts[0].lower() in OWNER_SLOTS and bool(words) and all(w in (NOUNS - FILLERS) | REPOSITORY_NOUNS for w in words):
        return True
    own = parts[-1].split(":", 1)[0]  # an image's tag is no part of its name
    if parts[0] == "registry" and all(_words(p) and all(w in IMAGE_PARTS for w in _words(p)) for p in [*parts[1:-1], own]):
        return True  # an image reference spelt as its parts: a compose template's `image: registry/image:tag`
    # the reader's own account and a name of their own (a container image's ``your-org/your-image``, ``myorg/myimage``,
    # ``org/mycontainer``): both parts written to be replaced; a real or invented name after it (``acme/imagined-app``)
    # stays judged
    return len(parts) == 2 and bool(own) and readers_account(parts[0], markers) and placeholder_name(own, markers)


def placeholder_scope(scope: str) -> bool:
    """Whether an npm scope is made of metasyntactic words only (hubot's docs: "to use `@foo/hubot-adapter` package
    as the adapter, you can `npm install hubot-foo@npm:@foo/hubot-adapter`"), or of the unknown's x's (``npm i @xxx/yyy``,
    :data:`UNKNOWN_XS`): a scope written to be replaced, as ``foo-package`` is a name written to be replaced. A scope of
    other words (``@fooddb``, ``@xxxy``) is judged as written."""
    words = _words(scope)
    return bool(words) and all(_split(w, METASYNTACTIC) or UNKNOWN_XS.fullmatch(w) for w in words)


def _without_spec(mention: Mention) -> str:
    """The name as ``mention`` writes it, without the version written after it: ``package1`` of ``npm update
    package1@^2.0.0`` (wshobson/agents' deps-audit command, set 220), ``pkg2`` of ``pip install pkg2==1.0``."""
    written, spec = mention.written.strip(), mention.spec
    if spec and written.endswith(spec) and len(written) > len(spec):
        return written[:-len(spec)].rstrip("@=<>!~^ ") or written
    return written


ENUMERATED = lazyre.compile(r"(?P<noun>[A-Za-z]+)[-_]?(?P<n>[0-9]{1,2})\Z")


def enumerated_slot(written: str, text: str) -> bool:
    """Whether ``written`` is a generic noun numbered (``package1``) and the same page numbers it otherwise
    too (``package2``): slots of an enumeration, written to be replaced (a contributing guide's ``!pip install
    package1`` / ``!pip install package2``). Alone, ``package1`` is judged as written."""
    m = ENUMERATED.match(written.strip())
    if m is None or _split(m.group("noun").lower(), NOUNS) is None:
        return False
    numbers = re.findall(rf"(?i)(?<![\w-]){re.escape(m.group('noun'))}[-_]?([0-9]{{1,2}})(?![\w-])", text)
    return any(n != m.group("n") for n in numbers)


# A repository on a code host: the page installing from one of the reader's own shows the reader's package
OWN_REPOSITORY = lazyre.compile(r"(?:github\.com|gitlab\.com|bitbucket\.org)[/:](?P<owner>[A-Za-z0-9_.-]{1,39})/"
                                r"(?P<repo>[A-Za-z0-9_.-]{1,100}?)(?:\.git)?(?=[/#@\s\"'`)>]|\Z)")


@lru_cache(maxsize=256)
def _lines(text: str) -> list[str]:
    return text.split("\n")


# A slot described in words between brackets: two words or more, nothing but words (no options, no quotes,
# no backticks), and no Markdown link (``[text](url)``); or between braces (edgeai-for-beginners' ``pip install
# {Your build release path}/onnxruntime_genai-….whl``), which a brace expansion (``{a,b}``) never is
BRACKETED_PHRASE = lazyre.compile(r"<(?P<angle>[A-Za-z][\w.-]*(?:[ \t]+[\w.-]+)+)>"
                                  r"|\[(?P<square>[A-Za-z][\w.-]*(?:[ \t]+[\w.-]+)+)\](?!\()"
                                  r"|\{(?P<curly>[A-Za-z][\w.-]*(?:[ \t]+[\w.-]+)+)\}")


def in_bracketed_phrase(mention: Mention, lines: list[str]) -> bool:
    """Whether ``mention`` is written inside a slot described in words between brackets on its line (jaffle-shop's
    ``pip install dbt-[your warehouse adapter]``, meltano's ``--python <path to desired Python executable>``) or
    braces (``pip install {Your build release path}/x.whl``)."""
    line, column = mention.location.line, mention.location.column
    if line is None or column is None or not 1 <= line <= len(lines):
        return False
    text = lines[line - 1]
    if "<" not in text and "[" not in text and "{" not in text:
        return False
    start = column - 1
    if text[start:start + len(mention.written)] != mention.written:
        return False  # the location is not where the name is written: judge it as written
    starts, ends = _bracketed_phrases(text)
    k = bisect_right(starts, start) - 1  # the last slot that starts at or before the name: only it can hold it
    return k >= 0 and start + len(mention.written) <= ends[k]


SHELL_WORD_TAIL = lazyre.compile(r"[^\s<\[{]*")


@lru_cache(maxsize=64)
def _bracketed_phrases(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Where each slot described in words between brackets (:data:`BRACKETED_PHRASE`) on the line ``text`` starts (its
    first word) and ends (with what is glued after it: qlib's ``-v <Mounted local directory>:/app``, whose shell word
    ``directory>:/app`` is no name of its own; what is glued before it, ``dbt-[…]``, is judged). The slots follow one
    another without overlap (a tail ends before the next bracket), so a name's slot is found by bisection: the line is
    read once, not once per name on it (reviewer r32: a line of 2,000 braced slots and names took 25 s)."""
    starts: list[int] = []
    ends: list[int] = []
    for m in BRACKETED_PHRASE.finditer(text):
        group = next(g for g in ("angle", "square", "curly") if m.group(g) is not None)
        starts.append(m.start(group))
        ends.append(SHELL_WORD_TAIL.match(text, m.end()).end())  # type: ignore[union-attr]  # it matches empty
    return tuple(starts), tuple(ends)

# a coding agent's command line that registers an MCP server under a name (commands/_analysis.py: AGENT_MCP_CLIS)
MCP_ADD = lazyre.compile(r"\b(?:claude|codex|gemini|qwen|amp|qodercli|devin|grok|droid)[ \t]+mcp[ \t]+add(?=[ \t])")


def mcp_template(mention: Mention, lines: list[str]) -> bool:
    """Whether ``mention`` is in the command of an agent's ``mcp add`` on its line that names the server by a slot
    (:func:`slot_label`) and is itself the template's (:func:`slot_filler`): ``claude mcp add server-name -- npx -y
    mcp-server-package``, ``… -- npx -y @package/server``, the command line form of the configuration entries
    :mod:`depguard.parsers.mcp_config` notes so. A server named otherwise (``claude mcp add github -- npx -y x``), or
    a name with a word of its own under a slot (``weather-mcp-invented``), is judged as written. Only the nearest
    ``mcp add`` before the mention is its command (reviewer r32: each mention walked every ``mcp add`` before it and
    listed the line's words from each, so a line of 100 of them took 2 s and of 1,000 hours; an earlier command's slot
    spoke for a later command's name)."""
    from .parsers.mcp_config import GENERIC

    line, column = mention.location.line, mention.location.column
    if line is None or column is None or not 1 <= line <= len(lines) or "mcp" not in lines[line - 1]:
        return False
    ends, labels = _mcp_adds(lines[line - 1])
    k = bisect_left(ends, column) - 1  # the last `mcp add` that ends before the mention
    named = labels[k] if k >= 0 else None
    if named is None:
        return False
    label, label_end = named
    name = mention.written
    at = name.find("@", 1)  # a version or dist-tag after the name (`@latest`) is no word of it
    return label_end < column and slot_label(label) and slot_filler(name[:at] if at > 0 else name, label, GENERIC)


SHELL_WORD = lazyre.compile(r"\S+")


@lru_cache(maxsize=64)
def _mcp_adds(text: str) -> tuple[tuple[int, ...], tuple[tuple[str, int] | None, ...]]:
    """Each agent ``mcp add`` on the line ``text``: where it ends, and the server name it registers with where that
    name ends (None when ``--`` or the line's end comes first): its first word that is no option, an option's value
    (``MCP_ADD_VALUE_OPTIONS``) skipped. Each scan stops at the next ``mcp add`` at the latest (its words are no
    options), so the line is read once."""
    from .commands._analysis import MCP_ADD_VALUE_OPTIONS

    ends: list[int] = []
    labels: list[tuple[str, int] | None] = []
    for found in MCP_ADD.finditer(text):
        label: tuple[str, int] | None = None
        skip = False
        for word in SHELL_WORD.finditer(text, found.end()):
            token = word.group(0)
            if skip:
                skip = False
            elif token == "--":
                break
            elif token.startswith("-") and len(token) > 1:
                skip = token in MCP_ADD_VALUE_OPTIONS
            else:
                label = (token.strip("\"'"), word.end())
                break
        ends.append(found.end())
        labels.append(label)
    return tuple(ends), tuple(labels)


# a folder the page enters and installs from right away: ``cd my_plugin`` then ``pip install -e .``
ENTERED_AND_INSTALLED = lazyre.compile(
    r"\bcd[ \t]+[\"']?(?P<dir>[A-Za-z0-9][\w.-]{0,213})/?[\"']?[ \t]*(?:&&|;|\n)[ \t]*"
    r"(?:(?:python3?|py)[ \t]+-m[ \t]+|uv[ \t]+)?pip3?[ \t]+install[ \t]+(?:-e[ \t]+|--editable[ \t]+)?\.(?=[\s\[]|\Z)")


# a folder of the reader's that npm, pnpm or yarn installs or links by its path (node-red-nodegen's docs: `npm install
# <path-to>/node-red-contrib-lower-case`, the node package its generator just wrote): a path begins with ./, ../, ~/, /,
# file: or a slot such as <path-to>/ (a bare `owner/repo` is GitHub's shorthand, somebody's published project); flags only
# between the verb and it, so a line is read once. A flag's dashes are all taken before its first letter: `--?[\w-]+`
# matched `--x` two ways, so a line of n flags before no path split 2^n ways (reviewer r35: 22 flags 3.5 s, 40 never end)
FOLDER_INSTALLED = lazyre.compile(
    r"\b(?:npm|pnpm|yarn)[ \t]+(?:install|i|add|link)(?:[ \t]+-{1,2}\w[\w-]*)*[ \t]+[\"']?(?:file:)?"
    r"(?:\.{1,2}/|~/|/|<[\w .-]{1,40}>/)(?:[\w.<>-]+/){0,8}(?P<dir>[A-Za-z0-9][\w.-]{0,213})/?[\"']?(?=[ \t\n;&|)]|\Z)")


def cloned_folders(text: str) -> frozenset[str]:
    """The folders the ``git clone`` commands of a text make (``git clone https://github.com/o/coolproj.git``:
    ``coolproj``; ``git clone URL dest``: ``dest``)."""
    from .commands.git_clone import clones

    return frozenset(folder for _, folder, _ in clones(text))


# The package of the reader's workspace a pnpm or turbo command selects with --filter (wshobson/agents' monorepo guide,
# set 220: `pnpm add react --filter @repo/ui`, then "Install workspace dependency" `pnpm add @repo/ui --filter web`):
# a package name only, not a path (./apps/web), a glob (@repo/*), a selector (...web, web^..., {dir}) or `key=value`
WORKSPACE_FILTER = lazyre.compile(r"(?<![\w-])--filter(?:=|[ \t]+)['\"]?(?P<name>@?[A-Za-z0-9](?:[\w.-]*\w)?"
                                  r"(?:/[A-Za-z0-9](?:[\w.-]*\w)?)?)"
                                  r"(?![\w.*/{}\[\]^=:-])")


# the name a scaffolding command gives the package it creates (Capacitor's plug-in tutorial: ``npx @capacitor/create-plugin
# --name @capacitor-community/screen-orientation``, then the README it has the reader write says ``npm install
# @capacitor-community/screen-orientation``; ``cargo new --name x``, ``uv init --name x``): a --name or --package-name
# value on a command line (its backslash continuations too) that runs a create-* package or a create, init or new
# subcommand. The line is looked at backwards from the option only, at most SCAFFOLD_LOOKBACK characters, for the first
# SCAFFOLD_MAX such options of a document (past them, a name is judged as any: the strict side)
SCAFFOLD_NAME = lazyre.compile(r"--(?:package-)?name(?:=|[ \t]+)[\"']?(?P<name>@?[A-Za-z0-9][\w.-]{0,213}"
                               r"(?:/[A-Za-z0-9][\w.-]{0,213})?)(?=[\"'\s]|\Z)")
SCAFFOLD_VERB = lazyre.compile(r"(?:^|[\s/])(?:create(?:-[\w.-]+)?|init|new)(?:@[\w.-]+)?(?=\s)", re.M)
SCAFFOLD_LOOKBACK = 600
SCAFFOLD_MAX = 200


def scaffolded_names(text: str) -> set[str]:
    """The names the scaffolding commands of a document give the packages they create (:data:`SCAFFOLD_NAME`)."""
    names: set[str] = set()
    for seen, m in enumerate(SCAFFOLD_NAME.finditer(text)):
        if seen == SCAFFOLD_MAX:
            break
        start = m.start()
        floor = max(0, start - SCAFFOLD_LOOKBACK)
        at = text.rfind("\n", floor, start)
        while at > floor and text[at - 1] == "\\":  # a continued line: its command began on a line above
            at = text.rfind("\n", floor, at - 1)
        if SCAFFOLD_VERB.search(text, at + 1 if at >= 0 else floor, start):
            names.add(m.group("name"))
    return names


# a TOML table of a document's pyproject block that maps names to the objects a package provides (entry points, console
# scripts, Poetry's plugins), or setup.cfg's entry_points section: its values, ``name = "module.sub:object"``, are
# modules of the package the page shows how to write (gptme's provider-integration page: `[project.entry-points.
# "gptme.providers"]` and `acme = "gptme_provider_acme:provider"`, then ``pip install gptme-provider-acme``)
ENTRY_POINT_TABLE = lazyre.compile(r'^[ \t]*\[(?:project\.(?:entry-points|scripts|gui-scripts)|tool\.poetry\.'
                                   r'(?:plugins|scripts)|options\.entry_points)\b[^\]\n]*\][ \t]*$', re.M)
ENTRY_POINT_VALUE = lazyre.compile(r'^[ \t]*["\']?[\w.-]+["\']?[ \t]*=[ \t]*["\']?(?P<module>[A-Za-z_]\w*)'
                                   r'(?:\.[A-Za-z_]\w*)*[ \t]*:[ \t]*[A-Za-z_][\w.]*', re.M)
# where such a table ends: the next table's header or the end of the code block
TABLE_END = lazyre.compile(r"^[ \t]*(?:\[|```|~~~)", re.M)


def entry_point_modules(text: str) -> set[str]:
    """The top-level modules the entry-point tables of a document's manifest blocks point into (each table read up
    to the next header or the block's end, so the text is read once)."""
    modules: set[str] = set()
    for table in ENTRY_POINT_TABLE.finditer(text):
        end = TABLE_END.search(text, table.end())
        body = text[table.end():end.start() if end else len(text)]
        modules.update(m.group("module") for m in ENTRY_POINT_VALUE.finditer(body))
    return modules


@lru_cache(maxsize=256)
def defined_names(text: str) -> frozenset[str]:
    """Package names that manifest blocks of a document define (``"name": "x"``, ``name = "x"``), the
    repositories of the reader's own account it installs from (``pip install
    git+https://github.com/your-org/example-haystack.git``: then ``pip install example-haystack`` is the
    reader's package once published), the workspace packages its pnpm or turbo commands select (``--filter
    @repo/ui``), and the folders it enters to install the project there (LeRobot's
    integrate_hardware.mdx: ``cd lerobot_teleoperator_my_awesome_teleop`` and ``pip install -e .``, the plug-in the
    page has the reader create, then "From PyPi" ``pip install lerobot_teleoperator_my_awesome_teleop``), the folders
    npm, pnpm or yarn installs or links by a path (:data:`FOLDER_INSTALLED`: node-red-nodegen's ``npm install
    <path-to>/node-red-contrib-lower-case``, the package its generator wrote, whose README the page then shows), the
    names its scaffolding commands give what they create (:func:`scaffolded_names`), and the
    modules its entry-point tables point into (:func:`entry_point_modules`: a registry normalises
    ``gptme_provider_acme`` and ``gptme-provider-acme`` alike)."""
    names = {m.group("json") or m.group("toml") for m in DEFINED.finditer(text)}
    if "[" in text and ("entry" in text or "scripts" in text or "plugins" in text):
        names |= entry_point_modules(text)
    if "/" in text:
        names |= {m.group("repo") for m in OWN_REPOSITORY.finditer(text) if readers_account(m.group("owner"))}
    if "-name" in text:  # the package a scaffolding command creates (`npx @capacitor/create-plugin --name x`)
        names |= scaffolded_names(text)
    if "--filter" in text:  # a workspace's package, chosen by pnpm's or turbo's --filter (`pnpm add @repo/ui --filter web`)
        names |= {m.group("name") for m in WORKSPACE_FILTER.finditer(text)}
    if "cd" in text:
        cloned = cloned_folders(text)  # a clone's folder is somebody's published project, not one the page creates
        names |= {m.group("dir") for m in ENTERED_AND_INSTALLED.finditer(text) if m.group("dir") not in cloned}
    if "/" in text and ("install" in text or "add" in text or "link" in text):
        folders = {m.group("dir") for m in FOLDER_INSTALLED.finditer(text)}
        if folders:  # a clone's folder is somebody's published project here too
            names |= folders - cloned_folders(text)
    return frozenset(names)


# a name the prose itself calls made up: `the hypothetical "Report-O-Rama" project` (setuptools' pkg_resources docs,
# before `pip install Report-O-Rama[PDF]`), "an imaginary package `acme-utils`", "a fictitious cool-lib"
SAID_MADE_UP = lazyre.compile(
    r"\b(?:hypothetical|imaginary|fictional|fictitious|made[- ]up|invented|non-?existent)[ \t\n]+(?:(?:package|project|"
    r"library|module|distribution|plug-?in)[ \t\n]+)?[\"'`\u201c\u2018*]{0,2}(?P<name>[A-Za-z0-9@][\w.@/-]*[A-Za-z0-9])",
    re.I)


@lru_cache(maxsize=256)
def said_made_up(text: str) -> frozenset[str]:
    """The names a document's prose calls hypothetical, imaginary, fictional or made up (lower-cased): an
    install of one on the same page shows an example, whatever a registry holds under that name."""
    if not re.search(r"hypothetical|imaginary|fictional|fictitious|made[- ]up|invented|non-?existent", text, re.I):
        return frozenset()
    return frozenset(m.group("name").lower() for m in SAID_MADE_UP.finditer(text))


# a slot in capitals the page tells its reader to replace: Angular Font Awesome's 'you would replace "KIT_CODE" with the
# unique identifier for your Pro Kit' above `npm install --save @awesome.me/kit-KIT_CODE`, "Replace YOUR_USERNAME with
# your GitHub user name" (a sentence's first word too: reviewer r34)
SAID_REPLACED = lazyre.compile(r"\b[Rr]eplac(?:e|ing)[ \t\n]+[\"'`\u201c\u2018*]{0,2}(?P<slot>[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{3,})"
                               r"[\"'`\u201d\u2019*]{0,2}[ \t\n]+(?:with|by)\b")


def said_replaced(text: str) -> frozenset[str]:
    """The slots in capitals (``KIT_CODE``, ``YOUR_ORG``) a document's prose tells its reader to replace with something
    ("replace "KIT_CODE" with the unique identifier …"): a name holding one, as written, is a template of the reader's
    own name."""
    if "eplac" not in text:
        return frozenset()
    return frozenset(m.group("slot") for m in SAID_REPLACED.finditer(text))


def _holds_slot(name: str, slots: frozenset[str]) -> bool:
    """Whether one of ``slots`` is a part of ``name`` of its own (``kit-KIT_CODE``, ``@YOUR_ORG/widgets``): between the
    name's ends and its separators, not inside a word (a page saying "replace SQL with your dialect" leaves an invented
    ``SQLAlchemyy`` judged; reviewer r34)."""
    return any(re.search(rf"(?<![A-Za-z0-9]){re.escape(slot)}(?![A-Za-z0-9])", name) for slot in slots if slot in name)


# A manifest block that teaches version-range syntax: one version written under a different range operator in each entry
# (claude-code-templates' dependency-updater skill, "Version Range Strategy": "critical-lib": "1.2.3" // Exact,
# "stable-lib": "~1.2.3" // Patch only, "modern-lib": "^1.2.3" // Minor OK; held-out set 220, left since session 32).
# The versions are the lesson and the names stand for any package. At least RANGE_EXAMPLE_ENTRIES entries of one block
# (each within RANGE_EXAMPLE_GAP lines of the one before), all with the same version and no two with the same operator;
# a real block's dependencies share a version with the same operator ("react": "^18.2.0", "react-dom": "^18.2.0")
RANGE_SPEC = lazyre.compile(r"[ \t]*(?P<op>[=<>!~^]{0,3})[ \t]*v?(?P<version>\d+(?:\.\d+){1,3})[ \t]*")
REQUIREMENT_EXTRAS = lazyre.compile(r"^[ \t]*\[[^\]\n]*\]")
RANGE_EXAMPLE_ENTRIES = 3
RANGE_EXAMPLE_GAP = 2


def range_examples(mentions: list[Mention]) -> frozenset[int]:
    """The indices of ``mentions`` (of one document) that are entries of a block teaching version-range syntax."""
    out: set[int] = set()
    run: list[int] = []  # one block's manifest entries, in order

    def close() -> None:
        by_version: dict[str, list[tuple[str, int]]] = {}
        for i in run:
            written, spec_text = mentions[i].written, mentions[i].spec or ""
            if spec_text[:len(written)].lower() == written.lower():  # a requirement line: its name, then its version
                spec_text = REQUIREMENT_EXTRAS.sub("", spec_text[len(written):]).split(";", 1)[0]
            spec = RANGE_SPEC.fullmatch(spec_text)
            if spec is not None:
                by_version.setdefault(spec.group("version"), []).append((spec.group("op"), i))
        for entries in by_version.values():
            ops = [op for op, _ in entries]
            if len(entries) >= RANGE_EXAMPLE_ENTRIES and len(set(ops)) == len(ops):
                out.update(i for _, i in entries)
        run.clear()

    manifest = [i for i, m in enumerate(mentions) if m.origin is Origin.MANIFEST and m.location.line is not None]
    for i in sorted(manifest, key=lambda i: (mentions[i].location.line or 0, mentions[i].location.column or 0)):
        m, last = mentions[i], mentions[run[-1]] if run else None
        if last is not None and (last.parser != m.parser
                                 or not 0 <= (m.location.line or 0) - (last.location.line or 0) <= RANGE_EXAMPLE_GAP):
            close()
        run.append(i)
    close()
    return frozenset(out)


def mark(mentions: list[Mention], text: str, extra_words: Iterable[str] = (),
         installers: Mapping[str, str] | None = None) -> list[Mention]:
    """``mentions`` of one document, with an :class:`~depguard.model.Example` on those that only show an
    example: of an ecosystem whose installer the tree builds (``installers``: ecosystem -> its tools), a
    placeholder, a package a manifest block of the same page defines (imports are not judged in documents)."""
    from .ecosystems import catalog
    from .records import replace
    from .text.routing import routes

    out = []
    defined: set | None = None
    replaced: frozenset[str] | None = None
    lines: list[str] | None = None
    installers = installers or {}
    ranges = range_examples(mentions)
    for k, m in enumerate(mentions):
        if m.origin not in (Origin.COMMAND, Origin.MANIFEST) or m.example is not None:
            out.append(m)
            continue
        tools = installers.get(m.key.ecosystem)
        if tools:
            m = replace(m, example=Example(f"the documentation of {tools}, which this tree builds: its docs show it at "
                                           "work on example names", any_verdict=True))
        else:
            if lines is None:
                lines = _lines(text)
            bare = _without_spec(m)
            if placeholder_name(m.written, extra_words) or enumerated_slot(bare, text) \
                    or enumerated_member(bare, text):
                m = replace(m, example=Example("a placeholder name in documentation, written to be replaced"))
            elif k in ranges:
                m = replace(m, example=Example("an entry of a block showing version-range syntax in documentation (the "
                                               "same version under a different operator in each entry): the name "
                                               "stands for any package"))
            elif in_bracketed_phrase(m, lines):
                m = replace(m, example=Example("a word of a slot described between brackets in documentation, "
                                               "written to be replaced"))
            elif mcp_template(m, lines):
                m = replace(m, example=Example("the command of a server a coding agent's `mcp add` registers under a "
                                               "slot (such as server-name) in documentation: a template, written to "
                                               "be replaced"))
            elif re.split(r"[\[\s=<>!~;]", m.written, maxsplit=1)[0].lower() in said_made_up(text):
                m = replace(m, example=Example("a name the page's prose calls hypothetical or made up: an example "
                                               "in documentation"))
            elif _holds_slot(bare, replaced := said_replaced(text) if replaced is None else replaced):
                m = replace(m, example=Example("a name holding a slot in capitals the page tells its reader to "
                                               "replace: a template of the reader's own name, written to be replaced"))
            else:
                if defined is None:
                    known = catalog()
                    defined = {(eco, known.key(eco, n).name) for n in defined_names(text) for eco in routes().defining
                               if _valid(known, eco, n)}
                if (m.key.ecosystem, m.key.name) in defined:
                    m = replace(m, example=Example("a package this page shows how to define (a manifest block "
                                                   "names it, a workspace command selects it, or the page installs "
                                                   "it from its own folder): the reader's own, not a registry name "
                                                   "yet"))
        out.append(m)
    return out


# A translation's folder: ``translations/<language>/`` mirroring the tree (co-op-translator's layout: Microsoft's
# courses), or ``<language>/`` beside an ``en/`` holding the same file (Hugging Face's courses: units/es/ and units/en/)
TRANSLATIONS_FOLDER = "translations"
LANGUAGE_TAG = lazyre.compile(r"(?P<language>[a-z]{2,3})(?:[-_](?:[A-Za-z]{2}|[A-Z][a-z]{3}|[0-9]{3}))*")
# ISO 639-1's languages, and the three-letter ones translated courses use (Filipino, Nigerian Pidgin, Cantonese): a
# folder of another name (api/, src/, lib/) beside an en/ is no translation of it
TRANSLATED_LANGUAGES = frozenset("""aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da
de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is
it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb
nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st
su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu fil pcm yue""".split())


def _language_folder(name: str) -> bool:
    """Whether a folder's name is a language tag (``de``, ``pt-BR``, ``zh-Hant-TW``) of TRANSLATED_LANGUAGES."""
    m = LANGUAGE_TAG.fullmatch(name)
    return m is not None and m.group("language") in TRANSLATED_LANGUAGES


def translation_original(path: str, exists: Callable[[str], bool]) -> str | None:
    """The document a translated document ``path`` (relative, POSIX) translates, when the tree holds it: the same path
    without ``translations/<language>/``, or with ``en`` for its language folder; None for any other document."""
    parts = path.split("/")
    for i in range(len(parts) - 2):
        if parts[i].lower() == TRANSLATIONS_FOLDER and _language_folder(parts[i + 1]):
            original = "/".join(parts[:i] + parts[i + 2:])
            if exists(original):
                return original
    for i in range(len(parts) - 1):
        if parts[i] != "en" and _language_folder(parts[i]):
            original = "/".join([*parts[:i], "en", *parts[i + 1:]])
            if exists(original):
                return original
    return None


# The commands a translator writes in words: a command said in a line of prose ("**Problem:** npm install oder
# Build-Fehler"), whose sentence goes on in the translation's language. A code block's line or comment, a code span
# and a manifest block are what a reader copies from the page, installed as written whatever the original says: a
# name of their own in a translation (a translator's or a machine translation's) stays judged (reviewer r32)
TRANSLATED_PROSE = frozenset({"text:line"})


# a run of the characters a name is written with (``@scope/name``, ``x.js``, ``a_b-c``)
NAME_RUN = lazyre.compile(r"[\w.@/-]+")
NAME_END = frozenset("./@")


@lru_cache(maxsize=8)
def _said_words(text: str) -> frozenset[str]:
    """Every name ``text`` says as a whole word, lower-cased: each run of name characters, and each start of one that
    ends before a '.', '/' or '@' (``lodash`` of ``lodash/fp``, ``x`` of ``x@1``). The original is read once, not once per
    word of its translation (reviewer r32: 4,000 words against a 176 KB original took 39 s)."""
    out: set[str] = set()
    for run in NAME_RUN.finditer(text.lower()):
        word = run.group(0)
        out.add(word)
        out.update(word[:k] for k, c in enumerate(word) if c in NAME_END and k)
    return frozenset(out)


def mark_translated(mentions: list[Mention], original: str, text: str | None) -> list[Mention]:
    """``mentions`` of a translated document whose ``original`` (its path; ``text``: its text) does not say the name
    written, with an :class:`~depguard.model.Example`: a translation copies package names from its original, so such
    a word is the translator's (microsoft/edgeai-for-beginners' AGENTS.md says "npm install or build failures", and
    its German translation "npm install oder Build-Fehler"). A name the original says stays judged, and so does any
    name outside a line of prose (:data:`TRANSLATED_PROSE`)."""
    from .records import replace

    if text is None or not any(m.parser in TRANSLATED_PROSE and m.example is None for m in mentions):
        return mentions
    said = _said_words(text)
    out = []
    for m in mentions:
        if m.parser in TRANSLATED_PROSE and m.example is None:
            name = re.split(r"[\[\s=<>!~;]", m.written, maxsplit=1)[0].lower()
            if name and (name not in said if NAME_RUN.fullmatch(name) else  # c++: other letters, searched so
                         not re.search(rf"(?<![\w.@/-]){re.escape(name)}(?![\w-])", text.lower())):
                m = replace(m, example=Example(f"a word of a translation that its original, {original}, does not "
                                               "say: the translator's words, not a package name"))
        out.append(m)
    return out


def mark_hidden(mentions: list[Mention], text: str, path: str) -> list[Mention]:
    """``mentions`` of one Markdown document, with an :class:`~depguard.model.Example` on those in a part its
    readers never see (an HTML comment, an MDX comment: :mod:`depguard.text.hidden`): a missing name there
    is a note, an existing suspicious one is judged as usual."""
    from .text.hidden import hidden_parts, is_hidden

    parts = hidden_parts(text, path)
    return _noted(mentions, parts and (lambda m: is_hidden(parts, m.location.line, m.location.column)),
                  "in a comment of the document, hidden from its readers (an HTML or MDX comment): not an instruction "
                  "anybody is shown")


def mark_quoted(mentions: list[Mention], text: str, path: str) -> list[Mention]:
    """``mentions`` of one Markdown document, with an :class:`~depguard.model.Example` on those in a document the
    page shows inside a code block (a code block within a code block: :mod:`depguard.text.quoted`): a missing name
    there is a note, an existing suspicious one is judged as usual."""
    from .text.quoted import is_quoted, quoted_parts

    parts = quoted_parts(text, path)
    return _noted(mentions, parts and (lambda m: is_quoted(parts, m.location.line)),
                  "in a document the page shows inside a code block (a code block within a code block): an "
                  "instruction to that document's readers, not this page's")


# A grant of one of the common licences, as each licence's text words it: a document holding many is a compilation
# of other projects' licence texts (the licences of a monorepo's dependencies), which often carry the READMEs they
# came with
LICENSE_GRANT = lazyre.compile(
    r"Permission is hereby granted|Licensed under the Apache License|Redistribution and use in source and binary forms"
    r"|Permission to use, copy, modify, and(?:/or)? distribute|This Source Code Form is subject to the terms")
LICENSE_TEXTS = 5  # licence grants before a document counts as a compilation of them


def mark_license_texts(mentions: list[Mention], text: str) -> list[Mention]:
    """``mentions`` of one document, with an :class:`~depguard.model.Example` on its install commands and manifest
    entries from its first licence grant's line on, when the document is a compilation of licence texts
    (``LICENSE_TEXTS`` grants or more: joplin's
    readme/licenses.md, 636 of them, with the README of socket.io-store-memcached and its ``npm install`` quoted under
    its licence): an instruction to another project's readers, quoted; a missing name there is a note, an existing
    suspicious one is judged as usual."""
    if not any(word in text for word in ("ermission", "icense", "Redistribution", "Source Code Form")):
        return mentions
    grants = [m.start() for m in LICENSE_GRANT.finditer(text)]
    if len(grants) < LICENSE_TEXTS:
        return mentions
    # the part from the first grant's line to the first heading after the last grant: the page's own install lines
    # before it stay judged (r22: a heading above the grant may be the page's title, or a shell comment in a fence),
    # and so do those of its own sections after the licences, at any level (r23: `## Development` below `## Third-party
    # licences`, `### Updating this list` after grants written as paragraphs)
    from .text.sections import next_heading

    first = text.count("\n", 0, grants[0]) + 1
    end = next_heading(text, text.count("\n", 0, grants[-1]) + 1) or float("inf")
    return _noted(mentions, lambda m: first <= (m.location.line or 0) < end,
                  "in a compilation of other projects' licence texts: quoted from another project's documents, not an "
                  "instruction of this one")


def _noted(mentions: list[Mention], inside, why: str) -> list[Mention]:
    """``mentions`` with an :class:`~depguard.model.Example` saying ``why`` on the install commands and manifest
    entries for which ``inside`` (a predicate, or a falsy value for none) holds."""
    from .records import replace

    if not inside:
        return mentions
    return [replace(m, example=Example(why)) if m.example is None and m.origin in (Origin.COMMAND, Origin.MANIFEST)
            and inside(m) else m for m in mentions]


# The parsers of what a source file says about installing (its comments, docstrings, messages: read as
# documentation) start with SAID; those of what it runs (an argument list) with RUNS (depguard/ecosystems/*/said_installs.py)
SAID = "said:"
RUNS = "runs:"


def said_in_code(m: Mention) -> bool:
    """Whether ``m`` is what a source file says about installing (documentation in code)."""
    return m.parser.startswith(SAID)


def from_code_text(m: Mention) -> bool:
    """Whether ``m`` is what a source file says or runs (not one of its imports)."""
    return m.parser.startswith((SAID, RUNS))


def in_test_inputs(rel: str) -> bool:
    """Whether ``rel`` (relative to the scan root) lies in a folder below a test folder (``test/requirements/x.in``,
    ``tests/ecosystem/zulip/pyproject.toml``), not directly in it (``tests/requirements.txt``, what CI installs
    for the tests themselves)."""
    from .project import TEST_DIRS

    folders = rel.split("/")[:-1]
    first = next((i for i, part in enumerate(folders) if part.lower() in TEST_DIRS), None)
    return first is not None and len(folders) > first + 1


def mark_test_inputs(mentions: list[Mention], installers: Mapping[str, str]) -> list[Mention]:
    """``mentions`` of a manifest among the tests' inputs (:func:`in_test_inputs`) of a tree that builds an
    installer of their ecosystem, each with an :class:`~depguard.model.Example`: an installer's tests resolve
    real and made-up dependency sets (uv's ``test/requirements/home-assistant.in``, copies of other projects'
    ``pyproject.toml`` under ``test/ecosystem/``), which are its input, not what the tree depends on."""
    from .records import replace

    out = []
    for m in mentions:
        tools = installers.get(m.key.ecosystem)
        if tools and m.example is None and m.origin in (Origin.MANIFEST, Origin.LOCKFILE):
            m = replace(m, example=Example(f"the input of the tests of {tools}, which this tree builds: a dependency "
                                           "set it resolves, not one the tree depends on", any_verdict=True))
        out.append(m)
    return out


def _valid(known, eco: str, name: str) -> bool:
    try:
        known.key(eco, name)
    except Exception:  # noqa: BLE001 - a name an ecosystem cannot hold is not one of its packages
        return False
    return True


def as_note(finding: Finding) -> Finding:
    """``finding`` as a note when its mention is an example and its verdict one the example excuses."""
    ex = finding.mention.example
    if ex is not None and ex.unchecked:
        if ex.ok_passes and finding.verdict is Verdict.OK:
            return finding  # the likely registry has it, established: what would be installed from there is fine
        if ex.doubts_judged and finding.verdict is Verdict.SUSPICIOUS:
            return finding  # the registry the tool also asks has it and doubts it: what it would take from there
        return _unchecked(finding, ex.reason)
    if ex is None or not finding.verdict.flagged:
        return finding
    if ex.lookalike_only and not lone_lookalike(finding):
        return finding
    if not ex.any_verdict and not ex.lookalike_only and finding.verdict is Verdict.SUSPICIOUS:
        return finding  # an existing placeholder somebody registered: judged as usual
    why = f"{ex.reason}; would be {finding.verdict.value} ({finding.rule}), a note, not a failure"
    why = f"{why} ({ex.setting})" if ex.setting else why
    return Finding(finding.mention, Verdict.ALLOWED, "DG200", (why, *finding.reasons), finding.suggestion, finding.answer)


def lone_lookalike(finding: Finding) -> bool:
    """Whether ``finding`` is suspicious by DG002's signal alone (its reasons: that signal and the registry's
    evidence; a second rule's signal, DG003's young or placeholder package, adds a reason)."""
    return finding.verdict is Verdict.SUSPICIOUS and finding.rule == "DG002" and len(finding.reasons) <= 2


def own_distributions(mentions: list[Mention], own: Mapping[str, frozenset[str]]) -> list[Mention]:
    """``mentions`` of one file, an install command or a manifest's requirement of a distribution the tree itself
    defines (``own``: ecosystem -> the names its manifests give the packages they are) marked so that a look-alike
    flag alone is a note: taipy's INSTALLATION.md installs taipy, one letter from tapipy, and so do the project
    templates it ships; datamol's docs install datamol (datadog). Missing and invalid are judged as usual: a docs
    install of a name the project never published is a real problem."""
    from .records import replace

    out = []
    for m in mentions:
        if m.origin in (Origin.COMMAND, Origin.MANIFEST) and m.example is None \
                and m.key.name in own.get(m.key.ecosystem, ()):
            m = replace(m, example=Example("the project's own distribution (a manifest of the tree names the package it "
                                           "is so): a project does not imitate a name by being it", setting=None,
                                           lookalike_only=True))
        out.append(m)
    return out


def _unchecked(finding: Finding, reason: str) -> Finding:
    """``finding`` of a name another registry serves (:attr:`Example.unchecked`) as not checked: the public registry's
    answer says nothing about it. An invalid name, one allowed by configuration or suppressed stays as it is."""
    if finding.verdict in (Verdict.INVALID, Verdict.ALLOWED):
        return finding
    said = f"the public registry's answer is not used (would be {finding.verdict.value}, {finding.rule})"
    return Finding(finding.mention, Verdict.NOT_CHECKED, "DG100", (reason, said), None, finding.answer)


# --- the tools a tree builds ------------------------------------------------------------------------------

OWN_TOOL_FILES = frozenset({"package.json", "pyproject.toml", "setup.cfg", "Cargo.toml"})


def own_installers(tools: Iterable[str]) -> dict[str, str]:
    """Ecosystem -> the tree's tools that install from it (``pip`` -> PyPI, ``npm``/``npx`` -> npm, ``poetry`` ->
    PyPI, ``cargo`` -> crates.io: the tools each ecosystem declares installing from its registry, commands/declared.py)."""
    names = sorted(set(tools))
    if not names:  # a tree that builds no tool (most small projects): the shell model need not be imported
        return {}
    from .commands.declared import installed_ecosystems

    out: dict[str, list[str]] = {}
    for tool in names:
        for eco in installed_ecosystems(tool):  # pixi: conda and PyPI
            out.setdefault(eco, []).append(tool)
    return {eco: "/".join(names) for eco, names in out.items()}


def own_tools(files: Iterable[tuple[str, str]]) -> frozenset[str]:
    """Command names the tree's manifests build, from (file name, text) pairs: package.json ``name`` (without
    its scope) and ``bin``; pyproject.toml ``[project]``/``[tool.poetry]`` ``name`` and ``scripts``;
    setup.cfg ``[metadata] name`` and ``console_scripts``; Cargo.toml ``[package] name`` and ``[[bin]]``."""
    out: set[str] = set()
    for name, text in files:
        try:
            if name == "package.json":
                out |= _package_json(json.loads(text))
            elif name in ("pyproject.toml", "Cargo.toml"):
                from .compat import tomllib

                out |= _toml(tomllib.loads(text))
            elif name == "setup.cfg":
                out |= _setup_cfg(text)
        except (ValueError, RecursionError, TypeError, AttributeError):
            continue
    return frozenset(n.lower() for n in out if n)


def _package_json(data) -> set[str]:
    if not isinstance(data, dict):
        return set()
    out = set()
    if isinstance(data.get("name"), str):
        out.add(data["name"].rpartition("/")[2])
    bin_ = data.get("bin")
    if isinstance(bin_, dict):
        out |= {k for k in bin_ if isinstance(k, str)}
    return out


def _toml(data) -> set[str]:
    out = set()
    tables = [data.get("project"), (data.get("tool") or {}).get("poetry"), data.get("package")]
    for table in tables:
        if isinstance(table, dict):
            if isinstance(table.get("name"), str):
                out.add(table["name"])
            if isinstance(table.get("scripts"), dict):
                out |= set(table["scripts"])
    for binary in data.get("bin") or []:
        if isinstance(binary, dict) and isinstance(binary.get("name"), str):
            out.add(binary["name"])
    return out


SETUP_CFG_NAME = lazyre.compile(r"^\[metadata\][^\[]*?^name\s*=\s*(\S+)", re.M | re.S)
CONSOLE_SCRIPTS = lazyre.compile(r"^console_scripts\s*=\s*\n((?:[ \t]+\S.*\n?)+)", re.M)


def _setup_cfg(text: str) -> set[str]:
    out = set()
    named = SETUP_CFG_NAME.search(text)
    if named:
        out.add(named.group(1))
    block = CONSOLE_SCRIPTS.search(text)
    if block:
        out |= {line.split("=", 1)[0].strip() for line in block.group(1).splitlines() if "=" in line}
    return out
