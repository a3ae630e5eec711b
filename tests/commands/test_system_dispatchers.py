"""A shell function that installs its words with whichever package manager the system has (apt, dnf, pacman, zypper
or brew, by the system it runs on) is given system package names, not Homebrew formulas: its brew installs are not
judged on Homebrew (held-out set 286, security tooling: 1N3/Sn1per's install.sh)."""

from __future__ import annotations

from depguard.commands import Target, Unresolved
from depguard.commands._analysis import analyze_script

# the shape of 1N3/Sn1per's install.sh: pkg_install() picks the manager by "$OS", and the script calls it with each
# system's own names in the branches of its own `case "$OS"`
SCRIPT = """pkg_install() {
    local packages=("$@")
    case "$OS" in
        debian)
            apt install -y "${packages[@]}" 2>/dev/null || true
            ;;
        arch)
            sudo pacman -S --noconfirm --needed "${packages[@]}" 2>/dev/null || true
            ;;
        macos)
            for pkg in "${packages[@]}"; do
                brew install "$pkg" 2>/dev/null || true
            done
            ;;
    esac
}
brew_only() {
    brew install "$1"
}
case "$OS" in
    debian)
        pkg_install build-essential git
        ;;
    opensuse)
        pkg_install -t pattern devel_basis
        ;;
esac
brew_only wgett
brew install jqq
"""


def test_a_functions_words_it_gives_apt_pacman_and_brew_alike_are_not_judged_as_formulas():
    items = analyze_script(SCRIPT)
    judged = sorted(i.name for i in items if isinstance(i, Target) and i.ecosystem == "homebrew")
    unjudged = {i.name for i in items if isinstance(i, Unresolved) and i.kind == "other-index"}
    # a function that gives its words to brew alone, and a brew install outside any function, stay judged
    assert judged == ["jqq", "wgett"]
    assert unjudged == {"build-essential", "git", "pattern", "devel_basis"}
    reason = next(i.reason for i in items if isinstance(i, Unresolved) and i.name == "build-essential")
    assert "pkg_install() gives its words to apt, pacman, brew alike" in reason


# the shape of nickjj/dotfiles' bootstrap (held-out set 316): the Linux managers run through the script's own root
# wrapper, brew in the fallback branch, and `_package_install "sudo"` called where sudo is missing (Linux only)
WRAPPED = """_run_as_root() {
  if command -v sudo >/dev/null 2>&1; then
    sudo bash -c "${*}"
  else
    su -c "${*}"
  fi
}
say() {
  echo "$@"
}
_package_install() {
  local packages=("${@}")
  case "${OS_DISTRO}" in
  arch)
    _run_as_root pacman -Syu --noconfirm --needed "${packages[*]}"
    ;;
  debian)
    _run_as_root apt-get update && _run_as_root apt-get install --yes "${packages[@]}"
    ;;
  *)
    brew install "${packages[@]}"
    ;;
  esac
}
_said_install() {
  say pacman -S "$@"
  brew install "$@"
}
_package_install "sudo"
_said_install jqq
"""


def test_a_manager_run_through_the_scripts_own_root_wrapper_makes_the_function_a_dispatcher():
    items = analyze_script(WRAPPED)
    judged = sorted(i.name for i in items if isinstance(i, Target) and i.ecosystem == "homebrew")
    unjudged = {i.name for i in items if isinstance(i, Unresolved) and i.kind == "other-index"}
    assert unjudged == {"sudo"}
    # a function whose pacman is only echoed (say() prints its words) gives its words to brew alone: judged
    assert judged == ["jqq"]
