"""Find what a built site would load from another host: scripts, stylesheets, fonts, preconnects.

The site is self-contained: a page opens with no request to any other host (no CDN, no web
fonts). A plain link (<a href="https://...">) to another site is fine: it loads nothing until
the reader follows it. Canonical and alternate-language links load nothing either.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

# <link rel=...> values that make the browser fetch or connect.
LOADING_RELS = {
    "stylesheet", "preconnect", "dns-prefetch", "preload", "prefetch", "modulepreload",
    "icon", "shortcut", "apple-touch-icon", "manifest", "import",
}
# Elements whose src (or data, poster, srcset) the browser fetches on its own.
LOADING_TAGS = {"script", "img", "iframe", "embed", "audio", "video", "source", "track", "input", "object", "image", "use"}
CSS_URL = re.compile(r"""(?:url\(\s*['"]?|@import\s+['"])(?P<url>[^'")\s]+)""", re.I)
# Material loads Mermaid from a public CDN when a page has a diagram and no local copy.
MERMAID = re.compile(r"""<(?:pre|div)[^>]*class=["'][^"']*\bmermaid\b""", re.I)


def is_foreign(url: str) -> bool:
    """An absolute or protocol-relative URL: another host (data: and relative URLs are not)."""
    url = url.strip().lower()
    return url.startswith(("http://", "https://", "//"))


class _Loads(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag, attrs):
        attrs = {k: (v or "") for k, v in attrs}
        if tag == "link":
            rels = set(attrs.get("rel", "").lower().split())
            if rels & LOADING_RELS and is_foreign(attrs.get("href", "")):
                self.found.append(f'<link rel="{attrs["rel"]}" href="{attrs["href"]}">')
        elif tag in LOADING_TAGS:
            for key in ("src", "data", "poster", "href", "xlink:href"):
                if key == "href" and tag not in ("image", "use"):
                    continue
                if is_foreign(attrs.get(key, "")):
                    self.found.append(f'<{tag} {key}="{attrs[key]}">')
            for candidate in attrs.get("srcset", "").split(","):
                if candidate.strip() and is_foreign(candidate.split()[0]):
                    self.found.append(f'<{tag} srcset="{candidate.strip()}">')
        if "style" in attrs:
            self._css(attrs["style"])
        self._in_style = tag == "style"

    def handle_endtag(self, tag):
        if tag == "style":
            self._in_style = False

    def handle_data(self, data):
        if self._in_style:
            self._css(data)

    def _css(self, css: str) -> None:
        self.found += [f"CSS url({m.group('url')})" for m in CSS_URL.finditer(css) if is_foreign(m.group("url"))]


def source_of(html_file: Path, site: Path) -> str:
    """The page a built HTML file comes from (docs/<lang>/<page>.md), as far as the layout says."""
    rel = html_file.relative_to(site).as_posix()
    lang = "zh"
    if rel.startswith("en/"):
        lang, rel = "en", rel[3:]
    stem = rel.removesuffix("index.html").rstrip("/") or "index"
    return f"docs/{lang}/{stem.removesuffix('.html')}.md"


def foreign_loads(site: Path) -> list[str]:
    """One line per page or stylesheet that would load something from another host."""
    problems = []
    for html_file in sorted(site.rglob("*.html")):
        text = html_file.read_text(encoding="utf-8", errors="replace")
        parser = _Loads()
        parser.feed(text)
        found = parser.found + (["a Mermaid diagram (Material loads Mermaid from a CDN)"] if MERMAID.search(text) else [])
        if found:
            where = f"{source_of(html_file, site)} (built as {html_file.relative_to(site).as_posix()})"
            problems.append(f"{where} loads from another host: " + ", ".join(dict.fromkeys(found)))
    for css_file in sorted(site.rglob("*.css")):
        text = css_file.read_text(encoding="utf-8", errors="replace")
        urls = [m.group("url") for m in CSS_URL.finditer(text) if is_foreign(m.group("url"))]
        if urls:
            problems.append(f"{css_file.relative_to(site).as_posix()} loads from another host: " + ", ".join(dict.fromkeys(urls)))
    return problems
