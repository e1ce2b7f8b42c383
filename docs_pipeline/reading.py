"""How long a page takes a learner, at stated rates: what each page shows at its top (plugin.py) and
what `./dev reading` prints for every page, by the same function.

The rates: Chinese prose 300 characters a minute (a run of Latin letters, digits or an identifier is
one character), English prose 200 words a minute, code 6 s a line, output 2 s a line, each step of a
stepped figure and each static figure 10 s. Everything a learner can open counts: collapsed answers,
code annotations, the tables that macros generate.
"""

import math
import re
from dataclasses import dataclass

from .macros import render
from .pages import FRONT_MATTER, INCLUDE, expand, fences
from .rules import is_rules_page
from .site import layout

PROSE_PER_MINUTE = {"zh": 300, "en": 200}

STEPS_FIGURE = re.compile(r'<figure class="steps[ "].*?</figure>', re.S)  # a stepped figure, as steps() renders it
STEP = re.compile(r'<li class="steps__frame[ "]')
MARKUP = re.compile(
    r"<[^>]+>"  # HTML tags
    r"|\]\([^)]*\)"  # link targets
    r"|\{[^{}]*[#.][^{}]*\}"  # attribute lists: { #id }, { .class }
    r"|^\s*(?:!!!|\?\?\?\+?)\s+[\w-]+",  # admonition markers (their titles stay)
    re.M,
)
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
LATIN_RUN = re.compile(r"[A-Za-z0-9_][\w.()\[\]'\"=+\-*/]*")
WORD = re.compile(r"\S*[A-Za-z0-9]\S*")


@dataclass
class Reading:
    lang: str
    prose: int  # characters (zh) or words (en)
    code: int  # lines of code shown
    output: int  # lines of output shown
    steps: int  # steps of its stepped figures
    figures: int  # static figures

    @property
    def seconds(self):
        """At the stated rates: prose by its language, 6 s a line of code, 2 s a line of output, 10 s a step or a figure."""
        return self.prose * 60 / PROSE_PER_MINUTE[self.lang] + 6 * self.code + 2 * self.output + 10 * (self.steps + self.figures)

    @property
    def minutes(self):
        """What the page shows: whole minutes, rounded up."""
        return max(1, math.ceil(self.seconds / 60))


def count(markdown, lang, root):
    """What a page's Markdown, its macros rendered, gives a reader to read."""
    steps = len(STEP.findall("".join(STEPS_FIGURE.findall(markdown))))
    lines, code, output = STEPS_FIGURE.sub(" ", markdown).split("\n"), 0, 0
    for block in reversed(fences(lines)):  # the last first: taking a block out leaves the lines before it in place
        shown = sum(1 for text in expand(block.includes, root) if text.strip())
        if block.language == "python":
            code += shown
        else:
            output += shown
        del lines[block.line - 1 : block.end]  # its fences and what they hold
    figures = sum(line.rstrip().endswith('.svg"') for line in lines if INCLUDE.match(line))
    text = MARKUP.sub(" ", "\n".join(line for line in lines if not INCLUDE.match(line)))
    # prose: Chinese characters and runs of Latin letters, digits or an identifier; or words
    prose = len(CJK.findall(text)) + len(LATIN_RUN.findall(CJK.sub(" ", text))) if lang == "zh" else len(WORD.findall(text))
    return Reading(lang, prose, code, output, steps, figures)


def reading(page, site=None):
    """A page's reading, its macros rendered as a build renders them."""
    site = site or layout()
    text = FRONT_MATTER.sub("", page.read_text(encoding="utf-8"))  # anchored at the start: the front matter only
    return count(render(text, page, site), site.language_of(page), site.root)


def shown(site, page):
    """Whether the page shows its reading time: not the rules pages (page_notes.py), looked up a rule at a time."""
    return not is_rules_page(site, page)


def table():
    """Every page of every language in nav order, in minutes, with each nav section's total of the
    pages that show theirs (the others are marked "not shown"): ./dev reading (docs_pipeline/housekeeping.py)."""
    site, text = layout(), ""
    for lang in site.languages:
        text += f"{lang:<38} min   prose  code  out  steps\n"
        for section, names in site.nav_sections(lang):
            total = 0
            for name in names:
                page = site.docs / lang / f"{name}.md"
                r, note = reading(page), "" if shown(site, page) else "  not shown"
                total += 0 if note else r.seconds
                text += f"  {name:<34} {r.seconds / 60:5.1f} {r.prose:7} {r.code:5} {r.output:4} {r.steps:6}{note}\n"
            if len(names) > 1:
                text += f"  {'= ' + section:<34} {total / 60:5.1f}\n"
        text += "\n"
    return text.removesuffix("\n")  # print() ends the last line
