"""The public mirrors of PyPI and npm that documents written in Chinese, Japanese and Korean point installers at
(held-out set 219): `pip install x -i https://pypi.tuna.tsinghua.edu.cn/simple`, a requirements file's `-i`, `npm install
x --registry https://registry.npmmirror.com`. A full mirror serves the public registry's names and nothing else, so a
name the registry lacks is missing there too: judged, where it was not checked as if the mirror were a private index.
Another index (a look-alike host, a vendor's own index) is still not checked."""

from __future__ import annotations

from pathlib import Path

from tests.trees import judged, verdicts, write

EXISTING = {"requests", "lodash"}


def test_an_install_from_a_public_mirror_is_judged_as_the_registry(tmp_path: Path):
    write(tmp_path, {
        "install.sh": "pip install requests invented-mirror-aa -i https://pypi.tuna.tsinghua.edu.cn/simple\n"
                      "pip install invented-mirror-bb --index-url http://mirrors.aliyun.com/pypi/simple/\n"
                      "npm install lodash invented-mirror-cc --registry=https://registry.npmmirror.com\n",
        "requirements.txt": "-i https://pypi.tuna.tsinghua.edu.cn/simple\ninvented-mirror-dd==1.0\nrequests\n",
    })
    assert verdicts(judged(tmp_path, EXISTING)) == {
        ("install.sh", "requests"): "ok", ("install.sh", "invented-mirror-aa"): "missing",
        ("install.sh", "invented-mirror-bb"): "missing",
        ("install.sh", "lodash"): "ok", ("install.sh", "invented-mirror-cc"): "missing",
        ("requirements.txt", "invented-mirror-dd"): "missing", ("requirements.txt", "requests"): "ok",
    }


def test_an_install_from_another_index_is_still_not_checked(tmp_path: Path):
    write(tmp_path, {
        "install.sh": "pip install invented-mirror-aa -i https://pypi.tuna.tsinghua.edu.cn.example.com/simple\n"
                      "pip install invented-mirror-bb -i https://pypi.example.cn/simple\n"
                      "npm install invented-mirror-cc --registry=https://registry.npmmirror.example.com\n",
    })
    assert set(verdicts(judged(tmp_path, EXISTING)).values()) == {"not-checked"}
