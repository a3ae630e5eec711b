"""PyPI: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Language, Tools

ECOSYSTEM = EcosystemPackage(
    id="pypi",
    package=__name__,
    formats=(
        Format("bentofile", "bentofile", ("bentofile.yaml", "bentofile.yml")),
        Format("fastmcp.json", "fastmcp_json", ("fastmcp.json", "*.fastmcp.json")),
        Format("hass-manifest", "hass_manifest", ("manifest.json",)),
        Format("jupyterlab-discovery", "jupyterlab_discovery", ("package.json",)),
        Format("langgraph.json", "langgraph_json", ("langgraph.json",)),
        Format("meltano-yml", "meltano_yml", ("meltano.yml", "*.meltano.yml")),
        Format("mlflow-python-env", "mlflow_env", ("python_env.yaml", "python_env.yml")),
        Format("noxfile", "noxfile", ("noxfile.py",)),
        Format("pdm.lock", "pdm_lock", ("pdm.lock",), kind="lockfile"),
        Format("pep723-script", "pep723", ("*.py",)),
        Format("pex-lock", "pex_lock", ("*.lock",), kind="lockfile"),
        Format("Pipfile", "pipfile", ("Pipfile",)),
        Format("Pipfile.lock", "pipfile_lock", ("Pipfile.lock",), kind="lockfile"),
        Format("poetry.lock", "poetry_lock", ("poetry.lock",), kind="lockfile"),
        Format("pylock.toml", "pylock", ("pylock.toml", "pylock.*.toml"), kind="lockfile"),
        Format("pyproject", "pyproject", ("pyproject.toml",)),
        Format("red-cog", "red_cog", ("info.json",)),
        Format("requirements", "requirements",
               ("requirements*.txt", "requirements*.in", "requirements/*.txt", "requirements/*.in",
                "constraints*.txt", "constraints*.in", "*-requirements.txt", "*_requirements.txt", "*.pip",
                "dev-requirements.txt", "*.requirements.txt", "*-requirements.in", "*_requirements.in",
                "*.requirements.in", "*.requirements/*.txt", "*.requirements/*.in",
                # asdf-python and mise give it to `pip install -r` with every Python (depguard/parsers/default_packages.py)
                ".default-python-packages", "default-python-packages", "dot_default-python-packages")),
        Format("setup.cfg", "setup_cfg", ("setup.cfg",)),
        Format("setup.py", "setup_py", ("setup.py",)),
        Format("tox.ini", "tox_ini", ("tox.ini",)),
        Format("uv.lock", "uv_lock", ("uv.lock",), kind="lockfile"),
    ),
    imports=(
        Format("python-imports", "imports", ("*.py", "*.pyi", "*.pyw", "*.ipynb"), kind="source"),
        Format("rmarkdown-python-imports", "imports", ("*.qmd", "*.Rmd", "*.rmd", "*.Rmarkdown"), kind="source"),
        Format("myst-notebook-imports", "myst_notebooks", ("*.md",), kind="source"),
        Format("beancount-plugins", "beancount_plugins", ("*.beancount", "*.bean"), kind="source"),
        Format("r-reticulate-imports", "reticulate_imports",
               ("*.R", "*.r", "*.Rmd", "*.rmd", "*.qmd", "*.Rmarkdown"), kind="source"),
        Format("r-reticulate-requirements", "reticulate_imports",
               ("*.R", "*.r", "*.Rmd", "*.rmd", "*.qmd", "*.Rmarkdown"), kind="source"),
    ),
    languages=(
        Language("python", "tree_sitter_python", query="python.scm"),
    ),
    tools=(
        Tools("tools",
              ("easy_install", "hatch", "pdm", "pip", "pip-sync", "pip2", "pip3", "pipenv", "pipx", "poetry", "rye",
               "uv", "uvx")),
        Tools("hosts", ("datasette", "llm", "mim", "sage", "sqlite-utils"), versioned=False),
    ),
)
