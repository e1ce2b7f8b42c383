"""Outputs that come out the same on every machine (CONTRIBUTING.md, "Outputs that hold on every
machine"): one process per setting records every snippet (outputs.record_every), all started with
the session (conftest.py: pytest_collection_finish).
A difference from the stored files that the native run shares is drift, the snippet's own test: here
only what the setting changes fails.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from docs_pipeline.outputs import HOW_TO_HOLD, RECORD_SEED, diff, flippable, recording
from docs_pipeline.runner import ROOT, Snippet, SnippetFailed, stored
from tests.helpers import native, portability_settings

NATIVE, THREADS = native()
SETTINGS = portability_settings()


@pytest.mark.parametrize("setting", SETTINGS)
def test_every_snippet_prints_the_same_under(setting, portability_runs):
    process, into = portability_runs[setting]
    if process.wait() != 0:
        said = into.with_suffix(".log").read_text(encoding="utf-8")
        pytest.fail(f"recording every snippet under {setting} failed:\n{said[-3000:]}", pytrace=False)
    recorded = json.loads(into.read_text(encoding="utf-8"))
    problems = []
    for name, files in recorded.items():
        if not (changed := [(ROOT / f, text) for f, text in files.items() if stored(ROOT / f) != text]):
            continue
        snippet = Snippet(ROOT / name)
        try:
            native = recording(snippet, RECORD_SEED)
        except SnippetFailed as failure:  # the snippet's own test says what is wrong with it
            native = {snippet.output_path: f"failed: {failure}"}
        for path, text in changed:
            here = native.get(path, "")
            if here != text:
                file = path.relative_to(ROOT).as_posix()
                problems.append(
                    f"{snippet.name} records {file} differently under {setting}:\n"
                    + diff(here, text, f"{file} natively ({NATIVE}, {THREADS} threads)", setting)
                )
    if problems:
        pytest.fail("\n".join(problems) + HOW_TO_HOLD, pytrace=False)


def test_the_settings_really_change_the_arithmetic():
    """A float32 sum of many terms differs under some setting: the settings are not ignored."""
    code = "import torch; g = torch.Generator().manual_seed(0); print(repr(torch.randn(100_003, generator=g).sum().item()))"
    native, *sums = (
        subprocess.run([sys.executable, "-c", code], env={**os.environ, **env}, capture_output=True, text=True, check=True).stdout
        for env in ({}, *SETTINGS.values())
    )
    assert any(s != native for s in sums), f"every setting summed to {native.strip()}: {dict(zip(SETTINGS, sums, strict=True))}"


def test_flippable_finds_what_the_cpu_can_flip():
    source = "import math, torch\nprint(torch.allclose(a, b))\nprint(math.isclose(1.0, 1.0))\nprint(a.allclose(b, rtol=0, atol=1e-5))\n"
    printed = "sum -255.45233154296875\nrounded -255.45, 0.000012 and 1.5e-07\nversion 2.13.0\n"
    found = flippable(
        "snippets/probe.py", source, {"snippets/probe.out": printed, "snippets/probe.values.json": '{"x": 0.33333334}'}
    )
    assert [line.split(": ", 1)[0] for line in found] == [
        "snippets/probe.py:2",
        "snippets/probe.py:3",
        "snippets/probe.out:1",
        "snippets/probe.values.json:1",
    ], found
