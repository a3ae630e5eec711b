"""Quantitative finance and trading (held-out set 165): the modules a hosted trading platform or a market-data
terminal gives the strategies it runs (Quantopian's ``quantopian`` API, QuantConnect LEAN's ``AlgorithmImports``,
JoinQuant's ``jqdata``, ``kuanke``, ``jqlib`` and ``jqfactor``, the Wind and iFinD terminals' ``WindPy`` and
``iFinDPy``) are the platform's, not PyPI guesses; an invented package imported beside them is still judged."""

from __future__ import annotations

from depguard.model import Origin
from tests.trees import found, write


def test_the_modules_a_trading_platform_gives_its_strategies_are_the_platforms(tmp_path):
    write(tmp_path, {
        # a Quantopian algorithm and research notebook (quantopian/research_public's lectures)
        "quantopian/momentum.py": "from quantopian.algorithm import attach_pipeline, pipeline_output\n"
                                  "from quantopian.pipeline import Pipeline\nimport quantopian.optimize as opt\n"
                                  "from quantopian.research import run_pipeline\nimport quantopian_toolsx\n\n"
                                  "def initialize(context):\n    attach_pipeline(Pipeline(), 'p')\n",
        # a QuantConnect LEAN algorithm (LEAN's template: `from AlgorithmImports import *`)
        "lean/main.py": "from AlgorithmImports import *\nimport algorithmimports_extrax\n\n"
                        "class MomentumAlgorithm(QCAlgorithm):\n    def Initialize(self):\n        self.SetCash(100000)\n",
        # a JoinQuant strategy
        "joinquant/strategy.py": "from jqdata import *\nfrom kuanke.wizard import *\n"
                                 "from jqlib.technical_analysis import MACD\nfrom jqfactor import get_factor_values\n"
                                 "import jqdata_helperx\n\ndef initialize(context):\n    set_benchmark('000300.XSHG')\n",
        # the Wind and iFinD terminals' Python interfaces
        "terminals/fetch.py": "from WindPy import w\nfrom iFinDPy import THS_iFinDLogin\nimport windpy_extrax\n\nw.start()\n",
    })
    assert found(tmp_path, Origin.IMPORT) == {
        ("quantopian/momentum.py", "quantopian-toolsx"), ("lean/main.py", "algorithmimports-extrax"),
        ("joinquant/strategy.py", "jqdata-helperx"), ("terminals/fetch.py", "windpy-extrax")}


def test_undeclared_imports_of_trading_libraries_are_judged_as_the_distributions_that_ship_them(tmp_path):
    # a strategy or notebook folder with no manifest of its own: none of these modules is a PyPI project (its name
    # list, 2026-12), and each library's documentation installs the distribution and imports the module. Invented
    # modules beside them are still judged as themselves
    write(tmp_path, {"notebooks/strategies.py": "import riskfolio as rp\nimport nasdaqdatalink\nimport schwab\n"
                                                "import quantrocket.master\nfrom moonshot import Moonshot\n"
                                                "from dydx3 import Client\nimport refinitiv.data as rd\n"
                                                "import refinitiv.dataplatform as rdp\nimport lseg.data as ld\n"
                                                "import riskfolio_toolsx\nimport moonshot_magicz\n"})
    assert {name for _, name in found(tmp_path, Origin.IMPORT)} == {
        "riskfolio-lib", "nasdaq-data-link", "schwab-py", "quantrocket-client", "quantrocket-moonshot",
        "dydx-v3-python", "refinitiv-data", "refinitiv-dataplatform", "lseg-data", "riskfolio-toolsx", "moonshot-magicz"}
