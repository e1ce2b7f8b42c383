"""Every page exists in both languages with the same structure: the same snippet includes in the
same order, heading ids, admonitions and collapsibles, code blocks, figures, code annotations, rule citations and the marks of the article's passages."""

from docs_pipeline.pages import structure
from docs_pipeline.translations import missing_counterparts, parity_problems
from tests.helpers import SITE, fail_if


def test_every_page_exists_in_both_languages_with_the_same_structure():
    fail_if(
        missing_counterparts()  # a page without its counterpart: named there, not compared
        + [p for zh in SITE.pages(SITE.default) if (en := SITE.counterpart(zh)).exists() for p in parity_problems(zh, en)]
    )


def test_the_parity_check_sees_what_it_compares():
    """The parser really finds each kind of element on a page that has them all (a parser that finds
    nothing passes every page), programs and outputs among the includes."""
    found = structure(SITE.docs / SITE.default / "how-it-works.md")
    missed = [what for what, items in found.items() if not any(items)]
    assert not missed, f"docs/{SITE.default}/how-it-works.md: the parity check reads no {missed}"
    includes = found["snippet includes"]
    assert any(t.endswith(".py") for t in includes) and any(t.endswith(".out") for t in includes), includes
