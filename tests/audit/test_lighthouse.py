"""Lighthouse, weekly (--exhaustive), on one built page of each kind in each language (tests/site_loads.kinds):
accessibility, best practices and SEO score the same on every run, so each must be 100; performance depends
on the machine and `./dev bench` records it instead. Per push, what Lighthouse finds page by page is checked
elsewhere: its accessibility audits are axe-core's (tests/browser/test_browser_pages.py), its content-level
SEO audits tests/test_publishing.py's, description, canonical link and <html lang> tests/test_page_meta.py's
and tests/test_build.py's.
"""

import pytest

from tests.audit.lighthouse import CATEGORIES, audit, failures, write_report
from tests.site_loads import kinds

pytestmark = pytest.mark.exhaustive


@pytest.fixture(scope="module")
def lighthouse_mobile(built_site, served_site):
    """{page: Lighthouse record} for a page of each kind, mobile."""
    records = audit(served_site, kinds(built_site))
    write_report("lighthouse.json", records)
    return records


@pytest.mark.parametrize("category", CATEGORIES)
def test_lighthouse_scores_100(category, lighthouse_mobile, built_site):
    found = failures(built_site, lighthouse_mobile, category)
    assert not found, f"Lighthouse {category} (mobile) below 100:\n  " + "\n  ".join(found)
