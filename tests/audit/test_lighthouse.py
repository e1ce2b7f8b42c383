"""Lighthouse on one built page of each kind in each language (lighthouse.KINDS): accessibility, best
practices and SEO score the same on every run, so each must be 100; performance depends on the
machine and `./dev bench` records it instead. What Lighthouse finds page by page is checked on every
page elsewhere: its accessibility audits are axe-core's (tests/browser/test_browser_pages.py: at 412 px
on every page, at 1280 px on this sample), its content-level SEO audits tests/test_publishing.py's, description, canonical
link and <html lang> tests/test_page_meta.py's and tests/test_build.py's. A passing audit is kept in the
project's cache folder (tests/helpers.kept) while Lighthouse, its runner, Chromium, the sampled pages and
every other file of the site are byte for byte the same.
"""

import sys

import pytest

from tests.audit import lighthouse
from tests.audit.lighthouse import AUDIT, CATEGORIES, audit, failures, sample, write_report
from tests.browser.chromium import kept_key
from tests.helpers import kept


@pytest.fixture(scope="module")
def lighthouse_mobile(built_site, served_site, browser):
    """{page: Lighthouse record} for the sample, mobile."""
    pages = sample(built_site)
    code = [(AUDIT / name).read_bytes() for name in ("lighthouse.mjs", "package-lock.json")]
    key = kept_key(browser, sys.modules[__name__], lighthouse, inputs=(*code, *pages))
    read = pages + [p.relative_to(built_site).as_posix() for p in built_site.rglob("*") if p.is_file() and p.suffix != ".html"]

    def check():
        records = audit(served_site, pages)
        return records, read, not any(failures(built_site, records, category) for category in CATEGORIES)

    records = kept("lighthouse", key, built_site, check)
    write_report("lighthouse.json", records)
    return records


@pytest.mark.parametrize("category", CATEGORIES)
def test_lighthouse_scores_100(category, lighthouse_mobile, built_site):
    found = failures(built_site, lighthouse_mobile, category)
    assert not found, f"Lighthouse {category} (mobile) below 100:\n  " + "\n  ".join(found)
