"""The notebooks: made from the pages' own snippets, one run per page, rendered in both languages."""

import copy
import functools
import re
from itertools import pairwise

import nbformat
import pytest

from docs_pipeline.macros import render
from docs_pipeline.notebook_runs import run_key
from docs_pipeline.notebooks import EXERCISES, HIDDEN, RULE_CITATION, exercise_file_name, notebook_url, page_notebook
from docs_pipeline.outputs import diff
from docs_pipeline.pages import ADMONITION, HEADING, expand, parse, split_target, without_annotation
from docs_pipeline.runner import Snippet, run, stored
from docs_pipeline.ui import texts
from tests.helpers import SITE, fail_if

# Pages with code: each has a notebook (published: below), made inside the tests (a page that cannot make one fails its own).
WITH_CODE = [page for page in SITE.pages() if parse(page).code]
EVERY_PAGE_WITH_CODE = pytest.mark.parametrize("page", WITH_CODE, ids=SITE.name)
# What mkdocs-jupyter brings that the plugin leaves out: JupyterLab's CSS, scripts, its copy buttons.
JUPYTER_EXTRAS = ("--jp-", "<style", "clipboard-copy", "mathjax", "mermaid", "highlight-ipynb")
notebook = functools.cache(lambda page: page_notebook(page, SITE))


def cells(nb, kind):
    """The notebook's cells of one kind ("code" or "markdown"), in order."""
    return [c for c in nb.cells if c.cell_type == kind]


def plain(markdown):
    """Text as a reader sees it, to find one text in another: no links, tags, quote marks or article
    marks, spaces collapsed."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", re.sub(r'<span class="article-mark">.*?</span>|<[^>]+>', "", markdown))
    return " ".join(re.sub(r"(?m)^[ \t]*>[ \t]?", "", text).split())


def exercise_prose(page):
    """The paragraphs of a page's exercise sections, rendered, as plain text, each with its section's id
    and whether it is an answer's or a reference solution's (those the reader is asked: tips included)."""
    parsed = parse(page)
    # the code (the cells' business) and its annotations, the list right after it
    skipped = {n for b in parsed.blocks for n in range(b.line, b.after)}
    for heading in (h for h in parsed.headings if h.id in EXERCISES):
        start, end = parsed.section(heading)
        paragraphs, hidden = [(False, [])], None  # (is it an answer's, its lines); the indent of the answer we are in
        for n in range(start + 1, end):
            line = parsed.lines[n - 1]
            width = len(line) - len(line.lstrip())
            if hidden is not None and line.strip() and width <= hidden:
                hidden = None
            adm = ADMONITION.match(line)
            if adm and adm["marker"].startswith("???") and adm["kind"] in HIDDEN:
                hidden = width
            if n in skipped or adm or not line.strip() or HEADING.match(line) or "{{ steps(" in line:
                paragraphs.append((False, []))
            elif paragraphs[-1][1]:
                paragraphs[-1][1].append(line)
            else:  # an answer's paragraph when its first line is in the answer
                paragraphs[-1] = (hidden is not None, [line])
        for is_answer, lines in paragraphs:
            if lines:  # rule citations left out: a notebook has no rules page
                yield heading.id, is_answer, plain(render(RULE_CITATION.sub("", "\n".join(lines)), page, SITE))


# A page without its counterpart is tests/test_parity.py's failure.
@pytest.mark.parametrize("page", [p for p in WITH_CODE if SITE.language_of(p) == SITE.default], ids=SITE.name)
def test_one_run_per_page_and_text_in_each_language(page):
    """Same code in every language (the pages' parity, and each notebook's code is its page's: below), so one run serves all."""
    nbs = [notebook(p) for lang in SITE.languages if (p := SITE.counterpart(page, lang)).exists() and parse(p).code]
    assert len({str(run_key(nb)) for nb in nbs}) == 1, f"{SITE.name(page)}: its notebooks would run once per language"
    for nb in nbs:
        assert any("本笔记本由页面" in c.source for c in cells(nb.notebook, "markdown")) == (nb.lang == "zh"), (
            f"{SITE.name(nb.page)}: its notebook's text is not in the page's language"
        )


@EVERY_PAGE_WITH_CODE
def test_the_exercise_version_keeps_the_questions_and_drops_the_solutions(page):
    nb, where = copy.deepcopy(notebook(page)), SITE.name(page)
    words, exercise = texts()[nb.lang]["notebook"], nb.exercises
    code = cells(nb.notebook, "code")
    for cell in code:  # as the build's run leaves them
        cell.outputs = [nbformat.v4.new_output("stream", text="printed\n")]
    # a reader that finds no solution passes every page: the summary's exercise has one
    assert any(c.metadata.get("solution") for c in code) or SITE.page_name(page) != "summary", (
        f"{where}: its reference solution was not found"
    )
    handout = cells(exercise, "code")
    assert not any(c.outputs for c in handout), f"{where}: outputs in the exercise version"
    assert [c.source for c in handout] == [words["exercise_cell"] if c.metadata.get("solution") else c.source for c in code], (
        f"{where}: the exercise version's code cells are not the notebook's, each reference solution an empty cell"
    )
    nbformat.validate(exercise)
    # A handout: each question's prompt and each task's statement above its cell, no answer's text, and
    # each empty cell titled as the reader's own code.
    prose = list(exercise_prose(page))
    unread = {h.id for h in parse(page).headings if h.id in EXERCISES} - {section for section, answer, _ in prose if not answer}
    assert not unread, f"{where}: no text read from its exercise sections {sorted(unread)}"
    shown = plain("\n\n".join(c.source for c in cells(exercise, "markdown")))
    fail_if(
        (f"#{section}: {text}" for section, answer, text in prose if not answer and text not in shown),
        f"{where}: the exercise version lacks the page's question or task:",
    )
    fail_if(
        (text for _, answer, text in prose if answer and text in shown),
        f"{where}: the exercise version shows an answer's or solution's text:",
    )
    title = f"**{words['exercise_code']}**"
    untitled = [
        n
        for n, (above, cell) in enumerate(pairwise(exercise.cells), 2)
        if cell.source == words["exercise_cell"] and not (above.cell_type == "markdown" and above.source.endswith(title))
    ]
    assert not untitled, f"{where}: empty cells {untitled} are not under {title}"


# ------------------------------------------------------------------ the built site


@EVERY_PAGE_WITH_CODE
def test_notebook_page_and_download_are_the_executed_notebook(built_site, built_pages, page):
    nb, name, url = notebook(page), SITE.name(page), notebook_url(page, SITE)
    where = f"{url}index.html"
    assert where in built_pages, f"{name}: no notebook page at {where}"
    # Its <html lang>: tests/test_build.py; its canonical link and description: tests/test_page_meta.py.
    doc = built_pages[where]
    exercises = exercise_file_name(page, SITE)
    assert (built_site / url / exercises).is_file(), f"{name}: no exercise version beside its notebook ({exercises})"
    assert nb.title in doc.text(), f"{where}: the page is not the {nb.lang} notebook"
    extras = [extra for extra in JUPYTER_EXTRAS if extra in doc.html.lower()]
    assert not extras, f"{where}: mkdocs-jupyter's {extras} left in (docs_pipeline/page_html.py)"
    # rendered by mkdocs-jupyter: its cells are the page's code blocks (docs_pipeline/page_html.py)
    blocks = len(doc.css("div.highlight > pre > code"))
    assert blocks == len(nb.code_cells), f"{where}: {blocks} Material code blocks for {len(nb.code_cells)} code cells"
    ids = [h.attributes["id"] for h in doc.css("h1[id], h2[id], h3[id], h4[id], h5[id], h6[id]")]
    assert ids == nb.heading_ids, f"{where}: heading ids {ids}, the page's are {nb.heading_ids}"
    targets = {a.attributes["href"][1:] for a in doc.css('a[href^="#"]:not([href="#"])')}
    unresolved = targets - {n.attributes["id"] for n in doc.css("[id]")}
    assert not unresolved, f"{where}: links to #{sorted(unresolved)}, no such id in the page"
    outputs = doc.css("div.jp-RenderedText.jp-OutputArea-output")
    fail_if(
        (o.text() for o in outputs if o.attributes.get("data-mime-type") != "text/plain"),
        f"{where}: cells wrote to stderr or failed:",
    )
    printed = "".join(o.css_first("pre").text() for o in outputs)
    # in page order, once each
    programs = [Snippet(p) for p in dict.fromkeys(split_target(t)[0] for t in parse(page).includes) if p.suffix == ".py"]
    if printed != "".join(stored(p.output_path) or "" for p in programs):
        # A stored output that drifted is its snippet's own failure; here only what running the page's
        # programs one after another in one notebook changes.
        alone = "".join(run(p)[0] for p in programs)
        assert printed == alone, (
            f"{where}: run one after another in one notebook, the programs of {name} print something other than each run on its own: one leaves state that changes the next:\n{diff(alone, printed, 'each alone', 'in the notebook')}"
        )
    title = doc.css_first("title").text()
    assert len(title) <= 70, f"{where}: <title> {title!r} is longer than 70 characters"
    where = f"{url}{nb.file_name}"
    assert (built_site / where).is_file(), f"{name}: no {where} to download"
    published = nbformat.read(built_site / where, as_version=4)
    nbformat.validate(published)
    code = cells(published, "code")
    page_code = [
        "\n".join(f"# snippets/{t}" for t in b.includes)
        + "\n"
        + "\n".join(map(without_annotation, expand(b.includes))).strip("\n")
        for b in parse(page).code
    ]
    assert [c.source for c in code] == page_code, f"{where}: code cells are not {name}'s python blocks, in order, without markers"
    assert all(c.execution_count for c in code), f"{where}: not executed"
    split = [n for n, c in enumerate(code, 1) if any(a.get("name") == b.get("name") == "stdout" for a, b in pairwise(c.outputs))]
    assert not split, (
        f"{where}: code cells {split} print in several chunks, as the kernel's timing fell; docs_pipeline/notebook_runs.py merges them so that every build publishes the same notebook"
    )
