"""The benchmark (./dev bench): measures on this machine, prints a table, writes bench/results.json.

The figures, their goals, and what a run keeps from the last results: README.md, "Publishing and the
benchmark". Pages and snippets are discovered. Scratch files go to bench/tmp/ (ignored by git): the
reload measurement edits a copy of the project.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from types import SimpleNamespace

from docs_pipeline.pages import parse, split_target
from docs_pipeline.runner import all_snippets
from docs_pipeline.site import ROOT, layout

SITE = layout()
HOST = "127.0.0.1"
TMP = ROOT / "bench" / "tmp"
PY = sys.executable
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONDONTWRITEBYTECODE": "1"}

# name: (the measurement it comes from, goal or None, unit); `_min` figures must reach their goal, the others stay under it
GOALS = {
    "verify_overhead": ("verify", 1.3, "ratio"),
    "verify_vs_import": ("verify", None, "ratio"),
    "build_s_per_page": ("build", 0.15, "s"),
    "reload_s": ("reload", 2.0, "s"),
    "heaviest_page_kb": ("weight", 200, "KiB gzipped"),  # tests/site_loads.py's PAGE_WEIGHT_LIMIT_KIB
    "external_requests": ("weight", 0, "requests"),
    "ci_s": ("ci", 240, "s"),
    "mobile_performance_min": ("lighthouse", 90, "Lighthouse score"),
    "mobile_tbt_ms_max": ("lighthouse", 200, "ms"),
    "mobile_lcp_ms_max": ("lighthouse", 2500, "ms"),
    "desktop_performance_min": ("lighthouse", 100, "Lighthouse score"),
    "desktop_tbt_ms_max": ("lighthouse", None, "ms"),
    "desktop_lcp_ms_max": ("lighthouse", None, "ms"),
}

# One interpreter, the snippets back to back as `python snippets/<dir>/<name>.py` runs each.
BARE = """
import contextlib, io, runpy, sys
for path in sys.argv[1:]:
    with contextlib.redirect_stdout(io.StringIO()):
        runpy.run_path(path, run_name="__main__")
"""


class BenchError(Exception):
    """A measurement could not be made; the message says which and why."""


def _log(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr, flush=True)


def _timed(cmd: list[str]) -> float:
    start = time.perf_counter()
    result = subprocess.run(cmd, cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        raise BenchError(f"{' '.join(cmd)[:200]} failed (exit {result.returncode}):\n{result.stdout[-3000:]}")
    return time.perf_counter() - start


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout.strip()


def measure_verify(runs: int) -> dict:
    snippets = [s.name for s in all_snippets()]
    commands = {
        "verify": [PY, "-m", "pytest", "-q", "-p", "no:cacheprovider", "snippets"],
        "bare": [PY, "-c", BARE, *snippets],
        "import_torch": [PY, "-c", "import torch"],
    }
    _timed(commands["import_torch"])  # warms the file cache, untimed
    times: dict[str, list[float]] = {name: [] for name in commands}
    for i in range(runs):
        _log(f"verify run {i + 1}/{runs} ({len(snippets)} snippets)")
        for name, cmd in commands.items():
            times[name].append(_timed(cmd))
    ratios = [v / b for v, b in zip(times["verify"], times["bare"], strict=True)]  # each verify beside its own bare run
    return {
        "verify_overhead": statistics.median(ratios),
        "verify_vs_import": statistics.median(times["verify"]) / statistics.median(times["import_torch"]),
        "details": {"snippets": len(snippets), **{f"{name}_s": [round(v, 3) for v in t] for name, t in times.items()}},
    }


def measure_build(runs: int) -> dict:
    cmd = [PY, "-m", "mkdocs", "build", "--strict", "--site-dir", str(TMP / "site")]
    _log("build: one build to fill the caches, then warm builds")
    first = _timed(cmd)
    warm = [_timed(cmd) for _ in range(max(3, runs // 2))]
    return {
        "build_s_per_page": statistics.median(warm) / len(SITE.pages()),
        "details": {"pages": len(SITE.pages()), "first_build_s": round(first, 3), "warm_build_s": [round(v, 3) for v in warm]},
    }


def measure_weight(site: Path) -> dict:
    weights = [
        SimpleNamespace(**w, gzipped_bytes=sum(w["files"].values())) for w in _test_tier("tests.site_loads", site, SITE.base_path)
    ]
    missing = [f"{w.page}: {url}" for w in weights for url in w.missing]
    if not weights or missing:
        raise BenchError(f"no pages in {site}" if not weights else "pages load files not in the site:\n" + "\n".join(missing))
    heaviest = max(weights, key=lambda w: w.gzipped_bytes)
    external = [f"{w.page}: {url}" for w in weights for url in w.external]
    return {
        "heaviest_page_kb": heaviest.gzipped_bytes / 1024,
        "external_requests": len(external),
        "details": {
            "heaviest_page": heaviest.page,
            "heaviest_page_files_gzipped_bytes": dict(sorted(heaviest.files.items(), key=lambda kv: -kv[1])),
            "median_page_kb": round(statistics.median([w.gzipped_bytes for w in weights]) / 1024, 1),
            "external": external,
        },
    }


def _test_tier(module: str, *args) -> list[dict]:
    """What a tool of the test tier (tests/, which the bench does not import) measures: the JSON it prints."""
    _log(f"python -m {module}")
    result = subprocess.run([PY, "-m", module, *map(str, args)], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=7200)
    if result.returncode != 0:
        raise BenchError(f"python -m {module} failed (exit {result.returncode}):\n{result.stderr[-3000:]}")
    return json.loads(result.stdout)


def measure_lighthouse(site: Path, runs: int) -> dict:
    """Lighthouse's performance, mobile and desktop, `runs` runs of every page of docs/ (the site audits'
    runner): the worst page's median of each metric."""
    figures, worst_pages, per_page = {}, {}, {}
    for record in _test_tier("tests.audit.lighthouse", site, runs):
        entry = per_page.setdefault(record["page"], {}).setdefault(record["formFactor"], {})
        if error := record.get("error") or record.get("runtimeError"):
            entry.setdefault("errors", []).append(error.splitlines()[0])
            continue
        for metric in ("performance", "tbt_ms", "lcp_ms"):
            value = record["scores"]["performance"] if metric == "performance" else record["metrics"].get(metric)
            if value is not None:
                entry.setdefault(metric, []).append(round(value))
    for form_factor in ("mobile", "desktop"):
        for metric in ("performance", "tbt_ms", "lcp_ms"):
            worst = min if metric == "performance" else max
            figure = f"{form_factor}_{metric}_{worst.__name__}"
            pages = {name: entry.get(form_factor, {}) for name, entry in per_page.items()}
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


def measure_reload(edits: int = 3) -> dict:
    """From saving a snippet (its .py and its .out, as `./dev outputs` writes them) to `mkdocs serve`
    serving its page with the new code and output."""
    page, snippet = _page_with_snippet()
    copy = TMP / "reload-project"
    shutil.rmtree(copy, ignore_errors=True)
    ignored = shutil.ignore_patterns(".git", ".venv", "site", "tmp", "test-artifacts", "__pycache__", "*.egg-info")
    shutil.copytree(ROOT, copy, ignore=ignored, symlinks=True)
    py = copy / snippet.relative_to(ROOT)
    out = py.with_suffix(".out")
    code, output = py.read_text(encoding="utf-8"), out.read_text(encoding="utf-8")
    with socket.socket() as free:
        free.bind((HOST, 0))
        port = free.getsockname()[1]
    url = f"http://{HOST}:{port}{SITE.base_path}{SITE.url_of(page)}"
    log = TMP / "reload-serve.log"
    _log(f"reload: serving a copy of the project, editing its {snippet.relative_to(ROOT)}")
    with open(log, "w") as log_file:
        cmd = [PY, "-m", "mkdocs", "serve", "--dev-addr", f"{HOST}:{port}"]
        server = subprocess.Popen(cmd, cwd=copy, env=ENV, stdout=log_file, stderr=subprocess.STDOUT)

    def wait_for(shown, start: float, timeout: float) -> float:
        """Seconds from `start` until the page is served and shown(its HTML) holds."""
        while True:
            try:
                with urllib.request.urlopen(url, timeout=30) as response:
                    if shown(response.read().decode("utf-8", errors="replace")):
                        return time.perf_counter() - start
            except OSError:
                pass
            if server.poll() is not None or time.perf_counter() - start > timeout:
                raise BenchError(f"{url} never showed what was expected; mkdocs serve's log:\n{log.read_text()[-3000:]}")
            time.sleep(0.05)

    times = []
    try:
        wait_for(lambda html: True, time.perf_counter(), 180)
        time.sleep(1.0)  # the watcher settles after the first build
        for i in range(edits):
            marker = f"bench_reload_{i}"
            start = time.perf_counter()
            out.write_text(output + f"{marker}\n", encoding="utf-8")  # `./dev outputs` writes the .out,
            py.write_text(code.rstrip("\n") + f'\nprint("{marker}")\n', encoding="utf-8")  # the author the .py
            times.append(wait_for(lambda html, m=marker: html.count(m) >= 2, start, 60))
            _log(f"reload {i + 1}/{edits}: {times[-1]:.2f} s")
            py.write_text(code, encoding="utf-8")
            out.write_text(output, encoding="utf-8")
            wait_for(lambda html, m=marker: m not in html, time.perf_counter(), 60)
            time.sleep(0.5)
    finally:
        server.terminate()
        server.wait(timeout=20)
        shutil.rmtree(copy, ignore_errors=True)
    details = {
        "page": SITE.url_of(page) or "/",
        "snippet": snippet.relative_to(ROOT).as_posix(),
        "reload_s": [round(v, 3) for v in times],
    }
    return {"reload_s": statistics.median(times), "details": details}


def measure_ci() -> dict:
    clone = TMP / "ci-clone"
    shutil.rmtree(clone, ignore_errors=True)
    head = _git("rev-parse", "HEAD")
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(clone)], check=True)
    _log(f"ci: .ci/run in a clean clone of {head[:10]}: minutes")
    env = {k: v for k, v in ENV.items() if k not in {"VIRTUAL_ENV", "PYTHONHOME"}}
    start = time.perf_counter()
    result = subprocess.run(
        [clone / ".ci" / "run"], cwd=clone, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    elapsed = time.perf_counter() - start
    shutil.rmtree(clone, ignore_errors=True)
    last = (result.stdout.strip().splitlines() or [""])[-1]
    if result.returncode:  # the time is still what CI takes; the failure fails the bench
        raise BenchError(f".ci/run failed after {elapsed:.0f} s (exit {result.returncode}): {last}\n{result.stdout[-2000:]}")
    return {"ci_s": elapsed, "details": {"commit": head, "last_line": last}}


def _figure(name: str, value, note: str | None, before: dict, measured: str) -> dict:
    """A figure beside its goal. One not measured in this run keeps its last measured value, saying
    when; a missed goal keeps the `in_the_way` the last results gave it."""
    _, goal, unit = GOALS[name]
    at_least = name.endswith("_min")
    last = before.get("figures", {}).get(name, {})
    if value is None and last.get("value") is not None:
        measured = last.get("measured", before.get("measured_at"))
        return {**last, "measured": measured, "note": f"{note}: the value measured {measured}"}
    met = value is not None and goal is not None and (value >= goal if at_least else value <= goal)
    status = "not measured" if value is None else "reported" if goal is None else "met" if met else "MISSED"
    figure = {
        "value": round(value, 4) if isinstance(value, float) else value,
        "unit": unit,
        "goal": None if goal is None else f"{'>=' if at_least else '<='} {goal}",
        "status": status,
        **({"measured": measured} if value is not None else {}),
        **({"note": note} if note else {}),
    }
    if status == "MISSED" and "in_the_way" in last:
        figure["in_the_way"] = last["in_the_way"]
    return figure


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="./dev bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="alternating verify/bare runs (median), default 5")
    parser.add_argument("--ci", action="store_true", help="also time .ci/run in a clean clone (minutes)")
    parser.add_argument("--skip", nargs="*", default=[], choices=["verify", "build", "reload", "lighthouse"])
    parser.add_argument("--lighthouse-runs", type=int, default=3, help="Lighthouse runs per page and form factor, default 3")
    parser.add_argument("--site", type=Path, help="weigh and audit this built site instead of the one the build writes")
    parser.add_argument("--output", type=Path, default=ROOT / "bench" / "results.json")
    args = parser.parse_args(argv)
    TMP.mkdir(parents=True, exist_ok=True)
    load_before = os.getloadavg()[0]
    before = json.loads(args.output.read_text(encoding="utf-8")) if args.output.is_file() else {}
    site = args.site.resolve() if args.site else TMP / "site"
    steps = {
        "verify": lambda: measure_verify(args.runs),
        "build": lambda: measure_build(args.runs),
        "weight": lambda: measure_weight(site),
        "lighthouse": lambda: measure_lighthouse(site, args.lighthouse_runs),
        "reload": measure_reload,
        "ci": measure_ci,
    }
    notes = {step: f"skipped (--skip {step})" for step in args.skip}
    if not args.ci:
        notes["ci"] = "not measured: `./dev bench --ci` times .ci/run (minutes)"
    values: dict = {}
    details: dict = dict(before.get("details", {}))  # a measurement not made keeps its last details
    errors: list[str] = []
    for step, measure in steps.items():
        if step in notes:
            continue
        try:
            result = measure()
        except BenchError as e:
            errors.append(f"{step}: {e}")
            _log(f"FAILED {step}: {e}")
            continue
        details[step] = result.pop("details")
        values.update(result)
    dirty = bool(_git("status", "--porcelain", "--untracked-files=no"))
    commit = _git("rev-parse", "--short", "HEAD") + ("+uncommitted changes" if dirty else "")
    now = dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()
    figures = {name: _figure(name, values.get(name), notes.get(GOALS[name][0]), before, f"{now}, {commit}") for name in GOALS}
    machine = {  # other work on the machine skews absolute times (ratios less)
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "load_average_before": round(load_before, 2),
        "load_average_after": round(os.getloadavg()[0], 2),
    }
    results = {"measured_at": now, "commit": commit, "machine": machine, "figures": figures, "details": details, "errors": errors}
    args.output.write_text(json.dumps(results, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    width = max(map(len, GOALS))
    print(f"benchmark on {os.cpu_count()} CPUs, commit {commit}, load average {machine['load_average_before']}")
    for name, figure in figures.items():
        value = "—" if figure["value"] is None else figure["value"]
        print(f"{name:{width}}  {value!s:>10} {figure['unit']:16} {figure['goal'] or '—':>8}  {figure['status']}")
        if "in_the_way" in figure:
            print(f"{'':{width}}  in the way: {figure['in_the_way']}")
    print(f"written: {args.output}")
    if errors:
        print("\nFAILED measurements:\n" + "\n".join(errors), file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
