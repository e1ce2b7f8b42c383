"""The site audits' tooling (README.md, "The site audits"): Lighthouse and html-validate on the built
site as docs_pipeline/serve.py serves it (and runs Lighthouse in the browser tests' Chromium).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from docs_pipeline import site_loads
from docs_pipeline.serve import Lighthouse
from docs_pipeline.site_loads import describe

AUDIT = Path(__file__).resolve().parent
ROOT = AUDIT.parent.parent
NODE_MODULES = AUDIT / "node_modules"
OVERRIDES = ROOT / "overrides"
ARTIFACTS = ROOT / "test-artifacts" / "audit"
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
    if not (NODE_MODULES / f".installed-{hashlib.sha256((AUDIT / 'package-lock.json').read_bytes()).hexdigest()[:16]}").is_file():
        return (
            "tests/audit/node_modules is missing or older than tests/audit/package-lock.json: "
            "`./dev test` installs Lighthouse and html-validate there (npm ci)"
        )
    return None


def site_pages(site: Path) -> list[str]:
    """Every built page (docs_pipeline/site_loads.py lists them) as the audits name it: relative to the site."""
    return [page.relative_to(site).as_posix() for page in site_loads.site_pages(site)]


def page_url(base_url: str, page: str) -> str:
    """The URL a reader opens for a built page (directories for index.html)."""
    return base_url + page.removesuffix("index.html")


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
        cmd = [NODE_MODULES / ".bin" / "html-validate", "--config", HTML_VALIDATE_CONFIG, "--formatter", f"json={out}", *pages]
        result = subprocess.run(cmd, cwd=site, capture_output=True, text=True, timeout=600)
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
            origin = "content" if offset in content else "template" if tag and any(p.fullmatch(tag) for p in ours) else "theme"
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
