"""MkDocs hooks for the published site: hreflang in sitemap.xml only; the 404 page's language links.

hreflang alternates live in sitemap.xml (overrides/sitemap.xml), not in the pages: Material's
script fetches `sitemap.xml` beside every `<link rel="alternate">` in a page, and for the
i18n plugin's per-page alternates those files do not exist (a 404 on every page view). The
language switcher keeps its per-page links.

The i18n plugin rewrites `config.extra.alternate` (Material's language switcher and its
`<link rel="alternate" hreflang>` tags) for each page it renders and never resets it for the
404 page, which then offers "the other language" of whatever page came last. GitHub Pages
serves that page for every missing path, so its alternates are the two home pages.
"""

from __future__ import annotations

import os
import re
from copy import deepcopy
from pathlib import Path

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


HREFLANG_LINK = re.compile(r'\s*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')


def on_post_page(output, page, config):
    head, sep, body = output.partition("</head>")
    return HREFLANG_LINK.sub("", head) + sep + body


def on_post_template(output_content, template_name, config):
    return on_post_page(output_content, None, config) if template_name == "404.html" else output_content


def site_url(mkdocs_yml: Path = Path(__file__).resolve().parent.parent / "mkdocs.yml") -> str:
    """site_url as a build here resolves it: SITE_URL from the environment, else mkdocs.yml's default."""
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    Loader.add_constructor("!ENV", lambda loader, node: loader.construct_sequence(node)[-1])
    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    Loader.add_multi_constructor("tag:yaml.org,2002:python/name:", lambda loader, suffix, node: None)
    config = yaml.load(mkdocs_yml.read_text(encoding="utf-8"), Loader=Loader)
    return os.environ.get("SITE_URL") or config["site_url"]
