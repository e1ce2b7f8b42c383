"""What pytest collects: every snippet file on disk is one example of the harness (a file its pattern
misses, or one that yields no example, would pass silently)."""

from docs_pipeline.harness import snippet_sybil
from docs_pipeline.runner import all_snippets


def test_one_example_per_snippet_file():
    snippets, sybil = all_snippets(), snippet_sybil()
    assert snippets, "no snippets found under snippets/"
    wrong = [s.name for s in snippets if not sybil.should_parse(s.path) or len(list(sybil.parse(s.path))) != 1]
    assert not wrong, (
        f"snippet files that are not exactly one example of the harness (its pattern misses them, or yields none or several): {wrong}"
    )
