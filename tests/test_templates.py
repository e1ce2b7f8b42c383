"""What overrides/ adds to every built page: the verified-with note, the source link, the notebook
download, and on English pages the link to the Chinese original, each in the page's language
(docs_pipeline/ui.toml)."""

import importlib.metadata
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

from docs_pipeline.notebooks import notebook_file_name, notebook_url
from docs_pipeline.pages import parse
from docs_pipeline.site import layout
from docs_pipeline.ui import TEXTS, texts
from tests.helpers import fail_if

SITE = layout()
UI = texts()


def _target(site: Path, page_url: str, href: str) -> Path:
    """The file in the built site that a link on the page at page_url points to."""
    assert not urlparse(href).scheme and not href.startswith("//"), f"{page_url}: {href} leaves the site"
    path = unquote(urlparse(urljoin(f"http://site/{page_url}", href)).path).lstrip("/")
    return site / path / "index.html" if path.endswith("/") or not path else site / path


def _notes(site: Path, page: Path, url: str, doc) -> list[str]:
    """The note below the page: the torch version, the source link, in its language; on an English page the
    link to the Chinese original."""
    lang, footers = SITE.language_of(page), doc.css("aside.page-note--footer")
    if len(footers) != 1:
        return [f"{url}: expected one page note, found {len(footers)}"]
    text, problems = " ".join(footers[0].text().split()), []
    note = UI[lang]["verified"].replace("{torch}", importlib.metadata.version("torch"))
    if note not in text or UI[lang]["source"] not in text or any(UI[o]["source"] in text for o in SITE.languages if o != lang):
        problems.append(f"{url}: the page note does not say {note!r} in {lang}: {text!r}")
    sources = footers[0].css("a.page-note__source")
    if [a.text().strip() for a in sources] != [SITE.name(page)]:
        problems.append(f"{url}: the source link should name {SITE.name(page)}")
    elif _target(site, url, sources[0].attributes["href"]).read_text(encoding="utf-8") != page.read_text(encoding="utf-8"):
        problems.append(f"{url}: the linked source is not {SITE.name(page)} as it is now")
    notes = doc.css("p.page-note--original")
    if lang == SITE.default:
        return problems + [f"{url}: a Chinese page says it is a translation"] * bool(notes)
    links = [a.attributes["href"] for note in notes if UI[lang]["original"] in note.text() for a in note.css("a")]
    zh_url = url.removeprefix(SITE.prefix(lang))
    if [_target(site, url, href) for href in links] != [site / zh_url / "index.html"]:
        problems.append(f"{url}: one note in {lang} should link the Chinese original {zh_url or '(home)'}, not {links}")
    return problems


def _notebook(site: Path, page: Path, url: str, doc) -> list[str]:
    """A page with code and its notebook page offer the download at the top and in the note below; the page
    also links the notebook page (that both are published: tests/test_notebooks.py)."""
    hrefs = {
        cls: [a.attributes.get("href") for a in doc.css(f"a.{cls}")] for cls in ("page-notebook-button", "page-note__download")
    }
    if not parse(page).code:
        return [f"{url}: a notebook download on a page without code"] * any(hrefs.values())
    expected, problems = site / notebook_url(page, SITE) / notebook_file_name(page, SITE), []
    button = doc.css_first("a.page-notebook-button")
    if not button or "download" not in button.attributes or "aria-label" not in button.attributes:
        problems.append(f"{url}: no notebook button with download and aria-label")
    if UI[SITE.language_of(page)]["download"] not in doc.html:
        problems.append(f"{url}: the notebook download is not in its language")
    if [_target(site, url, h) for hrefs_ in hrefs.values() for h in hrefs_] != [expected, expected]:
        problems.append(f"{url}: the button and the note should each offer {expected.relative_to(site)}: {hrefs}")
    views = [a.attributes["href"] for a in doc.css("a.page-note__view")]
    view = site / notebook_url(page, SITE) / "index.html"
    if [_target(site, url, h) for h in views] != ([] if url == notebook_url(page, SITE) else [view]):
        problems.append(f"{url}: links to the notebook page {views}, expected one to {view.relative_to(site)} (none on itself)")
    return problems


def test_every_page_notes_torch_version_links_its_source_original_and_notebook(built_site, built_pages):
    problems = []
    for page in SITE.pages():
        built = [SITE.url_of(page)] + [notebook_url(page, SITE)] * bool(parse(page).code)
        for url in built:
            doc = built_pages[f"{url}index.html"]
            problems += _notes(built_site, page, url, doc) + _notebook(built_site, page, url, doc)
    fail_if(problems)


def test_every_language_has_every_interface_string():
    """A translation may have strings of its own (`original`); a missing one would render empty."""
    for lang in SITE.languages:
        missing = sorted(set(UI[SITE.default]) - set(UI.get(lang, {})))
        assert not missing, f"{SITE.name(TEXTS)}: [{lang}] lacks {missing}"
