"""html-validate on every built page (README.md, "The site audits"): no message in the project's own
content and templates (the test says which are whose); the theme's own markup is not the project's to fix.
"""

import re
from pathlib import Path

import material

from docs_pipeline.site import ROOT
from tests.audit.lighthouse import HTML_VALIDATE
from tests.helpers import fail_if, read

TAG = re.compile(r"<[a-zA-Z](?:[^<>{]|\{\{.*?\}\}|\{%.*?%\})*>", re.S)  # a start tag, Jinja inside it too
JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)


def _start_tags(template):
    """The start tags a template writes (none if it does not exist), whitespace folded."""
    text = re.sub(r"\{#.*?#\}", "", read(template) if template.is_file() else "", flags=re.S)
    return {" ".join(tag.split()) for tag in TAG.findall(text)}


def own_template_tags():
    """A pattern for each start tag the site's templates (overrides/) write that Material's template
    of the same name (or base.html, whose blocks partials/theme-*.html copy) does not: what the site
    wrote or changed. A copied partial's or block's unchanged tags stay the theme's."""
    theirs = Path(material.__file__).resolve().parent / "templates"
    return [
        re.compile(".*?".join(re.escape(part).replace(r"\ ", r"\s*") for part in JINJA.split(tag)), re.S)
        for ours in (ROOT / "overrides").rglob("*.html")
        for tag in _start_tags(ours)
        - _start_tags(theirs / "base.html")
        - _start_tags(theirs / ours.relative_to(ROOT / "overrides"))
    ]


def test_no_html_errors_from_the_project(built_site, request):
    """html-validate (its recommended rules, htmlvalidate.json) on every page in one run, started by
    conftest.built_site: no message in the page's <article> ("content") or on a tag overrides/ wrote or
    changed ("template"); any other tag is the theme's own markup."""
    ours, messages = own_template_tags(), []
    for report in request.config.stash[HTML_VALIDATE].result():
        page = report["filePath"].removeprefix(f"{built_site}/")  # as html_validate named it, a symlink unresolved
        html = report["source"]  # what the offsets count in
        start = html.find('<article class="md-content__inner')  # Material fills it with the page and its notes
        content = range(start, html.find("</article>", start))  # empty on a page without one (both -1)
        for m in report["messages"]:
            # the start tag html-validate points at (at the tag or one of its attributes)
            tag = " ".join(html[html.rfind("<", 0, m["offset"] + 1) : html.find(">", m["offset"]) + 1].split())
            origin = "content" if m["offset"] in content else "template" if any(p.fullmatch(tag) for p in ours) else None
            if origin:
                selector = f" ({m['selector']})" if m["selector"] else ""
                messages.append(f"[{origin}] {page}:{m['line']}:{m['column']}: {m['ruleId']}: {m['message']}{selector}")
    fail_if(messages[:40], f"html-validate: {len(messages)} errors in the project's pages and templates (40 at most shown here):")
