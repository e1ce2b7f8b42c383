"""The benchmark: measures on this machine, prints a table, writes bench/results.json.

    ./dev bench [--runs N] [--ci] [--skip NAME ...]

Each figure stands beside its goal. Pages, snippets and notebooks are discovered, never listed
here. Scratch files go to bench/tmp/ (ignored by git); the project's own files are not touched:
the reload measurement edits a copy of the project.

  verify_overhead   `pytest snippets` (the harness: every snippet run twice, under two seeds,
                    outputs and figures compared) ÷ one bare interpreter running the same
                    snippets back to back once; measured in alternation, median of --runs
  verify_vs_import  the same verify time ÷ a bare `python -c "import torch"`
  build_s_per_page  warm `mkdocs build --strict` ÷ number of pages (docs/*/*.md, both languages)
  reload_s          `mkdocs serve` running: from saving a snippet (its .py and .out, as
                    `./dev outputs` writes them) to the page being served with the new code and
                    output
  heaviest_page_kb  the heaviest page's first visit: HTML and every file it loads, gzipped
  external_requests loads from other hosts, across all pages
  ci_s              `.ci/run` in a clean clone of HEAD (fresh .venv, pinned install, ./dev test);
                    only with --ci, it takes minutes
  mobile_*, desktop_*  Lighthouse 12.2.3 performance of every page of docs/ (both languages),
                    mobile (Lighthouse's default emulation: a mid-range phone, slow 4G, CPU 4x
                    slower) and desktop: the median of --lighthouse-runs runs per page, each page's
                    score, total blocking time and largest contentful paint; the figure is the
                    worst page. The site is served as GitHub Pages serves it (gzip), one Chromium
                    (tests/audit/). LCP's goal is Core Web Vitals' "good" (2.5 s).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import json
import os
import platform
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from docs_pipeline.pages import parse, split_target
from docs_pipeline.runner import all_snippets
from docs_pipeline.site import ROOT, layout
from docs_pipeline.site_loads import PAGE_WEIGHT_LIMIT_KIB, site_weights

SITE = layout()
pages, url_of = SITE.pages, SITE.url_of

BENCH = ROOT / "bench"
TMP = BENCH / "tmp"
RESULTS = BENCH / "results.json"
PY = sys.executable
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONDONTWRITEBYTECODE": "1"}

GOALS = {  # name: (goal, "le" = value must be <= goal, unit)
    "verify_overhead": (1.3, "ratio"),
    "verify_vs_import": (None, "ratio"),
    "build_s_per_page": (0.15, "s"),
    "reload_s": (2.0, "s"),
    "heaviest_page_kb": (PAGE_WEIGHT_LIMIT_KIB, "KiB gzipped"),
    "external_requests": (0, "requests"),
    "ci_s": (240, "s"),
    "mobile_performance_min": (90, "Lighthouse score"),
    "mobile_tbt_ms_max": (200, "ms"),
    "mobile_lcp_ms_max": (2500, "ms"),
    "desktop_performance_min": (100, "Lighthouse score"),
    "desktop_tbt_ms_max": (None, "ms"),
    "desktop_lcp_ms_max": (None, "ms"),
}
AT_LEAST = {"mobile_performance_min", "desktop_performance_min"}  # goals a value must reach, not stay under

# One interpreter, the snippets back to back, as `python snippets/<dir>/<name>.py` from the
# repository root would run each; stdout captured like the harness does, nothing compared.
BARE = """
import contextlib, io, runpy, sys
for path in sys.argv[1:]:
    with contextlib.redirect_stdout(io.StringIO()):
        runpy.run_path(path, run_name="__main__")
"""


class BenchError(Exception):
    """A measurement could not be made; the message says which and why."""


def _timed(cmd: list[str], cwd: Path = ROOT, what: str = "") -> float:
    start = time.perf_counter()
    result = subprocess.run(cmd, cwd=cwd, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise BenchError(f"{what or ' '.join(cmd)} failed (exit {result.returncode}):\n{result.stdout[-3000:]}")
    return elapsed


def _log(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr, flush=True)


# ------------------------------------------------------------------------------------ verify
def measure_verify(runs: int) -> dict:
    snippets = [s.name for s in all_snippets()]
    if not snippets:
        raise BenchError("no snippets under snippets/")
    verify_cmd = [PY, "-m", "pytest", "-q", "-p", "no:cacheprovider", "snippets"]
    bare_cmd = [PY, "-c", BARE, *snippets]
    import_cmd = [PY, "-c", "import torch"]
    _timed(import_cmd, what="python -c 'import torch'")  # warm the file cache once, untimed
    verify, bare, imports = [], [], []
    for i in range(runs):
        _log(f"verify run {i + 1}/{runs} ({len(snippets)} snippets)")
        verify.append(_timed(verify_cmd, what="pytest snippets (the harness)"))
        bare.append(_timed(bare_cmd, what="one bare interpreter running the snippets"))
        imports.append(_timed(import_cmd, what="python -c 'import torch'"))
    ratios = [v / b for v, b in zip(verify, bare, strict=True)]
    return {
        "verify_overhead": statistics.median(ratios),
        "verify_vs_import": statistics.median(verify) / statistics.median(imports),
        "details": {
            "snippets": len(snippets),
            "runs": runs,
            "verify_s": [round(x, 3) for x in verify],
            "bare_s": [round(x, 3) for x in bare],
            "import_torch_s": [round(x, 3) for x in imports],
            "verify_median_s": round(statistics.median(verify), 3),
            "bare_median_s": round(statistics.median(bare), 3),
            "import_torch_median_s": round(statistics.median(imports), 3),
            "verify_command": "python -m pytest -q -p no:cacheprovider snippets",
        },
    }


# ------------------------------------------------------------------------------------- build
def measure_build(runs: int) -> dict:
    site = TMP / "site"
    cmd = [PY, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)]
    _log("build: one cold-ish build (fills caches), then warm builds")
    first = _timed(cmd, what="mkdocs build --strict")
    warm = []
    for _ in range(max(3, runs // 2)):
        warm.append(_timed(cmd, what="mkdocs build --strict"))
    n_pages = len(pages())
    html_pages = [p for p in site.rglob("index.html")]
    return {
        "build_s_per_page": statistics.median(warm) / n_pages,
        "site": site,
        "details": {
            "pages": n_pages,
            "html_pages_built": len(html_pages),
            "first_build_s": round(first, 3),
            "warm_build_s": [round(x, 3) for x in warm],
            "warm_build_median_s": round(statistics.median(warm), 3),
            "per_built_html_page_s": round(statistics.median(warm) / max(1, len(html_pages)), 4),
        },
    }


# ---------------------------------------------------------------------------------- weight
def base_path() -> str:
    """site_url's path, as a build here uses it."""
    from urllib.parse import urlsplit

    return urlsplit(SITE.site_url).path or "/"


def measure_weight(site: Path) -> dict:
    weights = site_weights(site, base_path())
    if not weights:
        raise BenchError(f"no HTML pages in {site}")
    heaviest = max(weights, key=lambda w: w.gzipped_bytes)
    external = [(w.page, url) for w in weights for url in w.external]
    missing = [(w.page, url) for w in weights for url in w.missing]
    if missing:
        raise BenchError("pages load files that are not in the built site:\n" + "\n".join(f"  {p}: {u}" for p, u in missing))
    return {
        "heaviest_page_kb": heaviest.gzipped_bytes / 1024,
        "external_requests": len(external),
        "details": {
            "heaviest_page": heaviest.page,
            "heaviest_page_files_gzipped_bytes": dict(sorted(heaviest.files.items(), key=lambda kv: -kv[1])),
            "pages_weighed": len(weights),
            "median_page_kb": round(statistics.median(w.gzipped_bytes for w in weights) / 1024, 1),
            "external": [f"{p}: {u}" for p, u in external],
        },
    }


# ------------------------------------------------------------------------------ lighthouse
LIGHTHOUSE_METRICS = {"performance": "performance", "tbt_ms": "tbt_ms", "lcp_ms": "lcp_ms"}


def _page_goal(form_factor: str, metric: str) -> str | None:
    name = {
        "performance": f"{form_factor}_performance_min",
        "tbt_ms": f"{form_factor}_tbt_ms_max",
        "lcp_ms": f"{form_factor}_lcp_ms_max",
    }[metric]
    goal = GOALS[name][0]
    return None if goal is None else f"{'>=' if name in AT_LEAST else '<='} {goal}"


def measure_lighthouse(site: Path, runs: int) -> dict:
    """Lighthouse performance, mobile and desktop, `runs` runs of every page of docs/: medians."""
    sys.path.insert(0, str(ROOT))  # tests/ is no installed package
    from tests import helpers
    from tests.audit import site_audit

    problem = site_audit.tools_problem()
    if problem:
        raise BenchError(problem)
    paths = {SITE.name(page): url_of(page) for page in pages()}
    figures, per_page = {}, {}
    with helpers.serve(site, base_path()) as base_url:
        for form_factor in ("mobile", "desktop"):
            _log(f"lighthouse: {form_factor} performance, {len(paths)} pages x {runs} runs")
            try:
                records = site_audit.Lighthouse(
                    [base_url + path for path in paths.values()], form_factor, ("performance",), fast=False, runs=runs
                ).records()
            except (RuntimeError, subprocess.TimeoutExpired) as e:
                raise BenchError(f"lighthouse ({form_factor}): {e}") from e
            by_url: dict[str, list[dict]] = {}
            for record in records:
                by_url.setdefault(record["url"], []).append(record)
            worst = {"performance": None, "tbt_ms": None, "lcp_ms": None}
            for name, path in paths.items():
                runs_here = by_url[base_url + path]
                errors = [r.get("error") or r.get("runtimeError") for r in runs_here if r.get("error") or r.get("runtimeError")]
                values = {
                    "performance": [
                        r["scores"]["performance"] for r in runs_here if (r.get("scores") or {}).get("performance") is not None
                    ],
                    "tbt_ms": [r["metrics"]["tbt_ms"] for r in runs_here if (r.get("metrics") or {}).get("tbt_ms") is not None],
                    "lcp_ms": [r["metrics"]["lcp_ms"] for r in runs_here if (r.get("metrics") or {}).get("lcp_ms") is not None],
                }
                entry = per_page.setdefault(name, {}).setdefault(form_factor, {})
                for metric, got in values.items():
                    median = round(statistics.median(got)) if got else None
                    entry[metric] = {"median": median, "runs": [round(v) for v in got], "goal": _page_goal(form_factor, metric)}
                    if median is not None:
                        better = (lambda a, b: a < b) if metric == "performance" else (lambda a, b: a > b)
                        if worst[metric] is None or better(median, worst[metric][0]):
                            worst[metric] = (median, name)
                if errors:
                    entry["errors"] = [e.splitlines()[0] for e in errors]
            figures[f"{form_factor}_performance_min"] = worst["performance"][0] if worst["performance"] else None
            figures[f"{form_factor}_tbt_ms_max"] = worst["tbt_ms"][0] if worst["tbt_ms"] else None
            figures[f"{form_factor}_lcp_ms_max"] = worst["lcp_ms"][0] if worst["lcp_ms"] else None
            figures.setdefault("worst_pages", {})[form_factor] = {m: (w[1] if w else None) for m, w in worst.items()}
    worst_pages = figures.pop("worst_pages")
    return {
        **figures,
        "details": {"runs_per_page": runs, "served": "gzip, as GitHub Pages", "worst_pages": worst_pages, "pages": per_page},
    }


# ---------------------------------------------------------------------------------- reload
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.read().decode("utf-8", errors="replace")
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


def _page_with_snippet() -> tuple[Path, Path]:
    """A page that shows a whole snippet and its output (discovered, not hard-coded)."""
    for page in pages("zh"):
        for block in parse(page).blocks:
            for target in block.includes:
                path, section = split_target(target)
                if path.suffix == ".py" and section is None and path.with_suffix(".out").is_file():
                    outputs = {split_target(t)[0] for b in parse(page).blocks for t in b.includes}
                    if path.with_suffix(".out") in outputs:
                        return page, path
    raise BenchError("no page includes a whole snippet and its output")


def _copy_project(dest: Path) -> None:
    if dest.exists():
        shutil.rmtree(dest)
    ignore = shutil.ignore_patterns(".git", ".venv", "site", "tmp", "test-artifacts", "__pycache__", "*.egg-info")
    shutil.copytree(ROOT, dest, ignore=ignore, symlinks=True)


def measure_reload(edits: int = 3, adjust=None) -> dict:
    """`adjust(copy)`, when given, changes the copied project first (to measure what-ifs)."""
    page, snippet = _page_with_snippet()
    copy = TMP / "reload-project"
    _log(f"reload: copying the project to {copy.relative_to(ROOT)}, serving it, editing its copy of {snippet.relative_to(ROOT)}")
    _copy_project(copy)
    if adjust:
        adjust(copy)
    py, out = copy / snippet.relative_to(ROOT), copy / snippet.relative_to(ROOT).with_suffix(".out")
    original_py, original_out = py.read_text(encoding="utf-8"), out.read_text(encoding="utf-8")
    port = _free_port()
    url = f"http://127.0.0.1:{port}{base_path()}{url_of(page)}"
    log_file = TMP / "reload-serve.log"
    with open(log_file, "w") as log:
        server = subprocess.Popen(
            [PY, "-m", "mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port}"],
            cwd=copy,
            env=ENV,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    times = []
    try:
        deadline = time.monotonic() + 180
        while _get(url) is None:
            if server.poll() is not None or time.monotonic() > deadline:
                raise BenchError(f"mkdocs serve did not serve {url}; its log:\n{log_file.read_text()[-3000:]}")
            time.sleep(0.2)
        time.sleep(1.0)  # let the watcher settle after the first build
        for i in range(edits):
            marker = f"bench_reload_{os.getpid()}_{i}"
            new_py = original_py.rstrip("\n") + f'\nprint("{marker}")\n'
            new_out = original_out + f"{marker}\n"
            start = time.perf_counter()
            out.write_text(new_out, encoding="utf-8")  # `./dev outputs` writes the .out, the author saves the .py
            py.write_text(new_py, encoding="utf-8")
            elapsed = _wait_for(url, lambda html, m=marker: html.count(m) >= 2, start, server, log_file)
            times.append(elapsed)
            _log(f"reload {i + 1}/{edits}: {elapsed:.2f} s")
            out.write_text(original_out, encoding="utf-8")
            py.write_text(original_py, encoding="utf-8")
            _wait_for(url, lambda html, m=marker: m not in html, time.perf_counter(), server, log_file)
            time.sleep(0.5)
    finally:
        _stop(server)
        shutil.rmtree(copy, ignore_errors=True)
    return {
        "reload_s": statistics.median(times),
        "details": {
            "page": url_of(page) or "/",
            "snippet": snippet.relative_to(ROOT).as_posix(),
            "reload_s": [round(x, 3) for x in times],
        },
    }


def _stop(server: subprocess.Popen) -> None:
    """Stop the server this benchmark started (its own process group), however it is doing."""
    if server.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def _wait_for(url, condition, start, server, log_file, timeout=60.0) -> float:
    while True:
        html = _get(url)
        if html is not None and condition(html):
            return time.perf_counter() - start
        if server.poll() is not None:
            raise BenchError(f"mkdocs serve exited; its log:\n{log_file.read_text()[-3000:]}")
        if time.perf_counter() - start > timeout:
            raise BenchError(f"{url} did not show the edit within {timeout:.0f} s; serve log:\n{log_file.read_text()[-3000:]}")
        time.sleep(0.05)


# -------------------------------------------------------------------------------------- ci
def measure_ci() -> dict:
    clone = TMP / "ci-clone"
    if clone.exists():
        shutil.rmtree(clone)
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(clone)], check=True)
    _log(f"ci: .ci/run in a clean clone of {head[:10]} (fresh .venv, pinned install, ./dev test): minutes")
    env = {k: v for k, v in ENV.items() if k not in {"VIRTUAL_ENV", "PYTHONHOME"}}
    start = time.perf_counter()
    result = subprocess.run(
        [str(clone / ".ci" / "run")], cwd=clone, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    elapsed = time.perf_counter() - start
    tail = result.stdout.strip().splitlines()[-1:] if result.stdout.strip() else []
    shutil.rmtree(clone, ignore_errors=True)
    if result.returncode != 0:
        # The time is still what CI takes; the failure is reported beside it and fails the bench.
        _log(f".ci/run failed in a clean clone of {head[:10]} after {elapsed:.0f} s (exit {result.returncode})")
    return {
        "ci_s": elapsed,
        "details": {
            "commit": head,
            "exit": result.returncode,
            "last_line": tail[0] if tail else "",
            **({"output_tail": result.stdout[-2000:]} if result.returncode else {}),
        },
    }


# ------------------------------------------------------------------------------------ report
def _status(name: str, value) -> str:
    goal, _ = GOALS[name]
    if value is None:
        return "not measured"
    if goal is None:
        return "reported"
    return "met" if (value >= goal if name in AT_LEAST else value <= goal) else "MISSED"


def _fmt(value) -> str:
    if value is None:
        return "—"
    if isinstance(value, int):
        return str(value)
    return f"{value:.3f}" if value < 10 else f"{value:.1f}"


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="./dev bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="alternating verify/bare runs (median), default 5")
    parser.add_argument("--ci", action="store_true", help="also time .ci/run in a clean clone (minutes)")
    parser.add_argument(
        "--skip", nargs="*", default=[], choices=["verify", "build", "reload", "lighthouse"], help="leave these out"
    )
    parser.add_argument(
        "--lighthouse-runs", type=int, default=3, help="Lighthouse runs per page and form factor (median), default 3"
    )
    parser.add_argument(
        "--site", type=Path, help="weigh and audit this built site instead of the one the build measurement writes"
    )
    parser.add_argument("--output", type=Path, default=RESULTS, help="where to write the JSON (default bench/results.json)")
    return parser.parse_args(argv)


class Run:
    """The figures, their details, notes and failed measurements of one benchmark run."""

    def __init__(self) -> None:
        self.figures: dict[str, float | int | None] = dict.fromkeys(GOALS)
        self.details: dict[str, dict] = {}
        self.notes: dict[str, str] = {}
        self.errors: list[str] = []

    def attempt(self, group: str, fn, *args) -> dict | None:
        try:
            result = fn(*args)
        except BenchError as e:
            self.errors.append(f"{group}: {e}")
            _log(f"FAILED {group}: {e}")
            return None
        self.details[group] = result.pop("details")
        for key, value in result.items():
            if key in self.figures:
                self.figures[key] = value
        return result


def _measure(args: argparse.Namespace) -> Run:
    run = Run()
    if "verify" not in args.skip:
        run.attempt("verify", measure_verify, args.runs)
    else:
        run.notes["verify_overhead"] = run.notes["verify_vs_import"] = "skipped (--skip verify)"
    build = run.attempt("build", measure_build, args.runs) if "build" not in args.skip else None
    site = args.site.resolve() if args.site else (build["site"] if build else None)
    if "build" in args.skip:
        run.notes["build_s_per_page"] = "skipped (--skip build)"
    if site is not None:
        run.attempt("weight", measure_weight, site)
    if site is not None and "lighthouse" not in args.skip:
        run.attempt("lighthouse", measure_lighthouse, site, args.lighthouse_runs)
    else:
        for name in GOALS:
            if name.startswith(("mobile_", "desktop_")):
                run.notes[name] = "skipped (--skip lighthouse)" if "lighthouse" in args.skip else "no built site to audit"
    if "reload" not in args.skip:
        run.attempt("reload", measure_reload)
    else:
        run.notes["reload_s"] = "skipped (--skip reload)"
    if args.ci:
        run.attempt("ci", measure_ci)
        if run.details.get("ci", {}).get("exit"):
            last_line = run.details["ci"]["last_line"]
            run.notes["ci_s"] = f".ci/run FAILED (exit {run.details['ci']['exit']}): {last_line}"
            run.errors.append(f"ci: .ci/run failed in a clean clone: {last_line}")
    else:
        run.notes["ci_s"] = "not measured in this run: `./dev bench --ci` times .ci/run from a clean clone (minutes)"
    return run


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout.strip()


def _figure(run: Run, name: str, value, before: dict) -> dict:
    goal, unit = GOALS[name]
    status = _status(name, value)
    figure = {
        "value": None if value is None else (round(value, 4) if isinstance(value, float) else value),
        "unit": unit,
        "goal": None if goal is None else f"{'>=' if name in AT_LEAST else '<='} {goal}",
        "status": status,
    }
    if name in run.notes:
        figure["note"] = run.notes[name]
    if status == "MISSED" and "in_the_way" in before.get(name, {}):
        figure["in_the_way"] = before[name]["in_the_way"]  # what was measured standing in the way: edit it there
    return figure


def _results(run: Run, load_before: float, before: dict) -> dict:
    """The figures, each missed goal keeping the `in_the_way` that `before` (the last results) gave it."""
    dirty = bool(_git("status", "--porcelain", "--untracked-files=no"))
    return {
        "measured_at": dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat(),
        "commit": _git("rev-parse", "--short", "HEAD") + ("+uncommitted changes" if dirty else ""),
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "platform": platform.platform(),
            # Other work on the machine skews absolute times (ratios less): 1-minute load averages.
            "load_average_before": round(load_before, 2),
            "load_average_after": round(os.getloadavg()[0], 2),
        },
        "figures": {name: _figure(run, name, value, before) for name, value in run.figures.items()},
        "details": run.details,
        "errors": run.errors,
    }


def _print_table(run: Run, results: dict) -> None:
    rows = [("figure", "value", "unit", "goal", "status")]
    for name, fig in results["figures"].items():
        rows.append((name, _fmt(run.figures[name]), fig["unit"], fig["goal"] or "—", fig["status"]))
    widths = [max(len(str(r[i])) for r in rows) for i in range(5)]
    machine = results["machine"]
    print(
        f"benchmark on {machine['cpus']} CPUs, Python {machine['python']}, commit {results['commit']}, "
        f"load average {machine['load_average_before']} before / {machine['load_average_after']} after"
    )
    for i, row in enumerate(rows):
        print("  ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)))
        if i == 0:
            print("  ".join("-" * w for w in widths))
    for name, note in run.notes.items():
        print(f"note: {name}: {note}")
    for name, fig in results["figures"].items():
        if "in_the_way" in fig:
            print(f"in the way of {name}: {fig['in_the_way']}")
    with contextlib.suppress(KeyError):
        print(f"heaviest page: {run.details['weight']['heaviest_page']}")


def main(argv: list[str]) -> int:
    args = _arguments(argv)
    TMP.mkdir(parents=True, exist_ok=True)
    load_before = os.getloadavg()[0]
    run = _measure(args)
    before = json.loads(args.output.read_text(encoding="utf-8"))["figures"] if args.output.is_file() else {}
    results = _results(run, load_before, before)
    args.output.write_text(json.dumps(results, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    _print_table(run, results)
    print(f"written: {args.output.relative_to(ROOT) if args.output.is_relative_to(ROOT) else args.output}")
    if run.errors:
        print("\nFAILED measurements:\n" + "\n".join(run.errors), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
