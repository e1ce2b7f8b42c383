"""Housekeeping: files under snippets/ that no page shows.

    python -m docs_pipeline.housekeeping unused     (./dev unused)

A snippet no page includes is still run and checked by the tests, but no reader sees it: it is
either waiting for its page or left over. The same goes for a figure (.svg) no page includes,
and for an output (.out) or figure whose program (.py) is gone.
"""

from __future__ import annotations

import sys
from pathlib import Path

from .pages import DOCS, ROOT, pages, split_target, structure

SNIPPETS = ROOT / "snippets"


def included(docs: Path = DOCS) -> set[Path]:
    """Every file under snippets/ that some page (either language) includes, whole or in part."""
    return {split_target(t)[0].resolve() for page in pages(docs=docs) for t in structure(page).includes}


def _program_of(path: Path) -> Path:
    """snippets/d/name.out -> snippets/d/name.py; snippets/d/name.var.svg -> snippets/d/name.py"""
    stem = path.name.split(".")[0]
    return path.with_name(stem + ".py")


def unused(snippets: Path = SNIPPETS, docs: Path = DOCS) -> list[str]:
    shown = included(docs)
    found = []
    for path in sorted(p for p in snippets.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        name = path.relative_to(snippets.parent).as_posix()
        if path.suffix in (".out", ".svg") and not _program_of(path).exists():
            found.append(f"{name}: its program {_program_of(path).relative_to(snippets.parent).as_posix()} is gone")
        elif path.suffix in (".py", ".svg") and path.resolve() not in shown:
            found.append(f"{name}: no page includes it")
    return found


def main(argv: list[str]) -> int:
    if argv != ["unused"]:
        print(__doc__, file=sys.stderr)
        return 2
    found = unused()
    print("\n".join(found) if found else "every snippet and figure is shown on a page")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
