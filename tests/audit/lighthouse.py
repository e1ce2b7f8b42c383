"""The site audits' Node tools. Lighthouse (lighthouse.mjs beside this file) on the served site, in the browser
tests' Chromium, for the weekly site audits on a page of each kind (test_lighthouse.py); html-validate on every
built page (test_html_validate.py)."""

import json
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from docs_pipeline.site import digest
from tests.browser.chromium import INSTALL_HINT, chromium_executable
from tests.helpers import read
from tests.site_loads import site_pages

AUDIT = Path(__file__).resolve().parent
HTML_VALIDATE = pytest.StashKey()  # its report to come, from conftest.built_site


def tool_report(cmd, out, timeout, ok=(0,), lighthouse=False):
    """The JSON report an audit tool (`cmd`, run by Node) writes to `out`; a tool that is not installed, or
    fails, raises with what to do or what it said."""
    lock = digest((AUDIT / "package-lock.json").read_bytes(), 16)
    # `./dev` writes this stamp into node_modules after `npm ci` of this exact lock file (with Lighthouse: its own)
    if not shutil.which("node") or not (AUDIT / f"node_modules/.installed-{lock}{'-lighthouse' * lighthouse}").is_file():
        raise RuntimeError(
            "the site audits need Node.js on PATH, the version tests/audit/package.json names (Debian: apt-get install"
            " nodejs npm), and html-validate (and Lighthouse) in tests/audit/node_modules as tests/audit/package-lock.json"
            " pins them: `./dev test` installs html-validate there (npm ci), `./dev test --exhaustive` both"
        )
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if result.returncode not in ok or not out.is_file():
        raise RuntimeError(
            f"{' '.join(map(str, cmd))[:200]} failed (exit {result.returncode}):\n{result.stdout[-1500:]}{result.stderr[-1500:]}"
        )
    return json.loads(read(out))


def html_validate(site):
    """html-validate on every page of the built `site`, started in a thread of its own: the future of its report.
    htmlvalidate.json: the recommended rules but two that judge how generated HTML is laid out, not what a
    reader or a browser gets: no-trailing-whitespace (Jinja and Markdown leave it everywhere) and
    doctype-style (Material writes <!doctype html>). Inline styles may set min-width besides display: a
    stepped figure's wide graph keeps a minimum size (docs_pipeline/steps_figure.py)."""
    out = Path(tempfile.mkdtemp()) / "report.json"  # not stdout: Node may exit before a large pipe is drained
    config = ["--config", AUDIT / "htmlvalidate.json", "--formatter", f"json={out}"]
    cmd = [AUDIT / "node_modules/.bin/html-validate", *config, *site_pages(site)]
    return ThreadPoolExecutor(1).submit(tool_report, cmd, out, 600, ok=(0, 1))  # 1: it found errors


def run(urls, *options, timeout):
    """lighthouse.mjs on `urls`, one Node process: its records in URL order (lighthouse.mjs lists their fields)."""
    if not (chrome := chromium_executable()):
        raise RuntimeError(f"no Chromium found. {INSTALL_HINT}")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "lighthouse.json"
        return tool_report(
            ["node", AUDIT / "lighthouse.mjs", "--chrome", chrome, *options, "--out", out, *urls], out, timeout, lighthouse=True
        )
