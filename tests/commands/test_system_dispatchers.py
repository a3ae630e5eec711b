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
