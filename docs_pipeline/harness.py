"""Sybil wiring: every file under snippets/ is one example, run whole and checked."""

from pathlib import Path

from sybil import Document, Region, Sybil

from .outputs import verify
from .runner import ROOT, Snippet


def whole_file(document: Document):
    """One region for the whole script: the reader copies and runs all of it."""
    yield Region(0, len(document.text), parsed=Snippet(Path(document.path)), evaluator=lambda example: verify(example.parsed))


# A plain Document type: sybil's default for .py would read docstrings only.
snippet_sybil = Sybil(
    parsers=[whole_file],
    path=str(ROOT / "snippets"),
    pattern="*.py",  # PurePath.match: "*.py" matches at any depth, "**/*.py" does not
    document_types={".py": Document},
    name="snippets",
)
