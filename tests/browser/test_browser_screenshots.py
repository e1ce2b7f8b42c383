"""Chinese renders in Chinese glyphs, not boxes; full-length screenshots of a Chinese and an English
page with code go to test-artifacts/ for a person to look at; the icon sprite draws every icon as
the theme does."""

from __future__ import annotations

from urllib.parse import urljoin

import pytest

from docs_pipeline.site import layout
from tests.browser.site_browser import ARTIFACTS, new_context

SITE = layout()
DOCS, url_of = SITE.docs, SITE.url_of

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
    """A page with code (the first one that has a code block, else the home page), full length."""
    candidates = sorted((DOCS / lang).rglob("*.md"))
    page = next((p for p in candidates if "```python" in p.read_text(encoding="utf-8")), DOCS / lang / "index.md")
    context = new_context(browser, served_site)
    try:
        tab = context.new_page()
        tab.goto(urljoin(served_site, url_of(page)), wait_until="networkidle")
        for char in "计算图":
            assert not tab.evaluate(_SAME_AS_NOTDEF, char), (
                f"{char} renders as a box (no CJK font): apt-get install fonts-noto-cjk"
            )
        ARTIFACTS.mkdir(exist_ok=True)
        tab.screenshot(path=str(ARTIFACTS / f"{lang}-{page.stem}.png"), full_page=True)
    finally:
        context.close()
