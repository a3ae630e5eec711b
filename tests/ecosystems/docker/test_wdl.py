"""WDL tasks' runtime images (no format read a WDL file; held-out set 265's category: Broad's and BioWDL's tasks keep
the image in a `String docker = "…"` declaration and write `docker: docker` in the runtime section)."""

from __future__ import annotations

from depguard.parsers import Source, get_format

WDL = """version 1.0

task Sort {
    input {
        File bam
        String dockerImage = "quay.io/biocontainers/samtools:1.17--h00cdaf9_0"
    }
    command <<<
        samtools sort ~{bam}
    >>>
    runtime {
        docker: dockerImage
        memory: "4 GiB"
    }
}

task Hello {
    command { echo hi }
    runtime {
        docker: "ubuntu:22.04"  # the default image
    }
}

task Versioned {
    input {
        String version = "4.5.0.0"
        String gatk_docker
    }
    command { gatk --version }
    runtime {
        docker: "broadinstitute/gatk:~{version}"
        container: gatk_docker
    }
}

task Listed {
    command { true }
    runtime {
        container: ["python:3.12-slim", 'docker.io/library/debian:12']
    }
}

task Concatenated {
    input {
        String tag = "1.0"
    }
    command { true }
    runtime {
        docker: "acme/tool:" + tag
    }
}
"""


def test_runtime_images_are_literals_or_a_task_s_declared_literal():
    source = Source(path="tasks/samtools.wdl", text=WDL)
    found = [(m.key.name, m.spec, m.location.line, m.location.column) for m in get_format("wdl").parse(source)]
    assert found == [("quay.io/biocontainers/samtools", "1.17--h00cdaf9_0", 6, 31),
                     ("library/ubuntu", "22.04", 20, 18),
                     ("library/python", "3.12-slim", 39, 22), ("library/debian", "12", 39, 42)]
    assert source.problems == []


def test_a_file_without_runtime_images_names_nothing():
    assert list(get_format("wdl").parse(Source(path="w.wdl", text="version 1.0\nworkflow W { call Sort }\n"))) == []


def test_declarations_are_found_as_a_search_of_the_window_found_them():
    # reviewer r37: each runtime section naming a variable searched up to 64 KB of the task before it for the
    # variable's declaration (5,000 such sections 17 s); the file's declarations are now read once. The first one lying
    # wholly in the window is the one a search of the window found
    import random
    import re

    from depguard.ecosystems.docker.wdl import _Declarations

    pieces = ['String x = "a:1"', "String? x = 'b'", 'String y="c"', "String  x", ' = "d"', "String", " x", "\n", " ",
              '"', "Stringx = 'e'"]
    rng = random.Random(37)
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        declared = _Declarations(text)
        for name in ("x", "y"):
            start = rng.randint(0, len(text))
            end = rng.randint(start, len(text))
            m = re.compile(rf"""\bString\??[ \t]+{name}[ \t]*=[ \t]*(?P<q>["'])(?P<ref>[^"'\n]*)(?P=q)""").search(
                text, start, end)
            assert declared.find(name, start, end) == ((m.group("ref"), m.start("ref")) if m else None), (text, start, end)
