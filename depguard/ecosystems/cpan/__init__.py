"""CPAN: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Language, Tools

ECOSYSTEM = EcosystemPackage(
    id="cpan",
    package=__name__,
    formats=(
        Format("META.json", "cpan_meta", ("META.json", "MYMETA.json")),
        Format("META.yml", "cpan_meta", ("META.yml", "MYMETA.yml")),
        Format("cpanfile", "cpanfile", ("cpanfile",)),
        Format("Makefile.PL", "makefile_pl", ("Makefile.PL", "Build.PL")),
    ),
    imports=(
        Format("perl-imports", "imports", ("*.pl", "*.pm", "*.t", "*.psgi"), kind="source"),
    ),
    languages=(
        Language("perl", "tree_sitter_perl", query="perl.scm"),
    ),
    tools=(
        Tools("tools", ("cpan", "cpanm", "cpanminus", "cpm", "perl")),
    ),
    registry="cpan",
)
