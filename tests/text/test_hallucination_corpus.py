"""Conformance over real LLM answers in ../shared/corpora/hallucinations (skipped when ../shared is absent).

* Recall: of the names the corpora label in an answer that stand as arguments of an install command in that
  answer (``pip install NAME``, ``npm i NAME`` …), how many depguard's text extraction finds there.
  Imports are a separate parser family and are not scored here.
* Artefacts: the labelled strings that are extraction artefacts by their form (flags such as ``--save``,
  ``name@version`` kept whole, sentence punctuation, quotes or markup around the name), and the Spracklen et
  al. artefact lists: depguard must never emit one of them as a name.

Run with ``-s`` to see the numbers.
"""

from __future__ import annotations

import csv
import json
import re

import pytest

from depguard.ecosystems import catalog
from depguard.parsers import Source
from depguard.text import mentions_in_text

from ..conftest import SHARED

SEGMENT = re.compile(
    r"\b(?:pip3?|npm|yarn|pnpm|bun|uv|poetry|pipenv)(?:\s+-\S+)*\s+(?:install|add|i)\b"
    r"(?P<args>[^`'\"()<>|;&\n\u2019\u201d]*)"
)
PROSE_END = re.compile(r"\.\s|,\s|\s(?:in|to|and|or|if|for|then|before|after|from|on|at|with)\s")
ARTEFACT_FORM = re.compile(r"^-|.@|[.,:;!?]$|[\s'\"`<>()\[\]{}*$]")


def install_arguments(text: str) -> set[str]:
    """Words standing after an install verb, up to the end of the command or sentence."""
    words: set[str] = set()
    for m in SEGMENT.finditer(text):
        words.update(PROSE_END.split(m.group("args") + " ")[0].split())
    return words


def emitted(text: str) -> list:
    return list(mentions_in_text(Source(path="answer.md", text=text)))


@pytest.fixture(scope="module")
def maryout():
    if not SHARED.is_dir():
        pytest.skip("../shared is not present")
    root = SHARED / "corpora" / "hallucinations" / "maryout-PackageHallucinationDetection" / "results"
    if not root.is_dir():
        pytest.skip("maryout corpus not present")
    rows = []
    for lang, eco in (("python", "pypi"), ("javascript", "npm")):
        for path in sorted((root / lang).glob("*/results.jsonl")):
            for line in path.read_text(encoding="utf-8").splitlines():
                row = json.loads(line)
                rows.append((eco, row.get("generated_code") or "", row["analysis"]))
    return rows


def test_install_command_recall_on_real_answers(maryout):
    cat = catalog()
    total = found = 0
    missed: list[str] = []
    for eco, text, analysis in maryout:
        labels = {n for n in analysis.get("package_breakdown", {}).get("install_packages") or []
                  if not ARTEFACT_FORM.search(n)}
        wanted = labels & install_arguments(text)
        if not wanted:
            continue
        got = {m.key.name for m in emitted(text) if m.key.ecosystem == eco}
        for name in wanted:
            total += 1
            if cat.key(eco, name).name in got:
                found += 1
            else:
                missed.append(name)
    recall = found / total
    print(f"\nmaryout: {len(maryout)} answers, install-command names {found}/{total} found (recall {recall:.3f}); "
          f"missed: {sorted(missed)}")
    assert total > 300
    assert recall >= 0.98


def test_labelled_artefacts_are_never_emitted(maryout):
    artefacts = wrong = 0
    examples = []
    for _eco, text, analysis in maryout:
        labels = set(analysis.get("packages_detected") or []) | set(analysis.get("hallucinations") or [])
        bad = {n for n in labels if ARTEFACT_FORM.search(n)}
        if not bad:
            continue
        artefacts += len(bad)
        names = {m.key.name for m in emitted(text)}  # the written text keeps its version; the name must not
        hit = bad & names
        wrong += len(hit)
        examples.extend(hit)
    print(f"\nmaryout: {artefacts} labelled artefacts (flags, name@version, punctuation, markup); emitted {wrong}: {examples}")
    assert artefacts > 0
    assert wrong == 0


@pytest.mark.slow
def test_spracklen_artefact_strings_are_never_emitted_raw(shared_dir):
    root = shared_dir / "corpora" / "hallucinations" / "spracks-PackageHallucination"
    if not root.is_dir():
        pytest.skip("spracks corpus not present")
    checked = wrong = 0
    examples = []
    for file_name, tool in (("python_false_positive_packages.csv", "pip install"),
                            ("javascript_false_positive_packages.csv", "npm install")):
        with (root / file_name).open(encoding="utf-8") as fh:
            raws = [row[1] for row in csv.reader(fh) if len(row) > 1]
        for raw in raws:
            if not re.search(r"[\s'\"`<>()*$!,;]|^[^\w@]", raw):
                continue  # only strings that cannot be a name as written
            checked += 1
            for text in (f"Run `{tool} {raw}` first.", f"{tool} {raw}\n", f"```bash\n$ {tool} {raw}\n```\n"):
                hits = [m for m in emitted(text) if raw in (m.written, m.key.name)]
                if hits:
                    wrong += 1
                    examples.append(raw)
                    break
    print(f"\nspracks: {checked} artefact strings placed in install commands; emitted raw {wrong}: {examples[:10]}")
    assert checked > 1000
    assert wrong == 0


def test_gpt5mini_hallucinated_names_in_install_commands(shared_dir):
    root = shared_dir / "corpora" / "hallucinations" / "realistic-library-hallucinations"
    if not root.is_dir():
        pytest.skip("LibraryHalluBench corpus not present")
    responses = json.loads((root / "example_responses_gpt5mini.json").read_text(encoding="utf-8"))
    evaluation = json.loads((root / "example_evaluation_gpt5mini.json").read_text(encoding="utf-8"))
    labelled = {n for names in evaluation["hallucinations"].values() for n in names}
    cat = catalog()
    in_commands: set[str] = set()
    found: set[str] = set()
    for answers in responses.values():
        for text in answers:
            wanted = labelled & install_arguments(text)
            if wanted:
                in_commands |= wanted
                got = {m.key.name for m in emitted(text) if m.key.ecosystem == "pypi"}
                found |= {n for n in wanted if cat.key("pypi", n).name in got}
    print(f"\nLibraryHalluBench gpt-5-mini: {len(labelled)} labelled hallucinations, {len(in_commands)} appear in "
          f"install commands, depguard finds {len(found)}; missed: {sorted(in_commands - found)}")
    assert in_commands
    assert found == in_commands
