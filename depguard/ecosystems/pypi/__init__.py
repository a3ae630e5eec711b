"""PyPI: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Language, Tools

ECOSYSTEM = EcosystemPackage(
    id="pypi",
    package=__name__,
    formats=(
        Format("noxfile", "depguard.parsers.noxfile", ("noxfile.py",)),
        Format("pdm.lock", "depguard.parsers.pdm_lock", ("pdm.lock",), kind="lockfile"),
        Format("pep723-script", "depguard.parsers.pep723", ("*.py",)),
        Format("Pipfile", "depguard.parsers.pipfile", ("Pipfile",)),
        Format("Pipfile.lock", "depguard.parsers.pipfile_lock", ("Pipfile.lock",), kind="lockfile"),
        Format("poetry.lock", "depguard.parsers.poetry_lock", ("poetry.lock",), kind="lockfile"),
        Format("pylock.toml", "depguard.parsers.pylock", ("pylock.toml", "pylock.*.toml"), kind="lockfile"),
        Format("pyproject", "depguard.parsers.pyproject", ("pyproject.toml",)),
        Format("requirements", "depguard.parsers.requirements",
               ("requirements*.txt", "requirements*.in", "requirements/*.txt", "requirements/*.in",
                "constraints*.txt", "constraints*.in", "*-requirements.txt", "*_requirements.txt", "*.pip",
                "dev-requirements.txt")),
        Format("setup.cfg", "depguard.parsers.setup_cfg", ("setup.cfg",)),
        Format("setup.py", "depguard.parsers.setup_py", ("setup.py",)),
        Format("tox.ini", "depguard.parsers.tox_ini", ("tox.ini",)),
        Format("uv.lock", "depguard.parsers.uv_lock", ("uv.lock",), kind="lockfile"),
    ),
    imports=(
        Format("python-imports", "depguard.imports.python", ("*.py", "*.pyi", "*.pyw", "*.ipynb"), kind="source"),
    ),
    languages=(
        Language("python", "tree_sitter_python", query="python.scm"),
    ),
    tools=(
        Tools("depguard.commands.python_tools",
              ("easy_install", "hatch", "pdm", "pip", "pip-sync", "pip2", "pip3", "pipenv", "pipx", "poetry", "rye",
               "uv", "uvx")),
    ),
)
