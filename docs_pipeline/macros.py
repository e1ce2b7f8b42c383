"""The pages are Jinja templates (mkdocs-macros): what they can insert, all of it from real runs.
CONTRIBUTING.md says how pages use each: `torch_version`, `glossary()`, `value(...)` and its `num`
filter, `derive(...)`, `steps(...)`, `rule(...)`, `article()`, `cited_by(...)` and `rules_index()`. A page
naming an unknown snippet, value or rule, or a derivation that does not arrive at the value, fails
the build naming the page (mkdocs.yml: strict, on_undefined: strict).
"""

import ast
import importlib.metadata
import math
import posixpath
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

from .glossary import load as load_glossary
from .glossary import table as glossary_table
from .pages import Heading, parse
from .site import Layout, layout, snippet_file
from .steps import StepsError
from .steps_figure import figure as steps_figure
from .ui import texts
from .values import RecordError, lookup

SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
# What prose arithmetic may hold: numbers, + − × ÷, powers, brackets.
ARITHMETIC = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Constant)
ARITHMETIC += (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow, ast.USub, ast.UAdd)
RULES = "rules"  # the rules pages (docs/<lang>/rules/) and their rule checks (snippets/rules/)


class PageError(Exception):
    """What a page asked for and could not get; the message names the page."""


def num(value) -> str:
    """A recorded number as prose writes it: integers without ".0", floats to 6 significant digits,
    a minus sign (−) rather than a hyphen."""
    if isinstance(value, list):
        return "[" + ", ".join(num(v) for v in value) + "]"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    text = f"{value:.6g}" if isinstance(value, float) and not value.is_integer() else str(int(value))
    return "−" + text[1:] if text.startswith("-") else text


def arithmetic(expression: str) -> float:
    """Evaluate prose arithmetic: 2 + 2×3, 6 × 0.3 × 2⁵, 2 − 0.1 × 3, (1 + 2)·4."""
    text = expression.replace("×", "*").replace("·", "*").replace("−", "-").replace("÷", "/")
    powers = str.maketrans(SUPERSCRIPTS, "0123456789")  # 2⁵ -> 2**5
    tree = ast.parse(re.sub(f"[{SUPERSCRIPTS}]+", lambda m: "**" + m.group().translate(powers), text).strip(), mode="eval")
    for node in ast.walk(tree):
        if not isinstance(node, ARITHMETIC) or (isinstance(node, ast.Constant) and not isinstance(node.value, (int, float))):
            raise ValueError(f"not plain arithmetic: {expression!r}")
    return eval(compile(tree, "<derivation>", "eval"), {"__builtins__": {}})  # nothing but arithmetic is left


@cache
def torch_version() -> str:
    return importlib.metadata.version("torch")


def is_rules_page(site: Layout, page: Path) -> bool:
    return site.page_name(page).startswith(f"{RULES}/")


def rules_pages(site: Layout, lang: str) -> list[Path]:
    """The rules pages of a language, in the order of the nav."""
    order = list(site.nav_titles[lang])
    pages = (site.docs / lang / RULES).glob("*.md")
    return sorted(pages, key=lambda p: (order.index(site.page_name(p)) if site.page_name(p) in order else len(order), p))


def page_functions(site: Layout, page: Callable[[], Path]) -> dict[str, Callable]:
    """The macros, for the page `page()` returns (errors name it)."""

    def error(message) -> PageError:
        return PageError(f"{site.name(page())}: {message}")

    def value(snippet: str, path: str):
        try:
            return lookup(snippet, path, site.root)
        except RecordError as exc:
            raise error(exc) from None

    def derive(expression: str, snippet: str, path: str) -> str:
        recorded = value(snippet, path)
        result = arithmetic(expression)
        if not isinstance(recorded, (int, float)) or not math.isclose(result, recorded, rel_tol=1e-6, abs_tol=1e-9):
            raise error(
                f"the derivation {expression} gives {num(result)}, but {path} of snippets/{snippet}.py is {num(recorded)}"
            )
        return f"{expression} = {num(recorded)}"

    def steps(snippet: str) -> str:
        try:
            return steps_figure(snippet, site.language_of(page()), site.root)
        except StepsError as exc:
            raise error(exc) from None

    @cache  # one build's: page_functions is made anew for each build and reload
    def rule_headings(lang: str) -> dict[str, tuple[str, Heading]]:
        """{rule: (the rules page holding its heading, the heading)}, the first in nav order winning."""
        found: dict[str, tuple[str, Heading]] = {}
        for rules in rules_pages(site, lang):
            for h in parse(rules).headings:
                found.setdefault(h.id, (site.page_name(rules), h))
        return found

    @cache
    def citations(lang: str) -> dict[str, dict[tuple[str, str, str], None]]:
        """{rule: the sections citing it, as (page, heading, id)}: in page order, a section citing it twice once."""
        links: dict[str, dict[tuple[str, str, str], None]] = {}
        for other in (p for p in site.pages(lang) if not is_rules_page(site, p)):
            parsed, name = parse(other), site.page_name(other)
            for line, cited in parsed.rules:
                heading = [h for h in parsed.headings if h.line < line][-1]
                links.setdefault(cited, {})[(name, heading.text, heading.id)] = None
        return links

    def rule(name: str) -> str:
        lang, here = site.language_of(page()), site.page_name(page())
        if not snippet_file(f"{RULES}/{name}", site.root).is_file():
            raise error(f"cites rule {name!r}, but there is no rule check snippets/{RULES}/{name}.py")
        if name not in rule_headings(lang):
            raise error(f"cites rule {name!r}, but no page in {site.name(site.docs / lang / RULES)}/ has a heading {{ #{name} }}")
        there, heading = rule_headings(lang)[name]
        href = f"#{name}" if here == there else f"{posixpath.relpath(there, posixpath.dirname(here) or '.')}.md#{name}"
        title = heading.text.replace("`", "").replace('"', "'")
        return texts()[lang]["rule"].format(title=title, href=href)

    def article(corrected: bool = False) -> str:
        """The mark of a passage that is the source article's own, as written or as corrected."""
        return texts()[site.language_of(page())]["article_corrected" if corrected else "article"]

    def cited_by(name: str) -> str:
        lang, here = site.language_of(page()), posixpath.dirname(site.page_name(page())) or "."
        links = [f"[{text}]({posixpath.relpath(other, here)}.md#{id_})" for other, text, id_ in citations(lang).get(name, ())]
        if not links:
            raise error(f"no page of its language cites rule {name!r}")
        return texts()[lang]["cited_by"].format(links=texts()[lang]["list"].join(links))

    def glossary() -> str:
        return glossary_table(site.language_of(page()), load_glossary())

    def rules_index() -> str:
        """Every rule of the rules pages, as a linked list under each page and group heading."""
        lang, here = site.language_of(page()), posixpath.dirname(site.page_name(page())) or "."
        lines = []
        for rules in (p for p in rules_pages(site, lang) if site.page_name(p) != site.page_name(page())):
            parsed, href = parse(rules), posixpath.relpath(site.page_name(rules), here) + ".md"
            lines += ["", f"## [{site.nav_title(rules)}]({href}) {{ #{parsed.headings[0].id} }}", ""]
            for h in parsed.headings[1:]:
                # each entry keeps the rule's id: a link to the one rules page before the split still finds it
                lines += (
                    ["", f"### {h.text} {{ #{h.id} }}", ""]
                    if h.level == 2
                    else [f"- [{h.text}]({href}#{h.id})", f"{{ #{h.id} }}"]
                )
        return "\n".join(lines).strip() + "\n"

    return {
        "value": value,
        "derive": derive,
        "steps": steps,
        "rule": rule,
        "article": article,
        "cited_by": cited_by,
        "rules_index": rules_index,
        "glossary": glossary,
    }


def define_env(env):
    """mkdocs-macros: the variables, macros and filters every page can use."""
    env.variables["torch_version"] = torch_version()
    site = layout(Path(env.project_dir))
    env.filter(num)
    for name, function in page_functions(site, lambda: Path(env.page.file.abs_src_path)).items():
        env.macro(function, name)


def on_pre_page_macros(env):
    """A notebook page's JSON source is not a template (mkdocs-jupyter renders the file)."""
    if Path(env.page.file.abs_src_path).suffix != ".md":
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
