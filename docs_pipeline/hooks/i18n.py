"""MkDocs hook: what the i18n plugin leaves to the site, for two languages served as one site.

Search, per language. mkdocs-static-i18n merges both languages into one index at the site root.
After the last build this hook splits it: the default language stays at search/, every other one
goes to <lang>/search/ (locations relative to <lang>/), where those pages' Material config points
its search (overrides/partials/theme-config.html).

404 pages. GitHub Pages answers every missing path with the root 404.html: it is the default
language's (lang="zh"), speaks both languages, and links path-absolutely (overrides/404.html).
Each other language gets its own <lang>/404.html with its lang. Their language switchers lead to
the home pages (the i18n plugin would leave whatever page it rendered last).

The theme's templates read docs_pipeline/ui.toml as `ui`, and the default language as `default_language`.
"""

from __future__ import annotations

import json
from pathlib import Path

from mkdocs.plugins import event_priority

from docs_pipeline.site import layout
from docs_pipeline.ui import language, texts


def on_env(env, config, files):
    env.globals["ui"] = texts()
    env.globals["default_language"] = layout().default
    return env


def on_pre_template(template, template_name, config):
    if template_name == "404.html":
        site = layout()
        config.extra.alternate = [  # an attribute, as the i18n plugin sets it (it shadows the item)
            {"name": site.names[lang], "lang": lang, "link": site.base_path + site.prefix(lang)} for lang in site.languages
        ]
    return template


def on_post_template(output_content, template_name, config):
    site, lang = layout(), language(config)
    if template_name != "404.html" or lang == site.default:
        return output_content
    target = Path(config.site_dir) / site.prefix(lang) / "404.html"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(output_content, encoding="utf-8")
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
        path = Path(config.site_dir) / site.prefix(lang) / "search" / "search_index.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({**index, "docs": docs}, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
