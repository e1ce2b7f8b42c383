"""What the site engine's configuration says, read as MkDocs reads mkdocs.yml (`!ENV` resolved as in
a build): the layout's facts (languages from the mkdocs-static-i18n plugin, folder structure, the
default one first; the nav and its translations; docs_dir, site_url) and the Markdown extensions.
With docs_pipeline/plugin.py, the only module that imports the engine."""

from mkdocs.utils.yaml import yaml_load


def mkdocs_config(root):
    return yaml_load((root / "mkdocs.yml").read_text(encoding="utf-8"))


def _nav_pages(entries):
    """(page name, title) of each page in the nav, sections included."""
    for entry in entries:
        for title, target in entry.items():
            if isinstance(target, list):
                yield from _nav_pages(target)
            else:
                yield target.removesuffix(".md"), title


def layout_settings(root):
    """The fields of docs_pipeline.site.Layout, but its root."""
    config = mkdocs_config(root)
    i18n = next(p["i18n"] for p in config["plugins"] if isinstance(p, dict) and "i18n" in p)
    languages = sorted(i18n["languages"], key=lambda lang: not lang.get("default"))
    return {
        "docs": root / config.get("docs_dir", "docs"),
        "languages": tuple(lang["locale"] for lang in languages),
        "site_url": config["site_url"],
        "names": {lang["locale"]: lang["name"] for lang in languages},
        "nav": dict(_nav_pages(config["nav"])),
        "nav_groups": tuple(
            (title, tuple(name for name, _ in _nav_pages([entry]))) for entry in config["nav"] for title in entry
        ),
        "translations": {lang["locale"]: lang.get("nav_translations") or {} for lang in languages},
    }
