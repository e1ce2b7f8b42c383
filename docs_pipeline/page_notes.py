"""What overrides/partials/page-notes.html shows at the top and bottom of a page or its notebook page:
the reading time (not on the rules pages: a reference, looked up a rule at a time, whose minutes would
only scare a reader off), torch's version, the page's source (published under _sources/), its notebook
and exercise version, and, off the default language, the original page."""

from .macros import torch_version
from .notebooks import exercise_file_name, notebook_file_name, notebook_url
from .pages import parse
from .reading import shown
from .site import layout


def page_notes(source, minutes):
    """For a page, or for its notebook page (which is itself the view: no minutes)."""
    site, on_notebook = layout(), minutes is None
    view, file_name = notebook_url(source, site), notebook_file_name(source, site)
    notebook = {
        "download": f"{view}{file_name}",
        "exercises": f"{view}{exercise_file_name(source, site)}",
        "view": None if on_notebook else view,
        "file_name": file_name,
    }
    original = site.counterpart(source, site.default)
    original_url = notebook_url(original, site) if on_notebook else site.url_of(original) or "."
    return {
        "reading_minutes": None if on_notebook or not shown(site, source) else str(minutes),
        "torch_version": torch_version(),
        "source": {"path": site.name(source), "url": source_url(source)},
        "notebook": notebook if parse(source).code else None,
        "original": None if site.language_of(source) == site.default else original_url,
    }


def source_url(page):
    """Where a page's Markdown source is published, relative to the site root."""
    return f"_sources/{layout().name(page)}.txt"
