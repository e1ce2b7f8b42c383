"""Page weight of every page's first visit, and screenshots of a Chinese and an English page.

Weight: every request of a first visit (empty cache) until the network goes quiet, the search
index and search worker included. The test server (http.server) does not compress, so each body
is gzipped here (level 6, what a gzip-serving host typically sends; a body that gzip would make
larger counts as is). Headers are not counted. The table is printed at the end of the test run
and written to test-artifacts/page-weight.json.
"""

from __future__ import annotations

import json
from urllib.parse import urljoin

import pytest

from docs_pipeline.site import layout
from docs_pipeline.site_loads import PAGE_WEIGHT_LIMIT_KIB
from tests.browser import site_browser
from tests.browser.site_browser import ARTIFACTS, new_context

SITE = layout()
DOCS, url_of = SITE.docs, SITE.url_of
LIMIT_KB = PAGE_WEIGHT_LIMIT_KIB


def test_page_weight(first_visits):
    rows = []
    for visit in first_visits.values():
        assert not visit.error, f"visiting {visit.name} failed:\n{visit.error}"
        rows.append(
            {
                "page": visit.name,
                "url": url_of(visit.page),
                "requests": len(visit.requests),
                "raw_kb": round(sum(r.raw for r in visit.requests) / 1024, 1),
                "gzip_kb": round(sum(r.gzipped for r in visit.requests) / 1024, 1),
                "largest": max(visit.requests, key=lambda r: r.gzipped).url.split("/", 3)[-1],
                "visit_s": round(visit.seconds, 1),
            }
        )
    rows.sort(key=lambda row: -row["gzip_kb"])
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "page-weight.json").write_text(
        json.dumps({"limit_kb": LIMIT_KB, "compression": "gzip -6 per body", "pages": rows}, indent=2) + "\n",
        encoding="utf-8",
    )
    table = [f"{'page':32} {'requests':>8} {'raw KB':>8} {'gzip KB':>8}  largest (gzipped)"] + [
        f"{row['page']:32} {row['requests']:>8} {row['raw_kb']:>8} {row['gzip_kb']:>8}  {row['largest']}" for row in rows
    ]
    site_browser.REPORT["page weight, first visit (gzip -6 per body), test-artifacts/page-weight.json"] = table
    heaviest = rows[0]
    assert heaviest["gzip_kb"] < LIMIT_KB, (
        f"{heaviest['page']} weighs {heaviest['gzip_kb']} KB compressed on a first visit (limit {LIMIT_KB} KB); "
        "see test-artifacts/page-weight.json"
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
        shot = ARTIFACTS / f"{lang}-{page.stem}.png"
        tab.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 10_000, f"{shot} is suspiciously small"
    finally:
        context.close()


# Each icon of Material's stylesheet twice, 48 px, drawn as Material draws icons (a mask over a
# colour): from the theme's own data: URI, and from the view of assets/images/icons.svg that the
# site's icons.css puts in its place (docs_pipeline/hooks/icon_sprite.py).
_ICON_BOARD = """async () => {
    const sheets = [...document.styleSheets].map(s => s.href || '');
    const theme = sheets.find(h => /\\/main\\.[0-9a-f]+\\.min\\.css$/.test(h));
    const icons = sheets.find(h => h.endsWith('/assets/stylesheets/icons.css'));
    const css = await (await fetch(theme)).text();
    const board = document.createElement('div');
    board.style.cssText = 'position:absolute;inset:0 auto auto 0;z-index:9999;background:#fff;display:flex;flex-wrap:wrap;width:144px';
    const names = [];
    for (const [, name, original] of css.matchAll(/--(md-[a-z0-9-]+):(url\\("data:image\\/svg\\+xml[^"]*"\\))/g)) {
        const own = getComputedStyle(document.documentElement).getPropertyValue('--' + name).trim();
        const target = /^url\\("(.+)"\\)$/.exec(own);
        for (const mask of [original, target ? `url("${new URL(target[1], icons)}")` : 'none', 'none']) {
            const icon = document.createElement('div');
            icon.style.cssText = `width:48px;height:48px;background:#000;mask:${mask} center/contain no-repeat`;
            board.append(icon);
        }
        names.push(name);
    }
    document.body.append(board);
    return names;
}"""


def test_icons_from_one_file_draw_as_the_theme_draws_them(browser, served_site):
    context = new_context(browser, served_site)
    try:
        tab = context.new_page()
        tab.goto(urljoin(served_site, "en/"), wait_until="networkidle")
        names = tab.evaluate(_ICON_BOARD)
        assert len(names) > 30, names
        tab.wait_for_load_state("networkidle")
        icons = tab.locator("body > div:last-child > div")
        differ = []
        for n, name in enumerate(names):
            theme, own, blank = (icons.nth(3 * n + k).screenshot(animations="disabled") for k in range(3))
            if theme == blank or own != theme:
                differ.append(name)
        assert not differ, f"icons.svg draws these unlike Material's stylesheet (or not at all): {differ}"
    finally:
        context.close()
