"""A snippet's check (docs_pipeline/harness.kept_verify) and a slow tier's test (harness.project_context) are kept in
the project's cache folder only after a pass, and come back only while nothing they depend on has changed."""

import subprocess

from docs_pipeline import harness
from docs_pipeline.harness import kept_verify
from docs_pipeline.runner import ROOT, Snippet
from tests.helpers import write


def test_a_kept_snippet_check_runs_again_when_what_its_run_depends_on_changes(tmp_path, monkeypatch):
    monkeypatch.setenv("DOCS_CACHE", str(tmp_path))
    snippet, problems, runs = Snippet(ROOT / "snippets/how_it_works/grad_basics.py"), [None], []
    monkeypatch.setattr(harness, "verify", lambda s: runs.append(s) or problems[-1])
    assert "snippets/how_it_works/grad_basics.py" in harness.run_inputs(snippet)[0]  # moved, it runs again
    assert [kept_verify(snippet) for _ in range(2)] == [None, None] and len(runs) == 1
    changes = [  # what the pages quote of it, the parts of it they show, the torch it runs under
        ("_used_by_pages", lambda: ({"how_it_works/grad_basics": {"x": ["a page"]}}, {})),
        ("_used_by_pages", lambda: ({}, {"how_it_works/grad_basics": ["a page"]})),
        ("run_context", lambda: ["another torch"]),
    ]
    for n, (name, change) in enumerate(changes, 2):
        monkeypatch.setattr(harness, name, change)
        assert kept_verify(snippet) is None and len(runs) == n, name
    problems.append("drifted")
    monkeypatch.setattr(harness, "run_context", lambda: ["a third torch"])
    assert [kept_verify(snippet) for _ in range(2)] == ["drifted", "drifted"] and len(runs) == 6


def test_a_slow_tests_pass_is_kept_only_for_the_same_files(tmp_path, monkeypatch):
    """harness.project_context: the key of a kept browser, audit or fault test's pass changes with any file git
    tracks or would track, and with none it ignores."""
    monkeypatch.setattr(harness, "ROOT", tmp_path)
    assert harness.project_context() is None  # not a git checkout: nothing is kept
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    assert harness.project_context() is None  # git lists no file here
    write(tmp_path, {"mkdocs.yml": "site_url: !ENV [SITE_URL, x]\n", ".gitignore": "site/\n", "page.md": "a"})
    keys = [harness.project_context()]
    for change in ("site/index.html", "page.md", "new.md"):  # ignored, edited, untracked
        write(tmp_path, {change: "b"})
        keys.append(harness.project_context())
    monkeypatch.setenv("SITE_URL", "elsewhere")  # mkdocs.yml reads it
    keys.append(harness.project_context())
    assert keys[0] == keys[1] != keys[2] != keys[3] != keys[4]
