"""What a search engine reads on every built page but the 404 pages (not indexed), each failure
naming the page: its own description, in its own language, the one its front matter gives (without
one a page shows the site's description, the same on every page of its language); and one canonical
link, to its own address under site_url (the deploy address).
"""

from __future__ import annotations

import html
import re
import shutil
from collections import defaultdict
from pathlib import Path

from docs_pipeline.pages import parse
from docs_pipeline.site import layout
from tests.site_loads import describe, site_pages

SITE = layout()
DESCRIPTION = re.compile(r'<meta name="description" content="([^"]*)"')
CANONICAL = re.compile(r'<link rel="canonical" href="([^"]*)"')
HAN = re.compile(r"[\u4e00-\u9fff]")


def meta_problems(site_dir: Path) -> list[str]:
    """Every way the built site's descriptions and canonical links fall short, one line each, naming the page."""
    problems = []
    by_language: dict[tuple[str, str], list[str]] = defaultdict(list)
    for built in site_pages(site_dir):
        if built.name == "404.html":
            continue
        page = built.relative_to(site_dir).as_posix()
        name, text = describe(site_dir, page), built.read_text(encoding="utf-8")
        source = SITE.root / SITE.source_of(built, site_dir)  # its <html lang>: tests/test_build.py
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
        if lang == SITE.default and not HAN.search(shown):
            problems.append(f"{name}: its description is not in Chinese: {shown!r}")
        if lang != SITE.default and HAN.search(shown):
            problems.append(f"{name}: its description ({lang}) has Chinese in it: {shown!r}")
    for (lang, shown), names in sorted(by_language.items()):
        if len(names) > 1:
            problems.append(f"{', '.join(names)} ({lang}) share one description: {shown!r}")
    return problems


def test_every_page_has_its_own_description_in_its_language_and_one_canonical_link_to_itself(built_site):
    problems = meta_problems(built_site)
    assert not problems, "descriptions (front matter `description:`) and canonical links:\n  " + "\n  ".join(problems)


def test_a_description_copied_from_another_page_names_both(built_site, tmp_path):
    """The built pages, the home page given the glossary's description."""
    site_dir = tmp_path / "site"
    shutil.copytree(built_site, site_dir)
    copied = DESCRIPTION.search((site_dir / "glossary" / "index.html").read_text(encoding="utf-8")).group(0)
    home = site_dir / "index.html"
    home.write_text(DESCRIPTION.sub(lambda _: copied, home.read_text(encoding="utf-8"), count=1), encoding="utf-8")
    shared = [p for p in meta_problems(site_dir) if "share one description" in p]
    assert shared and "docs/zh/index.md" in shared[0] and "docs/zh/glossary.md" in shared[0], shared
