"""The strict build serves every page in its own language, with its own search index and 404 page;
what every built HTML file holds is checked in one walk over them."""

import json
import re

import pytest

from docs_pipeline.pages import parse
from docs_pipeline.site import layout
from docs_pipeline.translations import missing_counterparts
from tests.site_loads import describe, site_pages

SITE = layout()
OVERRIDES = SITE.root / "overrides"
STYLESHEETS = OVERRIDES / "assets" / "stylesheets"
SEARCH_BASE = re.compile(r'<script id="__config"[^>]*>\{[^<]*?"base": "([^"]*)"')
ICONS = (
    re.compile(r'<link rel="stylesheet" href="[^"]*assets/stylesheets/icons\.css">'),
    re.compile(r'<link rel="preload" href="[^"]*assets/images/icons\.svg" as="image"'),
)
GRAPH_TITLE = re.compile(r'<svg [^>]*class="autograd-graph[^>]*>\s*<title id="[^"]*">([^<]+)</title>')
HREFLANG = re.compile(r"""<link\b(?=[^>]*\srel=["']?alternate\b)(?=[^>]*\shreflang=)[^>]*>""", re.I)


def test_the_strict_build_passes(build):
    """The one test that names a failed build: the tests that need the built site are skipped with it. A page
    in one language only fails the build too, but tests/test_parity.py names it first."""
    if build.returncode and (missing := missing_counterparts()):
        pytest.skip(f"{missing[0]}: the build cannot pass without it (tests/test_parity.py)")
    assert build.returncode == 0, f"mkdocs build --strict failed:\n{build.stdout[-5000:]}{build.stderr[-10000:]}"


def test_every_page_and_each_languages_404_page_is_built(built_site):
    """The notebook pages: tests/test_notebooks.py."""
    expected = [f"{SITE.url_of(p)}index.html" for p in SITE.pages()] + [f"{SITE.prefix(lang)}404.html" for lang in SITE.languages]
    missing = [describe(built_site, page) for page in expected if not (built_site / page).is_file()]
    assert not missing, f"pages not built: {missing}"


def test_every_built_page(built_site):
    """Every built HTML file (the notebook and 404 pages too), each failure naming it: the <html lang>
    of the language it is published under and, off the default language, Material's search base at that
    language's root; no empty code block and no span in code that looks the same as plain text (see the
    tests below); icons.css and the preload of icons.svg; every script deferred, Material's among them
    (overrides/main.html defers them: one run while the page is parsed lays the whole page out inside its
    task); no <link rel="alternate" hreflang>: Material's script fetches sitemap.xml beside each, and the
    i18n plugin's per-page alternates have none there, so each view would 404 (hreflang: sitemap.xml);
    no notebook page in the navigation (a page's notebook page is linked from its notes).
    """
    problems = []
    for built in site_pages(built_site):
        name, html = describe(built_site, built.relative_to(built_site).as_posix()), built.read_text(encoding="utf-8")
        lang = SITE.language_of(SITE.root / SITE.source_of(built, built_site))
        base = SEARCH_BASE.search(html)
        tags = re.findall(r"<script\b[^>]*\bsrc=[^>]*>", html)
        wrong = {
            f'not <html lang="{lang}">': f'<html lang="{lang}"' not in html,
            f"Material's search base {base and base.group(1)!r} is not the {lang} root": lang != SITE.default
            and not (base and base.group(1).endswith(f"/{lang}/")),
            "an empty code block": "<code></code>" in html,
            "name, whitespace, punctuation or operator spans in code": re.search(r'<span class="(?:n|w|p|o|ow)">', html),
            "no icons.css or no preload of icons.svg": not all(pattern.search(html) for pattern in ICONS),
            "no Material's script": not any(re.search(r"/bundle\.[0-9a-f]+\.min\.js", tag) for tag in tags),
            "a <link rel=alternate hreflang>": HREFLANG.search(html),
            "a notebook page in the navigation": re.search(r'href="[^"]*notebooks/[^"]*" class="md-nav__link', html),
        }
        problems += [f"{name}: {what}" for what, found in wrong.items() if found]
        problems += [f"{name}: script not deferred: {tag}" for tag in tags if not re.search(r"\sdefer[\s>]", tag)]
    assert not problems, "built pages:\n" + "\n".join(problems)


def test_each_language_has_its_own_search_index_without_code(built_site):
    """Every first visit loads its language's index: prose and headings, not the programs and outputs,
    nor the graphs' labels and titles (data-search-exclude, docs_pipeline/graphs.py), and no notebook
    page: they stay out of search."""
    for lang in SITE.languages:
        index = built_site / SITE.prefix(lang) / "search" / "search_index.json"
        docs = json.loads(index.read_text(encoding="utf-8"))["docs"]
        found = {SITE.prefix(lang) + d["location"].split("#")[0] for d in docs}
        indexed = {SITE.url_of(p) for p in SITE.pages(lang) if not (parse(p).meta.get("search") or {}).get("exclude")}
        assert found == indexed, (
            f"{index.relative_to(built_site)} must hold exactly the {lang} pages not excluded from search:"
            f" it holds {sorted(found - indexed)} too and lacks {sorted(indexed - found)}"
        )
        with_code = [d["location"] for d in docs if "<pre" in d["text"]]
        assert docs and not with_code, f"{index.relative_to(built_site)}: code indexed in {with_code[:5]}"
        pages = (built_site / SITE.url_of(p) / "index.html" for p in SITE.pages(lang))
        titles = {t for page in pages for t in GRAPH_TITLE.findall(page.read_text(encoding="utf-8"))}
        with_graphs = [d["location"] for d in docs if any(t in d["text"] for t in titles)]
        assert titles and not with_graphs, f"{index.relative_to(built_site)}: graphs indexed in {with_graphs[:5]}"


def test_code_keeps_no_spans_that_look_the_same_as_plain_text():
    """docs_pipeline/page_html.py takes out Pygments' spans around names, whitespace,
    punctuation and operators (PLAIN_SPAN; that none is left: test_every_built_page). That is only right while
    pages.css draws names, punctuation and operators in the code's own colour in both palettes
    (through the theme's variables) and no stylesheet of the site styles those classes."""
    own = " ".join((STYLESHEETS / name).read_text(encoding="utf-8") for name in ("pages.css", "steps.css"))
    own = re.sub(r"/\*.*?\*/", "", own, flags=re.S)
    for token in ("name", "punctuation", "operator"):
        declared = [
            (selector.strip(), value)
            for selector, value in re.findall(rf"([^{{}}]*)\{{[^}}]*--md-code-hl-{token}-color:\s*([^;}}]*)", own)
        ]
        assert declared == [("[data-md-color-scheme]", "var(--md-code-fg-color)")], (
            f"pages.css sets --md-code-hl-{token}-color as {declared}, not to the code's own colour in both"
            f" palettes: docs_pipeline/page_html.py must keep their spans (PLAIN_SPAN)"
        )
    for token in ("n", "w", "p", "o", "ow"):
        assert not re.search(rf"\.{token}\b", own), f"pages.css or steps.css styles .{token} in code"
