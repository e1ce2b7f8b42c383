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
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

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


class Tags(HTMLParser):
    """A page's start tags in order, each [tag, its attributes, the text inside it]: the text of an <a>,
    a <script> or a <style>."""

    def __init__(self, html: str):
        super().__init__()
        self.tags: list[list] = []
        self._open: list[list] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append([tag, {k: v or "" for k, v in attrs}, ""])
        if tag in {"a", "script", "style"}:
            self._open.append(self.tags[-1])

    def handle_endtag(self, tag):
        if tag in {"a", "script", "style"} and self._open:
            self._open.pop()

    def handle_data(self, data):
        for tag in self._open:
            tag[2] += data


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
            for tag, a, inner in Tags(html).tags:
                queue += [(r, url) for r in _loads(tag, a, inner)]
                if a.get("id") == "__config" and (config := json.loads(inner)).get("search"):
                    base = urljoin(url, config.get("base", ".") + "/")
                    queue += [(config["search"], base), ("search/search_index.json", base)]
    return PageWeight(page, files, list(dict.fromkeys(external)), missing)


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
