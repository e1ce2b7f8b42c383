"""MkDocs hook: a notebook page for every page that shows code, in its language.

docs_pipeline/notebooks.py makes each notebook from its page and docs_pipeline/notebook_runs.py
executes it; this hook writes them to .cache/notebooks/ (never committed) and adds them as pages
at <lang>/notebooks/<page>/, where mkdocs-jupyter renders them and publishes the executed .ipynb
beside the page (the download).

`mkdocs build` (and `./dev build`, `./dev test`) executes every page's code, once for both
languages: a cell that raises fails the build, naming the notebook, its page and the cell's
snippet. `mkdocs serve` (and `./dev serve`) shows the notebooks without running them, so a saved
snippet reloads in seconds: MkDocs tells hooks which command runs (on_startup).

Why after the i18n plugin: it rebuilds every language build's file list from plain files, which
would turn a notebook into an asset; these pages are added after it (priority below its -100),
one language per build. They stay out of the nav and the search index (they repeat their page),
are listed in sitemap.xml with their own description (they are pages of their own: the program,
executed, to download), and get the language switcher's links
to their other-language notebook here, since the i18n plugin does not know them.

mkdocs-jupyter caches the notebooks it converted to HTML and evicts what a build did not use; each
language build, and the serve preview, get their own cache folder so none evicts another's.
"""

from __future__ import annotations

import logging
import re

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, InclusionLevel

from docs_pipeline.notebook_runs import execute
from docs_pipeline.notebooks import NotebookError, PageNotebook, page_notebooks, write_if_changed
from docs_pipeline.site import layout

GENERATED = ".cache"  # under the project root, ignored by git
log = logging.getLogger("mkdocs.hooks.notebooks")
command = "build"  # set by on_startup: "build", "serve" or "gh-deploy"

# What mkdocs-jupyter's nbconvert template puts around the cells, removed from every notebook page:
# a 590 KB inline copy of JupyterLab's CSS (overrides/assets/stylesheets/pages.css styles the few
# classes the cells use), MathJax and Mermaid from public CDNs (the site loads nothing from another
# host; the notebooks hold no math and no diagrams), its own copy button with a hidden duplicate of
# each cell's source (Material's copy button serves), and ids that are not valid HTML ids.
STRIP = [
    re.compile(r"<style[^>]*>.*?</style>", re.S),
    re.compile(r"<script[^>]*>.*?</script>", re.S),
    re.compile(r"<!-- (?:Load mathjax|MathJax configuration|End of mathjax configuration|End of mermaid configuration) -->"),
    re.compile(r'<div class="zeroclipboard-container">\s*<clipboard-copy.*?</clipboard-copy>\s*</div>', re.S),
    re.compile(r'<div class="clipboard-copy-txt" id="cell-\d+">.*?</div>', re.S),
    re.compile(r' id="cell-id=[^"]*"'),
]
# Code cells as Material's code blocks: its highlighting colours (both palettes) and copy button.
CODE = re.compile(r'<div class="highlight-ipynb hl-python[^"]*"><pre>(?P<body>.*?)</pre></div>', re.S)
HEADING_TAG = re.compile(r'<h(?P<level>[1-6]) id="[^"]*">(?P<text>.*?)<a class="anchor-link" href="#[^"]*">', re.S)
EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//|import\(\s*["'](?:https?:)?//""", re.I)


NOTEBOOK_TITLE = {"zh": "{}（笔记本）", "en": "{} (notebook)"}
NOTEBOOK_DESCRIPTION = {
    "zh": "「{}」一页的全部代码，按页面顺序排成 Jupyter 笔记本：已经运行，带着输出，可以下载后自己运行。",
    "en": "All the code of the page “{}” as a Jupyter notebook, in page order: executed, with its outputs, ready to download and run.",
}


class NotebookPage(File):
    """A generated .ipynb that is a documentation page (rendered by mkdocs-jupyter)."""

    notebook: PageNotebook

    def is_documentation_page(self) -> bool:
        return True


def on_startup(command: str, dirty: bool) -> None:
    globals()["command"] = command


def on_config(config):
    jupyter = config.plugins.get("mkdocs-jupyter")
    if jupyter is None:
        raise PluginError("hooks/notebooks.py: mkdocs-jupyter is not configured in mkdocs.yml plugins")
    if jupyter.config["execute"]:
        raise PluginError("mkdocs-jupyter must not execute the notebooks (execute: false): this hook runs them, once per page")
    if command == "serve":
        log.info("mkdocs serve shows the notebooks without running them; mkdocs build executes them")
    return config


def _language(config) -> str:
    return config.theme["language"]  # the i18n plugin sets it for each language's build


def on_pre_build(config):
    kind = "preview" if command == "serve" else "executed"
    root = layout().root
    config.plugins["mkdocs-jupyter"].config["cache_dir"] = str(root / GENERATED / "mkdocs-jupyter" / kind / _language(config))


@event_priority(-110)  # after the i18n plugin (-100) has rebuilt this language's file list
def on_files(files, config):
    site = layout()
    notebooks = _notebooks(site)
    out = site.root / GENERATED / "notebooks"
    written = set()
    for nbs in notebooks.values():
        for nb in nbs:
            write_if_changed(out / nb.lang / nb.file_name, nb.text())
            written.add(out / nb.lang / nb.file_name)
    for stale in set(out.rglob("*.ipynb")) - written:
        stale.unlink()
    for nb in notebooks[_language(config)]:
        base = f"{site.prefix(nb.lang)}notebooks/{nb.name}"
        file = NotebookPage(
            f"notebooks/{nb.lang}/{nb.file_name}",
            str(site.root / GENERATED),
            config.site_dir,
            config.use_directory_urls,
            dest_uri=f"{base}/index.html" if config.use_directory_urls else f"{base}.html",
            inclusion=InclusionLevel.NOT_IN_NAV,
        )
        file.notebook = nb
        files.append(file)
    return files


_made: dict = {}  # the inputs' fingerprint -> the notebooks: each language's build makes them once


def _notebooks(site) -> dict[str, list[PageNotebook]]:
    inputs = [p for folder in (site.docs, site.root / "snippets") for p in folder.rglob("*") if p.is_file()]
    fingerprint = tuple(sorted((str(p), p.stat().st_mtime_ns) for p in inputs))
    if fingerprint not in _made:
        _made.clear()
        try:
            notebooks = page_notebooks(site)
            if command != "serve":
                execute(notebooks, site)
        except NotebookError as exc:
            raise PluginError(str(exc)) from exc
        _made[fingerprint] = notebooks
    return _made[fingerprint]


def on_page_markdown(markdown, page, config, files):
    if isinstance(page.file, NotebookPage):
        site, nb = layout(), page.file.notebook
        short = NOTEBOOK_TITLE[nb.lang].format(site.nav_title(nb.page) or nb.title)
        title = f"{short} - {config.site_name}"
        page.meta["html_title"] = title if len(title) <= 70 else short  # <title>: at most 70 characters
        page.meta["search"] = {"exclude": True}  # the notebook repeats its page: search finds the page
        page.meta["description"] = NOTEBOOK_DESCRIPTION[nb.lang].format(site.nav_title(nb.page) or nb.title)
        page.meta["notebook_of"] = site.url_of(nb.page)
    return markdown


def on_page_content(html, page, config, files):
    if not isinstance(page.file, NotebookPage):
        return html
    nb, where = page.file.notebook, f"notebook page {page.file.src_uri}"
    for pattern in STRIP:
        html = pattern.sub("", html)
    html, cells = CODE.subn(
        lambda m: (
            '<div class="highlight"><pre><span></span><code>'
            + m.group("body").removeprefix("<span></span>")
            + "</code></pre></div>"
        ),
        html,
    )
    if cells != len(nb.code_cells):
        raise PluginError(f"{where}: found {cells} code cells in the rendered HTML, expected {len(nb.code_cells)}")
    html = _heading_ids(html, page, where)
    if external := EXTERNAL.search(html):
        start = max(external.start() - 80, 0)
        raise PluginError(f"{where} loads something from another host: ...{html[start : external.end() + 80]}...")
    return html


def _heading_ids(html: str, page, where: str) -> str:
    """The page's own heading ids on the notebook's headings and in its table of contents.

    nbconvert leaves Chinese headings with an empty id; the page's explicit ids are the same in
    both languages, so the zh and en notebooks get the same anchors as their pages."""
    expected = page.file.notebook.heading_ids
    ids = iter(expected)
    found = 0

    def replace(m):
        nonlocal found
        found += 1
        ident = next(ids, None)
        if ident is None:
            return m.group(0)
        return f'<h{m.group("level")} id="{ident}">{m.group("text")}<a class="headerlink" href="#{ident}" title="Permanent link">'

    html = HEADING_TAG.sub(replace, html).replace("¶</a>", "&para;</a>")
    if found != len(expected):
        raise PluginError(f"{where}: {found} headings rendered, expected {len(expected)}")

    def toc_items(items):
        for item in items:
            yield item
            yield from toc_items(item.children)

    items = list(toc_items(page.toc))
    if len(items) != len(expected):
        raise PluginError(f"{where}: {len(items)} table-of-contents entries, expected {len(expected)}")
    for item, ident in zip(items, expected, strict=True):
        item.id = ident
    return html


def on_page_context(context, page, config, nav):
    """The language switcher on a notebook page leads to the same notebook in the other language."""
    if not isinstance(page.file, NotebookPage):
        return context
    site, nb = layout(), page.file.notebook
    config.extra.alternate = [  # an attribute, as the i18n plugin sets it (it shadows the item)
        {"name": site.names[lang], "lang": lang, "link": f"{site.prefix(lang)}notebooks/{nb.name}/"} for lang in site.languages
    ]
    return context


def on_template_context(context, template_name, config):
    """sitemap.xml lists the notebook pages too, each with its other-language notebooks."""
    if template_name == "sitemap.xml":
        site = layout()
        names = [nb.name for nb in _notebooks(site)[site.default]]
        context["notebook_pages"] = [
            {lang: f"{site.site_url}{site.prefix(lang)}notebooks/{name}/" for lang in site.languages} for name in names
        ]
    return context
