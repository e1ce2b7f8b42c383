"""The glossary: zh <-> en terms kept once in glossary.toml, shown on both glossary pages, checked.

`{{ glossary }}` in a page becomes the table in the page's language (docs_pipeline/macros.py).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from docs_pipeline.pages import FRONT_MATTER, blocks

GLOSSARY = Path(__file__).with_name("glossary.toml")
HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)


@dataclass(frozen=True)
class Term:
    zh: str
    en: tuple[str, ...]  # shown; the first is preferred
    forms: tuple[str, ...]  # also accepted on an English page, not shown
    zh_note: str
    en_note: str

    @property
    def accepted(self) -> tuple[str, ...]:
        return self.en + self.forms


def load(path: Path = GLOSSARY) -> list[Term]:
    """The terms, in file order; raises ValueError naming the file and entry when one is malformed."""
    where = path.name
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{where}: {exc}") from exc
    terms, seen = [], set()
    for number, entry in enumerate(data.get("term", []), 1):
        unknown = set(entry) - {"zh", "en", "forms", "zh_note", "en_note"}
        en, forms = entry.get("en", []), entry.get("forms", [])
        problems = [f"unknown keys {sorted(unknown)}"] if unknown else []
        if not isinstance(entry.get("zh"), str) or not entry.get("zh", "").strip():
            problems.append("no zh term")
        if not isinstance(en, list) or not en or not all(isinstance(e, str) and e.strip() for e in en):
            problems.append("en must be a non-empty list of terms")
        if not isinstance(forms, list) or not all(isinstance(f, str) and f.strip() for f in forms):
            problems.append("forms must be a list of strings")
        for key in ("zh_note", "en_note"):
            if not isinstance(entry.get(key), str) or not entry.get(key, "").strip():
                problems.append(f"no {key}")
        if entry.get("zh") in seen:
            problems.append("the same zh term twice")
        if problems:
            raise ValueError(f"{where}: term #{number} ({entry.get('zh', '?')}): " + "; ".join(problems))
        seen.add(entry["zh"])
        terms.append(Term(entry["zh"], tuple(en), tuple(forms), entry["zh_note"].strip(), entry["en_note"].strip()))
    if not terms:
        raise ValueError(f"{where}: no [[term]] entries")
    return terms


# ------------------------------------------------------------------ the page

def table(lang: str, terms: list[Term]) -> str:
    def cell(text: str) -> str:
        return text.replace("|", "\\|")

    if lang == "zh":
        rows = ["| 中文 | English | 说明 |", "|---|---|---|"]
        rows += [f"| {cell(t.zh)} | {cell(' / '.join(t.en))} | {cell(t.zh_note)} |" for t in terms]
    else:
        rows = ["| English | 中文 | Meaning |", "|---|---|---|"]
        rows += [f"| {cell(' / '.join(t.en))} | {cell(t.zh)} | {cell(t.en_note)} |" for t in terms]
    return "\n".join(rows)


# ------------------------------------------------------------------ the check

def prose(page: Path) -> str:
    """The page's text a reader reads as prose: no front matter, fenced blocks or HTML comments."""
    text = page.read_text(encoding="utf-8")
    lines = text.splitlines()
    skip = {n for b in blocks(page) for n in range(b.line, b.end + 1)}
    front = FRONT_MATTER.match(text)
    skip |= set(range(1, front.group(0).count("\n") + 1)) if front else set()
    kept = "\n".join(line for n, line in enumerate(lines, 1) if n not in skip)
    return HTML_COMMENT.sub(" ", kept)


def terms_in_chinese(text: str, terms: list[Term]) -> list[Term]:
    """The terms a Chinese text uses, longest first: 动态计算图 does not also count as 计算图."""
    used = []
    for term in sorted(terms, key=lambda t: len(t.zh), reverse=True):
        if term.zh in text:
            used.append(term)
            text = text.replace(term.zh, "\0")  # consumed: no shorter term matches inside it
    return sorted(used, key=terms.index)


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).lower()


def missing_english_terms(source: Path, translation: Path, terms: list[Term]) -> list[Term]:
    """Terms the Chinese page uses whose English (any listed alternative) its translation lacks."""
    english = _normal(translation.read_text(encoding="utf-8"))
    return [
        term for term in terms_in_chinese(prose(source), terms)
        if not any(_normal(accepted) in english for accepted in term.accepted)
    ]
