"""The authors' commands: ./dev translations [mark ...], ./dev reading and ./dev unused (README.md,
CONTRIBUTING.md), one command line.

`unused` lists the files under snippets/ that no page shows. A snippet no page includes is still run and
checked by the tests, but no reader sees it: it is either waiting for its page or left over. The same
goes for a figure (.svg) no page includes, and for a stored result (.out, .svg, .values.json, ...) whose
program (.py) is gone.
"""

import argparse
from pathlib import Path

from .pages import parse, set_front_matter, split_target
from .reading import table
from .site import layout, program_of
from .translations import KEY, changes, content_hash, stale, translations


def unused():
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


def mark(pages):
    """Record the current hash of each page's source in its front matter."""
    site = layout()
    for page in pages:
        source = site.counterpart(page, site.default)
        changed = set_front_matter(page, KEY, content_hash(source))
        print(f"{'marked ' if changed else 'current'} {site.name(page)}  ({KEY}: {content_hash(source)} = {site.name(source)})")


def _translations_of(name):
    """The translations a page names: itself, or every translation of a source page."""
    site, path = layout(), Path(name).resolve()
    source = path.is_relative_to(site.docs / site.default)
    found = [site.counterpart(path, lang) for lang in site.languages[1:]] if source else [path]
    if not set(found) <= set(translations(site)):
        raise argparse.ArgumentTypeError(f"not a translated page under docs/: {name}")
    return found


def main(argv=None):
    parser = argparse.ArgumentParser(prog="./dev")
    tasks = parser.add_subparsers(dest="task", required=True)
    tasks.add_parser("unused")
    tasks.add_parser("reading")
    marking = tasks.add_parser("translations").add_subparsers(dest="action").add_parser("mark")
    marking.add_argument("pages", nargs="*", type=_translations_of, help="docs/<lang>/<page>.md, in either language")
    marking.add_argument("--all", action="store_true", help="every translation")
    args = parser.parse_args(argv)
    if args.task == "unused":
        print("\n".join(unused()) or "every snippet and figure is shown on a page")
    elif args.task == "reading":
        print(table())
    elif args.action is None:
        found = stale()
        for item in found:
            print(f"{item}\n{changes(item)}")
        print(f"{len(found)} stale translation(s)" if found else "every translation is up to date")
    elif args.all == bool(args.pages):
        marking.error("name the pages to mark, or --all")
    else:
        mark(translations(layout()) if args.all else [page for pages in args.pages for page in pages])


if __name__ == "__main__":
    main()
