"""How long a page takes a learner, at stated rates: what each page shows at its top (plugin.py) and
what `./dev reading` prints for every page, by the same function.

The rates: Chinese prose 300 characters a minute (a run of Latin letters, digits or an identifier is
one character), English prose 200 words a minute, code 6 s a line, output 2 s a line, each step of a
stepped figure and each static figure 10 s. Everything a learner can open counts: collapsed answers,
code annotations, the tables that macros generate.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

from .macros import render
from .pages import FRONT_MATTER, expand, parse, split_target
from .site import Layout, layout
from .steps import load as load_steps

PROSE_PER_MINUTE = {"zh": 300, "en": 200}
CODE_S, OUTPUT_S, STEP_S, FIGURE_S = 6, 2, 10, 10

STEPS_CALL = re.compile(r"\{\{\s*steps\([^)]*\)\s*\}\}")
MARKUP = [
    re.compile(r"<[^>]+>"),  # HTML tags
    re.compile(r"\]\([^)]*\)"),  # link targets
    re.compile(r"\{[^{}]*[#.][^{}]*\}"),  # attribute lists: { #id }, { .class }
    re.compile(r"^\s*(?:!!!|\?\?\?\+?)\s+[\w-]+", re.M),  # admonition markers (their titles stay)
    re.compile(r'^\s*--8<--\s+"[^"]+"\s*$', re.M),  # figure includes (counted as figures)
]
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
LATIN_RUN = re.compile(r"[A-Za-z0-9_][\w.()\[\]'\"=+\-*/]*")
WORD = re.compile(r"\S*[A-Za-z0-9]\S*")


@dataclass
class Reading:
    page: Path
    lang: str
    prose: int  # characters (zh) or words (en)
    code: int  # lines of code shown
    output: int  # lines of output shown
    steps: int  # steps of its stepped figures
    figures: int  # static figures

    @property
    def seconds(self) -> float:
        return (
            self.prose * 60 / PROSE_PER_MINUTE[self.lang]
            + self.code * CODE_S
            + self.output * OUTPUT_S
            + self.steps * STEP_S
            + self.figures * FIGURE_S
        )

    @property
    def minutes(self) -> int:
        """What the page shows: whole minutes, rounded up."""
        return max(1, math.ceil(self.seconds / 60))


def prose_units(text: str, lang: str) -> int:
    if lang == "zh":
        return len(CJK.findall(text)) + len(LATIN_RUN.findall(CJK.sub(" ", text)))
    return len(WORD.findall(text))


def reading(page: Path, site: Layout | None = None) -> Reading:
    site = site or layout()
    parsed = parse(page)
    lines = list(parsed.lines)
    code = output = 0
    for block in parsed.blocks:  # blank out each block; count what it shows
        shown = [line for line in expand(block.includes, site.root) if line.strip()]
        if block.language == "python":
            code += len(shown)
        else:
            output += len(shown)
        lines[block.line - 1 : block.end] = [""] * (block.end - block.line + 1)
    text = "\n".join(lines)
    if front := FRONT_MATTER.match(text):
        text = text[front.end() :]
    text = render(STEPS_CALL.sub("", text), page, site)
    for pattern in MARKUP:
        text = pattern.sub(" ", text)
    steps = sum(len(load_steps(snippet, site.root)[1]) for snippet in parsed.steps)
    figures = sum(1 for _, target in parsed.figure_includes if split_target(target, site.root)[0].suffix == ".svg")
    lang = site.language_of(page)
    return Reading(page, lang, prose_units(text, lang), code, output, steps, figures)


def table(site: Layout | None = None) -> str:
    """Every page of every language in nav order, in minutes, with each nav section's total."""
    site = site or layout()
    rows = []
    for lang in site.languages:
        rows.append(f"{lang:<38} min   prose  code  out  steps")
        for section, names in site.nav_sections(lang):
            found = [reading(site.docs / lang / f"{name}.md", site) for name in names]
            for name, r in zip(names, found, strict=True):
                rows.append(f"  {name:<34} {r.seconds / 60:5.1f} {r.prose:7} {r.code:5} {r.output:4} {r.steps:6}")
            if len(found) > 1:
                rows.append(f"  {'= ' + section:<34} {sum(r.seconds for r in found) / 60:5.1f}")
        rows.append("")
    return "\n".join(rows)


if __name__ == "__main__":
    print(table())
