"""Lighthouse, weekly (--exhaustive), on one built page of each kind in each language (tests/site_loads.kinds):
accessibility, best practices and SEO score the same on every run, so each must be 100. Performance, which
depends on the machine, is not measured: a first visit's weight is held on every page
(tests/test_publishing.py). Per push, what Lighthouse finds page by page is checked elsewhere: its
accessibility audits are axe-core's (tests/browser/test_browser_pages.py), its content-level SEO audits
tests/test_publishing.py's, description, canonical link and <html lang> tests/test_page_meta.py's and
tests/test_build.py's.
"""

import json

import pytest

from tests.audit.lighthouse import run
from tests.helpers import fail_if
from tests.site_loads import describe, kinds

pytestmark = pytest.mark.exhaustive
CATEGORIES = ("accessibility", "best-practices", "seo")  # each held at 100


@pytest.fixture(scope="module")
def lighthouse_mobile(built_pages, served_site):
    """{page: Lighthouse record} for a page of each kind, mobile. A page
    Lighthouse could not audit (a runtime error, not a low score) is tried once more before its error stands."""
    pages = {served_site + page.removesuffix("index.html"): page for page in kinds(built_pages)}
    options = ("--categories", ",".join(CATEGORIES))
    records = {r["url"]: r for r in run(list(pages), *options, timeout=600)}
    if broken := [url for url, r in records.items() if r.get("error")]:
        records |= {r["url"]: r for r in run(broken, *options, timeout=300)}
    records = {page: records[url] for url, page in pages.items()}
    return records


@pytest.mark.parametrize("category", CATEGORIES)
def test_lighthouse_scores_100(category, lighthouse_mobile):
    """One line per page whose score is not 100, naming the page and each failing audit with what it found
    (elements, URLs), or why Lighthouse could not audit it."""
    found = []
    for page, record in lighthouse_mobile.items():
        problem, score = record.get("error"), (record.get("scores") or {}).get(category)
        if problem or score != 100:
            failing = [audit for audit in record.get("failing", []) if audit["category"] == category]
            found.append(f"{describe(page)}: {category} {score}: {problem or json.dumps(failing, ensure_ascii=False)}")
    fail_if(found, f"Lighthouse {category} (mobile) below 100:")
