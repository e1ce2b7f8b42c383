"""The browser tests' fixture besides conftest.py's (browser, served_site): a tab on the served site."""

import functools

import pytest

from tests.browser.chromium import new_tab


@pytest.fixture(scope="session")
def open_tab(browser, served_site):
    """`open_tab(path, **options)`: new_tab in the session's Chromium, on the served site."""
    return functools.partial(new_tab, browser, served_site)
