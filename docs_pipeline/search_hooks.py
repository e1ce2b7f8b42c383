"""One search index per language, so a reader searches only pages in their own language.

mkdocs-static-i18n merges both languages into one index at the site root. After the last
build this hook splits it: Chinese stays at search/, English goes to en/search/ (locations
relative to en/), and English pages point Material's search at en/ (their `__config.base`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from mkdocs.plugins import event_priority

CONFIG_BASE = re.compile(r'(<script id="__config" type="application/json">\{[^<]*?"base": ")([^"]*)(")')


def on_post_page(output, page, config):
    if config.theme.get("language") != "en":
        return output
    patched, count = CONFIG_BASE.subn(lambda m: f"{m.group(1)}{m.group(2)}/en/{m.group(3)}", output, count=1)
    if count != 1:
        raise RuntimeError(f"search_hooks: no __config base in {page.file.src_uri}; Material's template changed")
    return patched


@event_priority(-200)  # after the i18n plugin has written the merged index
def on_post_build(config):
    if config.plugins["i18n"].building:  # a nested per-language build; the merged index comes later
        return
    index_file = Path(config.site_dir) / "search" / "search_index.json"
    index = json.loads(index_file.read_text(encoding="utf-8"))
    english = [d for d in index["docs"] if d["location"].startswith("en/")]
    chinese = [d for d in index["docs"] if not d["location"].startswith("en/")]
    if not english or not chinese:
        raise RuntimeError(f"search_hooks: expected both languages in {index_file}, found {len(chinese)} zh and {len(english)} en entries")
    for doc in english:
        doc["location"] = doc["location"][len("en/"):]
    _write(index_file, {**index, "docs": chinese})
    _write(Path(config.site_dir) / "en" / "search" / "search_index.json", {**index, "docs": english})


def _write(path: Path, index: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
