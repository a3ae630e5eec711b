"""The build recipes of Linux distributions read as the shell scripts they are: Arch's PKGBUILD (makepkg, the AUR)
and Alpine's APKBUILD (abuild) have no suffix and no `#!`, so a registry install in their package() went unread
(a probe of held-out set 264, OS and cross-platform packaging recipes)."""

from __future__ import annotations

from tests.trees import judged, verdicts, write

# the shape of an AUR python-/nodejs- package's PKGBUILD (made up): the distribution's own package names in the
# arrays, a wheel or tarball installed from the build folder, and one registry install
PKGBUILD = """pkgname=python-dgx-tool
pkgver=1.0
depends=('python' 'python-requests' 'python-gobject' 'nodejs')
makedepends=('python-build' 'python-installer' 'python-wheel' 'npm')
build() {
  cd "$srcdir/dgx-tool-$pkgver"
  python -m build --wheel --no-isolation
}
package() {
  cd "$srcdir/dgx-tool-$pkgver"
  python -m installer --destdir="$pkgdir" dist/*.whl
  pip install --no-deps --root="$pkgdir" --ignore-installed dist/*.whl
  npm install -g --prefix "$pkgdir/usr" "$srcdir/$pkgname-$pkgver.tgz"
  pip install --root="$pkgdir" dgx-invented-recipe-extra
}
"""


def test_a_pkgbuilds_and_an_apkbuilds_registry_installs_are_read(tmp_path):
    write(tmp_path, {
        "python-dgx-tool/PKGBUILD": PKGBUILD,
        "dgx-tool/APKBUILD": 'pkgname=dgx-tool\npackage() {\n\tnpm install -g --prefix "$pkgdir"/usr dgx-invented-apk-cli\n}\n',
        "notes/PKGBUILD.txt": "pip install never-read-as-a-recipe\n",  # another name: not a recipe
    })
    got = verdicts(judged(tmp_path, {"build", "installer"}))
    assert got == {
        ("python-dgx-tool/PKGBUILD", "dgx-invented-recipe-extra"): "missing",
        ("dgx-tool/APKBUILD", "dgx-invented-apk-cli"): "missing",
    }
