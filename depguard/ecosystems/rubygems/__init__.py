"""RubyGems: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Language, Tools

ECOSYSTEM = EcosystemPackage(
    id="rubygems",
    package=__name__,
    formats=(
        Format("Gemfile", "gemfile", ("Gemfile", "gems.rb", "*.gemfile", "Pluginfile")),
        Format("Gemfile.lock", "gemfile_lock", ("Gemfile.lock", "gems.locked"), kind="lockfile"),
        Format("gemspec", "gemspec", ("*.gemspec",)),
        Format("default-gems", "default_packages", (".default-gems", "default-gems", "dot_default-gems")),
    ),
    imports=(
        Format("ruby-imports", "imports",
               ("*.rb", "*.rake", "*.ru", "Rakefile", "Capfile", "Guardfile"), kind="source"),
    ),
    languages=(
        Language("ruby", "tree_sitter_ruby", query="ruby.scm"),
    ),
    tools=(
        Tools("tools", ("bundle", "bundler", "gem")),
    ),
    registry="rubygems",
)
