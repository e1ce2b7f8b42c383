"""What a search engine reads on every built page but the 404 pages (not indexed), each failure
naming the page: its own description, in its own language, the one its front matter gives (without
one a page shows the site's description, the same on every page of its language); and one canonical
link, to its own address under site_url (the deploy address).
"""

import re
from collections import defaultdict

from docs_pipeline.pages import parse
from tests.helpers import SITE, fail_if
from tests.site_loads import describe, source

HAN = re.compile(r"[\u4e00-\u9fff]")


def meta_problems(pages):
    """Every way the built pages ({path in the site: parsed HTML}) fall short in descriptions and canonical
    links, one line each, naming the page."""
    by_language = defaultdict(list)  # (language, description) -> pages
    for page, doc in pages.items():
        if page.endswith("404.html"):
            continue
        origin = source(page)
        name, lang = describe(page), SITE.language_of(origin)  # <html lang>: tests/test_build.py
        address = f"{SITE.site_url}{page.removesuffix('index.html')}"
        if (links := [link.attributes["href"] for link in doc.css("link[rel=canonical]")]) != [address]:
            yield f"{name}: canonical links {links}, expected one, to its own address under site_url {address}"
        found = doc.css_first("meta[name=description]")
        shown = " ".join(((found and found.attributes["content"]) or "").split())
        if not shown:
            yield f'{name}: no <meta name="description">'
            continue
        by_language[lang, shown].append(name)
        own = " ".join(str(parse(origin).meta.get("description") or "").split()) if origin.is_file() else shown
        if not own:
            yield f"{name}: no `description:` in its front matter (the page shows the site's description)"
        elif own != shown:
            yield f"{name}: the built page's description is {shown!r}, not its front matter's {own!r}"
        if (lang == SITE.default) != bool(HAN.search(shown)):
            yield f"{name}: its description is not in its language ({lang}): {shown!r}"
    for (lang, shown), names in sorted(by_language.items()):
        if len(names) > 1:
            yield f"{', '.join(names)} ({lang}) share one description: {shown!r}"


def test_every_page_has_its_own_description_in_its_language_and_one_canonical_link_to_itself(built_pages):
    fail_if(meta_problems(built_pages), "descriptions (front matter `description:`) and canonical links:")


def test_a_description_copied_from_another_page_names_both(built_pages):
    """The built pages, the glossary's page served as the home page too."""
    shared = [
        p
        for p in meta_problems({**built_pages, "index.html": built_pages["glossary/index.html"]})
        if "share one description" in p
    ]
    assert shared and "docs/zh/index.md" in shared[0] and "docs/zh/glossary.md" in shared[0], shared
