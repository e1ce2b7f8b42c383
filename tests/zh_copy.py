"""The Chinese copy's typography, held by autocorrect (autocorrect-py, pinned in pyproject.toml):
a space between Chinese and Latin letters or digits, none beside full-width punctuation, full-width
punctuation in Chinese sentences. autocorrect knows Markdown: code blocks, inline code and link
targets are not text. What test_zh_copy.py lints is listed in CONTRIBUTING.md.
"""

import html
import re

import autocorrect_py

from docs_pipeline.site import ROOT, repo_name

CJK = re.compile(r"[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]")
TAG = re.compile(r"<[^>]+>")
PRE = re.compile(r"(?s)<pre\b.*?</pre>")
JINJA = re.compile(r"(?s)\{%.*?%\}|\{\{.*?\}\}|\{#.*?#\}")


def lint(text, where, kind="md", line=0):
    """What autocorrect would change in `text`, read as a `kind` file (md: Markdown rules), each naming
    `where` (a file, or a file and what in it) and the line; `line`: the line the text stands on in
    `where`, when it is one string of a larger file."""
    return [
        f"{where}:{line or f.line}: {f.old.strip()}\n    autocorrect: {f.new.strip()}"
        for f in autocorrect_py.lint_for(text, f"text.{kind}").lines
    ]


def html_text(markup):
    """Markup as a reader reads it: <pre> (the program) left out, <code> kept as inline code."""
    return html.unescape(TAG.sub("\n", re.sub(r"</?code>", "`", PRE.sub("\n", markup))))


def source_strings():
    """The Chinese text lines of the pipeline (code, ui.toml, glossary.toml), templates and mkdocs.yml:
    (file, line, text)."""
    pipeline = ROOT / "docs_pipeline"
    for path in sorted(
        [*pipeline.glob("*.py"), *pipeline.glob("*.toml"), *(ROOT / "overrides").rglob("*.html"), ROOT / "mkdocs.yml"]
    ):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            text = TAG.sub("", JINJA.sub(" ", line))
            # YAML's `key: value` colon is syntax, not punctuation: key and value are two texts
            parts = re.split(r":(?:\s|$)", text) if path.suffix == ".yml" else [text]
            yield from ((repo_name(path), number, part) for part in parts if CJK.search(part))
