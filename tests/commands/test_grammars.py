"""Every command grammar at the targets_in_script() level: (ecosystem, name, spec, line, column) per command.

The column is where the name starts in the script (after an opening quote, ``npm:``, ``conda-forge::`` …).
Ecosystems other than PyPI and npm are tested here, before the catalog knows them.
"""

from __future__ import annotations

import pytest

from depguard.commands import grammars, targets_in_script


def found(script):
    out = []
    for t in targets_in_script(script):
        lead = 1 if t.word.raw[:1] in ("'", '"') else 0
        out.append((t.ecosystem, t.name, t.spec, t.word.line, t.word.column + lead + t.column_shift))
    return out


CASES = {
    # --- Python
    "pip options with values": ("pip install -r req.txt -c c.txt -e ./x -i https://i --extra-index-url https://e -t dir a",
                                [("pypi", "a", None, 1, 88)]),
    "pip extras and markers": ("pip install 'name[extra]>=1' \"b; python_version<'3.12'\"",
                               [("pypi", "name", ">=1", 1, 14), ("pypi", "b", None, 1, 31)]),
    "pip urls and archives": ("pip install git+https://g/x.git ./pkg.whl https://x/y.tar.gz C:\\w\\x.whl", []),
    # a local archive's file name with extras (VidGear's install docs: `pip install vidgear-0.3.4-py3-none-any.whl[core]`)
    # is the file, never a registry name; a name with extras beside it is still read
    "pip archive with extras": ("pip install vidgear-0.3.4-py3-none-any.whl[core] pkg-1.0.tar.gz[dev,test] vidgearx[core]",
                                [("pypi", "vidgearx", None, 1, 75)]),
    "pip non-install": ("pip show requests; pip uninstall -y x; pip freeze", []),
    # plug-in hosts run pip install with the same words in their own environment (llm/cli.py, datasette/cli.py)
    "llm install": ("llm install llm-anthropic && llm install -U llm-claude-3 -e ./mine && llm -m claude install",
                    [("pypi", "llm-anthropic", None, 1, 13), ("pypi", "llm-claude-3", None, 1, 45)]),
    # SageMath's launcher runs pip in Sage's Python (sagemath/sage#29627: "sage -pip", "sage -python"): held-out set
    # 237's category (mathematics); `sage -i` installs a Sage package (an spkg), no PyPI name, and Sage's other options
    # install nothing
    "sage -pip": ("sage -pip install sage_numerical_backends_coin && ./sage --pip install -U sagex && "
                  "sage -python -m pip install cocalcx && sage -i database_cremona_ellcurve && sage -t src/x.py",
                  [("pypi", "sage_numerical_backends_coin", None, 1, 19), ("pypi", "sagex", None, 1, 75),
                   ("pypi", "cocalcx", None, 1, 112)]),
    # OpenMMLab's MIM: "You can use `mim install` in the same way you use `pip install`!" (openmim's
    # mim/commands/install.py, which runs pip's install command with the words and a find-links page for mmcv);
    # mim's other commands (download, train, run) install nothing
    "mim install": ('mim install mmengine && mim install "mmcv>=2.0.0" mmdetx -e . && mim download mmdet --config x'
                    " && mim train mmdet configs/x.py",
                    [("pypi", "mmengine", None, 1, 13), ("pypi", "mmcv", ">=2.0.0", 1, 38), ("pypi", "mmdetx", None, 1, 51)]),
    # JupyterLab 1-3 fetches a named extension from npm (jupyterlab-git's README: the fallback install)
    "jupyter labextension install": ("jupyter labextension install @jupyterlab/git; jupyter labextension install --no-build"
                                     " jupyterlab-plotly@4 .; jupyter labextension list; jupyter labextension develop .",
                                     [("npm", "@jupyterlab/git", None, 1, 30), ("npm", "jupyterlab-plotly", "4", 1, 87)]),
    "datasette install": ("datasette install datasette-graphql; datasette install -r plugins.txt; datasette serve x.db",
                          [("pypi", "datasette-graphql", None, 1, 19)]),
    # sqlite-utils' plug-ins (sqlite-utils-shell's README: "Install this plugin in the same environment as
    # sqlite-utils": `sqlite-utils install sqlite-utils-shell`), pip install in its environment (held-out set 247's
    # probe of plug-in hosts); its other commands install nothing
    "sqlite-utils install": ("sqlite-utils install sqlite-utils-shell; sqlite-utils install -U -e ./plugin; "
                             "sqlite-utils insert x.db t data.json",
                             [("pypi", "sqlite-utils-shell", None, 1, 22)]),
    # Node-RED's admin client installs a node module from npm into a running Node-RED (nodered.org's node-red-admin
    # guide: "install - Install the module from NPM to Node-RED"), also as `node-red admin`; a second word is a URL to
    # install it from, and list/remove/search install nothing (held-out set 247's probe of plug-in hosts)
    "node-red-admin install": ("node-red-admin install node-red-contrib-foo-zq; node-red admin install node-red-node-x@0.2.1;"
                               " node-red-admin --userDir /data install node-red-node-y; node-red-admin install z-zq "
                               "https://example.com/z.tgz; node-red-admin remove node-red-node-w; node-red -p 1881",
                               [("npm", "node-red-contrib-foo-zq", None, 1, 24), ("npm", "node-red-node-x", "0.2.1", 1, 72),
                                ("npm", "node-red-node-y", None, 1, 134)]),
    # oclif CLIs install plug-ins from npm (@oclif/plugin-plugins' plugins:install, alias plugins:add, also spaced):
    # Twilio's samples (`twilio plugins:install @twilio-labs/plugin-serverless`, a probe of held-out set 259's
    # category), Heroku's, Salesforce's sf/sfdx. A bare name may be the CLI's @<scope>/plugin-<name> (a friendly name)
    # and user/repo is GitHub's: neither read; uninstall and the CLIs' other commands install nothing
    "oclif plugins:install": ("twilio plugins:install @twilio-labs/plugin-serverless @twilio-labs/plugin-flex@beta; twilio "
                              "plugins install @twilio-labs/plugin-zq; heroku plugins:install heroku-kafka; sf plugins "
                              "install --force @salesforce/plugin-zq; twilio plugins:install twilio-labs/plugin-x; twilio "
                              "plugins:uninstall @twilio-labs/plugin-y; twilio serverless:deploy",
                              [("npm", "@twilio-labs/plugin-serverless", None, 1, 24),
                               ("npm", "@twilio-labs/plugin-flex", "beta", 1, 55),
                               ("npm", "@twilio-labs/plugin-zq", None, 1, 109), ("npm", "@salesforce/plugin-zq", None, 1, 197)]),
    "uv pip and uv add": ("uv pip install httpx && uv add 'fastapi>=0.110' --dev && uv add --group lint ruff",
                          [("pypi", "httpx", None, 1, 16), ("pypi", "fastapi", ">=0.110", 1, 33),
                           ("pypi", "ruff", None, 1, 78)]),
    "uv global options take values": ('uv tool install --python-preference only-managed --python 3.14 "tox>=4.45" --with tox-uv',
                                      [("pypi", "tox", ">=4.45", 1, 65), ("pypi", "tox-uv", None, 1, 83)]),
    # spec-kit's README (held-out set 228): `uv tool install specify-cli --from git+https://github.com/github/spec-kit.git`
    # installs the git source, and the positional only names the package it provides: no registry is asked for it,
    # nor for a local folder's; a registry requirement given to --from is the install, and a plain install stays one
    "uv tool install --from a source": ("uv tool install invented-tool-zq --from git+https://github.com/me/x.git; "
                                       "uv tool install invented-local-tool --from ./tools/cli; "
                                       "uv tool install --from 'invented-pin==1.0' invented-pin; uv tool install invented-plain",
                                       [("pypi", "invented-pin", "==1.0", 1, 154), ("pypi", "invented-plain", None, 1, 203)]),
    # uv's tool request NAME@VERSION in an install, as uvx takes it: Ruff's installation page (docs.astral.sh/ruff/
    # installation) installs it with `uv tool install ruff@latest`, read by nothing before (held-out set 291,
    # command-line tools' install docs); `latest` pins nothing, a `name@ url` or a git source's `@ref` names no version
    "uv tool install NAME@VERSION": ("uv tool install zq-invented@latest; uv tool install 'zq-pin[x]@1.2'; "
                                     "uv tool install git+https://github.com/me/zq.git@v1; uv tool install zq-url@https://h/zq.whl",
                                     [("pypi", "zq-invented", None, 1, 17), ("pypi", "zq-pin", "==1.2", 1, 54)]),
    "uvx runs only its package": ("uvx ruff check . && uvx --from httpie http GET x && uvx black@24.1 .",
                                  [("pypi", "ruff", None, 1, 5), ("pypi", "httpie", None, 1, 32),
                                   ("pypi", "black", "==24.1", 1, 57)]),
    "uvx --with": ("uvx --with rich --with-requirements r.txt textual run", [("pypi", "rich", None, 1, 12),
                                                                             ("pypi", "textual", None, 1, 43)]),
    "pipx": ("pipx install poetry; pipx run black .; pipx inject poetry poetry-plugin-export; pipx run --spec cowsay==6 cowsay hi",
             [("pypi", "poetry", None, 1, 14), ("pypi", "black", None, 1, 31),
              ("pypi", "poetry-plugin-export", None, 1, 59), ("pypi", "cowsay", "==6", 1, 97)]),
    # MCDReforged's install docs: `pipx inject mcdreforged -r requirements.txt` installs what the file lists (pipx 1.7's
    # -r/--requirement): the file is no package name; a name beside it still is
    "pipx inject -r": ("pipx inject mcdreforged -r requirements.txt fastjsonx", [("pypi", "fastjsonx", None, 1, 45)]),
    "poetry pipenv pdm rye": ("poetry add requests@^2.31 -G dev pytest; pipenv install flask --dev; pdm add -G web httpx; rye add black",
                              [("pypi", "requests", "^2.31", 1, 12), ("pypi", "pytest", None, 1, 34),
                               ("pypi", "flask", None, 1, 57), ("pypi", "httpx", None, 1, 85),
                               ("pypi", "black", None, 1, 100)]),
    "python -m pip": ("python3.12 -m pip install -U pip setuptools", [("pypi", "pip", None, 1, 30),
                                                                       ("pypi", "setuptools", None, 1, 34)]),
    # --- JavaScript
    # cnpm, npmmirror's client and the install line of documents written in Chinese (held-out set 219's category)
    "cnpm as npm": ("cnpm install invented-cnpm-a && cnpm i -g invented-cnpm-b --registry=https://registry.npmmirror.com",
                    [("npm", "invented-cnpm-a", None, 1, 14), ("npm", "invented-cnpm-b", None, 1, 43)]),
    "npm flags": ("npm i -D vite --save-dev -g typescript --registry https://r @types/node@20",
                  [("npm", "vite", None, 1, 10), ("npm", "typescript", None, 1, 29), ("npm", "@types/node", "20", 1, 61)]),
    "npm settings that take a value": ("npm install --force --location global prettier --fetch-retries 5 --scope @x tsx",
                                       [("npm", "prettier", None, 1, 39), ("npm", "tsx", None, 1, 77)]),
    # npm 11's install cooldown in days (fava's Makefile: `npm update --min-release-age 7`) and the tree depth of
    # `npm update`/`outdated` take a value: no package "7" or "0"
    "npm cooldown and depth take a value": ("npm update --min-release-age 7; npm update -g --depth 0 npm",
                                            [("npm", "npm", None, 1, 57)]),
    # nopt (npm, pnpm) reads a true/false after any flag as its value (twilio-node's Dockerfile: `npm install
    # --unsafe-perm true`); yarn gives a flag no value, so there it is a package word
    "npm flag set to true or false": ("npm install --unsafe-perm true; npm i -g false typescript; pnpm add --save-exact true zod;"
                                      " npx --yes true cowsay; yarn add --dev true",
                                      [("npm", "typescript", None, 1, 48), ("npm", "zod", None, 1, 87),
                                       ("npm", "cowsay", None, 1, 107), ("npm", "true", None, 1, 130)]),
    # an option the grammar does not know, then a bare number, is that option's value (wshobson/agents' uv guide,
    # set 220: `uv pip install --jobs 4 package1 package2` reported a package "4"); a number with no option before it,
    # or quoted, is still a name, and so is the word after such a value
    "unknown option given a number": ("uv pip install --jobs 4 fake-one; npm i --fetch-slots 2.5 fake-two;"
                                      " pip install 4; pip install --pre '7'",
                                      [("pypi", "fake-one", None, 1, 25), ("npm", "fake-two", None, 1, 59),
                                       ("pypi", "4", None, 1, 81), ("pypi", "7", None, 1, 103)]),
    "npm non-registry specs": ("npm i user/repo git+https://g/x.git ./local file:../x https://x/y.tgz", []),
    "npm alias": ("npm i lod@npm:lodash@4", [("npm", "lodash", "4", 1, 15)]),
    "npx runs only its package": ("npx create-next-app my-app --ts", [("npm", "create-next-app", None, 1, 5)]),
    "npx that may not fetch runs a local bin": ("npx --offline template-oss-release-please --branch=x; npx --no eslint .; npx vitest",
                                                 [("npm", "vitest", None, 1, 78)]),
    "volta install, fetch and pin (node is the runtime)": ("volta install node@20 typescript@5 yarn; volta pin node npm@10; volta fetch eslint",
                                                           [("npm", "typescript", "5", 1, 23), ("npm", "yarn", None, 1, 36),
                                                            ("npm", "npm", "10", 1, 57), ("npm", "eslint", None, 1, 77)]),
    "volta run runs its command": ("volta run --node 20 --npm 10 npm install left-pad",
                                   [("npm", "left-pad", None, 1, 42)]),
    "npx -p": ("npx -p typescript tsc --init", [("npm", "typescript", None, 1, 8)]),
    "npm create": ("npm create vite@latest my-app; npm init @vitejs/app x; yarn create react-app y",
                   [("npm", "create-vite", None, 1, 12), ("npm", "@vitejs/create-app", None, 1, 41),
                    ("npm", "create-react-app", None, 1, 68)]),
    "yarn workspace": ("yarn workspace web add -D vitest; yarn workspace @me/api add zod@3",
                       [("npm", "vitest", None, 1, 27), ("npm", "zod", "3", 1, 62)]),
    "yarn pnpm bun": ("yarn add -D jest; pnpm add zod; pnpm dlx degit x; bun add hono; bunx cowsay hi",
                      [("npm", "jest", None, 1, 13), ("npm", "zod", None, 1, 28), ("npm", "degit", None, 1, 42),
                       ("npm", "hono", None, 1, 59), ("npm", "cowsay", None, 1, 70)]),
    # --- Rust
    "cargo add": ('cargo add serde@1.0 tokio -F full --features "derive rt" -p member',
                  [("cargo", "serde", "1.0", 1, 11), ("cargo", "tokio", None, 1, 21)]),
    "cargo add from git or path": ("cargo add --git https://g/x foo; cargo add --path ../bar bar", []),
    "cargo install": ("cargo install --locked ripgrep --version 14.1; cargo install --path .",
                      [("cargo", "ripgrep", "14.1", 1, 24)]),
    "cargo binstall": ("cargo binstall cargo-nextest", [("cargo", "cargo-nextest", None, 1, 16)]),
    "cargo quickinstall": ("cargo quickinstall --version 0.9 cargo-nextest; cargo quickinstall --no-binstall -- ripgrep@14 bat;"
                           " cargo-quickinstall --target x86_64-unknown-linux-musl just",
                           [("cargo", "cargo-nextest", "0.9", 1, 34), ("cargo", "ripgrep", "14", 1, 85),
                            ("cargo", "bat", None, 1, 96), ("cargo", "just", None, 1, 155)]),
    # --- Go
    "go get": ("go get github.com/gin-gonic/gin@v1.9.1 ./... fmt ../local",
               [("go", "github.com/gin-gonic/gin", "v1.9.1", 1, 8)]),
    "go install": ("go install golang.org/x/tools/cmd/goimports@latest",
                   [("go", "golang.org/x/tools/cmd/goimports", "latest", 1, 12)]),
    "go get flags and wildcard": ("go get -u -tags integration golang.org/x/net/...", [("go", "golang.org/x/net", None, 1, 29)]),
    "go run arguments": ("go run github.com/x/tool@v1 example.com/not-this", [("go", "github.com/x/tool", "v1", 1, 8)]),
    "go build": ("go build ./... && go mod tidy", []),
    # --- PHP
    "composer require": ('composer require monolog/monolog:^3.0 --dev "symfony/console ^6" php ext-json',
                         [("composer", "monolog/monolog", "^3.0", 1, 18), ("composer", "symfony/console", "^6", 1, 46)]),
    "composer global and create-project": ("composer global require laravel/installer; composer create-project laravel/laravel app 10.0",
                                           [("composer", "laravel/installer", None, 1, 25),
                                            ("composer", "laravel/laravel", "10.0", 1, 68)]),
    # --- .NET
    "dotnet add package": ("dotnet add src/App.csproj package Newtonsoft.Json -v 13.0.3",
                           [("nuget", "Newtonsoft.Json", "13.0.3", 1, 35)]),
    "dotnet add package options": ("dotnet add package Serilog --version 3.1.1 -s https://x",
                                   [("nuget", "Serilog", "3.1.1", 1, 20)]),
    "dotnet tool and templates": ("dotnet tool install -g dotnet-ef --version 8.0.0; dotnet new install Avalonia.Templates::11.0.0",
                                  [("nuget", "dotnet-ef", "8.0.0", 1, 24), ("nuget", "Avalonia.Templates", "11.0.0", 1, 70)]),
    # one package id per dotnet tool install/update: a README's `<- run once` note is a redirection and two arguments
    # (program-examples, held-out set 73); the SDK's X@V form (9.0.200 and later) for tools and templates
    "dotnet tool install takes one package": ("dotnet tool install Solana.Unity.Anchor.Tool <- run once",
                                              [("nuget", "Solana.Unity.Anchor.Tool", None, 1, 21)]),
    "dotnet tool update takes one package": ("dotnet tool update -g dotnet-ef extra", [("nuget", "dotnet-ef", None, 1, 23)]),
    "dotnet tool and templates at a version": ("dotnet tool install -g dotnet-ef@9.0.0; dotnet new install A.Templates@1.0 B.Templates",
                                               [("nuget", "dotnet-ef", "9.0.0", 1, 24), ("nuget", "A.Templates", "1.0", 1, 60),
                                                ("nuget", "B.Templates", None, 1, 76)]),
    "nuget install": ("nuget install Newtonsoft.Json -Version 13.0.1 -OutputDirectory packages",
                      [("nuget", "Newtonsoft.Json", "13.0.1", 1, 15)]),
    "Install-Package": ("Install-Package EntityFramework -Version 6.4.4 -ProjectName App",
                        [("nuget", "EntityFramework", "6.4.4", 1, 17)]),
    "Install-Package -Name list": ("Install-Package -Name Dapper,Polly", [("nuget", "Dapper", None, 1, 23),
                                                                        ("nuget", "Polly", None, 1, 30)]),
    "Install-Package other provider": ("Install-Package -Name Pester -ProviderName PowerShellGet", []),
    # chocolatey-au's Update-Package (chocolatey-community/chocolatey-packages' update.ps1, held-out set 264): a parameter
    # NuGet's cmdlets lack is another command's, which installs nothing; NuGet's own, abbreviated or not, still read
    "Update-Package of chocolatey-au": ("Update-Package -ChecksumFor none -NoCheckUrl", []),
    "Update-Package abbreviated parameters": ("Update-Package Dgx.Invented.Lib -Pre -Version 2.0 -ea Stop",
                                              [("nuget", "Dgx.Invented.Lib", "2.0", 1, 16)]),
    "paket": ("paket add FSharp.Core --version 8.0", [("nuget", "FSharp.Core", "8.0", 1, 11)]),
    # Paket as a .NET local tool (the SAFE stack's docs: `dotnet paket add Fable.Remoting.Client -p src/Client`); its
    # other commands install nothing by name
    # the SDK's older template install (farmer's docs/content/quickstarts/template.md: `dotnet new -i Farmer.Template`,
    # Saturn's how-to-start: `dotnet new -i Saturn.Template`); a .nupkg or a folder names no package, -u installs nothing
    "dotnet new -i": ("dotnet new -i Dgx.Invented.Template::2.0; dotnet new --install Dgx.Other.Template; "
                      "dotnet new -i ./nupkg/SAFE.Template.5.0.nupkg; dotnet new -u Dgx.Gone.Template",
                      [("nuget", "Dgx.Invented.Template", "2.0", 1, 15), ("nuget", "Dgx.Other.Template", None, 1, 64)]),
    "dotnet paket": ("dotnet paket add Dgx.Invented.Remoting -p src/Client; dotnet paket restore; dotnet paket install",
                     [("nuget", "Dgx.Invented.Remoting", None, 1, 18)]),
    # --- Ruby
    "gem install": ("gem install rails -v 7.1.0; gem install bundler:2.4.0 ./local.gem",
                    [("rubygems", "rails", "7.1.0", 1, 13), ("rubygems", "bundler", "2.4.0", 1, 41)]),
    # RubyGems' OptionParser takes an unambiguous prefix of a long option: --versio is --version (mattermost-mobile's
    # scripts/build.sh); --ver is ambiguous with --verbose (gem refuses it), so it stays a flag
    "gem install abbreviated option": ("gem install bundler --versio 2.5.11; gem install --doc rdoc -N rake --ver x",
                                       [("rubygems", "bundler", "2.5.11", 1, 13), ("rubygems", "rake", None, 1, 64),
                                        ("rubygems", "x", None, 1, 75)]),
    # RubyGems updates itself to the version given (rubygems' own install-rubygems workflow: a downgrade check)
    "gem update --system": ("gem update --system 3.3.3; gem update --system; gem update rake",
                            [("rubygems", "rake", None, 1, 60)]),
    "bundle add": ('bundle add devise --version "~> 4.9" --group development',
                   [("rubygems", "devise", "~> 4.9", 1, 12)]),
    "bundle add git": ("bundle add x --git https://g; bundle install", []),
    # --- Dart / Flutter
    "pub add": ("dart pub add http:^1.1.0 dev:build_runner override:meta:1.9",
                [("pub", "http", "^1.1.0", 1, 14), ("pub", "build_runner", None, 1, 30), ("pub", "meta", "1.9", 1, 52)]),
    "flutter pub add": ("flutter pub add provider --dev; flutter pub add foo --git-url https://x",
                        [("pub", "provider", None, 1, 17)]),
    "pub map descriptor": ("""dart pub add 'foo:{"git":"https://x"}'""", []),
    "pub global activate": ("dart pub global activate webdev 3.0.0", [("pub", "webdev", "3.0.0", 1, 26)]),
    # --- Elixir
    "mix archive.install hex": ("mix archive.install hex phx_new 1.7.10", [("hex", "phx_new", "1.7.10", 1, 25)]),
    "mix archive.install github": ("mix archive.install github o/r; mix deps.get", []),
    # --- Gleam: gleam add NAME[@VERSION] (held-out set 280: gleam-lang/gleam's CI `gleam add gleam_http@4`)
    "gleam add": ("gleam add --dev lustre@4 gleeunit; gleam deps download; gleam run -m lustre/dev",
                  [("hex", "lustre", "4", 1, 17), ("hex", "gleeunit", None, 1, 26)]),
    # --- Perl
    "cpanm": ("cpanm Moose Plack@1.0047 --installdeps . -l local Dist-Zilla-6.0.tar.gz",
              [("cpan", "Moose", None, 1, 7), ("cpan", "Plack", "1.0047", 1, 13)]),
    "cpan": ("cpan -i Mojolicious::Lite; cpan -D Moose", [("cpan", "Mojolicious::Lite", None, 1, 9)]),
    # App::Cpan drops a first "install" followed by more words (Exegol-images: `yes|cpan install Compress::Raw::Lzma`,
    # held-out set 286); alone, or later, it is a module's name as cpan reads it
    "cpan install": ("cpan install Compress::Raw::Lzma DBI; cpan install; cpan -T install",
                     [("cpan", "Compress::Raw::Lzma", None, 1, 14), ("cpan", "DBI", None, 1, 34),
                      ("cpan", "install", None, 1, 44), ("cpan", "install", None, 1, 61)]),
    "perl -MCPAN": ('perl -MCPAN -e "install DBI"', [("cpan", "DBI", None, 1, 25)]),
    # --- Haskell
    "cabal install": ('cabal install pandoc-3.1 --lib --constraint "text<2" .', [("hackage", "pandoc", "3.1", 1, 15)]),
    "stack install": ("stack install hlint ShellCheck --resolver lts-22", [("hackage", "hlint", None, 1, 15),
                                                                            ("hackage", "ShellCheck", None, 1, 21)]),
    # --- R
    "Rscript -e": ("""Rscript -e 'install.packages(c("shiny","DT"), repos="https://cloud.r-project.org")'""",
                   [("cran", "shiny", None, 1, 33), ("cran", "DT", None, 1, 41)]),
    "R -e github is not CRAN": ("""R -e 'remotes::install_github("o/r"); pak::pak("cli")'""", [("cran", "cli", None, 1, 49)]),
    # --- Conda
    "conda install channels": ('conda install -c conda-forge numpy=1.26 "scipy>=1.10" bioconda::samtools -n env -y',
                               [("conda", "numpy", "=1.26", 1, 30), ("conda", "scipy", ">=1.10", 1, 42),
                                ("conda", "bioconda::samtools", None, 1, 65)]),
    # held-out set 251 (hardware design): LiteX-Hub's EDA tools are on its channel only, so the command's channels are
    # carried in the name as an environment file's are (asked before conda-forge and main); a URL of anaconda.org is
    # its channel, a local folder is none; an invented name is still a name to judge
    "conda install -c channel": ("conda install -c litex-hub openroad open_pdks.sky130a made-up-eda-tool",
                                 [("conda", "litex-hub::openroad", None, 1, 28),
                                  ("conda", "litex-hub::open_pdks.sky130a", None, 1, 37),
                                  ("conda", "litex-hub::made-up-eda-tool", None, 1, 55)]),
    "conda channel urls and defaults": ("mamba install -c https://conda.anaconda.org/litex-hub -c ./local "
                                        "-c conda-forge nextpnr-ice40 conda-forge::numpy",
                                        [("conda", "litex-hub::nextpnr-ice40", None, 1, 81),
                                         ("conda", "numpy", None, 1, 108)]),
    "mamba create": ("mamba create -n env python=3.11 pandas", [("conda", "python", "=3.11", 1, 21),
                                                               ("conda", "pandas", None, 1, 33)]),
    "conda files": ("micromamba install -f env.yml; conda env create -f environment.yml", []),
    "pixi": ("pixi add --pypi requests; pixi add cmake", [("pypi", "requests", None, 1, 17), ("conda", "cmake", None, 1, 36)]),
    # --- Homebrew
    "brew install": ("brew install wget python@3.12 user/tap/thing", [("homebrew", "wget", None, 1, 14),
                                                                      ("homebrew", "python@3.12", None, 1, 19)]),
    # home-assistant/developers.home-assistant's docs/documenting.md (held-out set 247's second spot set): a versioned
    # formula whose version a command substitution gives is no known name (it read as ruby@0); literal names are read
    "brew install a formula of an unknown version": (
        'RUBY_FORMULA="ruby@$(cut -d . -f 1,2 .ruby-version)"\nbrew install "$RUBY_FORMULA"\n'
        'brew install python@3.12 node@0',
        [("homebrew", "python@3.12", None, 3, 14), ("homebrew", "node@0", None, 3, 26)]),
    "brew cask": ("brew install --cask firefox; brew install homebrew/cask/iterm2",
                  [("homebrew", "firefox", None, 1, 21), ("homebrew", "iterm2", None, 1, 57)]),
    "brew bundle reads a Brewfile given as a here-document": (
        'brew update\nbrew bundle --file=- <<EOF\ntap "heroku/brew"\n# Unix\nbrew "fzf"\nbrew "git" # vcs\n'
        'brew "heroku/brew/heroku", trusted: true\ncask "gpg-suite-no-mail"\n'
        'brew "postgresql@18", restart_service: :changed\nEOF\nbrew bundle check --file=- <<EOF\nbrew "not-installed"\nEOF',
        [("homebrew", "fzf", None, 5, 7), ("homebrew", "git", None, 6, 7), ("homebrew", "gpg-suite-no-mail", None, 8, 7),
         ("homebrew", "postgresql@18", None, 9, 7)]),
    # --- Deno / JSR
    "deno add": ("deno add jsr:@std/path@^1.0 npm:chalk@5 @oak/oak express",
                 [("jsr", "@std/path", "^1.0", 1, 14), ("npm", "chalk", "5", 1, 33), ("jsr", "@oak/oak", None, 1, 41)]),
    "deno run": ("deno run -A npm:cowsay@1.5 hello; deno run main.ts", [("npm", "cowsay", "1.5", 1, 17)]),
    "npx jsr add": ("npx jsr add @std/assert @luca/flag@1",
                    [("npm", "jsr", None, 1, 5), ("jsr", "@std/assert", None, 1, 13), ("jsr", "@luca/flag", "1", 1, 25)]),
    # --- Julia
    "julia -e": ("""julia --project=. -e 'using Pkg; Pkg.add("Genie"); Pkg.add(["CSV", "Plots"])'""",
                 [("julia", "Genie", None, 1, 43), ("julia", "CSV", None, 1, 62), ("julia", "Plots", None, 1, 69)]),
    # --- Containers
    "docker pull": ("docker pull nginx:1.25", [("docker", "library/nginx", "1.25", 1, 13)]),
    "docker run options": ("docker run -d -p 8080:80 -v $(pwd):/app -e KEY=v --name web --rm -w /app nginx",
                           [("docker", "library/nginx", None, 1, 74)]),
    "docker run command": ("docker run --rm -it python:3.12-slim pip install requests",
                           [("docker", "library/python", "3.12-slim", 1, 21), ("pypi", "requests", None, 1, 50)]),
    "docker registries": ("docker pull ghcr.io/owner/app@sha256:abc; docker pull docker.io/bitnami/redis:7.2",
                          [("docker", "ghcr.io/owner/app", "@sha256:abc", 1, 13), ("docker", "bitnami/redis", "7.2", 1, 55)]),
    "mise exec: the tools before -- are no command": ("mise x ruby -- gem install rails --no-document\n"
                                                       "mise exec python@3.12 node -- npm i left-pad",
                                                       [("rubygems", "rails", None, 1, 28), ("npm", "left-pad", None, 2, 37)]),
    "docker exec": ("docker exec -it web npm install lodash", [("npm", "lodash", None, 1, 33)]),
    "docker variables": ("docker run $IMAGE; docker build -t me/app .", []),
    # awesome-copilot's ACR skill (spot set 191): `docker pull {registry}.azurecr.io/dockerhub/nginx:1.27`, the reader's
    # registry as a brace slot (as <PROJECT_ID> is an angle slot): no host Docker accepts, so no reference; an invented
    # image on a real registry host is still read
    "docker slots in the registry host": ("docker pull {registry}.azurecr.io/dockerhub/nginx:1.27; "
                                          "docker pull <acr>.azurecr.io/app; docker pull myacr.azurecr.io/imagined-app:1",
                                          [("docker", "myacr.azurecr.io/imagined-app", "1", 1, 103)]),
    "podman": ("podman run --platform linux/amd64 quay.io/prometheus/node-exporter:v1",
               [("docker", "quay.io/prometheus/node-exporter", "v1", 1, 35)]),
    # --- CocoaPods, Maven
    "pod try": ("pod try Alamofire; pod install; pod update", [("cocoapods", "Alamofire", None, 1, 9)]),
    # --- Swift: SwiftPM 6's add-dependency, Mint and Carthage (held-out set 276's category; nothing read them): a path or
    # registry identity, a bare Mint name (the Mintfile's) and the project commands name no repository
    "swift package add-dependency": ("swift package add-dependency https://github.com/apple/swift-argument-parser "
                                     "--from 1.2.0; swift package add-dependency ../Local --type path; "
                                     "swift package --package-path x add-dependency git@github.com:madeup/invented-kit.git "
                                     "--branch main; swift package resolve; swift build -c release",
                                     [("swift", "github.com/apple/swift-argument-parser", "from 1.2.0", 1, 30),
                                      ("swift", "github.com/madeup/invented-kit", "branch main", 1, 188)]),
    "mint install and run": ("mint install yonaskolb/XcodeGen@2.38.0; mint run realm/SwiftLint swiftlint --strict; "
                             "mint run swiftlint; mint install ../LocalTool; mint bootstrap; carthage bootstrap --platform iOS",
                             [("swift", "github.com/yonaskolb/xcodegen", "2.38.0", 1, 14),
                              ("swift", "github.com/realm/swiftlint", None, 1, 50)]),
    "mvn dependency:get": ("mvn dependency:get -Dartifact=org.apache.commons:commons-lang3:3.14.0",
                           [("maven", "org.apache.commons:commons-lang3", "3.14.0", 1, 31)]),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_grammar(case):
    script, expected = CASES[case]
    assert found(script) == expected


@pytest.mark.parametrize("case", sorted(CASES))
def test_column_points_at_the_name(case):
    script, _ = CASES[case]
    lines = script.split("\n")
    for t in targets_in_script(script):
        lead = 1 if t.word.raw[:1] in ("'", '"') else 0
        at = lines[t.word.line - 1][t.word.column + lead + t.column_shift - 1:]
        base = t.name.removeprefix("library/").split("/")[-1].split(":")[-1].removeprefix("create-")
        assert base.lower() in at[: len(t.name) + 12].lower(), (t.name, at)


def test_runners_are_marked():
    targets = {t.name: t for t in targets_in_script("npx cowsay hi; uvx ruff; pip install x; go run example.com/x@v1")}
    assert targets["cowsay"].runs and targets["ruff"].runs and targets["example.com/x"].runs
    assert not targets["x"].runs


def test_cask_note_and_conda_channel_note():
    (cask,) = targets_in_script("brew install --cask firefox")
    assert cask.note == "cask"
    (pkg,) = targets_in_script("conda install -c conda-forge -c bioconda samtools")
    assert pkg.note == "channel conda-forge, bioconda"


def test_brew_bundle_installs_what_its_brewfile_lists():
    from depguard.commands import analyze

    plan = analyze("brew bundle\nbrew bundle install --file install/Caskfile\nbrew bundle dump --file x")
    assert [(m.ecosystem, m.path, m.files, m.format) for m in plan.manifests] == [
        ("homebrew", ".", ("Brewfile",), "project"), ("homebrew", "install/Caskfile", ("install/Caskfile",), "file")]
    (cask,) = targets_in_script('brew bundle --file=/dev/stdin <<EOF\ncask "firefox"\nEOF')
    assert (cask.name, cask.note, cask.word.line, cask.word.column) == ("firefox", "cask", 2, 7)


def test_a_formula_installed_after_a_tap_on_the_line_may_be_the_taps():
    # Detox's iOS setup in flash-list's workflow (held-out set 285): `brew tap wix/brew`, then `brew install
    # applesimutils`, a formula of that tap only, which formulae.brew.sh does not list. After a tap the install asks
    # Homebrew's own catalogue still (a name it has is judged), but a name it lacks says nothing: not checked
    (tapped,) = targets_in_script("brew tap wix/brew\nbrew trust --formula wix/brew/applesimutils\n"
                                  "brew install applesimutils\n")
    assert (tapped.name, tapped.index_only) == ("applesimutils", True) and "wix/brew" in (tapped.index or "")
    (one_line,) = targets_in_script("HOMEBREW_NO_AUTO_UPDATE=1 brew tap wix/brew && brew install applesimutils")
    assert one_line.index_only
    # no tap on the line (or `brew tap` alone, which lists the taps): the name is Homebrew's to answer for
    for script in ("brew install applesimutils", "brew tap\nbrew install applesimutils",
                   "brew install applesimutils\nbrew tap wix/brew"):
        (plain,) = targets_in_script(script)
        assert (plain.name, plain.index, plain.index_only) == ("applesimutils", None, False), script


def test_a_tap_of_homebrews_own_adds_no_source():
    # reviewer r39: a setup script's `brew tap homebrew/cask-fonts` (or homebrew/services, homebrew/bundle: Homebrew's
    # own taps, archived into homebrew/cask or holding commands) made every later brew install of the script index_only,
    # so a formula Homebrew lacks (an invented one) was not checked instead of missing. Such a tap adds nothing
    for script in ("brew tap homebrew/cask-fonts\nbrew install zzqq-invented-formula\n",
                   "brew tap Homebrew/homebrew-services && brew install zzqq-invented-formula",
                   "brew tap homebrew/bundle\nbrew tap homebrew/cask-versions\nbrew install zzqq-invented-formula\n"):
        (plain,) = targets_in_script(script)
        assert (plain.name, plain.index, plain.index_only) == ("zzqq-invented-formula", None, False), script
    # a third-party tap beside one of Homebrew's own still may hold the formula
    (tapped,) = targets_in_script("brew tap homebrew/cask-fonts\nbrew tap wix/brew\nbrew install applesimutils\n")
    assert tapped.index_only and "wix/brew" in (tapped.index or "") and "homebrew/" not in (tapped.index or "")


def test_every_tool_has_a_grammar():
    tools = set(grammars())
    for tool in ("cargo", "go", "composer", "dotnet", "nuget", "Install-Package", "gem", "bundle", "dart", "flutter",
                 "mix", "cpanm", "cpan", "cabal", "stack", "Rscript", "conda", "mamba", "micromamba", "brew", "deno",
                 "julia", "docker", "podman", "pod", "pip", "npm", "npx", "uvx", "pipx"):
        assert tool in tools, tool
