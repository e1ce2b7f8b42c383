"""The test wiring: snippets/ is collected by sybil (one example per file), tests/ by pytest."""

import os
import subprocess
import sys

import pytest

from docs_pipeline.harness import snippet_sybil
from docs_pipeline.runner import ROOT

pytest_collect_file = snippet_sybil.pytest()


def build_site(project, site):
    """`mkdocs build --strict` of `project` into `site`; the CompletedProcess, never raises."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=project, env=env, capture_output=True, text=True,
    )


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The whole site, built once per test run."""
    site = tmp_path_factory.mktemp("site")
    result = build_site(ROOT, site)
    if result.returncode != 0:
        pytest.fail(f"mkdocs build --strict failed:\n{result.stdout}{result.stderr}", pytrace=False)
    return site
