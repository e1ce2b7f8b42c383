"""The strict build serves every page in its own language, with its own search index and 404 page;
what every built HTML file holds is checked in one walk over them."""

import json
import re

import pytest

from docs_pipeline.pages import expand, parse
from docs_pipeline.translations import missing_counterparts
from tests.helpers import SITE, fails_listing, read
from tests.site_loads import describe, source

ICONS = 'html:has(link[rel=stylesheet][href$="stylesheets/icons.css"]):has(link[rel=preload][as=image][href$="images/icons.svg"])'
NOWHERE = {  # what no built page holds: {what a failure says: a selector}
    "name, whitespace, punctuation or operator spans in code": "code span.n, code span.w, code span.p, code span.o, code span.ow",
    "a <link rel=alternate hreflang>": "link[rel=alternate][hreflang]",
    "a notebook page in the navigation": 'a.md-nav__link[href*="notebooks/"]',
    "a script not deferred": "script[src]:not([defer])",
}


def test_the_strict_build_passes(build):
    """The one test that names a failed build: the tests that need the built site are skipped with it. A page
    in one language only fails the build too, but tests/test_parity.py names it first."""
    if build.returncode and (missing := missing_counterparts()):
        pytest.skip(f"{missing[0]}: the build cannot pass without it (tests/test_parity.py)")
    assert build.returncode == 0, f"mkdocs build --strict failed:\n{build.stdout[-5000:]}{build.stderr[-10000:]}"


def _lines(text):
    return "\n".join(line.rstrip() for line in text).strip("\n")


@fails_listing
def test_every_built_page(built_site, built_pages):
    """Every built HTML file (the notebook and 404 pages too), each failure naming it: the <html lang>
    of the language it is published under and, off the default language, Material's search base at that
    language's root; no empty code block and no span in code that looks the same as plain text (see the
    test below); each code block shows what the page includes; icons.css and the preload of icons.svg;
    every script deferred, Material's among them (overrides/main.html defers them: one run while the page is
    parsed lays the whole page out inside its task); no <link rel="alternate" hreflang>: Material's script
    fetches sitemap.xml beside each, and the i18n plugin's per-page alternates have none there, so each view
    would 404 (hreflang: sitemap.xml); no notebook page in the navigation (a page's notebook page is linked
    from its notes). And every page is built, each language's 404 page too (the notebook pages:
    tests/test_notebooks.py).
    """
    expected = [f"{SITE.url_of(p)}index.html" for p in SITE.pages()] + [f"{SITE.prefix(lang)}404.html" for lang in SITE.languages]
    yield from [f"{describe(page)}: not built" for page in expected if page not in built_pages]
    for page, doc in built_pages.items():
        markdown = source(page)
        name, lang = describe(page), SITE.language_of(markdown)
        base = json.loads(doc.css_first("#__config").text())["base"]
        wrong = {
            f'not <html lang="{lang}">': doc.css_first(f"html:not([lang={lang}])"),
            f"Material's search base {base!r} is not the {lang} root": lang != SITE.default and not base.endswith(f"/{lang}/"),
            "an empty code block": any(not code.text() for code in doc.css("code")),
            "no icons.css or no preload of icons.svg": not doc.css_first(ICONS),
            "no Material's script": not doc.css_first('script[src*="/javascripts/bundle."][src$=".min.js"]'),
            **{what: doc.css_first(selector) for what, selector in NOWHERE.items()},
        }
        yield from [f"{name}: {what}" for what, found in wrong.items() if found]
        if not markdown.is_file():
            continue
        # its code blocks show what it includes, as snippets/ holds it, in order (the copy button: the browser tests)
        shown, blocks = doc.css("article div.highlight pre > code"), parse(markdown).blocks
        if len(shown) != len(blocks):
            yield f"{name}: {len(blocks)} fenced blocks in {SITE.name(markdown)}, {len(shown)} code blocks built"
            continue
        yield from [
            f"{block.where}: the built block does not show {', '.join(block.includes)}"
            for block, code in zip(blocks, shown, strict=True)
            if _lines(code.text().splitlines()) != _lines(expand(block.includes))
        ]


def test_each_language_has_its_own_search_index_without_code(built_site, built_pages):
    """Every first visit loads its language's index: prose and headings, not the programs and outputs,
    nor the graphs' labels and titles (data-search-exclude, docs_pipeline/graphs.py), and no notebook
    page: they stay out of search."""
    for lang in SITE.languages:
        index = f"{SITE.prefix(lang)}search/search_index.json"
        docs = json.loads(read(built_site / index))["docs"]
        found = {f"{SITE.prefix(lang)}{d['location'].split('#')[0]}" for d in docs}
        indexed = {SITE.url_of(p) for p in SITE.pages(lang) if not (parse(p).meta.get("search") or {}).get("exclude")}
        assert found == indexed, (
            f"{index} must hold exactly the {lang} pages not excluded from search: it holds {sorted(found - indexed)} too and lacks {sorted(indexed - found)}"
        )
        with_code = [d["location"] for d in docs if "<pre" in d["text"]]
        assert docs and not with_code, f"{index}: code indexed in {with_code[:5]}"
        titles = {
            t.text().strip()
            for p in SITE.pages(lang)
            for t in built_pages[f"{SITE.url_of(p)}index.html"].css("svg.autograd-graph > title")
        }
        with_graphs = [d["location"] for d in docs if any(t in d["text"] for t in titles)]
        assert titles and not with_graphs, f"{index}: graphs indexed in {with_graphs[:5]}"


def test_code_keeps_no_spans_that_look_the_same_as_plain_text():
    """docs_pipeline/page_html.py takes out Pygments' spans around names, whitespace,
    punctuation and operators (PLAIN_SPAN; that none is left: test_every_built_page). That is only right while
    pages.css draws names, punctuation and operators in the code's own colour in both palettes
    (through the theme's variables) and no stylesheet of the site styles those classes."""
    own = " ".join(read(SITE.root / f"overrides/assets/stylesheets/{name}") for name in ("pages.css", "steps.css"))
    own = re.sub(r"(?s)/\*.*?\*/", "", own)
    for token in ("name", "punctuation", "operator"):
        declared = re.findall(rf"([^{{}}\s][^{{}}]*?)\s*\{{[^}}]*--md-code-hl-{token}-color:\s*([^;}}]*)", own)
        assert declared == [("[data-md-color-scheme]", "var(--md-code-fg-color)")], (
            f"pages.css sets --md-code-hl-{token}-color as {declared}, not to the code's own colour in both palettes: docs_pipeline/page_html.py must keep their spans (PLAIN_SPAN)"
        )
    styled = re.findall(r"\.(?:n|w|p|o|ow)\b", own)
    assert not styled, f"pages.css or steps.css styles {styled} in code"
