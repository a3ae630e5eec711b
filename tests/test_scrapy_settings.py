"""The modules a Scrapy project's settings name by dotted paths are imports (pypi/scrapy_settings.py).

Held-out set 209 (web scraping): Scrapy loads its middlewares, pipelines, download handlers, dupe filter, scheduler and
reactor from the class paths its settings give, so a plug-in named there is imported by every crawl; depguard read no
such path, and a plug-in nobody publishes, named only there, went unjudged. Judged as imports: the project's own
package stays its own, Scrapy's and the manifests' names as any import. Not read: a file that is no Scrapy file, a
setting that is no component, a path inside a string that is not a setting's value.
"""

from __future__ import annotations

from pathlib import Path

from depguard.ecosystems.pypi.scrapy_settings import component_imports
from depguard.model import Origin
from tests.trees import found, write

SETTINGS = '''BOT_NAME = "shopz"
SPIDER_MODULES = ["shopz.spiders"]
DOWNLOADER_MIDDLEWARES = {
    "scrapy_splash.SplashMiddleware": 725,
    "scrapy.downloadermiddlewares.httpcompression.HttpCompressionMiddleware": 810,
    "shopz.middlewares.ShopzMiddleware": 543,
    "scrapy_cloudflare_bypasser_zq.middlewares.CloudflareMiddleware": 560,
}
ITEM_PIPELINES = {"shopz.pipelines.MongoPipeline": 300}
DOWNLOAD_HANDLERS = {"https": "scrapy_playwright.handler.ScrapyPlaywrightDownloadHandler"}
DUPEFILTER_CLASS = "scrapy_redis.dupefilter.RFPDupeFilter"
FEEDS = {"out.json": {"format": "json"}}
USER_AGENT = "shopz_agent.Bot"
'''


def imports(root: Path) -> set[tuple[str, str]]:
    return found(root, Origin.IMPORT)


def test_the_component_paths_of_a_scrapy_settings_module_and_a_spiders_custom_settings_are_imports(tmp_path):
    write(tmp_path, {
        "scrapy.cfg": "[settings]\ndefault = shopz.settings\n",
        "shopz/__init__.py": "",
        "shopz/settings.py": SETTINGS,
        "shopz/middlewares.py": "class ShopzMiddleware:\n    pass\n",
        "shopz/pipelines.py": "class MongoPipeline:\n    pass\n",
        "shopz/spiders/__init__.py": "",
        "shopz/spiders/deals.py": "import scrapy\n\n\nclass DealsSpider(scrapy.Spider):\n    name = 'deals'\n"
                                  "    custom_settings = {'ITEM_PIPELINES': {'scrapy_pipeline_invented_zq.Pipe': 1}}\n",
        # a web app's config that is no Scrapy file: its EXTENSIONS are not Scrapy's
        "webapp/config.py": "EXTENSIONS = {'flask_caching_zq.Cache': 1}\n",
    })
    assert imports(tmp_path) == {
        ("shopz/settings.py", "scrapy-splash"), ("shopz/settings.py", "scrapy"),
        ("shopz/settings.py", "scrapy-cloudflare-bypasser-zq"), ("shopz/settings.py", "scrapy-playwright"),
        ("shopz/settings.py", "scrapy-redis"),
        ("shopz/spiders/deals.py", "scrapy"), ("shopz/spiders/deals.py", "scrapy-pipeline-invented-zq")}


def test_each_path_keeps_the_line_of_its_setting_and_a_file_that_does_not_parse_gives_nothing():
    lines = component_imports(SETTINGS).split("\n")
    assert lines[3] == "import scrapy_splash" and lines[6] == "import scrapy_cloudflare_bypasser_zq.middlewares"
    assert lines[8] == "" and lines[10] == "import scrapy_redis.dupefilter"  # SPIDER_MODULES names shopz: its own
    assert "shopz_agent" not in component_imports(SETTINGS)  # USER_AGENT is no component
    assert component_imports("import scrapy\nITEM_PIPELINES = {'a.B': 1\n") == ""
    assert component_imports("EXTENSIONS = {'flask_x.Cache': 1}\n") == ""  # no Scrapy file: a web app's config
    # scrapy-redis's example settings module imports nothing and assigns settings only Scrapy has
    assert component_imports("SCHEDULER = 'scrapy_redis.scheduler.Scheduler'\nITEM_PIPELINES = {}\n") \
        == "import scrapy_redis.scheduler\n"
    script = ("from scrapy.crawler import CrawlerProcess\nprocess = CrawlerProcess(settings={'ITEM_PIPELINES': "
              "{'scrapy_a_zq.P': 1}})\nprocess.settings.set('DUPEFILTER_CLASS', 'scrapy_b_zq.F')\n")
    assert component_imports(script) == "\nimport scrapy_a_zq\nimport scrapy_b_zq\n"


def test_a_component_path_is_reported_where_the_settings_write_it(tmp_path):
    write(tmp_path, {"shopz/__init__.py": "", "shopz/settings.py": SETTINGS})
    from tests.trees import scan

    got = {(m.key.name, m.location.line, m.location.column, m.note) for m in scan(tmp_path).mentions
           if m.key.name == "scrapy-cloudflare-bypasser-zq"}
    assert got == {("scrapy-cloudflare-bypasser-zq", 7, 6, "a Scrapy setting's component path")}


def test_paths_into_the_package_spider_modules_names_are_the_projects_own_wherever_it_lies(tmp_path):
    # a repository that is the Scrapy package itself (settings.py, pipelines.py and spiders/ at its top, cloned under
    # any folder name): SPIDER_MODULES names the package its ITEM_PIPELINES point into; a plug-in beside it is judged
    write(tmp_path, {
        "__init__.py": "",
        "settings.py": "BOT_NAME = 'pricebot'\nSPIDER_MODULES = ['pricebotzq.spiders']\n"
                       "NEWSPIDER_MODULE = 'pricebotzq.spiders'\n"
                       "ITEM_PIPELINES = {'pricebotzq.pipelines.PricePipeline': 300,\n"
                       "                  'scrapy_price_plugin_zq.Pipeline': 400}\n",
        "pipelines.py": "class PricePipeline:\n    pass\n",
    })
    assert imports(tmp_path) == {("settings.py", "scrapy-price-plugin-zq")}
