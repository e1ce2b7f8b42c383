"""The built site works as a GitHub Pages project site under a sub-path of site_url.

sitemap.xml lists every page of both languages (the notebook pages too) under site_url with absolute
hreflang alternates (zh, en, x-default), and the pages leave hreflang to it (tests/test_build.py);
the 404 page, served for any missing path, loads its assets and links from the sub-path. Every page's
language switcher links its counterpart, and its links pass Lighthouse's content-level SEO audits.
"""

import re
import xml.etree.ElementTree as ET
from urllib.parse import urljoin, urlsplit

from docs_pipeline.site import layout
from tests.site_loads import PAGE_WEIGHT_LIMIT_KIB, describe, page_weight, site_pages, tags

SITE = layout()
SITE_URL, BASE_PATH = SITE.site_url, SITE.base_path


def test_site_url_is_a_project_site_under_a_sub_path():
    parts = urlsplit(SITE_URL)
    assert parts.scheme == "https" and parts.netloc, f"site_url {SITE_URL!r} must be an absolute https URL"
    assert parts.path.startswith("/") and parts.path.endswith("/") and parts.path != "/", (
        f"site_url {SITE_URL!r}: a project site lives under /<repository>/, ending with a slash"
    )


def test_sitemap_lists_every_page_with_absolute_hreflang_alternates(built_site):
    tree = ET.parse(built_site / "sitemap.xml")
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    entries = {
        url.findtext("s:loc", namespaces=ns): {link.get("hreflang"): link.get("href") for link in url.findall("x:link", ns)}
        for url in tree.getroot().findall("s:url", ns)
    }
    expected = {}
    for built in site_pages(built_site):  # every page's alternates: its zh and en versions, and the zh one as x-default
        url = built.relative_to(built_site).as_posix().removesuffix("index.html")
        zh = url.removeprefix("en/")
        if built.name != "404.html":  # served for missing paths, not indexed
            expected[SITE_URL + url] = {"zh": SITE_URL + zh, "en": SITE_URL + "en/" + zh, "x-default": SITE_URL + zh}
    assert all(loc.startswith(SITE_URL) for loc in entries), f"sitemap.xml has URLs outside {SITE_URL}"
    wrong = [
        f"{loc}: {entries.get(loc, 'not listed')} (expected {alternates})"
        for loc, alternates in expected.items()
        if entries.get(loc) != alternates
    ]
    assert not wrong, "sitemap.xml alternates:\n" + "\n".join(wrong)


def test_404_works_under_the_sub_path(built_site):
    """GitHub Pages serves /<repo>/404.html for any missing path, however deep: relative links would break."""
    found = tags((built_site / "404.html").read_text(encoding="utf-8"))  # that it exists: tests/test_build.py
    problems, local = [], 0
    for tag, attrs, _ in found:
        for ref in filter(None, (attrs.get("href"), attrs.get("src"))):
            parts = urlsplit(urljoin("http://site.invalid/404.html", ref))  # as a browser resolves it
            if parts.netloc != "site.invalid" or ref.startswith(("#", "mailto:", "javascript:")):
                continue  # links to other sites: the first-visit test below covers what loads
            local += 1
            target = built_site / parts.path.removeprefix(BASE_PATH) / ("index.html" if parts.path.endswith("/") else "")
            if not parts.path.startswith(BASE_PATH):
                problems.append(f"<{tag}> {ref} is not under {BASE_PATH}: it breaks when the 404 page answers a deep path")
            elif not target.is_file():
                problems.append(f"<{tag}> {ref} points at nothing in the built site")
    assert local > 5, f"the 404 page links only {local} local files: {found}"
    assert not problems, "404.html:\n" + "\n".join(problems)
    langs = {attrs["lang"] for _, attrs, _ in found if attrs.get("lang")}
    assert {"zh", "en"} <= langs, "the 404 page speaks both languages (lang=zh and lang=en parts)"


# Lighthouse's link-text audit: link texts that say nothing of where they lead (its list's English
# part; it has none in Chinese).
VAGUE = {"click here", "click this", "go", "here", "information", "learn more", "more", "more info", "more information"}
VAGUE |= {"right here", "read more", "see more", "start", "this"}


def test_every_pages_links_are_followed_by_crawlers_and_say_where_they_lead(built_site):
    """Lighthouse's SEO audits crawlable-anchors and link-text, as Lighthouse 12 reads them, on every
    built page (Lighthouse itself audits a sample: tests/audit/); and each page's language switcher
    links its counterpart, a 404 page the home pages (the language-switch script:
    tests/browser/test_browser_pages.py)."""
    problems = []
    for built in site_pages(built_site):
        page = built.relative_to(built_site).as_posix()
        name, lang = describe(built_site, page), SITE.language_of(SITE.root / SITE.source_of(built, built_site))
        inner = "" if built.name == "404.html" else page.removeprefix(SITE.prefix(lang)).removesuffix("index.html")
        switcher = {code: BASE_PATH + SITE.prefix(code) + inner for code in SITE.languages}
        for attrs, text in (t[1:] for t in tags(built.read_text(encoding="utf-8")) if t[0] == "a"):
            href = re.sub(r"\s", "", attrs.get("href", ""))
            if attrs.get("role") or href.startswith("mailto:") or (not href and attrs.get("id")):
                continue
            if href.startswith("file:") or (
                not attrs.get("name") and ("href" not in attrs or re.search(r"javascript:void\(?0", href))
            ):
                problems.append(f"{name}: a link crawlers cannot follow: {attrs}")
            elif (
                text.strip().lower() in VAGUE
                and not href.startswith(("#", "javascript:"))
                and "nofollow" not in attrs.get("rel", "")
            ):
                problems.append(f"{name}: a link text that says nothing of where it leads: {text!r}")
            if "md-select__link" in attrs.get("class", ""):
                lands = urlsplit(urljoin(BASE_PATH + page, href)).path
                if lands != switcher[attrs["hreflang"]]:
                    problems.append(f"{name}: the language switch to {attrs['hreflang']} leads to {lands}")
    assert not problems, "\n".join(problems)


def test_a_first_visit_loads_only_this_sites_files_within_the_weight_limit(built_site):
    """What a browser loads on a first visit to any page comes from this site, exists in it, and
    weighs less than PAGE_WEIGHT_LIMIT_KIB gzipped."""
    weights = [page_weight(built_site, page, BASE_PATH) for page in site_pages(built_site)]
    assert len(weights) > len(SITE.pages()), "fewer HTML files than pages in the built site"
    external = [f"{describe(built_site, w.page)}: {url}" for w in weights for url in w.external]
    missing = [f"{describe(built_site, w.page)}: {url}" for w in weights for url in w.missing]
    assert not external, "pages load from other hosts:\n" + "\n".join(external)
    assert not missing, "pages load files the site does not have:\n" + "\n".join(missing)
    heavy = [
        f"{describe(built_site, w.page)}: {size / 1024:.0f} KiB, most of it {max(w.files, key=w.files.get)}"
        for w in weights
        if (size := sum(w.files.values())) >= PAGE_WEIGHT_LIMIT_KIB * 1024
    ]
    assert not heavy, f"pages over {PAGE_WEIGHT_LIMIT_KIB} KiB gzipped on a first visit:\n" + "\n".join(heavy)


def test_what_a_page_loads_is_seen(tmp_path):
    """tests/site_loads.py on a tiny site: local files, CSS
    urls, other hosts, missing files; canonical and alternate links and plain links load nothing."""
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text(
        '<link rel="canonical" href="https://example.org/a/"><link rel="alternate" hreflang="zh" href="https://example.org/zh/">'
        '<link rel="stylesheet" href="../s.css"><link rel="preconnect" href="https://fonts.example.net">'
        '<style>@font-face { src: url("https://fonts.example.net/a.woff2") }</style>'
        '<script src="https://cdn.example/x.js"></script><img src="data:image/png;base64,AAAA">'
        '<img src="/repo/i.svg"><img src="nothing.png"><a href="https://example.org/">a link loads nothing</a>'
        '<pre class="mermaid">graph LR</pre>',
        encoding="utf-8",
    )
    (tmp_path / "s.css").write_text("@import url(https://fonts.example/f.css); b { background: url(i.svg) }", encoding="utf-8")
    (tmp_path / "i.svg").write_text("<svg/>", encoding="utf-8")
    weight = page_weight(tmp_path, tmp_path / "a" / "index.html", "/repo/")
    assert set(weight.files) == {"a/index.html", "s.css", "i.svg"}
    assert weight.external == [
        "a Mermaid diagram (Material loads Mermaid from a CDN)",
        "https://fonts.example.net",
        "https://fonts.example.net/a.woff2",
        "https://cdn.example/x.js",
        "https://fonts.example/f.css",
    ]
    assert weight.missing == ["nothing.png"]
