"""Every general rule the prose states is a rule check (CONTRIBUTING.md, "State a rule"): shown under
its own heading on one of the rules pages, cited by another page, asserting its rule. Its output drifting is
the snippet's own test; a citation of a rule without a check or a heading fails the build (`rule`)."""

import ast

import pytest

from docs_pipeline.macros import PageError, page_functions
from docs_pipeline.pages import parse
from docs_pipeline.rules import RULES, is_rules_page, rules_pages
from docs_pipeline.site import layout
from tests.helpers import fail_if

SITE = layout()
CHECKS = sorted((SITE.root / "snippets" / RULES).glob("*.py"))


@pytest.mark.parametrize("check", CHECKS, ids=lambda p: p.stem)
def test_each_rule_check_asserts_its_rule(check):
    if not any(isinstance(node, ast.Assert) for node in ast.walk(ast.parse(check.read_text(encoding="utf-8")))):
        pytest.fail(
            f"{SITE.name(check)}: a rule check states its rule as code: assert it over every case it probes", pytrace=False
        )


@pytest.mark.parametrize("lang", SITE.languages)
def test_the_rules_pages_show_each_check_under_its_heading(lang):
    pages = [parse(p) for p in rules_pages(SITE, lang)]
    problems = [] if pages else [f"no rules pages in docs/{lang}/{RULES}/"]
    for check in CHECKS:
        found = [(page, h) for page in pages for h in page.headings if h.id == check.stem]
        if len(found) != 1:
            where = ", ".join(page.name for page, _ in found) or f"no page in docs/{lang}/{RULES}/"
            problems.append(f"{where}: {len(found)} headings {{ #{check.stem} }} for {SITE.name(check)}, not one")
            continue
        [(page, heading)] = found
        end = page.section(heading)[1]
        section = [b for b in page.blocks if heading.line < b.line < end]
        if f"{RULES}/{check.stem}.py" not in {t for b in section for t in b.includes}:
            problems.append(f"{page.name}:{heading.line}: the section {{ #{check.stem} }} does not include {SITE.name(check)}")
        if f'{{{{ cited_by("{check.stem}") }}}}' not in "\n".join(page.lines[heading.line : end - 1]):
            problems.append(
                f'{page.name}:{heading.line}: the section {{ #{check.stem} }} does not end with {{{{ cited_by("{check.stem}") }}}}'
            )
    fail_if(problems)


def test_every_rule_check_is_cited_by_a_page():
    assert CHECKS, f"no rule checks in snippets/{RULES}/"
    cited = {name for page in SITE.pages(SITE.default) if not is_rules_page(SITE, page) for _, name in parse(page).rules}
    uncited = [SITE.name(c) for c in CHECKS if c.stem not in cited]
    assert not uncited, f'rule checks that no page cites with {{{{ rule("name") }}}}: {uncited}'


def test_a_faulty_citation_names_the_page():
    """A citation of a rule without a check, and a rule no page cites (a check without a heading:
    test_the_rules_pages_show_each_check_under_its_heading names it before the build does)."""
    page, rules = SITE.docs / SITE.default / "how-it-works.md", rules_pages(SITE, SITE.default)[0]
    says = f"docs/{SITE.default}/how-it-works.md: cites rule 'no_such_rule', but there is no rule check snippets/rules/no_such_rule.py"
    with pytest.raises(PageError, match=says):
        page_functions(SITE, lambda: page)["rule"]("no_such_rule")
    with pytest.raises(PageError, match=f"{SITE.name(rules)}: no page of its language cites rule 'uncited'"):
        page_functions(SITE, lambda: rules)["cited_by"]("uncited")


@pytest.mark.parametrize("lang", SITE.languages)
def test_the_index_page_links_every_rule(lang):
    index = SITE.docs / lang / RULES / "index.md"
    assert "{{ rules_index() }}" in index.read_text(encoding="utf-8"), f"{SITE.name(index)}: no {{{{ rules_index() }}}}"
    listed = page_functions(SITE, lambda: index)["rules_index"]()
    missing = [SITE.name(c) for c in CHECKS if f"#{c.stem})" not in listed or f"{{ #{c.stem} }}" not in listed]
    assert not missing, f"{SITE.name(index)}: rules_index() lists no entry, with its id, linking the section of {missing}"
