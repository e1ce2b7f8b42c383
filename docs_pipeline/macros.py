"""The pages are Jinja templates: what they can insert, all of it from real runs, and `render`, which
renders page text with it outside the build (the build's engine is given the same: docs_pipeline/plugin.py).
CONTRIBUTING.md says how pages use each: `torch_version`, `glossary()`, `value(...)` and its `num`
filter, `derive(...)`, `steps(...)`, `article()`, `core_minutes()`, and the rules' `rule(...)`,
`cited_by(...)` and `rules_index()` (docs_pipeline/rules.py). A page naming an unknown snippet, value or rule, or a
derivation that does not arrive at the value, fails the build naming the page.
"""

import importlib.metadata
import math
import re
from functools import cache

import jinja2

from .glossary import load as load_glossary
from .glossary import table as glossary_table
from .rules import rule_macros
from .steps import StepsError
from .steps_figure import figure as steps_figure
from .ui import texts
from .values import RecordError, lookup

SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
# Macros that read more of the site than their page: a page using one changes when any page of its language does.
SITE_WIDE = ("core_minutes", "rules_index", "cited_by")
# What prose arithmetic may hold once × ÷ − and powers are Python's: numbers, + - * / **, brackets.
ARITHMETIC = re.compile(r"[\d.+\-*/() ]+")


class PageError(Exception):
    """What a page asked for and could not get; the message names the page."""


def num(value):
    """A recorded number as prose writes it: integers without ".0", floats to 6 significant digits,
    a minus sign (−) rather than a hyphen."""
    if isinstance(value, list):
        return f"[{', '.join(map(num, value))}]"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    return re.sub("^-", "−", f"{value:.6g}" if value % 1 else str(int(value)))  # value % 1: a fraction, inf or nan


def arithmetic(expression):
    """Evaluate prose arithmetic: 2 + 2×3, 6 × 0.3 × 2⁵, 2 − 0.1 × 3, (1 + 2)·4."""
    text = re.sub(f"[{SUPERSCRIPTS}]+", r"**\g<0>", expression)  # 2⁵ -> 2**⁵, 2**5 once translated
    text = text.translate(str.maketrans(f"×·−÷{SUPERSCRIPTS}", "**-/0123456789"))
    if not ARITHMETIC.fullmatch(text):
        raise ValueError(f"not plain arithmetic: {expression!r}")
    return eval(text, {"__builtins__": {}})  # nothing but numbers and operators: no name to reach


@cache
def torch_version():
    return importlib.metadata.version("torch")


def page_functions(site, page):
    """The macros, for the page `page()` returns (errors name it)."""

    def error(message):
        return PageError(f"{site.name(page())}: {message}")

    def lang():
        return site.language_of(page())

    def value(snippet, path):
        try:
            return lookup(snippet, path, site.root)
        except RecordError as exc:
            raise error(exc) from None

    def derive(expression, snippet, path):
        recorded = value(snippet, path)
        result = arithmetic(expression)
        if not isinstance(recorded, (int, float)) or not math.isclose(result, recorded, rel_tol=1e-6, abs_tol=1e-9):
            raise error(
                f"the derivation {expression} gives {num(result)}, but {path} of snippets/{snippet}.py is {num(recorded)}"
            )
        return f"{expression} = {num(recorded)}"

    def steps(snippet):
        try:
            return steps_figure(snippet, lang(), site.root)
        except StepsError as exc:
            raise error(exc) from None

    def article(corrected=False):
        """The mark of a passage that is the source article's own, as written or as corrected."""
        return texts()[lang()]["article_corrected" if corrected else "article"]

    def glossary():
        return glossary_table(lang(), load_glossary())

    def core_minutes():
        """The core path's reading time: the minutes its pages show (the nav's first section, in the page's
        language), the asking page's own left out (it would have to be rendered to count itself), and a missing
        one (the strict build fails on it, and tests/test_parity.py names it: one cause, one red test)."""
        from .reading import reading  # reading renders pages with these macros

        pages = [site.docs / lang() / f"{name}.md" for name in site.nav_sections(lang())[0][1]]
        return sum(reading(p, site).minutes for p in pages if p != page() and p.exists())

    return {f.__name__: f for f in (value, derive, steps, article, glossary, core_minutes)} | rule_macros(site, page, error)


def render(text, page, site):
    """Page text rendered as the build renders it, outside the build (the notebooks' text cells)."""
    if "{{" not in text and "{%" not in text:
        return text
    return ENVIRONMENT.from_string(text).render(torch_version=torch_version(), **page_functions(site, lambda: page))


ENVIRONMENT = jinja2.Environment(undefined=jinja2.StrictUndefined)
ENVIRONMENT.filters["num"] = num
