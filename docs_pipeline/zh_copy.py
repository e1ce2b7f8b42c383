"""The Chinese copy's typography, held by autocorrect (autocorrect-py, pinned in pyproject.toml):
a space between Chinese and Latin letters or digits, none beside full-width punctuation, full-width
punctuation in Chinese sentences. autocorrect knows Markdown: code blocks, inline code and link
targets are not text. What tests/test_zh_copy.py lints is listed in CONTRIBUTING.md.
"""

from __future__ import annotations

import ast
import html
import re
from dataclasses import dataclass
from pathlib import Path

import autocorrect_py

CJK = re.compile(r"[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]")
TAG = re.compile(r"<[^>]+>")
PRE = re.compile(r"<pre\b.*?</pre>", re.S)
JINJA = re.compile(r"\{%.*?%\}|\{\{.*?\}\}|\{#.*?#\}", re.S)


@dataclass(frozen=True)
class Finding:
    where: str  # a file, or a file and what in it (docs/zh/x.md, snippets/a/b.steps.json (zh figure))
    line: int
    old: str
    new: str

    def __str__(self) -> str:
        return f"{self.where}:{self.line}: {self.old.strip()}\n    autocorrect: {self.new.strip()}"


def lint(text: str, where: str, kind: str = "md", line: int = 0) -> list[Finding]:
    """What autocorrect would change in `text`, read as a `kind` file (md: Markdown rules); `line`:
    the line the text stands on in `where`, when it is one string of a larger file."""
    result = autocorrect_py.lint_for(text, f"text.{kind}")
    return [Finding(where, line or found.line, found.old, found.new) for found in result.lines]


def html_text(markup: str) -> str:
    """Markup as a reader reads it: <pre> (the program) left out, <code> kept as inline code."""
    markup = re.sub(r"</?code>", "`", PRE.sub("\n", markup))
    return html.unescape(TAG.sub("\n", markup))


def _python_strings(path: Path) -> list[tuple[int, str]]:
    """String literals with Chinese in them, docstrings (English, naming Chinese terms) and other bare
    string statements left out: no reader sees them."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and CJK.search(node.value)
        and id(node) not in docstrings
    ]


def source_strings(root: Path) -> list[tuple[str, int, str]]:
    """The Chinese strings of the pipeline (Python literals) and templates (text lines): (file, line, text)."""
    found = []
    for path in sorted((root / "docs_pipeline").rglob("*.py")):
        found += [(path.relative_to(root).as_posix(), line, text) for line, text in _python_strings(path)]
    for path in [*sorted((root / "overrides").rglob("*.html")), root / "mkdocs.yml"]:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            text = TAG.sub("", JINJA.sub(" ", line))
            # YAML's `key: value` colon is syntax, not punctuation: key and value are two texts
            parts = re.split(r":(?:\s|$)", text) if path.suffix == ".yml" else [text]
            found += [(path.relative_to(root).as_posix(), number, part) for part in parts if CJK.search(part)]
    return found
