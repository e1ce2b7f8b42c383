"""Search, as a reader types it: every page of the reader's language whose title or text contains
the query (read from the built search index, so the test follows the pages as they are written)
is among the results, and no result is a page of the other language.
"""

import json
import re

import pytest

from tests.browser.chromium import SEARCH_READY
from tests.helpers import SITE, read

QUERIES = {
    "zh": ["计算图", "反向传播", "梯度", "叶子张量"],
    "en": ["computational graph", "backward", "gradient", "leaf tensor"],
}


def _expected(site, lang, query):
    """Locations (page URLs relative to the site root) of `lang` pages containing `query`
    (case-insensitively), read from that language's own search index (docs_pipeline/plugin.py)."""
    index = json.loads(read(site / SITE.prefix(lang) / "search/search_index.json"))

    def contains(text):
        if lang == "zh":  # Material's index separates Chinese words with zero-width spaces (jieba)
            return query.lower() in text.replace("\u200b", "")
        # words as lunr cuts them: "out.backward()" is one token, "backward" is not in it
        return set(query.lower().split()) <= {re.sub(r"^\W+|\W+$", "", t) for t in re.split(index["config"]["separator"], text)}

    return {
        SITE.prefix(lang) + d["location"].split("#")[0] for d in index["docs"] if contains(f"{d['title']} {d['text']}".lower())
    }


# The search ran: the query is in the box and the result line no longer says "type to start searching".
_SEARCHED = """q => {
    const placeholder = JSON.parse(document.getElementById('__config').textContent).translations['search.result.placeholder'];
    const meta = document.querySelector('.md-search-result__meta').textContent.trim();
    return document.querySelector('input.md-search__input').value === q && meta !== '' && meta !== placeholder;
}"""


RESULT_ITEM = ".md-search-result__item"
_MORE = f"count => document.querySelectorAll('{RESULT_ITEM}').length > count"
# to the top, two frames for the scroll to register, then to the bottom: Material loads more only on arriving there
_TO_THE_BOTTOM_AGAIN = (
    "async e => { e.scrollTo(0, 0); await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));"
    " e.scrollTo(0, e.scrollHeight); }"
)


@pytest.fixture(scope="module")
def search_results(open_tab):
    """{(lang, query): (result locations, result count line)}."""
    results = {}
    with open_tab() as tab:
        box = tab.locator("input.md-search__input")
        for lang, queries in QUERIES.items():
            tab.goto(SITE.prefix(lang))
            tab.wait_for_function(SEARCH_READY)
            for query in queries:
                box.click()
                box.fill(query)
                box.press("End")  # Material searches on key events; fill() alone leaves CJK text unsearched
                tab.wait_for_function(_SEARCHED, arg=query)
                # Material renders the first 10 results, then 4 more each time the list arrives at its
                # bottom: scroll away and back until every result the count line announces (one item
                # per page) is there, each batch awaited, not slept on
                meta = tab.locator(".md-search-result__meta").inner_text()
                announced = int((re.findall(r"\d+", meta) or [0])[0])
                while (count := tab.locator(RESULT_ITEM).count()) < announced:
                    tab.locator(".md-search__scrollwrap").evaluate(_TO_THE_BOTTOM_AGAIN)
                    tab.wait_for_function(_MORE, arg=count)
                links = tab.locator(f"{RESULT_ITEM} > a.md-search-result__link").evaluate_all(
                    "links => links.map(a => a.pathname)"
                )
                # relative to the site root; a page's sections are listed under it: once each
                results[lang, query] = (list(dict.fromkeys(path.removeprefix(SITE.base_path) for path in links)), meta)
                box.fill("")
                tab.keyboard.press("Escape")
    return results


@pytest.mark.parametrize("lang,query", [(lang, q) for lang, qs in QUERIES.items() for q in qs])
def test_search_finds_the_right_pages_in_the_readers_language(lang, query, search_results, built_site):
    expected, (found, meta) = _expected(built_site, lang, query), search_results[lang, query]
    assert expected, f"no {lang} page contains {query!r}: pick another query"
    other = sorted(f for f in found if f.startswith("en/") != (lang == "en"))
    missing = sorted(expected.difference(found))
    assert not other and not missing, (
        f"searching {query!r} from the {lang} site ({meta}, found {found}) finds pages of the other language {other}"
        f" and misses {lang} pages that contain it: {missing}"
    )
