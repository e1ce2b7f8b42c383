"""What the tests share besides fixtures: a copy of the project for tests that break it (the files
as git sees them, no build outputs) and its strict build; the portability reruns."""

from __future__ import annotations

import functools
import hashlib
import inspect
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from docs_pipeline.outputs import RECORD_SEED, recording
from docs_pipeline.runner import Snippet, SnippetFailed, all_snippets
from docs_pipeline.site import ROOT, cache_dir, repo_name

FAILED = "failed: "  # how a rerun's output begins when its snippet failed: never cached

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
            timeout=60,
        ).stdout.split("\0")
    except (OSError, subprocess.CalledProcessError):  # not a git checkout: everything but the build outputs
        listed = [
            p.relative_to(ROOT).as_posix()
            for p in ROOT.rglob("*")
            if p.is_file() and not UNCOPIED & set(p.relative_to(ROOT).parts) and ".egg-info" not in str(p)
        ]
    return sorted(name for name in listed if name and (ROOT / name).is_file())  # deleted, not yet committed: skip


def copy_project(dest: Path) -> Path:
    """Copy the project into dest, with mkdocs-jupyter's cache (the notebooks' runs are in the project's
    cache folder, which copies share)."""
    for name in _project_files():
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target)
    if (ROOT / ".cache" / "mkdocs-jupyter").is_dir():
        shutil.copytree(ROOT / ".cache" / "mkdocs-jupyter", dest / ".cache" / "mkdocs-jupyter")
    return dest


def snippet_with_output(project: Path) -> str:
    """A snippet (snippets/d/name.py, relative to project) whose stored output is not empty."""
    for py in sorted((project / "snippets").rglob("*.py")):
        out = py.with_suffix(".out")
        if out.is_file() and out.read_text(encoding="utf-8").strip():
            return py.relative_to(project).as_posix()
    pytest.fail("no snippet with a stored output: nothing to break", pytrace=False)


def build_site(project, site):
    """`mkdocs build --strict` of `project` into `site`; the CompletedProcess, never raises."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=1200,
    )


LEVELS = ("default", "avx2", "avx512")  # ATEN_CPU_CAPABILITY, in the order x86 CPUs gain them
PROBE = "the probe"  # beside the snippets in each rerun: a float32 sum of many terms, which some setting changes
RECORDED_BY = ("runner", "outputs", "values", "graphs", "steps")  # docs_pipeline's modules a recording depends on
KEPT_DAYS = 30  # a cached recording unused for this long is removed
RERUN_TIMEOUT_S = 1200


@functools.cache
def native() -> tuple[str, int]:
    """This process's CPU dispatch level and thread count (torch imported only when asked)."""
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
        run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, timeout=120)
        best = run.stdout.strip()
    offered = LEVELS[: LEVELS.index(best) + 1] if best in LEVELS else ("default",)
    settings = {f"ATEN_CPU_CAPABILITY={lv}": {"ATEN_CPU_CAPABILITY": lv} for lv in offered if lv != level}
    one = "1" if threads > 1 else "2"
    settings[f"{one} thread(s)"] = {"OMP_NUM_THREADS": one, "MKL_NUM_THREADS": one}
    return settings


def probe_sum() -> str:
    import torch

    return repr(torch.randn(100_003, generator=torch.Generator().manual_seed(0)).sum().item())


def rerun(into: str, *names: str) -> None:
    """In a setting's process: {snippet: {file: text}} for the named snippets (why one failed in place of
    its output), and {PROBE: {"sum": probe_sum()}}, as JSON in `into`."""
    recorded = {PROBE: {"sum": probe_sum()}}
    for snippet in (Snippet(ROOT / name) for name in names if name != PROBE):
        try:
            files = {repo_name(path): text for path, text in recording(snippet, RECORD_SEED).items()}
        except SnippetFailed as failure:
            files = {repo_name(snippet.output_path): f"{FAILED}{failure}"}
        recorded[snippet.name] = files
    Path(into).write_text(json.dumps(recorded), encoding="utf-8")


def _sha(*parts) -> str:
    return hashlib.sha256(json.dumps(parts).encode("utf-8")).hexdigest()[:24]


def _machine() -> str:
    """What a recording depends on besides its snippet and setting: torch, Python, how recordings are
    made, this CPU (its model and this process's dispatch level and threads)."""
    import torch

    info = Path("/proc/cpuinfo").read_text(encoding="utf-8") if Path("/proc/cpuinfo").is_file() else ""
    cpu = next(
        (line.split(":", 1)[1].strip() for line in info.splitlines() if line.startswith("model name")), platform.processor()
    )
    code = [(ROOT / "docs_pipeline" / f"{module}.py").read_text(encoding="utf-8") for module in RECORDED_BY]
    return _sha(torch.__version__, platform.python_version(), native(), cpu, code, inspect.getsource(rerun))


def _stored(snippet: Snippet) -> str:
    """The snippet and every file stored beside it."""
    files = sorted(snippet.path.parent.glob(f"{snippet.path.stem}.*"))
    return _sha([(f.name, hashlib.sha256(f.read_bytes()).hexdigest()) for f in files])


class Reruns:
    """Every snippet recorded again under each portability setting (tests/test_portability.py): from the
    project's cache folder, keyed by all a recording depends on, else by one process per setting that
    records the snippets the cache lacks, all started at once."""

    def __init__(self, folder: Path):
        self.cache = cache_dir("portability")
        self.cache.mkdir(parents=True, exist_ok=True)
        machine = _machine()
        stored = {s.name: _stored(s) for s in all_snippets()} | {PROBE: inspect.getsource(probe_sum)}
        self.runs = {}
        for n, (setting, env) in enumerate(portability_settings().items()):
            keys = {name: self.cache / f"{_sha(machine, setting, env, content)}.json" for name, content in stored.items()}
            missing = [name for name, entry in keys.items() if not entry.is_file()]
            process, into = None, folder / f"{n}.json"
            if missing:  # what it says goes to a file: a pipe nobody reads until the test would stall it
                with open(into.with_suffix(".log"), "w", encoding="utf-8") as log:
                    code = f"from tests.helpers import rerun; rerun({str(into)!r}, *{missing!r})"
                    process = subprocess.Popen(
                        [sys.executable, "-c", code], cwd=ROOT, env={**os.environ, **env}, stdout=log, stderr=log
                    )
            self.runs[setting] = (keys, process, into)

    def recordings(self, setting: str) -> dict[str, dict[str, str]]:
        """{snippet or PROBE: {file: text}} under `setting`; what did not fail is cached."""
        keys, process, into = self.runs[setting]
        fresh = {}
        if process:
            try:
                code = process.wait(timeout=RERUN_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                process.kill()
                code = f"killed after {RERUN_TIMEOUT_S} s"
            if code != 0:
                said = into.with_suffix(".log").read_text(encoding="utf-8")
                pytest.fail(f"recording the snippets under {setting} failed ({code}):\n{said[-3000:]}", pytrace=False)
            fresh = json.loads(into.read_text(encoding="utf-8"))
            for name, files in fresh.items():
                if not any(text.startswith(FAILED) for text in files.values()):
                    keys[name].with_suffix(f".{os.getpid()}").write_text(json.dumps(files), encoding="utf-8")
                    keys[name].with_suffix(f".{os.getpid()}").replace(keys[name])
        recorded = {}
        for name, entry in keys.items():
            if name not in fresh:
                entry.touch()  # in use: kept
            recorded[name] = fresh.get(name) or json.loads(entry.read_text(encoding="utf-8"))
        for entry in self.cache.glob("*.json"):
            if time.time() - entry.stat().st_mtime > KEPT_DAYS * 86400:
                entry.unlink(missing_ok=True)
        return recorded

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        for _, process, _ in self.runs.values():
            if process:
                process.kill()
                process.wait()
