"""A Jupyter notebook for every page that shows Python code, in the page's language, and its exercise version.

Code cells: the page's ```python blocks in page order, expanded as the page expands them, without
annotation markers, each headed by a comment naming its snippets. Text cells: the page's title and
first paragraph, then the headings (and collapsible titles) above each code block, rendered as the
build renders them. Outputs come from running it (notebook_runs.py), never from the page.

The exercise version is the handout: no outputs, each reference solution an empty cell under "your
code", and the page's own text of its exercise sections (the predict-output questions' prompts, the
try-it tasks with their tips) above their cells. Markdown cells go through nbconvert, not
Python-Markdown, so text is rendered here: macros run, include lines expanded, rule citations left
out (a notebook has no rules page), the site's relative links reduced to their text.
"""

import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

import nbformat

from .macros import render, torch_version
from .pages import ADMONITION, HEADING, INCLUDE, STEPS, expand, parse, without_annotation
from .ui import texts as ui_texts

# A link to a page of the site (not to another site): it leads nowhere from a downloaded notebook.
LINK = re.compile(r"!?\[(?P<text>[^\]]*)\]\((?!(?:https?:)?//)[^)]*\)")
NOT_A_PARAGRAPH = re.compile(r"^(?:[#!?<|>*+-]|\d+\.|`{3}|~{3})")
METADATA = {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}
# The sections a core page ends with (CONTRIBUTING.md, "Add an exercise"), with their subsections: their
# text goes into the exercise version. Collapsed answers (??? success) and reference solutions
# (??? example) stay out of it.
EXERCISES = ("predict-output", "try-it")
HIDDEN = ("success", "example")
RULE_CITATION = re.compile(r"\{\{\s*rule\([^)]*\)\s*\}\}")
ARTICLE_MARKS = ("article", "article_corrected")  # docs_pipeline/ui.toml: the page's mark, the notebook's


class NotebookError(Exception):
    """A page's notebook could not be made or did not run; the message names the page."""


@dataclass
class PageNotebook:
    page: Path  # docs/<lang>/<name>.md
    lang: str
    file_name: str  # the download's (notebook_file_name)
    title: str  # the notebook's own title, in its language
    heading_ids: list  # the page's ids of the notebook's headings, in order (title first)
    notebook: nbformat.NotebookNode
    exercises: nbformat.NotebookNode  # the exercise version

    @property
    def code_cells(self):
        return [c.source for c in self.notebook.cells if c.cell_type == "code"]


def notebook_url(page, site):
    """Where a page's notebook page is published, relative to the site root."""
    return f"{site.prefix(site.language_of(page))}notebooks/{site.page_name(page)}/"


def notebook_file_name(page, site):
    """The download's file name, beside its notebook page: the page and its language, e.g. how-it-works.zh.ipynb."""
    return f"{Path(site.page_name(page)).name}.{site.language_of(page)}.ipynb"


def exercise_file_name(page, site):
    """The exercise version's file name, beside the notebook: how-it-works.zh.exercises.ipynb."""
    return f"{notebook_file_name(page, site).removesuffix('.ipynb')}.exercises.ipynb"


def _cells(parts, code=None, **metadata):
    """A text cell of the parts that are not empty (none if all are), then a code cell of `code`, if given, with
    `metadata`. Cells without an id (nbformat 4.4): nbconvert would publish an id as `id="cell-id=…"`, not a valid
    HTML id, and a new random id would change the file, and its render cache key, each build. (nbformat's
    new_*_cell would validate each cell; tests/test_notebooks.py validates the published notebooks.)"""
    cells = [
        {"cell_type": "markdown", "metadata": {}, "source": "\n\n".join(filter(None, parts))},
        {"cell_type": "code", "metadata": metadata, "source": code, "execution_count": None, "outputs": []},
    ]
    return [nbformat.from_dict(cell) for cell in cells if cell["source"]]


def _code(page, targets, site):
    try:
        lines = expand(targets, site.root)
    except Exception as exc:  # pymdownx names the missing file or section
        raise NotebookError(f"{page.name}: {exc}") from exc
    return "".join(f"# snippets/{t}\n" for t in targets) + "\n".join(map(without_annotation, lines)).strip("\n")


def _intro(page, after):
    """The paragraph right after the title, if it is plain text."""
    paragraph = re.split(r"\n\s*\n", "\n".join(page.lines[after:]).strip(), maxsplit=1)[0]
    return "" if NOT_A_PARAGRAPH.match(paragraph) else " ".join(map(str.strip, paragraph.splitlines()))


def _exercise_text(page, site, text):
    """The text of the page's exercise sections as the exercise version shows it, by the page line it starts
    on: headings, paragraphs, tips and text blocks; not the code cells, answers or reference solutions."""
    lines = ["", *page.lines]  # lines[n] is line n
    blocks, found = {b.line: b for b in page.blocks}, {}

    def plain(n):  # a line of a paragraph (a stepped figure needs the page's script: left out)
        return (
            lines[n].strip() and n not in blocks and not any(pattern.search(lines[n]) for pattern in (HEADING, ADMONITION, STEPS))
        )

    def markdown(first, past):  # lines [first, past) as a text cell shows them
        expanded = []
        for line in lines[first:past]:
            include = INCLUDE.match(line)
            expanded += expand([include["target"]], site.root) if include else [line]
        return text(textwrap.dedent("\n".join(expanded)).strip("\n"))

    for n, end in (page.section(h) for h in page.headings if h.id in EXERCISES):
        while n < end:
            after = n + 1
            if heading := HEADING.match(lines[n]):
                found[n] = f"{heading['level']} {text(heading['text'])}"
            elif block := blocks.get(n):
                after = block.after  # past its annotations
                if block.language != "python":  # shown above the answer: an output, a file
                    found[n] = "```text\n" + "\n".join(expand(block.includes, site.root)).strip("\n") + "\n```"
            elif adm := ADMONITION.match(lines[n]):
                while after < end and (not lines[after].strip() or lines[after].startswith(f"{adm['indent']} ")):
                    after += 1  # its body: the lines indented past its marker
                if not (adm["marker"].startswith("???") and adm["kind"] in HIDDEN):  # not an answer or a solution
                    # titled as on the page, or with Material's default title
                    quoted = [f"**{text(adm['title'] or adm['kind'].capitalize())}**", "", *markdown(n + 1, after).splitlines()]
                    found[n] = "\n".join(f"> {part}".rstrip() for part in quoted)
            elif plain(n):
                while after < end and plain(after):
                    after += 1
                found[n] = markdown(n, after)
            n = after
    return found


def page_notebook(path, site):
    """The notebook for one page, with its exercise version, or None when the page shows no Python code."""
    page = parse(path)
    if not page.code:
        return None
    title = next((h for h in page.headings if h.level == 1), None)
    if title is None:
        raise NotebookError(f"{page.name}: the page has no '# title' heading to name its notebook")
    lang = site.language_of(path)
    texts = ui_texts()[lang]["notebook"]

    def text(markdown):
        """Page Markdown as a text cell shows it: without rule citations, rendered as the build renders it, the
        article's marks as plain text (no stylesheet outside the site), the site's links reduced to their text."""
        rendered = render(RULE_CITATION.sub("", markdown), path, site)
        for mark in ARTICLE_MARKS:
            rendered = rendered.replace(ui_texts()[lang][mark], texts[mark])
        return LINK.sub(r"\g<text>", rendered)

    name, intro = text(title.text), text(_intro(page, title.line))
    cells = _cells([f"# {texts['title'].format(name)}", intro, texts["about"].format(name, torch_version())])
    exercises = _cells([f"# {texts['exercise_title'].format(name)}", intro, texts["exercise_about"]])
    statements, heading_ids, last = _exercise_text(page, site, text), [title.id], title.line
    for block in page.code:
        between = [h for h in page.headings if last < h.line < block.line and h.level > 1]
        # the innermost heading of each level: none at its level or above follows it
        shown = [h for n, h in enumerate(between) if all(k.level > h.level for k in between[n + 1 :])]
        heads = {h.line: f"{'#' * h.level} {text(h.text)}" for h in shown}
        heading_ids += [h.id for h in shown]
        container = block.container and f"**{text(block.container)}**"
        code, solution = _code(page, block.includes, site), block.container == texts["solution"]
        cells += _cells([*heads.values(), container], code, snippets=block.includes, **({"solution": True} if solution else {}))
        handout = [s for line, s in sorted((heads | statements).items()) if last < line < block.line]
        exercises += (  # a reference solution: an empty cell for the reader's own code
            _cells([*handout, f"**{texts['exercise_code']}**"], texts["exercise_cell"])
            if solution
            else _cells([*handout, container], code, snippets=block.includes)
        )
        last = block.line
    exercises += _cells([s for line, s in sorted(statements.items()) if line > last])
    notebooks = (nbformat.v4.new_notebook(cells=c, metadata=METADATA, nbformat_minor=4) for c in (cells, exercises))
    return PageNotebook(path, lang, notebook_file_name(path, site), texts["title"].format(name), heading_ids, *notebooks)


def page_notebooks(site):
    """Every page's notebook, per language, in page order."""
    return {lang: [nb for path in site.pages(lang) if (nb := page_notebook(path, site))] for lang in site.languages}
