"""Outputs that come out the same on every machine (CONTRIBUTING.md, "Outputs that hold on every
machine"): every snippet recorded again under each setting (tests/helpers.py: reruns, started with
the session's first test and cached by content in the project's cache folder).
A difference from the stored files that the native run shares is drift, the snippet's own test: here
only what the setting changes fails, and stored files that only the verification seed reproduces
(copied from a run under it, not recorded: the snippet's own test runs under that seed).
"""

import pytest

from docs_pipeline.outputs import HOW_TO_HOLD, RECORD_SEED, VERIFY_SEED, diff, flippable, mismatches, recording, unseeded, verify
from docs_pipeline.runner import ROOT, Snippet, SnippetFailed, stored
from tests.helpers import FAILED, PROBE, native, portability_settings, probe_sum


def test_every_snippet_prints_the_same_under_every_setting(portability_runs):
    problems, unseeded_ones, native_runs = [], [], {}
    for setting in portability_settings():
        for name, files in portability_runs(setting).items():
            if name == PROBE or not (changed := [(f, text) for f, text in files.items() if stored(ROOT / f) != text]):
                continue
            snippet = Snippet(ROOT / name)
            if name not in native_runs:  # once per snippet, however many settings differ
                try:
                    native_runs[name] = recording(snippet, RECORD_SEED)
                except SnippetFailed as failure:  # the snippet's own test says what is wrong with it
                    native_runs[name] = {snippet.output_path: f"{FAILED}{failure}"}
                if mismatches(native_runs[name], snippet) and verify(snippet) is None:  # stored under VERIFY_SEED
                    unseeded_ones.append(unseeded(snippet, native_runs[name], recording(snippet, VERIFY_SEED)))
            here = native_runs[name]
            for file, text in changed:
                if (native_text := here.get(ROOT / file, "")) != text:
                    natively = f"{file} natively ({', '.join(map(str, native()))} threads)"
                    problems.append(
                        f"{name} records {file} differently under {setting}:\n" + diff(native_text, text, natively, setting)
                    )
    if problems or unseeded_ones:
        pytest.fail("\n".join(unseeded_ones + problems) + (HOW_TO_HOLD if problems else ""), pytrace=False)


def test_the_settings_really_change_the_arithmetic(portability_runs):
    """A float32 sum of many terms differs under some setting: the settings are not ignored."""
    sums = {setting: portability_runs(setting)[PROBE] for setting in portability_settings()}
    assert any(s != probe_sum() for s in sums.values()), f"every setting summed to {probe_sum()}: {sums}"


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
