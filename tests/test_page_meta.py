"""What a search engine reads on every built page but the 404 pages (not indexed), each failure
naming the page: its own description, in its own language, the one its front matter gives (without
one a page shows the site's description, the same on every page of its language); and one canonical
link, under site_url (the deploy address), to a page the build wrote, a page of docs/ to itself.
"""

from __future__ import annotations

import html
import re
import shutil
from collections import defaultdict
from pathlib import Path

from docs_pipeline.pages import parse
from docs_pipeline.site import layout
from docs_pipeline.site_loads import site_pages

DESCRIPTION = re.compile(r'<meta name="description" content="([^"]*)"')
CANONICAL = re.compile(r'<link rel="canonical" href="([^"]*)"')
LANG = re.compile(r'<html lang="([^"]*)"')
HAN = re.compile(r"[\u4e00-\u9fff]")


def _built_pages(site_dir: Path):
    """(built file, its name, its HTML, its page of docs/ or None) of every built page but the 404s."""
    site = layout()
    for built in site_pages(site_dir):
        if built.name != "404.html":
            source = site.root / site.source_of(built, site_dir)
            name = site.name(source) if source.is_file() else f"site/{built.relative_to(site_dir).as_posix()}"
            yield built, name, built.read_text(encoding="utf-8"), source if source.is_file() else None


def description_problems(site_dir: Path) -> list[str]:
    """Every way the built site's descriptions fall short, one line each, naming the page."""
    site = layout()
    problems = []
    by_language: dict[tuple[str, str], list[str]] = defaultdict(list)
    for built, name, text, source in _built_pages(site_dir):
        lang = (LANG.search(text) or [None, "?"])[1]
        found = DESCRIPTION.search(text)
        shown = " ".join(html.unescape(found.group(1)).split()) if found else ""
        if not shown:
            problems.append(f'{name}: no <meta name="description"> in site/{built.relative_to(site_dir).as_posix()}')
            continue
        by_language[(lang, shown)].append(name)
        own = " ".join(str(parse(source).meta.get("description") or "").split()) if source else shown
        if not own:
            problems.append(f"{name}: no `description:` in its front matter (the page shows the site's description)")
        elif own != shown:
            problems.append(f"{name}: the built page's description is {shown!r}, not its front matter's {own!r}")
        if lang == site.default and not HAN.search(shown):
            problems.append(f"{name}: its description is not in Chinese: {shown!r}")
        if lang != site.default and HAN.search(shown):
            problems.append(f"{name}: its description ({lang}) has Chinese in it: {shown!r}")
    for (lang, shown), names in sorted(by_language.items()):
        if len(names) > 1:
            problems.append(f"{', '.join(names)} ({lang}) share one description: {shown!r}")
    return problems


def canonical_problems(site_dir: Path) -> list[str]:
    site = layout()
    problems = []
    for _, name, text, source in _built_pages(site_dir):
        links = CANONICAL.findall(text)
        if len(links) != 1:
            problems.append(f"{name}: {len(links)} canonical links, expected one")
            continue
        link = html.unescape(links[0])
        if not link.startswith(site.site_url):
            problems.append(f"{name}: canonical {link} is not under site_url ({site.site_url}), the deploy address")
            continue
        target = site_dir / link[len(site.site_url) :]
        if not (target / "index.html" if not target.suffix else target).is_file():
            problems.append(f"{name}: canonical {link} is no page of the built site")
        if source and link != site.site_url + site.url_of(source):
            problems.append(f"{name}: canonical {link}, expected its own address {site.site_url + site.url_of(source)}")
    return problems


def test_every_page_has_its_own_description_in_its_language(built_site):
    problems = description_problems(built_site)
    assert not problems, "descriptions (front matter `description:`):\n  " + "\n  ".join(problems)


def test_every_page_has_one_canonical_link_to_the_deploy_address(built_site):
    problems = canonical_problems(built_site)
    assert not problems, "canonical links:\n  " + "\n  ".join(problems)


def test_a_description_copied_from_another_page_names_both(built_site, tmp_path):
    """The built pages, the home page given the glossary's description."""
    site_dir = tmp_path / "site"
    for built in site_pages(built_site):
        (site_dir / built.relative_to(built_site)).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(built, site_dir / built.relative_to(built_site))
    copied = DESCRIPTION.search((site_dir / "glossary" / "index.html").read_text(encoding="utf-8")).group(0)
    home = site_dir / "index.html"
    home.write_text(DESCRIPTION.sub(lambda _: copied, home.read_text(encoding="utf-8"), count=1), encoding="utf-8")
    shared = [p for p in description_problems(site_dir) if "share one description" in p]
    assert shared and "docs/zh/index.md" in shared[0] and "docs/zh/glossary.md" in shared[0], shared
