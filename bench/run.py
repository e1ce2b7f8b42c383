"""The benchmark (./dev bench): measures on this machine, prints and writes bench/results.json.

The figures and their goals: README.md, "Publishing and the benchmark". Scratch files go to bench/tmp/
(ignored by git): the clean clones CI's figures time, the copy of the project whose snippet the reloads
edit.
"""

import argparse
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request

from docs_pipeline.pages import parse
from docs_pipeline.site import ROOT, layout

SITE = layout()
TMP = ROOT / "bench/tmp"
RESULTS = ROOT / "bench/results.json"
TIMEOUT_S = 1800  # one command (a cold .ci/run is the longest), or mkdocs serve's first build
# name: the most seconds it may take
GOALS = {
    "ci_cold_s": 300,
    "ci_cached_s": 120,
    "dev_test_warm_s": 45,
    "reload_dev_serve_s": 2,
    "reload_mkdocs_serve_s": 4,
}


class BenchError(Exception):
    """A measurement could not be made; the message says which and why."""


def _log(message):
    print(f"bench: {message}", file=sys.stderr)  # stderr is line-buffered


def _run(cmd, cwd=ROOT, env=None, timeout=TIMEOUT_S):
    """How long cmd took and what it printed; a failure raises with the end of what it said."""
    start = time.perf_counter()
    result = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    if result.returncode:
        raise BenchError(
            f"{' '.join(map(str, cmd))[:200]} failed (exit {result.returncode}):\n{result.stdout[-1500:]}{result.stderr[-1500:]}"
        )
    return time.perf_counter() - start, result.stdout


def measure_ci():
    """.ci/run in a clean clone of HEAD with an empty cache folder (uv's, pip's and npm's downloads too, as on
    a fresh CI runner), then in another clean clone with the cache folder the first one left; torch's compiled
    kernels, which CI does not keep, from none each time."""
    caches, clone, figures = TMP / "ci-cache", TMP / "ci-clone", {}
    shutil.rmtree(caches, ignore_errors=True)
    env = {k: v for k, v in os.environ.items() if k not in {"VIRTUAL_ENV", "PYTHONHOME", "PYTHONPATH"}} | {
        "DOCS_CACHE": f"{caches}/docs",
        "PIP_CACHE_DIR": f"{caches}/pip",
        "UV_CACHE_DIR": f"{caches}/uv",
        "npm_config_cache": f"{caches}/npm",
        "TORCHINDUCTOR_CACHE_DIR": f"{caches}/inductor",
    }
    for figure in ("ci_cold_s", "ci_cached_s"):
        shutil.rmtree(clone, ignore_errors=True)
        shutil.rmtree(env["TORCHINDUCTOR_CACHE_DIR"], ignore_errors=True)
        _run(["git", "clone", "--quiet", "--no-hardlinks", ROOT, clone])
        _log(f"{figure}: .ci/run in a clean clone (minutes)")
        figures[figure] = _run([clone / ".ci/run"], clone, env)[0]
    shutil.rmtree(TMP)  # the clones with their installs, and the caches: gigabytes
    return figures


def measure_warm():
    """./dev test in this checkout: the second of two runs (the first fills what the caches lack)."""
    _log("dev_test_warm_s: ./dev test twice, the second timed (minutes)")
    _run(["./dev", "test"])
    return {"dev_test_warm_s": _run(["./dev", "test"])[0]}


def _page_with_snippet():
    """A page that shows a whole snippet and its output: (the page, the snippet's include target)."""
    for page in SITE.pages("zh"):
        includes = parse(page).includes
        for target in includes:
            if target.endswith(".py") and f"{target.removesuffix('.py')}.out" in includes:  # whole: no ":section"
                return page, target
    raise BenchError("no page includes a whole snippet and its output")


def _until(server, text, said):
    """Read what the server says (as it comes: a full pipe would stall it) until a line holds text."""
    for line in server.stdout:
        said.append(line)
        if text in line:
            return
    raise BenchError(f"{' '.join(server.args)} ended (or ran past {TIMEOUT_S} s):\n{''.join(said)[-3000:]}")


def measure_reload():
    """From saving a snippet (its .out and .py, as `./dev outputs` and the author write them) until the pages
    of both languages that show it are served with the new code and output, by ./dev serve and by plain
    mkdocs serve, in a copy of the project: the median of three saves."""
    page, target = _page_with_snippet()
    copy = TMP / "reload-project"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".git", ".venv", "site", "tmp", "node_modules"))
    (copy / ".venv").symlink_to((ROOT / ".venv").resolve())  # linked: ./dev installs nothing there
    py = copy / "snippets" / target  # the copy's snippet (an include target names it under snippets/)
    out = py.with_suffix(".out")
    code, output = py.read_text(encoding="utf-8"), out.read_text(encoding="utf-8")
    figures = {}
    # a shell leaves SIGINT ignored in what it starts in the background, and the servers would inherit that
    signal.signal(signal.SIGINT, signal.default_int_handler)
    for figure, command in {
        "reload_dev_serve_s": ["./dev", "serve"],
        "reload_mkdocs_serve_s": [sys.executable, "-m", "mkdocs", "serve"],
    }.items():
        with socket.socket() as free:
            free.bind(("127.0.0.1", 0))
            address = f"127.0.0.1:{free.getsockname()[1]}"
        server = subprocess.Popen(
            [*command, "--dev-addr", address],
            cwd=copy,
            env={**os.environ, "PYTHONPATH": str(copy)},  # the copy's docs_pipeline
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        watchdog, said, times = threading.Timer(TIMEOUT_S, server.kill), [], []  # killed, its pipe ends
        watchdog.start()
        try:
            _until(server, "Serving on", said)
            for marker in (f"{figure}_{n}" for n in range(3)):
                start = time.perf_counter()
                out.write_text(f"{output}{marker}\n", encoding="utf-8")
                py.write_text(f'{code}\nprint("{marker}")\n', encoding="utf-8")
                shown = 0
                while shown < 4:  # code and output, in both languages; a rebuild may have seen the first file only
                    _until(server, "Reloading browsers", said)  # how each rebuild ends
                    shown = sum(
                        urllib.request.urlopen(f"http://{address}{SITE.base_path}{SITE.url_of(p)}", timeout=TIMEOUT_S)
                        .read()
                        .count(marker.encode())
                        for p in (page, SITE.counterpart(page))
                    )
                times.append(time.perf_counter() - start)
                _log(f"{figure}: {times[-1]:.2f} s")
        finally:
            watchdog.cancel()
            server.send_signal(signal.SIGINT)  # as Ctrl-C: mkdocs serve removes its temporary site
            server.wait(timeout=30)
        figures[figure] = statistics.median(times)
    shutil.rmtree(copy)
    return figures


def main():
    parser = argparse.ArgumentParser(prog="./dev bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--ci", action="store_true", help="also time .ci/run in clean clones, cold and cached (minutes)")
    parser.add_argument("--skip", nargs="*", default=[], choices=["warm", "reload"])
    args = parser.parse_args()
    results = json.loads(RESULTS.read_text(encoding="utf-8"))  # a figure not measured now keeps its last measurement
    failed = []
    for measure in (measure_ci, measure_warm, measure_reload):
        step = measure.__name__.removeprefix("measure_")
        if step in args.skip or (step == "ci" and not args.ci):
            continue
        load = os.getloadavg()[0]
        try:
            measured = measure()
        except (BenchError, subprocess.TimeoutExpired) as e:
            failed.append(f"FAILED {step}: {e}")
            continue
        commit = _run(["git", "describe", "--always", "--dirty"])[1].strip()
        when = f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC, {commit}, {os.cpu_count()} CPUs, load {load:.1f}"
        for name, value in measured.items():
            status = "met" if value <= GOALS[name] else "MISSED"
            results["figures"][name] = {"value": round(value, 2), "goal_s": GOALS[name], "status": status, "measured": when}
        RESULTS.write_text(f"{json.dumps(results, ensure_ascii=False, indent=2)}\n", encoding="utf-8")  # as each step ends
    print(json.dumps(results["figures"], ensure_ascii=False, indent=1), *failed, sep="\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
