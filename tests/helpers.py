"""What the tests share besides fixtures: a copy of the project for tests that break it (the files
as git sees them, no build outputs) and its strict build; the settings the portability reruns use."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from pathlib import Path

from docs_pipeline.outputs import RECORD_SEED
from docs_pipeline.site import ROOT

# Only when there is no git: what never belongs in a copy.
UNCOPIED = {".git", ".venv", "site", ".cache", "__pycache__", ".pytest_cache", "test-artifacts"}


def _project_files() -> list[str]:
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split("\0")
    except (OSError, subprocess.CalledProcessError):  # not a git checkout: everything but the build outputs
        listed = [
            p.relative_to(ROOT).as_posix()
            for p in ROOT.rglob("*")
            if p.is_file() and not UNCOPIED & set(p.relative_to(ROOT).parts) and ".egg-info" not in str(p)
        ]
    return sorted(name for name in listed if name and (ROOT / name).is_file())  # deleted, not yet committed: skip


def copy_project(dest: Path) -> Path:
    """Copy the project into dest, with the notebooks' caches (so unchanged notebooks don't run again)."""
    for name in _project_files():
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    for cache in ("notebook-runs", "mkdocs-jupyter"):
        if (ROOT / ".cache" / cache).is_dir():
            shutil.copytree(ROOT / ".cache" / cache, dest / ".cache" / cache)
    return dest


def build_site(project, site):
    """`mkdocs build --strict` of `project` into `site`; the CompletedProcess, never raises."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
    )


LEVELS = ("default", "avx2", "avx512")  # ATEN_CPU_CAPABILITY, in the order x86 CPUs gain them


@functools.cache
def native() -> tuple[str, int]:
    """This process's CPU dispatch level and thread count (torch imported only when asked: conftest
    imports this module on every run)."""
    import torch

    return torch.backends.cpu.get_cpu_capability().lower(), torch.get_num_threads()


@functools.cache
def portability_settings() -> dict[str, dict[str, str]]:
    """{name: environment} for every setting that differs from this process's own: each dispatch level
    this CPU offers (this process may run under a lower one, set by ATEN_CPU_CAPABILITY), and one thread."""
    level, threads = native()
    best = level
    if "ATEN_CPU_CAPABILITY" in os.environ:
        env = {k: v for k, v in os.environ.items() if k != "ATEN_CPU_CAPABILITY"}
        code = "import torch; print(torch.backends.cpu.get_cpu_capability().lower())"
        best = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout.strip()
    offered = LEVELS[: LEVELS.index(best) + 1] if best in LEVELS else ("default",)
    settings = {f"ATEN_CPU_CAPABILITY={lv}": {"ATEN_CPU_CAPABILITY": lv} for lv in offered if lv != level}
    one = "1" if threads > 1 else "2"
    settings[f"{one} thread(s)"] = {"OMP_NUM_THREADS": one, "MKL_NUM_THREADS": one}
    return settings


def start_recordings(folder: Path) -> dict[str, tuple[subprocess.Popen, Path]]:
    """One process per portability setting recording every snippet into folder/<n>.json (what it says
    into folder/<n>.log), all started now: {setting: (process, where it writes)}."""
    started = {}
    for n, (name, env) in enumerate(portability_settings().items()):
        into = folder / f"{n}.json"
        code = f"from pathlib import Path; from docs_pipeline.outputs import record_every; record_every({RECORD_SEED}, Path({str(into)!r}))"
        # what it says goes to a file: a pipe that nobody reads until the test would stall it once full
        with open(into.with_suffix(".log"), "w", encoding="utf-8") as log:
            process = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env={**os.environ, **env}, stdout=log, stderr=log)
        started[name] = (process, into)
    return started
