"""Housekeeping: files under snippets/ that no page shows.

    python -m docs_pipeline.housekeeping unused     (./dev unused)

A snippet no page includes is still run and checked by the tests, but no reader sees it: it is
either waiting for its page or left over. The same goes for a figure (.svg) no page includes,
and for a stored result (.out, .svg, .values.json, ...) whose program (.py) is gone.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .pages import parse, split_target
from .site import Layout, layout


def included(site: Layout) -> set[Path]:
    """Every file under snippets/ that some page (either language) includes, whole or in part."""
    return {split_target(t, site.root)[0].resolve() for page in site.pages() for t in parse(page).includes}


def _program_of(path: Path) -> Path:
    """snippets/d/name.out, snippets/d/name.var.svg, snippets/d/name.values.json -> snippets/d/name.py"""
    return path.with_name(path.name.split(".")[0] + ".py")


def unused(site: Layout | None = None) -> list[str]:
    site = site or layout()
    snippets = site.root / "snippets"
    shown = included(site)
    found = []
    for path in sorted(p for p in snippets.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        name = site.name(path)
        if path.suffix != ".py" and not _program_of(path).exists():
            found.append(f"{name}: its program {site.name(_program_of(path))} is gone")
        elif path.suffix in (".py", ".svg") and path.resolve() not in shown:
            found.append(f"{name}: no page includes it")
    return found


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="./dev", description=__doc__.split("\n\n")[0])
    parser.add_argument("task", choices=["unused"], help="list snippets and figures that no page includes")
    parser.parse_args(argv)
    found = unused()
    print("\n".join(found) if found else "every snippet and figure is shown on a page")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
