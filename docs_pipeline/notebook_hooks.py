"""MkDocs hooks: a notebook per page with examples, and what the theme templates show on every page.

Notebooks. For each page that shows Python code, docs_pipeline/notebooks.py builds a notebook in
the page's language from the page's own snippets. The build writes them to .cache/notebooks/
(build-time, never committed) and adds them as pages at <lang>/notebooks/<page>/, where
mkdocs-jupyter executes and renders them (execute: true, allow_errors: false in mkdocs.yml) and
publishes the .ipynb next to the rendered page (include_source: true): the download.

Why a hook, and why after the i18n plugin: mkdocs-static-i18n rebuilds the file list of every
language build from plain File objects. A notebook inside docs/ loses its page type there (it
becomes an asset: the raw source lands in index.html, and the en build overwrites the zh page
without a warning). These notebooks live outside docs/, where the i18n plugin drops documentation
pages altogether, so this hook adds them after it (priority below its -100), one language per
build, as documentation pages carrying the i18n attributes (locale, alternates) that the language
switcher reads. They stay out of the nav (NOT_IN_NAV: no omitted-files warning) and out of the
search index (they repeat their page).

Cache. mkdocs-jupyter caches executed notebooks and evicts, after each build, the entries that
build did not use. The i18n plugin runs one build per language, so with one cache folder each
language's build would evict the other's and nothing would ever hit. Each language gets its own
cache folder (.cache/mkdocs-jupyter/<lang>/).

Templates (overrides/main.html) get `page_links`: the page's source file (published with the site
under _sources/, as no repository host is configured), its notebook, and for a translation the
Chinese original.
"""

from __future__ import annotations

import logging
import os
import re
from pathlib import Path, PurePosixPath

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, InclusionLevel

from docs_pipeline.notebooks import PageNotebook, page_notebooks, snippet_expander, write_if_changed

GENERATED = PurePosixPath(".cache")  # under the project root, ignored by git
ORIGINAL_LANGUAGE = "zh"  # the article's language: translations link to it
PREVIEW = "DOCS_PREVIEW"  # set by `./dev serve`
log = logging.getLogger("mkdocs.hooks.notebooks")

# What mkdocs-jupyter's nbconvert template puts around the cells, removed from every notebook page:
# a 590 KB inline copy of JupyterLab's CSS (repeated in every page; overrides/assets/stylesheets/
# pages.css styles the few classes the cells use), MathJax and Mermaid loaded from public CDNs
# (the site loads nothing from another host; the notebooks hold no math and no diagrams), and its
# own copy button with a hidden duplicate of each cell's source (Material's copy button serves).
STRIP = [
    re.compile(r"<style[^>]*>.*?</style>", re.S),
    re.compile(r"<script[^>]*>.*?</script>", re.S),
    re.compile(r"<!-- (?:Load mathjax|MathJax configuration|End of mathjax configuration|End of mermaid configuration) -->"),
    re.compile(r'<div class="zeroclipboard-container">\s*<clipboard-copy.*?</clipboard-copy>\s*</div>', re.S),
    re.compile(r'<div class="clipboard-copy-txt" id="cell-\d+">.*?</div>', re.S),
]
# Code cells as Material's code blocks: its highlighting colours (both palettes) and copy button.
CODE = re.compile(r'<div class="highlight-ipynb hl-python[^"]*"><pre>(?P<body>.*?)</pre></div>', re.S)
HEADING_TAG = re.compile(r'<h(?P<level>[1-6]) id="[^"]*">(?P<text>.*?)<a class="anchor-link" href="#[^"]*">', re.S)
EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//|import\(\s*["'](?:https?:)?//""", re.I)


class NotebookPage(File):
    """A generated .ipynb that is a documentation page (rendered by mkdocs-jupyter)."""

    notebook: PageNotebook

    def is_documentation_page(self) -> bool:
        return True


_state: dict = {}  # per language build: what the templates need, keyed by page src_uri


def _root(config) -> Path:
    return Path(config.config_file_path).resolve().parent


def _i18n(config):
    plugin = config.plugins.get("i18n")
    if plugin is None:
        raise PluginError("notebook_hooks: the i18n plugin is not configured")
    return plugin


def on_config(config):
    jupyter = config.plugins.get("mkdocs-jupyter")
    if jupyter is None:
        raise PluginError("notebook_hooks: mkdocs-jupyter is not configured in mkdocs.yml plugins")
    if os.environ.get(PREVIEW):
        # `./dev serve`: a saved snippet reloads in seconds instead of waiting for two kernels
        # (zh and en) to re-run its notebooks. Every build and test run still executes them.
        jupyter.config["execute"] = False
        log.info("notebooks are shown without outputs in this preview (%s); ./dev build executes them", PREVIEW)
        return config
    if not jupyter.config["execute"] or jupyter.config["allow_errors"]:
        raise PluginError(
            "mkdocs-jupyter must run with execute: true and allow_errors: false, so that a cell "
            "that raises fails the build instead of publishing a traceback"
        )
    return config


def on_pre_build(config):
    lang = _i18n(config).current_language
    jupyter = config.plugins["mkdocs-jupyter"]
    # A preview keeps its own cache: mkdocs-jupyter evicts what a build did not use, and the
    # executed notebooks must still be there for the next real build.
    kind = "preview" if os.environ.get(PREVIEW) else "executed"
    jupyter.config["cache_dir"] = str(_root(config) / GENERATED / "mkdocs-jupyter" / kind / lang)


def _prefix(lang: str, default: str) -> str:
    return "" if lang == default else f"{lang}/"


def _notebook_dest(nb: PageNotebook, default: str, use_directory_urls: bool) -> str:
    base = f"{_prefix(nb.lang, default)}notebooks/{nb.name}"
    return f"{base}/index.html" if use_directory_urls else f"{base}.html"


@event_priority(-110)  # after the i18n plugin (-100) has rebuilt this language's file list
def on_files(files, config):
    i18n = _i18n(config)
    lang, default, languages = i18n.current_language, i18n.default_language, list(i18n.all_languages)
    root = _root(config)
    docs = Path(config.docs_dir)
    expand = snippet_expander(dict(config.mdx_configs.get("pymdownx.snippets", {})))
    try:
        notebooks = page_notebooks(docs, languages, expand, config.extra["torch_version"])
    except Exception as exc:
        raise PluginError(f"notebooks: {exc}") from exc

    out = root / GENERATED / "notebooks"
    written = set()
    for nbs in notebooks.values():
        for nb in nbs:
            path = out / nb.lang / nb.file_name
            write_if_changed(path, nb.text())
            written.add(path)
    for stale in out.rglob("*.ipynb"):
        if stale not in written:
            stale.unlink()

    # One NotebookPage per language; this build adds its own language's, the others are alternates.
    pages = {}
    for code, nbs in notebooks.items():
        for nb in nbs:
            file = NotebookPage(
                f"notebooks/{nb.lang}/{nb.file_name}",
                str(root / GENERATED),
                config.site_dir,
                config.use_directory_urls,
                dest_uri=_notebook_dest(nb, default, config.use_directory_urls),
                inclusion=InclusionLevel.NOT_IN_NAV,
            )
            file.notebook = nb
            file.generated_by = "docs_pipeline/notebook_hooks.py"
            file.locale = file.localization = code
            file.locale_alternate_of = lang
            file.norm_src_uri = f"notebooks/{nb.name}.ipynb"
            pages[(code, nb.name)] = file
    for (code, name), file in pages.items():
        file.alternates = {c: f for (c, n), f in pages.items() if n == name}

    links: dict[str, dict] = {}
    for nb in notebooks.get(lang, []):
        file = pages[(lang, nb.name)]
        files.append(file)
        ipynb = PurePosixPath(file.dest_uri).parent.joinpath(nb.file_name).as_posix()
        notebook = {"download": ipynb, "view": file.url, "file_name": nb.file_name}
        links[f"{lang}/{nb.name}.md"] = {"notebook": notebook}
        links[file.src_uri] = {"notebook": {**notebook, "view": None}, "page": f"{lang}/{nb.name}.md"}

    # The pages' sources, published with the site: the link in every page's footer note.
    for page in sorted((docs / lang).rglob("*.md")):
        rel = page.relative_to(docs).as_posix()
        repo_path = f"{Path(config.docs_dir).name}/{rel}"
        published = f"_sources/{repo_path}.txt"
        files.append(File.generated(config, published, content=page.read_text(encoding="utf-8")))
        links.setdefault(rel, {})["source"] = {"path": repo_path, "url": published}
    for entry in links.values():
        if "page" in entry:
            entry["source"] = links[entry["page"]]["source"]
    _state.clear()
    _state.update(links)
    return files


@event_priority(-10)  # after mkdocs-jupyter (0) has replaced the notebook page's render
def on_pre_page(page, config, files):
    if isinstance(page.file, NotebookPage):
        render, nb = page.render, page.file.notebook

        def render_naming_the_page(config, files):
            try:
                render(config, files)
            except Exception as exc:
                message = re.sub(r"\x1b\[[0-9;]*m", "", str(exc))  # the traceback's terminal colours
                code = [c for c in nb.notebook.cells if c.cell_type == "code"]
                failed = [(n, c) for n, c in enumerate(code, 1) if c.source.strip() and c.source.strip() in message]
                which = (
                    f"code cell {failed[0][0]} ({', '.join(failed[0][1].metadata['snippets'])})" if failed else "a code cell"
                )
                raise PluginError(
                    f"notebook {page.file.src_uri} (made from {nb.where}): {which} raised while executing; "
                    f"the page's snippets must also run top to bottom as one program.\n{message}"
                ) from exc

        page.render = render_naming_the_page
    return page


def on_page_content(html, page, config, files):
    if not isinstance(page.file, NotebookPage):
        return html
    where = f"notebook page {page.file.src_uri}"
    page.meta["search"] = {"exclude": True}  # the notebook repeats its page: search finds the page
    for pattern in STRIP:
        html = pattern.sub("", html)
    html, cells = CODE.subn(
        lambda m: f'<div class="highlight"><pre>{m.group("body").removeprefix("<span></span>")}</pre></div>'.replace(
            "<pre>", "<pre><span></span><code>", 1
        ).replace("</pre>", "</code></pre>", 1),
        html,
    )
    if cells != len(page.file.notebook.code_cells):
        raise PluginError(f"{where}: found {cells} code cells in the rendered HTML, expected {len(page.file.notebook.code_cells)}")
    html = _heading_ids(html, page, where)
    external = EXTERNAL.search(html)
    if external:
        start = max(external.start() - 80, 0)
        raise PluginError(f"{where} loads something from another host: ...{html[start:external.end() + 80]}...")
    return html


def _heading_ids(html: str, page, where: str) -> str:
    """The page's own heading ids on the notebook's headings and in its table of contents.

    nbconvert leaves Chinese headings with an empty id; the page's explicit ids are the same in
    both languages, so the zh and en notebooks get the same anchors as their pages."""
    ids = iter(page.file.notebook.heading_ids)
    found = 0

    def replace(m):
        nonlocal found
        found += 1
        ident = next(ids, None)
        if ident is None:
            return m.group(0)
        return f'<h{m.group("level")} id="{ident}">{m.group("text")}<a class="headerlink" href="#{ident}" title="Permanent link">'

    html = HEADING_TAG.sub(replace, html).replace('¶</a>', '&para;</a>')
    expected = page.file.notebook.heading_ids
    if found != len(expected):
        raise PluginError(f"{where}: {found} headings rendered, expected {len(expected)}")

    def toc_items(items):
        for item in items:
            yield item
            yield from toc_items(item.children)

    items = list(toc_items(page.toc))
    if len(items) != len(expected):
        raise PluginError(f"{where}: {len(items)} table-of-contents entries, expected {len(expected)}")
    for item, ident in zip(items, expected):
        item.id = ident
    return html


def on_page_context(context, page, config, nav):
    i18n = _i18n(config)
    entry = _state.get(page.file.src_uri)
    if entry is None:
        raise PluginError(f"notebook_hooks: no page links for {page.file.src_uri}")
    links = {"source": entry["source"], "notebook": entry.get("notebook"), "original": None}
    lang = i18n.current_language
    if lang != ORIGINAL_LANGUAGE:
        alternates = getattr(page.file, "alternates", {})
        original = alternates.get(ORIGINAL_LANGUAGE)
        if original is None:
            raise PluginError(f"{page.file.src_uri} has no {ORIGINAL_LANGUAGE} original to link to")
        links["original"] = original.url
    context["page_links"] = links
    return context
