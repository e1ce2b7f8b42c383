"""Every page of both languages, as a reader's browser (Chromium) sees it.

Each test reads one page's first visit (see site_browser.py): the page is loaded once and
everything below is checked on what that visit recorded.

Collapsibles (`??? success "答案"` answers, reference solutions) hide code and output blocks. The
visit opens every one of them by clicking its summary before copying, so every code block of the
page, answers included, is copied and read as a reader gets it.
"""

from __future__ import annotations

import difflib
import re
from urllib.parse import urlsplit

import pytest

from docs_pipeline.pages import ANNOTATION_MARKER, expand, parse, without_annotation
from docs_pipeline.serve import HOST
from docs_pipeline.site import layout
from tests.browser.site_browser import new_context, page_name

SITE = layout()
PAGES = SITE.pages()

MARKER = re.compile(ANNOTATION_MARKER.pattern.removesuffix("!") + "!?")  # a code annotation marker left in copied code
PROMPT = re.compile(r"^\s*(>>>|\.\.\.)(\s|$)", re.MULTILINE)


def _checked(visit):
    if visit.error:
        pytest.fail(f"visiting {visit.name} ({visit.url}) failed:\n{visit.error}", pytrace=False)
    return visit


def _expected(block) -> str:
    """What a block holds once built: its includes expanded, annotation markers taken out."""
    return "\n".join(without_annotation(line).rstrip() for line in expand(block.includes)).strip("\n")


def _lines(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines())


@pytest.mark.parametrize("page", PAGES, ids=page_name)
def test_copy_button_copies_the_program_and_the_page_shows_its_output(page, first_visits):
    """The copy button gives the snippet as it is in snippets/ (no marker, no prompt) and each output
    block shows its stored output. That the programs print those outputs is the snippets' own test;
    that they run one after another as one program is the notebook's (tests/test_notebooks.py)."""
    visit = _checked(first_visits[page])
    assert not visit.block_count_error, visit.block_count_error
    blocks = parse(page).blocks
    assert len(blocks) == len(visit.code), f"{visit.name}: {len(blocks)} code blocks in the page, {len(visit.code)} on screen"
    for i, ((lang, copied, shown), block) in enumerate(zip(visit.code, blocks, strict=True), 1):
        assert lang in ("python", "text") and lang == block.language, (
            f"{visit.name}: block {i} is ```{lang}, the page has ```{block.language}"
        )
        if lang == "python":
            assert not MARKER.search(copied), f"{visit.name}: python block {i} copies an annotation marker:\n{copied}"
            assert not PROMPT.search(copied), f"{visit.name}: python block {i} copies a >>> or ... prompt:\n{copied}"
        got, want = _lines(copied if lang == "python" else shown), _lines(_expected(block))
        if got != want:
            what = "copying" if lang == "python" else "showing"
            diff = difflib.unified_diff(
                want.splitlines(True), got.splitlines(True), f"{block.where} ({', '.join(block.includes)})", "in the browser"
            )
            pytest.fail(
                f"{visit.name}: {what} block {i} gives something other than its snippet:\n" + "\n".join(diff), pytrace=False
            )


@pytest.mark.parametrize("page", PAGES, ids=page_name)
def test_language_switch_keeps_page_and_section(page, first_visits):
    visit = _checked(first_visits[page])
    assert visit.lang == SITE.language_of(page), f"{visit.name}: <html lang={visit.lang!r}>, expected {SITE.language_of(page)!r}"
    switch = visit.switch
    assert switch["landed"] == switch["expected"], (
        f"{visit.name}: the language switch from {switch['from']} lands on {switch['landed']}, expected {switch['expected']}"
    )
    assert switch["lang"] != visit.lang, f"{visit.name}: after switching language, <html lang> is still {visit.lang!r}"
    if switch["anchor"]:
        assert switch["anchor_found"], f"{visit.name}: the other language's page has no #{switch['anchor']}"


@pytest.mark.parametrize("page", PAGES, ids=page_name)
def test_no_request_leaves_the_site_and_no_console_errors(page, first_visits):
    visit = _checked(first_visits[page])
    assert not visit.external, f"{visit.name} requests other hosts:\n  " + "\n  ".join(dict.fromkeys(visit.external))
    off_site = [r.url for r in visit.requests if urlsplit(r.url).hostname not in (HOST, None)]
    assert not off_site, f"{visit.name} loaded from other hosts:\n  " + "\n  ".join(off_site)
    failed = [f"{r.status} {r.url}" for r in visit.requests if r.status is None or r.status >= 400]
    assert not failed, f"{visit.name}: requests that failed:\n  " + "\n  ".join(failed)
    assert not visit.console_errors, f"{visit.name}: console errors:\n  " + "\n  ".join(visit.console_errors)


@pytest.mark.parametrize("page", PAGES, ids=page_name)
def test_accessibility(page, first_visits):
    """axe-core, every rule at every impact, nothing excused: the theme's own problems are fixed in
    overrides/ (templates, pages.css, a11y.js), not listed here."""
    visit = _checked(first_visits[page])
    found = [
        f"{violation['id']} ({violation['impact']}): {violation['help']}\n      "
        + "\n      ".join(f"{n['target']}: {n['html'][:120]}" for n in violation["nodes"][:5])
        for violation in visit.axe_violations
    ]
    assert not found, f"{visit.name}: axe-core reports:\n  " + "\n  ".join(found)


@pytest.mark.parametrize("page", PAGES, ids=page_name)
def test_palette_annotations_and_collapsibles_work(page, first_visits):
    visit = _checked(first_visits[page])
    first, toggled, back = visit.palette
    assert first and toggled and first != toggled and back == first, (
        f"{visit.name}: the palette toggle goes {visit.palette} (data-md-color-scheme), expected a change and back"
    )
    for code_id, opened, text, unclipped in visit.annotations:
        assert opened and text, f"{visit.name}: the code annotation {code_id} does not open on click"
        assert unclipped, f"{visit.name}: the code annotation {code_id} opens cut off at the edge of its code block"
    for summary, opened in visit.collapsibles:
        assert opened, f"{visit.name}: the collapsible {summary!r} does not open on click"


def _code_samples(site) -> list[tuple[str, str]]:
    """The fewest built code blocks that together hold every kind of token the site highlights
    (and plain code text): [(page, block HTML)]."""
    blocks = []
    for page in sorted(site.rglob("*.html")):
        for html in re.findall(r'<div class="highlight".*?</code></pre></div>', page.read_text(encoding="utf-8"), re.S):
            blocks.append((page.relative_to(site).as_posix(), html, {""} | set(re.findall(r'<span class="([^"]+)"', html))))
    needed, chosen = set().union(*(kinds for *_, kinds in blocks)), []
    while needed:
        page, html, kinds = max(blocks, key=lambda block: len(block[2] & needed))
        chosen.append((page, html))
        needed -= kinds
    return chosen


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_code_is_readable_in_both_schemes(scheme, browser, served_site, built_site):
    """Code has the same colours on every page, so the visits leave its text out of axe's colour
    contrast rule: here every kind of token the site highlights is checked once, in each scheme."""
    from axe_playwright_python.sync_playwright import Axe

    samples = _code_samples(built_site)
    context = new_context(browser, served_site)
    try:
        tab = context.new_page()
        tab.goto(served_site, wait_until="load")
        tab.evaluate(
            "([html, scheme]) => { document.querySelector('article').innerHTML = html;"
            " document.body.setAttribute('data-md-color-scheme', scheme); }",
            ["".join(html for _, html in samples), scheme],
        )
        found = Axe().run(tab, context={"include": [["article .highlight code"]]}, options={"runOnly": ["color-contrast"]})
    finally:
        context.close()
    assert found.response["passes"], "axe checked no code text (no code block in the built site?)"
    faint = [node["html"][:120] for violation in found.response["violations"] for node in violation["nodes"]]
    assert not faint, (
        f"code text too faint in the {scheme!r} scheme (blocks from {sorted({p for p, _ in samples})}):\n  " + "\n  ".join(faint)
    )
