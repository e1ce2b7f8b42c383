"""MkDocs hook: each page's notebook as a page, <lang>/notebooks/<page>/, rendered by mkdocs-jupyter
with its .ipynb beside it (the download). `mkdocs build` executes the notebooks; `mkdocs serve`
shows them unexecuted, so a saved snippet reloads in seconds. Out of the nav and search (they repeat
their page), in the sitemap and language switcher, which the i18n plugin does not fill for them.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from types import SimpleNamespace

import nbformat
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, InclusionLevel

from docs_pipeline.notebook_runs import execute
from docs_pipeline.notebooks import NotebookError, PageNotebook, notebook_url, page_notebooks
from docs_pipeline.site import layout
from docs_pipeline.ui import texts as ui_texts

log = logging.getLogger("mkdocs.hooks.notebooks")
NOT_IN_NAV = InclusionLevel.NOT_IN_NAV

# What mkdocs-jupyter's template (notebook.html.j2) writes whatever its options say. Around the notebook:
# 590 KB of JupyterLab CSS (pages.css styles the classes the cells use), its copy button's script, MathJax
# and Mermaid from CDNs. In it: its copy buttons, each with a hidden copy of the cell's source.
NOTEBOOK = re.compile(r'<div class="jupyter-wrapper">.*</div>(?= <!-- jupyter-wrapper -->)', re.S)
COPY_BUTTON = re.compile(
    r'<div class="zeroclipboard-container">.*?</clipboard-copy>\s*</div>|<div class="clipboard-copy-txt".*?</div>', re.S
)
# Code cells as Material's code blocks: its highlighting colours (both palettes) and copy button.
CODE = re.compile(r'<div class="highlight-ipynb hl-python[^"]*"><pre><span></span>(?P<code>.*?)</pre></div>', re.S)
CODE_BLOCK = r'<div class="highlight"><pre><span></span><code>\g<code></code></pre></div>'
# nbconvert's heading ids are ASCII slugs (empty for Chinese): the page's own ids, as in both languages.
HEADING = re.compile(r'<h(?P<level>[1-6]) id="[^"]*">(?P<text>.*?)<a class="anchor-link" href="#[^"]*">', re.S)
PAGE_HEADING = '<h{level} id="{id}">{text}<a class="headerlink" href="#{id}" title="Permanent link">'


class NotebookPage(File):
    """A generated .ipynb as a documentation page. It is added after the i18n plugin (-100) rebuilt the
    file list, too late for mkdocs-jupyter's own wrapper (at 0), and an .ipynb is otherwise an asset."""

    notebook: PageNotebook

    def is_documentation_page(self) -> bool:
        return True


# The hook's state for one mkdocs command: whether it executes, and the notebooks of a build.
STATE = SimpleNamespace(execute=True, notebooks={})


def on_startup(command: str, dirty: bool) -> None:
    STATE.execute = command != "serve"
    if not STATE.execute:
        log.info("mkdocs serve shows the notebooks without running them; mkdocs build executes them")


def on_pre_build(config):
    # mkdocs-jupyter evicts the renders a build did not use: each language, and the preview, keep their own.
    kind = "executed" if STATE.execute else "preview"
    cache = layout().root / ".cache" / "mkdocs-jupyter" / kind / config.theme["language"]
    config.plugins["mkdocs-jupyter"].config["cache_dir"] = str(cache)


@event_priority(-110)  # after the i18n plugin (-100) has rebuilt this language's file list
def on_files(files, config):
    site, lang = layout(), config.theme["language"]  # the i18n plugin sets it for each language's build
    if lang == site.default:  # the first language's build makes (and runs) every language's notebooks
        try:
            STATE.notebooks = page_notebooks(site)
            if STATE.execute:
                execute([nb for nbs in STATE.notebooks.values() for nb in nbs], site)
        except NotebookError as exc:
            raise PluginError(str(exc)) from exc
    for nb in STATE.notebooks[lang]:
        src, dest = f"notebooks/{lang}/{nb.file_name}", f"{notebook_url(nb.page, site)}index.html"
        file = NotebookPage(src, str(site.root / ".cache"), config.site_dir, True, dest_uri=dest, inclusion=NOT_IN_NAV)
        file.notebook = nb
        Path(file.abs_src_path).parent.mkdir(parents=True, exist_ok=True)
        Path(file.abs_src_path).write_text(nbformat.writes(nb.notebook), encoding="utf-8")
        files.append(file)
    return files


def on_page_content(html, page, config, files):
    if not isinstance(page.file, NotebookPage):
        return html
    site, nb = layout(), page.file.notebook
    texts, name = ui_texts()[nb.lang]["notebook"], site.nav_title(nb.page)
    short = texts["title"].format(name)
    title = f"{short} - {config.site_name}"
    page.meta["html_title"] = title if len(title) <= 70 else short  # overrides/main.html: <title>
    page.meta["description"] = texts["description"].format(name)
    page.meta["search"] = {"exclude": True}
    page.meta["notebook_of"] = site.url_of(nb.page)
    html = COPY_BUTTON.sub("", NOTEBOOK.search(html).group(0))
    ids = iter(nb.heading_ids)
    html = HEADING.sub(lambda m: PAGE_HEADING.format(id=next(ids), **m.groupdict()), CODE.sub(CODE_BLOCK, html))
    for item, ident in zip(_toc(page.toc), nb.heading_ids, strict=True):
        item.id = ident
    return html


def on_page_context(context, page, config, nav):
    """The language switcher on a notebook page leads to the same notebook in the other language."""
    if isinstance(page.file, NotebookPage):
        site, source = layout(), page.file.notebook.page
        config.extra.alternate = [  # an attribute, as the i18n plugin sets it (it shadows the item)
            {"name": site.names[lang], "lang": lang, "link": notebook_url(site.counterpart(source, lang), site)}
            for lang in site.languages
        ]
    return context


def on_template_context(context, template_name, config):
    """sitemap.xml lists the notebook pages too, each with its other-language notebooks."""
    if template_name == "sitemap.xml":
        site = layout()
        context["notebook_pages"] = [
            {lang: site.site_url + notebook_url(site.counterpart(nb.page, lang), site) for lang in site.languages}
            for nb in STATE.notebooks[site.default]
        ]
    return context


def _toc(items):
    for item in items:
        yield item
        yield from _toc(item.children)
