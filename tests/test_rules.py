"""Every general rule the prose states is a rule check (CONTRIBUTING.md, "State a rule"): shown under
its own heading on one of the rules pages, its statement first and its check folded below, cited by another
page, asserting its rule. Its output drifting is the snippet's own test; a citation of a rule without a
check or a heading fails the build (`rule`). The marker a citation renders carries the statement."""

import ast
import contextlib
import re

import pytest

from docs_pipeline.macros import PageError, page_functions
from docs_pipeline.pages import parse
from docs_pipeline.rules import CHECKED, RULES, rules_pages, statement
from docs_pipeline.ui import texts
from tests.helpers import EACH_LANGUAGE, SITE, fail_if, fails_listing, read
from tests.site_loads import source

CHECKS = sorted((SITE.root / "snippets" / RULES).glob("*.py"))
# A statement is what a marker shows on hover: a sentence or two, not the section's details
LONGEST_STATEMENT = {"zh": 270, "en": 480}  # characters of plain text


def test_each_rule_check_asserts_its_rule():
    assert CHECKS, f"no rule checks in snippets/{RULES}/"
    fail_if(
        f"{SITE.name(c)}: a rule check states its rule as code: assert it over every case it probes"
        for c in CHECKS
        if not any(isinstance(n, ast.Assert) for n in ast.walk(ast.parse(read(c))))
    )


def _section(page, heading, check, lang):
    """What is wrong with the section of `check` on its rules page in `lang`: the program it includes, the
    statement first (short, not about the program), the program and output folded, cited_by last."""
    start, end = page.section(heading)
    where = f"{page.name}:{heading.line}: the section {{ #{check.stem} }}"
    code = [b for b in page.blocks if start < b.line < end]
    if not any(f"{RULES}/{check.stem}.py" in b.includes for b in code):
        yield f"{where} does not include {SITE.name(check)}"
    if f'{{{{ cited_by("{check.stem}") }}}}' not in "\n".join(page.lines[heading.line : end - 1]):
        yield f'{where} does not end with {{{{ cited_by("{check.stem}") }}}}'
    if not code or any(b.container != CHECKED[lang] for b in code):
        yield f'{where}: its program and output belong under ??? note "{CHECKED[lang]}"'
    try:
        said = statement(page, heading)
    except ValueError as exc:
        yield str(exc)
        return
    if len(said) > LONGEST_STATEMENT[lang]:
        yield f"{where}: its statement has {len(said)} characters, over {LONGEST_STATEMENT[lang]}: move details after it"
    if re.search(r"(?i)程序|program", said):
        yield f"{where}: its statement speaks of its check: {said!r}"


@EACH_LANGUAGE
@fails_listing
def test_each_check_is_shown_under_its_heading_stated_first_and_folded_and_indexed(lang):
    """The section opens with the statement its markers show and folds the program and its output under
    CHECKED, collapsed: a reader looks a rule up, and opens the check if need be. The index page lists
    every rule, linking its section."""
    pages = list(map(parse, rules_pages(SITE, lang)))
    index = SITE.docs / lang / RULES / "index.md"
    if "{{ rules_index() }}" not in read(index):
        yield f"{SITE.name(index)}: no {{{{ rules_index() }}}}"
    listed = page_functions(SITE, lambda: index)["rules_index"]()
    for check in CHECKS:
        if f"#{check.stem})" not in listed or f"{{ #{check.stem} }}" not in listed:
            yield f"{SITE.name(index)}: rules_index() lists no entry, with its id, linking the section of {SITE.name(check)}"
        if len(found := [(page, h) for page in pages for h in page.headings if h.id == check.stem]) == 1:
            yield from _section(*found[0], check, lang)
        else:
            where = ", ".join(page.name for page, _ in found) or f"no page in docs/{lang}/{RULES}/"
            yield f"{where}: {len(found)} headings {{ #{check.stem} }} for {SITE.name(check)}, not one"
    yield from (
        f'{page.name}: a "{CHECKED[lang]}" block is open (!!! or ???+): it is collapsed, ???'
        for page in pages
        for a in page.admonitions
        if a.title == CHECKED[lang] and a.marker != "???"
    )


@fails_listing
def test_a_marker_carries_its_rules_statement(built_pages):
    """On every built page, a marker's accessible name, which pages.css shows on hover and focus, is the
    visible word and its rule's statement, character for character, and it has no title."""
    said = {}  # (language, rule): its statement; one that cannot be read is the test above's failure
    for lang in SITE.languages:
        for page in map(parse, rules_pages(SITE, lang)):
            for heading in (h for h in page.headings if h.level == 3):
                with contextlib.suppress(ValueError):
                    said[lang, heading.id] = statement(page, heading)
    for built, doc in built_pages.items():
        lang = SITE.language_of(source(built))
        prefix = re.search(r'aria-label=\\?"([^"{\\]*)\{statement\}', texts()[lang]["rule"])[1]  # "Rule: "
        for marker in doc.css("a.rule-ref"):
            expected = prefix + said.get((lang, marker.attributes["href"].rpartition("#")[2]), "?")
            if (
                marker.attributes.get("aria-label") != expected
                or "title" in marker.attributes
                or not prefix.lower().startswith(marker.text().lower())
            ):
                yield f"{built}: the marker reads {marker.attributes} {marker.text()!r}, not the statement {expected!r}"


def test_a_faulty_citation_names_the_page():
    """A citation of a rule without a check, and a rule no page cites: its section's `cited_by` (which
    test_each_check_is_shown_under_its_heading_stated_first_and_folded_and_indexed requires of every check) fails the build."""
    rules = rules_pages(SITE, SITE.default)[0]
    with pytest.raises(
        PageError,
        match=f"docs/{SITE.default}/how-it-works.md: cites rule 'no_such_rule', but there is no rule check snippets/rules/no_such_rule.py",
    ):
        page_functions(SITE, lambda: SITE.docs / SITE.default / "how-it-works.md")["rule"]("no_such_rule")
    with pytest.raises(PageError, match=f"{SITE.name(rules)}: no page of its language cites rule 'uncited'"):
        page_functions(SITE, lambda: rules)["cited_by"]("uncited")
