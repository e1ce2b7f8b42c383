"""The site audits' tooling (README.md, "The site audits"): Lighthouse (tests/audit/lighthouse.mjs,
every page in one Node process and one Chromium) and html-validate, on the built site as
docs_pipeline/serve.py serves it, with the same Chromium as the browser tests.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

AUDIT = Path(__file__).resolve().parent
ROOT = AUDIT.parent.parent
NODE_MODULES = AUDIT / "node_modules"
LOCK = AUDIT / "package-lock.json"
OVERRIDES = ROOT / "overrides"
ARTIFACTS = ROOT / "test-artifacts" / "audit"
CATEGORIES = ("accessibility", "best-practices", "seo")
# html-validate's recommended rules, but two that judge how generated HTML is laid out, not what
# a reader or a browser gets: no-trailing-whitespace (Jinja and Markdown leave it everywhere) and
# doctype-style (<!doctype html> in lower case, as Material writes it). Inline styles may set
# min-width besides display: a stepped figure's wide graph keeps a minimum size that depends on
# the graph (docs_pipeline/steps_figure.py); everything else is styled from the stylesheets.
HTML_VALIDATE_CONFIG = AUDIT / "htmlvalidate.json"
REPORT: dict[str, list[str]] = {}  # title -> lines, printed after the test run (conftest.py)


def tools_problem() -> str | None:
    """Why the audits cannot run here (what to do about it), or None."""
    if not shutil.which("node"):
        return "the site audits (tests/audit/) need Node.js on PATH, the version tests/audit/package.json names (Debian: apt-get install nodejs npm)"
    # `./dev` writes this stamp into node_modules after `npm ci` of this exact lock file
    if not (NODE_MODULES / f".installed-{hashlib.sha256(LOCK.read_bytes()).hexdigest()[:16]}").is_file():
        return (
            "tests/audit/node_modules is missing or older than tests/audit/package-lock.json: "
            "`./dev test` installs Lighthouse and html-validate there (npm ci)"
        )
    return None


def site_pages(site: Path) -> list[str]:
    """Every HTML page of a built site, as paths relative to it: index.html, en/how-it-works/index.html,
    the notebook pages, 404.html and en/404.html."""
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html") if "assets" not in p.relative_to(site).parts)


def page_url(base_url: str, page: str) -> str:
    """The URL a reader opens for a built page (directories for index.html)."""
    return base_url + page.removesuffix("index.html")


def describe(site: Path, page: str) -> str:
    """A built page as the failures name it: its path in the site and where it comes from."""
    from docs_pipeline.site import layout

    source = layout().source_of(site / page, site)
    if (ROOT / source).is_file():
        return f"{page} ({source})"
    if "/notebooks/" in f"/{page}":
        return f"{page} (a notebook page: docs_pipeline/hooks/notebooks.py)"
    if page.endswith("404.html"):
        return f"{page} (overrides/404.html)"
    return page


class Lighthouse:
    """Lighthouse (mobile, the CATEGORIES in lighthouse.mjs's --fast mode) on every URL in one Node
    process, started now, in the background (the browser tests run meanwhile); `records()` waits for
    it: its records, in URL order (see lighthouse.mjs for their fields). Raises when the runner fails."""

    def __init__(self, urls: list[str]):
        from docs_pipeline.serve import INSTALL_HINT, chromium_executable

        chrome = chromium_executable()
        if chrome is None:
            raise RuntimeError(f"no Chromium found. {INSTALL_HINT}")
        self._tmp = tempfile.TemporaryDirectory()
        self._out = Path(self._tmp.name) / "lighthouse.json"
        options = [
            "--chrome",
            chrome,
            "--form-factor",
            "mobile",
            "--categories",
            ",".join(CATEGORIES),
            "--fast",
            "--out",
            str(self._out),
        ]
        self._log = open(Path(self._tmp.name) / "stderr.txt", "w+", encoding="utf-8")  # noqa: SIM115 - lives with the run
        self._process = subprocess.Popen(
            ["node", str(AUDIT / "lighthouse.mjs"), *options, *urls],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=self._log,
            text=True,
            env={**os.environ, "CHROME_PATH": chrome},
        )

    def records(self) -> list[dict]:
        try:
            code = self._process.wait(timeout=1800)
            self._log.seek(0)
            if code != 0 or not self._out.is_file():
                raise RuntimeError(f"tests/audit/lighthouse.mjs failed (exit {code}):\n{self._log.read()[-3000:]}")
            return json.loads(self._out.read_text(encoding="utf-8"))
        finally:
            self._log.close()
            self._tmp.cleanup()


def audit_pages(base_url: str, pages: list[str], started: Lighthouse | None = None) -> dict[str, dict]:
    """Lighthouse (mobile, fast mode) on every page: {page: record}, from the run `started` on `pages`
    if given. A page Lighthouse could not audit (a runtime error, not a low score) is tried once more
    before its error stands."""
    urls = {page: page_url(base_url, page) for page in pages}
    run = started or Lighthouse(list(urls.values()))
    records = {r["url"]: r for r in run.records()}
    broken = [url for url, r in records.items() if r.get("error") or r.get("runtimeError")]
    if broken:
        records.update({r["url"]: r for r in Lighthouse(broken).records()})
    return {page: records[url] for page, url in urls.items()}


def lighthouse_failures(site: Path, records: dict[str, dict], category: str) -> list[str]:
    """One line per page whose `category` score is not 100, naming the page, each failing audit
    and what it found (elements, URLs)."""
    lines = []
    for page, record in records.items():
        problem = record.get("error") or record.get("runtimeError")
        if problem:
            lines.append(f"{describe(site, page)}: Lighthouse could not audit it: {problem.splitlines()[0]}")
            continue
        score = (record.get("scores") or {}).get(category)
        if score == 100:
            continue
        audits = [f for f in record.get("failing", []) if f["category"] == category]
        found = "; ".join(
            f"{a['id']} ({a['title']}{': ' + a['explanation'] if a.get('explanation') else ''})"
            + (": " + " | ".join(item[:200] for item in a["items"][:3]) if a["items"] else "")
            for a in audits
        )
        lines.append(f"{describe(site, page)}: {category} {score}: {found or 'no failing audit reported'}")
    return lines


def html_validate(site: Path, pages: list[str]) -> list[dict]:
    """html-validate on every page (one run): per message its page, rule, origin ("content" in the
    page's <article>, "template" on a tag overrides/ wrote or changed, else "theme") and text."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "html-validate.json"  # not stdout: Node may exit before a large pipe is drained
        result = subprocess.run(
            [
                str(NODE_MODULES / ".bin" / "html-validate"),
                "--config",
                str(HTML_VALIDATE_CONFIG),
                "--formatter",
                f"json={out}",
                *pages,
            ],
            cwd=site,
            capture_output=True,
            text=True,
            timeout=600,
        )
        if result.returncode not in (0, 1) or not out.is_file():
            raise RuntimeError(
                f"html-validate failed (exit {result.returncode}):\n{result.stdout[-1500:]}{result.stderr[-1500:]}"
            )
        reports = json.loads(out.read_text(encoding="utf-8"))
    ours = own_template_tags()
    messages = []
    for report in reports:
        page = Path(report["filePath"]).resolve().relative_to(site.resolve()).as_posix()
        html = (site / page).read_text(encoding="utf-8")
        start = html.find('<article class="md-content__inner')  # Material fills it with the page and its notes
        content = range(start, html.find("</article>", start)) if start >= 0 else range(0)
        for m in report["messages"]:
            offset = m.get("offset", -1)
            # the start tag html-validate points at (at the tag or one of its attributes)
            tag = " ".join(html[html.rfind("<", 0, offset + 1) : html.find(">", offset) + 1].split()) if offset >= 0 else ""
            if offset in content:
                origin = "content"
            elif tag and any(p.fullmatch(tag) for p in ours):
                origin = "template"
            else:
                origin = "theme"
            selector = f" ({m['selector']})" if m.get("selector") else ""
            text = f"{page}:{m.get('line', 0)}:{m.get('column', 0)}: {m['ruleId']}: {m['message']}{selector}"
            messages.append({"page": page, "rule": m["ruleId"], "origin": origin, "text": text})
    return messages


_JINJA_COMMENT = re.compile(r"\{#.*?#\}", re.S)
_TAG = re.compile(r"<[a-zA-Z](?:[^<>{]|\{\{.*?\}\}|\{%.*?%\})*>", re.S)
_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)


def _start_tags(template: str) -> list[str]:
    return [" ".join(tag.split()) for tag in _TAG.findall(_JINJA_COMMENT.sub("", template))]


def own_template_tags() -> list[re.Pattern]:
    """A pattern for each start tag the site's templates (overrides/) write that Material's template
    of the same name (or base.html, whose blocks partials/theme-*.html copy) does not: what the site
    wrote or changed. A copied partial's or block's unchanged tags stay the theme's."""
    import material

    theirs_root = Path(material.__file__).resolve().parent / "templates"
    base = set(_start_tags((theirs_root / "base.html").read_text(encoding="utf-8")))
    patterns = []
    for ours in sorted(OVERRIDES.rglob("*.html")):
        theirs = theirs_root / ours.relative_to(OVERRIDES)
        unchanged = base | (set(_start_tags(theirs.read_text(encoding="utf-8"))) if theirs.is_file() else set())
        for tag in _start_tags(ours.read_text(encoding="utf-8")):
            if tag not in unchanged:
                regex = ".*?".join(r"\s*".join(re.escape(word) for word in part.split(" ")) for part in _JINJA.split(tag))
                patterns.append(re.compile(regex, re.S))
    return patterns
