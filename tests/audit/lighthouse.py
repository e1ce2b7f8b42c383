"""Lighthouse (lighthouse.mjs beside this file) on the served site, in the browser tests' Chromium:
for the weekly site audits, on a page of each kind (test_lighthouse.py), and for `./dev bench`, which
runs `python -m tests.audit.lighthouse SITE RUNS` for the performance of every page of docs/, mobile
and desktop, and reads the records it prints (JSON)."""

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from docs_pipeline.site import ROOT, layout
from tests.browser.chromium import INSTALL_HINT, chromium_executable
from tests.site_loads import describe
from tests.site_server import serve

AUDIT = Path(__file__).resolve().parent
ARTIFACTS = ROOT / "test-artifacts" / "audit"
CATEGORIES = ("accessibility", "best-practices", "seo")  # each held at 100
SITE = layout()


def write_report(name: str, report) -> None:
    """A report kept in test-artifacts/audit/ for a person to read."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / name).write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def tool_report(cmd: list, out: Path, timeout: float, ok=(0,), cwd=None):
    """The JSON report an audit tool (`cmd`, run by Node) writes to `out`; a tool that is not installed, or
    fails, raises with what to do or what it said."""
    if not shutil.which("node"):
        raise RuntimeError(
            "the site audits (tests/audit/) need Node.js on PATH, the version tests/audit/package.json names (Debian: apt-get install nodejs npm)"
        )
    # `./dev` writes this stamp into node_modules after `npm ci` of this exact lock file
    if not (
        AUDIT / "node_modules" / f".installed-{hashlib.sha256((AUDIT / 'package-lock.json').read_bytes()).hexdigest()[:16]}"
    ).is_file():
        raise RuntimeError(
            "tests/audit/node_modules is missing or older than tests/audit/package-lock.json: "
            "`./dev test` installs Lighthouse and html-validate there (npm ci)"
        )
    result = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    if result.returncode not in ok or not out.is_file():
        said = f"{result.stdout[-1500:]}{result.stderr[-1500:]}"
        raise RuntimeError(f"{' '.join(map(str, cmd))[:200]} failed (exit {result.returncode}):\n{said}")
    return json.loads(out.read_text(encoding="utf-8"))


def run(urls: list[str], *options: str, timeout: float) -> list[dict]:
    """lighthouse.mjs on `urls`, one Node process: its records in URL order (lighthouse.mjs lists their fields)."""
    chrome = chromium_executable()
    if chrome is None:
        raise RuntimeError(f"no Chromium found. {INSTALL_HINT}")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "lighthouse.json"
        return tool_report(["node", AUDIT / "lighthouse.mjs", "--chrome", chrome, *options, "--out", out, *urls], out, timeout)


def audit(base_url: str, pages: list[str]) -> dict[str, dict]:
    """Lighthouse (mobile, fast mode: the audits that carry weight) on `pages`: {page: record}. A page
    Lighthouse could not audit (a runtime error, not a low score) is tried once more before its error stands."""
    urls = {page: base_url + page.removesuffix("index.html") for page in pages}
    options = ("--form-factor", "mobile", "--categories", ",".join(CATEGORIES), "--fast")
    records = {r["url"]: r for r in run(list(urls.values()), *options, timeout=600)}
    if broken := [url for url, r in records.items() if r.get("error") or r.get("runtimeError")]:
        records.update({r["url"]: r for r in run(broken, *options, timeout=300)})
    return {page: records[url] for page, url in urls.items()}


def failures(site: Path, records: dict[str, dict], category: str) -> list[str]:
    """One line per page whose `category` score is not 100, naming the page and each failing audit
    with what it found (elements, URLs), or why Lighthouse could not audit it."""
    lines = []
    for page, record in records.items():
        problem = record.get("error") or record.get("runtimeError")
        score = (record.get("scores") or {}).get(category)
        if problem or score != 100:
            found = [audit for audit in record.get("failing", []) if audit["category"] == category]
            lines.append(f"{describe(site, page)}: {category} {score}: {problem or json.dumps(found, ensure_ascii=False)}")
    return lines


if __name__ == "__main__":
    site, runs = Path(sys.argv[1]), sys.argv[2]
    with serve(site) as base_url:
        names = {base_url + SITE.url_of(page): SITE.name(page) for page in SITE.pages()}
        options = ("--categories", "performance", "--runs", runs)
        records = [
            r for factor in ("mobile", "desktop") for r in run(list(names), "--form-factor", factor, *options, timeout=7200)
        ]
    print(json.dumps([{**record, "page": names[record["url"]]} for record in records]))
