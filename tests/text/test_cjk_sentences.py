"""Install commands in Chinese, Japanese and Korean prose (set 219: projects documented in those languages).

Such a sentence glues its words to the command ("pip install foo，然后运行 python app.py", "通过pip install foo安装"):
no package name has a CJK character or a full-width punctuation mark, so they end the command there
(``depguard.text.CJK_PROSE``), and a command said right after one of them is read (``CJK_SAID``).
"""

from __future__ import annotations

import pytest

from depguard.parsers import Source
from depguard.text import mentions_in_text


def names(text: str, path: str = "README.md") -> list[tuple[str, int]]:
    return [(m.key.name, m.location.line) for m in mentions_in_text(Source(path=path, text=text))]


def test_a_full_width_comma_glued_to_the_name_ends_the_command():
    # before: one argument `invented-alpha，然后运行`, dropped, and the sentence's next words `python app.py` read as two
    # more packages (python and app-py, both flagged missing)
    assert names("pip install invented-alpha，然后运行 python app.py\n") == [("invented-alpha", 1)]


@pytest.mark.parametrize("line", [
    "pip install invented-alpha。",
    "pip install invented-alpha！",
    "pip install invented-alpha、invented-beta",
    "pip install invented-alpha\u3000してください",  # an ideographic space
    "1. pip install invented-alpha でインストールします",
    "- pip install invented-alpha 로 설치합니다",
])
def test_a_cjk_sentence_after_the_command_is_no_argument(line):
    assert [n for n, _ in names(line + "\n")] == ["invented-alpha"]


@pytest.mark.parametrize("line", [
    "使用 pip install invented-alpha 安装",
    "运行 pip install invented-alpha 即可",
    "先执行pip install invented-alpha再运行",
    "通过pip install invented-alpha安装",
    # Langchain-Chatchat's ali_text_splitter.py comment (set 219), as a sentence of a page
    '如果使用模型进行文档语义切分，那么需要安装modelscope[nlp]：pip install "invented-alpha[nlp]" -f https://x.example',
    # llm-universe's 天机 case page: the mirror index is PyPI's, so the name is still PyPI's
    "安装环境依赖：pip install invented-alpha -i https://pypi.tuna.tsinghua.edu.cn/simple",
    "次のコマンドでpip install invented-alphaを実行します",
    # quoted, the quotes glued to the sentence's letters (read as the quotes of a word before)
    "执行“pip install invented-alpha”命令即可",
    '执行"pip install invented-alpha"命令即可',
    "请先安装依赖（pip install invented-alpha）再运行",
    "「pip install invented-alpha」を実行してください",
])
def test_a_command_said_in_a_cjk_sentence_is_read(line):
    assert names(line + "\n") == [("invented-alpha", 1)]


def test_an_ideographic_space_is_a_space():
    # an input method's full-width space between the command's words (pip install　x)
    assert names("pip install\u3000invented-alpha\n") == [("invented-alpha", 1)]
    assert names("```bash\npip install\u3000invented-alpha\u3000invented-beta\n```\n") == [
        ("invented-alpha", 2), ("invented-beta", 2)]


def test_a_cjk_sentences_command_beside_code_spans_is_read():
    text = "安装完成后，运行 `python app.py` 即可。使用 pip install invented-alpha 安装额外依赖，或者 npm install invented-beta。\n"
    assert names(text) == [("invented-alpha", 1), ("invented-beta", 1)]
    assert names("运行 `pip install invented-alpha` 即可\n") == [("invented-alpha", 1)]  # once, as the span


def test_a_cjk_sentence_reads_each_command_it_says():
    assert [n for n, _ in names("先运行 pip install invented-alpha，再运行 npm install invented-beta 即可\n")] == [
        "invented-alpha", "invented-beta"]


@pytest.mark.parametrize("line", [
    "用npm安装依赖，或使用uv管理",          # the tool named as a noun: no command
    "本项目使用 npm install 安装依赖",        # the project's own install: no name
    "修复了运行 npm install 时的错误",        # a changelog's sentence: no name
    "用 pip install <包名> 安装",            # the slot written in Chinese
    "pip install 包名",
])
def test_a_cjk_sentence_gives_no_name_of_its_own_words(line):
    assert names(line + "\n") == []


def test_a_quote_glued_to_a_latin_word_is_still_an_apostrophe():
    assert names("Don't run pip's 'install invented-alpha' here, it's fine\n") == []


def test_a_full_width_letter_is_still_read_as_a_look_alike_name():
    # full-width letters are what a look-alike name is made of (DG004), not prose: still read, as written
    assert names("pip install ｒequests\n") == [("ｒequests", 1)]


def test_a_shell_block_line_with_glued_cjk_prose_keeps_its_name():
    text = "```bash\npip install invented-alpha，然后运行\nnpm install invented-beta  # 安装依赖\n```\n"
    assert names(text) == [("invented-alpha", 2), ("invented-beta", 3)]


def test_a_notebook_magic_in_a_code_span_is_read():
    # Python-100-Days' pandas chapter (set 219): "可以先在单元格中先执行魔法指令`%pip install pymysql`，然后再运行上面的代码"
    text = "可以在单元格中先执行魔法指令`%pip install invented-alpha`，然后运行\n\nType `!pip install invented-beta` first.\n"
    assert names(text) == [("invented-alpha", 1), ("invented-beta", 3)]
    assert names("Use `!important` and `%timeit` here.\n") == []
