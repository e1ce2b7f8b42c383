"""The benchmark (./dev bench): measures on this machine, prints and writes bench/results.json.

The figures and their goals: README.md, "Publishing and the benchmark". Scratch files go to bench/tmp/
(ignored by git): the clean clones CI's figures time, the copy of the project whose snippet the reloads
edit, the site Lighthouse audits.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

from docs_pipeline.pages import parse, split_target
from docs_pipeline.serve import HOST, Lighthouse, serve
from docs_pipeline.site import ROOT, layout

SITE = layout()
TMP = ROOT / "bench" / "tmp"
PY = sys.executable
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONDONTWRITEBYTECODE": "1"}
TIMEOUT_S = 1800  # one command (a cold .ci/run is the longest), or mkdocs serve's first build
# name: (goal, unit); `_min` figures must reach their goal, the others stay under it
GOALS = {
    "ci_cold_s": (300, "s"),
    "ci_cached_s": (180, "s"),
    "dev_test_warm_s": (150, "s"),
    "reload_dev_serve_s": (2, "s"),
    "reload_mkdocs_serve_s": (2, "s"),
    "mobile_performance_min": (90, "Lighthouse score"),
    "mobile_tbt_ms_max": (200, "ms"),
    "mobile_lcp_ms_max": (2500, "ms"),
    "desktop_performance_min": (100, "Lighthouse score"),
    "desktop_tbt_ms_max": (None, "ms"),
    "desktop_lcp_ms_max": (None, "ms"),
}


class BenchError(Exception):
    """A measurement could not be made; the message says which and why."""


def _log(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr, flush=True)


def _timed(cmd: list, cwd: Path = ROOT, env: dict = ENV) -> float:
    start = time.perf_counter()
    result = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=TIMEOUT_S)
    if result.returncode != 0:
        raise BenchError(f"{' '.join(map(str, cmd))[:200]} failed (exit {result.returncode}):\n{result.stdout[-3000:]}")
    return time.perf_counter() - start


def measure_ci() -> dict:
    """.ci/run in a clean clone of HEAD with an empty cache folder (pip's and npm's downloads too, as on
    a fresh CI runner), then in another clean clone with the cache folder the first one left."""
    caches, clone, figures = TMP / "ci-cache", TMP / "ci-clone", {}
    shutil.rmtree(caches, ignore_errors=True)
    env = {k: v for k, v in ENV.items() if k not in {"VIRTUAL_ENV", "PYTHONHOME"}}
    env |= {"DOCS_CACHE": str(caches / "docs"), "PIP_CACHE_DIR": str(caches / "pip"), "npm_config_cache": str(caches / "npm")}
    for figure in ("ci_cold_s", "ci_cached_s"):
        shutil.rmtree(clone, ignore_errors=True)
        _timed(["git", "clone", "--quiet", "--no-hardlinks", ROOT, clone])
        _log(f"{figure}: .ci/run in a clean clone (minutes)")
        figures[figure] = _timed([clone / ".ci" / "run"], clone, env)
    return figures


def measure_warm() -> dict:
    """./dev test in this checkout: the second of two runs (the first fills what the caches lack)."""
    _log("dev_test_warm_s: ./dev test twice, the second timed (minutes)")
    _timed(["./dev", "test"])
    return {"dev_test_warm_s": _timed(["./dev", "test"])}


def measure_lighthouse(site: Path, runs: int) -> dict:
    """Lighthouse's performance (the audits' runner, installed by `./dev bench` as by `./dev test`),
    mobile and desktop, `runs` runs of every page of docs/: the worst page's median of each metric."""
    if not (ROOT / "tests" / "audit" / "node_modules").is_dir():
        raise BenchError("Lighthouse needs tests/audit/node_modules (./dev bench installs it)")
    figures, worst_pages, per_page = {}, {}, {}
    with serve(site) as base_url:
        urls = {base_url + SITE.url_of(page): SITE.name(page) for page in SITE.pages()}
        for form_factor in ("mobile", "desktop"):
            _log(f"lighthouse: {form_factor} performance, {len(urls)} pages x {runs} runs")
            options = ("--form-factor", form_factor, "--categories", "performance", "--runs", str(runs))
            try:
                records = Lighthouse(list(urls), options).records(timeout=None)
            except RuntimeError as e:
                raise BenchError(str(e)) from None
            for record in records:
                entry = per_page.setdefault(urls[record["url"]], {}).setdefault(form_factor, {})
                if error := record.get("error") or record.get("runtimeError"):
                    entry.setdefault("errors", []).append(error.splitlines()[0])
                    continue
                for metric in ("performance", "tbt_ms", "lcp_ms"):
                    value = record["scores"]["performance"] if metric == "performance" else record["metrics"].get(metric)
                    if value is not None:
                        entry.setdefault(metric, []).append(round(value))
            for metric in ("performance", "tbt_ms", "lcp_ms"):
                worst = min if metric == "performance" else max
                figure = f"{form_factor}_{metric}_{worst.__name__}"
                pages = {name: entry[form_factor] for name, entry in per_page.items()}
                if medians := {name: statistics.median(m[metric]) for name, m in pages.items() if m.get(metric)}:
                    worst_pages[figure] = worst(medians, key=medians.get)
                    figures[figure] = round(medians[worst_pages[figure]])
    return {**figures, "details": {"runs_per_page": runs, "worst_pages": worst_pages, "pages": per_page}}


def _page_with_snippet() -> tuple[Path, Path]:
    """A page that shows a whole snippet and its output."""
    for page in SITE.pages("zh"):
        targets = [split_target(t) for block in parse(page).blocks for t in block.includes]
        for path, section in targets:
            if path.suffix == ".py" and section is None and (path.with_suffix(".out"), None) in targets:
                return page, path
    raise BenchError("no page includes a whole snippet and its output")


def _reload_s(command: list, copy: Path, page: Path, snippet: Path) -> float:
    """The median of three: from saving the snippet (its .py and .out, as `./dev outputs` writes them)
    until `command` serves its page with the new code and output."""
    py = copy / snippet.relative_to(ROOT)
    out, code = py.with_suffix(".out"), py.read_text(encoding="utf-8")
    output = out.read_text(encoding="utf-8")
    with socket.socket() as free:
        free.bind((HOST, 0))
        url = f"http://{HOST}:{free.getsockname()[1]}{SITE.base_path}{SITE.url_of(page)}"
    cmd = [*command, "--dev-addr", url.split("/")[2]]
    env = {**ENV, "PYTHONPATH": str(copy)}  # the copy's docs_pipeline
    server = subprocess.Popen(cmd, cwd=copy, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    watchdog = threading.Timer(TIMEOUT_S, server.kill)  # a silent server's pipe then ends
    said = []

    def until(said_now: str) -> None:
        for line in server.stdout:  # read as it goes: a full pipe would stall the server
            said.append(line)
            if said_now in line:
                return
        raise BenchError(f"{' '.join(cmd)} ended (or ran past {TIMEOUT_S} s):\n{''.join(said)[-3000:]}")

    def served(shown) -> float:
        start = time.perf_counter()
        until("Reloading browsers")  # each rebuild ends so
        while True:
            with urllib.request.urlopen(url, timeout=TIMEOUT_S) as response:
                if shown(response.read().decode("utf-8")):
                    return time.perf_counter() - start
            until("Reloading browsers")  # the edit was saved in two writes: a rebuild saw the first

    watchdog.start()
    times = []
    try:
        until("Serving on")
        for marker in ("bench_reload_1", "bench_reload_2", "bench_reload_3"):
            out.write_text(output + f"{marker}\n", encoding="utf-8")
            py.write_text(code.rstrip("\n") + f'\nprint("{marker}")\n', encoding="utf-8")
            times.append(served(lambda html, m=marker: html.count(m) >= 2))
            _log(f"reload with {' '.join(command)}: {times[-1]:.2f} s")
            py.write_text(code, encoding="utf-8")
            out.write_text(output, encoding="utf-8")
            served(lambda html, m=marker: m not in html)
    finally:
        watchdog.cancel()
        server.terminate()
        server.wait(timeout=30)
    return statistics.median(times)


def measure_reload() -> dict:
    """The reload after saving a snippet, with ./dev serve and with plain mkdocs serve, in a copy of the project."""
    page, snippet = _page_with_snippet()
    copy = TMP / "reload-project"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".git", ".venv", "site", "tmp", "test-artifacts", "__pycache__"))
    (copy / ".venv").symlink_to((ROOT / ".venv").resolve())  # linked: ./dev installs nothing there
    commands = {"reload_dev_serve_s": ["./dev", "serve"], "reload_mkdocs_serve_s": [PY, "-m", "mkdocs", "serve"]}
    return {figure: _reload_s(command, copy, page, snippet) for figure, command in commands.items()}


def measure_built_site() -> dict:
    _timed([PY, "-m", "mkdocs", "build", "--strict", "--site-dir", TMP / "site"])
    return measure_lighthouse(TMP / "site", runs=3)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="./dev bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--ci", action="store_true", help="also time .ci/run in clean clones, cold and cached (minutes)")
    parser.add_argument("--skip", nargs="*", default=[], choices=["warm", "reload", "lighthouse"])
    args = parser.parse_args(argv)
    TMP.mkdir(parents=True, exist_ok=True)
    output = ROOT / "bench" / "results.json"
    before = json.loads(output.read_text(encoding="utf-8")) if output.is_file() else {}
    figures = {name: before["figures"][name] for name in GOALS if name in before.get("figures", {})}  # kept unless measured
    results = {"figures": figures, "details": before.get("details", {}), "errors": []}
    steps = {"ci": measure_ci, "warm": measure_warm, "reload": measure_reload, "lighthouse": measure_built_site}
    for step in [s for s in steps if s not in args.skip and (args.ci or s != "ci")]:
        load = os.getloadavg()[0]
        try:
            measured = steps[step]()
        except (BenchError, subprocess.TimeoutExpired) as e:
            results["errors"].append(f"{step}: {e}")
            _log(f"FAILED {step}: {e}")
            continue
        results["details"][step] = measured.pop("details", None)
        commit = subprocess.run(["git", "describe", "--always", "--dirty"], capture_output=True, text=True, timeout=60).stdout
        when = f"{dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC, {commit.strip()}, {os.cpu_count()} CPUs, load {load:.1f}"
        for name, value in measured.items():
            goal, unit = GOALS[name]
            met = goal is None or (value >= goal if name.endswith("_min") else value <= goal)
            status = "reported" if goal is None else "met" if met else "MISSED"
            figures[name] = {"value": round(value, 2), "unit": unit, "goal": goal, "status": status, "measured": when}
    output.write_text(json.dumps(results, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    for name, figure in figures.items():
        print(f"{name:24} {figure['value']:>8} {figure['unit']:16} goal {figure['goal']}: {figure['status']}")
    print("\n".join(["FAILED measurements:", *results["errors"]]) if results["errors"] else f"written: {output}")
    return 1 if results["errors"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
