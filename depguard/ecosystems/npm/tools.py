"""JavaScript install and run commands: npm (install/i/add/…, exec, create/init), npx, yarn (add, global
add, workspace <member> add, dlx, create), pnpm (add, install/i with names, dlx, create), bun (add, install/i, x, create), bunx.

A package word is ``name``, ``name@range``, ``@scope/name@range`` or ``alias@npm:real@range``; git URLs,
GitHub shorthand ``user/repo``, tarballs, ``file:``/``link:`` specs and paths are not registry names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ... import lazyre
from ...commands import Item, Options, Target, fetched, folder_option, grammar, project, target_or
from ...commands.shell import Word
from ...records import replace

NPM_NAME = lazyre.compile(r"^(@[A-Za-z0-9~_.-]+/)?[A-Za-z0-9~_.-]+$")
NOT_REGISTRY = lazyre.compile(r"^(git\+|git:|github:|gitlab:|bitbucket:|gist:|https?:|ssh:|file:|link:|workspace:|portal:)", re.I)
ARCHIVE = lazyre.compile(r"\.(tgz|tar\.gz|tar)$")
LOCAL_PREFIX = lazyre.compile(r"^(file:|link:|portal:)", re.I)
VUE_PLUGIN = lazyre.compile(r"^(@vue/|vue-|@[\w-]+(\.)?[\w-]+/vue-)cli-plugin-")
SCOPE = lazyre.compile(r"^@[^/]+/")

NPM_OPTS = Options(with_value=frozenset({
    "--registry", "--prefix", "-C", "--tag", "-w", "--workspace", "--omit", "--include", "--cache", "--userconfig",
    "--loglevel", "--install-strategy", "--before", "--cpu", "--os", "--libc", "--script-shell", "--otp",
    "--filter", "-F", "--dir", "--network-concurrency", "--reporter", "--modules-dir", "--virtual-store-dir",
    "--store-dir", "--lockfile-dir", "--config", "--cwd", "--cache-folder", "--global-folder", "--link-folder",
    "--mutex", "--network-timeout", "--use-yarnrc", "--backend", "--save-text-lockfile",
    # npm's own settings that take a value (npm config's non-boolean definitions): `npm install --location global
    # x` installs x, not a package named "global"
    "--location", "--access", "--audit-level", "--auth-type", "--ca", "--cafile", "--cert", "--key", "--proxy",
    "--https-proxy", "--noproxy", "--local-address", "--fetch-retries", "--fetch-retry-factor",
    "--fetch-retry-mintimeout", "--fetch-retry-maxtimeout", "--fetch-timeout", "--maxsockets", "--node-options",
    "--lockfile-version", "--logs-dir", "--logs-max", "--save-prefix", "--scope", "--umask", "--user-agent",
    "--globalconfig", "--replace-registry-host",
    # npm 11's install cooldown in days (`npm update --min-release-age 7`), and the tree depth of update/outdated/ls
    "--min-release-age", "--depth",
}), package_value=frozenset({"-p", "--package"}))
# npm's and pnpm's parser (nopt, and pnpm's fork of it) reads a `true` or `false` after any flag as that flag's value:
# `npm install --unsafe-perm true` installs the project, not a package named "true" (twilio-node's Dockerfile); yarn's
# and bun's parsers give a flag no value, so there the word is a package
NOPT_OPTS = replace(NPM_OPTS, flag_values=frozenset({"true", "false"}))
# pnpm's -w is --workspace-root and its --workspace a switch (link from the workspace), neither taking npm's workspace
# name: `pnpm add -D -w typescript` installs typescript at the workspace's root
PNPM_OPTS = replace(NOPT_OPTS, with_value=NOPT_OPTS.with_value - {"-w", "--workspace"})

INSTALL_WORDS = {"install", "i", "add", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal",
                 "isntall", "update", "up", "upgrade", "it", "install-test", "udpate"}
CLEAN_INSTALL = {"ci", "clean-install", "ic", "install-clean", "isntall-clean", "cit", "clean-install-test",
                 "install-ci-test", "sit"}
LOCKFILES = {"npm": ("package.json", "package-lock.json", "npm-shrinkwrap.json"),
             "yarn": ("package.json", "yarn.lock"),
             "pnpm": ("package.json", "pnpm-lock.yaml", "pnpm-workspace.yaml"),
             "bun": ("package.json", "bun.lock", "bun.lockb")}
FOLDER_OPTIONS = ("--prefix", "-C", "--dir", "--cwd")


def package_target(word: Word, runs: bool = False, note: str | None = None) -> Target | None:
    text = word.text.strip()
    if not text or word.dynamic or NOT_REGISTRY.match(text) or text.startswith((".", "/", "~")):
        return None
    if ARCHIVE.search(text):
        return None
    shift = 0
    # alias@npm:real@range
    at_npm = text.find("@npm:")
    if at_npm > 0:
        alias, real = text[:at_npm], text[at_npm + 5:]
        shift = at_npm + 5
        text = real
        note = note or f"alias {alias}"
    if text.startswith("npm:"):
        text = text[4:]
        shift += 4
    at = text.find("@", 1)
    name, spec = (text[:at], text[at + 1:] or None) if at > 0 else (text, None)
    if "/" in name and not name.startswith("@"):
        return None  # GitHub shorthand user/repo
    if not NPM_NAME.match(name):
        return None
    if spec and (NOT_REGISTRY.match(spec) or ARCHIVE.search(spec) or re.match(r"[\w.-]+/[\w.-]+(#.*)?$", spec)):
        return None  # name@github:user/repo, name@git+https://…, name@user/repo: fetched from there, not the registry
    return Target("npm", word, name, spec=spec, runs=runs, note=note, column_shift=shift)


def package_install(word: Word, tool: str) -> Iterator[Item]:
    """What installing one package word installs: a package, a local folder's package.json, or something
    unresolvable (a git or tarball URL, GitHub shorthand, an archive)."""
    def other(text: str) -> Iterator[Item]:
        local = LOCAL_PREFIX.sub("", text)
        if text.lower().startswith("workspace:"):
            return  # a member of the same workspace
        if local is not text or text.startswith((".", "/", "~")):
            if ARCHIVE.search(local):
                yield fetched("archive", tool, word, "npm")
            else:
                yield project("npm", tool, word, ("package.json",), local)
            return
        yield fetched("url", tool, word, "npm")

    yield from target_or(package_target(word), word, other)


# what an update with no package words updates: the global packages with one of these, else the project
GLOBAL_OPTIONS = frozenset({"-g", "--global", "--location=global"})
UPDATE_WORDS = frozenset({"update", "up", "upgrade", "udpate"})


def _installs(args: list[Word], tool: str = "npm", sub: Word | None = None, folder: str = ".",
              opts: Options = NPM_OPTS, everything: list[Word] | None = None) -> Iterator[Item]:
    """The package words after an install subcommand; none at all installs the project's manifest and lockfile.
    An update with none updates the project's packages and installs the missing ones (npm docs, npm-update: "It will
    also install missing packages"; ``pnpm update``, ``bun update`` alike), unless ``everything`` (the command's
    words) says global (``npm update -g``: the global packages); ``add`` with none installs nothing."""
    named = False
    for w in opts.positionals(args):
        named = True
        yield from package_install(w, tool)
    if named or sub is None or sub.text == "add":
        return
    if sub.text in UPDATE_WORDS and any(w.text in GLOBAL_OPTIONS for w in (everything or args)):
        return
    yield project("npm", tool, sub, LOCKFILES.get(tool, ("package.json",)), folder)


# npx / npm exec options that forbid fetching: the command must be a bin the project already installed
# (npm docs, npm-exec: "--no" prevents installing; "--offline" makes no network request)
LOCAL_ONLY = frozenset({"--no", "--no-install", "--yes=false", "--offline"})


def _run_package(args: list[Word], note: str, opts: Options = NPM_OPTS) -> Iterator[Item]:
    """npx/bunx/dlx: -p/--package name packages, else the first positional is the package; the rest are its args.
    With ``--no``/``--no-install``/``--offline`` nothing is fetched: the command is one of the project's own bins
    (npm/cli's ``npx --offline template-oss-release-please``), not a registry name."""
    named = False
    for kind, w, value in opts.walk(args):
        if kind == "pos" and not named and any(a.text in LOCAL_ONLY for a in args[:args.index(w)]):
            return
        if kind == "pkgopt" and value is not None:
            t = package_target(value, runs=True, note=note)
            if t:
                named = True
                yield t
        elif kind == "pos":
            if named:  # npx -p @angular/cli ng add x: the command is a bin of the named package
                yield from framework_installer(w.text, args[next(i for i, a in enumerate(args) if a is w) + 1:])
            else:
                t = package_target(w, runs=True, note=note)
                if t:
                    yield t
                    after = args[next(i for i, a in enumerate(args) if a is w) + 1:]
                    if t.name == "jsr":  # npx jsr add @std/path: the jsr CLI installs JSR packages
                        from ..jsr.tools import jsr_cli

                        yield from jsr_cli(after)
                    yield from framework_installer(t.name, after)
                    yield from preloading_bin(w, t.name, after)
                    if t.name in ("degit", "tiged"):  # npx degit SRC DIR: the walk records DIR as fetched
                        from ...commands import targets_of_command

                        yield from targets_of_command([Word(t.name, w.line, w.column, False, t.name), *after])
            return


def preloading_bin(word: Word, name: str, after: list[Word]) -> Iterator[Item]:
    """A bin a runner starts that preloads as node does (the ecosystem's ``[imports] preloaders``: ``npx mocha -r x``,
    ``yarn ts-node -r tsconfig-paths/register``, ``pnpm exec tsx --require x``): its command is read as if written
    without the runner, so what it preloads is judged as an import where the command is."""
    from ...commands._analysis import preloaders

    if name in preloaders():
        from ...commands import targets_of_command

        yield from targets_of_command([Word(name, word.line, word.column, False, name), *after])


# Project CLIs that install npm packages: ``npx expo install x``, ``ng add x``, ``vue add x``, ``nuxi module add x``,
# ``npx storybook@latest add @storybook/addon-a11y`` (Storybook's docs, "Install addons": `storybook add <addon>`
# installs the addon package and registers it in .storybook/main)
FRAMEWORK_CLIS = {"expo": ("install",), "@expo/cli": ("install",), "@angular/cli": ("add",), "ng": ("add",),
                  "@vue/cli": ("add",), "vue": ("add",), "nuxi": ("module", "add"),
                  "nuxt": ("module", "add"), "@nuxt/cli": ("module", "add"),
                  "storybook": ("add",), "@storybook/cli": ("add",),
                  # Quasar's app extensions: ``quasar ext add @quasar/testing`` (quasar_extension)
                  "quasar": ("ext", "add"), "@quasar/cli": ("ext", "add"),
                  # Astro's integrations: ``npx astro add react tailwind`` (astro_integration)
                  "astro": ("add",)}
VUE_OFFICIAL = {"babel", "e2e-cypress", "e2e-nightwatch", "e2e-webdriverio", "eslint", "pwa", "router",
                "typescript", "unit-jest", "unit-mocha", "vuex"}


def vue_plugin(name: str) -> str:
    """The package ``vue add NAME`` installs (@vue/cli-shared-utils resolvePluginId)."""
    if VUE_PLUGIN.match(name) or name == "@vue/cli-service":
        return name
    if name in VUE_OFFICIAL:
        return f"@vue/cli-plugin-{name}"
    m = SCOPE.match(name)
    if m:
        scope = m.group(0)
        return f"{scope}{'' if scope == '@vue/' else 'vue-'}cli-plugin-{name[len(scope):]}"
    return f"vue-cli-plugin-{name}"


def quasar_extension(name: str) -> str:
    """The package ``quasar ext add NAME`` installs (Quasar's docs, App Extensions: the extension ``my-ext`` is the npm
    package ``quasar-app-extension-my-ext``, ``@quasar/testing`` is ``@quasar/quasar-app-extension-testing``); a name
    that is one already is left as it is."""
    m = SCOPE.match(name)
    scope = m.group(0) if m else ""
    rest = name[len(scope):]
    return name if rest.startswith("quasar-app-extension-") else f"{scope}quasar-app-extension-{rest}"


# ``astro add``'s own names (packages/astro/src/cli/add/index.ts: ALIASES, and the official integrations its help
# lists, each the @astrojs package of that name)
ASTRO_ALIASES = {"solid": "solid-js", "tailwindcss": "tailwind"}
ASTRO_OFFICIAL = frozenset({"react", "preact", "vue", "svelte", "solid-js", "lit", "alpinejs", "starlight", "netlify",
                            "vercel", "deno", "cloudflare", "node", "db", "tailwind", "mdx", "markdoc", "partytown",
                            "sitemap"})


def astro_integration(name: str) -> tuple[str, tuple[str, ...]]:
    """(the package ``astro add NAME`` installs, the names it may be instead): astro's validateIntegrations asks npm for
    ``@astrojs/NAME`` first (an unscoped or @astrojs name, after its aliases) and installs the name as it is only when
    npm has no such package; another scope's name is installed as it is. An official integration (the help's table)
    is its @astrojs package; any other unscoped name is judged as written, unless the project declares its @astrojs
    namesake (the catalog)."""
    name = ASTRO_ALIASES.get(name, name)
    if name.startswith("@"):
        return name, ()
    if name in ASTRO_OFFICIAL:
        return f"@astrojs/{name}", ()
    return name, (f"@astrojs/{name}",)


def nuxt_module_names(name: str) -> tuple[str, ...]:
    """The npm names the Nuxt Modules database may give a module id ``nuxi module add`` is handed (nuxt/cli's
    resolveModule: a database entry whose ``name`` is the id installs its ``npm`` package; an id no entry has is
    asked of npm as it is). The database's ids drop the name's Nuxt part: ``icon`` is @nuxt/icon, ``mcp-toolkit``
    @nuxtjs/mcp-toolkit, ``auth-utils`` nuxt-auth-utils, ``pinia`` @pinia/nuxt. A scoped or Nuxt-named id is an npm
    name already."""
    if name.startswith("@") or "nuxt" in name:
        return ()
    return (f"@nuxt/{name}", f"@nuxtjs/{name}", f"nuxt-{name}", f"@{name}/nuxt")


def framework_installer(cli: str, args: list[Word]) -> Iterator[Item]:
    words = FRAMEWORK_CLIS.get(cli.split("@", 1)[0] if not cli.startswith("@") else cli)
    if not words:
        return
    pos = NPM_OPTS.positionals(args)
    if [w.text for w in pos[: len(words)]] != list(words):
        return
    rest = args[args.index(pos[len(words) - 1]) + 1:]
    note = f"installed by {cli} {' '.join(words)}"
    named = NPM_OPTS.positionals(rest)
    cut = next((i for i, w in enumerate(rest) if w.text == "--"), None)
    if cut is not None:
        # `npx expo install jest-expo jest -- --save-dev` (Expo's unit-testing guide; yarn's form quotes "--"): what
        # follows `--` is handed to the package manager, whose options are no packages (a name among them still is)
        named = NPM_OPTS.positionals(rest[:cut]) + NPM_OPTS.positionals(rest[cut + 1:])
    for w in named:
        if words == ("module", "add"):
            t = package_target(w, note=note)
            if t:
                yield replace(t, catalog=nuxt_module_names(t.name))
            continue
        if cli == "astro":  # astro add react mdx: each an integration
            t = package_target(w, note=note)
            if t:
                name, catalog = astro_integration(t.name)
                yield replace(t, name=name, catalog=catalog)
            continue
        if words == ("ext", "add"):
            t = package_target(w, note=note)
            if t:
                yield Target("npm", w, quasar_extension(t.name), spec=t.spec, note=note)
            return  # quasar ext add EXTENSION
        if cli in ("@vue/cli", "vue"):
            t = package_target(w, note=note)
            if t:
                yield Target("npm", w, vue_plugin(t.name), spec=t.spec, note=note)
            return  # vue add PLUGIN [plugin options]
        t = package_target(w, note=note)
        if t:
            yield t
        if cli in ("@angular/cli", "ng") or cli.split("@", 1)[0] == "storybook" or cli.startswith("@storybook/cli"):
            return  # ng add PACKAGE [schematic options]; storybook add ADDON [options]


def _framework_grammar(cli: str) -> None:
    @grammar(cli)
    def installs(args: list[Word]) -> Iterator[Item]:
        yield from framework_installer(cli, args)


for _cli in ("ng", "vue", "expo", "nuxi", "quasar", "astro"):
    _framework_grammar(_cli)


def _create(rest: list[Word], tool: str) -> Iterator[Target]:
    """``npm create foo`` runs create-foo; ``npm create @scope`` runs @scope/create; ``@scope/foo`` -> @scope/create-foo."""
    pos = NPM_OPTS.positionals(rest)
    if not pos or pos[0].text.startswith("-"):
        return
    word = pos[0]
    text = word.text
    at = text.find("@", 1)
    base = text[:at] if at > 0 else text
    if base.startswith("@"):
        scope, _, sub = base.partition("/")
        name = f"{scope}/create" if not sub else f"{scope}/create-{sub}"
    else:
        name = f"create-{base}"
    if NPM_NAME.match(name) and not word.dynamic:
        yield Target("npm", word, name, runs=True, note=f"runs the package ({tool} create)")


def _subcommand(args: list[Word], opts: Options = NPM_OPTS) -> tuple[str | None, list[Word]]:
    for kind, w, _ in opts.walk(args):
        if kind == "pos":
            return w.text, args[args.index(w) + 1:]
    return None, []


# cnpm, npmmirror's client (`npm install -g cnpm --registry=https://registry.npmmirror.com`, then `cnpm install x`,
# the usual install line of documents written in Chinese), takes npm's subcommands and installs from npm's mirror
@grammar("npm", "cnpm")
def npm(args: list[Word]) -> Iterator[Item]:
    sub, rest = _subcommand(args, NOPT_OPTS)
    folder = folder_option(NOPT_OPTS, args, *FOLDER_OPTIONS)
    if sub in INSTALL_WORDS or sub in CLEAN_INSTALL:
        yield from _installs(rest if sub not in CLEAN_INSTALL else [], "npm", _sub_word(args, NOPT_OPTS), folder, NOPT_OPTS,
                             args)
    elif sub in ("exec", "x"):
        yield from _run_package(_leading_options(args, NOPT_OPTS) + rest, "runs the package (npm exec)", NOPT_OPTS)
    elif sub in ("create", "init", "innit"):
        yield from _create(rest, "npm")


def _leading_options(args: list[Word], opts: Options) -> list[Word]:
    """The option words before the subcommand: npm's and pnpm's options may come first, and ``--package`` there
    still names what ``exec``/``dlx`` installs (pnpm's documented ``pnpm --package=@fast-check/packaged dlx
    packaged``, whose ``packaged`` is the bin the package provides)."""
    sub = _sub_word(args, opts)
    return args[:args.index(sub)] if sub is not None else []


def _sub_word(args: list[Word], opts: Options = NPM_OPTS) -> Word | None:
    return next((w for kind, w, _ in opts.walk(args) if kind == "pos"), None)


# Volta (volta.sh), a JavaScript tool manager: `volta install typescript@5 yarn@1` and `volta fetch` take each tool
# from npm's registry, except `node`, the runtime it downloads from nodejs.org; `volta pin` takes only node, npm, yarn
# and pnpm. `volta run [--node V …] COMMAND` runs COMMAND (a runner: ecosystem.toml's commands.tools.volta).
VOLTA_OPTS = Options(with_value=frozenset({"--node", "--npm", "--yarn", "--pnpm", "--env"}))
VOLTA_INSTALLS = frozenset({"install", "fetch", "pin"})


@grammar("volta")
def volta(args: list[Word]) -> Iterator[Target]:
    sub, rest = _subcommand(args, VOLTA_OPTS)
    if sub not in VOLTA_INSTALLS:
        return
    for w in VOLTA_OPTS.positionals(rest):
        t = package_target(w, note=f"volta {sub}")
        if t is not None and t.name != "node":
            yield t


@grammar("npx")
def npx(args: list[Word]) -> Iterator[Item]:
    yield from _run_package(args, "runs the package (npx)", NOPT_OPTS)


@grammar("bunx")
def bunx(args: list[Word]) -> Iterator[Item]:
    yield from _run_package(args, "runs the package (bunx)")


@grammar("pnpx")
def pnpx(args: list[Word]) -> Iterator[Item]:
    yield from _run_package(args, "runs the package (pnpx)", NOPT_OPTS)


@grammar("yarn")
def yarn(args: list[Word]) -> Iterator[Item]:
    sub, rest = _subcommand(args)
    folder = folder_option(NPM_OPTS, args, *FOLDER_OPTIONS)
    if sub is None:  # plain ``yarn`` installs the project
        if not any(w.text in ("-v", "--version", "-h", "--help") for w in args):
            yield project("npm", "yarn", args[0] if args else None, LOCKFILES["yarn"], folder)
        return
    if sub == "global":
        sub, rest = _subcommand(rest)
    elif sub == "workspace":  # yarn workspace <member> add x: the member is the project's own package
        _member, rest = _subcommand(rest)
        sub, rest = _subcommand(rest)
    if sub in FRAMEWORK_CLIS:  # yarn expo install x: yarn runs the project's CLI
        yield from framework_installer(sub, rest)
    elif sub in ("add", "up", "upgrade"):
        yield from _installs(rest, "yarn")
    elif sub == "install":
        yield project("npm", "yarn", _sub_word(args), LOCKFILES["yarn"], folder)
    elif sub == "dlx":
        yield from _run_package(rest, "runs the package (yarn dlx)")
    elif sub == "create":
        yield from _create(rest, "yarn")
    elif sub == "run" and rest:  # yarn run mocha -r x: a script of that name, or the project's bin
        yield from preloading_bin(rest[0], rest[0].text, rest[1:])
    elif sub is not None:  # yarn mocha -r x: yarn runs the project's bin (or a script of that name)
        bin_word = _sub_word(args)
        if bin_word is not None:
            yield from preloading_bin(bin_word, sub, rest)


@grammar("pnpm")
def pnpm(args: list[Word]) -> Iterator[Item]:
    sub, rest = _subcommand(args, PNPM_OPTS)
    folder = folder_option(PNPM_OPTS, args, *FOLDER_OPTIONS)
    if sub in FRAMEWORK_CLIS or sub == "exec" and rest and rest[0].text in FRAMEWORK_CLIS:
        yield from framework_installer(sub, rest) if sub != "exec" else framework_installer(rest[0].text, rest[1:])
    elif sub in ("add", "install", "i", "update", "up", "install-test", "it"):
        if any(w.text == "--workspace" for w in args):
            return  # pnpm's --workspace (not -w, --workspace-root): only packages of the workspace, linked, never fetched
        yield from _installs(rest, "pnpm", _sub_word(args, PNPM_OPTS), folder, PNPM_OPTS, args)
    elif sub == "dlx":
        yield from _run_package(_leading_options(args, PNPM_OPTS) + rest, "runs the package (pnpm dlx)", PNPM_OPTS)
    elif sub == "create":
        yield from _create(rest, "pnpm")
    elif sub == "exec" and rest:  # pnpm exec tsx --require x: the project's bin
        yield from preloading_bin(rest[0], rest[0].text, rest[1:])
    elif sub is not None:  # pnpm tsx --require x: pnpm runs the project's bin (or a script of that name)
        bin_word = _sub_word(args, PNPM_OPTS)
        if bin_word is not None:
            yield from preloading_bin(bin_word, sub, rest)


@grammar("bun")
def bun(args: list[Word]) -> Iterator[Item]:
    sub, rest = _subcommand(args)
    folder = folder_option(NPM_OPTS, args, *FOLDER_OPTIONS)
    if sub in FRAMEWORK_CLIS:
        yield from framework_installer(sub, rest)
    elif sub in ("add", "install", "i", "a", "update"):
        yield from _installs(rest, "bun", _sub_word(args), folder, everything=args)
    elif sub == "x":
        yield from _run_package(rest, "runs the package (bun x)")
    elif sub == "create":
        yield from _create(rest, "bun")
