"""The authors' commands: ./dev translations [mark ...], ./dev reading and ./dev unused (README.md,
CONTRIBUTING.md), one command line.

`unused` lists the files under snippets/ that no page shows. A snippet no page includes is still run and
checked by the tests, but no reader sees it: it is either waiting for its page or left over. The same
goes for a figure (.svg) no page includes, and for a stored result (.out, .svg, .values.json, ...) whose
program (.py) is gone.
"""

from pathlib import Path

import click

from .pages import parse, set_front_matter, split_target
from .reading import table
from .site import layout, program_of, snippet_files
from .translations import KEY, changes, content_hash, stale, translations


def unused():
    site = layout()
    shown = {split_target(t)[0] for page in site.pages() for t in parse(page).includes}
    found = []
    for path in snippet_files(site.root):
        program = program_of(path)
        if path.suffix != ".py" and not program.exists():
            found.append(f"{site.name(path)}: its program {site.name(program)} is gone")
        elif path.suffix in (".py", ".svg") and path not in shown:
            found.append(f"{site.name(path)}: no page includes it")
    return found


def _translations_of(names):
    """The translations the pages name: each one itself, or every translation of a source page."""
    site, found = layout(), []
    for name in names:
        path = Path(name).resolve()
        source = path.is_relative_to(site.docs / site.default)
        found += [site.counterpart(path, lang) for lang in site.languages[1:]] if source else [path]
        if not set(found) <= set(translations(site)):
            raise click.BadParameter(f"not a translated page under docs/: {name}")
    return found


@click.group()
def main():
    """The authors' commands."""


@main.command("unused")
def list_unused():
    print("\n".join(unused()) or "every snippet and figure is shown on a page")


@main.command()
def reading():
    print(table())


@main.group("translations", invoke_without_command=True)
@click.pass_context
def list_stale(context):
    if context.invoked_subcommand is None:
        found = stale()
        for item in found:
            print(f"{item}\n{changes(item)}")
        print(f"{len(found)} stale translation(s)" if found else "every translation is up to date")


@list_stale.command("mark")
@click.argument("pages", nargs=-1)
@click.option("--all", "every", is_flag=True, help="every translation")
def mark_pages(pages, every):
    """After review: record in each page (docs/<lang>/<page>.md, in either language) which source it translates."""
    if every == bool(pages):
        raise click.UsageError("name the pages to mark, or --all")
    site = layout()
    for page in translations(site) if every else _translations_of(pages):  # its source's current hash in its front matter
        source = site.counterpart(page, site.default)
        changed = set_front_matter(page, KEY, content_hash(source))
        print(f"{'marked ' if changed else 'current'} {site.name(page)}  ({KEY}: {content_hash(source)} = {site.name(source)})")


if __name__ == "__main__":
    main(prog_name="./dev")
