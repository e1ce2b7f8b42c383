"""What the tests share besides fixtures: a copy of the project for tests that break it (the files
as git sees them, no build outputs) and its strict build."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from docs_pipeline.site import ROOT

# Only when there is no git: what never belongs in a copy.
UNCOPIED = {".git", ".venv", "site", ".cache", "__pycache__", ".pytest_cache", "test-artifacts"}


def _project_files() -> list[str]:
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split("\0")
    except (OSError, subprocess.CalledProcessError):  # not a git checkout: everything but the build outputs
        listed = [
            p.relative_to(ROOT).as_posix()
            for p in ROOT.rglob("*")
            if p.is_file() and not UNCOPIED & set(p.relative_to(ROOT).parts) and ".egg-info" not in str(p)
        ]
    return sorted(name for name in listed if name and (ROOT / name).is_file())  # deleted, not yet committed: skip


def copy_project(dest: Path) -> Path:
    """Copy the project into dest, with the notebooks' caches (so unchanged notebooks don't run again)."""
    for name in _project_files():
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    for cache in ("notebook-runs", "mkdocs-jupyter"):
        if (ROOT / ".cache" / cache).is_dir():
            shutil.copytree(ROOT / ".cache" / cache, dest / ".cache" / cache)
    return dest


def snippet_with_output(project: Path) -> str:
    """A snippet (snippets/d/name.py, relative to project) whose stored output is not empty."""
    for py in sorted((project / "snippets").rglob("*.py")):
        out = py.with_suffix(".out")
        if out.is_file() and out.read_text(encoding="utf-8").strip():
            return py.relative_to(project).as_posix()
    pytest.fail("no snippet with a stored output: nothing to break", pytrace=False)


def build_site(project, site):
    """`mkdocs build --strict` of `project` into `site`; the CompletedProcess, never raises."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
    )
