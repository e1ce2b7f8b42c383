"""The housekeeping commands, run as an author runs them (./dev TASK) in a copy of the project."""

from __future__ import annotations

import os
import subprocess

import pytest

from docs_pipeline.site import ROOT
from tests.helpers import copy_project, snippet_with_output


@pytest.fixture
def project(tmp_path):
    """A copy of the project that uses this checkout's .venv (./dev finds it installed)."""
    copy = copy_project(tmp_path / "project")
    (copy / ".venv").symlink_to(ROOT / ".venv", target_is_directory=True)
    return copy


def dev(project, *args) -> tuple[int, str]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    result = subprocess.run(["./dev", *args], cwd=project, capture_output=True, text=True, env=env)
    return result.returncode, result.stdout + result.stderr


def test_dev_lists_its_tasks_and_unused_names_a_snippet_no_page_includes(project):
    code, said = dev(project)
    assert code == 2
    for task in ("./dev outputs", "./dev translations", "./dev translations mark", "./dev unused"):
        assert task in said, f"./dev does not list {task}:\n{said}"
    code, said = dev(project, "unused")
    assert code == 0 and said.strip() == "every snippet and figure is shown on a page", said
    orphan = project / "snippets" / "how_it_works" / "forgotten.py"
    orphan.write_text('print("nobody shows me")\n', encoding="utf-8")
    (project / "snippets" / "how_it_works" / "gone.out").write_text("left behind\n", encoding="utf-8")
    code, said = dev(project, "unused")
    assert code == 0
    assert said.splitlines() == [
        "snippets/how_it_works/forgotten.py: no page includes it",
        "snippets/how_it_works/gone.out: its program snippets/how_it_works/gone.py is gone",
    ], said


def test_translations_lists_stale_pages_and_marks_them(project):
    code, said = dev(project, "translations", "mark", "--all")
    assert code == 0 and "docs/en/index.md" in said, said
    assert dev(project, "translations") == (0, "every translation is up to date\n")
    git = ["git", "-c", "user.name=test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false"]
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    subprocess.run([*git, "add", "docs"], cwd=project, check=True)
    subprocess.run([*git, "commit", "-q", "-m", "translated"], cwd=project, check=True)

    zh = project / "docs" / "zh" / "index.md"
    zh.write_text(zh.read_text(encoding="utf-8") + "\n新增的一段。\n", encoding="utf-8")
    code, said = dev(project, "translations")
    assert code == 0
    assert "docs/en/index.md is stale" in said and "docs/zh/index.md" in said, said
    assert "+新增的一段。" in said, f"the listing does not show what changed in the source:\n{said}"
    assert "./dev translations mark docs/en/index.md" in said and said.rstrip().endswith("1 stale translation(s)")

    code, said = dev(project, "translations", "mark", "docs/zh/index.md")  # either language's path
    assert code == 0 and said.startswith("marked  docs/en/index.md"), said
    assert dev(project, "translations") == (0, "every translation is up to date\n")
    assert dev(project, "translations", "mark", "README.md")[0] != 0


def test_outputs_rewrites_a_stored_output_from_a_real_run(project):
    snippet = snippet_with_output(project)
    out = project / snippet.replace(".py", ".out")
    real = out.read_text(encoding="utf-8")
    out.write_text("typed by hand\n", encoding="utf-8")
    code, said = dev(project, "outputs", snippet)
    assert code == 0 and said.splitlines()[0] == f"rewrote {snippet.replace('.py', '.out')}", said
    assert all(line.startswith("same ") for line in said.splitlines()[1:]), said
    assert out.read_text(encoding="utf-8") == real
