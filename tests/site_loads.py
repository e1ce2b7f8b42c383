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
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

from selectolax.lexbor import LexborHTMLParser

from docs_pipeline.site import ROOT, layout

PAGE_WEIGHT_LIMIT_KIB = 200  # a first visit, gzipped: tests/test_publishing.py holds it

# <link rel=...> values that make the browser fetch the href on a first visit, or connect to its host.
FETCHING_RELS = {"stylesheet", "icon", "shortcut", "apple-touch-icon", "preload", "modulepreload", "manifest"}
FETCHING_RELS |= {"prefetch", "import", "preconnect", "dns-prefetch"}
# Other tags' attributes that do (besides any srcset): <input> only as type=image; SVG's <use> and <image>.
FETCHING_ATTRS = dict.fromkeys(("script", "img", "iframe", "embed", "audio", "source", "track", "input"), ("src",))
FETCHING_ATTRS |= {
    "video": ("src", "poster"),
    "object": ("data",),
    "use": ("href", "xlink:href"),
    "image": ("href", "xlink:href"),
}
MERMAID = re.compile(r"""<(?:pre|div)[^>]*class=["'][^"']*\bmermaid\b""", re.I)
CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)|@import\s+(['"])([^'"]+)\3""")


@dataclass
class PageWeight:
    page: str  # path of the HTML file relative to the site root
    files: dict[str, int]  # site-relative path -> gzipped bytes
    external: list[str]  # URLs on other hosts the browser would load
    missing: list[str]  # local references to files not in the site


def tags(html: str) -> list[tuple[str, dict, str]]:
    """A page's elements in order, each (tag, its attributes, the text inside it: of an <a>, a <script>
    or a <style>)."""
    return [
        (n.tag, {k: v or "" for k, v in n.attributes.items()}, n.text() if n.tag in {"a", "script", "style"} else "")
        for n in LexborHTMLParser(html).css("*")
    ]


def _css_refs(css: str) -> list[str]:
    return [m.group(2) or m.group(4) for m in CSS_URL.finditer(css)]


def _loads(tag: str, a: dict, text: str) -> list[str]:
    """What one start tag makes the browser fetch, or connect to (inline CSS's urls too)."""
    if tag == "link":
        loads = [a.get("href", "")] if set(a.get("rel", "").lower().split()) & FETCHING_RELS else []
    else:
        loads = [
            a[k] for k in FETCHING_ATTRS.get(tag, ()) if a.get(k) and (tag != "input" or a.get("type", "").lower() == "image")
        ]
    loads += [part.split()[0] for part in a.get("srcset", "").split(",") if part.strip()]
    loads += _css_refs(a.get("style", "") + (text if tag == "style" else ""))
    # Material's repository widget (repo_url) fetches the repository's facts from the GitHub API.
    if tag == "a" and a.get("data-md-component") == "source" and "github.com" in (url := urlsplit(a.get("href", ""))).netloc:
        loads.append("https://api.github.com/repos/" + "/".join(url.path.strip("/").split("/")[:2]))
    return loads


def page_weight(site: Path, html_file: Path, base_path: str) -> PageWeight:
    """The first-visit weight of one page: it and every file it loads, and what those load in turn.
    `base_path` is site_url's path ("/repo/")."""
    page, files, external, missing = html_file.relative_to(site).as_posix(), {}, [], []
    queue, seen = [(base_path + page, "http://site.invalid/")], set()
    while queue:
        ref, against = queue.pop(0)
        ref = ref.strip()
        if not ref or ref.startswith(("data:", "#", "javascript:", "about:", "blob:")):
            continue
        url = urljoin(against, ref)
        if urlsplit(url).netloc != "site.invalid":
            external.append(ref)
            continue
        path = unquote(urlsplit(url).path).removeprefix(base_path).lstrip("/")
        path += "index.html" if path == "" or path.endswith("/") else ""
        if path in seen:
            continue
        seen.add(path)
        if not (site / path).is_file():
            missing.append(ref)
            continue
        text = (site / path).read_bytes()
        files[path] = len(gzip.compress(text, compresslevel=6, mtime=0))
        if path.endswith(".css"):
            queue += [(r, url) for r in _css_refs(text.decode("utf-8", errors="replace"))]
        elif path == page:
            if MERMAID.search(html := text.decode("utf-8")):
                external.append("a Mermaid diagram (Material loads Mermaid from a CDN)")
            for tag, a, inner in tags(html):
                queue += [(r, url) for r in _loads(tag, a, inner)]
                if a.get("id") == "__config" and (config := json.loads(inner)).get("search"):
                    base = urljoin(url, config.get("base", ".") + "/")
                    queue += [(config["search"], base), ("search/search_index.json", base)]
    return PageWeight(page, files, list(dict.fromkeys(external)), missing)


# One built page of each kind the templates make, in each language: what a template gives one page of a kind
# it gives the others. A kind is where its page lies inside its language's folder, or, written as a tag,
# what its HTML holds.
KINDS = {
    "home": "index.html",
    "404": "404.html",
    "notebook": "notebooks/",
    "rules": "rules/",
    "glossary": "glossary/",
    "stepped figure": '<figure class="steps"',
    "code": '<div class="highlight"',
}


def kinds(site: Path) -> list[str]:
    """A page of each kind in each language, relative to the site: the first one that is not already chosen."""
    pages = {p.relative_to(site).as_posix(): p.read_text(encoding="utf-8") for p in site_pages(site)}
    chosen, lay = [], layout()
    for lang in lay.languages:
        own = {page: html for page, html in pages.items() if lay.language_of(ROOT / lay.source_of(site / page, site)) == lang}
        for kind, where in KINDS.items():
            found = [
                page
                for page, html in own.items()
                if page not in chosen
                and (where in html if where.startswith("<") else page.removeprefix(lay.prefix(lang)).startswith(where))
            ]
            if not found:
                raise LookupError(f"no {kind} page in the built {lang} site: tests/site_loads.py's KINDS")
            chosen.append(found[0])
    return chosen


def constructs(html: str) -> set[str]:
    """What a page's content is made of: each element inside its <article>, as its tag and classes."""
    article = LexborHTMLParser(html).css_first("article")
    return {" ".join([n.tag, *sorted((n.attributes.get("class") or "").split())]) for n in article.css("*")} if article else set()


def sample(site: Path) -> list[str]:
    """The pages the browser visits per push, relative to the site: a page of each kind in each language
    (kinds), then, one page at a time, the page that adds the most constructs not yet seen, until every
    construct of the site is in one of them."""
    made = {p.relative_to(site).as_posix(): constructs(p.read_text(encoding="utf-8")) for p in site_pages(site)}
    chosen = kinds(site)
    needed = set().union(*made.values()) - set().union(*(made[page] for page in chosen))
    while needed:
        page = max(made, key=lambda p: len(made[p] & needed))
        chosen.append(page)
        needed -= made[page]
    return chosen


def site_pages(site: Path) -> list[Path]:
    """Every HTML page of the built site (404.html included: it is a page a visitor can land on)."""
    return sorted(p for p in site.rglob("*.html") if not p.relative_to(site).parts[0].startswith("."))


def describe(site: Path, page: str) -> str:
    """A built page (relative to the site) as the failures name it: its path and where it comes from."""
    source = layout().source_of(site / page, site)
    if (ROOT / source).is_file():
        return f"{page} ({source})"
    if "/notebooks/" in f"/{page}":
        return f"{page} (a notebook page: docs_pipeline/plugin.py)"
    if page.endswith("404.html"):
        return f"{page} (overrides/404.html)"
    return page
