"""The built site as a reader's browser (Chromium) sees it: each page of the sample (tests/site_loads.sample:
every kind of page, the languages taking turns, and every construct the content is made of; with --exhaustive
every built page) visited once, as a first-time reader (a fresh context: empty cache), every collapsible
opened (answers hide code) and every code block mounted; each check reads what that visit recorded
(CHECKS). What the template does alike on every page (palette, collapsibles, the language-switch script)
is checked once per language; where each page's switcher links lead, statically (tests/test_publishing.py).
"""

import difflib
import functools
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from axe_playwright_python.base import AXE_SCRIPT
from playwright.sync_api import expect

from docs_pipeline.pages import expand, parse, without_annotation
from tests.browser.chromium import SEARCH_READY, launch, new_tab
from tests.helpers import EACH_LANGUAGE, SITE, fail_if
from tests.site_loads import constructs, covering, describe, parsed_pages, sample, source
from tests.site_server import serve

CHECKS = {  # what each covers, as its failures say it
    "copy": "each code block has one copy button, and a program's gives its snippet",
    "annotations": "a code annotation opens, whole, on click",
    "requests and console": "requests to other hosts, failed requests, console errors",
    "axe-core": "axe-core reports (every rule at every impact, nothing excused), at 1280 px and at 412 px",
}
FIRST_VISITS = pytest.StashKey()  # the visits to come, from conftest.built_site
NO_MOTION = "*, *::before, *::after { transition: none !important; animation: none !important; }"

# A block is mounted (content.lazy in mkdocs.yml: once it first scrolls into view) once it has its
# buttons and no annotation marker is left as plain text in its comments.
_ALL_MOUNTED = """() => [...document.querySelectorAll('article pre > code')].filter(c => c.checkVisibility())
    .every(c => !!c.parentElement.querySelector('.md-code__nav') && ![...c.querySelectorAll('.c, .c1, .cm')]
    .some(s => /\\(\\d+\\)/.test([...s.childNodes].filter(n => n.nodeType === 3).map(n => n.data).join(''))))"""
# The first block not yet mounted scrolled into view for a rendered frame (two animation frames: the
# visibility observer has run), then the next: the blocks that came into view with it mounted too. Each
# block at most once, so a block that never mounts ends the loop and _ALL_MOUNTED names the failure.
_MOUNT_ALL_BLOCKS = """async () => {
    const tried = new Set();
    for (;;) {
        const pre = [...document.querySelectorAll('article pre:has(> code)')]
            .find(p => !tried.has(p) && p.checkVisibility() && !p.querySelector('.md-code__nav'));
        if (!pre) return;
        tried.add(pre);
        pre.scrollIntoView();
        await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
}"""
# One run of every rule; code text left out of colour contrast only: it has the same colours on every
# page, and test_code_is_readable_in_both_schemes checks them once.
_AXE = """async () => {
    axe.configure({rules: [{id: 'color-contrast', selector: '*:not(.highlight code, .highlight code *)'}]});
    return (await axe.run({resultTypes: ['violations']})).violations;
}"""
# A tooltip can be open and still cut off by its code block (paint containment, overflow): a point
# of the tooltip outside the block, inside the viewport, must show the tooltip.
_UNCLIPPED = """tip => {
    const block = tip.closest('.highlight');
    const t = tip.getBoundingClientRect(), b = block.getBoundingClientRect();
    const x = Math.min(Math.max(t.left + t.width / 2, 1), innerWidth - 1);
    for (const y of [t.bottom - 2, b.bottom + 2, t.top + 2, b.top - 2]) {
        if (y < t.top || y > t.bottom || (y >= b.top && y <= b.bottom) || y < 0 || y >= innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        return !!hit && !!hit.closest('.md-tooltip, .md-tooltip2');
    }
    return true;
}"""
# The code blocks from `start` on, each one's copy button clicked in turn: the copied text, or null for a
# block without exactly one copy button. Copying needs the user activation of a real click, which
# lasts 5 s: the blocks copied in one call are those of the next 3 s (at least one). A busy machine may
# not have copied yet two frames after the click: an empty read is clicked again, 0.1 s apart, up to 1 s.
_COPY_SOME = """async (start) => {
    const copies = [], until = Date.now() + 3000;
    for (const block of [...document.querySelectorAll('article div.highlight')].slice(start)) {
        if (copies.length && Date.now() > until) break;
        const buttons = block.querySelectorAll('button[data-md-type=copy]');
        if (buttons.length !== 1) { copies.push(null); continue; }
        await navigator.clipboard.writeText('');
        let copied = '';
        for (let tries = 0; tries < 10 && !copied; tries++) {
            buttons[0].click();
            await new Promise(r => tries ? setTimeout(r, 100) : requestAnimationFrame(() => requestAnimationFrame(r)));
            copied = await navigator.clipboard.readText();
        }
        copies.push(copied);
    }
    return copies;
}"""


def _visit(open_tab, page):
    """One built page's first visit: {check: problems}."""
    with open_tab(page.removesuffix("index.html")) as tab:
        tab.wait_for_function(SEARCH_READY)  # the search worker's requests are the page's too
        tab.add_style_tag(content=NO_MOTION)  # no check waits on a fade; annotation markers pulse forever
        tab.evaluate("document.querySelectorAll('article details').forEach(d => d.open = true)")
        tab.evaluate(_MOUNT_ALL_BLOCKS)
        tab.wait_for_function(_ALL_MOUNTED)
        tab.evaluate(AXE_SCRIPT)
        axe = []
        for width in (412, 1280):  # Lighthouse's phone, then a desktop's width, where the other checks run
            tab.set_viewport_size({"width": width, "height": 900})
            tab.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")  # resize observers ran
            axe += [
                f"at {width} px: {v['id']} ({v['impact']}): {v['help']}\n      "
                + "\n      ".join(f"{n['target']}: {n['html'][:120]}" for n in v["nodes"][:5])
                for v in tab.evaluate(_AXE)
            ]
        return {
            "axe-core": axe,
            "annotations": list(_annotation(tab)),
            "copy": list(_copy(tab, parse(source(page)))) if source(page).is_file() else [],  # not a notebook or 404 page
            "requests and console": tab.errors,
        }


def _annotation(tab):
    """Problems: the page's first code annotation marker shows its tooltip, with its text, not cut off by
    its block."""
    marker = tab.locator("article .md-annotation__index").first
    if marker.count():
        marker.click()
        tip = marker.locator("xpath=..").locator(".md-tooltip, .md-tooltip2")
        expect(tip).to_have_css("opacity", "1")
        expect(tip).to_have_text(re.compile(r"\S"))
        if not tip.evaluate(_UNCLIPPED):
            yield f"the code annotation {marker.get_attribute('href')} opens cut off at the edge of its code block"


def _lines(lines):
    return "\n".join(line.rstrip() for line in lines).strip("\n")


def _copy(tab, parsed):
    """Problems: each code block has one copy button, and a program's gives the snippet as it is in snippets/
    (its includes expanded, annotation markers taken out): a marker or a >>> prompt left in what is copied
    shows in the diff. That each block shows what the page includes, in the page's order, is
    tests/test_build.py::test_every_built_page's (static, every page)."""
    copies = []
    while len(copies) < tab.locator("article div.highlight").count():
        tab.locator("article h1").first.click()  # a reader's click: the user activation copying needs
        copies += tab.evaluate(_COPY_SOME, len(copies))
    if len(copies) != len(parsed.blocks):
        yield f"{len(parsed.blocks)} fenced blocks but the page shows {len(copies)} code blocks"
        return
    for block, copied in zip(parsed.blocks, copies, strict=True):
        if copied is None:
            yield f"{block.where}: the code block has not exactly one copy button"
        elif block.language == "python":  # or text: tests/test_pages.py
            want = _lines(map(without_annotation, expand(block.includes)))
            if (got := _lines(copied.splitlines())) != want:
                where = f"{block.where} ({', '.join(block.includes)})"
                diff = difflib.unified_diff(want.splitlines(True), got.splitlines(True), where, "copied in the browser")
                yield f"copying {where} gives something other than its snippet:\n{''.join(diff)}"


def first_visits(site, exhaustive, stop):
    """The sample's first visits (with `exhaustive`, every built page's) to the built `site`, started in a thread
    of its own with its own server and Chromium (conftest.built_site starts it as the build ends, beside the
    tiers before the browser's): the future of {built page: {check: problems}}; where the visit itself broke,
    each check's one problem says why. Once `stop` is set (the session ends), no other page is visited."""

    def visit_all():
        pages = parsed_pages(site)
        visits = {}
        with serve(site) as base_url, launch() as browser:
            for page in pages if exhaustive else sample(pages):
                if stop.is_set():
                    break
                try:
                    visits[page] = _visit(functools.partial(new_tab, browser, base_url), page)
                except Exception as error:  # every check of the page fails with it, naming the page
                    visits[page] = {check: [f"the visit broke: {type(error).__name__}: {error}"] for check in CHECKS}
        return visits

    return ThreadPoolExecutor(1).submit(visit_all)


@pytest.mark.parametrize("check", CHECKS)
def test_first_visit(check, request, built_site):
    """Elsewhere: that the programs print those outputs is the snippets' own test, that they run one
    after another as one program the notebook's (tests/test_notebooks.py); each built page's <html
    lang> is tests/test_build.py's. The theme's own problems are fixed in overrides/ (templates,
    pages.css, a11y.js), not excused here."""
    try:
        visits = request.config.stash[FIRST_VISITS].result()
    except RuntimeError as error:  # no Chromium (chromium.launch)
        pytest.fail(str(error), pytrace=False)
    fail_if(
        [f"{describe(page)}: " + "\n    ".join(visit[check]) for page, visit in visits.items() if visit[check]],
        f"{CHECKS[check]}:",
    )


# The canvas test for tofu: a character with no font renders as the same box as a code point no
# font has (U+10FFFD, private use). If 计 draws like that box, Chinese renders as boxes.
_SAME_AS_NOTDEF = """(ch) => {
    const draw = (c) => {
        const canvas = document.createElement('canvas');
        canvas.width = 64; canvas.height = 64;
        const g = canvas.getContext('2d');
        g.font = '48px ' + getComputedStyle(document.body).fontFamily;
        g.fillText(c, 4, 52);
        return Array.from(g.getImageData(0, 0, 64, 64).data).join(',');
    };
    return draw(ch) === draw(String.fromCodePoint(0x10FFFD));
}"""


@EACH_LANGUAGE
def test_fonts_palette_collapsibles_and_language_switch(lang, open_tab, served_site, built_pages):
    """The template's behaviour, alike on every page of a language, on its first page with a
    collapsible: Chinese renders in a CJK font, the palette toggle switches the scheme and back, a
    click opens a collapsible, and from a section the language switch lands on the same section in
    the other language (overrides/assets/javascripts/language-switch.js; the same heading ids:
    tests/test_parity.py)."""
    page = next(p for p in SITE.pages(lang) if built_pages[f"{SITE.url_of(p)}index.html"].css_first("article details"))
    with open_tab(SITE.url_of(page)) as tab:
        for char in "计算图":
            assert not tab.evaluate(_SAME_AS_NOTDEF, char), (
                f"{char} renders as a box (no CJK font): apt-get install fonts-noto-cjk"
            )
        tab.add_style_tag(content=NO_MOTION)
        body = tab.locator("body")
        scheme = body.get_attribute("data-md-color-scheme") or "(none)"
        for expected in (re.compile(rf"^(?!{scheme}$)."), scheme):
            tab.locator(".md-header__option label:visible").first.click()
            expect(body).to_have_attribute("data-md-color-scheme", expected)
        opened = tab.locator("article details[open]")
        count = opened.count()
        tab.locator("article details:not([open]) > summary").first.click()
        expect(opened).to_have_count(count + 1)
        section = tab.locator("article h2[id]").first.get_attribute("id")
        tab.evaluate("id => { location.hash = id; }", section)  # as a reader's click in the table of contents sets it
        tab.locator(".md-header .md-select").first.hover()
        other = SITE.counterpart(page)
        tab.locator(f".md-header a.md-select__link[hreflang={SITE.language_of(other)}]").click()
        expect(tab).to_have_url(f"{served_site}{SITE.url_of(other)}#{section}")


def test_code_is_readable_in_both_schemes(open_tab, built_pages):
    """Code has the same colours on every page, so the visits leave its text out of axe's colour
    contrast rule: here every kind of token the site highlights is checked once, in each scheme."""
    # few built code blocks that together hold every kind of token the site highlights (and plain code text)
    blocks = {
        (page, block.html): constructs(block, "code, span[class]")
        for page, tree in built_pages.items()
        for block in tree.css("div.highlight")
    }
    samples = covering(blocks, [])
    faint = []
    with open_tab("") as tab:
        tab.evaluate("html => { document.querySelector('article').innerHTML = html; }", "".join(html for _, html in samples))
        tab.evaluate(AXE_SCRIPT)
        tab.add_style_tag(content=NO_MOTION)  # each scheme's colours at once, not a transition between them
        for scheme in ("default", "slate"):
            tab.evaluate("scheme => document.body.setAttribute('data-md-color-scheme', scheme)", scheme)
            found = tab.evaluate("axe.run({include: [['article .highlight code']]}, {runOnly: ['color-contrast']})")
            assert found["passes"], "axe checked no code text (no code block in the built site?)"
            # text as faint as the background itself axe leaves undecided ("incomplete"), not failed
            faint += [
                f"{scheme}: {node['html'][:120]}"
                for result in found["violations"] + found["incomplete"]
                for node in result["nodes"]
            ]
    fail_if(faint, f"code text too faint (blocks from {sorted({p for p, _ in samples})}):")
