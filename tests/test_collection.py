"""Every snippet file on disk is collected as exactly one example: a silently skipped one turns red."""

import re
import subprocess
import sys
from collections import Counter

from docs_pipeline.runner import ROOT, all_snippets


def test_one_example_per_snippet_file():
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "snippets"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    collected = Counter(m.group(1) for m in re.finditer(r"^(snippets/\S+\.py)::", result.stdout, re.M))
    on_disk = {s.name for s in all_snippets()}
    assert on_disk, "no snippets found under snippets/"
    problems = [
        f"{name}: {collected.get(name, 0)} examples collected, expected 1" for name in sorted(on_disk) if collected.get(name) != 1
    ]
    problems += [f"{name}: collected but not a snippet on disk" for name in sorted(set(collected) - on_disk)]
    assert not problems, "\n".join(problems) + f"\n\npytest --collect-only said:\n{result.stdout[-2000:]}{result.stderr[-2000:]}"
