"""Staleness by content: each English page records the hash of the Chinese page it translates (marking
it, and the listing's message: tests/test_housekeeping.py)."""

from docs_pipeline.translations import stale
from tests.helpers import fail_if


def test_every_translation_is_up_to_date():
    fail_if(map(str, stale()))
