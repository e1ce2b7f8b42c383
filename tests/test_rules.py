"""Every general rule the prose states is a rule check (CONTRIBUTING.md, "State a rule"): shown under
its own heading on one of the rules pages, its statement first and its check folded below, cited by another
page, asserting its rule. Its output drifting is the snippet's own test; a citation of a rule without a
check or a heading fails the build (`rule`). The marker a citation renders carries the statement."""

import ast
import html
import re
from html.parser import HTMLParser

import markdown
import pytest

from docs_pipeline.engine import mkdocs_config
from docs_pipeline.macros import PageError, page_functions
from docs_pipeline.pages import parse
from docs_pipeline.rules import CHECKED, RULES, is_rules_page, rules_pages, statement
from docs_pipeline.site import layout
from docs_pipeline.ui import texts
from tests.helpers import fail_if

SITE = layout()
CHECKS = sorted((SITE.root / "snippets" / RULES).glob("*.py"))
# A statement is what a marker shows on hover: a sentence or two, not the section's details
LONGEST_STATEMENT = {"zh": 270, "en": 480}  # characters of plain text


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


@pytest.mark.parametrize("lang", SITE.languages)
def test_each_rule_is_stated_first_and_its_check_folded(lang):
    """The section opens with the statement its markers show, talks of no program there, and folds the
    program and its output under CHECKED (collapsed: a reader looks a rule up, and opens the check if need be)."""
    problems = []
    for rules in rules_pages(SITE, lang):
        page = parse(rules)
        for heading in (h for h in page.headings if h.level == 3):
            try:
                said = statement(page, heading)
            except ValueError as exc:
                problems.append(str(exc))
                continue
            if len(said) > LONGEST_STATEMENT[lang]:
                problems.append(
                    f"{page.name}:{heading.line}: the statement of {{ #{heading.id} }} has {len(said)} characters, "
                    f"over {LONGEST_STATEMENT[lang]}: move details to the paragraph after it"
                )
            if re.search(r"程序|program", said, re.I):
                problems.append(f"{page.name}:{heading.line}: the statement of {{ #{heading.id} }} speaks of its check: {said!r}")
            start, end = page.section(heading)
            code = [b for b in page.blocks if start < b.line < end]
            if not code or any(b.container != CHECKED[lang] for b in code):
                problems.append(
                    f'{page.name}:{heading.line}: the program and output of {{ #{heading.id} }} belong under ??? note "{CHECKED[lang]}"'
                )
        folds = [a for a in page.admonitions if a.title == CHECKED[lang]]
        if any(a.marker != "???" for a in folds):
            problems.append(f'{page.name}: a "{CHECKED[lang]}" block is open (!!! or ???+): it is collapsed, ???')
    fail_if(problems)


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self._open = [], None

    def handle_starttag(self, tag, attrs):
        if tag == "a":
            self._open = dict(attrs) | {"text": ""}
            self.links.append(self._open)

    def handle_data(self, data):
        if self._open is not None:
            self._open["text"] += data

    def handle_endtag(self, tag):
        self._open = None if tag == "a" else self._open


def _site_markdown() -> markdown.Markdown:
    """Python-Markdown with mkdocs.yml's extensions, but the include expander (it reads files)."""
    names, configs = [], {}
    for entry in mkdocs_config(SITE.root)["markdown_extensions"]:
        name, config = next(iter(entry.items())) if isinstance(entry, dict) else (entry, {})
        if name != "pymdownx.snippets":
            names.append(name)
            configs[name] = config or {}
    return markdown.Markdown(extensions=names, extension_configs=configs)


@pytest.mark.parametrize("lang", SITE.languages)
def test_a_marker_carries_its_rules_statement_through_the_markdown(lang):
    """Its accessible name, which pages.css shows on hover and focus, is the visible word and the statement,
    character for character: Python-Markdown's inline patterns (emphasis, code, links, HTML) must not reach it."""
    md, page = _site_markdown(), SITE.docs / lang / "index.md"
    rule = page_functions(SITE, lambda: page)["rule"]
    pages = {h.id: (parse(p), h) for p in rules_pages(SITE, lang) for h in parse(p).headings}
    prefix = re.search(r'aria-label="([^"{]*)\{statement\}', texts()[lang]["rule"]).group(1)  # "Rule: "
    problems = []
    for check in CHECKS:
        parser = _Links()
        parser.feed(md.reset().convert(f"Text{rule(check.stem)} after."))
        [marker] = [a for a in parser.links if "rule-ref" in a.get("class", "")] or [{}]
        expected = f"{prefix}{statement(*pages[check.stem])}"
        if (
            html.unescape(marker.get("aria-label", "")) != expected
            or "title" in marker
            or not prefix.lower().startswith(marker["text"].lower())
        ):
            problems.append(f"{check.stem}: the marker reads {marker!r}, not the statement {expected!r}")
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
