"""The modules a Scrapy project's settings name by their dotted paths (issue 12, held-out set 209: web scraping).

Scrapy loads its components from the dotted paths its settings give (``scrapy.utils.misc.load_object``): a
``settings.py`` says ``DOWNLOADER_MIDDLEWARES = {"scrapy_splash.SplashMiddleware": 725}``, ``ITEM_PIPELINES =
{"myproject.pipelines.MongoPipeline": 300}``, ``DUPEFILTER_CLASS = "scrapy_splash.SplashAwareDupeFilter"``, and a
spider's ``custom_settings`` the same. Each such path is an import the crawl makes: a plug-in misspelt or invented
there fails the crawl as surely as an ``import`` line, yet it was never read, so a plug-in no registry has went
unjudged when no manifest named it. :func:`component_imports` gives them as the import statements Scrapy runs, one
line of Python for each line of the settings that names them, so the import reader judges them as it judges any
import (the project's own package, the standard library and the manifests first).

Read: the values of the component settings (a class path each: the module is the path without its last part),
assigned or in a dict literal, anywhere in a file that is Scrapy's (it imports scrapy or assigns a setting only
Scrapy has: ``BOT_NAME``, ``ITEM_PIPELINES`` …): a module-level assignment, a spider's ``custom_settings``,
``CrawlerProcess(settings={...})``, ``settings.set(...)``'s dict. The parse is Python's own ``ast`` (no code runs); a
file it cannot parse gives nothing.
"""

from __future__ import annotations

import ast
import re

from ... import lazyre

# settings whose dict maps a component's class path to its order (its keys are paths)
KEYED = frozenset({"DOWNLOADER_MIDDLEWARES", "SPIDER_MIDDLEWARES", "ITEM_PIPELINES", "EXTENSIONS", "ADDONS",
                   "SPIDER_CONTRACTS"})
# settings whose dict maps a name (a URI scheme, a format) to a component's class path (its values are paths)
VALUED = frozenset({"DOWNLOAD_HANDLERS", "FEED_EXPORTERS", "FEED_STORAGES"})
# settings that name one component's class path
# (Scrapy's own, and scrapy-redis's SCHEDULER_QUEUE_CLASS)
SINGLE = frozenset({"DUPEFILTER_CLASS", "SCHEDULER", "SCHEDULER_DISK_QUEUE", "SCHEDULER_MEMORY_QUEUE",
                    "SCHEDULER_PRIORITY_QUEUE", "SCHEDULER_QUEUE_CLASS", "STATS_CLASS", "HTTPCACHE_STORAGE",
                    "HTTPCACHE_POLICY", "TWISTED_REACTOR", "REQUEST_FINGERPRINTER_CLASS", "DOWNLOADER",
                    "DOWNLOADER_HTTPCLIENTFACTORY", "DOWNLOADER_CLIENTCONTEXTFACTORY", "LOG_FORMATTER", "DNS_RESOLVER",
                    "SPIDER_LOADER_CLASS", "ITEM_PROCESSOR"})
# a Scrapy file: it imports scrapy or assigns a setting only Scrapy has (scrapy-redis's example settings module
# assigns DUPEFILTER_CLASS, SCHEDULER and ITEM_PIPELINES and imports nothing)
SCRAPY_FILE = lazyre.compile(r"^\s*(?:BOT_NAME|SPIDER_MODULES|NEWSPIDER_MODULE|DOWNLOADER_MIDDLEWARES|SPIDER_MIDDLEWARES"
                             r"|ITEM_PIPELINES|DUPEFILTER_CLASS)\s*=|^\s*(?:from|import)\s+scrapy\b", re.M)
# the settings that name the project's own modules (the package ``scrapy startproject`` made)
OWN_MODULES = frozenset({"SPIDER_MODULES", "NEWSPIDER_MODULE"})
# a dotted class path: two parts at least, each an identifier
CLASS_PATH = lazyre.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+\Z")


def component_imports(text: str) -> str:
    """Python source with the same lines as ``text`` (a Scrapy settings module or spider) holding, on the line of
    each component path its settings name, ``import <module>`` for the path without its class (several on one line
    as one statement), and nothing else; "" when the file is no Scrapy file, names no component, or does not parse."""
    if not any(name in text for name in (*KEYED, *VALUED, *SINGLE)) or not SCRAPY_FILE.search(text):
        return ""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ""
    lines: dict[int, dict[str, None]] = {}  # line -> its modules, in order (a dict: a long line costs linear time)

    def take(node: ast.AST | None) -> None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and CLASS_PATH.match(node.value):
            lines.setdefault(node.lineno, {})[node.value.rpartition(".")[0]] = None

    def setting(name: str, value: ast.AST | None) -> None:
        if name in SINGLE:
            take(value)
        elif isinstance(value, ast.Dict) and name in KEYED:
            for key in value.keys:
                take(key)
        elif isinstance(value, ast.Dict) and name in VALUED:
            for item in value.values:
                take(item)

    try:
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        setting(target.id, node.value)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                setting(node.target.id, node.value)
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "set"
                  and len(node.args) >= 2 and isinstance(node.args[0], ast.Constant)
                  and isinstance(node.args[0].value, str)):
                setting(node.args[0].value, node.args[1])  # settings.set("ITEM_PIPELINES", {...})
            elif isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values):
                    if isinstance(key, ast.Constant) and isinstance(key.value, str):
                        setting(key.value, value)
    except RecursionError:
        return ""
    # the project's own package, which SPIDER_MODULES and NEWSPIDER_MODULE name: its paths are the project's
    # wherever the tree keeps it (a repository that is the package itself, with settings.py at its top)
    own = {value.partition(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Assign)
           for target in node.targets if isinstance(target, ast.Name) and target.id in OWN_MODULES
           for value in _strings(node.value)}
    kept = {i: found for i, modules in lines.items()
            if (found := [m for m in modules if m.partition(".")[0] not in own])}
    if not kept:
        return ""
    last = max(kept)
    return "\n".join("import " + ", ".join(kept[i]) if i in kept else "" for i in range(1, last + 1)) + "\n"


def _strings(node: ast.AST) -> list[str]:
    """The string constants ``node`` is or lists (``["shopz.spiders"]``, ``"shopz.spiders"``)."""
    items = node.elts if isinstance(node, (ast.List, ast.Tuple)) else [node]
    return [n.value for n in items if isinstance(n, ast.Constant) and isinstance(n.value, str)]
