"""The one reader of the pages' Markdown (`parse()`) and the one expander of include lines
(pymdownx.snippets itself, configured as mkdocs.yml configures it)."""

import re
from collections import namedtuple
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import yaml

from .engine import mkdocs_config
from .site import ROOT, repo_name

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
INCLUDE = re.compile(r'^\s*--8<--\s+"(?P<target>[^"]+)"\s*$')
FRONT_MATTER = re.compile(r"(?sm)\A---[ \t]*\n(?P<yaml>.*?)^---[ \t]*\n")
HEADING = re.compile(r"^(?P<level>#{1,6})[ \t]+(?P<text>.*?)(?:[ \t]*\{[^}]*?#(?P<id>[\w.:-]+)[^}]*\})?[ \t]*$")
ADMONITION = re.compile(r'^(?P<indent>[ \t]*)(?P<marker>!!!|\?\?\?\+?)[ \t]+(?P<kind>[\w-]+)(?:[ \t]+"(?P<title>[^"]*)")?')
LIST_ITEM = re.compile(r"^(?P<indent>[ \t]*)(?P<number>\d+)\.\s")
FIGURE = re.compile(r"<figure[\s>]")
STEPS = re.compile(r'\{\{\s*steps\(\s*"(?P<snippet>[^"]+)"')  # a stepped figure (docs_pipeline/steps.py)
RULE = re.compile(r'\{\{\s*rule\(\s*"(?P<name>[^"]+)"')  # a citation of a rule check (snippets/rules/)
# Both macros that take a recorded value: value("snippet", "path"), derive("expr", "snippet", "path").
VALUE = re.compile(r'\b(?:value\(|derive\(\s*"[^"]*"\s*,)\s*"([^"]+)"\s*,\s*"([^"]+)"\s*\)')  # snippet, path
ARTICLE = re.compile(r"\{\{\s*article\((?P<args>[^)]*)\)\s*\}\}")  # the mark of the source article's passage
SECTION_MARKER = re.compile(r"--8<-- \[(?P<edge>start|end):(?P<name>[\w-]+)\]")
ANNOTATION_MARKER = re.compile(r"#\s*\((?P<number>\d+)\)!")


def without_annotation(line):
    """A code line as the page shows it: Material takes a trailing `  # (1)!` away."""
    return re.sub(rf"[ \t]*{ANNOTATION_MARKER.pattern}[ \t]*$", "", line)


@dataclass
class Block:
    """A fenced block: ```python / ```text, holding include lines only (anything else is pasted)."""

    line: int  # 1-based line of the opening fence
    end: int  # 1-based line of the closing fence (past the last line if never closed)
    info: str
    includes: list  # "dir/name.py" or "dir/name.py:section"
    pasted: list
    annotations: list  # numbers of the list right after it
    after: int  # 1-based line of what follows it and that list, blank lines passed
    container: str | None  # title of the admonition or collapsible it sits in, if any
    page: Path | None

    @property
    def language(self):
        return (self.info.split() or [""])[0]

    @property
    def where(self):
        return f"{repo_name(self.page)}:{self.line}"


Heading = namedtuple("Heading", "line level text id")  # text: without its { #id }; id: None without one
Admonition = namedtuple("Admonition", "width marker kind title")  # width: its indent, in columns; marker: "!!!", "???" or "???+"


@dataclass
class Page:
    path: Path
    lines: list
    meta: dict
    front: int  # lines of front matter
    blocks: list
    headings: list
    admonitions: list
    figures: int  # <figure> elements outside code blocks
    includes: list  # every --8<-- target, in page order (in and outside code blocks)
    figure_includes: list  # (line, target) of include lines outside code blocks
    steps: list  # the snippets of its stepped figures, in page order
    rules: list  # (line, name) of each rule check it cites, in page order
    articles: list  # the arguments of each article() mark, in page order
    values: list  # (snippet, path) of each recorded value it quotes, code blocks too (values.py)

    @property
    def name(self):
        return repo_name(self.path)

    @property
    def code(self):
        """Its ```python blocks, the programs it shows: a page with any has a notebook."""
        return [b for b in self.blocks if b.language == "python"]

    def section(self, heading):
        """The lines of the heading's section: its own, and that of the next heading at its level or above
        (past the end if none)."""
        after = (h.line for h in self.headings if h.line > heading.line and h.level <= heading.level)
        return heading.line, next(after, len(self.lines) + 1)


@lru_cache(maxsize=256)  # keyed by version: bounded, as `mkdocs serve` makes new versions all day
def _parse(path, mtime_ns):
    text = path.read_text(encoding="utf-8")
    front = FRONT_MATTER.match(text)
    page = _read(text.splitlines(), front[0].count("\n") if front else 0, path)
    page.meta, page.values = (yaml.safe_load(front["yaml"]) or {}) if front else {}, VALUE.findall(text)
    return page


def _read(lines, i=0, path=None):
    """Markdown lines read from line index `i` (past the front matter)."""
    page = Page(path, lines, {}, i, [], [], [], 0, [], [], [], [], [], [])
    open_admonitions = []
    while i < len(lines):
        line = lines[i]
        if line.strip():  # a line at or left of an admonition's marker closes it
            open_admonitions = [a for a in open_admonitions if a.width < len(line) - len(line.lstrip())]
        if fence := FENCE.match(line):
            block = _block(lines, i, fence, path, open_admonitions[-1].title if open_admonitions else None)
            page.blocks.append(block)
            page.includes += block.includes
            i = block.end
            continue
        if heading := HEADING.match(line):
            page.headings.append(Heading(i + 1, len(heading["level"]), *heading.group("text", "id")))
        elif adm := ADMONITION.match(line):
            admonition = Admonition(len(adm["indent"]), *adm.group("marker", "kind", "title"))
            page.admonitions.append(admonition)
            open_admonitions.append(admonition)
        elif inc := INCLUDE.match(line):
            page.figure_includes.append((i + 1, inc["target"]))
            page.includes.append(inc["target"])
        page.figures += len(FIGURE.findall(line))
        page.steps += STEPS.findall(line)
        page.rules += [(i + 1, name) for name in RULE.findall(line)]
        page.articles += [args.replace(" ", "") for args in ARTICLE.findall(line)]
        i += 1
    return page


def _block(lines, start, fence, page, container):
    """The fenced block opening at line index `start` of `page`, inside `container`."""
    end = next((i for i in range(start + 1, len(lines)) if lines[i].strip() == fence["fence"]), len(lines))
    block = Block(start + 1, end + 1, fence["info"].strip(), [], [], [], len(lines) + 1, container, page)
    for line in lines[start + 1 : end]:
        if inc := INCLUDE.match(line):
            block.includes.append(inc["target"])
        elif line.strip():
            block.pasted.append(line)
    for number, line in enumerate(lines[end + 1 :], end + 2):  # the numbered list right after it: Material's code annotations
        item = LIST_ITEM.match(line)
        if item and item["indent"] == fence["indent"]:
            block.annotations.append(int(item["number"]))
        elif line.strip() and not (block.annotations and line.startswith(f"{fence['indent']}    ")):
            block.after = number  # neither a blank line nor the continuation of an item
            break
    return block


def fences(lines):
    """The fenced blocks of Markdown text, such as a page after its macros ran (parse() reads files)."""
    return _read(lines).blocks


def front_matter_entry(key):
    """One top-level key of the front matter with its indented lines, if any."""
    return re.compile(rf"^{re.escape(key)}:.*\n(?:[ \t]+.*\n)*", re.M)


def set_front_matter(path, key, value):
    """Write `key: value` (a dict as an indented block) into the page's front matter; True if it changed."""
    entry = f"{key}: {value}\n" if isinstance(value, str) else f"{key}:\n" + "".join(f"  {k}: {v}\n" for k, v in value.items())
    text = path.read_text(encoding="utf-8")
    front = FRONT_MATTER.match(text)
    head, rest = (front[0], text[front.end() :]) if front else ("---\n---\n", f"\n{text}")
    head, found = front_matter_entry(key).subn(lambda _: entry, head, count=1)
    if not found:  # a new key: last, before the closing ---
        closing = head.rindex("---")
        head = f"{head[:closing]}{entry}{head[closing:]}"
    if changed := head + rest != text:
        path.write_text(head + rest, encoding="utf-8")
    return changed


def parse(path):
    return _parse(path.resolve(), path.stat().st_mtime_ns)


# ------------------------------------------------------------------ what the include lines bring in


def split_target(target):
    """ "dir/name.py:part" -> (snippets/dir/name.py, "part")"""
    path, _, section = target.partition(":")
    return ROOT / "snippets" / path, section or None  # the include line names the file with its suffix


@cache
def _expander(root):
    import markdown

    extensions = mkdocs_config(root)["markdown_extensions"]
    config = next(e["pymdownx.snippets"] for e in extensions if isinstance(e, dict) and "pymdownx.snippets" in e)
    config = {**config, "base_path": [str(root / p) for p in config["base_path"]]}
    return markdown.Markdown(extensions=["pymdownx.snippets"], extension_configs={"pymdownx.snippets": config})


def expand(targets, root=ROOT):
    """The lines include lines bring in, exactly as the pages' pymdownx.snippets expands them."""
    return _expander(root).preprocessors["snippet"].run([f'--8<-- "{t}"' for t in targets])


def code_markers(target):
    """The annotation numbers (`# (n)!`) in the code an include line brings in."""
    return [int(n) for line in expand([target]) for n in ANNOTATION_MARKER.findall(line)]


def lines_outside(snippet, sections):
    """Line numbers of a snippet that none of `sections` covers (blank lines and markers excepted)."""
    open_sections, uncovered = set(), []
    for number, line in enumerate(snippet.read_text(encoding="utf-8").splitlines(), 1):
        if m := SECTION_MARKER.search(line):
            (open_sections.add if m["edge"] == "start" else open_sections.discard)(m["name"])
        elif line.strip() and not (open_sections & sections):
            uncovered.append(number)
    return uncovered


# ------------------------------------------------------------------ what a translation must keep


def structure(path):
    """Each kind of element, in page order, under the name a parity failure gives it."""
    page = parse(path)
    return {
        "snippet includes": page.includes,
        "heading ids": [h.id for h in page.headings if h.id],
        "admonitions and collapsibles": [f"{a.marker} {a.kind}" for a in page.admonitions],  # "!!! note"
        "code blocks": [b.language for b in page.blocks],
        "code annotations (numbered list after each python block)": [b.annotations for b in page.code],
        "figures": ["<figure>"] * page.figures,
        "stepped figures": page.steps,  # by snippet
        "rule citations": [name for _, name in page.rules],
        "marks of the source article's passages": page.articles,
    }
