"""MkDocs hook: `page_links`, what overrides/partials/page-notes.html shows on every page. A page's
source is published with the site under _sources/ (no repository host is configured)."""

from __future__ import annotations

from pathlib import Path

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File

from docs_pipeline.macros import torch_version
from docs_pipeline.notebooks import notebook_url
from docs_pipeline.pages import parse
from docs_pipeline.site import layout
from docs_pipeline.ui import language


def _source_url(page: Path) -> str:
    return f"_sources/{layout().name(page)}.txt"


@event_priority(-110)  # after the i18n plugin (-100) has rebuilt this language's file list
def on_files(files, config):
    for page in layout().pages(language(config)):
        files.append(File.generated(config, _source_url(page), content=page.read_text(encoding="utf-8")))
    return files


def on_page_context(context, page, config, nav):
    site = layout()
    notebook_of = page.meta.get("notebook_of")  # set on notebook pages by hooks/notebooks.py
    source = page.file.notebook.page if notebook_of is not None else Path(page.file.abs_src_path)
    notebook = None
    if any(b.language == "python" for b in parse(source).blocks):  # pages that show code, and their notebook pages
        view = notebook_url(source, site)
        file_name = f"{Path(site.page_name(source)).name}.{site.language_of(source)}.ipynb"
        notebook = {"download": view + file_name, "view": None if notebook_of is not None else view, "file_name": file_name}
    original = None
    if site.language_of(source) != site.default:
        counterpart = site.counterpart(source, site.default)
        original = notebook_url(counterpart, site) if notebook_of is not None else site.url_of(counterpart) or "."
    context["page_links"] = {
        "torch_version": torch_version(),
        "source": {"path": site.name(source), "url": _source_url(source)},
        "notebook": notebook,  # on a notebook page, the page itself is the view
        "original": original,
    }
    return context
