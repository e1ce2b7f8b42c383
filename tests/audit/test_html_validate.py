"""html-validate on every built page (README.md, "The site audits"): no message in the project's own
content and templates (`html_validate` says which are whose); the theme's own markup is counted,
shown after the run and kept in test-artifacts/audit/.
"""

import re
from collections import Counter
from pathlib import Path

import pytest

from tests.audit.lighthouse import AUDIT, tool_report, write_report
from tests.site_loads import site_pages

OVERRIDES = AUDIT.parent.parent / "overrides"
_JINJA_COMMENT = re.compile(r"\{#.*?#\}", re.S)
_TAG = re.compile(r"<[a-zA-Z](?:[^<>{]|\{\{.*?\}\}|\{%.*?%\})*>", re.S)
_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)


def _start_tags(template: Path) -> set[str]:
    """The start tags a template writes (none if it does not exist), whitespace folded."""
    text = template.read_text(encoding="utf-8") if template.is_file() else ""
    return {" ".join(tag.split()) for tag in _TAG.findall(_JINJA_COMMENT.sub("", text))}


def own_template_tags() -> list[re.Pattern]:
    """A pattern for each start tag the site's templates (overrides/) write that Material's template
    of the same name (or base.html, whose blocks partials/theme-*.html copy) does not: what the site
    wrote or changed. A copied partial's or block's unchanged tags stay the theme's."""
    import material

    theirs_root = Path(material.__file__).resolve().parent / "templates"
    patterns = []
    for ours in sorted(OVERRIDES.rglob("*.html")):
        unchanged = _start_tags(theirs_root / "base.html") | _start_tags(theirs_root / ours.relative_to(OVERRIDES))
        for tag in sorted(_start_tags(ours) - unchanged):
            regex = ".*?".join(r"\s*".join(re.escape(word) for word in part.split(" ")) for part in _JINJA.split(tag))
            patterns.append(re.compile(regex, re.S))
    return patterns


class _ThemeReport:
    """A plugin that prints the theme's own count after the run, passing or not."""

    def __init__(self, lines: list[str]):
        self.lines = lines

    def pytest_terminal_summary(self, terminalreporter):
        terminalreporter.section("html-validate: the theme's own markup")
        for line in self.lines:
            terminalreporter.write_line(line)


@pytest.fixture(scope="module")
def html_messages(built_site, request, tmp_path_factory):
    """html-validate (its recommended rules, htmlvalidate.json) on every page in one run: per message
    its page, rule, origin ("content" in the page's <article>, "template" on a tag overrides/ wrote or
    changed, else "theme") and text."""
    out = tmp_path_factory.mktemp("html-validate") / "report.json"  # not stdout: Node may exit before a large pipe is drained
    # htmlvalidate.json: the recommended rules but two that judge how generated HTML is laid out, not
    # what a reader or a browser gets: no-trailing-whitespace (Jinja and Markdown leave it everywhere)
    # and doctype-style (Material writes <!doctype html>). Inline styles may set min-width besides
    # display: a stepped figure's wide graph keeps a minimum size (docs_pipeline/steps_figure.py).
    config = AUDIT / "htmlvalidate.json"
    pages = [p.relative_to(built_site).as_posix() for p in site_pages(built_site)]

    cmd = [AUDIT / "node_modules" / ".bin" / "html-validate", "--config", config, "--formatter", f"json={out}", *pages]
    ours, messages = own_template_tags(), []
    for report in tool_report(cmd, out, 600, ok=(0, 1), cwd=built_site):  # 1: it found errors
        page = Path(report["filePath"]).resolve().relative_to(built_site.resolve()).as_posix()
        html = report["source"]  # what the offsets count in
        start = html.find('<article class="md-content__inner')  # Material fills it with the page and its notes
        content = range(start, html.find("</article>", start))  # empty on a page without one (both -1)
        for m in report["messages"]:
            offset = m["offset"]
            # the start tag html-validate points at (at the tag or one of its attributes)
            tag = " ".join(html[html.rfind("<", 0, offset + 1) : html.find(">", offset) + 1].split())
            origin = "content" if offset in content else "template" if any(p.fullmatch(tag) for p in ours) else "theme"
            selector = f" ({m['selector']})" if m["selector"] else ""
            text = f"{page}:{m['line']}:{m['column']}: {m['ruleId']}: {m['message']}{selector}"
            messages.append({"page": page, "rule": m["ruleId"], "origin": origin, "text": text})
    theme = Counter(m["rule"] for m in messages if m["origin"] == "theme")
    on = len({m["page"] for m in messages if m["origin"] == "theme"})
    lines = [f"{count:5} {rule}" for rule, count in theme.most_common()]
    lines.append(
        f"{sum(theme.values()):5} in all, on {on} pages (Material's base template and partials the site does not replace)"
    )
    request.config.pluginmanager.register(_ThemeReport(lines))
    write_report("html-validate.json", messages)
    return messages


def test_no_html_errors_from_the_project(html_messages):
    ours = [m for m in html_messages if m["origin"] != "theme"]
    assert not ours, (
        f"html-validate: {len(ours)} errors in the project's pages and templates:\n  "
        + "\n  ".join(f"[{m['origin']}] {m['text']}" for m in ours[:40])
        + ("\n  …" if len(ours) > 40 else "")
    )
