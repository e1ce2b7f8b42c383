"""The Chromium the browser tests (conftest.browser; the first visits, in a thread, their own) and Lighthouse drive,
a tab in it as a first-time reader has it, and where a stepped figure is on its page."""

import functools
import os
import shutil
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from tests.site_server import HOST

INSTALL_HINT = (
    "The browser tests need Chromium and a CJK font. Either `.venv/bin/playwright install chromium` "
    "(Playwright's own build, the usual way on macOS), or a system Chromium (Debian/Ubuntu: apt-get install "
    "chromium fonts-noto-cjk; ./dev test does this itself when it runs as root on Debian, as in CI), or point "
    "CHROMIUM at a Chromium binary."
)
# --no-sandbox: the tests may run as root (CI, containers)
CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 10_000
# Search is ready once Material's search worker has loaded the index and lunr's languages: its
# result line then says "type to start searching" instead of "initializing search".
SEARCH_READY = """() => document.querySelector('.md-search-result__meta').textContent.trim()
    === JSON.parse(document.getElementById('__config').textContent).translations['search.result.placeholder']"""


@functools.cache  # Playwright's sync API cannot be asked again once a browser is running
def chromium_executable():
    """$CHROMIUM when set (None when it is no file), Playwright's own browser, a Chromium on PATH, or None."""
    if explicit := os.environ.get("CHROMIUM"):
        return explicit if Path(explicit).is_file() else None
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        own = playwright.chromium.executable_path
    return own if Path(own).is_file() else shutil.which("chromium") or shutil.which("chromium-browser")


@contextmanager
def launch():
    """A headless Chromium, closed afterwards; in a thread, its own (Playwright's sync API is one per thread)."""
    from playwright.sync_api import expect, sync_playwright

    if (executable := chromium_executable()) is None:
        raise RuntimeError(f"no Chromium found. {INSTALL_HINT}")
    expect.set_options(timeout=TIMEOUT_MS)  # as every other wait: a busy machine is slow, not wrong
    with sync_playwright() as playwright, playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS) as browser:
        yield browser


@contextmanager
def new_tab(browser, base_url, path=None, **options):
    """A tab in a fresh context (empty cache, clipboard allowed; `options` as Playwright's new_context
    takes them), on `path` when given, closed afterwards. Every request to another host is aborted
    (nothing leaves the machine, no test waits on the network); those requests, failed requests and
    console errors are listed in `tab.errors`."""
    context = browser.new_context(
        base_url=base_url,
        service_workers="block",
        permissions=["clipboard-read", "clipboard-write"],
        **{"viewport": {"width": 1280, "height": 900}, **options},
    )
    context.set_default_timeout(TIMEOUT_MS)
    tab = context.new_page()
    tab.errors = errors = []

    def elsewhere(route):
        errors.append(f"requests another host: {route.request.url}")
        route.abort()

    context.route(lambda url: urlsplit(url).hostname != HOST, elsewhere)
    context.on("response", lambda r: errors.append(f"request failed: {r.status} {r.url}") if r.status >= 400 else None)
    context.on("requestfailed", lambda r: errors.append(f"request failed: {r.failure} {r.url}"))
    tab.on(
        "console",
        lambda m: errors.append(f"console error: {m.text} ({m.location.get('url', '?')})") if m.type == "error" else None,
    )
    tab.on("pageerror", lambda error: errors.append(f"console error: uncaught: {error}"))
    with context:
        if path is not None:
            tab.goto(path)
        yield tab


def figure_id(snippet):
    """The selector of a snippet's stepped figure (docs_pipeline/steps_figure.py)."""
    return f"#steps-{snippet.replace('/', '-').replace('_', '-')}"
