"""The notebooks: made from the pages' own snippets, executed by the build, rendered in both languages."""

from __future__ import annotations

import html
import re
import shutil

import nbformat
import pytest

from conftest import build_site
from docs_pipeline.notebooks import page_notebooks, snippet_expander
from docs_pipeline.pages import DOCS, LANGUAGES, ROOT, blocks, split_target

TORCH = "2.13.0"  # the notebooks carry the version only as text; any value works for their cells
NOTEBOOKS = page_notebooks(
    DOCS, LANGUAGES, snippet_expander({"base_path": [str(ROOT / "snippets")], "check_paths": True, "dedent_subsections": True}), TORCH
)
ALL = [nb for lang in LANGUAGES for nb in NOTEBOOKS[lang]]
SECTION_MARKER = re.compile(r"--8<-- \[(start|end):([\w-]+)\]")
ANNOTATION = re.compile(r"\s*# \(\d+\)!$")


def _id(nb):
    return f"{nb.lang}/{nb.name}"


def _snippet_text(target: str) -> list[str]:
    """What an include line brings in, read straight from the file (independently of the generator)."""
    path, section = split_target(target)
    lines, inside = [], section is None
    for line in path.read_text(encoding="utf-8").splitlines():
        marker = SECTION_MARKER.search(line)
        if marker:
            if section is not None and marker.group(2) == section:
                inside = marker.group(1) == "start"
            continue
        if inside:
            lines.append(line)
    if section is not None:
        indent = min((len(l) - len(l.lstrip()) for l in lines if l.strip()), default=0)
        lines = [l[indent:] for l in lines]
    return lines


def _page_outputs(page) -> str:
    """The page's outputs, in page order: the .out of each program it shows, once."""
    seen, out = set(), []
    for block in blocks(page):
        for target in block.includes:
            path, _ = split_target(target)
            if path.suffix == ".py" and path not in seen:
                seen.add(path)
                stored = path.with_suffix(".out")
                out.append(stored.read_text(encoding="utf-8") if stored.exists() else "")
    return "".join(out)


def test_pages_with_examples_have_notebooks_in_both_languages():
    assert ALL, "no page shows Python code, so no notebook was made"
    names = {lang: [nb.name for nb in NOTEBOOKS[lang]] for lang in LANGUAGES}
    assert names["zh"] == names["en"], f"notebooks differ between languages: {names}"
    for lang in LANGUAGES:
        with_code = sorted(
            p.relative_to(DOCS / lang).with_suffix("").as_posix()
            for p in (DOCS / lang).rglob("*.md")
            if any(b.language == "python" for b in blocks(p))
        )
        assert sorted(names[lang]) == with_code, f"{lang}: pages with code {with_code}, notebooks {names[lang]}"


@pytest.mark.parametrize("nb", ALL, ids=_id)
def test_code_cells_are_the_page_snippets_in_page_order(nb):
    expected = []
    for block in blocks(nb.page):
        if block.language == "python":
            lines = [ANNOTATION.sub("", l) for t in block.includes for l in _snippet_text(t)]
            expected.append("\n".join(lines).strip("\n"))
    assert nb.code_cells == expected, f"{_id(nb)}: code cells are not the page's python blocks, in order"
    for cell in nb.code_cells:
        assert not re.search(r"#\s*\(\d+\)!", cell), f"{_id(nb)}: an annotation marker was left in a cell:\n{cell}"


@pytest.mark.parametrize("name", [nb.name for nb in NOTEBOOKS["zh"]])
def test_same_code_in_both_languages_text_in_each(name):
    zh, en = (next(nb for nb in NOTEBOOKS[lang] if nb.name == name) for lang in ("zh", "en"))
    assert zh.code_cells == en.code_cells, f"{name}: the zh and en notebooks run different code"
    zh_text = "\n".join(c.source for c in zh.notebook.cells if c.cell_type == "markdown")
    en_text = "\n".join(c.source for c in en.notebook.cells if c.cell_type == "markdown")
    assert zh.title in zh_text and "本笔记本由页面" in zh_text, f"{name}: the zh notebook's text is not the zh page's"
    assert en.title in en_text and "Generated from the page" in en_text, f"{name}: the en notebook's text is not the en page's"
    for nb, text in ((zh, zh_text), (en, en_text)):
        page_headings = re.findall(r"^#{2,6} +(.*?) *\{", nb.page.read_text(encoding="utf-8"), re.M)
        for heading in re.findall(r"^#{2,6} +(.*)$", text, re.M):
            assert heading in page_headings, f"{name} ({nb.lang}): heading {heading!r} is not one of its page's"
    assert zh.heading_ids == en.heading_ids, f"{name}: the notebooks' headings differ between languages"


def test_notebooks_are_reproducible_bytes():
    """Same pages, same bytes: the build's execution cache is keyed on them."""
    def generate():
        expand = snippet_expander({"base_path": [str(ROOT / "snippets")], "check_paths": True, "dedent_subsections": True})
        return page_notebooks(DOCS, LANGUAGES, expand, TORCH)

    first, second = generate(), generate()
    for lang in LANGUAGES:
        assert [nb.text() for nb in first[lang]] == [nb.text() for nb in second[lang]]


# ------------------------------------------------------------------ the built site

OUTPUT = re.compile(
    r'<div class="jp-RenderedText jp-OutputArea-output[^"]*" data-mime-type="(?P<mime>[^"]+)"[^>]*>\s*<pre>(?P<text>.*?)</pre>', re.S
)


def _prefix(lang):
    return "" if lang == "zh" else f"{lang}/"


def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


@pytest.mark.parametrize("nb", ALL, ids=_id)
def test_notebook_page_renders_the_executed_notebook(built_site, nb):
    page = built_site / f"{_prefix(nb.lang)}notebooks/{nb.name}/index.html"
    assert page.is_file(), f"{_id(nb)}: no notebook page at {page.relative_to(built_site)}"
    doc = page.read_text(encoding="utf-8")
    where = page.relative_to(built_site).as_posix()
    assert f'<html lang="{nb.lang}"' in doc, f"{where}: wrong <html lang>"
    assert '"nbformat"' not in doc and '"cell_type"' not in doc, f"{where}: the raw notebook source was published as the page"
    assert 'class="jupyter-wrapper"' in doc, f"{where}: not rendered by mkdocs-jupyter"
    assert html.escape(nb.title, quote=False) in doc, f"{where}: the page is not the {nb.lang} notebook (title {nb.title!r} missing)"
    outputs = [(m.group("mime"), _text(m.group("text"))) for m in OUTPUT.finditer(doc)]
    errors = [text for mime, text in outputs if mime != "text/plain"]
    assert not errors, f"{where}: cells wrote to stderr or failed:\n" + "\n".join(errors)
    shown = "".join(text for _, text in outputs)
    assert shown, f"{where}: no outputs: the notebook was not executed"
    assert shown == _page_outputs(nb.page), (
        f"{where}: the executed notebook prints something other than the outputs "
        f"{nb.page.relative_to(ROOT).as_posix()} shows (state leaking from one snippet into the next?)"
    )


@pytest.mark.parametrize("nb", ALL, ids=_id)
def test_notebook_download_is_the_generated_notebook(built_site, nb):
    path = built_site / f"{_prefix(nb.lang)}notebooks/{nb.name}/{nb.file_name}"
    assert path.is_file(), f"{_id(nb)}: no {path.relative_to(built_site)} to download"
    published = nbformat.reads(path.read_text(encoding="utf-8"), as_version=4)
    nbformat.validate(published)
    assert [c.source for c in published.cells if c.cell_type == "code"] == nb.code_cells
    assert published.metadata["dynamic_graph_docs"]["language"] == nb.lang


def test_notebook_pages_stay_out_of_nav_and_search(built_site):
    import json

    docs = [
        doc
        for index in ("search/search_index.json", "en/search/search_index.json")
        for doc in json.loads((built_site / index).read_text(encoding="utf-8"))["docs"]
    ]
    in_search = sorted({d["location"].split("#")[0] for d in docs if "notebooks/" in d["location"]})
    assert not in_search, f"notebook pages in the search index: {in_search}"
    for nb in ALL:
        page = (built_site / f"{_prefix(nb.lang)}{nb.name}/index.html").read_text(encoding="utf-8")
        assert f'href="../notebooks/{nb.name}/" class="md-nav__link' not in page


def test_each_language_keeps_its_execution_cache(built_site):
    """One cache folder per language: the en build no longer evicts what the zh build cached."""
    for lang in LANGUAGES:
        cached = list((ROOT / ".cache/mkdocs-jupyter/executed" / lang).glob("*.json"))
        assert len(cached) >= len(NOTEBOOKS[lang]), f"{lang}: {len(cached)} cached notebooks, expected {len(NOTEBOOKS[lang])}"


def test_a_raising_cell_fails_the_build(built_site, tmp_path):
    """allow_errors: false: a cell that raises stops the build and names the notebook."""
    nb, first = next(
        (nb, target)
        for nb in NOTEBOOKS["zh"]
        for b in blocks(nb.page)
        if b.language == "python"
        for target in b.includes
        if ":" not in target  # a whole file: the raise appended below is part of the cell
    )
    project = tmp_path / "project"
    skip = shutil.ignore_patterns(".venv", ".git", "site", ".cache", "__pycache__", "test-artifacts", "bench", "*.egg-info")
    shutil.copytree(ROOT, project, ignore=skip)
    # The executed notebooks of the real build: only the changed one runs again.
    shutil.copytree(ROOT / ".cache/mkdocs-jupyter", project / ".cache/mkdocs-jupyter")
    snippet = project / "snippets" / split_target(first)[0].relative_to(ROOT / "snippets")
    snippet.write_text(snippet.read_text(encoding="utf-8") + '\nraise RuntimeError("injected failure")\n', encoding="utf-8")

    result = build_site(project, tmp_path / "site")
    said = result.stdout + result.stderr
    assert result.returncode != 0, f"the build passed although a cell raised:\n{said[-3000:]}"
    assert "injected failure" in said, said[-3000:]
    assert f"notebook notebooks/zh/{nb.file_name} (made from docs/zh/{nb.name}.md)" in said, said[-3000:]
    assert f"({first}) raised while executing" in said, said[-3000:]
