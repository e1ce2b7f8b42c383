"""Every page of both languages, as a reader's browser (Chromium) sees it: each test reads what
the page's one first visit recorded (site_browser.py). The visit opens every collapsible (answers,
reference solutions) before copying, so every code block, answers included, is read as a reader gets it.
Full-length screenshots of a Chinese and an English page with code go to test-artifacts/ for a person to look at.
"""

from __future__ import annotations

import re
from urllib.parse import urljoin

import pytest

from docs_pipeline.site import layout
from docs_pipeline.site_loads import site_pages
from tests.browser.site_browser import ARTIFACTS, CHECKS, new_tab

SITE = layout()
PAGES = SITE.pages()


@pytest.mark.parametrize("check", CHECKS)
@pytest.mark.parametrize("page", PAGES, ids=SITE.name)
def test_first_visit(page, check, first_visits):
    """What each check covers: site_browser.py. Elsewhere: that the programs print those outputs is the
    snippets' own test, that they run one after another as one program the notebook's
    (tests/test_notebooks.py); each built page's <html lang> is tests/test_build.py's, the same heading
    ids in both languages tests/test_parity.py's. axe-core runs every rule at every impact, nothing
    excused: the theme's own problems are fixed in overrides/ (templates, pages.css, a11y.js), not listed here."""
    visit = first_visits[page]
    if visit.error:
        pytest.fail(f"visiting {SITE.name(page)} ({visit.url}) failed:\n{visit.error}", pytrace=False)
    problems = visit.problems[check]
    assert not problems, f"{SITE.name(page)}: {CHECKS[check]}:\n  " + "\n  ".join(problems)


def _code_samples(site) -> list[tuple[str, str]]:
    """The fewest built code blocks that together hold every kind of token the site highlights
    (and plain code text): [(page, block HTML)]."""
    blocks = []
    for page in site_pages(site):
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
    with new_tab(browser, served_site) as tab:
        tab.goto(served_site, wait_until="load")
        tab.evaluate(
            "([html, scheme]) => { document.querySelector('article').innerHTML = html;"
            " document.body.setAttribute('data-md-color-scheme', scheme); }",
            ["".join(html for _, html in samples), scheme],
        )
        found = Axe().run(tab, context={"include": [["article .highlight code"]]}, options={"runOnly": ["color-contrast"]})
    assert found.response["passes"], "axe checked no code text (no code block in the built site?)"
    faint = [node["html"][:120] for violation in found.response["violations"] for node in violation["nodes"]]
    assert not faint, (
        f"code text too faint in the {scheme!r} scheme (blocks from {sorted({p for p, _ in samples})}):\n  " + "\n  ".join(faint)
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


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_screenshot(lang, browser, served_site):
    """The first page with a python block (else the first page), full length."""
    pages = SITE.pages(lang)
    page = next((p for p in pages if "```python" in p.read_text(encoding="utf-8")), pages[0])
    with new_tab(browser, served_site) as tab:
        tab.goto(urljoin(served_site, SITE.url_of(page)), wait_until="networkidle")
        for char in "计算图":
            assert not tab.evaluate(_SAME_AS_NOTDEF, char), (
                f"{char} renders as a box (no CJK font): apt-get install fonts-noto-cjk"
            )
        ARTIFACTS.mkdir(exist_ok=True)
        tab.screenshot(path=str(ARTIFACTS / f"{lang}-{page.stem}.png"), full_page=True)
