"""Staleness by content: each English page records the hash of the Chinese page it translates (marking
it, and the listing's message: tests/test_housekeeping.py)."""

import pytest

from docs_pipeline.site import layout
from docs_pipeline.translations import stale, translations
from tests.helpers import fail_if

SITE = layout()


@pytest.mark.parametrize("translation", translations(SITE), ids=SITE.name)
def test_translation_is_up_to_date(translation):
    fail_if([str(s) for s in stale() if s.translation == translation])
