"""What the engine itself reads, declared the way an ecosystem declares its own: the formats that belong to no
one ecosystem (documents, shell scripts and the files that hold shell lines, pre-commit's hook
dependencies, Ansible's install tasks) and the grammars of the shells that run other commands. Mentions from
these may be of any ecosystem; the commands inside are read by each ecosystem's install-tool grammars."""

from ._model import EcosystemPackage, Format, Tools

ENGINE = EcosystemPackage(
    id="",
    package="depguard",
    formats=(
        # coding agents' rule files are Markdown too: Cursor's .mdc (front matter, then Markdown; Nuxt Content's MDC
        # is Markdown as well) and the one-file rules of Cursor, Windsurf and Cline
        Format("markdown", "depguard.parsers.markdown",
               ("*.md", "*.markdown", "*.mdx", "*.mdc", "*.rst", "*.adoc", "*.asciidoc", "*.ipynb.md", "*.livemd",
                ".cursorrules", ".windsurfrules", ".clinerules",
                # Quarto and R Markdown documents: Markdown whose executable chunks their own formats read as code
                "*.qmd", "*.Rmd", "*.rmd", "*.Rmarkdown"),
               kind="document"),
        Format("pre-commit", "depguard.parsers.pre_commit", (".pre-commit-config.yaml", ".pre-commit-config.yml")),
        Format("mcp-config", "depguard.parsers.mcp_config",
               (".mcp.json", "mcp.json", "claude_desktop_config.json", "mcp_config.json", ".gemini/settings.json",
                ".qwen/settings.json", ".qwen/settings.local.json", ".zed/settings.json", ".amp/settings.json",
                ".amp/settings.jsonc", ".claude-plugin/plugin.json", ".claude-plugin/marketplace.json",
                "gemini-extension.json"), kind="script"),
        # Claude Code's project settings: the commands of its hooks and status line, which it runs by itself
        Format("claude-settings", "depguard.parsers.claude_settings",
               (".claude/settings.json", ".claude/settings.local.json", "hooks/hooks.json",
                ".claude-plugin/plugin.json", ".claude-plugin/marketplace.json", ".cursor/hooks.json"), kind="script"),
        # a coding agent's plan kept as JSON (step.json, plan.json, tasks.json …): the commands each step runs
        Format("agent-plan", "depguard.parsers.agent_plan",
               ("*step.json", "*steps.json", "step[-_.]*.json", "steps[-_.]*.json", "*plan.json", "plan[-_.]*.json",
                "*tasks.json", "tasks[-_.]*.json", "*todo.json", "todo[-_.]*.json", "*todos.json", "*roadmap.json"),
               kind="script"),
        # Codex CLI's TOML configuration: its [mcp_servers.NAME] tables
        Format("mcp-config-toml", "depguard.parsers.mcp_config", (".codex/config.toml",), kind="script"),
        # an agent framework's YAML configuration with MCP servers (mcp-agent, fast-agent, LibreChat, Continue)
        Format("mcp-config-yaml", "depguard.parsers.mcp_config", ("*.yml", "*.yaml"), kind="script"),
        Format("ansible-tasks", "depguard.parsers.ansible", ("*.yml", "*.yaml")),
        # mise's [tools] installed through a registry's backend ("npm:prettier", "pipx:httpie"): a project's mise.toml,
        # a dotfiles repository's .config/mise/config.toml
        Format("mise", "depguard.parsers.mise",
               ("mise.toml", ".mise.toml", "mise.*.toml", ".mise.*.toml", ".rtx.toml", "mise/config.toml",
                "mise/config.*.toml", "mise/conf.d/*.toml")),
        Format("shell", "depguard.parsers.scripts",
               ("*.sh", "*.bash", "*.zsh", "*.ksh", ".bashrc", ".zshrc", "*.command",
                # the startup files and the sourced pieces of a dotfiles repository (mathiasbynens' layout: .aliases,
                # .functions, .exports, .extra, .path), and chezmoi's names of them (dot_zshrc, private_dot_zshrc)
                ".bash_profile", ".bash_aliases", ".bash_functions", ".bash_login", ".profile", ".zprofile", ".zshenv",
                ".zlogin", ".aliases", ".functions", ".exports", ".extra", ".path", "*dot_bashrc", "*dot_zshrc",
                "*dot_bash_profile", "*dot_bash_aliases", "*dot_profile", "*dot_zprofile", "*dot_zshenv", "*dot_aliases",
                "*dot_functions", "*dot_exports",
                "run_autograder",  # Gradescope's autograder entry point (parsers/scripts.py's SHELL_FILES)
                "PKGBUILD", "APKBUILD"),  # Arch's and Alpine's build recipes (parsers/scripts.py's SHELL_FILES)
               kind="script"),
        Format("powershell", "depguard.parsers.scripts", ("*.ps1", "*.psm1"), kind="script"),
        Format("navi-cheat", "depguard.parsers.scripts", ("*.cheat",), kind="script"),
        Format("dockerfile", "depguard.parsers.scripts",
               ("Dockerfile", "Dockerfile.*", "*.Dockerfile", "*.dockerfile", "Containerfile"), kind="script"),
        # Apptainer's (Singularity's) definition files: their shell sections (parsers/scripts.py's APPTAINER_FILES)
        Format("apptainer-def", "depguard.parsers.scripts",
               ("*.def", "Singularity", "Singularity.*", "Apptainer", "Apptainer.*"), kind="script"),
        # a Makefile-NAME is a makefile too, one a Makefile `include`s (TGI's server/Makefile: `include Makefile-awq`)
        Format("makefile", "depguard.parsers.scripts", ("Makefile", "makefile", "GNUmakefile", "*.mk", "Makefile-*"),
               kind="script"),
        Format("justfile", "depguard.parsers.scripts", ("justfile", "Justfile", ".justfile", "JUSTFILE", "*.just"),
               kind="script"),
        Format("jenkinsfile", "depguard.parsers.scripts",
               ("Jenkinsfile", "Jenkinsfile.*", "*.jenkinsfile", "*.Jenkinsfile", "jenkinsfile", "jenkinsfile.groovy",
                "Jenkinsfile*.groovy",
                # a Jenkins shared library's global variables (vars/NAME.groovy): the steps pipelines call by NAME
                "vars/*.groovy"), kind="script"),
        # Tekton's tasks (YAML with `apiVersion: tekton.dev/…`): the shell of their steps' script
        Format("tekton", "depguard.parsers.scripts", ("*.yml", "*.yaml"), kind="script"),
        # Terraform: local-exec commands, remote-exec inline lists, machines' boot scripts, the lambda module's commands
        Format("terraform", "depguard.parsers.terraform", ("*.tf",), kind="script"),
        # Tilt's configuration: the commands local(), local_resource(), custom_build() and a live update's run() run
        Format("tiltfile", "depguard.parsers.scripts", ("Tiltfile", "*.tiltfile", "Tiltfile.*"), kind="script"),
        # a Nuclio function configuration's build steps (CVAT's serverless functions: function.yaml, function-gpu.yaml)
        Format("nuclio-function", "depguard.parsers.scripts",
               ("function.yaml", "function.yml", "function-*.yaml", "function-*.yml", "function_*.yaml",
                "function_*.yml"), kind="script"),
        Format("ci-yaml", "depguard.parsers.scripts",
               (".github/workflows/*.yml", ".github/workflows/*.yaml", ".gitlab-ci.yml", ".travis.yml",
                "azure-pipelines.yml", ".circleci/config.yml", "bitbucket-pipelines.yml", "action.yml", "action.yaml",
                ".drone.yml", ".woodpecker.yml", ".woodpecker.yaml", ".woodpecker/*.yml", ".woodpecker/*.yaml"),
               kind="script"),
    ),
    tools=(
        Tools("depguard.commands.shell_tools",
              ("ash", "bash", "cmd", "dash", "distrobox-enter", "fish", "flatpak-spawn", "ksh", "mksh", "nix",
               "mise", "nix-shell", "powershell", "pwsh", "rtx", "runuser", "sbatch", "script", "sh", "su", "toolbox",
               "vagrant", "zsh")),
    ),
)
