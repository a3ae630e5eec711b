"""A page's `brew tap owner/repo` before a later block's `brew install`: the name may be the tap's (taps.py)."""

from __future__ import annotations

from depguard.model import Origin
from depguard.parsers import Source
from depguard.text import mentions_in_text

# ayangweb/BongoCat's .github/DOWNLOAD_GUIDE.md (held-out set 292), shortened: the tap and the install in two blocks
GUIDE = """## macOS

1. Add BongoCat's tap:

```bash
brew install wget
brew tap ayangweb/BongoCat
```

2. Install:

```bash
brew install --no-quarantine bongo-cat
brew install --cask some-cask
```

Fonts from Homebrew's own tap:

```bash
brew tap homebrew/cask-fonts
```
"""


def _brew(text: str) -> dict[str, object]:
    return {m.key.name: m.example for m in mentions_in_text(Source("DOWNLOAD_GUIDE.md", text))
            if m.key.ecosystem == "homebrew" and m.origin in (Origin.COMMAND, Origin.MANIFEST)}


def test_a_name_installed_below_a_third_party_tap_of_the_page_is_not_checked():
    found = _brew(GUIDE)
    for name in ("bongo-cat", "some-cask"):
        example = found[name]
        assert example is not None and example.unchecked and example.ok_passes and example.doubts_judged
        assert "ayangweb/BongoCat" in example.reason
    assert found["wget"] is None  # above the tap: judged as before


def test_a_page_without_a_third_party_tap_judges_its_names():
    found = _brew(GUIDE.replace("brew tap ayangweb/BongoCat", "brew update"))
    assert found["bongo-cat"] is None and found["some-cask"] is None  # homebrew/cask-fonts adds nothing


def test_a_brewfile_block_below_the_tap_is_marked_too():
    # lencx/ChatGPT's README: `brew tap lencx/chatgpt …`, then a Brewfile block tapping through a Ruby variable
    text = ("```sh\nbrew tap lencx/chatgpt https://github.com/lencx/ChatGPT.git\n```\n"
            "Also, if you keep a Brewfile, you can add something like this:\n```rb\nrepo = \"lencx/chatgpt\"\n"
            "tap repo, \"https://github.com/#{repo}.git\"\ncask \"chatgpt\", args: { \"no-quarantine\": true }\n```\n")
    example = _brew(text)["homebrew/cask/chatgpt"]
    assert example is not None and example.unchecked


def test_a_name_installed_after_the_tap_in_another_inline_span_of_its_line_is_not_checked():
    # josean-dev/dev-environment-files' README (held-out set 316): the tap and the install in two inline spans of one
    # list item; sketchybar is FelixKratz/formulae's, not homebrew-core's
    text = ("### Setup Requires\n\n"
            "- sketchybar: `brew tap FelixKratz/formulae` and `brew install sketchybar`\n"
            "- jq (json command line processor): `brew install jq`\n")
    found = _brew(text)
    example = found["sketchybar"]
    assert example is not None and example.unchecked and example.ok_passes and example.doubts_judged
    assert "FelixKratz/formulae" in example.reason
    # a name written before the tap on its line is judged, as one above the tap's line is
    before = _brew("- `brew install sketchybarr` and then `brew tap FelixKratz/formulae`\n")
    assert before["sketchybarr"] is None
