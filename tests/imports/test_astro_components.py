"""Astro components (held-out set 74: onwidget/astrowind, withastro/docs, Lissy93/web-check): a ``*.astro`` file's
frontmatter (the code between its first two ``---`` lines) and the ``<script>`` blocks Astro bundles are TypeScript
whose imports are the site's dependencies; 79 components of astrowind and every one of Astro's docs were not read.
Astro's virtual modules (``astro:content``), the site's aliases (``~/``), relative components, markup and an
``is:inline`` script (left to the browser) name no package; ``node_modules/x/…`` through the project's baseUrl is x."""

from __future__ import annotations

import json

from depguard.parsers import Source, get_format
from tests.trees import write

COMPONENT = """---
import { getCollection } from 'astro:content';
import { Icon } from 'astro-icon/components';
import Grid from '~/components/blog/Grid.astro';
import Button from '../ui/Button.astro';
import { stripSlashes } from 'node_modules/@astrojs/starlight/utils/path';
import { imagined } from 'astro-widgets-imagined';
const posts = await getCollection('post');
const snippet = "import x from 'not-an-import'";
---
<section>
  <p>import { nope } from 'markup-words';</p>
  <Grid posts={posts} />
</section>
<script>
  import { animate } from 'motion';
  const el: HTMLElement | null = document.querySelector('section');
</script>
<script is:inline>
  import confetti from 'https://cdn.example.com/confetti.js';
</script>
<script lang="ts" src="/x.js"></script>
"""


def _names(root, rel):
    path = root / rel
    src = Source(path=rel, text=path.read_text(), fs_path=path, root=root)
    return [(m.key.name, m.location.line, m.location.column) for m in get_format("js-imports").parse(src)], src.problems


def test_an_astro_components_frontmatter_and_bundled_scripts_are_read(tmp_path):
    write(tmp_path, {
        "package.json": json.dumps({"name": "site", "dependencies": {
            "astro": "^5.0.0", "astro-icon": "^1.1.0", "motion": "^11.0.0", "@astrojs/starlight": "^0.30.0"}}),
        "tsconfig.json": '{"extends": "astro/tsconfigs/strict", "compilerOptions": {"baseUrl": ".", '
                         '"paths": {"~/*": ["./src/*"]}}}\n',
        "src/components/blog/Grid.astro": "---\n---\n<div />\n",
        "src/components/ui/Button.astro": "---\n---\n<button />\n",
        "src/components/widgets/Posts.astro": COMPONENT,
    })
    got, problems = _names(tmp_path, "src/components/widgets/Posts.astro")
    assert got == [("astro-icon", 3, 23), ("@astrojs/starlight", 6, 44), ("astro-widgets-imagined", 7, 27),
                   ("motion", 16, 28)]
    assert problems == []
