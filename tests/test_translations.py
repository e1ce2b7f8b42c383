"""Staleness by content: each English page records the hash of the Chinese page it translates."""

from dataclasses import replace

import pytest

from docs_pipeline.site import layout
from docs_pipeline.translations import KEY, content_hash, mark, recorded_hash, stale, translations
from tests.helpers import fail_if

SITE = layout()


@pytest.mark.parametrize("translation", translations(SITE), ids=SITE.name)
def test_translation_is_up_to_date(translation):
    fail_if([str(s) for s in stale() if s.translation == translation])


def test_mark_adds_its_entry_to_the_front_matter_and_changes_nothing_else(tmp_path):
    """Staleness, its message and marking from the command line: tests/test_housekeeping.py."""
    docs, zh, en = replace(SITE, docs=tmp_path), tmp_path / "zh" / "page.md", tmp_path / "en" / "page.md"
    for page, text in ((zh, "# 页面 { #page }\n"), (en, "---\ntitle: Page\n---\n# Page { #page }\n")):
        page.parent.mkdir()
        page.write_text(text, encoding="utf-8")
    assert [(s.translation, s.recorded) for s in stale(docs)] == [(en, None)]
    assert mark(en, docs) is True
    assert en.read_text(encoding="utf-8") == f"---\ntitle: Page\n{KEY}: {content_hash(zh)}\n---\n# Page {{ #page }}\n"
    assert recorded_hash(en) == content_hash(zh) and stale(docs) == []
    assert mark(en, docs) is False, "marking an up-to-date page must not touch it"
