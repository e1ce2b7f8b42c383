"""Outputs that come out the same on every machine (CONTRIBUTING.md, "Outputs that hold on every machine").
Per push, every recording refuses what a CPU can flip (outputs.flippable, checked below). Weekly
(--exhaustive), the snippet tests run again under each setting a reader's machine may differ by: every CPU
dispatch level this machine offers (ATEN_CPU_CAPABILITY) and another thread count; a snippet whose output
differs there fails, naming the setting, with its diff."""

import pytest

from docs_pipeline.outputs import HOW_TO_HOLD, flippable
from docs_pipeline.site import ROOT
from tests.helpers import SNIPPET_TESTS, python

LEVELS = ("default", "avx2", "avx512")  # ATEN_CPU_CAPABILITY, in the order x86 CPUs gain them
PROBE = "import torch; print(torch.randn(100_003, generator=torch.Generator().manual_seed(0)).sum().item())"


def settings():
    """{name: environment}: each dispatch level this CPU offers but the native one, and one thread (two
    where torch uses one)."""
    probe = "import torch; print(torch.backends.cpu.get_cpu_capability().lower(), torch.get_num_threads())"
    native, threads = python(ROOT, {}, "-c", probe).stdout.split()
    below = LEVELS[: LEVELS.index(native)] if native in LEVELS else LEVELS[:1]
    one = "1" if int(threads) > 1 else "2"
    return {f"ATEN_CPU_CAPABILITY={lv}": {"ATEN_CPU_CAPABILITY": lv} for lv in below} | {
        f"{one} thread(s)": {"OMP_NUM_THREADS": one, "MKL_NUM_THREADS": one}
    }


@pytest.mark.exhaustive
def test_every_snippet_prints_the_same_under_every_setting():
    failed = []
    for setting, env in settings().items():
        result = python(ROOT, env, *SNIPPET_TESTS)
        if result.returncode:
            failed.append(f"under {setting}:\n{result.stdout[-20000:]}{result.stderr[-3000:]}")
    assert not failed, "\n".join([*failed, HOW_TO_HOLD])


@pytest.mark.exhaustive
def test_the_settings_really_change_the_arithmetic():
    """A float32 sum of many terms differs under some setting: the settings are not ignored."""
    sums = {setting: python(ROOT, env, "-c", PROBE).stdout for setting, env in settings().items()}
    native = python(ROOT, {}, "-c", PROBE).stdout
    assert any(s != native for s in sums.values()), f"every setting summed to {native}: {sums}"


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
