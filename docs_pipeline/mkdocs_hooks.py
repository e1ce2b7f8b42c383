"""MkDocs hooks: the torch version the outputs were verified with, and loud checks."""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

from mkdocs.exceptions import PluginError

LANGUAGES = ("zh", "en")


def on_config(config):
    # The installed torch, the same one the test suite verifies every output with.
    config.extra["torch_version"] = importlib.metadata.version("torch")
    _check_both_languages(Path(config.docs_dir))
    return config


def _check_both_languages(docs: Path) -> None:
    pages = {lang: {p.relative_to(docs / lang).as_posix() for p in (docs / lang).rglob("*.md")} for lang in LANGUAGES}
    problems = [
        f"docs/{lang}/{page} has no counterpart docs/{other}/{page}"
        for lang, other in (LANGUAGES, LANGUAGES[::-1])
        for page in sorted(pages[lang] - pages[other])
    ]
    if problems:
        raise PluginError("Every page exists in both languages:\n  " + "\n  ".join(problems))
