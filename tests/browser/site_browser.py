"""What the browser tests share: Debian's Chromium driven by Playwright, and one first visit per
page that records everything the tests then assert on.

A visit opens the page in a fresh browser context (empty cache, as a first-time reader), waits
for the network to go quiet, and records every request, console error and response body; runs
axe-core; toggles the palette, opens every code annotation and every collapsible by clicking;
clicks every code block's copy button and reads the clipboard; and finally switches language
from a section anchor. The tests in this folder only read what the visits recorded, so each
page is loaded once (plus the language switch) however many things are checked on it.
"""

from __future__ import annotations

import json
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from docs_pipeline.pages import parse
from docs_pipeline.serve import HOST
from docs_pipeline.site import ROOT, layout

SITE = layout()
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox",  # the tests may run as root (CI, containers)
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 10_000


# ---------------------------------------------------------------- the site and the browser


@contextmanager
def launch(executable: str):
    """One headless Chromium for the whole session."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


def new_context(browser, base_url: str):
    """A fresh context: empty cache, clipboard allowed, every request to another host recorded and
    aborted (so nothing can leave the machine and no test waits on the network)."""
    context = browser.new_context(base_url=base_url, service_workers="block", viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url.rstrip("/"))
    context.set_default_timeout(TIMEOUT_MS)
    context.external = []  # URLs of requests that tried to leave 127.0.0.1

    def route(r):
        if urlsplit(r.request.url).hostname == HOST:
            r.continue_()
        else:
            context.external.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    return context


# ---------------------------------------------------------------- pages


page_name = SITE.name


# ---------------------------------------------------------------- one first visit per page


@dataclass
class Request:
    url: str
    status: int | None


@dataclass(repr=False)
class Visit:
    page: Path
    url: str  # absolute
    error: str | None = None  # the visit itself broke (a traceback): every check on the page fails with it
    lang: str | None = None
    requests: list[Request] = field(default_factory=list)
    external: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    axe_violations: list[dict] = field(default_factory=list)
    palette: list[str] = field(default_factory=list)  # data-md-color-scheme: at load, after 1st, 2nd toggle
    annotations: list[tuple[str, bool, str, bool]] = field(default_factory=list)  # (code id, opened on click, text, not cut off)
    collapsibles: list[tuple[str, bool]] = field(default_factory=list)  # (summary text, opened on click)
    code: list[tuple[str, str, str]] = field(default_factory=list)  # (source fence language, copied text, shown text)
    block_count_error: str | None = None
    switch: dict = field(default_factory=dict)  # the language switch: anchor, from, landed, lang, anchor_found
    seconds: float = 0.0
    phases: dict = field(default_factory=dict)  # seconds spent per phase of the visit

    @property
    def name(self) -> str:
        return page_name(self.page)

    def __repr__(self) -> str:  # short: pytest shows the fixture's value with every failure
        return f"Visit({self.name})"


def search_requests(site: Path) -> list[str]:
    """What Material's search worker fetches on every page: the index, then the lunr language
    support its languages need. A first visit is complete only once these are loaded: on a busy
    machine the network can go quiet (networkidle) before the worker has even started."""
    langs = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["config"]["lang"]
    names = ["search/search_index.json"]
    if langs != ["en"]:
        names += ["lunr.stemmer.support.min.js"] + [f"lunr.{lang}.min.js" for lang in langs if lang != "en"]
    if len(langs) > 1:
        names.append("lunr.multi.min.js")
    return names


def visit(browser, base_url: str, page: Path, complete_when: list[str]) -> Visit:
    """One page's first visit; complete once every URL ending in one of `complete_when` loaded."""
    result = Visit(page, urljoin(base_url, SITE.url_of(page)))
    started = time.monotonic()
    context = new_context(browser, base_url)
    try:
        _visit(context, base_url, result, complete_when)
    except Exception:  # the visit is reported by every test of this page, naming the page
        result.error = traceback.format_exc()
    finally:
        result.external = list(context.external)
        context.close()
        result.seconds = time.monotonic() - started
    return result


_TOOLTIP_SHOWN = """m => {
    const tip = m.parentElement.querySelector('.md-tooltip, .md-tooltip2');
    return !!tip && getComputedStyle(tip).opacity === '1' && tip.getBoundingClientRect().width > 0;
}"""

# A tooltip can be open and still cut off by its code block (paint containment, overflow): a point
# of the tooltip outside the block, inside the viewport, must show the tooltip. True when no part
# of the tooltip lies outside the block.
_TOOLTIP_UNCLIPPED = """m => {
    const tip = m.parentElement.querySelector('.md-tooltip, .md-tooltip2');
    const block = m.closest('.highlight');
    if (!tip || !block) return true;
    const t = tip.getBoundingClientRect(), b = block.getBoundingClientRect();
    const x = Math.min(Math.max(t.left + t.width / 2, 1), innerWidth - 1);
    for (const y of [t.bottom - 2, b.bottom + 2, t.top + 2, b.top - 2]) {
        if (y < t.top || y > t.bottom || (y >= b.top && y <= b.bottom) || y < 0 || y >= innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        return !!hit && !!hit.closest('.md-tooltip, .md-tooltip2');
    }
    return true;
}"""

# Material mounts a code block (copy button, annotation markers) when it first scrolls into view
# (content.lazy): mounted once it has its buttons and no annotation marker is left as plain text.
_MOUNTED = """c => !!c.parentElement.querySelector('.md-code__nav') && ![...c.querySelectorAll('.c, .c1, .cm')]
    .some(s => /\\(\\d+\\)/.test([...s.childNodes].filter(n => n.nodeType === 3).map(n => n.data).join('')))"""
_ALL_MOUNTED = (
    f"""() => [...document.querySelectorAll('article pre > code')].filter(c => c.checkVisibility()).every({_MOUNTED})"""
)

# Each visible code block not yet mounted scrolled into view until it is (or a few seconds pass).
_SCROLL_THROUGH = f"""async () => {{
    const mounted = {_MOUNTED};
    for (const code of document.querySelectorAll('article pre > code')) {{
        if (!code.checkVisibility() || mounted(code)) continue;
        code.scrollIntoView();
        for (const end = Date.now() + 3000; !mounted(code) && Date.now() < end; ) {{
            await new Promise(done => requestAnimationFrame(done));
        }}
    }}
    window.scrollTo(0, 0);
}}"""

# Every code block's copy button clicked in turn: [copied text, shown text], or null for a block
# without exactly one copy button.
_COPY_ALL = """async () => {
    const copies = [];
    for (const block of document.querySelectorAll('article div.highlight')) {
        const buttons = block.querySelectorAll('button[data-md-type=copy]');
        if (buttons.length !== 1) { copies.push(null); continue; }
        await navigator.clipboard.writeText('');
        buttons[0].click();
        copies.push([await navigator.clipboard.readText(), block.querySelector('pre > code').textContent]);
    }
    return copies;
}"""

_TOOLTIP_HIDDEN = """m => {
    const tip = m.parentElement.querySelector('.md-tooltip, .md-tooltip2');
    return !tip || getComputedStyle(tip).opacity === '0';
}"""


def _visit(context, base_url: str, result: Visit, complete_when: list[str]) -> None:
    """The steps of a first visit, in order; each records what it saw on `result`."""
    tab = context.new_page()
    recording = {"on": True}  # console errors count until the language switch leaves the page

    def on_console(message):
        if recording["on"] and message.type == "error":
            result.console_errors.append(f"{message.text} ({message.location.get('url', '?')})")

    def on_page_error(error):
        if recording["on"]:
            result.console_errors.append(f"uncaught: {error}")

    tab.on("console", on_console)
    tab.on("pageerror", on_page_error)
    steps = [
        ("load", lambda: _load(context, tab, result, complete_when)),
        ("mount", lambda: _mount_code_blocks(tab)),
        ("axe", lambda: _axe(tab, result)),
        ("palette", lambda: _palette(tab, result)),
        ("collapsibles", lambda: _open_collapsibles(tab, result)),
        ("mount in collapsibles", lambda: _mount_code_blocks(tab)),
        ("annotations", lambda: _open_annotations(tab, result)),
        ("copy", lambda: _copy_code(tab, result)),
    ]
    for name, step in steps:
        started = time.monotonic()
        step()
        result.phases[name] = round(time.monotonic() - started, 2)
    recording["on"] = False
    started = time.monotonic()
    _switch_language(context, tab, base_url, result)
    result.phases["language switch"] = round(time.monotonic() - started, 2)


def _load(context, tab, result: Visit, complete_when: list[str]) -> None:
    """Open the page as a first-time reader; wait for the search worker's files; record every request."""
    finished: list = []
    context.on("requestfinished", lambda request: finished.append(request))  # Playwright tags its handlers:
    context.on("requestfailed", lambda request: finished.append(request))  # a bound builtin will not do
    tab.goto(result.url, wait_until="networkidle")
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while missing := [n for n in complete_when if not any(r.url.endswith(n) for r in finished)]:
        if time.monotonic() > deadline:
            raise AssertionError(f"{result.url}: the search worker never loaded {missing}")
        tab.wait_for_timeout(50)
    tab.wait_for_load_state("networkidle")
    result.lang = tab.evaluate("document.documentElement.lang")
    for request in list(finished):
        response = request.response()
        result.requests.append(Request(request.url, response.status if response else None))
    # From here on the page is interacted with: transitions and animations off, so no check waits on
    # a fade (the annotation markers pulse forever, which also makes them never "stable").
    tab.add_style_tag(content="*, *::before, *::after { transition: none !important; animation: none !important; }")


def _mount_code_blocks(tab) -> None:
    """Scroll through every visible code block, as a reader does, until Material has mounted it (it
    mounts a block on first sight: content.lazy in mkdocs.yml); then back to the top. Blocks in
    closed collapsibles wait until these are opened (the visit mounts again after opening them)."""
    tab.evaluate(_SCROLL_THROUGH)
    tab.wait_for_function(_ALL_MOUNTED, timeout=TIMEOUT_MS)


def _axe(tab, result: Visit) -> None:
    """axe-core, every rule, on the whole page with every visible code block mounted (copy buttons,
    annotation markers); colour contrast everywhere but the code's text, whose colours are the same
    on every page (test_code_is_readable_in_both_schemes checks each of them once)."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(tab, options={"resultTypes": ["violations"], "rules": {"color-contrast": {"enabled": False}}})
    contrast = tab.evaluate(  # axe is in the page now
        "axe.run({exclude: [['.highlight code']]}, {runOnly: ['color-contrast'], resultTypes: ['violations']})"
    )
    result.axe_violations = found.response["violations"] + contrast["violations"]


def _palette(tab, result: Visit) -> None:
    """The visible palette toggle switches the scheme, twice."""
    scheme = "document.body.getAttribute('data-md-color-scheme')"
    result.palette.append(tab.evaluate(scheme))
    for _ in range(2):
        tab.locator(".md-header__option label:visible").first.click()
        result.palette.append(tab.evaluate(scheme))


def _open_collapsibles(tab, result: Visit) -> None:
    """Click every closed <details> summary (answers hide code and output blocks)."""
    for summary in tab.locator("article details > summary").element_handles():
        if summary.evaluate("s => s.parentElement.open"):
            continue
        text = summary.inner_text().strip()
        summary.click()
        result.collapsibles.append((text, summary.evaluate("s => s.parentElement.open")))


def _open_annotations(tab, result: Visit) -> None:
    """Clicking a code annotation marker shows its tooltip with the text. The first marker of every
    annotated code block is clicked (the markers of a block work alike; each click costs ~0.3 s)."""
    firsts = tab.locator("article pre").evaluate_all(
        "pres => pres.map(p => p.querySelector('.md-annotation__index')).filter(Boolean).map(a => a.getAttribute('href'))"
    )
    for href in firsts:
        marker = tab.locator(f"article .md-annotation__index[href='{href}']")
        marker.click()
        try:
            tab.wait_for_function(_TOOLTIP_SHOWN, arg=marker.element_handle(), timeout=3000)
            opened = True
        except Exception:
            opened = False
        text = marker.evaluate("m => (m.parentElement.querySelector('.md-tooltip, .md-tooltip2') || {}).innerText || ''")
        unclipped = opened and marker.evaluate(_TOOLTIP_UNCLIPPED)
        result.annotations.append((href or "?", opened, text.strip(), unclipped))
        tab.evaluate("document.activeElement && document.activeElement.blur()")
        tab.wait_for_function(_TOOLTIP_HIDDEN, arg=marker.element_handle(), timeout=3000)


def _copy_code(tab, result: Visit) -> None:
    """Copy every code block with its copy button; keep what the page shows beside it."""
    source = parse(result.page).blocks
    copies = tab.evaluate(_COPY_ALL)
    if len(copies) != len(source):
        result.block_count_error = f"{result.name} has {len(source)} fenced blocks but the page shows {len(copies)} code blocks"
        return
    for block, copy in zip(source, copies, strict=True):
        if copy is None:
            raise AssertionError(f"{block.where}: the code block has not exactly one copy button")
        result.code.append((block.language, *copy))


def _switch_language(context, tab, base_url: str, result: Visit) -> None:
    """From the page's first section, the language switch lands on the same section in the other language."""
    anchor = tab.evaluate(
        "(document.querySelector('article h2[id]') || document.querySelector('article h1[id]') || {}).id || null"
    )
    other = next(lang for lang in SITE.languages if lang != result.lang)
    start = result.url + (f"#{anchor}" if anchor else "")
    context.route("**/search/search_index.json", lambda r: r.abort())  # the landing page's search is not under test
    if anchor:  # as a reader's click in the table of contents sets it
        tab.evaluate("id => { location.hash = id; }", anchor)
    selector = tab.locator(".md-header .md-select").first
    selector.hover()
    selector.locator(f"a.md-select__link[hreflang={other}]").click()
    tab.wait_for_load_state("domcontentloaded")
    tab.wait_for_function("u => location.href !== u", arg=start)
    result.switch = {
        "anchor": anchor,
        "from": start,
        "landed": tab.url,
        "lang": tab.evaluate("document.documentElement.lang"),
        "anchor_found": bool(anchor) and tab.evaluate("id => !!document.getElementById(id)", anchor),
        "expected": urljoin(base_url, SITE.url_of(SITE.counterpart(result.page, other))) + (f"#{anchor}" if anchor else ""),
    }


VISITORS = 2  # browsers visiting side by side: a visit waits on the network and on timers half its time


def visit_all(executable: str, base_url: str, site: Path, pages: list[Path]) -> dict[Path, Visit]:
    """Visit every page, VISITORS Chromiums side by side (each its own Playwright, one per thread,
    as its sync API wants)."""
    complete_when = search_requests(site)

    def visit_some(chunk: list[Path]) -> list[Visit]:
        with launch(executable) as browser:
            return [visit(browser, base_url, page, complete_when) for page in chunk]

    with ThreadPoolExecutor(max_workers=VISITORS) as visitors:
        chunks = visitors.map(visit_some, [pages[i::VISITORS] for i in range(VISITORS)])
        visits = {v.page: v for chunk in chunks for v in chunk}
    visits = {page: visits[page] for page in pages}
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "browser-visits.json").write_text(
        json.dumps({v.name: {"seconds": round(v.seconds, 2), **v.phases} for v in visits.values()}, indent=2) + "\n",
        encoding="utf-8",
    )
    return visits
