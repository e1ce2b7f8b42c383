"""MkDocs hook: what overrides/partials/page-notes.html shows on every page, as `page_links`.

- the torch version every output was verified with;
- the page's source file, published with the site under _sources/ (no repository host is configured);
- its notebook (pages that show code, and the notebook pages themselves): download and view;
- on a translation, the original (default-language) page.
"""

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
    site = layout()
    for page in site.pages(language(config)):
        files.append(File.generated(config, _source_url(page), content=page.read_text(encoding="utf-8")))
    return files


def _notebook(site, page: Path) -> dict | None:
    if not any(b.language == "python" for b in parse(page).blocks):
        return None
    lang, name = site.language_of(page), site.page_name(page)
    view = notebook_url(page, site)
    return {"download": f"{view}{Path(name).name}.{lang}.ipynb", "view": view, "file_name": f"{Path(name).name}.{lang}.ipynb"}


def on_page_context(context, page, config, nav):
    site = layout()
    notebook_of = page.meta.get("notebook_of")  # set on notebook pages by hooks/notebooks.py
    if notebook_of is not None:
        source = page.file.notebook.page
        notebook = {**_notebook(site, source), "view": None}  # the page itself is the view
    else:
        source = Path(page.file.abs_src_path)
        notebook = _notebook(site, source)
    lang = site.language_of(source)
    original = None
    if lang != site.default:
        counterpart = site.counterpart(source, site.default)
        original = notebook_url(counterpart, site) if notebook_of is not None else site.url_of(counterpart) or "."
    context["page_links"] = {
        "torch_version": torch_version(),
        "source": {"path": site.name(source), "url": _source_url(source)},
        "notebook": notebook,
        "original": original,
    }
    return context
