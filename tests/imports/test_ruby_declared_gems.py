"""ruby-imports: the gems a Rails app declares explain its requires (depguard/ecosystems/rubygems/declared.py).

The tree is the shape of docuseal's, plots2's and huginn's (heldout49): a Gemfile with a ``require:`` option and a
Gemfile.lock whose specs hold the gems the code requires under their file names (``redis_client``,
``rufus/scheduler``, ``annotate_rb``, ``ci/reporter/...``). On 4f511c8 each of those was asked of RubyGems under its
first path segment (``redis_client``, ``rufus``, ``annotate_rb``, ``ci``, ``openid``), names nobody declared.
"""

from __future__ import annotations

from depguard.ecosystems.rubygems import declared as dec
from depguard.ecosystems.rubygems import imports as ruby
from depguard.model import Origin

from ..trees import scan, write

GEMFILE = """\
source 'https://rubygems.org'

gem 'rails', '~> 8.0'
gem "ruby-openid", :require => "openid"
gem 'sidekiq'
gem 'rufus-scheduler', require: false
gem 'numo-narray-alt', require: false
group :development do
  gem 'annotaterb'
  gem 'ci_reporter_test_unit'
end
path 'vendor/gems/dotenv-3.2.0' do
  gem 'dotenv'
end
"""

LOCK = """\
PATH
  remote: vendor/gems/dotenv-3.2.0
  specs:
    dotenv (3.2.0)

GEM
  remote: https://rubygems.org/
  specs:
    annotaterb (4.22.0)
    ci_reporter (2.0.0)
      builder (>= 2.1.2)
    ci_reporter_test_unit (1.0.1)
      ci_reporter (~> 2.0)
    google-cloud-translate-v2 (1.2.0)
    numo-narray-alt (0.10.3)
    rails (8.0.2)
    redis-client (0.29.0)
      connection_pool
    ruby-openid (2.9.2)
    rufus-scheduler (3.9.2)
    sidekiq (8.0.4)
      redis-client (>= 0.23.0)

PLATFORMS
  ruby

DEPENDENCIES
  annotaterb
  dotenv!
  rails (~> 8.0)
"""

CODE = """\
require 'pathname'
require 'redis_client'
require 'rufus/scheduler'
require 'annotate_rb'
require 'ci/reporter/rake/test_unit'
require 'openid/consumer/discovery'
require 'google/cloud/translate/v2'
require 'dotenv'
require 'sidekiq/web'
require 'invented_gem/client'
"""


def test_declared_gems_explain_requires_in_a_rails_tree(tmp_path):
    write(tmp_path, {"Gemfile": GEMFILE, "Gemfile.lock": LOCK, "lib/tasks/jobs.rb": CODE})
    got = {(m.location.line, m.key.name) for m in scan(tmp_path).mentions
           if m.origin is Origin.IMPORT and m.location.path.endswith("jobs.rb")}
    assert got == {
        (2, "redis-client"),  # a dependency of sidekiq, installed by the lock
        (3, "rufus-scheduler"),
        (4, "annotaterb"),
        (5, "ci_reporter"),  # the longest leading part a locked gem spells: ci/reporter
        (6, "ruby-openid"),  # the Gemfile's require: option
        (7, "google-cloud-translate-v2"),  # the lock's gem, not the google/cloud/* family's guess
        (9, "sidekiq"),
        (10, "invented_gem"),  # declared nowhere: still judged under its first segment
    }  # pathname ships with Ruby; dotenv comes from the lock's PATH section


def test_without_a_gemfile_the_first_segment_rule_stands():
    got = [r.name for r in ruby.import_refs("require 'redis_client'\nrequire 'rufus/scheduler'\n")]
    assert got == ["redis_client", "rufus"]


def test_gemfile_require_options():
    d = dec.read_gemfile('gem "a-b", require: ["x", "y/z"]\ngem \'c\', :require => \'cc\'\ngem "d", require: false\n')
    assert d.requires == (("x", "a-b"), ("y/z", "a-b"), ("cc", "c"))
    assert dec.explain("y/z/w", d) == "a-b"
    assert dec.explain("y", d) is None  # y/z is the gem's path; y alone is not
    assert dec.explain("d/x", d) == "d"  # require: false says nothing about paths; the name still does


def test_letters_never_drop_a_word():
    d = dec.read_lock("GEM\n  remote: https://rubygems.org/\n  specs:\n    ruby-openid (2.9.2)\n")
    assert dec.explain("openid", d) is None


def test_a_rails_apps_app_folders_are_its_own_load_path(tmp_path):
    # redmine's test/functional/issues_controller_transaction_test.rb: require 'issues_controller'
    write(tmp_path, {
        "config/application.rb": "require_relative 'boot'\nrequire 'rails'\n",
        "app/controllers/issues_controller.rb": "class IssuesController < ApplicationController\nend\n",
        "test/functional/issues_test.rb": "require 'issues_controller'\nrequire 'mailer_helper'\n",
    })
    got = {m.key.name for m in scan(tmp_path).mentions if m.location.path.endswith("issues_test.rb")}
    assert got == {"mailer_helper"}  # not a file of the app: still judged


def test_app_folders_without_a_rails_application_are_not_a_load_path(tmp_path):
    write(tmp_path, {
        "app/controllers/issues_controller.rb": "class IssuesController\nend\n",
        "test/issues_test.rb": "require 'issues_controller'\n",
    })
    assert {m.key.name for m in scan(tmp_path).mentions if m.location.path.endswith("issues_test.rb")} == \
        {"issues_controller"}


def test_the_maps_longer_row_beats_a_declared_shorter_name():
    # rubocop's Gemfile declares rspec (no lockfile committed); tasks/spec_runner.rake requires rspec/core
    d = dec.read_gemfile("gem 'rspec', '~> 3.7'\ngem 'test-queue'\n")
    got = [r.name for r in ruby.import_refs("require 'rspec/core'\nrequire 'test_queue/runner/rspec'\n",
                                            lambda path: False, frozenset(), d)]
    assert got == ["rspec-core", "test-queue"]


def test_a_lock_path_gem_is_the_projects_own(tmp_path):
    # rails/rails: its frameworks are the lock's PATH gems (remote: .); their requires name no registry gem
    write(tmp_path, {
        "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
        "Gemfile.lock": "PATH\n  remote: .\n  specs:\n    activesupport (8.1.0)\n\nGEM\n  remote: https://rubygems.org/\n"
                        "  specs:\n    globalid (1.2.1)\n",
        "activejob/lib/active_job.rb": "require 'active_support/core_ext'\nrequire 'global_id'\n",
    })
    assert [m.key.name for m in scan(tmp_path).mentions if m.location.path.endswith("active_job.rb")] == ["globalid"]


def test_a_gemspec_beside_the_gemfile_declares_too(tmp_path):
    # rubocop commits no Gemfile.lock: its gemspec depends on unicode-display_width (lib/rubocop.rb requires
    # unicode/display_width); a dependency commented out declares nothing
    write(tmp_path, {
        "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
        "rubocop.gemspec": "Gem::Specification.new do |s|\n  s.add_dependency('unicode-display_width', '>= 2.4.0')\n"
                           "  # s.add_dependency('hidden-gem')\nend\n",
        "lib/rubocop.rb": "require 'unicode/display_width'\nrequire 'hidden_gem'\n",
    })
    assert [m.key.name for m in scan(tmp_path).mentions if m.location.path.endswith("rubocop.rb")] == \
        ["unicode-display_width", "hidden_gem"]
