"""The site's interface strings in both languages (ui.toml)."""

import tomllib
from functools import lru_cache
from pathlib import Path

TEXTS = Path(__file__).with_name("ui.toml")


def texts():
    """{language: {key: text}}, read again when the file changes (an edit shows on the next reload)."""
    return _read(TEXTS.stat().st_mtime_ns)


@lru_cache(maxsize=1)
def _read(mtime_ns):
    return tomllib.loads(TEXTS.read_text(encoding="utf-8"))
