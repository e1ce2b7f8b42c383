"""A kept check comes back from the cache only for the same inputs, and only when it passed: tests/helpers.kept
(a check of the built site: the same key and the same bytes of every file it read) and a snippet's check
(docs_pipeline/harness.kept_verify)."""

import os

from docs_pipeline import harness
from docs_pipeline.harness import kept_verify
from docs_pipeline.runner import ROOT, Snippet
from tests.helpers import kept


def test_a_kept_check_runs_again_when_what_it_read_or_its_key_changes(tmp_path, monkeypatch):
    monkeypatch.setenv("DOCS_CACHE", str(tmp_path / "cache"))
    site = tmp_path / "site"
    site.mkdir()
    (site / "page.html").write_text("one", encoding="utf-8")
    runs = []

    def check():
        runs.append(1)
        text = (site / "page.html").read_text(encoding="utf-8")
        return text, ["page.html"], text != "fails"

    assert [kept("check", "key", site, check) for _ in range(2)] == ["one", "one"] and len(runs) == 1
    (site / "page.html").write_text("two", encoding="utf-8")
    assert kept("check", "key", site, check) == "two" and len(runs) == 2
    assert kept("check", "another key", site, check) == "two" and len(runs) == 3
    (site / "page.html").write_text("fails", encoding="utf-8")
    assert [kept("check", "key", site, check) for _ in range(2)] == ["fails", "fails"] and len(runs) == 5
    (site / "page.html").write_text("two", encoding="utf-8")
    assert kept("check", "key", site, check) == "two" and len(runs) == 5
    for entry in (tmp_path / "cache" / "check").glob("*.json"):
        os.utime(entry, (0, 0))  # its run was long ago: used or not, it runs afresh
    assert kept("check", "key", site, check) == "two" and len(runs) == 6


def test_a_kept_snippet_check_runs_again_when_what_its_run_depends_on_changes(tmp_path, monkeypatch):
    monkeypatch.setenv("DOCS_CACHE", str(tmp_path))
    snippet, problems, runs = Snippet(ROOT / "snippets" / "how_it_works" / "grad_basics.py"), [None], []
    monkeypatch.setattr(harness, "verify", lambda s: runs.append(s) or problems[-1])
    assert "snippets/how_it_works/grad_basics.py" in harness.run_inputs(snippet)[0]  # moved, it runs again
    assert [kept_verify(snippet) for _ in range(2)] == [None, None] and len(runs) == 1
    for entry in (tmp_path / "snippets").glob("*.json"):
        os.utime(entry, (0, 0))  # its run was long ago
    assert kept_verify(snippet) is None and len(runs) == 2
    monkeypatch.setattr(harness, "_used_by_pages", lambda: ({"how_it_works/grad_basics": {"x": ["a page"]}}, {}))
    assert kept_verify(snippet) is None and len(runs) == 3
    monkeypatch.setattr(harness, "_used_by_pages", lambda: ({}, {"how_it_works/grad_basics": ["a page"]}))
    assert kept_verify(snippet) is None and len(runs) == 4
    monkeypatch.setattr(harness, "run_context", lambda: ["another CPU"])
    assert kept_verify(snippet) is None and len(runs) == 5
    problems.append("drifted")
    monkeypatch.setattr(harness, "run_context", lambda: ["a third CPU"])
    assert [kept_verify(snippet) for _ in range(2)] == ["drifted", "drifted"] and len(runs) == 7
