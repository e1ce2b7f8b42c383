"""MkDocs hook for the published site: the one 404 page points at the two home pages.

The i18n plugin rewrites `config.extra.alternate` (Material's language switcher and its
`<link rel="alternate" hreflang>` tags) for each page it renders and never resets it for the
404 page, which then offers "the other language" of whatever page came last. GitHub Pages
serves that page for every missing path, so its alternates are the two home pages.
"""

from __future__ import annotations

from copy import deepcopy

from mkdocs.exceptions import PluginError


def on_pre_template(template, template_name, config):
    if template_name == "404.html":
        i18n = config.plugins.get("i18n")
        homes = getattr(i18n, "extra_alternate", None)
        if not homes:
            raise PluginError(
                "docs_pipeline/publishing.py: the i18n plugin no longer exposes its language "
                "switcher links (extra_alternate); the 404 page would link a random page"
            )
        config.extra.alternate = deepcopy(homes)
    return template
