"""An import in a method of a class whose ``__init__`` imports the same module under a guard (held-out set 183):
ControlNet vendors mmcv, whose ``MemcachedBackend.__init__`` does ``try: import mc / except ImportError: raise
ImportError('Please install memcached to enable MemcachedBackend.')`` and whose ``get`` does ``import mc``: the object
exists only when the guarded import succeeded, so the method's import is as optional as it. An invented import in
another method, a method's import whose ``__init__`` import is unguarded, and a function outside the class stay
judged."""

from __future__ import annotations

from tests.trees import judged, verdicts, write

BACKEND = (
    "class MemcachedBackend:\n"
    "    def __init__(self, server_list_cfg, client_cfg, sys_path=None):\n"
    "        try:\n            import mcz\n        except ImportError:\n"
    "            raise ImportError('Please install memcached to enable MemcachedBackend.')\n"
    "        self._client = mcz.MemcachedClient.GetInstance(server_list_cfg, client_cfg)\n\n"
    "    def get(self, filepath):\n        import mcz\n        return mcz.ConvertBuffer(filepath)\n\n"
    "    def get_text(self, filepath):\n        import quux_madeup_kit\n        return quux_madeup_kit.read(filepath)\n\n\n"
    "class LmdbBackend:\n    def __init__(self, path):\n        import lmdbz\n        self.env = lmdbz.open(path)\n\n"
    "    def get(self, key):\n        import lmdbz\n        return lmdbz.get(key)\n\n\n"
    "def read(path):\n    import mcz\n    return mcz.read(path)\n"
)


def test_a_method_s_import_of_a_module_its_class_s_init_imports_under_a_guard_is_optional(tmp_path):
    write(tmp_path, {"annotator/mmcv/fileio/file_client.py": BACKEND})
    rep = judged(tmp_path, set())
    got = {(f.mention.location.line, f.mention.written): f.verdict.value for f in rep.findings}
    assert got[(4, "mcz")] == "allowed"  # the guarded import itself, as before
    assert got[(10, "mcz")] == "allowed"  # get(): the object exists only when __init__'s import succeeded
    assert got[(14, "quux_madeup_kit")] == "missing"  # another module: judged
    assert got[(20, "lmdbz")] == "missing" and got[(24, "lmdbz")] == "missing"  # an unguarded __init__ import
    assert got[(29, "mcz")] == "missing"  # a function outside the class
    assert verdicts(rep)  # the report holds the file's findings


def test_a_class_with_many_methods_is_read_once():
    # reviewer r29: each import in a method walked the class's methods and its __init__ again (75aee31c), and each
    # `import x` searched the whole file for `x.` anew: a crafted class of 3,000 methods (230 KB) took 374 s to parse
    # (99 s before 75aee31c). The class's __init__ is read once, the attribute uses once a file
    # (how its time grows is measured by benchmarks/crafted_inputs.py, a ratio in one run, not here)
    from depguard.ecosystems.pypi.imports import _parse
    from depguard.model import Origin
    from depguard.parsers import Source

    n = 2_000
    text = ("class Backend:\n    def __init__(self):\n        try:\n            import mcz\n        except ImportError:\n"
            "            raise ImportError('Please install memcached')\n"
            + "".join(f"        self.a{i} = mcz.get({i})\n" for i in range(n))
            + "".join(f"    def m{i}(self):\n        import mcz\n        import quux_madeup_kit\n" for i in range(n)))
    found = [m for m in _parse(Source(path="backend.py", text=text)) if m.origin is Origin.IMPORT]
    assert {(m.key.name, m.example is not None) for m in found} == {("mcz", True), ("quux-madeup-kit", False)}
    assert len(found) == 2 * n + 1
