"""Ansible tasks that install packages (held-out set 16: geerlingguy/ansible-for-devops' playbooks and roles,
community.docker's integration-test roles): pip/npm-style modules and shell/command tasks are install commands,
read and judged like any other; YAML that is no task list is left alone."""

from __future__ import annotations

from tests.ecosystems._fixtures import format_names, parse

PLAYBOOK = """\
---
- hosts: all
  become: yes

  vars:
    node_apps_location: /usr/local/opt/node

  pre_tasks:
    - name: Install Python deps for the k8s module.
      pip:
        name: openshift
        state: present

  tasks:
    - name: Install Forever (to run our Node.js app).
      npm: name=forever global=yes state=present

    - name: Ensure Node.js app dependencies are present.
      npm: "path={{ node_apps_location }}/app"

    - block:
        - name: install docker_stack python requirements
          ansible.builtin.pip:
            name: jsondiff,pyyaml,django>1.11.0,<1.12.0
      rescue:
        - name: Remove the old client.
          ansible.builtin.pip:
            name: docker-py
            state: absent

    - name: Install required Node.js packages.
      community.general.npm:
        name: "{{ item }}"
        global: yes
      with_items:
        - yo
        - generator-hubot

    - name: Install the SDK at a version.
      ansible.builtin.pip:
        name: "{{ docker_pip_package }}"
        version: "{{ docker_pip_version }}"

    - name: Install from source repositories and a private index.
      ansible.builtin.pip:
        name:
          - git+https://github.com/psf/requests
          - requests-unixsocket
        extra_args: "-c {{ remote_constraints }}"

    - name: Install internal tools.
      ansible.builtin.pip:
        name: acme-internal-tool
        extra_args: "--index-url https://pypi.acme.example/simple"

    - name: Install a pinned CLI.
      ansible.builtin.pip:
        name: ansible-lint
        version: 6.22.1

    - name: Run an installer.
      ansible.builtin.shell: |
        {{ venv_path }}/bin/pip install --upgrade molecule-plugins
        npm install -g {{ extra_npm }} http-server
"""


def test_a_playbooks_install_tasks_are_read_per_module_loop_and_block():
    mentions, problems = parse("ansible-tasks", PLAYBOOK, "provisioning/playbook.yml")
    assert [(m.key.ecosystem, m.key.name, m.location.line) for m in mentions] == [
        ("pypi", "openshift", 11),
        ("npm", "forever", 16),
        ("pypi", "jsondiff", 24), ("pypi", "pyyaml", 24), ("pypi", "django", 24),
        ("npm", "yo", 36), ("npm", "generator-hubot", 37),
        ("pypi", "requests-unixsocket", 48),
        ("pypi", "acme-internal-tool", 53),
        ("pypi", "ansible-lint", 58),
        ("pypi", "molecule-plugins", 63),
        ("npm", "http-server", 64),
    ]
    assert problems == []
    by_name = {m.key.name: m for m in mentions}
    assert ">1.11.0" in by_name["django"].spec and "<1.12.0" in by_name["django"].spec  # rejoined, as pip's module does
    assert by_name["ansible-lint"].spec == "ansible-lint==6.22.1"
    assert by_name["acme-internal-tool"].note == "from https://pypi.acme.example/simple"  # judged, as the command is
    assert (by_name["openshift"].location.column, by_name["forever"].location.column) == (15, 17)
    assert (by_name["molecule-plugins"].location.column, by_name["http-server"].location.column) == (51, 40)
    inline = "- name: Install.\n  command: pip install --user yamllint\n"
    mentions, _ = parse("ansible-tasks", inline, "tasks/main.yml")
    assert [(m.key.name, m.location.line, m.location.column) for m in mentions] == [("yamllint", 2, 31)]
    folded = "- name: Install.\n  ansible.builtin.shell: >\n    pip3 install --user\n    pre-commit\n  args:\n    chdir: /srv\n"
    mentions, _ = parse("ansible-tasks", folded, "tasks/main.yml")
    assert [(m.key.name, m.location.line, m.location.column) for m in mentions] == [("pre-commit", 4, 5)]


def test_a_roles_task_file_is_read_whatever_its_path():
    text = "- name: Install paramiko\n  ansible.builtin.pip:\n    name:\n      - paramiko\n      - ansbile-pylibssh\n"
    mentions, _ = parse("ansible-tasks", text, "roles/setup_paramiko/tasks/main.yml")
    assert [(m.key.name, m.location.line, m.location.column) for m in mentions] == [
        ("paramiko", 4, 9), ("ansbile-pylibssh", 5, 9)]  # a misspelt name is judged, as in any manifest


def test_yaml_that_is_no_task_list_is_left_alone():
    licensed = "sources:\n  npm: true\nallowed:\n  - mit\n"  # actions/setup-python's .licensed.yml
    conda = "name: env\ndependencies:\n  - pip:\n      - requests\n"  # a conda environment's pip section
    compose = "services:\n  web:\n    command: pip install flask\n"
    broken = "- name: x\n  pip: {{ broken }}\n"  # YAML cannot read it (a template): nothing to report
    for path, text in (("/.licensed.yml", licensed), ("environment.yml", conda), ("compose.yml", compose),
                       ("tasks/main.yml.j2.yml", broken)):
        assert parse("ansible-tasks", text, path) == ([], [])


def test_every_yaml_file_is_offered_to_the_reader():
    assert "ansible-tasks" in format_names("roles/web/tasks/main.yml")
    assert "ansible-tasks" in format_names("site.yaml")


OTHER_INDEX = """\
- name: Install with a second index (pip asks PyPI too).
  ansible.builtin.pip:
    name: zz-invented-helper
    extra_args: --extra-index-url https://pypi.acme.example/simple
- name: Install with local wheels (and PyPI).
  pip:
    name: zz-invented-wheel
    extra_args: "-f ./wheels --upgrade"
- name: Install from a private index only.
  pip: name=zz-private-tool extra_args=-ihttps://pypi.acme.example/simple
- name: Install from a private npm registry.
  community.general.npm:
    name: zz-private-cli
    registry: https://npm.acme.example
- name: The public index named outright is no other index.
  pip:
    name: zz-public-name
    extra_args: --index-url https://pypi.org/simple
"""


def test_a_task_installing_from_another_index_still_names_its_packages():
    # the same install as a shell task is judged (with "from <index>"): one argument more must not hide a name,
    # and with --extra-index-url or --find-links pip asks PyPI as well (the dependency-confusion route)
    mentions, problems = parse("ansible-tasks", OTHER_INDEX, "roles/tools/tasks/main.yml")
    assert [(m.key.ecosystem, m.key.name, m.note) for m in mentions] == [
        ("pypi", "zz-invented-helper", "from https://pypi.acme.example/simple"),
        ("pypi", "zz-invented-wheel", "from ./wheels"),
        ("pypi", "zz-private-tool", "from https://pypi.acme.example/simple"),
        ("npm", "zz-private-cli", "from https://npm.acme.example"),
        ("pypi", "zz-public-name", None),
    ]
    assert problems == []
    shell = "- name: x\n  shell: pip install --extra-index-url https://pypi.acme.example/simple zz-invented-helper\n"
    (as_command,), _ = parse("ansible-tasks", shell, "roles/tools/tasks/main.yml")
    assert as_command.note == mentions[0].note


TEMPLATED = """\
- name: A pinned SDK whose version is a variable.
  ansible.builtin.pip:
    name: "zz-invented-sdk=={{ sdk_version }}"
- name: Ranges and extras of templated versions.
  ansible.builtin.pip:
    name:
      - "boto3>={{ boto3_min }},<{{ boto3_max }}"
      - "zz-extra[cli]=={{ v }}"
      - "zz-marked; python_version < '{{ pv }}'"
      - "{{ prefix }}-client"
      - "python{{ py_version }}"
      - "git+https://github.com/acme/tool.git@{{ ref }}"
      - "zz-direct @ https://{{ host }}/zz-direct.whl"
      - "{{ playbook_dir }}/dist/app.whl"
- name: A free-form task with a templated version.
  pip: name=zz-free-form=={{ tool_version }} state=present
- name: npm versions.
  community.general.npm:
    name: "{{ item }}"
    global: true
  loop: ["typescript@{{ ts_version }}", "@acme/zz-cli@{{ cli_version }}", "zz-alias@npm:real@{{ v }}"]
"""


def test_a_literal_name_with_a_templated_version_is_that_name():
    # a probe of held-out set 267 (infrastructure as code, Ansible roles): `name: "x=={{ x_version }}"` was skipped
    # whole, so an invented package written so was never judged; a template inside the name, a URL, a path, a direct
    # reference or an npm alias still names nothing
    mentions, problems = parse("ansible-tasks", TEMPLATED, "roles/tools/tasks/main.yml")
    assert [(m.key.ecosystem, m.key.name, m.location.line) for m in mentions] == [
        ("pypi", "zz-invented-sdk", 3),
        ("pypi", "boto3", 7), ("pypi", "zz-extra", 8), ("pypi", "zz-marked", 9),
        ("pypi", "zz-free-form", 16),
        ("npm", "typescript", 21), ("npm", "@acme/zz-cli", 21),
    ]
    assert problems == []


LOOPED = """\
- name: Ensure pip_install_packages are installed.
  ansible.builtin.pip:
    name: "{{ item.name | default(item) }}"
    version: "{{ item.version | default(omit) }}"
    state: "{{ item.state | default(omit) }}"
  loop:
    - zz-plain-entry
    - name: zz-mapped-entry
      version: "1.2"
    - name: zz-removed-entry
      state: absent
    - virtualenv: /opt/venv
- name: Install npm packages.
  community.general.npm:
    name: '{{ item.name | d(item) }}'
    global: true
  with_items: ["zz-npm-entry", {name: "@acme/zz-scoped"}]
- name: Names only from mappings.
  ansible.builtin.pip:
    name: '{{ item.name | d(omit) }}'
  loop: [zz-not-a-name, {name: zz-named}]
- name: A list from a variable.
  ansible.builtin.pip:
    name: "{{ item.name | default(item) }}"
  loop: "{{ pip_packages }}"
"""


def test_the_roles_name_or_item_idiom_reads_each_entry_of_a_literal_loop():
    # a probe of held-out set 267: geerlingguy's pip and nodejs roles and debops' netbox, etherpad and nodejs roles
    # write `name: "{{ item.name | default(item) }}"` (a list of names and {name:, version:} mappings); with a literal
    # loop list its entries went unread. An entry whose own state is absent installs nothing; `d(omit)` leaves a bare
    # string entry out; a loop from a variable is not known here
    mentions, problems = parse("ansible-tasks", LOOPED, "roles/pip/tasks/main.yml")
    assert [(m.key.ecosystem, m.key.name, m.location.line) for m in mentions] == [
        ("pypi", "zz-plain-entry", 7), ("pypi", "zz-mapped-entry", 8),
        ("npm", "zz-npm-entry", 17), ("npm", "@acme/zz-scoped", 17),
        ("pypi", "zz-named", 21),
    ]
    assert problems == []


def test_a_roles_task_reads_the_list_its_defaults_or_vars_give_a_variable(tmp_path):
    # a probe of held-out set 267: debops' netbox role installs `name: '{{ item.name | d(item) }}'` over
    # `loop: '{{ q("flattened", netbox__virtualenv_pip_packages) }}'`, geerlingguy's pip role over
    # "{{ pip_install_packages }}": the lists are the role's defaults/main.yml (or vars/main.yml, which wins), which
    # went unread. Each name is reported where the list writes it; a variable the role sets to a template, or one no
    # role file defines (an inventory's), names nothing
    from depguard.parsers import Source
    from depguard.parsers.ansible import parse as parse_tasks

    role = tmp_path / "roles" / "tools"
    (role / "tasks").mkdir(parents=True)
    (role / "defaults").mkdir()
    (role / "vars").mkdir()
    tasks = (
        "- name: Install the role's packages.\n"
        "  ansible.builtin.pip:\n"
        "    name: '{{ item.name | d(item) }}'\n"
        "    state: '{{ item.state | d(\"present\") }}'\n"
        "  loop: '{{ q(\"flattened\", tools_pip_packages) }}'\n"
        "- name: All at once.\n"
        "  ansible.builtin.pip:\n"
        "    name: '{{ tools_more | default([]) }}'\n"
        "- name: From a template and from the inventory.\n"
        "  community.general.npm:\n"
        "    name: '{{ item }}'\n"
        "  with_items: '{{ tools_npm_packages }}'\n"
        "- community.general.npm:\n"
        "    name: '{{ item }}'\n"
        "  with_items: '{{ inventory_npm_packages }}'\n")
    (role / "tasks" / "main.yml").write_text(tasks, encoding="utf-8")
    (role / "defaults" / "main.yml").write_text(
        "---\ntools_pip_packages:\n  - name: zz-default-mapped\n    version: '1.0'\n  - zz-default-plain\n"
        "  - name: zz-default-removed\n    state: absent\ntools_more: [zz-more]\n"
        "tools_npm_packages: '{{ [\"zz-template\"] if legacy else [] }}'\n", encoding="utf-8")
    (role / "vars" / "main.yml").write_text("tools_more:\n  - zz-vars-wins\n", encoding="utf-8")
    path = role / "tasks" / "main.yml"
    source = Source("roles/tools/tasks/main.yml", tasks, fs_path=path, root=tmp_path)
    mentions = list(parse_tasks(source))
    assert [(m.key.ecosystem, m.key.name, m.location.path, m.location.line) for m in mentions] == [
        ("pypi", "zz-default-mapped", "roles/tools/defaults/main.yml", 3),
        ("pypi", "zz-default-plain", "roles/tools/defaults/main.yml", 5),
        ("pypi", "zz-vars-wins", "roles/tools/vars/main.yml", 2),
    ]
    assert source.problems == []
    outside = Source("site.yml", tasks, fs_path=tmp_path / "site.yml", root=tmp_path)  # a playbook: no role folder
    assert list(parse_tasks(outside)) == []


SHELL_LOOPS = """\
- name: Install tools one by one.
  ansible.builtin.shell: "{{ venv }}/bin/pip install -U {{ item }}"
  loop:
    - zz-shell-tool
    - "zz-pinned==1.2"
    - "{{ extra_tool }}"
- name: Global npm tools.
  ansible.builtin.command:
    cmd: npm install -g {{ item.name | default(item) }}
  with_items: [zz-npm-tool, {name: "@acme/zz-scoped-tool"}]
- name: Not an install of the entries.
  ansible.builtin.shell: "pip install requests && echo {{ item }}"
  loop: [zz-not-installed]
"""


def test_a_command_task_over_a_literal_loop_installs_each_entry():
    # a probe of held-out set 267: `shell: pip install {{ item }}` with a literal loop read the template as an unknown
    # variable, so its entries went unjudged; each is now reported where the loop writes it. An entry that is a
    # template names nothing, and an entry the command only echoes is no install
    mentions, problems = parse("ansible-tasks", SHELL_LOOPS, "roles/tools/tasks/main.yml")
    assert sorted((m.key.ecosystem, m.key.name, m.location.line, m.location.column) for m in mentions) == [
        ("npm", "@acme/zz-scoped-tool", 10, 30), ("npm", "zz-npm-tool", 10, 16),
        ("pypi", "requests", 12, 39),
        ("pypi", "zz-pinned", 5, 8), ("pypi", "zz-shell-tool", 4, 7),
    ]
    assert problems == []


def test_a_loop_read_into_a_long_command_stops_at_the_reading_limit():
    # reviewer r37: each entry of the loop reads the whole command again, so a command of n statements over a loop of n
    # entries grew with n * n (250 each 11 s, 1,000 each 144 s). A task file reads at most MAX_LOOP_READING characters
    # so; the entries past that are said to be unread (a limit), and a short command still reads every entry
    from depguard.parsers.ansible import MAX_LOOP_READING

    command = "pip install {{ item }} && " + " && ".join(["echo install ok"] * 250)
    entries = [f"zz-loop-{i}" for i in range(250)]
    text = '- name: a\n  shell: "' + command + '"\n  loop:\n' + "".join(f"    - {e}\n" for e in entries)
    mentions, problems = parse("ansible-tasks", text, "roles/x/tasks/main.yml")
    read = MAX_LOOP_READING // len(command)
    assert [m.key.name for m in mentions] == entries[:read] and 0 < read < len(entries)
    assert [(p.kind, p.location.line) for p in problems] == [("limit", 2)]
    mentions, problems = parse("ansible-tasks", text.replace(command, "pip install {{ item }}"), "roles/x/tasks/main.yml")
    assert [m.key.name for m in mentions] == entries and problems == []
