"""CPAN: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Language, Tools

ECOSYSTEM = EcosystemPackage(
    id="cpan",
    package=__name__,
    formats=(
        Format("META.json", "depguard.parsers.cpan_meta", ("META.json", "MYMETA.json")),
        Format("META.yml", "depguard.parsers.cpan_meta", ("META.yml", "MYMETA.yml")),
        Format("cpanfile", "depguard.parsers.cpanfile", ("cpanfile",)),
    ),
    imports=(
        Format("perl-imports", "depguard.imports.perl", ("*.pl", "*.pm", "*.t", "*.psgi"), kind="source"),
    ),
    languages=(
        Language("perl", "tree_sitter_perl", query="perl.scm"),
    ),
    tools=(
        Tools("depguard.commands.perl_tools", ("cpan", "cpanm", "cpanminus", "cpm", "perl")),
    ),
    registry="depguard.registries.cpan",
)
