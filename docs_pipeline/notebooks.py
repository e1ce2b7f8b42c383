"""Jupyter notebooks made from the pages: the page's own snippets, in page order, one per language.

A page that shows Python code gets a notebook. Its code cells are the page's ```python blocks,
expanded exactly as the page expands them (pages.expand), without Material's annotation markers
(`# (1)!`), each headed by a comment naming its snippet. Its markdown cells come from the page in
its language, rendered as the build renders the page: the title and first paragraph, then the
headings (and collapsible titles) under which code appears. Output blocks are not copied:
executing the notebook produces them. Nothing here is stored in the repository; the build writes
the notebooks to a build-time folder (hooks/notebooks.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import nbformat

from .macros import render, torch_version
from .pages import Page, expand, parse
from .site import Layout, layout

ANNOTATION = re.compile(r"[ \t]*#[ \t]*\(\d+\)!?[ \t]*$")  # `  # (1)!` at the end of a line
LINK = re.compile(r"!?\[(?P<text>[^\]]*)\]\([^)]*\)")

TEXTS = {
    "zh": {
        "title": "{title}（笔记本）",
        "about": (
            "本笔记本由页面「{title}」生成：代码单元格就是页面上的全部代码，顺序与页面相同。"
            "从上到下依次运行即可得到页面上的输出（已用 torch {torch} 验证）。"
        ),
    },
    "en": {
        "title": "{title} (notebook)",
        "about": (
            "Generated from the page “{title}”: the code cells are all of the page's code, in page "
            "order. Run them top to bottom to get the outputs the page shows (verified with torch {torch})."
        ),
    },
}


class NotebookError(Exception):
    """A page could not be turned into a notebook; the message names the page."""


@dataclass
class PageNotebook:
    page: Path  # docs/<lang>/<name>.md
    lang: str
    name: str  # the page's name inside its language folder ("how-it-works")
    title: str  # the notebook's own title, in its language
    notebook: nbformat.NotebookNode
    heading_ids: list[str]  # the page's ids of the notebook's headings, in order (title first)

    @property
    def code_cells(self) -> list[str]:
        return [c.source for c in self.notebook.cells if c.cell_type == "code"]

    @property
    def file_name(self) -> str:
        """The downloaded file's name: the page and its language, e.g. how-it-works.zh.ipynb."""
        return f"{Path(self.name).name}.{self.lang}.ipynb"

    def text(self) -> str:
        return nbformat.writes(self.notebook)


def _code(page: Page, targets: list[str], site: Layout) -> str:
    try:
        lines = expand(targets, site.root)
    except Exception as exc:  # pymdownx names the missing file or section
        raise NotebookError(f"{page.name}: {exc}") from exc
    body = "\n".join(ANNOTATION.sub("", line) for line in lines).strip("\n")
    return "\n".join(f"# snippets/{t}" for t in targets) + "\n" + body


def page_notebook(path: Path, site: Layout | None = None) -> PageNotebook | None:
    """The notebook for one page, or None when the page shows no Python code."""
    site = site or layout()
    page = parse(path)
    code_blocks = [b for b in page.blocks if b.language == "python"]
    if not code_blocks:
        return None
    lang = site.language_of(path)
    title = next((h for h in page.headings if h.level == 1), None)
    if title is None:
        raise NotebookError(f"{page.name}: the page has no '# title' heading to name its notebook")
    text = lambda markdown: render(markdown, path, site)  # noqa: E731
    texts = TEXTS[lang]
    head = [f"# {texts['title'].format(title=text(title.text))}"]
    if intro := _first_paragraph(page, title.line):
        head.append(LINK.sub(lambda m: m.group("text"), text(intro)))
    head.append(texts["about"].format(title=text(title.text), torch=torch_version()))
    cells = [nbformat.v4.new_markdown_cell("\n\n".join(head))]
    heading_ids = [title.id or "notebook"]
    last = title.line
    for block in code_blocks:
        pending = {}  # level -> heading: the innermost headings between the previous code and this one
        for heading in (h for h in page.headings if last < h.line < block.line and h.level > 1):
            pending = {lvl: h for lvl, h in pending.items() if lvl < heading.level} | {heading.level: heading}
        heads = [f"{'#' * h.level} {text(h.text)}" for h in pending.values()]
        heads += [f"**{text(block.container)}**"] if block.container else []
        heading_ids += [h.id or f"section-{h.line}" for h in pending.values()]
        if heads:
            cells.append(nbformat.v4.new_markdown_cell("\n\n".join(heads)))
        cells.append(nbformat.v4.new_code_cell(_code(page, block.includes, site), metadata={"snippets": block.includes}))
        last = block.line
    for number, cell in enumerate(cells):
        cell.id = f"cell-{number}"  # stable ids: the same page gives the same bytes (the build cache key)
    nb = nbformat.v4.new_notebook(
        cells=cells,
        metadata={
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"},
            # Part of the file, so part of the execution cache key: a new torch re-executes.
            "dynamic_graph_docs": {"page": page.name, "language": lang, "torch": torch_version()},
        },
    )
    nbformat.validate(nb)
    name = site.page_name(path)
    return PageNotebook(path, lang, name, texts["title"].format(title=text(title.text)), nb, heading_ids)


def _first_paragraph(page: Page, title_line: int) -> str:
    """The plain paragraph right after the title, if any (markup is not a paragraph)."""
    paragraph = []
    for line in page.lines[title_line:]:
        if not line.strip():
            if paragraph:
                break
            continue
        paragraph.append(line.strip())
    if paragraph and re.match(r"^(?:[#!?<|>*+-]|\d+\.|`{3}|~{3})", paragraph[0]):
        return ""
    return " ".join(paragraph)


def page_notebooks(site: Layout | None = None) -> dict[str, list[PageNotebook]]:
    """Every page's notebook, per language, in page order."""
    site = site or layout()
    return {lang: [nb for path in site.pages(lang) if (nb := page_notebook(path, site)) is not None] for lang in site.languages}


def write_if_changed(path: Path, text: str) -> None:
    """Write only a change: an unchanged notebook keeps its bytes (and its execution cache entry)."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
