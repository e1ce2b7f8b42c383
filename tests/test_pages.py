"""Every code block on every page is included from snippets/, shown whole, with its real output;
the prose was read against the outputs as they are now; figures come from a program on the page;
code annotations match their markers; headings carry ids; a passage marked as the article's is its words.
Each check walks every page and fails once, listing every page's problems."""

import re
from collections import Counter, defaultdict

import pytest
from markdown_it import MarkdownIt

from docs_pipeline.outputs import unread_outputs
from docs_pipeline.pages import ARTICLE, code_markers, lines_outside, parse, split_target
from docs_pipeline.rules import LINK  # a link: its text
from docs_pipeline.runner import stored
from docs_pipeline.site import program_of, snippet_file
from tests.helpers import SITE, fail_if, read


def shown(page):
    """Every file the page's code blocks include: the sections it shows (None: all of it)."""
    sections = defaultdict(set)
    for block in page.blocks:
        for path, section in map(split_target, block.includes):
            sections[path].add(section)
    return sections


# Every line dedented: an admonition's body reads as paragraphs and list items, not as indented code.
MARKDOWN = MarkdownIt("commonmark").enable("table")


def markdown_blocks(page):
    """The page as markdown-it's tokens: each block's .map is the lines it spans (0-based, the last excluded)."""
    return MARKDOWN.parse("\n".join(line.lstrip() for line in page.lines))


def code_is_included_not_pasted(page):
    for block in page.blocks:
        if block.pasted:
            yield f"{block.where}: code pasted into the page; put it in snippets/ and include it"
        elif not block.includes:
            yield f"{block.where}: empty code block"
        for target in block.includes:
            path = split_target(target)[0]
            if not path.is_file():  # a missing section: code_annotations_match_the_markers
                yield f"{block.where}: includes {target}, and there is no such file under snippets/"
            expected = {".py": "python", ".out": "text"}.get(path.suffix)
            if block.language != expected:
                yield f"{block.where}: a block including {target} must be a ```{expected} block, not ```{block.language}"


def each_snippet_shown_whole_with_its_output(page):
    """What a reader copies from the page is the whole program, and the page shows what it prints."""
    sections = shown(page)
    for snippet, parts in sections.items():
        if snippet.suffix != ".py":
            continue
        if None not in parts and (uncovered := lines_outside(snippet, parts)):
            yield f"{page.name} shows {SITE.name(snippet)} only in part; lines {uncovered} are not in any included section, so copied code would not be the program that printed the output"
        out = snippet.with_suffix(".out")
        if stored(out) and out not in sections:
            yield f"{page.name} shows {SITE.name(snippet)} but not its output {SITE.name(out)}"


def prose_was_read_against_the_outputs_it_shows(page):
    """An output that changes (./dev outputs) turns its pages red until their prose is reread."""
    return unread_outputs(page.path)


def figures_are_drawn_from_a_snippet_on_the_page(page):
    """Outside code blocks only figures are included: an SVG inside <figure>, next to its program."""
    programs = shown(page)
    for line, target in page.figure_includes:
        path, before = split_target(target)[0], "\n".join(page.lines[:line])
        if path.suffix != ".svg" or before.rfind("<figure") <= before.rfind("</figure>"):
            yield f"{page.name}:{line}: outside a code block only an .svg figure may be included, inside <figure>"
        elif not path.is_file():
            yield f"{page.name}:{line}: no figure {SITE.name(path)}; draw it with ./dev outputs --figure <snippet.py>:<variable>"
        elif program_of(path) not in programs:
            yield f"{page.name}:{line}: the figure's program {SITE.name(program_of(path))} is not shown on the page"
    for program in map(snippet_file, page.steps):
        if program not in programs:
            yield f"{page.name}: the stepped figure's program {SITE.name(program)} is not shown on the page"


def code_annotations_match_the_markers(page):
    """Each `# (n)!` in the code shown has item n in the list right after the block, and no more."""
    for block in page.code:
        markers = sorted({n for t in block.includes if split_target(t)[0].is_file() for n in code_markers(t)})
        if markers != block.annotations:
            yield f"{block.where}: the code has markers {markers}, the list after the block has items {block.annotations} (a numbered list right after a code block is read as its annotations)"


def every_heading_has_an_explicit_id(page):
    """Pure-Chinese headings would get order-dependent ids (_1, _2) that differ between languages."""
    for heading in page.headings:
        if not heading.id:
            yield f"{page.name}:{heading.line}: heading without an explicit id: {heading.text} (write `## 标题 {{ #some-id }}`, the same id in both languages)"


def rule_citations_stay_out_of_the_way(page):
    """A citation is a marker after the sentence it backs: at most one per paragraph (or list item),
    none in a heading or a table, none on the summary, which states principles only."""
    cited = Counter(line for line, _ in page.rules)
    if SITE.page_name(page.path) == "summary" and cited:
        yield f"{page.name}: the summary cites rules (lines {sorted(cited)}); cite them where the rule is taught"
    for block in (token for token in markdown_blocks(page) if token.map):
        first, past = block.map
        count = sum(cited[n] for n in range(first + 1, past + 1))
        if count and block.type in ("heading_open", "table_open"):
            yield f"{page.name}:{first + 1}: a rule citation in a heading or table"
        elif count > 1 and block.type in ("paragraph_open", "html_block"):
            yield f"{page.name}:{first + 1}: {count} rule citations in one paragraph"


CORE = SITE.nav_groups[0][1]  # the pages of the nav's first section, by name
# How outputs are made true is said once, on about-outputs.md: not on a page a learner reads first.
HARNESS = re.compile(r"(?i)规则检查|测试套件|容差|80 列|rule check|test suite|toleran|80 columns")


def a_core_page_says_what_it_teaches_and_ends_with_practice(page):
    """Each core page but the home page opens with what the reader will be able to do and what it
    assumes, and ends with a question and a task; none speaks of the harness. (A core page that is
    missing: tests/test_parity.py, and the strict build.)"""
    name = SITE.page_name(page.path)
    if name not in CORE:
        return
    if name != "index":
        if not any(a.kind == "abstract" for a in page.admonitions):
            yield f"{page.name}: no !!! abstract block (what the reader will be able to do, what it assumes)"
        for want in sorted({"predict-output", "try-it"} - {h.id for h in page.headings}):
            yield f"{page.name}: no section {{ #{want} }}"
    for number, line in enumerate(page.lines, 1):
        if found := HARNESS.search(line):
            yield f"{page.name}:{number}: speaks of the harness ({found.group(0)!r}); say it on about-outputs.md"


# The source article, verbatim (only this test reads it): a passage marked {{ article() }} on a Chinese
# page is the article's own words. A corrected mark, {{ article(corrected=True) }}, is exempt; the
# English pages' marks are translations.
# other macros (not the article's words), HTML tags, bold, code, and whitespace, which Markdown and the
# article wrap differently
NOT_WORDS = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|<[^>]+>|\*\*|`|\s+")


def plain(text):
    """The words alone, as the article and a page both have them."""
    return NOT_WORDS.sub("", LINK.sub(r"\1", text))


ARTICLE_TEXT = plain(read(SITE.root / "tests/article.zh.txt"))


def marked_passages(page):
    """(line, text) of each paragraph or list item an uncorrected article mark opens, from the mark on."""
    for inline in (token for token in markdown_blocks(page) if token.type == "inline"):
        for mark in ARTICLE.finditer(inline.content):
            if not mark["args"].strip():
                yield inline.map[0] + 1 + inline.content.count("\n", 0, mark.start()), inline.content[mark.end() :]


def a_passage_marked_as_the_articles_is_its_words(page):
    if SITE.language_of(page.path) != SITE.default:
        return
    for number, text in marked_passages(page):
        if plain(text) not in ARTICLE_TEXT:
            yield (
                f"{page.name}:{number}: marked as the article's, but the article does not say {text.strip()!r}; "
                "quote it verbatim, mark a correction {{ article(corrected=True) }}, and put the site's own words outside the marked paragraph"
            )


CHECKS = [
    code_is_included_not_pasted,
    each_snippet_shown_whole_with_its_output,
    prose_was_read_against_the_outputs_it_shows,
    figures_are_drawn_from_a_snippet_on_the_page,
    code_annotations_match_the_markers,
    every_heading_has_an_explicit_id,
    rule_citations_stay_out_of_the_way,
    a_core_page_says_what_it_teaches_and_ends_with_practice,
    a_passage_marked_as_the_articles_is_its_words,
]


@pytest.mark.parametrize("check", CHECKS)  # each named for its function
def test_every_page(check):
    fail_if(problem for page in SITE.pages() for problem in check(parse(page)))


def test_the_article_check_reads_the_marks():
    """The check above sees the home page's two marked paragraphs, each with text (one that saw none would pass)."""
    passages = list(marked_passages(parse(SITE.docs / SITE.default / "index.md")))
    assert len(passages) == 2 and all(plain(text) for _, text in passages), passages
