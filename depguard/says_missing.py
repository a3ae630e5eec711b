"""A module or package name whose own words say it does not exist (ansible-lint's ``a_module_that_does_not_exist``,
the ``nonexistent_module`` and ``no_such_module`` of Python import-error tests, rushstack's webpack build test
``import('non-existent')``): written to fail on import, the input of a test of that failure, never a dependency.
The usual misspellings count (``nonexiting_module`` in freqtrade's failing test strategy, ``nonexistant``), and the
Romance-language ``inexistent`` (reader's test plug-in ``error_import_error.py``: ``import inexistent``) and the
``unexistent``/``unexisting`` of English written so, and so
does the generic noun glued on (django-cms's broken test plug-in app imports ``nonexistingmodule``). A generic noun
that an adjective says is wrong is made up too (django-extensions' test script ``import invalidpackage``,
``bogus_module``, ``fake_lib``); the adjective alone is not (``invalidator``, ``fakeredis`` are packages). Only imports
are excused this way, and only those no manifest declares: an install command or a manifest naming such a package
is still judged. In a test's file, ``missing`` right before such a noun says so too (ansible's integration target
``missing_required_lib`` imports ``ansible_missing_lib`` to test its message for a missing library:
:func:`says_missing_in_test`); elsewhere it is a tool's word, judged.

A file whose own name says it requires such a module (jest's e2e/resolve/requiresUnexistingModule.js, whose
``require('nope')`` the e2e test expects to fail with "Cannot find module 'nope'"; an ``import_missing_module.js``)
is a test's input built to fail: a word saying missing right before a noun of what is imported
(:func:`file_says_it_requires_missing`). Its imports of names no registry has are notes; a registered name (a
look-alike) and a declared one stay judged."""

from __future__ import annotations

import re

from . import lazyre

NOUNS = r"(?:modules?|mod|packages?|pkg|lib|library)"
SAYS_MISSING = re.compile(r"(?:^|_)(?:does_?not_?exist|doesnt_?exist|not_?exist(?:s|ing|ent|ant)?"
                          r"|(?:non_?|in|un)exis?t(?:s|ing|ent|ant)|no_?such"
                          # one that says it is not installed, or no module at all: jest-config's test preset
                          # requiring `library-that-is-not-installed`, jest-runtime's `not_really_a_module`
                          rf"|(?:is_)?not_installed|not_(?:really_)?an?_{NOUNS}"
                          # a generic noun that says what is wrong with it: invalidpackage, bogus_module, fake_lib
                          rf"|(?:invalid|bogus|broken|fake)_?{NOUNS})"
                          rf"{NOUNS}?(?:_|$)")
_SEPARATORS = re.compile(r"[-./@]")
# 'missing' right before a noun of what is imported (ansible's test/integration/targets/missing_required_lib, whose
# module does `try: import ansible_missing_lib`, to test the message ansible prints when a required library is
# missing): a tool's usual word too (missing_module_finder, a handler of one), so it counts only in a test's file
MISSING_NOUN = lazyre.compile(rf"(?:^|_)missing_?{NOUNS}(?:_|$)")


_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def says_missing(name: str) -> bool:
    """Whether ``name`` (a Python module, an npm package: ``-``, ``.``, ``/`` and ``@`` separate words as ``_``
    does, and so does a capital after a small letter: jest's haste test module ``fakeModuleName``) says it does not
    exist."""
    return SAYS_MISSING.search(_SEPARATORS.sub("_", _CAMEL.sub("_", name)).lower()) is not None


def says_missing_in_test(name: str) -> bool:
    """Whether ``name``, imported by a test's file, says it does not exist: :func:`says_missing`, or the word
    ``missing`` right before a noun of what is imported (``ansible_missing_lib``; ``missing_values`` is no such name)."""
    return says_missing(name) or MISSING_NOUN.search(_SEPARATORS.sub("_", _CAMEL.sub("_", name)).lower()) is not None


# the file's own name says that it requires or imports a module no registry has: a verb of using it, a word saying
# missing, a noun of what is imported (requires_unexisting_module, import_missing_package, with_nonexistent_dependency;
# never the word alone: missing_values.js is no such file, nor a tool's install_missing_deps.js or missing_module.js)
FILE_SAYS_MISSING = lazyre.compile(r"(?:^|_)(?:requires?|requiring|imports?|importing|loads?|loading|uses?|using|with)_"
                                   r"(?:(missing)|(?:non_?|in|un)exis?t(?:s|ing|ent|ant)"
                                   r"|not_?exist(?:s|ing|ent|ant)|no_?such)_(?:modules?|mod|packages?|pkg|lib|library"
                                   r"|deps?|dependency|dependencies|imports?|requires?)(?:_|$)")


def file_says_it_requires_missing(path: str) -> bool:
    """Whether the file at ``path`` says by its own name (less its folder and suffixes) that it requires or imports a
    module that does not exist: jest's ``requiresUnexistingModule.js`` (module docstring). ``missing`` is also a tool's
    word (an ``importMissingModules.js`` that installs them), so it counts only in a file below a test folder."""
    path = path.replace("\\", "/")
    stem = path.rsplit("/", 1)[-1].split(".", 1)[0]
    found = FILE_SAYS_MISSING.search(_SEPARATORS.sub("_", _CAMEL.sub("_", stem)).lower())
    if found is None:
        return False
    if found.group(1) is None:
        return True
    from .project import below_test_folder

    return below_test_folder(path)
