"""The built pages (listed, named as failures name them) and what a browser loads on a first visit to
each, read from the built files: for the tests (nothing loads from another host, nothing loaded is
missing, the weight limit).

Loads are the page and every local file it makes the browser fetch (CSS's own urls, and Material's
search worker and index, fetched as soon as a page opens), each gzipped as a static host serves it.
Loads from or connections to other hosts are external: also preconnects, Mermaid diagrams (Material
loads Mermaid from a CDN) and the repository widget's GitHub API call. A plain <a href> loads nothing.
"""

import gzip
import json
import re
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

from selectolax.lexbor import LexborHTMLParser

from tests.helpers import SITE, read

PAGE_WEIGHT_LIMIT_KIB = 200  # a first visit, gzipped: tests/test_publishing.py holds it

# The elements that make the browser fetch a URL on a first visit, or connect to its host, from their href,
# src, poster, data or xlink:href (SVG's <use> and <image>); besides these, any srcset, inline styles and <style>.
FETCHING = "link:is([rel~=stylesheet i], [rel~=icon i], [rel~=shortcut i], [rel~=apple-touch-icon i], [rel~=preload i], [rel~=modulepreload i], [rel~=manifest i], [rel~=prefetch i], [rel~=import i], [rel~=preconnect i], [rel~=dns-prefetch i]), script, img, iframe, embed, audio, source, track, video, input[type=image i], object, use, image"
CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)|@import\s+(['"])([^'"]+)\3""")


def _css_refs(css, url):
    return [urljoin(url, (m[2] or m[4]).strip()) for m in CSS_URL.finditer(css)]


def site_file(url, base_path="/"):
    """The file of the built site (relative to it) that serves `url`, a URL under `base_path` on the site."""
    path = unquote(urlsplit(url).path).removeprefix(base_path).lstrip("/")
    return f"{path}index.html" if not path or path.endswith("/") else path


def page_weight(site, page, base_path):
    """The first-visit weight of one page (relative to the site): it and every file it loads, and what those
    load in turn: {file in the site: gzipped bytes}, the URLs on other hosts it loads, the files it loads that
    the site lacks. `base_path` is site_url's path ("/repo/")."""
    url = f"http://site.invalid{base_path}{page}"
    doc = LexborHTMLParser((site / page).read_bytes())
    refs = [node.attributes.get(name) for node in doc.css(FETCHING) for name in ("href", "src", "poster", "data", "xlink:href")]
    refs += [
        part.split()[0] for node in doc.css("[srcset]") for part in (node.attributes["srcset"] or "").split(",") if part.strip()
    ]
    # Material's repository widget (repo_url) fetches the repository's facts from the GitHub API.
    refs += [
        f"https://api.github.com/repos/{'/'.join(repo.path.strip('/').split('/')[:2])}"
        for source in doc.css("a[data-md-component=source][href]")
        if "github.com" in (repo := urlsplit(source.attributes["href"])).netloc
    ]
    if config := doc.css_first("#__config"):  # Material's search worker, and its index under the site's base
        settings = json.loads(config.text())
        refs += [settings["search"], f"{settings['base'].rstrip('/')}/search/search_index.json"]
    styles = [node.attributes["style"] or "" for node in doc.css("[style]")] + [node.text() for node in doc.css("style")]
    queue = [url] + [urljoin(url, ref.strip()) for ref in refs if ref] + _css_refs(" ".join(styles), url)
    files, missing = {}, []
    external = ["a Mermaid diagram (Material loads Mermaid from a CDN)"] if doc.css_first("pre.mermaid, div.mermaid") else []
    for url in queue:  # grows as CSS files add their urls
        if url.startswith(("data:", "javascript:", "about:", "blob:")):
            continue
        if urlsplit(url).netloc != "site.invalid":
            external.append(url)
            continue
        path = site_file(url, base_path)
        if path in files or path in missing:
            continue
        if not (site / path).is_file():
            missing.append(path)
            continue
        text = (site / path).read_bytes()
        files[path] = len(gzip.compress(text, 6))
        if path.endswith(".css"):
            queue += _css_refs(text.decode(errors="replace"), url)
    return files, list(dict.fromkeys(external)), missing


# One built page of each kind the templates make: what a template gives one page of a kind it gives the
# others. A kind is where its page lies inside its language's folder (a folder or a file), or a selector its
# HTML matches. Taking turns, the languages fall as listed: the 404 page in the default language, the one
# GitHub Pages serves for every missing path.
KINDS = {
    "home": "index.html",
    "notebook": "notebooks/",
    "404": "404.html",
    "rules": "rules/",
    "glossary": "glossary/",
    "stepped figure": "figure.steps",
    "code": "div.highlight",
}


def kinds(pages, each_language=True, smallest=False):
    """A page of each kind in each language (with `each_language` false, in one, the languages taking turns),
    relative to the site: the first one not already chosen (with `smallest`, the one with the fewest elements,
    the cheapest to visit). `pages`: every built page parsed, {its path in the site: its tree} (conftest.py's
    built_pages)."""
    chosen = []
    for n, (kind, where) in enumerate(KINDS.items()):
        for lang in SITE.languages if each_language else [SITE.languages[n % len(SITE.languages)]]:
            found = [
                page
                for page, doc in pages.items()
                if page not in chosen
                and doc.css_first(f"html[lang={lang}]")  # its language (tests/test_build.py holds it to the layout's)
                and (
                    page.removeprefix(SITE.prefix(lang)).startswith(where)
                    if where.endswith(("/", ".html"))
                    else doc.css_first(where)
                )
            ]
            if not found:
                raise LookupError(f"no {kind} page in the built {lang} site: tests/site_loads.py's KINDS")
            chosen.append(min(found, key=lambda page: len(pages[page].css("*"))) if smallest else found[0])
    return chosen


def sample(pages):
    """The pages the browser visits per push, relative to the site: the smallest page of each kind, the languages
    taking turns (kinds: a kind's template is the same in both; what each language's own is, its fonts, labels and
    search, is checked per language elsewhere), then, one page at a time, the page that adds the most
    constructs not yet seen, until every construct of the site is in one of them. A construct is an element
    inside the page's <article>, as its tag and classes; but for the highlighter's spans in code, whose class
    changes their colour alone (test_code_is_readable_in_both_schemes checks every one). `pages` as kinds
    takes them."""
    found = {page: constructs(doc, "article *:not(.highlight code span)") for page, doc in pages.items()}
    return covering(found, kinds(pages, each_language=False, smallest=True))


def constructs(doc, selector):
    """The constructs of a parsed page that `selector` matches: each element as its tag and classes."""
    return {(node.tag, *sorted((node.attributes.get("class") or "").split())) for node in doc.css(selector)}


def covering(sets, chosen):
    """`chosen`, then, one at a time, the key of `sets` whose set adds the most members not yet in the chosen
    ones', until every member of every set is in one of them."""
    needed = set().union(*sets.values()).difference(*(sets[key] for key in chosen))
    while needed:
        chosen.append(max(sets, key=lambda key: len(sets[key] & needed)))
        needed -= sets[chosen[-1]]
    return chosen


def site_pages(site):
    """Every HTML page of the built site (404.html included: it is a page a visitor can land on)."""
    return sorted(p for p in site.rglob("*.html") if not p.relative_to(site).parts[0].startswith("."))


def parsed_pages(site):
    """Every page of the built site parsed: {its path in the site: its tree}."""
    return {p.relative_to(site).as_posix(): LexborHTMLParser(read(p)) for p in site_pages(site)}


def source(page):
    """The Markdown page a built page (relative to the site) comes from, as the layout says (none for a
    notebook or 404 page)."""
    return SITE.root / SITE.source_of(Path(page), Path())


def describe(page):
    """A built page (relative to the site) as the failures name it: its path and where it comes from."""
    if source(page).is_file():
        return f"{page} ({SITE.name(source(page))})"
    if "/notebooks/" in f"/{page}":
        return f"{page} (a notebook page: docs_pipeline/plugin.py)"
    if page.endswith("404.html"):
        return f"{page} (overrides/404.html)"
    return page
