"""A Jupyter notebook for every page that shows Python code, in the page's language.

Code cells: the page's ```python blocks in page order, expanded as the page expands them, without
annotation markers, each headed by a comment naming its snippets. Text cells: the page's title and
first paragraph, then the headings (and collapsible titles) above each code block, rendered as the
build renders them. Outputs come from running it (notebook_runs.py), never from the page.

The exercise version (exercise_notebook) is the handout: no outputs, each reference solution an empty
cell under "your code", and the page's own text of each exercise (the predict-output questions' prompts,
the try-it tasks with their tips) above its cell. Markdown cells go through nbconvert, not
Python-Markdown, so that text is rendered here: macros run, include lines expanded, rule citations left
out (a notebook has no rules page), the site's relative links reduced to their text.
"""

import functools
import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from itertools import dropwhile, takewhile
from pathlib import Path

import nbformat

from .macros import render, torch_version
from .pages import ADMONITION, FENCE, HEADING, INCLUDE, LIST_ITEM, STEPS, Block, Page, expand, parse, without_annotation
from .site import Layout, layout
from .ui import texts as ui_texts

LINK = re.compile(r"!?\[(?P<text>[^\]]*)\]\([^)]*\)")
NOT_A_PARAGRAPH = re.compile(r"^(?:[#!?<|>*+-]|\d+\.|`{3}|~{3})")
METADATA = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}
# The sections a core page ends with (CONTRIBUTING.md, "Add an exercise"), with their subsections: their
# text goes into the exercise version. Collapsed answers (??? success) and reference solutions
# (??? example) stay out of it.
EXERCISES = ("predict-output", "try-it")
HIDDEN = ("success", "example")
RULE_CITATION = re.compile(r"\{\{\s*rule\([^)]*\)\s*\}\}")
ARTICLE_MARKS = ("article", "article_corrected")  # docs_pipeline/ui.toml: the page's mark, the notebook's
ABSOLUTE = re.compile(r"!?\[[^\]]*\]\((?:https?:)?//")


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
    # The exercise version's text cell above each code cell (its headings, the exercises' own text, and
    # "your code" for a solution), then the text after the last one; "" where there is none.
    exercise_text: list[str]

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


def _unlinked(markdown: str) -> str:
    """The site's own links reduced to their text (they lead nowhere from a downloaded notebook); links
    to other sites kept."""
    return LINK.sub(lambda m: m.group(0) if ABSOLUTE.match(m.group(0)) else m.group("text"), markdown)


def _exercise_ranges(page: Page) -> list[tuple[int, int]]:
    """The lines of the page's exercise sections (with their subsections): [first, past the last)."""
    return [page.section(h) for h in page.headings if h.id in EXERCISES]


def _annotations_end(page: Page, block: Block) -> int:
    """The 0-based index of the first line after a code block's annotation list (after the block if none)."""
    i, indent = block.end, re.match(r"[ \t]*", page.lines[block.line - 1]).group(0)
    if not block.annotations:
        return i
    end = i
    while i < len(page.lines):
        line = page.lines[i]
        if ((item := LIST_ITEM.match(line)) and item.group("indent") == indent) or line.startswith(indent + "    "):
            end = i + 1
        elif line.strip():
            break
        i += 1
    return end


def _indent(line: str) -> int:
    return len(line.expandtabs(4)) - len(line.expandtabs(4).lstrip())


def _expanded(lines: list[str], site: Layout) -> list[str]:
    """Lines with their include lines (a figure's SVG) replaced by what they bring in."""
    found = [(line, INCLUDE.match(line)) for line in lines]
    return [part for line, inc in found for part in (expand([inc.group("target")], site.root) if inc else [line])]


def _statements(page: Page, site: Layout, text: Callable[[str], str]) -> dict[int, str]:
    """The exercises' own text, as Markdown cells show it, by the page line it starts on: each paragraph,
    list, tip and text block of the exercise sections, outside the code cells, the answers and the
    solutions."""
    blocks, found = {b.line: b for b in page.blocks}, {}
    for start, end in _exercise_ranges(page):
        i, paragraph = start, []  # 0-based index of the line after the heading; the paragraph's (line, text)
        while i < end - 1:
            line, at = page.lines[i], i + 1
            if paragraph and (not line.strip() or HEADING.match(line) or FENCE.match(line) or ADMONITION.match(line)):
                found[paragraph[0][0]] = _prose("\n".join(part for _, part in paragraph), text)
                paragraph = []
            if not line.strip() or HEADING.match(line) or STEPS.search(line):  # a stepped figure needs the page's script
                i += 1
            elif FENCE.match(line) and (block := blocks.get(at)):
                if block.language != "python":  # shown above the answer: an output, a file
                    found[at] = "```text\n" + "\n".join(expand(block.includes, site.root)).strip("\n") + "\n```"
                i = _annotations_end(page, block)
            elif adm := ADMONITION.match(line):
                width, i = len(adm.group("indent").expandtabs(4)), i + 1
                body_start = i
                while i < end - 1 and (not page.lines[i].strip() or _indent(page.lines[i]) > width):
                    i += 1
                if adm.group("marker").startswith("???") and adm.group("kind") in HIDDEN:
                    continue  # an answer or a reference solution
                body = textwrap.dedent("\n".join(_expanded(page.lines[body_start:i], site))).strip("\n")
                title = adm.group("title") or adm.group("kind").capitalize()  # Material's default title
                quoted = [f"**{text(title)}**", "", *_prose(body, text).splitlines()]
                found[at] = "\n".join(f"> {part}".rstrip() for part in quoted)
            else:
                paragraph += [(at, part) for part in _expanded([line], site)]
                i += 1
        if paragraph:
            found[paragraph[0][0]] = _prose("\n".join(part for _, part in paragraph), text)
    return found


def _prose(markdown: str, text: Callable[[str], str]) -> str:
    """Page Markdown as a notebook's text cell shows it: without rule citations, rendered, unlinked."""
    return _unlinked(text(RULE_CITATION.sub("", markdown)))


def page_notebook(path: Path, site: Layout) -> PageNotebook | None:
    """The notebook for one page, or None when the page shows no Python code."""
    page = parse(path)
    if not page.code:
        return None
    title = next((h for h in page.headings if h.level == 1), None)
    if title is None:
        raise NotebookError(f"{page.name}: the page has no '# title' heading to name its notebook")
    lang = site.language_of(path)
    texts, marks = ui_texts()[lang]["notebook"], {ui_texts()[lang][k]: ui_texts()[lang]["notebook"][k] for k in ARTICLE_MARKS}

    def text(markdown: str) -> str:
        """Rendered as the build renders it, the article's marks as plain text (no stylesheet outside the site)."""
        rendered = render(markdown, path, site)
        return functools.reduce(lambda t, mark: t.replace(mark, marks[mark]), marks, rendered)

    name = text(title.text)
    head = [f"# {texts['title'].format(name)}", _prose(_intro(page, title.line), text)]
    cells = [_cell("markdown", "\n\n".join(filter(None, [*head, texts["about"].format(name, torch_version())])))]
    heading_ids, last = [title.id], title.line
    statements, ranges, exercise_text = _statements(page, site, text), _exercise_ranges(page), []

    def exercise(after: int, before: int, headings: list, container: str | None) -> str:
        """The exercise version's text between two page lines: headings and the exercises' own text, in page order."""
        shown = {h.line: h for h in page.headings if after < h.line < before and any(a <= h.line < b for a, b in ranges)}
        shown |= {h.line: h for h in headings}
        parts = {line: f"{'#' * h.level} {text(h.text)}" for line, h in shown.items()}
        parts |= {line: s for line, s in statements.items() if after < line < before}
        return "\n\n".join([*(parts[line] for line in sorted(parts)), *([f"**{container}**"] if container else [])])

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
        container = texts["exercise_code"] if solution else block.container and text(block.container)
        exercise_text.append(exercise(last, block.line, list(headings.values()), container))
        last = block.line
    exercise_text.append(exercise(last, len(page.lines) + 1, [], None))
    nb = nbformat.v4.new_notebook(cells=cells, metadata=METADATA, nbformat_minor=4)
    return PageNotebook(path, lang, texts["title"].format(name), name, nb, heading_ids, exercise_text)


def exercise_notebook(nb: PageNotebook) -> nbformat.NotebookNode:
    """The page's notebook to work through: unexecuted (the build has run `nb`), the exercises' own text
    above their cells, each reference solution an empty cell under "your code"."""
    texts = ui_texts()[nb.lang]["notebook"]
    head = nb.notebook.cells[0].source.split("\n\n")  # title, the page's first paragraph, what the notebook is
    head[0] = f"# {texts['exercise_title'].format(nb.heading)}"
    cells = [_cell("markdown", "\n\n".join([*head[:-1], texts["exercise_about"]]))]
    code = [c for c in nb.notebook.cells if c.cell_type == "code"]
    for markdown, c in zip(nb.exercise_text, code, strict=False):  # the text after the last cell: below
        cells += [_cell("markdown", markdown)] if markdown else []
        cells.append(
            _cell("code", texts["exercise_cell"]) if c.metadata.get("solution") else _cell("code", c.source, **c.metadata)
        )
    cells += [_cell("markdown", nb.exercise_text[-1])] if nb.exercise_text[-1] else []
    return nbformat.v4.new_notebook(cells=cells, metadata=METADATA, nbformat_minor=4)


def exercise_file_name(page: Path, site: Layout) -> str:
    """The exercise version's file name, beside the notebook: how-it-works.zh.exercises.ipynb."""
    return notebook_file_name(page, site).removesuffix(".ipynb") + ".exercises.ipynb"


def page_notebooks(site: Layout) -> dict[str, list[PageNotebook]]:
    """Every page's notebook, per language, in page order."""
    return {lang: [nb for path in site.pages(lang) if (nb := page_notebook(path, site))] for lang in site.languages}
