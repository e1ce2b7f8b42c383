"""The strict build serves every page in its own language, with its own search index and 404 page."""

import json
import re
from xml.etree import ElementTree

import pytest

from docs_pipeline.pages import parse
from docs_pipeline.site import layout

SITE = layout()
OVERRIDES = SITE.root / "overrides"
STYLESHEETS = OVERRIDES / "assets" / "stylesheets"


def _html(site, url: str) -> str:
    return (site / url / "index.html").read_text(encoding="utf-8")


def _built(site) -> list[tuple[str, str]]:
    """Every built HTML file: (its path in the site, its text)."""
    return [(p.relative_to(site).as_posix(), p.read_text(encoding="utf-8")) for p in sorted(site.rglob("*.html"))]


@pytest.mark.parametrize("page", SITE.pages(), ids=SITE.name)
def test_every_page_is_built_with_its_lang_attribute(built_site, page):
    html_file = built_site / SITE.url_of(page) / "index.html"
    assert html_file.is_file(), f"{SITE.name(page)} was not built to {SITE.url_of(page)}index.html"
    lang = SITE.language_of(page)
    assert f'<html lang="{lang}"' in _html(built_site, SITE.url_of(page)), (
        f"{SITE.url_of(page)} (from {SITE.name(page)}) has the wrong <html lang>"
    )


def test_no_empty_code_blocks(built_site):
    empty = [name for name, html in _built(built_site) if "<code></code>" in html]
    assert not empty, f"empty code blocks in {empty}"


def test_each_language_has_its_own_search_index_without_code(built_site):
    """Every first visit loads its language's index: prose and headings, not the programs and outputs."""
    for lang in SITE.languages:
        index = built_site / SITE.prefix(lang) / "search" / "search_index.json"
        docs = json.loads(index.read_text(encoding="utf-8"))["docs"]
        found = {SITE.prefix(lang) + d["location"].split("#")[0] for d in docs}
        indexed = {SITE.url_of(p) for p in SITE.pages(lang) if not (parse(p).meta.get("search") or {}).get("exclude")}
        assert found == indexed, f"{index.relative_to(built_site)} must hold exactly the {lang} pages not excluded from search"
        with_code = [d["location"] for d in docs if "<pre" in d["text"]]
        assert docs and not with_code, f"{index.relative_to(built_site)}: code indexed in {with_code[:5]}"
        if lang != SITE.default:
            for page in SITE.pages(lang):
                base = re.search(
                    r'<script id="__config"[^>]*>\{[^<]*?"base": "([^"]*)"', _html(built_site, SITE.url_of(page))
                ).group(1)
                assert base.endswith(f"/{lang}/"), f"{SITE.url_of(page)}: Material's search base {base!r} is not the {lang} root"


def test_each_language_has_its_404_page(built_site):
    for lang in SITE.languages:
        page = built_site / SITE.prefix(lang) / "404.html"
        assert page.is_file(), f"no {page.relative_to(built_site)}"
        assert f'<html lang="{lang}"' in page.read_text(encoding="utf-8"), f"{page.relative_to(built_site)} is not lang={lang}"


def test_code_has_no_spans_that_look_the_same_as_plain_text(built_site):
    """docs_pipeline/hooks/code_blocks.py takes out Pygments' spans around names, whitespace,
    punctuation and operators. That is only right while pages.css draws names, punctuation and
    operators in the code's own colour in both palettes (through the theme's variables) and no
    stylesheet of the site styles those classes."""
    left = [name for name, html in _built(built_site) if re.search(r'<span class="(?:n|w|p|o|ow)">', html)]
    assert not left, f"name, whitespace, punctuation or operator spans left in {left[:5]}"
    own = " ".join((STYLESHEETS / name).read_text(encoding="utf-8") for name in ("pages.css", "steps.css"))
    own = re.sub(r"/\*.*?\*/", "", own, flags=re.S)
    for token in ("name", "punctuation", "operator"):
        declared = [
            (selector.strip(), value)
            for selector, value in re.findall(rf"([^{{}}]*)\{{[^}}]*--md-code-hl-{token}-color:\s*([^;}}]*)", own)
        ]
        assert declared == [("[data-md-color-scheme]", "var(--md-code-fg-color)")], (
            f"pages.css sets --md-code-hl-{token}-color as {declared}, not to the code's own colour in both"
            f" palettes: code_blocks.py must keep their spans"
        )
    for token in ("n", "w", "p", "o", "ow"):
        assert not re.search(rf"\.{token}\b", own), f"pages.css or steps.css styles .{token} in code"


def test_the_themes_icons_come_from_one_file(built_site):
    """icons.css points Material's icon variables at views of icons.svg (overrides/assets/), and
    every page loads both."""
    icons_css = (STYLESHEETS / "icons.css").read_text(encoding="utf-8")
    own = dict(re.findall(r'--(md-[a-z0-9-]+): url\("([^"]+)"\)', icons_css))
    assert own and all(url == f"../images/icons.svg#{name}" for name, url in own.items()), own
    drawing = (OVERRIDES / "assets" / "images" / "icons.svg").read_text(encoding="utf-8")
    ElementTree.fromstring(drawing)
    views = re.findall(r"<view id='([^']+)'", drawing)
    assert sorted(views) == sorted(own), f"icons.svg has views {sorted(views)}, icons.css names {sorted(own)}"
    stylesheet = re.compile(r'<link rel="stylesheet" href="[^"]*assets/stylesheets/icons\.css">')
    preload = re.compile(r'<link rel="preload" href="[^"]*assets/images/icons\.svg" as="image"')
    missing = [name for name, html in _built(built_site) if not (stylesheet.search(html) and preload.search(html))]
    assert not missing, f"pages without icons.css or the preload of icons.svg: {missing[:5]}"


def test_every_script_runs_after_the_page_is_parsed(built_site):
    """overrides/main.html defers every script it loads, Material's too: a script that runs while
    the page is parsed makes the browser lay out the whole page inside the script's task."""
    undeferred, without_theme = [], []
    for name, html in _built(built_site):
        tags = re.findall(r"<script\b[^>]*\bsrc=[^>]*>", html)
        undeferred += [f"{name}: {tag}" for tag in tags if not re.search(r"\sdefer[\s>]", tag)]
        if not any(re.search(r"/bundle\.[0-9a-f]+\.min\.js", tag) for tag in tags):
            without_theme.append(name)
    assert not undeferred, f"scripts not deferred: {undeferred[:5]}"
    assert not without_theme, f"pages without Material's script: {without_theme[:5]}"
