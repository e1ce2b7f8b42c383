"""What the tests share besides fixtures: a copy of the project for tests that break it (no build
outputs) and its strict build; one failure listing every problem; the portability reruns; checks of the
built site kept while what they read is unchanged."""

import contextlib
import functools
import hashlib
import inspect
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from docs_pipeline.harness import run_context, run_inputs
from docs_pipeline.outputs import RECORD_SEED, recording
from docs_pipeline.runner import Snippet, SnippetFailed, all_snippets
from docs_pipeline.site import ROOT, cache_dir, fresh, prune, repo_name, write_whole


def copy_project(dest: Path) -> Path:
    """Copy the project into dest, all but git's folder and what .gitignore lists, each entry matched by its
    last name (bench/tmp/ as tmp): the notebooks' runs and renders are in the project's cache folder,
    which copies share."""
    ignored = [line.rstrip("/").rpartition("/")[2] for line in (ROOT / ".gitignore").read_text(encoding="utf-8").split()]
    return shutil.copytree(ROOT, dest, ignore=shutil.ignore_patterns(".git", *ignored))


def fail_if(problems: list[str]) -> None:
    """One failure listing every problem (each names its file), without a traceback."""
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


def start_build(project, site) -> subprocess.Popen:
    """`mkdocs build --strict` of `project` into `site`, started."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)]
    return subprocess.Popen(command, cwd=project, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finished(build: subprocess.Popen) -> subprocess.CompletedProcess:
    out, err = build.communicate(timeout=1200)
    return subprocess.CompletedProcess(build.args, build.returncode, out, err)


def digest(*parts: str | bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part if isinstance(part, bytes) else part.encode())
        h.update(b"\0")
    return h.hexdigest()


def _digests(site: Path, files) -> dict[str, str]:
    return {f: digest((site / f).read_bytes()) if (site / f).is_file() else "" for f in sorted(files)}


def kept(name: str, key: str, site: Path, check):
    """A check of the built site (a browser's visit, an audit) from the project's cache folder when it ran
    before on the same bytes: `check()` gives (its result, the site files it read, whether to keep it: a
    pass, or an audit tool's whole report); a kept result comes back while `key` (the check's code and
    tools, its page) and the bytes of every file it read are unchanged, for at most 30 days from the run
    (a fault that shows only now and then is not hidden for good). A failure runs again every time."""
    entry = cache_dir(name) / f"{digest(key)[:32]}.json"
    if fresh(entry):
        stored = json.loads(entry.read_text(encoding="utf-8"))
        if stored["files"] == _digests(site, stored["files"]):
            return stored["result"]
    result, files, keep = check()
    if keep:
        write_whole(entry, json.dumps({"files": _digests(site, files), "result": result}))
        prune(entry.parent)
    return result


LEVELS = ("default", "avx2", "avx512")  # ATEN_CPU_CAPABILITY, in the order x86 CPUs gain them
PROBE = "the probe"  # recorded beside the snippets: a float32 sum of many terms, which some setting changes
FAILED = "failed: "  # how a rerun's output begins when its snippet failed: never cached


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
        best = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, timeout=120
        ).stdout.strip()
    offered = LEVELS[: LEVELS.index(best) + 1] if best in LEVELS else ("default",)
    settings = {f"ATEN_CPU_CAPABILITY={lv}": {"ATEN_CPU_CAPABILITY": lv} for lv in offered if lv != level}
    one = "1" if threads > 1 else "2"
    settings[f"{one} thread(s)"] = {"OMP_NUM_THREADS": one, "MKL_NUM_THREADS": one}
    return settings


def probe_sum() -> dict[str, str]:
    import torch

    return {"sum": repr(torch.randn(100_003, generator=torch.Generator().manual_seed(0)).sum().item())}


def rerun(into: str) -> None:
    """In a setting's process: the snippets `into` lists, recorded ({snippet: {file: text}}, why one failed
    in place of its output), and PROBE, written over it."""
    recorded = {PROBE: probe_sum()}
    for snippet in (Snippet(ROOT / name) for name in json.loads(Path(into).read_text(encoding="utf-8"))):
        try:
            recorded[snippet.name] = {repo_name(path): text for path, text in recording(snippet, RECORD_SEED).items()}
        except SnippetFailed as failure:
            recorded[snippet.name] = {repo_name(snippet.output_path): f"{FAILED}{failure}"}
    Path(into).write_text(json.dumps(recorded), encoding="utf-8")


def _idle_priority() -> None:
    """The lowest priority, for work that should only take what the tests leave idle. Linux shares the CPU
    first between sessions (Chromium starts its own), so the process gets a session of its own, at the
    lowest priority too."""
    os.setsid()
    os.nice(19)
    with contextlib.suppress(OSError):  # not Linux, or no session scheduling
        Path("/proc/self/autogroup").write_text("19", encoding="utf-8")


@contextlib.contextmanager
def reruns(folder: Path):
    """Every snippet recorded again under each portability setting (tests/test_portability.py): from the
    project's cache folder, keyed by what a recording depends on (docs_pipeline.harness: run_inputs,
    run_context) and the setting, else by one process per setting, all started now at the lowest
    priority, that records what the cache lacks. Yields recordings(setting)."""
    cache = cache_dir("portability")
    inputs = {PROBE: inspect.getsource(probe_sum)} | {s.name: run_inputs(s) for s in all_snippets()}
    runs = {}
    for n, (setting, env) in enumerate(portability_settings().items()):
        key = json.dumps([run_context(), setting, env])
        entries = {name: cache / f"{digest(key, str(got))[:24]}.json" for name, got in inputs.items()}
        into, process = folder / f"{n}.json", None
        if missing := [name for name, entry in entries.items() if not fresh(entry)]:
            into.write_text(json.dumps([name for name in missing if name != PROBE]), encoding="utf-8")
            with open(into.with_suffix(".log"), "w", encoding="utf-8") as log:  # a pipe nobody reads would fill up
                code = f"from tests.helpers import rerun; rerun({str(into)!r})"
                process = subprocess.Popen(
                    [sys.executable, "-c", code],
                    cwd=ROOT,
                    env={**os.environ, **env},
                    stdout=log,
                    stderr=log,
                    preexec_fn=_idle_priority,
                )
        runs[setting] = (entries, process, into)

    def recordings(setting: str) -> dict[str, dict[str, str]]:
        entries, process, into = runs[setting]
        if process and process.wait(timeout=1200) != 0:
            said = into.with_suffix(".log").read_text(encoding="utf-8")
            pytest.fail(f"recording the snippets under {setting} failed:\n{said[-3000:]}", pytrace=False)
        recorded = json.loads(into.read_text(encoding="utf-8")) if process else {}
        for name, files in recorded.items():
            if not any(text.startswith(FAILED) for text in files.values()):
                write_whole(entries[name], json.dumps(files))
        prune(cache)
        return {name: recorded.get(name) or json.loads(entry.read_text(encoding="utf-8")) for name, entry in entries.items()}

    try:
        yield recordings
    finally:
        for _, process, _ in runs.values():
            if process:
                process.kill()
                process.wait()
