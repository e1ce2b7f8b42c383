"""What a search engine reads on every built page but the 404 pages (not indexed), each failure
naming the page: its own description, in its own language, the one its front matter gives (without
one a page shows the site's description, the same on every page of its language); and one canonical
link, to its own address under site_url (the deploy address).
"""

import html
import re
from collections import defaultdict
from pathlib import Path

import pytest

from docs_pipeline.pages import parse
from docs_pipeline.site import layout
from tests.site_loads import describe, site_pages

SITE = layout()
DESCRIPTION = re.compile(r'<meta name="description" content="([^"]*)"')
CANONICAL = re.compile(r'<link rel="canonical" href="([^"]*)"')
HAN = re.compile(r"[\u4e00-\u9fff]")


def meta_problems(pages: dict[str, str]) -> list[str]:
    """Every way the built pages ({path in the site: HTML}) fall short in descriptions and canonical
    links, one line each, naming the page."""
    problems = []
    by_language = defaultdict(list)  # (language, description) -> pages
    for page, text in pages.items():
        if page.endswith("404.html"):
            continue
        name, source = describe(Path(), page), SITE.root / SITE.source_of(Path(page), Path())  # <html lang>: test_build
        lang, own_address = SITE.language_of(source), SITE.site_url + page.removesuffix("index.html")
        links = [html.unescape(link) for link in CANONICAL.findall(text)]
        if len(links) != 1:
            problems.append(f"{name}: {len(links)} canonical links, expected one")
        elif links[0] != own_address:
            problems.append(f"{name}: canonical {links[0]}, expected its own address under site_url {own_address}")
        found = DESCRIPTION.search(text)
        shown = " ".join(html.unescape(found.group(1)).split()) if found else ""
        if not shown:
            problems.append(f'{name}: no <meta name="description">')
            continue
        by_language[(lang, shown)].append(name)
        own = " ".join(str(parse(source).meta.get("description") or "").split()) if source.is_file() else shown
        if not own:
            problems.append(f"{name}: no `description:` in its front matter (the page shows the site's description)")
        elif own != shown:
            problems.append(f"{name}: the built page's description is {shown!r}, not its front matter's {own!r}")
        if (lang == SITE.default) != bool(HAN.search(shown)):
            problems.append(f"{name}: its description is not in its language ({lang}): {shown!r}")
    for (lang, shown), names in sorted(by_language.items()):
        if len(names) > 1:
            problems.append(f"{', '.join(names)} ({lang}) share one description: {shown!r}")
    return problems


@pytest.fixture(scope="module")
def built_pages(built_site):
    return {p.relative_to(built_site).as_posix(): p.read_text(encoding="utf-8") for p in site_pages(built_site)}


def test_every_page_has_its_own_description_in_its_language_and_one_canonical_link_to_itself(built_pages):
    problems = meta_problems(built_pages)
    assert not problems, "descriptions (front matter `description:`) and canonical links:\n  " + "\n  ".join(problems)


def test_a_description_copied_from_another_page_names_both(built_pages):
    """The built pages, the home page given the glossary's description."""
    copied = DESCRIPTION.search(built_pages["glossary/index.html"]).group(0)
    home = DESCRIPTION.sub(lambda _: copied, built_pages["index.html"], count=1)
    shared = [p for p in meta_problems({**built_pages, "index.html": home}) if "share one description" in p]
    assert shared and "docs/zh/index.md" in shared[0] and "docs/zh/glossary.md" in shared[0], shared
