"""Lighthouse on every built page, both languages (the notebook pages and the 404 pages too), with
its default mobile emulation: accessibility, best practices and SEO must each score 100.

These three categories judge what the page is, not how fast this machine is, so their scores are
the same on every run; performance is noisy on a shared machine and `./dev bench` records it
(bench/results.json) instead of failing a test run. All pages run in one Node process and one
Chromium, with only the audits that carry weight in the three categories, a few seconds a page
(see site_audit.py and lighthouse.mjs). Each failure names the page (and its source), every
failing audit and what it found. The reports are kept in test-artifacts/audit/lighthouse.json.
tests/test_faults.py checks that a page with a link too faint to read fails here, named.
"""

from __future__ import annotations

import json

import pytest

from tests.audit.site_audit import ARTIFACTS, CATEGORIES, audit_pages, lighthouse_failures, site_pages


@pytest.fixture(scope="session")
def lighthouse_mobile(built_site, served_site, lighthouse_started):
    """{page: Lighthouse record} for every page of the built site, mobile (conftest.py started the run)."""
    if isinstance(lighthouse_started, str):
        pytest.fail(lighthouse_started, pytrace=False)
    records = audit_pages(built_site, served_site, site_pages(built_site), started=lighthouse_started)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "lighthouse.json").write_text(json.dumps(records, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return records


@pytest.mark.parametrize("category", CATEGORIES)
def test_lighthouse_scores_100_on_every_page(category, lighthouse_mobile, built_site):
    failures = lighthouse_failures(built_site, lighthouse_mobile, category)
    assert not failures, f"Lighthouse {category} (mobile) below 100:\n  " + "\n  ".join(failures)
