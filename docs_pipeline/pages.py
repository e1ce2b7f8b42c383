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
    includes: list[str] = field(default_factory=list)  # "file" or "file:section", as written
    pasted: list[str] = field(default_factory=list)  # body lines that are not include lines

    @property
    def language(self) -> str:
        return self.info.split()[0] if self.info.split() else ""

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT).as_posix()}:{self.line}"


def pages(lang: str | None = None) -> list[Path]:
    langs = [lang] if lang else LANGUAGES
    return sorted(p for code in langs for p in (DOCS / code).rglob("*.md"))


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
