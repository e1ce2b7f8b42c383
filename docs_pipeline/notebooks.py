"""A Jupyter notebook for every page that shows Python code, in the page's language.

Code cells: the page's ```python blocks in page order, expanded as the page expands them, without
annotation markers, each headed by a comment naming its snippets. Text cells: the page's title and
first paragraph, then the headings (and collapsible titles) above each code block, rendered as the
build renders them. Outputs come from running it (notebook_runs.py), never from the page.
"""

import re
from dataclasses import dataclass
from itertools import dropwhile, takewhile
from pathlib import Path

import nbformat

from .macros import render, torch_version
from .pages import Page, expand, parse, without_annotation
from .site import Layout, layout
from .ui import texts as ui_texts

LINK = re.compile(r"!?\[(?P<text>[^\]]*)\]\([^)]*\)")
NOT_A_PARAGRAPH = re.compile(r"^(?:[#!?<|>*+-]|\d+\.|`{3}|~{3})")
METADATA = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}


class NotebookError(Exception):
    """A page's notebook could not be made or did not run; the message names the page."""


@dataclass
class PageNotebook:
    page: Path  # docs/<lang>/<name>.md
    lang: str
    title: str  # the notebook's own title, in its language
    heading: str  # the page's title
    notebook: nbformat.NotebookNode
    heading_ids: list[str]  # the page's ids of the notebook's headings, in order (title first)

    @property
    def code_cells(self) -> list[str]:
        return [c.source for c in self.notebook.cells if c.cell_type == "code"]

    @property
    def file_name(self) -> str:
        return notebook_file_name(self.page, layout())


def notebook_url(page: Path, site: Layout) -> str:
    """Where a page's notebook page is published, relative to the site root."""
    return f"{site.prefix(site.language_of(page))}notebooks/{site.page_name(page)}/"


def notebook_file_name(page: Path, site: Layout) -> str:
    """The download's file name, beside its notebook page: the page and its language, e.g. how-it-works.zh.ipynb."""
    return f"{Path(site.page_name(page)).name}.{site.language_of(page)}.ipynb"


def _cell(kind: str, source: str, **metadata) -> nbformat.NotebookNode:
    """A cell without an id (nbformat 4.4): nbconvert would publish an id as `id="cell-id=…"`,
    not a valid HTML id, and a new random id would change the file, and its render cache key, each build."""
    cell = {"cell_type": kind, "metadata": metadata, "source": source}
    # nbformat's new_*_cell would validate each cell; tests/test_notebooks.py validates the published notebooks
    return nbformat.from_dict(cell | ({"execution_count": None, "outputs": []} if kind == "code" else {}))


def _code(page: Page, targets: list[str], site: Layout) -> str:
    try:
        lines = expand(targets, site.root)
    except Exception as exc:  # pymdownx names the missing file or section
        raise NotebookError(f"{page.name}: {exc}") from exc
    body = "\n".join(without_annotation(line) for line in lines).strip("\n")
    return "\n".join(f"# snippets/{t}" for t in targets) + "\n" + body


def _intro(page: Page, after: int) -> str:
    """The paragraph right after the title, if it is plain text."""
    paragraph = [line.strip() for line in takewhile(str.strip, dropwhile(lambda line: not line.strip(), page.lines[after:]))]
    return "" if not paragraph or NOT_A_PARAGRAPH.match(paragraph[0]) else " ".join(paragraph)


def page_notebook(path: Path, site: Layout) -> PageNotebook | None:
    """The notebook for one page, or None when the page shows no Python code."""
    page = parse(path)
    if not page.code:
        return None
    title = next((h for h in page.headings if h.level == 1), None)
    if title is None:
        raise NotebookError(f"{page.name}: the page has no '# title' heading to name its notebook")
    lang, text = site.language_of(path), lambda markdown: render(markdown, path, site)
    texts, name = ui_texts()[lang]["notebook"], text(title.text)
    head = [f"# {texts['title'].format(name)}", LINK.sub(r"\g<text>", text(_intro(page, title.line)))]
    cells = [_cell("markdown", "\n\n".join(filter(None, [*head, texts["about"].format(name, torch_version())])))]
    heading_ids, last = [title.id], title.line
    for block in page.code:
        headings = {}  # level -> the innermost heading of that level between the last code block and this one
        for h in (h for h in page.headings if last < h.line < block.line and h.level > 1):
            headings = {level: k for level, k in headings.items() if level < h.level} | {h.level: h}
        heads = [f"{'#' * h.level} {text(h.text)}" for h in headings.values()]
        heads += [f"**{text(block.container)}**"] if block.container else []
        heading_ids += [h.id for h in headings.values()]
        cells += [_cell("markdown", "\n\n".join(heads))] if heads else []
        solution = {"solution": True} if block.container == texts["solution"] else {}
        cells.append(_cell("code", _code(page, block.includes, site), snippets=block.includes, **solution))
        last = block.line
    nb = nbformat.v4.new_notebook(cells=cells, metadata=METADATA, nbformat_minor=4)
    return PageNotebook(path, lang, texts["title"].format(name), name, nb, heading_ids)


def exercise_notebook(nb: PageNotebook) -> nbformat.NotebookNode:
    """The page's notebook to work through: unexecuted (the build has run `nb`), each reference solution an
    empty cell."""
    texts = ui_texts()[nb.lang]["notebook"]
    cells = [
        _cell("code", texts["exercise_cell"]) if c.metadata.get("solution") else _cell(c.cell_type, c.source, **c.metadata)
        for c in nb.notebook.cells
    ]
    head = cells[0].source.split("\n\n")  # title, the page's first paragraph, what the notebook is
    head[0] = f"# {texts['exercise_title'].format(nb.heading)}"
    cells[0] = _cell("markdown", "\n\n".join([*head[:-1], texts["exercise_about"]]))
    return nbformat.v4.new_notebook(cells=cells, metadata=METADATA, nbformat_minor=4)


def exercise_file_name(page: Path, site: Layout) -> str:
    """The exercise version's file name, beside the notebook: how-it-works.zh.exercises.ipynb."""
    return notebook_file_name(page, site).removesuffix(".ipynb") + ".exercises.ipynb"


def page_notebooks(site: Layout) -> dict[str, list[PageNotebook]]:
    """Every page's notebook, per language, in page order."""
    return {lang: [nb for path in site.pages(lang) if (nb := page_notebook(path, site))] for lang in site.languages}
