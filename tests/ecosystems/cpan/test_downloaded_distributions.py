"""Perl modules of a distribution the Dockerfile beside a script downloads from GitHub and builds (issue 12, held-out
set 314)."""

from __future__ import annotations

from tests.trees import judged, verdicts, write

# EBI-Metagenomics/pipeline-v5's tools/chunks/dna_chunker/Dockerfile (trimmed): Bio-Easel is on GitHub and bioconda,
# never on CPAN; esl-ssplit.pl beside it is that distribution's script
DOCKERFILE = """FROM alpine:3.12.0
RUN apk add --no-cache build-base autoconf curl perl perl-dev
WORKDIR /opt
RUN mkdir src && cd src && \\
    curl -L -o easel-Bio-Easel-0.12.tar.gz https://github.com/EddyRivasLab/easel/archive/Bio-Easel-0.12.tar.gz && \\
    tar -xvzf easel-Bio-Easel-0.12.tar.gz && mv easel-Bio-Easel-0.12 easel
RUN cpan install -T Inline Inline::C
RUN curl -L -o bio-easel.tar.gz https://github.com/nawrockie/Bio-Easel/archive/vadr-1.1.tar.gz && \\
    tar -xvzf bio-easel.tar.gz && mv Bio-Easel-vadr-1.1/* .
RUN perl Makefile.PL && make && make test && make install
"""
SCRIPT = "use strict;\nuse Getopt::Long;\nuse Bio::Easel::SqFile;\nuse Bio::Easel::Random;\nuse Bio::Easelz::SqFile;\n" \
         "use Bio::SeqIO;\n"


def test_a_module_of_a_distribution_the_dockerfile_beside_downloads_and_builds_is_a_note(tmp_path):
    write(tmp_path, {
        "tools/chunks/dna_chunker/Dockerfile": DOCKERFILE,
        "tools/chunks/dna_chunker/esl-ssplit.pl": SCRIPT,
        # the same script with no Dockerfile beside, and beside one that downloads Bio-Easel but builds nothing
        "scripts/esl-ssplit.pl": SCRIPT,
        "other/Dockerfile": DOCKERFILE.replace("RUN perl Makefile.PL && make && make test && make install\n", ""),
        "other/esl-ssplit.pl": SCRIPT,
    })
    got = verdicts(judged(tmp_path, existing={"Bio::SeqIO"}))
    here = "tools/chunks/dna_chunker/esl-ssplit.pl"
    assert got[(here, "Bio::Easel::SqFile")] == "allowed"
    assert got[(here, "Bio::Easel::Random")] == "allowed"
    # a look-alike distribution, and a module whose distribution is another (Bio::SeqIO: BioPerl) are judged
    assert got[(here, "Bio::Easelz::SqFile")] == "missing"
    assert got[(here, "Bio::SeqIO")] == "ok"
    for other in ("scripts/esl-ssplit.pl", "other/esl-ssplit.pl"):
        assert got[(other, "Bio::Easel::SqFile")] == "missing", other
