"""Audio, music and media projects (held-out set 33: beets, music21, mopidy, audiocraft, Tone.js): modules whose
distribution has another name, and a docs shell block that writes its comments the JavaScript way."""

from __future__ import annotations

from depguard.model import Origin
from tests.trees import found as names
from tests.trees import write


def test_optional_imports_of_modules_another_distribution_ships_are_judged_as_that_distribution(tmp_path):
    # mopidy's zeroconf.py (`import dbus`, dbus-python, declared nowhere), beets' bpd plug-in and music21's memory
    # test (`from guppy import hpy`: guppy3, the Python 3 port; PyPI's guppy is the Python 2 original), audiocraft's
    # utils (`from clap_module.factory import load_state_dict`: laion-clap puts its folder on sys.path); an
    # invented module beside them is still judged under its own name
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "mediaplayer"\nversion = "1.0"\ndependencies = ["pygobject"]\n',
        "src/mediaplayer/__init__.py": "",
        "src/mediaplayer/zeroconf.py": "try:\n    import dbus\nexcept ImportError:\n    dbus = None\n",
        "src/mediaplayer/gi.py": "def loop():\n    import dbus.mainloop.glib\n    dbus.mainloop.glib.threads_init()\n",
        "src/mediaplayer/profile.py": "def heap():\n    from guppy import hpy\n    return hpy().heap()\n",
        "src/mediaplayer/clap.py": "def load(path):\n    from clap_module.factory import load_state_dict\n"
                                   "    return load_state_dict(path)\n",
        "src/mediaplayer/sync.py": "import audiosyncwizard\n",
    })
    assert names(tmp_path, Origin.IMPORT) == {
        ("src/mediaplayer/zeroconf.py", "dbus-python"), ("src/mediaplayer/gi.py", "dbus-python"),
        ("src/mediaplayer/profile.py", "guppy3"), ("src/mediaplayer/clap.py", "laion-clap"),
        ("src/mediaplayer/sync.py", "audiosyncwizard"),
    }


def test_a_declared_distribution_of_the_modules_own_name_still_explains_it(tmp_path):
    # a Python 2 project that declares the original guppy: the declaration, not the import map, says which it is
    write(tmp_path, {"requirements.txt": "guppy==0.1.10\n", "profile.py": "from guppy import hpy\n"})
    assert names(tmp_path, Origin.IMPORT) == {("profile.py", "guppy")}


def test_a_docs_shell_line_commented_the_javascript_way_names_only_its_command(tmp_path):
    # Tone.js' README: two install lines, each followed by a `//` comment in prose; the words of the comments are no
    # packages (the shell would pass them to npm, a reader does not). A URL's `//` is no comment, and an install
    # command said in a `//` comment line is read as before
    write(tmp_path, {
        "package.json": '{"name": "webaudio", "version": "1.0.0"}\n',
        "README.md": "# Installation\n\n```bash\n"
                     "npm install tone      // Install the latest stable version\n"
                     "npm install tone@next // Or, alternatively, use the 'next' version\n"
                     "npm install https://example.com/standardized-audio-context.tgz\n"
                     "// npm install audio-worklet-polyfill-pro\n"
                     "```\n\nOr in one line: `npm i standardized-audio-context // the polyfill`.\n",
    })
    assert {name for _, name in names(tmp_path, Origin.COMMAND)} == {
        "tone", "audio-worklet-polyfill-pro", "standardized-audio-context"}
