"""What overrides/ adds to every built page: the verified-with note, the source link, the notebook
download, and on English pages the link to the Chinese original, each in the page's language
(docs_pipeline/ui.toml)."""

import html
import importlib.metadata
import re
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

import pytest

from docs_pipeline.notebooks import notebook_file_name, notebook_url
from docs_pipeline.pages import parse
from docs_pipeline.site import layout
from docs_pipeline.ui import TEXTS, texts
from tests.site_loads import Tags

SITE = layout()
PAGES = SITE.pages()
UI = texts()
FOOTER = re.compile(r'<aside class="page-note page-note--footer"[^>]*>(?P<body>.*?)</aside>', re.S)
ORIGINAL = re.compile(r'<p class="page-note page-note--original">(?P<body>.*?)</p>', re.S)
EXAMPLES = [page for page in PAGES if parse(page).code]
# (source page, URL) of every built page: the documentation pages, then the notebook pages
BUILT = [(page, SITE.url_of(page)) for page in PAGES] + [(page, notebook_url(page, SITE)) for page in EXAMPLES]
EVERY_BUILT_PAGE = pytest.mark.parametrize("page,url", BUILT, ids=[u or "(home)" for _, u in BUILT])


def _target(site: Path, page_url: str, href: str) -> Path:
    """The file in the built site that a link on the page at page_url points to."""
    assert not urlparse(href).scheme and not href.startswith("//"), f"{page_url}: {href} leaves the site"
    path = unquote(urlparse(urljoin(f"http://site/{page_url}", href)).path).lstrip("/")
    return site / path / "index.html" if path.endswith("/") or not path else site / path


def _links(fragment: str, cls: str = "") -> list[tuple[dict, str]]:
    """Its <a> tags (of class cls): their attributes, and their text with its spaces collapsed."""
    return [(a, " ".join(text.split())) for tag, a, text in Tags(fragment).tags if tag == "a" and cls in a.get("class", "")]


@EVERY_BUILT_PAGE
def test_every_page_notes_torch_version_and_links_its_source_and_original(built_site, page, url):
    doc, lang = (built_site / url / "index.html").read_text(encoding="utf-8"), SITE.language_of(page)
    footers = FOOTER.findall(doc)
    assert len(footers) == 1, f"{url}: expected one page note, found {len(footers)}"
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", footers[0])))
    note = UI[lang]["verified"].replace("{torch}", importlib.metadata.version("torch"))
    assert note in text, f"{url}: the note does not say {note!r}: {text!r}"
    others = [UI[other]["source"] for other in SITE.languages if other != lang]
    assert UI[lang]["source"] in footers[0] and not any(o in footers[0] for o in others), f"{url}: page note not in {lang}"
    sources = _links(footers[0], "page-note__source")
    assert [t for _, t in sources] == [SITE.name(page)], f"{url}: the source link should name {SITE.name(page)}: {sources}"
    published = _target(built_site, url, sources[0][0]["href"])
    assert published.is_file(), f"{url}: the source link {sources[0][0]} leads nowhere"
    assert published.read_text(encoding="utf-8") == page.read_text(encoding="utf-8"), (
        f"{url}: the linked source is not {SITE.name(page)} as it is now"
    )
    notes = ORIGINAL.findall(doc)
    if lang == "zh":
        assert not notes, f"{url}: a Chinese page says it is a translation"
        return
    assert len(notes) == 1, f"{url}: no note that the original is Chinese"
    assert UI[lang]["original"] in notes[0], f"{url}: the note on the original is not in its language"
    ((link, _),) = _links(notes[0])
    zh_url = url.removeprefix(SITE.prefix(lang))
    assert _target(built_site, url, link["href"]) == built_site / zh_url / "index.html", (
        f"{url}: the Chinese original should be {zh_url or '(home)'}, the link goes to {link['href']}"
    )


@EVERY_BUILT_PAGE
def test_pages_with_examples_offer_their_notebook(built_site, page, url):
    """A page with code and its notebook page offer the download at the top and in the note below;
    the page also links the notebook page."""
    doc = (built_site / url / "index.html").read_text(encoding="utf-8")
    buttons = [a for a, _ in _links(doc, "page-notebook-button")]
    downloads = [a for a, _ in _links(doc, "page-note__download")]
    if page not in EXAMPLES:
        assert not buttons and not downloads, f"{url}: a notebook download on a page without code"
        return
    lang = SITE.language_of(page)
    expected = built_site / notebook_url(page, SITE) / notebook_file_name(page, SITE)
    assert len(buttons) == 1, f"{url}: expected one notebook button, found {len(buttons)}"
    assert "download" in buttons[0] and "aria-label" in buttons[0], f"{url}: {buttons[0]}"
    assert UI[lang]["download"] in doc, f"{url}: the notebook download is not in {lang}"
    assert len(downloads) == 1, f"{url}: the note below the page should offer the notebook too"
    for href in (buttons[0]["href"], downloads[0]["href"]):
        assert _target(built_site, url, href) == expected, f"{url}: {href} is not {expected.relative_to(built_site)}"
    views = _links(doc, "page-note__view")  # that both are published: tests/test_notebooks.py
    if url == notebook_url(page, SITE):
        assert not views, f"{url}: the notebook page links to itself as the notebook's view"
        return
    assert len(views) == 1, f"{url}: expected one link to the notebook page, found {views}"
    assert _target(built_site, url, views[0][0]["href"]) == built_site / notebook_url(page, SITE) / "index.html"


def test_every_language_has_every_interface_string():
    """A translation may have strings of its own (`original`); a missing one would render empty."""
    for lang in SITE.languages:
        missing = sorted(set(UI[SITE.default]) - set(UI.get(lang, {})))
        assert not missing, f"{SITE.name(TEXTS)}: [{lang}] lacks {missing}"
