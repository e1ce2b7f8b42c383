"""The notebooks: made from the pages' own snippets, executed by the build, rendered in both languages."""

from __future__ import annotations

import difflib
import html
import json
import re

import nbformat
import pytest

from docs_pipeline.macros import render
from docs_pipeline.notebooks import page_notebooks
from docs_pipeline.pages import expand, parse, split_target
from docs_pipeline.runner import Snippet, run
from docs_pipeline.site import layout

SITE = layout()
NOTEBOOKS = page_notebooks()
ALL = [nb for lang in SITE.languages for nb in NOTEBOOKS[lang]]
ANNOTATION = re.compile(r"\s*# \(\d+\)!$")
OUTPUT = re.compile(
    r'<div class="jp-RenderedText jp-OutputArea-output[^"]*" data-mime-type="(?P<mime>[^"]+)"[^>]*>\s*<pre>(?P<text>.*?)</pre>',
    re.S,
)


def _id(nb):
    return f"{nb.lang}/{nb.name}"


def _has_code(page) -> bool:
    return any(b.language == "python" for b in parse(page).blocks)


def test_pages_with_code_have_notebooks_in_both_languages():
    for lang in SITE.languages:
        names = [nb.name for nb in NOTEBOOKS[lang]]
        with_code = [SITE.page_name(p) for p in SITE.pages(lang) if _has_code(p)]
        assert with_code and names == with_code, f"{lang}: pages with code {with_code}, notebooks {names}"


@pytest.mark.parametrize("nb", ALL, ids=_id)
def test_code_cells_are_the_page_snippets_in_page_order(nb):
    expected = [
        "\n".join(f"# snippets/{t}" for t in b.includes)
        + "\n"
        + "\n".join(ANNOTATION.sub("", line) for line in expand(b.includes)).strip("\n")
        for b in parse(nb.page).blocks
        if b.language == "python"
    ]
    assert nb.code_cells == expected, f"{_id(nb)}: code cells are not the page's python blocks, in order"
    markers = [cell for cell in nb.code_cells if re.search(r"#\s*\(\d+\)!", cell)]
    assert not markers, f"{_id(nb)}: an annotation marker was left in a cell:\n{markers[0]}"


@pytest.mark.parametrize("name", [nb.name for nb in NOTEBOOKS[SITE.default]])
def test_same_code_in_both_languages_text_in_each(name):
    """The same code in both follows from the pages' parity (tests/test_parity.py) and the test above."""
    for nb in (next(nb for nb in NOTEBOOKS[lang] if nb.name == name) for lang in SITE.languages):
        text = "\n".join(c.source for c in nb.notebook.cells if c.cell_type == "markdown")
        assert nb.title in text and ("本笔记本由页面" in text) == (nb.lang == "zh"), (
            f"{_id(nb)}: the text is not in the page's language"
        )
        page_headings = {render(h.text, nb.page, SITE) for h in parse(nb.page).headings}
        for heading in re.findall(r"^#{2,6} +(.*)$", text, re.M):
            assert heading in page_headings, f"{_id(nb)}: heading {heading!r} is not one of its page's"


def test_notebooks_are_reproducible_bytes():
    """Same pages, same bytes: the build's execution cache is keyed on them."""
    again = page_notebooks()
    for lang in SITE.languages:
        assert [nb.text() for nb in again[lang]] == [nb.text() for nb in NOTEBOOKS[lang]]


# ------------------------------------------------------------------ the built site


def _page_programs(page) -> list[Snippet]:
    """The programs the page shows, in page order, once each."""
    paths = (split_target(t)[0] for b in parse(page).blocks for t in b.includes)
    return [Snippet(path) for path in dict.fromkeys(paths) if path.suffix == ".py"]


def _built(built_site, nb):
    return built_site / f"{SITE.prefix(nb.lang)}notebooks/{nb.name}"


@pytest.mark.parametrize("nb", ALL, ids=_id)
def test_notebook_page_renders_the_executed_notebook(built_site, nb):
    page = _built(built_site, nb) / "index.html"
    where = page.relative_to(built_site).as_posix()
    assert page.is_file(), f"{_id(nb)}: no notebook page at {where}"
    doc = page.read_text(encoding="utf-8")
    assert f'<html lang="{nb.lang}"' in doc, f"{where}: wrong <html lang>"
    assert '"nbformat"' not in doc and 'class="jupyter-wrapper"' in doc, f"{where}: not rendered by mkdocs-jupyter"
    assert html.escape(nb.title, quote=False) in doc, f"{where}: the page is not the {nb.lang} notebook"
    outputs = [(m.group("mime"), html.unescape(re.sub(r"<[^>]+>", "", m.group("text")))) for m in OUTPUT.finditer(doc)]
    errors = [text for mime, text in outputs if mime != "text/plain"]
    assert not errors, f"{where}: cells wrote to stderr or failed:\n" + "\n".join(errors)
    printed = "".join(text for _, text in outputs)
    programs = _page_programs(nb.page)
    if printed != "".join(p.stored_output or "" for p in programs):
        # A stored output that drifted is its snippet's own failure; here only what running the page's
        # programs one after another in one kernel changes.
        alone = "".join(run(p) for p in programs)
        assert printed == alone, (
            f"{where}: run one after another in one kernel, the programs of {SITE.name(nb.page)} print something "
            f"other than each run on its own: one leaves state that changes the next:\n"
            + "".join(difflib.unified_diff(alone.splitlines(True), printed.splitlines(True), "each alone", "in the notebook"))
        )
    own = f"{SITE.site_url}{SITE.prefix(nb.lang)}notebooks/{nb.name}/"
    assert f'<link rel="canonical" href="{own}">' in doc, f"{where}: canonical is not the notebook page itself"
    assert f"<loc>{own}</loc>" in (built_site / "sitemap.xml").read_text(encoding="utf-8"), f"{where} is not in sitemap.xml"
    title = re.search(r"<title>(.*?)</title>", doc).group(1)
    assert len(title) <= 70, f"{where}: <title> {title!r} is longer than 70 characters"


@pytest.mark.parametrize("nb", ALL, ids=_id)
def test_notebook_download_is_the_generated_notebook(built_site, nb):
    path = _built(built_site, nb) / nb.file_name
    assert path.is_file(), f"{_id(nb)}: no {path.relative_to(built_site)} to download"
    published = nbformat.reads(path.read_text(encoding="utf-8"), as_version=4)
    nbformat.validate(published)
    assert [c.source for c in published.cells if c.cell_type == "code"] == nb.code_cells


def test_notebook_pages_stay_out_of_nav_and_search(built_site):
    for lang in SITE.languages:
        docs = json.loads((built_site / SITE.prefix(lang) / "search/search_index.json").read_text(encoding="utf-8"))["docs"]
        assert not [d["location"] for d in docs if "notebooks/" in d["location"]], f"{lang}: notebook pages in the search index"
    for nb in ALL:
        page = (built_site / SITE.url_of(nb.page) / "index.html").read_text(encoding="utf-8")
        assert f'href="../notebooks/{nb.name}/" class="md-nav__link' not in page, f"{_id(nb)} is in the navigation"


def test_each_page_runs_once_for_both_languages(built_site):
    """One execution per page: its notebooks in every language share the run (and its outputs)."""
    runs = sorted(p.name for p in (SITE.root / ".cache/notebook-runs").glob("*.json"))
    assert len(runs) == len(NOTEBOOKS[SITE.default]), (
        f"{len(runs)} cached runs for {len(NOTEBOOKS[SITE.default])} pages with code: {runs}"
    )
