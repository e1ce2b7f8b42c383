"""MkDocs hook: what the i18n plugin leaves to the site, for two languages served as one site.

Search, per language. mkdocs-static-i18n merges both languages into one index at the site root.
After the last build this hook splits it: the default language stays at search/, every other one
goes to <lang>/search/ (locations relative to <lang>/), and those pages point Material's search
there (their `__config.base`).

hreflang, in sitemap.xml only (overrides/sitemap.xml). Material's script fetches `sitemap.xml`
beside every `<link rel="alternate">` in a page; for per-page alternates none exists there (a 404
on every page view). The pages drop those links; the language switcher keeps its own.

404 pages. GitHub Pages answers every missing path with the root 404.html: it is the default
language's (lang="zh"), speaks both languages, and links path-absolutely (overrides/404.html).
Each other language gets its own <lang>/404.html with its lang. Their language switchers lead to
the home pages (the i18n plugin would leave whatever page it rendered last).

Interface strings: the theme's templates read docs_pipeline/ui.toml as `ui`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from docs_pipeline.site import layout
from docs_pipeline.ui import language, texts

CONFIG_BASE = re.compile(r'(<script id="__config" type="application/json">\{[^<]*?"base": ")([^"]*)(")')
HREFLANG_LINK = re.compile(r'\s*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')


def _without_hreflang(html: str) -> str:
    head, sep, body = html.partition("</head>")
    return HREFLANG_LINK.sub("", head) + sep + body


def on_env(env, config, files):
    env.globals["ui"] = texts()
    return env


def on_post_page(output, page, config):
    lang = language(config)
    if lang != layout().default:
        output, count = CONFIG_BASE.subn(lambda m: f"{m.group(1)}{m.group(2)}/{lang}/{m.group(3)}", output, count=1)
        if count != 1:
            raise PluginError(f"hooks/i18n.py: no __config base in {page.file.src_uri}; Material's template changed")
    return _without_hreflang(output)


def on_pre_template(template, template_name, config):
    if template_name == "404.html":
        site = layout()
        base = urlsplit(site.site_url).path
        config.extra.alternate = [  # an attribute, as the i18n plugin sets it (it shadows the item)
            {"name": site.names[lang], "lang": lang, "link": base + site.prefix(lang)} for lang in site.languages
        ]
    return template


def on_post_template(output_content, template_name, config):
    if template_name != "404.html":
        return output_content
    site, lang = layout(), language(config)
    page = _without_hreflang(output_content)
    if lang == site.default:
        return page
    target = Path(config.site_dir) / site.prefix(lang) / "404.html"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(page, encoding="utf-8")
    # The i18n plugin builds the default language first: the root keeps the page that build wrote.
    return (Path(config.site_dir) / "404.html").read_text(encoding="utf-8")


@event_priority(-200)  # after the i18n plugin has written the merged index
def on_post_build(config):
    site = layout()
    index_file = Path(config.site_dir) / "search" / "search_index.json"
    index = json.loads(index_file.read_text(encoding="utf-8"))
    per_language = {lang: [] for lang in site.languages}
    for doc in index["docs"]:
        lang = next((code for code in site.languages[1:] if doc["location"].startswith(site.prefix(code))), site.default)
        per_language[lang].append({**doc, "location": doc["location"].removeprefix(site.prefix(lang))})
    if not all(per_language.values()):  # a nested build of one language: the merged index comes last
        return
    for lang, docs in per_language.items():
        _write(Path(config.site_dir) / site.prefix(lang) / "search" / "search_index.json", {**index, "docs": docs})


def _write(path: Path, index: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
