"""What pytest collects: every snippet file on disk is one example of the harness (a file its pattern
misses, or one that yields no example, would pass silently)."""

from docs_pipeline.harness import snippet_sybil
from docs_pipeline.runner import all_snippets


def test_one_example_per_snippet_file():
    snippets, sybil = all_snippets(), snippet_sybil()
    assert snippets, "no snippets found under snippets/"
    counts = {s.name: len(list(sybil.parse(s.path))) if sybil.should_parse(s.path) else 0 for s in snippets}
    wrong = [f"{name}: {n} examples, expected 1" for name, n in counts.items() if n != 1]
    assert not wrong, "\n".join(wrong)
