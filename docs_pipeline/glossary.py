"""The glossary: zh <-> en terms kept once in glossary.toml, shown on both glossary pages
(`{{ glossary() }}`, docs_pipeline/macros.py) and held to by tests/test_glossary.py."""

import re
import tomllib
from dataclasses import dataclass, fields
from pathlib import Path

from docs_pipeline.pages import fences, parse

GLOSSARY = Path(__file__).with_name("glossary.toml")
HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
# Emphasis and strikethrough markers, and inline HTML tags: a reader sees "**非叶子**节点" as 非叶子节点
# (underscores stay: they belong to names such as requires_grad)
MARKUP = re.compile(r"\*+|~~|</?[a-zA-Z][^>]*>")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
LINK_TARGET = re.compile(r"\]\([^)]*\)")


@dataclass(frozen=True, kw_only=True)
class Term:
    zh: str
    en: tuple  # shown; the first is preferred
    zh_note: str
    en_note: str
    forms: tuple = ()  # also accepted on an English page, not shown
    zh_avoid: tuple = ()  # Chinese wordings a page must not use instead of `zh`
    en_avoid: tuple = ()  # English wordings a page must not use instead of `en[0]`
    # Words that mark the glossary's sense: where a language lists them, a use is linked only in a line
    # (a paragraph, a list item) naming one of them; elsewhere the same word is a homonym ("guards `sqrt`")
    zh_sense: tuple = ()
    en_sense: tuple = ()

    def __post_init__(self):  # unknown or missing keys: dataclass's own TypeError
        for field in fields(self):
            value, text = getattr(self, field.name), field.type is str
            items = [value] if text else value
            if not (isinstance(items, list | tuple) and all(isinstance(s, str) and s.strip() for s in items)) or (
                field.name == "en" and not value
            ):
                raise TypeError(f"{field.name}: {value!r} is not {'a string' if text else 'a list of strings'}, or is empty")
            object.__setattr__(self, field.name, value.strip() if text else tuple(value))
        if self.zh in self.zh_avoid:
            raise ValueError("zh_avoid lists the term itself")
        accepted = {_normal(a) for a in self.en + self.forms}
        if clash := sorted(a for a in self.en_avoid if _normal(a) in accepted):
            raise ValueError(f"en_avoid lists accepted English terms {clash}")


def _normal(text):
    return re.sub(r"\s+", " ", text).lower()


def load():
    """The terms, in file order; raises ValueError naming the file and entry when one is malformed."""
    try:
        entries = tomllib.loads(GLOSSARY.read_text(encoding="utf-8")).get("term", [])
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{GLOSSARY.name}: {exc}") from exc
    terms = []
    for number, entry in enumerate(entries, 1):
        try:
            term = Term(**entry)
            if term.zh in {t.zh for t in terms}:
                raise ValueError("the same zh term twice")
        except (TypeError, ValueError) as exc:
            raise ValueError(f"{GLOSSARY.name}: term #{number} ({entry.get('zh', '?')}): {exc}") from exc
        terms.append(term)
    for term in terms:
        for other in terms:
            if term.zh in other.zh_avoid:
                raise ValueError(f"{GLOSSARY.name}: {term.zh} is a term, yet the entry for {other.zh} lists it under zh_avoid")
    return terms


def anchor(term):
    """The id of the term's row on the glossary pages, the same in both languages."""
    return "term-" + re.sub(r"[^a-z0-9]+", "-", term.en[0].lower()).strip("-")


def table(lang, terms):
    rows = ["| 中文 | English | 说明 |" if lang == "zh" else "| English | 中文 | Meaning |", "|---|---|---|"]
    for t in terms:
        zh, en = f'<span id="{anchor(t)}">{t.zh}</span>', " / ".join(t.en)
        cells = [zh, en, t.zh_note] if lang == "zh" else [en, zh, t.en_note]
        rows.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(rows)


# What a term's first use may not be linked inside: inline code, a link (text and target), an HTML tag,
# an attribute list, a macro's leftovers; and whole lines: fences and what they hold, headings, tables,
# admonition titles.
NOT_PROSE = re.compile(r"(`+)(?:(?!\1).)+?\1|!?\[[^\]]*\]\([^)]*\)|<[^>]+>|\{[^{}]*\}", re.S)
NOT_PROSE_LINE = re.compile(r"^\s*(?:#|\||!!!|\?\?\?|<)")


def _english(wordings):
    """Whole words, any case, any spacing, plural or not: "Leaf  nodes" is a use of "leaf node"."""
    words = "|".join(r"\s+".join(re.escape(w) for w in a.split()) for a in sorted(wordings, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{words})(?:s|es)?(?![\w-])", re.I)


def link_first_uses(markdown, lang, terms, glossary_href):
    """The page with each term's first use in its prose linked to the term's row on the glossary page
    (longest terms first: 动态计算图 is not also a use of 计算图). Where the term has sense markers for the
    language (glossary.toml: zh_sense, en_sense), only a use on a line (a paragraph, a list item) naming one
    of them, any case: elsewhere the same word is a homonym ("guards `sqrt`")."""
    lines = markdown.split("\n")
    fenced = {n for block in fences(lines) for n in range(block.line - 1, block.end)}
    patterns = [
        (t, re.compile(re.escape(t.zh)) if lang == "zh" else _english(t.en + t.forms))
        for t in sorted(terms, key=lambda t: max(map(len, (t.zh, *t.en))), reverse=True)
    ]
    first = {}  # term -> (line, (start, end)) of its first use
    for n, line in enumerate(lines):
        if n in fenced or NOT_PROSE_LINE.match(line):
            continue
        blocked = [m.span() for m in NOT_PROSE.finditer(line)]
        for term, pattern in patterns:  # a longer term's uses are consumed before a shorter one's
            markers = getattr(term, f"{lang}_sense")
            if markers and not any(marker.lower() in line.lower() for marker in markers):
                continue
            for m in pattern.finditer(line):
                if not any(a < m.end() and m.start() < b for a, b in blocked):
                    blocked.append(m.span())
                    first.setdefault(term, (n, m.span()))
    for term, (n, (start, end)) in sorted(first.items(), key=lambda f: f[1], reverse=True):  # right to left
        line = lines[n]
        lines[n] = f"{line[:start]}[{line[start:end]}]({glossary_href}#{anchor(term)}){{ .glossary-ref }}{line[end:]}"
    return "\n".join(lines)


def prose(page):
    """The page's text as a reader reads it: no front matter, fenced blocks, HTML comments or markup."""
    parsed = parse(page)
    kept = "\n".join(
        line
        for n, line in enumerate(parsed.lines, 1)
        if n > parsed.front and not any(b.line <= n <= b.end for b in parsed.blocks)
    )
    return MARKUP.sub("", HTML_COMMENT.sub(" ", kept))


def terms_in_chinese(text, terms):
    """The terms a Chinese text uses, longest first (动态计算图 does not also count as 计算图)."""
    used = []
    for term in sorted(terms, key=lambda t: len(t.zh), reverse=True):
        if term.zh in text:
            used.append(term)
            text = text.replace(term.zh, "\0")  # consumed: no shorter term matches inside it
    return sorted(used, key=terms.index)


def avoided_uses(path, lang, terms):
    """Every wording the glossary lists under zh_avoid (Chinese page) or en_avoid (English page), in
    the words a reader reads: the prose without inline code or link targets, and the front-matter
    description (what search results show)."""
    page = parse(path)
    text = f"{page.meta.get('description', '')}\n" + LINK_TARGET.sub("]", INLINE_CODE.sub(" ", prose(path)))
    return [
        f"{page.name} uses {variant!r}; the glossary term is {term.zh if lang == 'zh' else term.en[0]!r} ({GLOSSARY.name}: {term.zh})"
        for term in terms
        for variant in getattr(term, f"{lang}_avoid")
        if (variant in text if lang == "zh" else _english([variant]).search(text))
    ]


def unused_terms(pages, terms):
    """Terms that no Chinese page uses in its prose: the glossary and the pages have drifted apart."""
    used = {t.zh for page in pages for t in terms_in_chinese(prose(page), terms)}
    return [t for t in terms if t.zh not in used]


def missing_english_terms(source, translation, terms):
    """Terms the Chinese page uses whose English (any listed alternative) its translation lacks."""
    english = _normal(MARKUP.sub("", translation.read_text(encoding="utf-8")))
    return [
        term
        for term in terms_in_chinese(prose(source), terms)
        if not any(_normal(accepted) in english for accepted in term.en + term.forms)
    ]
