"""html-validate on every built page (README.md, "The site audits"): no message in the project's own
content and templates (`html_messages` says which are whose); the theme's own markup is counted and
shown after the run.
"""

import re
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import material
import pytest

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


@pytest.fixture(scope="module")
def html_messages(built_site, request):
    """html-validate (its recommended rules, htmlvalidate.json) on every page in one run, started by
    conftest.built_site: per message its page, rule, origin ("content" in the page's <article>, "template"
    on a tag overrides/ wrote or changed, else "theme") and text."""
    ours, messages = own_template_tags(), []
    for report in request.config.stash[HTML_VALIDATE].result():
        page = report["filePath"].removeprefix(f"{built_site}/")  # as html_validate named it, a symlink unresolved
        html = report["source"]  # what the offsets count in
        start = html.find('<article class="md-content__inner')  # Material fills it with the page and its notes
        content = range(start, html.find("</article>", start))  # empty on a page without one (both -1)
        for m in report["messages"]:
            # the start tag html-validate points at (at the tag or one of its attributes)
            tag = " ".join(html[html.rfind("<", 0, m["offset"] + 1) : html.find(">", m["offset"]) + 1].split())
            origin = "content" if m["offset"] in content else "template" if any(p.fullmatch(tag) for p in ours) else "theme"
            selector = f" ({m['selector']})" if m["selector"] else ""
            text = f"{page}:{m['line']}:{m['column']}: {m['ruleId']}: {m['message']}{selector}"
            messages.append({"page": page, "rule": m["ruleId"], "origin": origin, "text": text})
    theme = [m for m in messages if m["origin"] == "theme"]

    def pytest_terminal_summary(terminalreporter):  # shown after the run, passing or not
        terminalreporter.section("html-validate: the theme's own markup")
        for rule, count in Counter(m["rule"] for m in theme).most_common():
            terminalreporter.write_line(f"{count:5} {rule}")
        terminalreporter.write_line(
            f"{len(theme):5} in all, on {len({m['page'] for m in theme})} pages (Material's base template and partials the site does not replace)"
        )

    request.config.pluginmanager.register(SimpleNamespace(pytest_terminal_summary=pytest_terminal_summary))
    return messages


def test_no_html_errors_from_the_project(html_messages):
    ours = [f"[{m['origin']}] {m['text']}" for m in html_messages if m["origin"] != "theme"]
    fail_if(ours[:40], f"html-validate: {len(ours)} errors in the project's pages and templates (40 at most shown here):")
