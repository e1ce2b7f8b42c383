"""Jupyter notebooks made from the pages: the page's own snippets, in page order, one per language.

A page that shows code gets a notebook. Its code cells are the page's ```python blocks, each
expanded by pymdownx.snippets exactly as the page expands it (same base_path, same sections),
with Material's annotation markers (`# (1)!`) removed. Its markdown cells are taken from the page
in the page's language: the title and first paragraph, then the headings (and collapsible titles)
under which code appears. Output blocks (```text) are not copied: executing the notebook
produces them. Nothing here is stored in the repository; the build writes the notebooks to a
build-time folder (see notebook_hooks.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import markdown
import nbformat

from docs_pipeline.pages import FENCE, INCLUDE

ANNOTATION = re.compile(r"[ \t]*#[ \t]*\(\d+\)!?[ \t]*$")  # `  # (1)!` at the end of a line
HEADING = re.compile(r"^(?P<level>#{1,6})[ \t]+(?P<text>.*?)(?:[ \t]*\{[^}]*?#(?P<id>[\w.:-]+)[^}]*\})?[ \t]*#*[ \t]*$")
ADMONITION = re.compile(r'^(?P<indent>[ \t]*)(?:!!!|\?\?\?\+?)[ \t]+[\w-]+(?:[ \t]+"(?P<title>[^"]*)")?')
LINK = re.compile(r"!?\[(?P<text>[^\]]*)\]\([^)]*\)")
FRONT_MATTER = re.compile(r"\A---[ \t]*\n.*?^---[ \t]*\n", re.S | re.M)

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
    name: str  # the page's path inside its language folder, without .md ("how-it-works")
    title: str
    notebook: nbformat.NotebookNode
    heading_ids: list[str]  # the page's ids of the notebook's headings, in order (title first)

    @property
    def code_cells(self) -> list[str]:
        return [c.source for c in self.notebook.cells if c.cell_type == "code"]

    @property
    def where(self) -> str:
        """The page, as a path in the repository (docs/<lang>/<name>.md)."""
        return self.notebook.metadata["dynamic_graph_docs"]["page"]

    @property
    def file_name(self) -> str:
        """The downloaded file's name: the page and its language, e.g. how-it-works.zh.ipynb."""
        return f"{Path(self.name).name}.{self.lang}.ipynb"

    def text(self) -> str:
        return nbformat.writes(self.notebook)


def snippet_expander(snippets_config: dict):
    """A function expanding include lines exactly as the pages' pymdownx.snippets does."""
    md = markdown.Markdown(extensions=["pymdownx.snippets"], extension_configs={"pymdownx.snippets": snippets_config})
    processor = md.preprocessors["snippet"]

    def expand(lines: list[str]) -> list[str]:
        return processor.run(list(lines))

    return expand


def page_notebook(page: Path, docs: Path, expand, torch_version: str) -> PageNotebook | None:
    """The notebook for one page, or None when the page shows no Python code."""
    lang = page.relative_to(docs).parts[0]
    name = page.relative_to(docs / lang).with_suffix("").as_posix()
    where = page.relative_to(docs.parent).as_posix() if docs.parent in page.parents else str(page)
    text = page.read_text(encoding="utf-8")
    body = text[FRONT_MATTER.match(text).end():] if FRONT_MATTER.match(text) else text
    lines = body.replace("{{ torch_version }}", torch_version).splitlines()

    title, title_id, intro = first_heading_and_paragraph(lines)
    cells: list = []
    heading_ids = [title_id or "notebook"]
    pending: list[tuple[int, str, str]] = []  # (level, markdown, id): headings not yet followed by code
    admonitions: list[tuple[int, str | None]] = []  # open admonitions: (indent width, title)
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = FENCE.match(line)
        if fence:
            indent = fence.group("indent")
            info = fence.group("info").strip()
            close = re.compile(rf"^\s*{re.escape(fence.group('fence'))}\s*$")
            start = i + 1
            i += 1
            while i < len(lines) and not close.match(lines[i]):
                i += 1
            if not info.split() or info.split()[0] != "python":
                i += 1
                continue
            inner = [l[len(indent):] if l.startswith(indent) else l.lstrip() for l in lines[start:i]]
            if not all(INCLUDE.match(l) or not l.strip() for l in inner):
                raise NotebookError(f"{where}:{start}: a python block holds more than include lines")
            try:
                code = expand(inner)
            except Exception as exc:  # pymdownx names the missing file or section
                raise NotebookError(f"{where}:{start}: {exc}") from exc
            source = "\n".join(ANNOTATION.sub("", l) for l in code).strip("\n")
            width = len(indent.expandtabs(4))
            titles = [t for w, t in admonitions if w < width and t]
            heads = [md for _, md, _ in pending] + [f"**{t}**" for t in titles[-1:]]
            heading_ids += [ident for _, _, ident in pending]
            if heads:
                cells.append(nbformat.v4.new_markdown_cell("\n\n".join(heads)))
            pending = []
            if source:
                targets = [INCLUDE.match(l).group("target") for l in inner if INCLUDE.match(l)]
                cells.append(nbformat.v4.new_code_cell(source, metadata={"snippets": targets}))
            i += 1
            continue
        heading = HEADING.match(line)
        if heading:
            level, words = len(heading.group("level")), heading.group("text").strip()
            if level > 1:
                ident = heading.group("id") or f"section-{i + 1}"
                pending = [p for p in pending if p[0] < level] + [(level, f"{'#' * level} {words}", ident)]
            admonitions = []
        adm = ADMONITION.match(line)
        if adm:
            width = len(adm.group("indent").expandtabs(4))
            admonitions = [(w, t) for w, t in admonitions if w < width] + [(width, adm.group("title"))]
        elif line.strip() and not line.startswith(" ") and not line.startswith("\t"):
            admonitions = []
        i += 1

    if not any(c.cell_type == "code" for c in cells):
        return None
    if title is None:
        raise NotebookError(f"{where}: the page has no '# title' heading to name its notebook")
    texts = TEXTS[lang]
    head = [f"# {texts['title'].format(title=title)}"]
    if intro:
        head.append(LINK.sub(lambda m: m.group("text"), intro))
    head.append(texts["about"].format(title=title, torch=torch_version))
    cells.insert(0, nbformat.v4.new_markdown_cell("\n\n".join(head)))

    for number, cell in enumerate(cells):
        cell.id = f"cell-{number}"  # stable ids: the same page gives the same bytes (the build cache key)
    nb = nbformat.v4.new_notebook(
        cells=cells,
        metadata={
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"},
            # Part of the file, so part of the execution cache key: a new torch re-executes.
            "dynamic_graph_docs": {"page": where, "language": lang, "torch": torch_version},
        },
    )
    nbformat.validate(nb)
    return PageNotebook(page=page, lang=lang, name=name, title=title, notebook=nb, heading_ids=heading_ids)


def first_heading_and_paragraph(lines: list[str]) -> tuple[str | None, str | None, str]:
    """The page's `# title` (without its { #id }) and the plain paragraph right after it, if any."""
    for number, line in enumerate(lines):
        heading = HEADING.match(line)
        if heading and len(heading.group("level")) == 1:
            break
    else:
        return None, None, ""
    rest = lines[number + 1:]
    while rest and not rest[0].strip():
        rest = rest[1:]
    paragraph = []
    for line in rest:
        if not line.strip():
            break
        paragraph.append(line.strip())
    if paragraph and re.match(r"^(?:[#!?<|>*+-]|\d+\.|`{3}|~{3})", paragraph[0]):
        paragraph = []  # markup, not a plain paragraph
    return heading.group("text").strip(), heading.group("id"), " ".join(paragraph)


def page_notebooks(docs: Path, languages, expand, torch_version: str) -> dict[str, list[PageNotebook]]:
    """Every page's notebook, per language, in page order."""
    found: dict[str, list[PageNotebook]] = {}
    for lang in languages:
        found[lang] = [
            nb
            for page in sorted((docs / lang).rglob("*.md"))
            if (nb := page_notebook(page, docs, expand, torch_version)) is not None
        ]
    return found


def write_if_changed(path: Path, text: str) -> None:
    """Write only a change: an unchanged notebook keeps its bytes (and its execution cache entry)."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")

