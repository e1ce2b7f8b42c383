"""Housekeeping: files under snippets/ that no page shows (./dev unused).

A snippet no page includes is still run and checked by the tests, but no reader sees it: it is
either waiting for its page or left over. The same goes for a figure (.svg) no page includes,
and for a stored result (.out, .svg, .values.json, ...) whose program (.py) is gone.
"""

from .pages import parse, split_target
from .site import layout, program_of


def unused() -> list[str]:
    site = layout()
    shown = {split_target(t, site.root)[0] for page in site.pages() for t in parse(page).includes}
    found = []
    for path in sorted(p for p in (site.root / "snippets").rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        program = program_of(path)
        if path.suffix != ".py" and not program.exists():
            found.append(f"{site.name(path)}: its program {site.name(program)} is gone")
        elif path.suffix in (".py", ".svg") and path not in shown:
            found.append(f"{site.name(path)}: no page includes it")
    return found


if __name__ == "__main__":  # ./dev unused
    print("\n".join(unused()) or "every snippet and figure is shown on a page")
