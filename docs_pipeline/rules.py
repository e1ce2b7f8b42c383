"""The rules of PyTorch that the pages state in general. Each is a rule check (snippets/rules/<name>.py)
that asserts it across the cases that could break it, under its heading `{ #<name> }` on a rules page
(docs/<lang>/rules/): first its statement, one paragraph, then its check folded under CHECKED. Pages cite
it with `{{ rule("<name>") }}`, a marker whose accessible name holds the statement (shown on hover and
keyboard focus: pages.css); on its rules page `{{ cited_by("<name>") }}` lists the sections citing it, and
`{{ rules_index() }}` lists every rule."""

import posixpath
import re
from functools import cache
from itertools import takewhile

from .pages import parse
from .site import snippet_file
from .ui import texts

RULES = "rules"  # the rules pages (docs/<lang>/rules/) and their rule checks (snippets/rules/)
CHECKED = {"zh": "检查方法", "en": "How this is checked"}  # the title of the fold holding a rule's check
# What a statement's plain text drops: inline code's backticks, a link's target, emphasis
CODE_SPAN, LINK, EMPHASIS = re.compile(r"(`+)(.+?)\1"), re.compile(r"\[([^\]]*)\]\([^)]*\)"), re.compile(r"\*\*|__")
# What Python-Markdown unescapes in an attribute value (attr_list), each escaped
ESCAPED = {ord(c): f"\\{c}" for c in "\\`*_{}[]()>#+-.!"}


def is_rules_page(site, page):
    return site.page_name(page).startswith(f"{RULES}/")


def rules_pages(site, lang):
    """The rules pages of a language, in the order of the nav (any it lacks last)."""
    order = {name: n for n, name in enumerate(site.nav)}
    return sorted((site.docs / lang / RULES).glob("*.md"), key=lambda p: (order.get(site.page_name(p), len(order)), p))


def statement(page, heading):
    """A rule's statement: the first paragraph of its section, as plain text (what its marker shows).
    Raises ValueError, naming the page and line, when the section does not open with one or its marker
    could not carry it."""
    lines, start = page.lines, heading.line  # heading.line is 1-based: lines[start] follows the heading
    while start < len(lines) and not lines[start].strip():
        start += 1
    text = " ".join(line.strip() for line in takewhile(str.strip, lines[start:]))
    where = f"{page.name}:{start + 1}"
    if not text or re.match(r"(`{3}|~{3}|!!!|\?\?\?|#|\{\{|--8<--|<|\||- |\d+\. )", text):
        raise ValueError(f"{where}: the section {{ #{heading.id} }} opens with no statement: one paragraph stating the rule")
    if "{" in text or "}" in text:
        raise ValueError(f"{where}: the statement of {{ #{heading.id} }} holds a brace (a macro?): its marker cannot carry it")
    # a straight double quote would end the attribute: code gets Python's other quote, prose curly ones
    plain = EMPHASIS.sub("", LINK.sub(r"\1", CODE_SPAN.sub(lambda m: m[2].replace('"', "'"), text)))
    said = re.sub(r'"([^"]*)"', "\u201c\\1\u201d", plain)
    if '"' in said:
        raise ValueError(
            f"{where}: the statement of {{ #{heading.id} }} holds a straight double quote without its pair: its marker cannot carry it"
        )
    return said


def rule_macros(site, page, error):
    """`rule`, `cited_by` and `rules_index` for the page `page()` returns, for one build; `error(message)`
    makes the exception a macro raises, naming the page."""

    @cache
    def rule_headings(lang):
        """{rule: (the rules page holding its heading, the heading)}, the first in nav order winning."""
        found = {}
        for parsed in map(parse, rules_pages(site, lang)):
            for h in parsed.headings:
                found.setdefault(h.id, (parsed, h))
        return found

    @cache
    def citations(lang):
        """{rule: the sections citing it, as (page, heading, id)}: in page order, a section citing it twice once."""
        links = {}
        for other in (p for p in site.pages(lang) if not is_rules_page(site, p)):
            parsed = parse(other)
            for line, cited in parsed.rules:
                heading = [h for h in parsed.headings if h.line < line][-1]
                links.setdefault(cited, {})[other, heading.text, heading.id] = None
        return links

    def link(target):
        """The page `target` (docs/<lang>/rules/autograd.md) relative to the page being built, as a Markdown link's
        target ("" for that page itself)."""
        name, here = site.page_name(target), site.page_name(page())
        # relpath takes the start "" (a page at the language's top) for "."
        return "" if name == here else f"{posixpath.relpath(name, posixpath.dirname(here))}.md"

    def rule(name):
        lang = site.language_of(page())
        if not snippet_file(f"{RULES}/{name}", site.root).is_file():
            raise error(f"cites rule {name!r}, but there is no rule check snippets/{RULES}/{name}.py")
        if name not in rule_headings(lang):
            raise error(f"cites rule {name!r}, but no page in {site.name(site.docs / lang / RULES)}/ has a heading {{ #{name} }}")
        parsed, heading = rule_headings(lang)[name]
        try:
            said = statement(parsed, heading)
        except ValueError as exc:
            raise error(f"cites rule {name!r}: {exc}") from None
        # the statement escaped as an attr_list value that Python-Markdown hands to the element unchanged:
        # its inline patterns see escaped characters only, which it unescapes in attributes
        return texts()[lang]["rule"].format(statement=said.translate(ESCAPED), href=f"{link(parsed.path)}#{name}")

    def cited_by(name):
        lang = site.language_of(page())
        links = [f"[{text}]({link(other)}#{id_})" for other, text, id_ in citations(lang).get(name, ())]
        if not links:
            raise error(f"no page of its language cites rule {name!r}")
        return texts()[lang]["cited_by"].format(links=texts()[lang]["list"].join(links))

    def rules_index():
        """Every rule of the rules pages, as a linked list under each page and group heading."""
        lang, text = site.language_of(page()), ""
        for rules in rules_pages(site, lang):
            if not (href := link(rules)):  # the page being built
                continue
            parsed = parse(rules)
            text += f"\n## [{site.nav_title(rules)}]({href}) {{ #{parsed.headings[0].id} }}\n\n"
            for h in parsed.headings[1:]:
                # each entry keeps the rule's id: a link to the one rules page before the split still finds it
                text += f"\n### {h.text} {{ #{h.id} }}\n\n" if h.level == 2 else f"- [{h.text}]({href}#{h.id})\n{{ #{h.id} }}\n"
        return f"{text.strip()}\n"

    return {"rule": rule, "cited_by": cited_by, "rules_index": rules_index}
