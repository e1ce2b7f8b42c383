"""The pages are Jinja templates (mkdocs-macros): what they can insert, all of it from real runs.

    {{ torch_version }}                             the torch the outputs were verified with
    {{ glossary }}                                  the term table, in the page's language
    {{ value("how_it_works/grad_basics", "y.grad") }}   a value the program computed (values.py)
    {{ value(...) | num }}                          a number as prose writes it: 8, 57.6, [8, 16, 24]
    {{ steps("how_it_works/grad_basics") }}        a stepped figure of the program's run, on its own
                                                    line (docs_pipeline/steps.py, steps_figure.py)
    {{ derive("2 + 2×3", "how_it_works/grad_basics", "y.grad") }}
                                                    "2 + 2×3 = 8", and the build fails unless the
                                                    arithmetic gives the recorded value
    {{ rule("recording_conditions") }}              a citation of the rule checked by
                                                    snippets/rules/recording_conditions.py: a link to
                                                    its section of the rules page, titled by its heading
    {{ cited_by("recording_conditions") }}          on the rules page: links to the sections that cite it

A page naming an unknown snippet or value, or a derivation that does not arrive at the value,
fails the build naming the page (mkdocs.yml: strict, on_undefined: strict).
"""

from __future__ import annotations

import ast
import importlib.metadata
import math
import operator
import posixpath
from collections.abc import Callable
from functools import cache
from pathlib import Path

from .glossary import load as load_glossary
from .glossary import table as glossary_table
from .pages import parse
from .site import Layout, layout, snippet_file
from .steps import StepsError
from .steps_figure import figure as steps_figure
from .ui import texts
from .values import RecordError, lookup

SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
OPERATORS = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.Pow: operator.pow,
    ast.USub: operator.neg,
    ast.UAdd: operator.pos,
}


RULES = "rules"  # the rules page (docs/<lang>/rules.md) and its rule checks (snippets/rules/)


class PageError(Exception):
    """What a page asked for and could not get; the message names the page."""


def num(value) -> str:
    """A recorded number as prose writes it: integers without ".0", floats to 6 significant digits,
    a minus sign (−) rather than a hyphen."""
    if isinstance(value, list):
        return "[" + ", ".join(num(v) for v in value) + "]"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    text = (
        str(int(value))
        if isinstance(value, float) and value.is_integer()
        else f"{value:.6g}"
        if isinstance(value, float)
        else str(value)
    )
    return "−" + text[1:] if text.startswith("-") else text


def arithmetic(expression: str) -> float:
    """Evaluate prose arithmetic: 2 + 2×3, 6 × 0.3 × 2⁵, 2 − 0.1 × 3, (1 + 2)·4."""
    text = expression.replace("×", "*").replace("·", "*").replace("−", "-").replace("÷", "/")
    out, digits = [], ""
    for ch in text + " ":  # superscript digits become powers: 2⁵ -> 2**5
        if ch in "⁰¹²³⁴⁵⁶⁷⁸⁹":
            digits += ch
            continue
        if digits:
            out.append("**" + digits.translate(SUPERSCRIPTS))
            digits = ""
        out.append(ch)

    def evaluate(node):
        if isinstance(node, ast.Expression):
            return evaluate(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            return node.value
        if isinstance(node, ast.BinOp) and type(node.op) in OPERATORS:
            return OPERATORS[type(node.op)](evaluate(node.left), evaluate(node.right))
        if isinstance(node, ast.UnaryOp) and type(node.op) in OPERATORS:
            return OPERATORS[type(node.op)](evaluate(node.operand))
        raise ValueError(f"not plain arithmetic: {expression!r}")

    return evaluate(ast.parse("".join(out).strip(), mode="eval"))


@cache
def torch_version() -> str:
    return importlib.metadata.version("torch")


def page_functions(site: Layout, page: Callable[[], Path]) -> dict[str, Callable]:
    """The macros, for the page `page()` returns (errors name it)."""

    def value(snippet: str, path: str):
        try:
            return lookup(snippet, path, site.root)
        except RecordError as exc:
            raise PageError(f"{site.name(page())}: {exc}") from None

    def derive(expression: str, snippet: str, path: str) -> str:
        recorded = value(snippet, path)
        result = arithmetic(expression)
        if not isinstance(recorded, (int, float)) or not math.isclose(result, recorded, rel_tol=1e-6, abs_tol=1e-9):
            raise PageError(
                f"{site.name(page())}: the derivation {expression} gives {num(result)}, but {path} of "
                f"snippets/{snippet}.py is {num(recorded)}"
            )
        return f"{expression} = {num(recorded)}"

    def steps(snippet: str) -> str:
        try:
            return steps_figure(snippet, site.language_of(page()), site.root)
        except StepsError as exc:
            raise PageError(f"{site.name(page())}: {exc}") from None

    def rule(name: str) -> str:
        lang, here = site.language_of(page()), site.page_name(page())
        rules = site.docs / lang / f"{RULES}.md"
        if not snippet_file(f"{RULES}/{name}", site.root).is_file():
            raise PageError(f"{site.name(page())}: cites rule {name!r}, but there is no rule check snippets/{RULES}/{name}.py")
        heading = next((h for h in parse(rules).headings if h.id == name), None) if rules.is_file() else None
        if heading is None:
            raise PageError(f"{site.name(page())}: cites rule {name!r}, but {site.name(rules)} has no heading {{ #{name} }}")
        href = f"#{name}" if here == RULES else f"{posixpath.relpath(RULES, posixpath.dirname(here) or '.')}.md#{name}"
        return texts()[lang]["rule"].format(title=heading.text, href=href)

    def cited_by(name: str) -> str:
        lang, here = site.language_of(page()), posixpath.dirname(site.page_name(page())) or "."
        links = []
        for other in site.pages(lang):
            other_name, parsed = site.page_name(other), parse(other)
            for line, cited in parsed.rules if other_name != RULES else ():
                if cited != name:
                    continue
                heading = [h for h in parsed.headings if h.line < line][-1]
                link = f"[{heading.text}]({posixpath.relpath(other_name, here)}.md#{heading.id})"
                links += [link] if link not in links else []
        if not links:
            raise PageError(f"{site.name(page())}: no page of its language cites rule {name!r}")
        return texts()[lang]["cited_by"].format(links=texts()[lang]["list"].join(links))

    return {"value": value, "derive": derive, "steps": steps, "rule": rule, "cited_by": cited_by}


def define_env(env):
    """mkdocs-macros: the variables, macros and filters every page can use."""
    env.variables["torch_version"] = torch_version()
    site = layout(Path(env.project_dir))
    env.filter(num)
    for name, function in page_functions(site, lambda: Path(env.page.file.abs_src_path)).items():
        env.macro(function, name)


def on_pre_page_macros(env):
    """The glossary table in the language of the page being rendered."""
    site = layout(Path(env.project_dir))
    source = Path(env.page.file.abs_src_path)
    if source.suffix == ".md" and source.is_relative_to(site.docs):
        env.variables["glossary"] = glossary_table(site.language_of(source), load_glossary())
    else:  # a notebook page: its JSON source is not a template (mkdocs-jupyter renders the file)
        env.page.meta["render_macros"] = False


def render(text: str, page: Path, site: Layout) -> str:
    """Page text rendered as the build renders it, outside the build (the notebooks' text cells)."""
    if "{{" not in text and "{%" not in text:
        return text
    variables = {"torch_version": torch_version(), **page_functions(site, lambda: page)}
    return _environment().from_string(text).render(**variables)


@cache
def _environment():
    import jinja2

    env = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False)
    env.filters["num"] = num
    return env
