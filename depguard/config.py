"""Settings: defaults < ``[tool.depguard]`` in pyproject.toml or ``.depguard.toml`` < ``DEPGUARD_*`` < flags.

The config file is the nearest ``.depguard.toml`` (or ``pyproject.toml`` holding ``[tool.depguard]``) found
walking up from the scanned path; ``--config FILE`` names one explicitly. Every key is validated, and a wrong
one is a :class:`ConfigError` naming the file and the key.

Example ``.depguard.toml``::

    fail-on = "suspicious"            # or "missing"
    ignore = ["tests/fixtures/**"]
    private-scopes = ["@mycorp"]
    private-prefixes = ["mycorp-"]

    [allow]
    npm = ["@mycorp/*"]
    pypi = ["mycorp-*"]

    [deny]
    pypi = ["requests-oauthlib2"]

    [registries]
    pypi = "https://pypi.mycorp.example"

    [thresholds]
    new-package-days = 30
    min-versions = 2
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Callable, Mapping
from pathlib import Path

from .cstdlib import datetime
from .errors import ConfigError
from .http import HttpSettings
from .model import Verdict
from .records import field, field_names, record, replace
from .tables import flag as _bool

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any

FAIL_ON = {"missing": Verdict.MISSING, "suspicious": Verdict.SUSPICIOUS}


@record(frozen=True)
class Thresholds:
    new_package_days: int = 30  # first release younger than this: not established
    min_versions: int = 2  # fewer releases than this: not established (with another signal)
    typosquat_popularity_ratio: float = 20.0  # target must be this many times more popular
    typosquat_max_rank: int = 0  # 0: every popular name may be a target
    typosquat_established_days: int = 365  # a listed (popular) look-alike this old ...
    typosquat_established_versions: int = 5  # ... with this many releases is a name of its own, not a typosquat
    # a long-lived look-alike with at least this many downloads (the registry's own count and period) that keeps the
    # target's whole name with an affix, scope or separator is a port or plugin: judged on misspellings only
    typosquat_port_downloads: int = 10_000
    # a long-lived look-alike whose registry description has at least this many words of its own (naming none of
    # the packages it resembles, no placeholder, no copy of its target's description) is a package of its own; 0: off
    typosquat_own_description_words: int = 3
    # ... and only when its code has been public this long: its first AND latest release at least this many days old
    # (registries and scanners take malicious releases down within months; a sleeper that publishes again, and an
    # established name's fresh release, wait again). 0: the previous rule (a year and five releases, any latest)
    typosquat_settled_days: int = 365
    # ... or, where the registry gives no usage count (PyPI), an established name with at least this many releases
    # over that year: a maintained project's history (mesop: 108 releases), which a squat kept alive rarely has; 0: off
    typosquat_maintained_versions: int = 20
    # ... or, where the registry gives no usage count, an established name whose first release is at least this many
    # days old and whose releases fall in at least typosquat-long-history-years calendar years: a project kept up for
    # years (pyodm: 18 releases in 7 years since 2019), which no real squat has shown (they are taken down within
    # days or months; a dormant name woken up, releases in two years only, does not count); 0: off
    typosquat_long_history_days: int = 1095
    typosquat_long_history_years: int = 3


DEFAULT_DEADLINE = 120.0  # long enough for thousands of names on a slow link; a hanging registry ends by then


@record(frozen=True)
class Settings:
    fail_on: Verdict = Verdict.SUSPICIOUS
    allow: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # ecosystem or "*" -> globs
    deny: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    ignore: tuple[str, ...] = ()  # path globs, relative to the scan root
    registries: Mapping[str, str] = field(default_factory=dict)  # ecosystem id -> base URL
    private_scopes: tuple[str, ...] = ()
    private_prefixes: tuple[str, ...] = ()
    use_cache: bool = True
    cache_dir: Path | None = None
    offline: bool = False
    index_max_age_days: int = 30
    http: HttpSettings = field(default_factory=HttpSettings)
    # the run's environment when it is not this process's (a run answered by `depguard serve`): what reads a
    # variable after the settings are made (the user config's place, a judge's API key) reads it here
    environ: Mapping[str, str] | None = field(default=None, repr=False, compare=False)
    thresholds: Thresholds = field(default_factory=Thresholds)
    max_file_bytes: int = 5 * 1024 * 1024
    follow_symlinks: bool = False
    judge_docs_imports: bool = False  # imports in Markdown/RST code blocks
    judge_docs_installs: bool = True  # install commands in Markdown/RST and (with judge_source_installs) Python text
    # install commands a Python source file's comments, docstrings and strings say, and the argument lists it runs:
    # opt-in (on tool-like code most are grammar tables and prose about commands, not installs; README)
    judge_source_installs: bool = False
    judge_fixtures: bool = False  # scan fixture-data trees (tests/data, fixtures, testdata …): the tests' input
    # an optional import (its absence handled: depguard/ecosystems/pypi/guarded.py) of a name no registry has fails
    # the check too, instead of being a note
    judge_guarded_imports: bool = False
    docs_examples: bool = True  # docs install commands that show an example are notes (depguard.examples)
    # which dependencies fetched from a URL or a VCS make an import nothing explains a note, not a failure:
    # "related" (a file's own; its manifests' only for an import named like them), "scope" (any below them), "none"
    url_dependency_imports: str = "related"
    # an established look-alike named only in lockfiles (another package's dependency) fails the check too
    judge_locked_lookalikes: bool = False
    # a look-alike that a manifest declares and the latest published release of the popular package that manifest
    # is declares too fails a full scan as well (depguard/declarers.py)
    judge_declared_lookalikes: bool = False
    placeholder_words: tuple[str, ...] = ()  # more words that mark a docs name as a placeholder
    # seconds for the whole registry stage (counted from its start: in a scan, as the files are read); names not
    # answered by then are not checked
    deadline: float | None = DEFAULT_DEADLINE
    web_search_url: str | None = None  # a SearXNG-compatible JSON search endpoint; off when None
    now: datetime | None = None  # injected clock; None means the real time
    config_file: Path | None = None
    verify: Mapping[str, Any] = field(default_factory=dict)  # [verify] table, validated by depguard.verify.judge
    # The user's own settings, which the project cannot write: the [verify] table of the user config file
    # (user_config_path), and whether config_file was named by the user (--config, DEPGUARD_CONFIG) rather than
    # found in the tree. Judges (who receive file content) and secret opt-ins come only from these.
    user_verify: Mapping[str, Any] = field(default_factory=dict)
    user_config_file: Path | None = None
    config_named_by_user: bool = False

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    def allowed(self, ecosystem: str, name: str) -> bool:
        return _matches(self.allow, ecosystem, name)

    def denied(self, ecosystem: str, name: str) -> bool:
        return _matches(self.deny, ecosystem, name)

    def private_match(self, ecosystem: str, name: str) -> str | None:
        """The ``private-scopes``/``private-prefixes`` entry ``name`` matches, or None.

        A scope matches names inside it (``@mycorp`` matches ``@mycorp/ui``; ``mycorp`` too); a prefix
        matches names that start with it, case-insensitively (``mycorp-`` matches ``MyCorp-Utils``).
        """
        low = name.lower()
        for scope in self.private_scopes:
            s = scope.lower().rstrip("/:")
            if s and any(low.startswith(f"{b}{sep}") for b in {s, "@" + s.lstrip("@")} for sep in "/:"):
                return scope
        for prefix in self.private_prefixes:
            if prefix and low.startswith(prefix.lower()):
                return prefix
        return None


def _matches(table: Mapping[str, tuple[str, ...]], ecosystem: str, name: str) -> bool:
    low = name.lower()
    for pattern in (*table.get(ecosystem, ()), *table.get("*", ())):
        if fnmatch.fnmatchcase(name, pattern) or fnmatch.fnmatchcase(low, pattern.lower()):
            return True
    return False


# --- loading ---------------------------------------------------------------------------------------

def find_config(start: Path) -> Path | None:
    """The nearest .depguard.toml, or pyproject.toml with [tool.depguard], from ``start`` upward."""
    here = start.resolve()
    if here.is_file():
        here = here.parent
    for folder in (here, *here.parents):
        candidate = folder / ".depguard.toml"
        if candidate.is_file():
            return candidate
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file():
            from .compat import tomllib  # here: a run without a pyproject.toml or config file needs no TOML

            try:
                data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
                continue
            if isinstance(data.get("tool"), dict) and "depguard" in data["tool"]:
                return pyproject
        if (folder / ".git").exists():
            break
    return None


def read_config_file(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"{path}: config file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read config: {exc}") from None
    return config_from_text(text, path.name, str(path))


def config_from_text(text: str, name: str, origin: str) -> dict[str, Any]:
    """The depguard table of a config file's text: the whole file, or ``[tool.depguard]`` of a pyproject.toml
    (``name`` is the file's name; ``origin`` names it in errors, e.g. ``.depguard.toml at origin/main``)."""
    from .compat import tomllib

    try:
        data: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{origin}: not valid TOML: {exc}") from None
    if name == "pyproject.toml":
        data = data.get("tool", {}).get("depguard", {}) if isinstance(data.get("tool"), dict) else {}
        if not isinstance(data, dict):
            raise ConfigError(f"{origin}: [tool.depguard] must be a table")
    return data


def _globs(value: Any, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise ConfigError(f"{where}: expected a string or a list of strings, got {value!r}")


def _table_of_globs(value: Any, where: str) -> dict[str, tuple[str, ...]]:
    if isinstance(value, list):  # allow = ["a", "b"] applies to every ecosystem
        return {"*": _globs(value, where)}
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: expected a table of ecosystem = [names] or a list of names")
    return {str(k): _globs(v, f"{where}.{k}") for k, v in value.items()}


def _int(value: Any, where: str, minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ConfigError(f"{where}: expected a whole number >= {minimum}, got {value!r}")
    return value


def _number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise ConfigError(f"{where}: expected a non-negative number, got {value!r}")
    return float(value)


def parse_fail_on(value: Any, where: str) -> Verdict:
    if value not in FAIL_ON:
        raise ConfigError(f"{where}: expected one of {', '.join(FAIL_ON)}, got {value!r}")
    return FAIL_ON[value]


def apply_mapping(settings: Settings, data: Mapping[str, Any], origin: str) -> Settings:
    """Apply a config table (keys spelled with dashes or underscores) to ``settings``."""
    from .ecosystems import catalog

    known_ecos = set(catalog().ids()) | {"*"}
    changes: dict[str, Any] = {}
    thresholds = settings.thresholds
    http = settings.http
    for raw_key, value in data.items():
        key = raw_key.replace("-", "_")
        where = f"{origin}: {raw_key}"
        if key == "fail_on":
            changes["fail_on"] = parse_fail_on(value, where)
        elif key in ("allow", "deny"):
            table = _table_of_globs(value, where)
            for eco in table:
                if eco not in known_ecos:
                    raise ConfigError(f"{where}.{eco}: unknown ecosystem (known: {', '.join(sorted(known_ecos - {'*'}))})")
            changes[key] = table
        elif key == "ignore":
            changes["ignore"] = _globs(value, where)
        elif key == "registries":
            if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
                raise ConfigError(f"{where}: expected a table of ecosystem = \"https://base-url\"")
            for eco, url in value.items():
                if not url.startswith(("https://", "http://")):
                    raise ConfigError(f"{where}.{eco}: expected an http(s) URL, got {url!r}")
            changes["registries"] = {**settings.registries, **value}
        elif key in ("private_scopes", "private_prefixes", "placeholder_words"):
            changes[key] = _globs(value, where)
        elif key in ("cache",):
            changes["use_cache"] = _bool(value, where)
        elif key == "cache_dir":
            changes["cache_dir"] = Path(str(value)).expanduser()
        elif key == "offline":
            changes["offline"] = _bool(value, where)
        elif key == "web_search_url":
            if not isinstance(value, str) or not value.startswith(("https://", "http://")):
                raise ConfigError(f"{where}: expected an http(s) URL of a SearXNG-compatible JSON search endpoint")
            changes["web_search_url"] = value
        elif key == "index_max_age_days":
            changes["index_max_age_days"] = _int(value, where, 1)
        elif key == "max_file_bytes":
            changes["max_file_bytes"] = _int(value, where, 1)
        elif key in ("follow_symlinks", "judge_docs_imports", "judge_docs_installs", "judge_fixtures", "docs_examples",
                     "judge_source_installs", "judge_locked_lookalikes", "judge_declared_lookalikes",
                     "judge_guarded_imports"):
            changes[key] = _bool(value, where)
        elif key == "url_dependency_imports":
            if value not in URL_DEPENDENCY_IMPORTS:
                raise ConfigError(f"{where}: expected one of {', '.join(map(repr, URL_DEPENDENCY_IMPORTS))}, got {value!r}")
            changes[key] = value
        elif key == "deadline":
            changes["deadline"] = _number(value, where)
        elif key == "timeout":
            http = replace(http, timeout=_number(value, where), deadline=max(http.deadline, _number(value, where)))
        elif key == "retries":
            http = replace(http, retries=_int(value, where))
        elif key == "ca_bundle":
            http = replace(http, verify=str(value))
        elif key == "insecure_skip_tls_verify":
            if _bool(value, where):
                http = replace(http, verify=False)
        elif key == "verify":
            if not isinstance(value, dict):
                raise ConfigError(f"{where}: expected a table")
            changes["verify"] = value
        elif key == "thresholds":
            if not isinstance(value, dict):
                raise ConfigError(f"{where}: expected a table")
            names = set(field_names(Thresholds))
            tchanges: dict[str, Any] = {}
            for tk, tv in value.items():
                tname = tk.replace("-", "_")
                if tname not in names:
                    raise ConfigError(f"{where}.{tk}: unknown threshold (known: {', '.join(sorted(n.replace('_', '-') for n in names))})")
                tchanges[tname] = _number(tv, f"{where}.{tk}") if tname.endswith("ratio") else _int(tv, f"{where}.{tk}")
            thresholds = replace(thresholds, **tchanges)
        else:
            raise ConfigError(_unknown_setting(origin, raw_key))
    return replace(settings, thresholds=thresholds, http=http, **changes)


URL_DEPENDENCY_IMPORTS = ("related", "scope", "none")  # url-dependency-imports (Settings.url_dependency_imports)

#: Every top-level key apply_mapping reads (spelled with dashes, as the README and ``depguard init`` write them).
KNOWN_SETTINGS = (
    "fail-on", "allow", "deny", "ignore", "registries", "private-scopes", "private-prefixes", "placeholder-words",
    "cache", "cache-dir", "offline", "web-search-url", "index-max-age-days", "max-file-bytes", "follow-symlinks",
    "judge-docs-imports", "judge-docs-installs", "judge-fixtures", "docs-examples", "judge-source-installs",
    "judge-locked-lookalikes",
    "judge-declared-lookalikes", "judge-guarded-imports", "url-dependency-imports", "deadline", "timeout",
    "retries", "ca-bundle", "insecure-skip-tls-verify", "verify", "thresholds",
)


def _unknown_setting(origin: str, raw_key: str) -> str:
    """``path:line: KEY: unknown setting (did you mean …?)``: the line when ``origin`` is a readable file."""
    import difflib
    import re

    where = origin
    try:
        lines = Path(origin).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError, ValueError):
        lines = []
    pattern = re.compile(r"\s*[\"']?" + re.escape(raw_key) + r"[\"']?\s*=")
    for number, line in enumerate(lines, 1):
        if pattern.match(line):
            where = f"{origin}:{number}"
            break
    close = difflib.get_close_matches(raw_key.replace("_", "-"), KNOWN_SETTINGS, n=1, cutoff=0.6)
    hint = f"did you mean '{close[0]}'?" if close else f"known settings: {', '.join(KNOWN_SETTINGS)}"
    return f"{where}: {raw_key}: unknown setting ({hint})"


def from_environment(settings: Settings, environ: Mapping[str, str]) -> Settings:
    data: dict[str, Any] = {}
    if "DEPGUARD_FAIL_ON" in environ:
        parse_fail_on(environ["DEPGUARD_FAIL_ON"], "DEPGUARD_FAIL_ON")  # a bad value is named by its variable
        data["fail-on"] = environ["DEPGUARD_FAIL_ON"]
    for var, key in (("DEPGUARD_OFFLINE", "offline"),):
        if var in environ:
            data[key] = environ[var].strip().lower() in ("1", "true", "yes", "on")
    if environ.get("DEPGUARD_NO_CACHE", "").strip().lower() in ("1", "true", "yes", "on"):
        data["cache"] = False
    if "DEPGUARD_TIMEOUT" in environ:
        try:
            data["timeout"] = float(environ["DEPGUARD_TIMEOUT"])
        except ValueError:
            raise ConfigError(f"DEPGUARD_TIMEOUT: expected seconds, got {environ['DEPGUARD_TIMEOUT']!r}") from None
    if environ.get("DEPGUARD_WEBSEARCH_URL", "").strip():
        data["web-search-url"] = environ["DEPGUARD_WEBSEARCH_URL"].strip()
    if "DEPGUARD_CACHE_DIR" in environ:
        data["cache-dir"] = environ["DEPGUARD_CACHE_DIR"]
    from .ecosystems import catalog
    from .registries.endpoints import from_environment as registry_overrides

    registries = registry_overrides(environ, catalog().ids())
    if registries:  # DEPGUARD_REGISTRY_<ID> beats [registries] of the config file (merged over it)
        data["registries"] = registries
    settings = apply_mapping(settings, data, "environment") if data else settings
    token = (environ.get("GITHUB_TOKEN") or environ.get("GH_TOKEN") or "").strip()
    if token:  # GitHub's API with a token (5,000 requests an hour instead of 60); never printed or cached
        settings = replace(settings, http=replace(settings.http, github_token=token))
    return settings


def user_config_path(environ: Mapping[str, str]) -> Path:
    """The user's own config file: ``DEPGUARD_USER_CONFIG``, else ``$XDG_CONFIG_HOME/depguard/config.toml``
    (``~/.config/depguard/config.toml``). Only its ``[verify]`` table is read."""
    if environ.get("DEPGUARD_USER_CONFIG", "").strip():
        return Path(environ["DEPGUARD_USER_CONFIG"].strip()).expanduser()
    base = environ.get("XDG_CONFIG_HOME", "").strip()
    return (Path(base) if base else Path("~/.config").expanduser()) / "depguard" / "config.toml"


def _user_settings(settings: Settings, environ: Mapping[str, str]) -> Settings:
    path = user_config_path(environ)
    try:
        exists = path.is_file()
    except OSError:
        exists = False
    if not exists:
        return settings
    table = read_config_file(path).get("verify", {})
    if not isinstance(table, Mapping):
        raise ConfigError(f"{path}: verify: expected a table")
    return replace(settings, user_verify=table, user_config_file=path)


def named_config(config_file: Path | None = None, environ: Mapping[str, str] | None = None) -> Path | None:
    """The config file the user named: ``--config``, else ``DEPGUARD_CONFIG``, else None."""
    environ = os.environ if environ is None else environ
    return config_file or (Path(environ["DEPGUARD_CONFIG"]) if environ.get("DEPGUARD_CONFIG") else None)


def load_settings(
    start: Path | None = None,
    config_file: Path | None = None,
    environ: Mapping[str, str] | None = None,
    trusted: Callable[[Path | None], tuple[str, Mapping[str, Any]] | None] | None = None,
    **flags: Any,
) -> Settings:
    """Build Settings for a run: defaults, then the config file, then the environment, then ``flags``.

    ``trusted`` replaces reading the config file from the tree: given the explicitly named file (``--config``
    or ``DEPGUARD_CONFIG``) or None, it returns (origin, table) from a trusted source, or None for no config.
    ``scan --diff`` passes one that reads the base revision, so the change under review never configures
    its own check."""
    environ = os.environ if environ is None else environ
    settings = Settings()
    path = named_config(config_file, environ)
    named = path is not None
    if trusted is not None:
        found = trusted(path)
        if found is not None:
            settings = replace(apply_mapping(settings, found[1], found[0]), config_named_by_user=named)
        path = None
    elif path is None and start is not None:
        path = find_config(start)
    if path is not None:
        settings = apply_mapping(settings, read_config_file(path), str(path))
        settings = replace(settings, config_file=path, config_named_by_user=named)
    settings = _user_settings(settings, environ)
    settings = from_environment(settings, environ)
    if environ is not os.environ:
        settings = replace(settings, environ=dict(environ))
    clean = {k: v for k, v in flags.items() if v is not None}
    return replace(settings, **clean) if clean else settings
