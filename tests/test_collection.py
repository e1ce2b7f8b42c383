"""What pytest collects, and in what order: every snippet file on disk is one example of the harness (a
file its pattern misses, or one that yields no example, would pass silently), the kinds of test run
cheapest first, and the session's background work starts before them."""

import itertools
import subprocess
import sys

from docs_pipeline.harness import snippet_sybil
from docs_pipeline.runner import ROOT, all_snippets


def test_one_example_per_snippet_file():
    snippets, sybil = all_snippets(), snippet_sybil()
    assert snippets, "no snippets found under snippets/"
    counts = {s.name: len(list(sybil.parse(s.path))) if sybil.should_parse(s.path) else 0 for s in snippets}
    wrong = [f"{name}: {n} examples, expected 1" for name, n in counts.items() if n != 1]
    assert not wrong, "\n".join(wrong)


def test_the_tests_run_cheapest_first_with_the_background_work_started_first():
    """The order conftest.py gives: with -x the first failure is the most precise one. The build and the
    portability reruns start before the first test, so they run beside the snippets."""
    collected = subprocess.run(
        [sys.executable, "-m", "pytest", "--setup-plan", "-q", "-p", "no:cacheprovider"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert collected.returncode == 0, f"pytest --setup-plan failed:\n{collected.stdout[-3000:]}{collected.stderr[-3000:]}"
    lines = collected.stdout.splitlines()
    first = next(i for i, line in enumerate(lines) if "::" in line)
    for work in ("site_build", "portability_runs"):
        assert any(f"SETUP    S {work} " in line for line in lines[:first]), (
            f"{work} is set up only after {lines[first].split()[0]}"
        )
    files = [line.split()[0].split("::")[0] for line in lines if "::" in line]
    # in the order they run: each kind's files, by the start of their path
    kinds = (
        "snippets/",
        "tests/test_pages.py",
        "tests/test_notebooks.py",
        "tests/test_faults.py",
        "tests/browser/",
        "tests/audit/",
        "tests/test_portability.py",
    )
    spans = {kind: [i for i, f in enumerate(files) if f.startswith(kind)] for kind in kinds}
    for before, after in itertools.pairwise(kinds):
        assert spans[before][-1] < spans[after][0], f"{before} do not all run before {after}:\n" + "\n".join(dict.fromkeys(files))
