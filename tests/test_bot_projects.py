"""Chat bot applications and frameworks (held-out spot set 32: chatgpt-on-wechat, AstrBot, errbot, hubot): cloud
SDK modules whose distribution has another name, a test folder's assets, and a docs npm scope written to be
replaced."""

from __future__ import annotations

from depguard.examples import placeholder_name
from depguard.model import Origin
from tests.trees import found as names
from tests.trees import scan, write


def test_optional_voice_and_safety_backends_are_judged_as_the_sdks_that_ship_them(tmp_path):
    # chatgpt-on-wechat's voice backends and AstrBot's content-safety strategy import cloud SDKs that nothing
    # declares (each backend optional): Baidu's baidu-aip ships `aip`, Tencent Cloud's SDK `tencentcloud.<product>`
    # (one distribution per product too), Azure's Speech SDK `azure.cognitiveservices.speech`; an invented module
    # beside them is still judged under its own name
    write(tmp_path, {
        "requirements.txt": "openai>=1.0\n",
        "voice/baidu/baidu_voice.py": "from aip import AipSpeech\n",
        "voice/tencent/tencent_voice.py": "from tencentcloud.common import credential\n"
                                          "from tencentcloud.asr.v20190614 import asr_client\nimport tencentcloud\n",
        "voice/azure/azure_voice.py": "import azure.cognitiveservices.speech as speechsdk\n"
                                      "from azure.cognitiveservices.vision.face import FaceClient\n",
        "voice/other/other_voice.py": "import wechatvoicewizard\n",
    })
    assert names(tmp_path, Origin.IMPORT) == {
        ("voice/baidu/baidu_voice.py", "baidu-aip"),
        ("voice/tencent/tencent_voice.py", "tencentcloud-sdk-python-common"),
        ("voice/tencent/tencent_voice.py", "tencentcloud-sdk-python-asr"),
        ("voice/tencent/tencent_voice.py", "tencentcloud-sdk-python"),
        ("voice/azure/azure_voice.py", "azure-cognitiveservices-speech"),
        ("voice/azure/azure_voice.py", "azure-cognitiveservices-vision-face"),
        ("voice/other/other_voice.py", "wechatvoicewizard"),
    }


def test_a_test_folders_assets_are_the_tests_input(tmp_path):
    # errbot's tests/assets/requirements_never_there.txt: the input of a test that checks a missing requirement is
    # reported; the project's own requirements and a requirements file beside the tests stay judged
    write(tmp_path, {
        "requirements.txt": "slixmpp\n",
        "tests/plugin_management_test.py": "from pathlib import Path\n\n"
                                           "def test_missing():\n"
                                           "    assert check(Path(__file__).parent / 'assets' / 'requirements_never_there.txt')\n",
        "tests/assets/requirements_never_there.txt": "impossible_requirement\n",
        "tests/requirements.txt": "pytest-invented-helper\n",
        "src/assets/requirements.txt": "assets-invented-runtime\n",
    })
    assert names(tmp_path, Origin.MANIFEST) == {
        ("requirements.txt", "slixmpp"), ("tests/requirements.txt", "pytest-invented-helper"),
        ("src/assets/requirements.txt", "assets-invented-runtime")}


def test_a_metasyntactic_npm_scope_is_written_to_be_replaced():
    # hubot's docs/patterns.md: "to use `@foo/hubot-adapter` package as the adapter, you can:
    # npm install hubot-foo@npm:@foo/hubot-adapter"
    assert placeholder_name("@foo/hubot-adapter")
    assert placeholder_name("@foo-bar/adapter") and placeholder_name("@foobar/adapter")
    assert not placeholder_name("@fooddb/hubot-adapter")  # a scope of other words is judged as written
    assert not placeholder_name("@hubot-friends/sfab")
    assert placeholder_name("hubot-foo@npm:@foo/hubot-adapter")  # an alias installs the name after npm:
    assert not placeholder_name("my-foo@npm:hubot-invented-adapter")  # the alias is no part of what is installed


def test_a_docs_install_under_a_metasyntactic_scope_is_a_note(tmp_path):
    write(tmp_path, {
        "package.json": '{"name": "chatbot", "version": "1.0.0"}\n',
        "docs/patterns.md": "To use `@foo/hubot-adapter` as the adapter:\n\n```bash\n"
                            "npm install hubot-foo@npm:@foo/hubot-adapter\nnpm install hubot-invented-brain\n```\n",
    })
    out = scan(tmp_path)
    examples = {m.key.name: m.example is not None for m in out.mentions if m.origin is Origin.COMMAND}
    assert examples == {"@foo/hubot-adapter": True, "hubot-invented-brain": False}


def test_a_test_plugin_whose_import_is_commented_to_fail_is_the_tests_input(tmp_path):
    # errbot's tests/borken_plugin/broken.py: `import borken  # fails on purpose`, a plug-in a test packs into a
    # tarball to check its load error; the same import with no such comment, or in the project's own code, stays
    # judged, as does a declared-nowhere import beside it
    plugin = ("from errbot import BotPlugin, botcmd\n\nimport borken  # fails on purpose # noqa: F401\n"
              "import botplugininventedhelper  # noqa: F401\n")
    write(tmp_path, {
        "requirements.txt": "errbot\n",
        "tests/borken_plugin/broken.plug": "[Core]\nName = Broken\nModule = broken\n",
        "tests/borken_plugin/broken.py": plugin,
        "tests/other_plugin/other.py": "import borkentoo\n",
        "src/bot/plugin.py": "import borkenthree  # fails on purpose\n",
    })
    assert names(tmp_path, Origin.IMPORT) == {
        ("tests/borken_plugin/broken.py", "errbot"), ("tests/borken_plugin/broken.py", "botplugininventedhelper"),
        ("tests/other_plugin/other.py", "borkentoo"), ("src/bot/plugin.py", "borkenthree")}
