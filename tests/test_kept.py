"""tests/helpers.kept: a check of the built site comes back from the cache only for the same key and the
same bytes of every file it read, and only when it passed."""

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
