"""The one reader of the pages' Markdown (`parse()`) and the one expander of include lines
(pymdownx.snippets itself, configured as mkdocs.yml configures it)."""

import re
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

import yaml

from .engine import mkdocs_config
from .site import ROOT, layout

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
INCLUDE = re.compile(r'^\s*--8<--\s+"(?P<target>[^"]+)"\s*$')
FRONT_MATTER = re.compile(r"\A---[ \t]*\n(?P<yaml>.*?)^---[ \t]*\n", re.S | re.M)
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


def without_annotation(line: str) -> str:
    """A code line as the page shows it: Material takes a trailing `  # (1)!` away."""
    return re.sub(rf"[ \t]*{ANNOTATION_MARKER.pattern}[ \t]*$", "", line)


@dataclass
class Block:
    """A fenced block: ```python / ```text, holding include lines only (anything else is pasted)."""

    line: int  # 1-based line of the opening fence
    end: int  # 1-based line of the closing fence (past the last line if never closed)
    info: str
    includes: list[str] = field(default_factory=list)  # "dir/name.py" or "dir/name.py:section"
    pasted: list[str] = field(default_factory=list)
    annotations: list[int] = field(default_factory=list)  # numbers of the list right after it
    container: str | None = None  # title of the admonition or collapsible it sits in, if any (parse())
    page: Path | None = None  # (parse())

    @property
    def language(self) -> str:
        return (self.info.split() or [""])[0]

    @property
    def where(self) -> str:
        return f"{layout().name(self.page)}:{self.line}"


@dataclass
class Heading:
    line: int
    level: int
    text: str  # without its { #id }
    id: str | None


@dataclass
class Admonition:
    width: int  # indent, in columns
    marker: str  # "!!!", "???" or "???+"
    kind: str
    title: str | None


@dataclass
class Page:
    path: Path
    lines: list[str]
    meta: dict
    front: int  # lines of front matter
    blocks: list[Block]
    headings: list[Heading]
    admonitions: list[Admonition]
    figures: int  # <figure> elements outside code blocks
    figure_includes: list[tuple[int, str]]  # (line, target) of include lines outside code blocks
    steps: list[str]  # the snippets of its stepped figures, in page order
    rules: list[tuple[int, str]]  # (line, name) of each rule check it cites, in page order
    articles: list[str]  # the arguments of each article() mark, in page order
    values: list[tuple[str, str]]  # (snippet, path) of each recorded value it quotes, code blocks too (values.py)

    @property
    def name(self) -> str:
        return layout().name(self.path)

    @property
    def code(self) -> list[Block]:
        """Its ```python blocks, the programs it shows: a page with any has a notebook."""
        return [b for b in self.blocks if b.language == "python"]

    def section(self, heading: Heading) -> tuple[int, int]:
        """The lines of the heading's section: its own, and that of the next heading at its level or above
        (past the end if none)."""
        after = [h.line for h in self.headings if h.line > heading.line and h.level <= heading.level]
        return heading.line, min(after, default=len(self.lines) + 1)

    @property
    def includes(self) -> list[str]:
        """Every --8<-- target, in page order (in and outside code blocks)."""
        found = [(b.line, t) for b in self.blocks for t in b.includes] + self.figure_includes
        return [t for _, t in sorted(found)]


@lru_cache(maxsize=256)  # keyed by version: bounded, as `mkdocs serve` makes new versions all day
def _parse(path: Path, mtime_ns: int) -> Page:
    text = path.read_text(encoding="utf-8")
    front = FRONT_MATTER.match(text)
    meta = (yaml.safe_load(front.group("yaml")) or {}) if front else {}
    lines, i = text.splitlines(), front.group(0).count("\n") if front else 0
    page = Page(path, lines, meta, i, [], [], [], 0, [], [], [], [], VALUE.findall(text))
    open_admonitions = []
    while i < len(lines):
        line = lines[i]
        if line.strip():  # a line at or left of an admonition's marker closes it
            open_admonitions = [a for a in open_admonitions if a.width < len(line) - len(line.lstrip())]
        if fence := FENCE.match(line):
            block, width = _block(lines, i, fence), len(fence.group("indent").expandtabs(4))
            block.container = next((a.title for a in reversed(open_admonitions) if a.width < width), None)
            block.page, i = page.path, block.end
            page.blocks.append(block)
            continue
        if heading := HEADING.match(line):
            page.headings.append(Heading(i + 1, len(heading.group("level")), heading.group("text").strip(), heading.group("id")))
        elif adm := ADMONITION.match(line):
            admonition = Admonition(len(adm.group("indent").expandtabs(4)), *adm.group("marker", "kind", "title"))
            page.admonitions.append(admonition)
            open_admonitions.append(admonition)
        elif inc := INCLUDE.match(line):
            page.figure_includes.append((i + 1, inc.group("target")))
        page.figures += len(FIGURE.findall(line))
        page.steps += [m.group("snippet") for m in STEPS.finditer(line)]
        page.rules += [(i + 1, m.group("name")) for m in RULE.finditer(line)]
        page.articles += [m.group("args").replace(" ", "") for m in ARTICLE.finditer(line)]
        i += 1
    return page


def _block(lines: list[str], start: int, fence: re.Match) -> Block:
    """The fenced block opening at line index `start`."""
    indent, close = fence.group("indent"), re.compile(rf"^\s*{re.escape(fence.group('fence'))}\s*$")
    end = next((i for i in range(start + 1, len(lines)) if close.match(lines[i])), len(lines))
    block = Block(start + 1, end + 1, fence.group("info").strip())
    for line in lines[start + 1 : end]:
        if inc := INCLUDE.match(line):
            block.includes.append(inc.group("target"))
        elif line.strip():
            block.pasted.append(line)
    for line in lines[end + 1 :]:  # the numbered list right after it: Material's code annotations
        item = LIST_ITEM.match(line)
        if item and item.group("indent") == indent:
            block.annotations.append(int(item.group("number")))
        elif line.strip() and not (block.annotations and line.startswith(indent + "    ")):
            break  # neither a blank line nor the continuation of an item
    return block


def fences(lines: list[str]) -> list[Block]:
    """The fenced blocks of Markdown text, such as a page after its macros ran (parse() reads files)."""
    found, i = [], 0
    while i < len(lines):
        if fence := FENCE.match(lines[i]):
            found.append(_block(lines, i, fence))
            i = found[-1].end
        else:
            i += 1
    return found


def front_matter_entry(key: str) -> re.Pattern:
    """One top-level key of the front matter with its indented lines, if any."""
    return re.compile(rf"^{re.escape(key)}:.*\n(?:[ \t]+.*\n)*", re.M)


def set_front_matter(path: Path, key: str, value: str | dict[str, str]) -> bool:
    """Write `key: value` (a dict as an indented block) into the page's front matter; True if it changed."""
    entry = f"{key}: {value}\n" if isinstance(value, str) else f"{key}:\n" + "".join(f"  {k}: {v}\n" for k, v in value.items())
    text = path.read_text(encoding="utf-8")
    front = FRONT_MATTER.match(text)
    if front is None:
        new = f"---\n{entry}---\n\n{text}"
    else:
        head, found = front_matter_entry(key).subn(lambda _: entry, front.group(0), count=1)
        if not found:
            close = head.rstrip("\n").rfind("\n") + 1  # start of the closing ---
            head = head[:close] + entry + head[close:]
        new = head + text[front.end() :]
    if new == text:
        return False
    path.write_text(new, encoding="utf-8")
    return True


def parse(path: Path) -> Page:
    return _parse(path.resolve(), path.stat().st_mtime_ns)


# ------------------------------------------------------------------ what the include lines bring in


def split_target(target: str, root: Path = ROOT) -> tuple[Path, str | None]:
    """ "dir/name.py:part" -> (snippets/dir/name.py, "part")"""
    path, _, section = target.partition(":")
    return root / "snippets" / path, section or None  # the include line names the file with its suffix


@cache
def _expander(root: Path):
    import markdown

    extensions = mkdocs_config(root)["markdown_extensions"]
    config = next(e["pymdownx.snippets"] for e in extensions if isinstance(e, dict) and "pymdownx.snippets" in e)
    config = {**config, "base_path": [str(root / p) for p in config.get("base_path", ["."])]}
    return markdown.Markdown(extensions=["pymdownx.snippets"], extension_configs={"pymdownx.snippets": config})


def expand(targets: list[str], root: Path = ROOT) -> list[str]:
    """The lines include lines bring in, exactly as the pages' pymdownx.snippets expands them."""
    processor = _expander(root).preprocessors["snippet"]
    return processor.run([f'--8<-- "{t}"' for t in targets])


def code_markers(target: str) -> list[int]:
    """The annotation numbers (`# (n)!`) in the code an include line brings in."""
    return [int(m.group("number")) for line in expand([target]) for m in ANNOTATION_MARKER.finditer(line)]


def lines_outside(snippet: Path, sections: set[str]) -> list[int]:
    """Line numbers of a snippet that none of `sections` covers (blank lines and markers excepted)."""
    open_sections, uncovered = set(), []
    for number, line in enumerate(snippet.read_text(encoding="utf-8").splitlines(), 1):
        if m := SECTION_MARKER.search(line):
            (open_sections.add if m.group("edge") == "start" else open_sections.discard)(m.group("name"))
        elif line.strip() and not (open_sections & sections):
            uncovered.append(number)
    return uncovered


# ------------------------------------------------------------------ what a translation must keep


def structure(path: Path) -> dict[str, list]:
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
