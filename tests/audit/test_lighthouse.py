"""Lighthouse on every built page (README.md, "The site audits"): accessibility, best practices and
SEO score the same on every run, so each must be 100; performance depends on the machine and
`./dev bench` records it instead. tests/test_faults.py checks that a link too faint to read fails here.
"""

from __future__ import annotations

import json

import pytest

from docs_pipeline.serve import CATEGORIES
from tests.audit.site_audit import ARTIFACTS, audit_pages, lighthouse_failures, site_pages


@pytest.fixture(scope="session")
def lighthouse_mobile(built_site, served_site, lighthouse_started):
    """{page: Lighthouse record} for every page of the built site, mobile (conftest.py started the run)."""
    if isinstance(lighthouse_started, str):
        pytest.fail(lighthouse_started, pytrace=False)
    records = audit_pages(served_site, site_pages(built_site), started=lighthouse_started)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "lighthouse.json").write_text(json.dumps(records, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return records


@pytest.mark.parametrize("category", CATEGORIES)
def test_lighthouse_scores_100_on_every_page(category, lighthouse_mobile, built_site):
    failures = lighthouse_failures(built_site, lighthouse_mobile, category)
    assert not failures, f"Lighthouse {category} (mobile) below 100:\n  " + "\n  ".join(failures)
