"""The glossary: zh <-> en terms kept once in glossary.toml, shown on both glossary pages, checked.

`{{ glossary }}` in a page becomes the table in the page's language (docs_pipeline/macros.py).
The checks (tests/test_glossary.py): an English page uses the English term wherever its Chinese
source uses the Chinese one; no page uses a wording the glossary lists as one to avoid
(`zh_avoid`, `en_avoid`); every term in the glossary is used on some page.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from docs_pipeline.pages import FRONT_MATTER, blocks

GLOSSARY = Path(__file__).with_name("glossary.toml")
HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
# Emphasis and strikethrough markers, and inline HTML tags: a reader sees "**非叶子**节点" as 非叶子节点
MARKUP = re.compile(r"\*+|~~|</?[a-zA-Z][^>]*>")


def unmarked(text: str) -> str:
    """Text as it reads once rendered: emphasis markers and inline tags taken out (underscores stay:
    they belong to names such as requires_grad)."""
    return MARKUP.sub("", text)


@dataclass(frozen=True)
class Term:
    zh: str
    en: tuple[str, ...]  # shown; the first is preferred
    forms: tuple[str, ...]  # also accepted on an English page, not shown
    zh_note: str
    en_note: str
    zh_avoid: tuple[str, ...] = ()  # Chinese wordings a page must not use instead of `zh`
    en_avoid: tuple[str, ...] = ()  # English wordings a page must not use instead of `en[0]`

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
        unknown = set(entry) - {"zh", "en", "forms", "zh_avoid", "en_avoid", "zh_note", "en_note"}
        en, forms = entry.get("en", []), entry.get("forms", [])
        problems = [f"unknown keys {sorted(unknown)}"] if unknown else []
        for key in ("zh_avoid", "en_avoid"):
            avoid = entry.get(key, [])
            if not isinstance(avoid, list) or not all(isinstance(a, str) and a.strip() for a in avoid):
                problems.append(f"{key} must be a list of strings")
        if isinstance(entry.get("zh_avoid"), list) and entry.get("zh") in entry["zh_avoid"]:
            problems.append("zh_avoid lists the term itself")
        if isinstance(entry.get("en_avoid"), list) and isinstance(en, list):
            accepted = {_normal(a) for a in en + (forms if isinstance(forms, list) else []) if isinstance(a, str)}
            clash = sorted(a for a in entry["en_avoid"] if isinstance(a, str) and _normal(a) in accepted)
            if clash:
                problems.append(f"en_avoid lists accepted English terms {clash}")
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
        terms.append(
            Term(
                entry["zh"],
                tuple(en),
                tuple(forms),
                entry["zh_note"].strip(),
                entry["en_note"].strip(),
                tuple(entry.get("zh_avoid", [])),
                tuple(entry.get("en_avoid", [])),
            )
        )
    if not terms:
        raise ValueError(f"{where}: no [[term]] entries")
    avoided = {a: t for t in terms for a in t.zh_avoid}
    for term in terms:
        if term.zh in avoided:
            raise ValueError(f"{where}: {term.zh} is a term, yet the entry for {avoided[term.zh].zh} lists it under zh_avoid")
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
    return unmarked(HTML_COMMENT.sub(" ", kept))


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


INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
LINK_TARGET = re.compile(r"\]\([^)]*\)")


@dataclass(frozen=True)
class AvoidedUse:
    """A page using a wording the glossary says to avoid."""

    page: str  # the page, as the repository names it (docs/zh/x.md)
    term: Term
    variant: str  # the avoided wording, as the glossary lists it
    lang: str

    @property
    def preferred(self) -> str:
        return self.term.zh if self.lang == "zh" else self.term.en[0]

    def __str__(self) -> str:
        return f"{self.page} uses {self.variant!r}; the glossary term is {self.preferred!r} ({GLOSSARY.name}: {self.term.zh})"


DESCRIPTION = re.compile(r"^description:[ \t]*(?P<text>.*)$", re.M)


def reading_text(page: Path) -> str:
    """The words a reader reads: the page's prose without inline code or link targets, and its
    front-matter description (what search results show)."""
    front = FRONT_MATTER.match(page.read_text(encoding="utf-8"))
    description = DESCRIPTION.search(front.group(0)) if front else None
    text = LINK_TARGET.sub("]", INLINE_CODE.sub(" ", prose(page)))
    return f"{description.group('text')}\n{text}" if description else text


def avoided_uses(page: Path, lang: str, terms: list[Term], name: str | None = None) -> list[AvoidedUse]:
    """Every wording the glossary lists under zh_avoid (Chinese page) or en_avoid (English page)."""
    text = reading_text(page)
    found = []
    for term in terms:
        for variant in term.zh_avoid if lang == "zh" else term.en_avoid:
            if lang == "zh":
                hit = variant in text
            else:  # whole words, any case, any spacing: "Leaf  node" counts, "leaf nodes" too
                words = r"\s+".join(re.escape(w) for w in variant.split())
                hit = re.search(rf"(?<![\w-]){words}(?:s|es)?(?![\w-])", text, re.I) is not None
            if hit:
                found.append(AvoidedUse(name or page.as_posix(), term, variant, lang))
    return found


def unused_terms(pages: list[Path], terms: list[Term]) -> list[Term]:
    """Terms that no Chinese page uses in its prose: the glossary and the pages have drifted apart."""
    used: set[str] = set()
    for page in pages:
        used.update(t.zh for t in terms_in_chinese(prose(page), terms))
    return [t for t in terms if t.zh not in used]


def missing_english_terms(source: Path, translation: Path, terms: list[Term]) -> list[Term]:
    """Terms the Chinese page uses whose English (any listed alternative) its translation lacks."""
    english = _normal(unmarked(translation.read_text(encoding="utf-8")))
    return [
        term
        for term in terms_in_chinese(prose(source), terms)
        if not any(_normal(accepted) in english for accepted in term.accepted)
    ]
