"""The built site works as a GitHub Pages project site under a sub-path of site_url.

sitemap.xml lists every page of both languages (the notebook pages too) under site_url with absolute
hreflang alternates (zh, en, x-default), and the pages leave hreflang to it (tests/test_build.py);
the 404 page, served for any missing path, loads its assets and links from the sub-path. Every page's
language switcher links its counterpart, and its links pass Lighthouse's content-level SEO audits.
"""

import re
import xml.etree.ElementTree as ET
from urllib.parse import urljoin, urlsplit

from tests.helpers import SITE, fail_if, fails_listing, write
from tests.site_loads import PAGE_WEIGHT_LIMIT_KIB, describe, page_weight, site_file, source

SITE_URL, BASE_PATH = SITE.site_url, SITE.base_path


def test_site_url_is_a_project_site_under_a_sub_path():
    assert re.fullmatch("https://[^/]+/.+/", SITE_URL), (
        f"site_url {SITE_URL!r} must be an absolute https URL, and a project site lives under /<repository>/, ending with a slash"
    )


def test_sitemap_lists_every_page_with_absolute_hreflang_alternates(built_site, built_pages):
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    listed = {
        url.findtext("s:loc", namespaces=ns): {link.get("hreflang"): link.get("href") for link in url.findall("x:link", ns)}
        for url in ET.parse(built_site / "sitemap.xml").findall("s:url", ns)
    }
    expected = {  # every page's alternates: its zh and en versions, and the zh one as x-default
        f"{SITE_URL}{page.removesuffix('index.html')}": {
            "zh": f"{SITE_URL}{zh}",
            "en": f"{SITE_URL}en/{zh}",
            "x-default": f"{SITE_URL}{zh}",
        }
        for page in built_pages
        if not page.endswith("404.html")  # served for missing paths, not indexed
        for zh in [page.removeprefix("en/").removesuffix("index.html")]
    }
    fail_if(
        f"sitemap.xml: {loc}: alternates {listed.get(loc, 'not listed')} (expected {expected.get(loc, f'no entry: no page of the site under {SITE_URL}')})"
        for loc in sorted({*listed, *expected})
        if listed.get(loc) != expected.get(loc)
    )


@fails_listing
def test_404_works_under_the_sub_path(built_site, built_pages):
    """GitHub Pages serves /<repo>/404.html for any missing path, however deep: relative links would break."""
    doc, local = built_pages["404.html"], []  # that it exists: tests/test_build.py
    assert doc.css_first("[lang=zh]") and doc.css_first("[lang=en]"), (
        "the 404 page speaks both languages (lang=zh and lang=en parts)"
    )
    for node in doc.css("[href], [src]"):
        for ref in filter(None, map(node.attributes.get, ("href", "src"))):
            if urlsplit(ref).scheme or urlsplit(ref).netloc or ref.startswith("#"):
                continue  # links to other sites: the first-visit test below covers what loads
            local.append(ref)
            path = urlsplit(urljoin("http://site.invalid/404.html", ref)).path  # as a browser resolves it
            if not path.startswith(BASE_PATH):
                yield f"404.html: <{node.tag}> {ref} is not under {BASE_PATH}: it breaks when the page answers a deep path"
            elif not (built_site / site_file(path, BASE_PATH)).is_file():
                yield f"404.html: <{node.tag}> {ref} points at nothing in the built site"
    assert len(local) > 5, f"the 404 page links only {len(local)} local files: {local}"


# Lighthouse's link-text audit: link texts that say nothing of where they lead (its list's English
# part; it has none in Chinese).
VAGUE = {"click here", "click this", "go", "here", "information", "learn more", "more", "more info", "more information"}
VAGUE |= {"right here", "read more", "see more", "start", "this"}


@fails_listing
def test_every_page_loads_only_this_sites_files_and_its_links_say_where_they_lead(built_site, built_pages):
    """What a browser loads on a first visit to any page comes from this site, exists in it, and weighs
    less than PAGE_WEIGHT_LIMIT_KIB gzipped. Lighthouse's SEO audits crawlable-anchors and link-text, as
    Lighthouse 12 reads them, on every built page (Lighthouse itself audits a sample: tests/audit/); and
    each page's language switcher links its counterpart, a 404 page the home pages (the language-switch
    script: tests/browser/test_browser_pages.py)."""
    for page, doc in built_pages.items():
        name, lang = describe(page), SITE.language_of(source(page))
        files, external, missing = page_weight(built_site, page, BASE_PATH)
        yield from [f"{name}: loads {url} from another host" for url in external]
        yield from [f"{name}: loads {path}, a file the site does not have" for path in missing]
        if (size := sum(files.values())) >= PAGE_WEIGHT_LIMIT_KIB * 1024:
            yield f"{name}: {size / 1024:.0f} KiB gzipped on a first visit, over {PAGE_WEIGHT_LIMIT_KIB} KiB; most of it {max(files, key=files.get)}"
        for link in doc.css("a"):
            attrs = {key: value or "" for key, value in link.attributes.items()}
            href = re.sub(r"\s", "", attrs.get("href", ""))
            if attrs.get("role") or href.startswith("mailto:") or (not href and attrs.get("id")):
                continue
            if href.startswith("file:") or (
                not attrs.get("name") and ("href" not in attrs or re.search(r"javascript:void\(?0", href))
            ):
                yield f"{name}: a link crawlers cannot follow: {attrs}"
            elif (
                link.text().strip().lower() in VAGUE
                and not href.startswith(("#", "javascript:"))
                and "nofollow" not in attrs.get("rel", "")
            ):
                yield f"{name}: a link text that says nothing of where it leads: {link.text()!r}"
        inner = "" if page.endswith("404.html") else page.removeprefix(SITE.prefix(lang)).removesuffix("index.html")
        for switch in doc.css("a.md-select__link"):
            lands = urlsplit(urljoin(f"{BASE_PATH}{page}", switch.attributes["href"])).path
            if lands != f"{BASE_PATH}{SITE.prefix(switch.attributes['hreflang'])}{inner}":
                yield f"{name}: the language switch to {switch.attributes['hreflang']} leads to {lands}"


def test_what_a_page_loads_is_seen(tmp_path):
    """tests/site_loads.py on a tiny site: local files, CSS urls, other hosts, missing files; canonical and
    alternate links and plain links load nothing."""
    page = """
        <link rel="canonical" href="https://example.org/a/"><link rel="alternate" hreflang="zh" href="https://example.org/zh/">
        <link rel="stylesheet" href="../s.css"><link rel="preconnect" href="https://fonts.example.net">
        <style>@font-face { src: url("https://fonts.example.net/a.woff2") }</style>
        <script src="https://cdn.example/x.js"></script><img src="data:image/png;base64,AAAA">
        <img src="/repo/i.svg"><img src="nothing.png"><a href="https://example.org/">a link loads nothing</a>
        <pre class="mermaid">graph LR</pre>"""
    css = "@import url(https://fonts.example/f.css); b { background: url(i.svg) }"
    write(tmp_path, {"a/index.html": page, "s.css": css, "i.svg": "<svg/>"})
    files, external, missing = page_weight(tmp_path, "a/index.html", "/repo/")
    assert set(files) == {"a/index.html", "s.css", "i.svg"}
    assert external == [
        "a Mermaid diagram (Material loads Mermaid from a CDN)",
        "https://fonts.example.net",
        "https://cdn.example/x.js",
        "https://fonts.example.net/a.woff2",
        "https://fonts.example/f.css",
    ]
    assert missing == ["a/nothing.png"]
