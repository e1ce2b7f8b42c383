"""A learner walks the core path as the site leads: from the home page, by each page's "next" link in
the footer, through the nav's first section in order and out into the next one, in both languages.
That each page shows its reading time: tests/test_reading.py."""

import pytest

from docs_pipeline.site import layout

SITE = layout()


@pytest.mark.parametrize("lang", SITE.languages)
def test_the_next_links_walk_the_core_path(lang, open_tab, served_site):
    (_, core), (_, deeper) = SITE.nav_sections(lang)[:2]
    expected = [served_site + SITE.url_of(SITE.docs / lang / f"{name}.md") for name in [*core, deeper[0]]]
    walked = [expected[0]]
    with open_tab(expected[0]) as tab:
        for _ in expected[1:]:
            link = tab.locator("a.md-footer__link--next")
            if link.count() != 1:
                break
            with tab.expect_navigation():  # to the next page's load
                link.click()
            walked.append(tab.url)
    assert walked == expected, f"the {lang} next links walk {walked}, the core path is {expected}"
