"""Read the pages' fenced blocks: what each includes from snippets/, and anything pasted."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .runner import ROOT

DOCS = ROOT / "docs"
LANGUAGES = ("zh", "en")

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
INCLUDE = re.compile(r'^\s*--8<--\s+"(?P<target>[^"]+)"\s*$')


@dataclass
class Block:
    page: Path
    line: int  # 1-based line of the opening fence
    info: str
    end: int = 0  # 1-based line of the closing fence (past the last line if never closed)
    includes: list[str] = field(default_factory=list)  # "file" or "file:section", as written
    pasted: list[str] = field(default_factory=list)  # body lines that are not include lines

    @property
    def language(self) -> str:
        return self.info.split()[0] if self.info.split() else ""

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT).as_posix()}:{self.line}"


def pages(lang: str | None = None, docs: Path = DOCS) -> list[Path]:
    langs = [lang] if lang else LANGUAGES
    return sorted(p for code in langs for p in (docs / code).rglob("*.md"))


def blocks(page: Path) -> list[Block]:
    found: list[Block] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        block = Block(page, i + 1, m.group("info").strip())
        close = re.compile(rf"^\s*{re.escape(m.group('fence'))}\s*$")
        i += 1
        while i < len(lines) and not close.match(lines[i]):
            inc = INCLUDE.match(lines[i])
            if inc:
                block.includes.append(inc.group("target"))
            elif lines[i].strip():
                block.pasted.append(lines[i])
            i += 1
        block.end = i + 1
        found.append(block)
        i += 1
    return found


def split_target(target: str) -> tuple[Path, str | None]:
    path, _, section = target.partition(":")
    return ROOT / "snippets" / path, section or None


def language_of(page: Path) -> str:
    return page.relative_to(DOCS).parts[0]


def url_of(page: Path) -> str:
    """The page's URL relative to the site root: Chinese at the root, English under en/."""
    lang = language_of(page)
    rel = page.relative_to(DOCS / lang).with_suffix("")
    path = (rel.parent if rel.name == "index" else rel).as_posix()
    prefix = "" if lang == "zh" else f"{lang}/"
    return prefix + ("" if path == "." else path + "/")


# ------------------------------------------------------------------ page structure
# What a translation must keep: the parity check compares these between docs/zh and docs/en.

HEADING = re.compile(r"^#{1,6}\s+(?P<text>.*?)\s*$")
HEADING_ID = re.compile(r"\{[^}]*#(?P<id>[\w.:-]+)[^}]*\}\s*$")
ADMONITION = re.compile(r"^\s*(?P<marker>!!!|\?\?\?\+?)\s+(?P<kind>[\w-]+)")
LIST_ITEM = re.compile(r"^(?P<indent>[ \t]*)(?P<number>\d+)\.\s")
FIGURE = re.compile(r"<figure[\s>]")
FRONT_MATTER = re.compile(r"\A---[ \t]*\n.*?^---[ \t]*\n", re.S | re.M)


@dataclass
class Structure:
    includes: list[str] = field(default_factory=list)  # every --8<-- target, in page order
    heading_ids: list[str] = field(default_factory=list)
    headings_without_id: list[str] = field(default_factory=list)  # "line N: text"
    admonitions: list[str] = field(default_factory=list)  # "!!! note", "??? success", in order
    code_blocks: list[str] = field(default_factory=list)  # fence languages, in order
    figures: int = 0  # <figure> elements
    annotations: list[list[int]] = field(default_factory=list)  # per python block: the list numbers after it


def front_matter_lines(text: str) -> int:
    """How many lines the YAML front matter (--- ... ---) at the top of a page takes; 0 if none."""
    m = FRONT_MATTER.match(text)
    return m.group(0).count("\n") if m else 0


def structure(page: Path) -> Structure:
    text = page.read_text(encoding="utf-8")
    lines = text.splitlines()
    page_blocks = blocks(page)
    in_fence = {n for b in page_blocks for n in range(b.line, b.end + 1)}  # 1-based
    found = Structure(code_blocks=[b.language for b in page_blocks])
    front = front_matter_lines(text)
    for number, line in enumerate(lines, 1):
        if number <= front:
            continue
        inc = INCLUDE.match(line)
        if inc:
            found.includes.append(inc.group("target"))
        if number in in_fence:
            continue
        found.figures += len(FIGURE.findall(line))
        heading = HEADING.match(line)
        if heading:
            ident = HEADING_ID.search(heading.group("text"))
            if ident:
                found.heading_ids.append(ident.group("id"))
            else:
                found.headings_without_id.append(f"line {number}: {line.strip()}")
        adm = ADMONITION.match(line)
        if adm:
            found.admonitions.append(f"{adm.group('marker')} {adm.group('kind')}")
    for block in page_blocks:
        if block.language == "python":
            found.annotations.append(_annotation_numbers(lines, block))
    return found


def _annotation_numbers(lines: list[str], block: Block) -> list[int]:
    """The numbers of the list right after a code block (Material's code annotations)."""
    indent = FENCE.match(lines[block.line - 1]).group("indent")
    numbers: list[int] = []
    for line in lines[block.end:]:  # block.end is 1-based: this starts after the closing fence
        item = LIST_ITEM.match(line)
        if item and item.group("indent") == indent:
            numbers.append(int(item.group("number")))
        elif not line.strip() or (numbers and line.startswith(indent + "    ")):
            continue  # blank line, or the continuation of an item
        else:
            break
    return numbers
