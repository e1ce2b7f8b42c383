"""What the browser tests share: Chromium driven by Playwright, and one first visit per page, as a
first-time reader (a fresh context: empty cache), that records the problems each step sees under
its check (CHECKS). The tests only read them, so each page is loaded once (plus the language
switch) however many things are checked on it.
"""

from __future__ import annotations

import difflib
import json
import re
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from docs_pipeline.pages import ANNOTATION_MARKER, expand, parse, without_annotation
from docs_pipeline.serve import HOST
from docs_pipeline.site import ROOT, layout

SITE = layout()
ARTIFACTS = ROOT / "test-artifacts"
# --no-sandbox: the tests may run as root (CI, containers)
CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 10_000
VISITORS = 2  # browsers visiting side by side: a visit waits on the network and on timers half its time
CHECKS = {  # what each covers, as its failures say it
    "copy": "code blocks in the browser",
    "language switch": "the language switch",
    "requests and console": "requests to other hosts, failed requests, console errors",
    "axe-core": "axe-core reports",
    "controls": "the palette toggle, code annotations and collapsibles",
}
MARKER = re.compile(ANNOTATION_MARKER.pattern.removesuffix("!") + "!?")  # a code annotation marker left in copied code
PROMPT = re.compile(r"^\s*(>>>|\.\.\.)(\s|$)", re.MULTILINE)


@contextmanager
def launch(executable: str):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def new_tab(browser, base_url: str, external: list[str] | None = None):
    """A tab in a fresh context (empty cache, clipboard allowed), closed afterwards; every request to
    another host is aborted (nothing leaves the machine, no test waits on the network) and listed in `external`."""
    context = browser.new_context(base_url=base_url, service_workers="block", viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url.rstrip("/"))
    context.set_default_timeout(TIMEOUT_MS)
    external = [] if external is None else external

    def route(r):
        if urlsplit(r.request.url).hostname == HOST:
            r.continue_()
        else:
            external.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    try:
        yield context.new_page()
    finally:
        context.close()


@dataclass
class Visit:
    page: Path
    url: str  # absolute
    error: str | None = None  # the visit itself broke (a traceback): every check on the page fails with it
    problems: dict[str, list[str]] = field(default_factory=lambda: {check: [] for check in CHECKS})
    seconds: float = 0.0


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


_TOOLTIP = "m.parentElement.querySelector('.md-tooltip, .md-tooltip2')"
_TOOLTIP_SHOWN = f"""m => {{
    const tip = {_TOOLTIP};
    return !!tip && getComputedStyle(tip).opacity === '1' && tip.getBoundingClientRect().width > 0;
}}"""
_TOOLTIP_HIDDEN = f"m => {{ const tip = {_TOOLTIP}; return !tip || getComputedStyle(tip).opacity === '0'; }}"

# A tooltip can be open and still cut off by its code block (paint containment, overflow): a point
# of the tooltip outside the block, inside the viewport, must show the tooltip. True when no part
# of the tooltip lies outside the block.
_TOOLTIP_UNCLIPPED = f"""m => {{
    const tip = {_TOOLTIP}, block = m.closest('.highlight');
    if (!tip || !block) return true;
    const t = tip.getBoundingClientRect(), b = block.getBoundingClientRect();
    const x = Math.min(Math.max(t.left + t.width / 2, 1), innerWidth - 1);
    for (const y of [t.bottom - 2, b.bottom + 2, t.top + 2, b.top - 2]) {{
        if (y < t.top || y > t.bottom || (y >= b.top && y <= b.bottom) || y < 0 || y >= innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        return !!hit && !!hit.closest('.md-tooltip, .md-tooltip2');
    }}
    return true;
}}"""

# Material mounts a code block (copy button, annotation markers) when it first scrolls into view
# (content.lazy in mkdocs.yml): mounted once it has its buttons and no annotation marker is left as
# plain text. Each visible block not yet mounted is scrolled into view until it is (or a few
# seconds pass); blocks in closed collapsibles wait until these are opened.
_MOUNTED = """c => !!c.parentElement.querySelector('.md-code__nav') && ![...c.querySelectorAll('.c, .c1, .cm')]
    .some(s => /\\(\\d+\\)/.test([...s.childNodes].filter(n => n.nodeType === 3).map(n => n.data).join('')))"""
_ALL_MOUNTED = f"() => [...document.querySelectorAll('article pre > code')].filter(c => c.checkVisibility()).every({_MOUNTED})"
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


def visit(browser, base_url: str, page: Path, complete_when: list[str]) -> Visit:
    """One page's first visit; complete once every URL ending in one of `complete_when` loaded."""
    result = Visit(page, urljoin(base_url, SITE.url_of(page)))
    started = time.monotonic()
    external: list[str] = []
    try:
        with new_tab(browser, base_url, external) as tab:
            errors = []
            tab.on(
                "console",
                lambda m: errors.append(f"console error: {m.text} ({m.location.get('url', '?')})") if m.type == "error" else None,
            )
            tab.on("pageerror", lambda error: errors.append(f"console error: uncaught: {error}"))
            _load(tab, result, complete_when)
            _mount_code_blocks(tab)
            _axe(tab, result)
            _palette(tab, result)
            _open_collapsibles(tab, result)
            _mount_code_blocks(tab)
            _open_annotations(tab, result)
            _copy_code(tab, result)
            result.problems["requests and console"] += errors  # those of the page, not of the language switch's landing page
            _switch_language(tab, base_url, result)
    except Exception:  # the visit is reported by every test of this page, naming the page
        result.error = traceback.format_exc()
    result.problems["requests and console"] += [f"requests another host: {url}" for url in dict.fromkeys(external)]
    result.seconds = round(time.monotonic() - started, 2)
    return result


def _load(tab, result: Visit, complete_when: list[str]) -> None:
    """Open the page; wait for the search worker's files; record every request that failed."""
    finished: list = []
    tab.context.on("requestfinished", lambda request: finished.append(request))  # Playwright tags its handlers:
    tab.context.on("requestfailed", lambda request: finished.append(request))  # a bound builtin will not do
    tab.goto(result.url, wait_until="networkidle")
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while missing := [n for n in complete_when if not any(r.url.endswith(n) for r in finished)]:
        if time.monotonic() > deadline:
            raise AssertionError(f"{result.url}: the search worker never loaded {missing}")
        tab.wait_for_timeout(50)
    tab.wait_for_load_state("networkidle")
    for request in list(finished):
        response = request.response()
        if response is None or response.status >= 400:
            result.problems["requests and console"].append(
                f"request failed: {response.status if response else '-'} {request.url}"
            )
    # From here on the page is interacted with: transitions and animations off, so no check waits on
    # a fade (the annotation markers pulse forever, which also makes them never "stable").
    tab.add_style_tag(content="*, *::before, *::after { transition: none !important; animation: none !important; }")


def _mount_code_blocks(tab) -> None:
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
    result.problems["axe-core"] = [
        f"{violation['id']} ({violation['impact']}): {violation['help']}\n      "
        + "\n      ".join(f"{n['target']}: {n['html'][:120]}" for n in violation["nodes"][:5])
        for violation in found.response["violations"] + contrast["violations"]
    ]


def _palette(tab, result: Visit) -> None:
    """The visible palette toggle switches the scheme, twice."""
    scheme = "document.body.getAttribute('data-md-color-scheme')"
    palette = [tab.evaluate(scheme)]
    for _ in range(2):
        tab.locator(".md-header__option label:visible").first.click()
        palette.append(tab.evaluate(scheme))
    first, toggled, back = palette
    if not (first and toggled and first != toggled and back == first):
        result.problems["controls"].append(
            f"the palette toggle goes {palette} (data-md-color-scheme), expected a change and back"
        )


def _open_collapsibles(tab, result: Visit) -> None:
    """Click every closed <details> summary (answers hide code and output blocks)."""
    for summary in tab.locator("article details > summary").element_handles():
        if summary.evaluate("s => s.parentElement.open"):
            continue
        text = summary.inner_text().strip()
        summary.click()
        if not summary.evaluate("s => s.parentElement.open"):
            result.problems["controls"].append(f"the collapsible {text!r} does not open on click")


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
        if not (opened and marker.evaluate(f"m => (({_TOOLTIP} || {{}}).innerText || '').trim()")):
            result.problems["controls"].append(f"the code annotation {href} does not open on click")
        elif not marker.evaluate(_TOOLTIP_UNCLIPPED):
            result.problems["controls"].append(f"the code annotation {href} opens cut off at the edge of its code block")
        tab.evaluate("document.activeElement && document.activeElement.blur()")
        tab.wait_for_function(_TOOLTIP_HIDDEN, arg=marker.element_handle(), timeout=3000)


def _lines(lines) -> str:
    return "\n".join(line.rstrip() for line in lines).strip("\n")


def _copy_code(tab, result: Visit) -> None:
    """The copy button gives the snippet as it is in snippets/ (no marker, no prompt) and each output
    block shows its stored output (its includes expanded, annotation markers taken out)."""
    source = parse(result.page).blocks
    copies = tab.evaluate(_COPY_ALL)
    problems = result.problems["copy"]
    if len(copies) != len(source):
        problems.append(f"{len(source)} fenced blocks but the page shows {len(copies)} code blocks")
        return
    for i, (block, copy) in enumerate(zip(source, copies, strict=True), 1):
        if copy is None:
            raise AssertionError(f"{block.where}: the code block has not exactly one copy button")
        python = block.language == "python"  # or text: tests/test_pages.py
        copied, shown = copy
        if python and MARKER.search(copied):
            problems.append(f"python block {i} copies an annotation marker:\n{copied}")
        if python and PROMPT.search(copied):
            problems.append(f"python block {i} copies a >>> or ... prompt:\n{copied}")
        want = _lines(without_annotation(line) for line in expand(block.includes))
        got = _lines((copied if python else shown).splitlines())
        if got != want:
            where = f"{block.where} ({', '.join(block.includes)})"
            diff = difflib.unified_diff(want.splitlines(True), got.splitlines(True), where, "in the browser")
            problems.append(
                f"{'copying' if python else 'showing'} block {i} gives something other than its snippet:\n" + "\n".join(diff)
            )


def _switch_language(tab, base_url: str, result: Visit) -> None:
    """From the page's first section, the language switch lands on the same section in the other
    language (that the section exists there is tests/test_parity.py's: the same heading ids)."""
    anchor = tab.evaluate(
        "(document.querySelector('article h2[id]') || document.querySelector('article h1[id]') || {}).id || null"
    )
    other = next(lang for lang in SITE.languages if lang != SITE.language_of(result.page))
    hash_ = f"#{anchor}" if anchor else ""
    if anchor:  # as a reader's click in the table of contents sets it
        tab.evaluate("id => { location.hash = id; }", anchor)
    selector = tab.locator(".md-header .md-select").first
    selector.hover()
    with tab.expect_navigation(wait_until="commit"):  # where it lands; the landing page's own load is its own visit
        selector.locator(f"a.md-select__link[hreflang={other}]").click()
    expected = urljoin(base_url, SITE.url_of(SITE.counterpart(result.page, other))) + hash_
    if tab.url != expected:
        result.problems["language switch"].append(f"from {result.url + hash_} it lands on {tab.url}, expected {expected}")


def visit_all(executable: str, base_url: str, site: Path, pages: list[Path]) -> dict[Path, Visit]:
    """Visit every page, VISITORS Chromiums side by side (each its own Playwright, one per thread,
    as its sync API wants); the seconds each visit took go to test-artifacts/browser-visits.json."""
    complete_when = search_requests(site)

    def visit_some(chunk: list[Path]) -> list[Visit]:
        with launch(executable) as browser:
            return [visit(browser, base_url, page, complete_when) for page in chunk]

    with ThreadPoolExecutor(max_workers=VISITORS) as visitors:
        done = {v.page: v for chunk in visitors.map(visit_some, [pages[i::VISITORS] for i in range(VISITORS)]) for v in chunk}
    visits = {page: done[page] for page in pages}
    seconds = {SITE.name(page): v.seconds for page, v in visits.items()}
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "browser-visits.json").write_text(json.dumps(seconds, indent=2) + "\n", encoding="utf-8")
    return visits
