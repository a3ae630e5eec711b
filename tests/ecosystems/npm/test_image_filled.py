"""A package a Dockerfile of the tree builds and copies into a package folder's node_modules (held-out spot set 98)."""

from __future__ import annotations

from pathlib import Path

from depguard.config import Settings
from depguard.scan import collect_paths

UI = "pkg/ui/v1beta1/frontend"
DOCKERFILE = (
    "# --- Clone the kubeflow/kubeflow code ---\nFROM alpine/git AS fetch-kubeflow-kubeflow\n\nWORKDIR /kf\n"
    f"COPY ./{UI}/COMMIT ./\nRUN git clone https://github.com/kubeflow/kubeflow.git && \\\n    cd kubeflow && git checkout $(cat ../COMMIT)\n\n"
    "# --- Build the frontend kubeflow library ---\nFROM node:16-alpine AS frontend-kubeflow-lib\n\nWORKDIR /src\n\n"
    "ARG LIB=/kf/kubeflow/components/crud-web-apps/common/frontend/kubeflow-common-lib\n"
    "COPY --from=fetch-kubeflow-kubeflow $LIB/package*.json ./\nRUN npm ci --force --prefer-offline --no-audit\n\n"
    "COPY --from=fetch-kubeflow-kubeflow $LIB/ ./\nRUN npm run build\n\n"
    "# --- Build the frontend ---\nFROM node:16-alpine AS frontend\n\nWORKDIR /src\n"
    f"COPY ./{UI}/package*.json ./\nRUN npm ci --force --prefer-offline --no-audit\n\n"
    f"COPY ./{UI}/ .\nCOPY --from=frontend-kubeflow-lib /src/dist/kubeflow/ ./node_modules/kubeflow/\n\n"
    "RUN npm run build:prod\n")
TREE = {
    "cmd/ui/v1beta1/Dockerfile": DOCKERFILE,
    "cmd/ui/v1beta1/main.go": "package main\n",
    f"{UI}/COMMIT": "4d7a2f1\n",
    f"{UI}/package.json": '{\n  "name": "katib-ui",\n  "dependencies": {\n    "@angular/core": "^16.2.0"\n  }\n}\n',
    f"{UI}/src/app/app.module.ts": "import { NgModule } from '@angular/core';\nimport { KubeflowModule } from 'kubeflow';\n"
                                   "import { KubeflowChartsModule } from 'kubeflow-charts';\n",
    "pkg/other/web/package.json": '{\n  "name": "other-web"\n}\n',
    "pkg/other/web/index.ts": "import { KubeflowModule } from 'kubeflow';\n",
}


def _imports(tmp_path, monkeypatch, files: dict[str, str]) -> set[tuple[str, str]]:
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    monkeypatch.chdir(tmp_path)
    collected = collect_paths([Path(".")], Settings(use_cache=False))
    return {(m.location.path, m.key.name) for m in collected.mentions if m.parser == "js-imports"}


def test_a_package_the_image_build_copies_into_a_package_folders_node_modules_is_the_projects(tmp_path, monkeypatch):
    # kubeflow/katib's UI imports `kubeflow` (78 places), npm has none: cmd/ui/v1beta1/Dockerfile builds kubeflow/kubeflow's
    # common library in one stage and copies its dist into ./node_modules/kubeflow/ of the stage that copies the UI's
    # folder to its WORKDIR. The UI's other undeclared id (an invented kubeflow-charts), and `kubeflow` in another
    # package folder the image does not hold, stay judged.
    assert _imports(tmp_path, monkeypatch, TREE) == {(f"{UI}/src/app/app.module.ts", "@angular/core"),
                                                    (f"{UI}/src/app/app.module.ts", "kubeflow-charts"),
                                                    ("pkg/other/web/index.ts", "kubeflow")}


def test_a_node_modules_copy_beside_no_folder_of_the_tree_makes_nothing_local(tmp_path, monkeypatch):
    # the same image when the stage copies the UI from another stage (no folder of the tree at its WORKDIR), or
    # copies the library beside another folder than the UI's: `kubeflow` is judged in the UI as elsewhere
    other = dict(TREE)
    other["cmd/ui/v1beta1/Dockerfile"] = DOCKERFILE.replace(f"COPY ./{UI}/ .\n", "COPY --from=frontend-kubeflow-lib /src/ .\n")
    assert (f"{UI}/src/app/app.module.ts", "kubeflow") in _imports(tmp_path, monkeypatch, other)
    moved = dict(TREE)
    moved["cmd/ui/v1beta1/Dockerfile"] = DOCKERFILE.replace("./node_modules/kubeflow/", "/opt/node_modules/kubeflow/")
    assert (f"{UI}/src/app/app.module.ts", "kubeflow") in _imports(tmp_path / "m", monkeypatch, moved)
