"""The built pages (listed, named as failures name them) and what a browser loads on a first visit to
each, read from the built files: for the tests (nothing loads from another host, nothing loaded is
missing, the weight limit).

Loads are the page and every local file it makes the browser fetch (CSS's own urls, and Material's
search worker and index, fetched as soon as a page opens), each gzipped as a static host serves it.
Loads from or connections to other hosts are external: also preconnects, Mermaid diagrams (Material
loads Mermaid from a CDN) and the repository widget's GitHub API call. A plain <a href> loads nothing.
"""

from __future__ import annotations

import contextlib
import gzip
import json
import re
from dataclasses import dataclass, field
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
    files: dict[str, int] = field(default_factory=dict)  # site-relative path -> gzipped bytes
    external: list[str] = field(default_factory=list)  # URLs on other hosts the browser would load
    missing: list[str] = field(default_factory=list)  # local references to files not in the site

    @property
    def gzipped_bytes(self) -> int:
        return sum(self.files.values())


class _Refs(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.loads: list[str] = []
        self.inline_css: list[str] = []
        self.config: dict | None = None
        self.github_source: str | None = None
        self._in = None

    def handle_starttag(self, tag, attrs):
        a = {k: (v or "") for k, v in attrs}
        if tag == "link" and set(a.get("rel", "").lower().split()) & FETCHING_RELS:
            self.loads.append(a.get("href", ""))
        elif tag != "input" or a.get("type", "").lower() == "image":
            self.loads += [a[k] for k in FETCHING_ATTRS.get(tag, ()) if a.get(k)]
        self.loads += [part.split()[0] for part in a.get("srcset", "").split(",") if part.strip()]
        if a.get("style"):
            self.inline_css.append(a["style"])
        self._in = "config" if tag == "script" and a.get("id") == "__config" else "style" if tag == "style" else None
        # Material's repository widget (repo_url) fetches the repository's facts from the GitHub API.
        if tag == "a" and a.get("data-md-component") == "source" and "github.com" in urlsplit(a.get("href", "")).netloc:
            self.github_source = a["href"]

    def handle_endtag(self, tag):
        if tag in {"script", "style"}:
            self._in = None

    def handle_data(self, data):
        if self._in == "config":
            with contextlib.suppress(json.JSONDecodeError):
                self.config = json.loads(data)
        elif self._in == "style":
            self.inline_css.append(data)


def _gzip_size(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=6, mtime=0))


def page_weight(site: Path, html_file: Path, base_path: str = "/") -> PageWeight:
    """The first-visit weight of one page. `base_path` is site_url's path ("/repo/")."""
    rel = html_file.relative_to(site).as_posix()
    weight = PageWeight(rel)
    weight.files[rel] = _gzip_size(html_file)
    page_url = "http://site.invalid" + base_path + rel

    parser = _Refs()
    html = html_file.read_text(encoding="utf-8")
    parser.feed(html)
    if MERMAID.search(html):
        weight.external.append("a Mermaid diagram (Material loads Mermaid from a CDN)")
    queue: list[tuple[str, str]] = [(ref, page_url) for ref in parser.loads]
    for css in parser.inline_css:
        queue += [(ref, page_url) for ref in _css_refs(css)]
    if parser.config and parser.config.get("search"):
        base = urljoin(page_url, parser.config.get("base", ".") + "/")
        queue.append((parser.config["search"], base))
        queue.append(("search/search_index.json", base))
    if parser.github_source:
        owner_repo = "/".join(urlsplit(parser.github_source).path.strip("/").split("/")[:2])
        weight.external.append(f"https://api.github.com/repos/{owner_repo}")

    seen: set[str] = set()
    while queue:
        ref, against = queue.pop(0)
        ref = ref.strip()
        if not ref or ref.startswith(("data:", "#", "javascript:", "about:", "blob:")):
            continue
        url = urljoin(against, ref)
        if urlsplit(url).netloc != "site.invalid":
            if ref not in weight.external:
                weight.external.append(ref)
            continue
        path = unquote(urlsplit(url).path).removeprefix(base_path).lstrip("/")
        target = site / path / ("index.html" if path == "" or path.endswith("/") else "")
        key = target.relative_to(site).as_posix() if target.is_relative_to(site) else str(target)
        if key in seen:
            continue
        seen.add(key)
        if not target.is_file():
            weight.missing.append(ref)
            continue
        weight.files[key] = _gzip_size(target)
        if target.suffix == ".css":
            queue += [(r, url) for r in _css_refs(target.read_text(encoding="utf-8", errors="replace"))]
    return weight


def _css_refs(css: str) -> list[str]:
    return [m.group(2) or m.group(4) for m in CSS_URL.finditer(css)]


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


def site_weights(site: Path, base_path: str = "/") -> list[PageWeight]:
    return [page_weight(site, page, base_path) for page in site_pages(site)]
