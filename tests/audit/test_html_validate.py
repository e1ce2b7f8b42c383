"""html-validate on every built page (README.md, "The site audits"): no message in the project's own
content and templates (site_audit.html_validate says which are whose); the theme's own markup is
counted, shown after the run and kept in test-artifacts/audit/.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tests.audit.site_audit import ARTIFACTS, REPORT, html_validate, site_pages, tools_problem


@pytest.fixture(scope="session")
def html_messages(built_site):
    problem = tools_problem()
    if problem:
        pytest.fail(problem, pytrace=False)
    messages = html_validate(built_site, site_pages(built_site))
    theme = Counter(m["rule"] for m in messages if m["origin"] == "theme")
    pages = len({m["page"] for m in messages if m["origin"] == "theme"})
    REPORT["html-validate: the theme's own markup"] = [f"{count:5} {rule}" for rule, count in theme.most_common()] + [
        f"{sum(theme.values()):5} in all, on {pages} pages (Material's base template and partials the site does not replace)"
    ]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "html-validate.json").write_text(json.dumps(messages, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return messages


def test_no_html_errors_from_the_project(html_messages):
    ours = [m for m in html_messages if m["origin"] != "theme"]
    rules = Counter(m["rule"] for m in ours)
    assert not ours, (
        f"html-validate: {len(ours)} errors in the project's pages and templates "
        f"({', '.join(f'{r} ×{n}' for r, n in rules.most_common())}):\n  "
        + "\n  ".join(f"[{m['origin']}] {m['text']}" for m in ours[:40])
        + ("\n  …" if len(ours) > 40 else "")
    )
