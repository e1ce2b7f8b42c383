"""The one-page recap (docs/<lang>/recap.md) is a handout: printed from Chromium, the built page is one
sheet of A4 in each language, without the site's chrome; other pages keep their notes in print (the
print rules of overrides/assets/stylesheets/pages.css apply to the recap alone)."""

import re

from tests.helpers import EACH_LANGUAGE, SITE, fail_if

PAGE = re.compile(rb"/Type\s*/Page\b")  # a page of the PDF (its page tree is /Type /Pages)
# What a sheet of paper does not need: Material's header, tabs, sidebars, footer and page buttons, the
# code blocks' buttons, and the site's notes (reading time, torch version, source, notebook).
CHROME = (".md-header", ".md-tabs", ".md-sidebar", ".md-footer", ".md-content__button", ".md-code__nav", ".page-note")


@EACH_LANGUAGE
def test_the_recap_prints_on_one_sheet_of_a4_without_the_sites_chrome(lang, open_tab, served_site):
    page = SITE.docs / lang / "recap.md"
    url = served_site + SITE.url_of(page)
    with open_tab(url) as tab:
        sheets = len(PAGE.findall(tab.pdf(format="A4")))  # the print stylesheet, as a reader's Print gets it
        tab.emulate_media(media="print")
        shown = [selector for selector in CHROME if tab.locator(f"{selector}:visible").count()]
        title = tab.locator("article h1.handout")
        titled = title.count() == 1 and title.is_visible()
    wrong = {
        f"no title of class handout ({SITE.name(page)}: # … {{ #recap .handout }})": not titled,
        f"prints on {sheets} sheets of A4, not one; shorten {SITE.name(page)} or tighten its print rules"
        " (overrides/assets/stylesheets/pages.css, 'The one-page recap')": sheets != 1,
        f"in print it still shows {shown} (overrides/assets/stylesheets/pages.css)": shown,
    }
    fail_if(f"{url}: {what}" for what, found in wrong.items() if found)


@EACH_LANGUAGE
def test_other_pages_keep_their_notes_in_print(lang, open_tab, served_site):
    """The recap's print rules are scoped to it: the home page prints its notes as before."""
    url = served_site + SITE.url_of(SITE.docs / lang / "index.md")
    with open_tab(url) as tab:
        tab.emulate_media(media="print")
        notes = tab.locator(".page-note--footer")
        assert notes.count() == 1 and notes.is_visible(), f"{url}: its page note is hidden in print, like the recap's"
