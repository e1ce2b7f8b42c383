"""Every code block on every page is included from snippets/, shown whole, with its real output;
the prose was read against the outputs as they are now; figures come from a program on the page;
code annotations match their markers; headings carry ids; a passage marked as the article's is its words."""

import re
from collections import Counter
from pathlib import Path

import pytest

from docs_pipeline.outputs import unread_outputs
from docs_pipeline.pages import ADMONITION, ARTICLE, HEADING, LIST_ITEM, code_markers, lines_outside, parse, split_target
from docs_pipeline.runner import stored
from docs_pipeline.site import layout, program_of, snippet_file
from tests.helpers import fail_if

SITE = layout()
EVERY_PAGE = pytest.mark.parametrize("page", SITE.pages(), ids=SITE.name)


@EVERY_PAGE
def test_code_is_included_not_pasted(page):
    problems = []
    for block in parse(page).blocks:
        if block.pasted:
            problems.append(f"{block.where}: code pasted into the page; put it in snippets/ and include it")
        elif not block.includes:
            problems.append(f"{block.where}: empty code block")
        for target, (path, _) in ((t, split_target(t)) for t in block.includes):
            if not path.is_file():  # a missing section: test_code_annotations_match_the_markers
                problems.append(f"{block.where}: includes {target}, and there is no such file under snippets/")
            expected = {".py": "python", ".out": "text"}.get(path.suffix)
            if block.language != expected:
                problems.append(
                    f"{block.where}: a block including {target} must be a ```{expected} block, not ```{block.language}"
                )
    fail_if(problems)


@EVERY_PAGE
def test_each_snippet_shown_whole_with_its_output(page):
    """What a reader copies from the page is the whole program, and the page shows what it prints."""
    shown = {}  # every file a code block includes: the sections it shows (None: all of it)
    for path, section in (split_target(t) for b in parse(page).blocks for t in b.includes):
        shown.setdefault(path, set()).add(section)
    problems = []
    for snippet, sections in ((path, sections) for path, sections in shown.items() if path.suffix == ".py"):
        if None not in sections and (uncovered := lines_outside(snippet, sections)):
            problems.append(
                f"{SITE.name(page)} shows {SITE.name(snippet)} only in part; lines {uncovered} are not in any "
                "included section, so copied code would not be the program that printed the output"
            )
        out = snippet.with_suffix(".out")
        if stored(out) and out not in shown:
            problems.append(f"{SITE.name(page)} shows {SITE.name(snippet)} but not its output {SITE.name(out)}")
    fail_if(problems)


@EVERY_PAGE
def test_prose_was_read_against_the_outputs_it_shows(page):
    """An output that changes (./dev outputs) turns its pages red until their prose is reread."""
    fail_if(unread_outputs(page))


@EVERY_PAGE
def test_figures_are_drawn_from_a_snippet_on_the_page(page):
    """Outside code blocks only figures are included: an SVG inside <figure>, next to its program."""
    parsed = parse(page)
    shown = {split_target(t)[0] for b in parsed.blocks for t in b.includes}
    problems = []
    for line, target in parsed.figure_includes:
        where = f"{SITE.name(page)}:{line}"
        path, before = split_target(target)[0], "\n".join(parsed.lines[:line])
        program = program_of(path)
        if path.suffix != ".svg" or before.rfind("<figure") <= before.rfind("</figure>"):
            problems.append(f"{where}: outside a code block only an .svg figure may be included, inside <figure>")
        elif not path.is_file():
            problems.append(f"{where}: no figure {SITE.name(path)}; draw it with ./dev outputs --figure <snippet.py>:<variable>")
        elif program not in shown:
            problems.append(f"{where}: the figure's program {SITE.name(program)} is not shown on the page")
    for snippet in parsed.steps:
        program = snippet_file(snippet, SITE.root)
        if program not in shown:
            problems.append(f"{SITE.name(page)}: the stepped figure's program {SITE.name(program)} is not shown on the page")
    fail_if(problems)


@EVERY_PAGE
def test_code_annotations_match_the_markers(page):
    """Each `# (n)!` in the code shown has item n in the list right after the block, and no more."""
    problems = []
    for block in parse(page).code:
        markers = sorted({n for t in block.includes if split_target(t)[0].is_file() for n in code_markers(t)})
        if markers != block.annotations:
            problems.append(
                f"{block.where}: the code has markers {markers}, the list after the block has items {block.annotations}"
            )
    if problems:
        problems.append("(a numbered list right after a code block is read as its annotations)")
    fail_if(problems)


@EVERY_PAGE
def test_every_heading_has_an_explicit_id(page):
    """Pure-Chinese headings would get order-dependent ids (_1, _2) that differ between languages."""
    if missing := [f"line {h.line}: {h.text}" for h in parse(page).headings if not h.id]:
        explain = "(write `## 标题 { #some-id }`, the same id in both languages)"
        fail_if([f"{SITE.name(page)}: headings without an explicit id {explain}:\n  " + "\n  ".join(missing)])


@EVERY_PAGE
def test_rule_citations_stay_out_of_the_way(page):
    """A citation is a marker after the sentence it backs: at most one per paragraph (or list item),
    none in a heading or a table, none on the summary, which states principles only."""
    parsed, problems = parse(page), []
    cited = Counter(line for line, _ in parsed.rules)
    if SITE.page_name(page) == "summary" and cited:
        problems.append(f"{SITE.name(page)}: the summary cites rules (lines {sorted(cited)}); cite them where the rule is taught")
    paragraph = []
    for number, line in enumerate([*parsed.lines, ""], 1):
        if number in cited and (HEADING.match(line) or line.lstrip().startswith("|")):
            problems.append(f"{SITE.name(page)}:{number}: a rule citation in a heading or table")
        if not line.strip() or LIST_ITEM.match(line) or line.lstrip().startswith(("- ", "* ")):
            if (count := sum(cited[n] for n in paragraph)) > 1:
                problems.append(f"{SITE.name(page)}:{paragraph[0]}: {count} rule citations in one paragraph")
            paragraph = []
        if line.strip():
            paragraph.append(number)
    fail_if(problems)


CORE = [SITE.docs / lang / f"{name}.md" for lang in SITE.languages for name in SITE.nav_sections(lang)[0][1]]
CORE = [page for page in CORE if page.exists()]  # a missing one: tests/test_parity.py, and the strict build
# How outputs are made true is said once, on about-outputs.md: not on a page a learner reads first.
HARNESS = re.compile(r"规则检查|测试套件|容差|80 列|rule check|test suite|toleran|80 columns", re.I)


@pytest.mark.parametrize("page", CORE, ids=SITE.name)
def test_a_core_page_says_what_it_teaches_and_ends_with_practice(page):
    """Each core page but the home page opens with what the reader will be able to do and what it
    assumes, and ends with a question and a task; none speaks of the harness."""
    parsed, problems = parse(page), []
    if SITE.page_name(page) != "index":
        if not any(a.kind == "abstract" for a in parsed.admonitions):
            problems.append("no !!! abstract block (what the reader will be able to do, what it assumes)")
        ids = [h.id for h in parsed.headings]
        problems += [f"no section {{ #{want} }}" for want in ("predict-output", "try-it") if want not in ids]
    problems += [
        f"line {n}: speaks of the harness ({m.group(0)!r}); say it on about-outputs.md"
        for n, line in enumerate(parsed.lines, 1)
        if (m := HARNESS.search(line))
    ]
    fail_if([f"{SITE.name(page)}: {p}" for p in problems])


# The source article, verbatim (only this test reads it): a passage marked {{ article() }} on a Chinese
# page is the article's own words. A corrected mark, {{ article(corrected=True) }}, is exempt; the
# English pages' marks are translations.
ARTICLE_TEXT = Path(__file__).with_name("article.zh.txt")
MARKDOWN = [
    (re.compile(r"\{\{.*?\}\}|\{%.*?%\}"), ""),  # other macros: not the article's words
    (re.compile(r"\[([^\]]*)\]\([^)]*\)"), r"\1"),  # a link: its text
    (re.compile(r"<[^>]+>|\*\*|`"), ""),  # HTML tags, bold, code
    (re.compile(r"\s+"), ""),  # whitespace, which Markdown and the article wrap differently
]


def plain(text: str) -> str:
    for pattern, replacement in MARKDOWN:
        text = pattern.sub(replacement, text)
    return text


def marked_passages(page) -> list[tuple[int, str]]:
    """(line, text) of each paragraph or list item an uncorrected article mark opens, from the mark on."""
    lines, found = parse(page).lines, []
    for number, line in enumerate(lines, 1):
        if (mark := ARTICLE.search(line)) and not mark.group("args").strip():
            passage = [line[mark.end() :]]
            for more in lines[number:]:
                if not more.strip() or HEADING.match(more) or LIST_ITEM.match(more) or ADMONITION.match(more):
                    break
                passage.append(more)
            found.append((number, " ".join(passage)))
    return found


@pytest.mark.parametrize("page", SITE.pages(SITE.default), ids=SITE.name)
def test_a_passage_marked_as_the_articles_is_its_words(page):
    article = plain(ARTICLE_TEXT.read_text(encoding="utf-8"))
    fail_if(
        [
            f"{SITE.name(page)}:{number}: marked as the article's, but the article does not say {text.strip()!r}; "
            "quote it verbatim, mark a correction {{ article(corrected=True) }}, and put the site's own words "
            "outside the marked paragraph"
            for number, text in marked_passages(page)
            if plain(text) not in article
        ]
    )


def test_the_article_check_reads_the_marks():
    """The check above sees the home page's two marked paragraphs, each with text (one that saw none would pass)."""
    passages = marked_passages(SITE.docs / SITE.default / "index.md")
    assert len(passages) == 2 and all(plain(text) for _, text in passages), passages
