"""What overrides/ adds to every built page: the verified-with note, the source link, the notebook
download, and on English pages the link to the Chinese original, each in the page's language
(docs_pipeline/ui.toml)."""

import importlib.metadata
from urllib.parse import urljoin, urlsplit

from docs_pipeline.notebooks import notebook_file_name, notebook_url
from docs_pipeline.pages import parse
from docs_pipeline.ui import TEXTS, texts
from tests.helpers import SITE, fails_listing, read
from tests.site_loads import site_file

UI = texts()


def _targets(url, links):
    """The built files (relative to the site) that links on the page at `url` point to."""
    urls = [urljoin(f"http://site.invalid/{url}", link.attributes["href"]) for link in links]
    assert all(urlsplit(target).netloc == "site.invalid" for target in urls), f"{url}: {urls} leave the site"
    return list(map(site_file, urls))


def _notes(site, page, url, doc):
    """The note below the page: the torch version, the source link, in its language; on an English page the
    link to the Chinese original."""
    lang, footers = SITE.language_of(page), doc.css("aside.page-note--footer")
    if len(footers) != 1:
        yield f"{url}: expected one page note, found {len(footers)}"
        return
    text = " ".join(footers[0].text().split())
    note = UI[lang]["verified"].replace("{torch}", importlib.metadata.version("torch"))
    # the source link's word: its own language's, and no other language's
    if note not in text or [o for o in SITE.languages if UI[o]["source"] in text] != [lang]:
        yield f"{url}: the page note does not say {note!r} in {lang}: {text!r}"
    sources = footers[0].css("a.page-note__source")
    if [a.text().strip() for a in sources] != [SITE.name(page)]:
        yield f"{url}: the source link should name {SITE.name(page)}"
    elif read(site / _targets(url, sources)[0]) != read(page):
        yield f"{url}: the linked source is not {SITE.name(page)} as it is now"
    notes, zh_url = doc.css("p.page-note--original"), url.removeprefix(SITE.prefix(lang))
    if lang == SITE.default and notes:
        yield f"{url}: a Chinese page says it is a translation"
    elif lang != SITE.default:
        linked = _targets(url, [a for note in notes if UI[lang]["original"] in note.text() for a in note.css("a")])
        if linked != [f"{zh_url}index.html"]:
            yield f"{url}: one note in {lang} should link the Chinese original {zh_url or '(home)'}, not {linked}"


def _notebook(page, url, doc):
    """A page with code and its notebook page offer the download at the top and in the note below; the page
    also links the notebook page (that both are published: tests/test_notebooks.py)."""
    downloads = doc.css("a.page-notebook-button, a.page-note__download")
    if not parse(page).code:
        if downloads:
            yield f"{url}: a notebook download on a page without code"
        return
    notebook = notebook_url(page, SITE)
    expected = f"{notebook}{notebook_file_name(page, SITE)}"
    if not doc.css_first("a.page-notebook-button[download][aria-label]"):
        yield f"{url}: no notebook button with download and aria-label"
    if UI[SITE.language_of(page)]["download"] not in doc.html:
        yield f"{url}: the notebook download is not in its language"
    if (offered := _targets(url, downloads)) != [expected, expected]:
        yield f"{url}: the button and the note should each offer {expected}: {offered}"
    view = f"{notebook}index.html"
    if (views := _targets(url, doc.css("a.page-note__view"))) != [view] * (url != notebook):
        yield f"{url}: links to the notebook page {views}, expected one to {view} (none on itself)"


@fails_listing
def test_every_page_notes_torch_version_links_its_source_original_and_notebook(built_site, built_pages):
    for page in SITE.pages():
        for url in [SITE.url_of(page)] + [notebook_url(page, SITE)] * bool(parse(page).code):
            doc = built_pages[f"{url}index.html"]
            yield from _notes(built_site, page, url, doc)
            yield from _notebook(page, url, doc)


def test_every_language_has_every_interface_string():
    """A translation may have strings of its own (`original`); a missing one would render empty."""
    for lang in SITE.languages:
        missing = sorted(UI[SITE.default].keys() - UI.get(lang, {}))
        assert not missing, f"{SITE.name(TEXTS)}: [{lang}] lacks {missing}"
