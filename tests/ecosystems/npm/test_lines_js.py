"""The position-keeping JSON/JSONC and YAML loaders behind the JavaScript parsers."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from depguard.errors import ParseError
from depguard.parsers._lines_js import load_json_positions, load_yaml_positions, name_at

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(json_values, st.sampled_from([None, 2]))
def test_same_values_as_json_and_keys_point_at_their_text(value, indent):
    text = json.dumps(value, indent=indent)
    got, index = load_json_positions(text)
    assert got == value
    stack = [got]
    while stack:
        cur = stack.pop()
        if isinstance(cur, dict):
            for key, offset in cur.where.items():
                assert text.startswith(json.dumps(key), offset - 1)
                line, col = index.line_col(offset)
                assert text.split("\n")[line - 1][col - 2:].startswith(json.dumps(key))
            stack.extend(cur.values())
        elif isinstance(cur, list):
            stack.extend(cur)


def test_duplicate_names_resolve_to_their_own_lines():
    text = '{\n "a": {"dep": 1},\n "b": {\n  "dep": 2\n }\n}\n'
    data, index = load_json_positions(text)
    assert index.key(data["a"], "dep") == (2, 9)
    assert index.key(data["b"], "dep") == (4, 4)


def test_crlf_lines_and_escaped_keys():
    data, index = load_json_positions('{\r\n  "a\\u0062": 1,\r\n  "c": [true, false, null, -1.5e3]\r\n}\r\n')
    assert data == {"ab": 1, "c": [True, False, None, -1500.0]}
    assert index.key(data, "c") == (3, 4)


@pytest.mark.parametrize("text, message", [
    ("", "the file is empty"),
    ('{"a": 1,}', "expected a quoted key"),
    ("[1,]", "expected a value"),
    ('{"a": 1} {}', "extra data"),
    ('{"a": "x', "unterminated string"),
    ("// c\n{}", "comments are not allowed"),
    ('{"a": tru}', "unexpected 't'"),
    ("[" * 250 + "]" * 250, "nested deeper"),
], ids=["empty", "trailing comma in object", "trailing comma in list", "two documents", "unterminated string",
        "comment", "bad literal", "too deep"])
def test_strict_json_errors(text, message):
    with pytest.raises(ParseError, match=message):
        load_json_positions(text)


def test_jsonc_allows_comments_and_trailing_commas():
    data, index = load_json_positions('{\n  // one\n  "a": [1, 2,], /* two */\n  "b": {"c": 3,},\n}\n', jsonc=True)
    assert data == {"a": [1, 2], "b": {"c": 3}}
    assert index.key(data, "b") == (4, 4)


def test_yaml_keys_items_and_quoted_columns():
    data, index = load_yaml_positions("a:\n  'x@1': {b: 1}\n  \"y\": [1, 2]\n  z:\n    - q\n")
    assert data == {"a": {"x@1": {"b": 1}, "y": [1, 2], "z": ["q"]}}
    assert index.key(data["a"], "x@1") == (2, 4)
    assert index.line_col(data["a"]["z"].where[0]) == (5, 7)


@pytest.mark.parametrize("text, message", [
    ("a: &x [1]\nb: *x\n", "aliases"),
    ("a: !!python/object:os.system x\n", "tag"),
    ("a: 1\n---\nb: 2\n", "more than one YAML document"),
    ("[" * 250 + "]" * 250, "nested deeper"),
    ("a: [\n", "not valid YAML"),
], ids=["alias", "python tag", "two documents", "too deep", "syntax"])
def test_yaml_refusals(text, message):
    with pytest.raises(ParseError, match=message):
        load_yaml_positions(text)


@pytest.mark.parametrize("text, name, expected", [
    ('"string-width-cjs@npm:string-width@^4"', "string-width", 22),
    ("left-pad@^1, left-pad@^1.3", "left-pad", 0),
    ("node_modules/@babel/code-frame", "@babel/code-frame", 13),
    ("foo-bar@1", "foo", -1),
], ids=["alias target", "first of several", "after a slash", "not inside a longer name"])
def test_name_at(text, name, expected):
    assert name_at(text, name) == expected


def test_a_json_file_ending_in_many_blank_lines_is_read_up_to_its_last_token(monkeypatch):
    # l39 (session 39, hostile input): the token pattern's leading blanks were matched and given back at each start of
    # a trailing run of blanks, so a JSON file ending in many empty lines was quadratic (12,000 of them: 28 s)
    import pytest

    from depguard.errors import ParseError
    from depguard.parsers import _lines_js
    from depguard.parsers._lines_js import load_json_positions

    scanned: list[int] = []
    real = _lines_js._TOKEN

    class Counted:
        def finditer(self, text, pos=0, endpos=None):
            end = len(text) if endpos is None else endpos
            scanned.append(end - pos)
            return real.finditer(text, pos, end)

    monkeypatch.setattr(_lines_js, "_TOKEN", Counted())
    body = '{"sdk": {"version": "8.0.100"}}'
    data, index = load_json_positions(body + "\n \t\r\n" * 5000, jsonc=True)
    assert data == {"sdk": {"version": "8.0.100"}} and index.key(data, "sdk")[0] == 1
    assert scanned == [len(body)]  # the trailing blanks are not scanned (20,000 more characters before)
    with pytest.raises(ParseError, match=r"the file is empty \(line 5001, column 1\)"):
        load_json_positions("\n" * 5000)
    with pytest.raises(ParseError, match="unexpected end of file"):
        load_json_positions('{"a": 1' + "\n" * 50)


def test_a_lone_surrogate_is_a_problem_of_its_block_not_of_the_whole_answer():
    # l39 (session 39, hostile input): an answer sent to the MCP server's check_text may hold a JSON-escaped "\ud800";
    # the XML and libyaml readers encoded the text strictly and raised UnicodeEncodeError, which failed the whole
    # text's reader ("text parser could not read this file"): every other name of the answer went unread
    import pytest

    from depguard.errors import ParseError
    from depguard.parsers import Source, get_format
    from depguard.scan import collect_text

    answer = ("```xml\n<project><dependencies><dependency><groupId>a\ud800</groupId></dependency></dependencies>"
              "</project>\n```\n\nRun `pip install zq-invented-after`.\n")
    collected = collect_text(answer, "answer.md")
    assert [m.written for m in collected.mentions] == ["zq-invented-after"]
    assert not any("UnicodeEncodeError" in p.message for p in collected.problems)
    with pytest.raises(ParseError, match="XML syntax error"):
        list(get_format("pom.xml").parse(Source(path="pom.xml", text="<project>\ud800</project>")))
    with pytest.raises(ParseError, match="lone surrogate") as raised:
        list(get_format("pnpm-lock.yaml").parse(Source(path="pnpm-lock.yaml", text="lockfileVersion: 9\nx: a\ud800\n")))
    assert raised.value.line == 2


def test_a_lone_surrogate_in_a_requirements_block_leaves_the_answers_other_names_read():
    # l39: the requirements reader wrote the block to a file for pip-requirements-parser strictly encoded, and a lone
    # surrogate raised UnicodeEncodeError, failing the whole text's reader (no mention at all)
    from depguard.scan import collect_text

    answer = "requirements.txt:\n\n```\nzq-req-a==1.0\nzq\ud800==2\n```\n\nRun `pip install zq-invented-after`.\n"
    collected = collect_text(answer, "answer.md")
    assert [m.written for m in collected.mentions] == ["zq-req-a", "zq-invented-after"]
    assert not any("UnicodeEncodeError" in p.message for p in collected.problems)
