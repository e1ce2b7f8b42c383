"""The reader's budget: the core path (the nav's first section) reads in an hour, each of its pages in
10 minutes, each page going deeper (the second section) in 25 minutes, at the rates
docs_pipeline/reading.py states; and those rates are what it counts. The next links walk the core path."""

import re
from dataclasses import replace
from urllib.parse import urljoin

from docs_pipeline.reading import Reading, reading, shown
from docs_pipeline.ui import texts
from tests.helpers import EACH_LANGUAGE, SITE, fails_listing, read, write

CORE_MINUTES, CORE_PAGE_MINUTES, DEEPER_PAGE_MINUTES = 60, 10, 25


@EACH_LANGUAGE
@fails_listing
def test_the_core_path_reads_in_an_hour_and_each_page_in_its_budget(lang):
    """In the minutes each page shows, the figures a reader adds up: the core path (the nav's first section)
    in an hour, each of its pages in 10 minutes, each page going deeper (the second) in 25."""
    for (title, names), budget in zip(SITE.nav_sections(lang)[:2], (CORE_PAGE_MINUTES, DEEPER_PAGE_MINUTES), strict=True):
        # a missing page: test_parity
        minutes = {name: reading(page).minutes for name in names if (page := SITE.docs / lang / f"{name}.md").exists()}
        for name, m in minutes.items():
            if m > budget:
                yield f"docs/{lang}/{name}.md ({title}): {m} min, over the reader's budget of {budget} (split it by topic; ./dev reading prints every page)"
        if budget == CORE_PAGE_MINUTES and sum(minutes.values()) > CORE_MINUTES:
            yield f"docs/{lang}/ {title}: {sum(minutes.values())} min in all, over the reader's budget of {CORE_MINUTES} ({minutes}; ./dev reading prints every page)"


@EACH_LANGUAGE
def test_the_next_links_walk_the_core_path(lang, built_pages):
    """A learner walks the core path as the site leads: from the home page, by each page's "next" link in the
    footer (a plain link: where its href leads), through the nav's first section in order and out into the next."""
    (_, core), (_, deeper) = SITE.nav_sections(lang)[:2]
    expected = [SITE.url_of(SITE.docs / lang / f"{name}.md") for name in [*core, deeper[0]]]
    walked = expected[:1]
    while len(walked) < len(expected) and (link := built_pages[f"{walked[-1]}index.html"].css_first("a.md-footer__link--next")):
        walked.append(urljoin(f"/{walked[-1]}", link.attributes["href"])[1:])
    assert walked == expected, f"the {lang} next links walk {walked}, the core path is {expected}"


def test_reading_counts_prose_code_output_and_steps_at_the_stated_rates(tmp_path):
    write(
        tmp_path,
        {
            "zh/page.md": "---\ndescription: 不算。\n---\n\n# 标题 { #t }\n\n" + "图" * 294 + " `x.grad` 和 [链接](a.md#b)。\n",
            "en/page.md": "# Title { #t }\n\n" + "word " * 197 + "[a link](a.md#b)\n\n"
            '```python\n--8<-- "how_it_works/grad_basics.py"\n```\n\n```text\n--8<-- "how_it_works/grad_basics.out"\n```\n'
            '{{ steps("how_it_works/grad_basics") }}\n',
        },
    )
    zh, en = (reading(tmp_path / lang / "page.md", replace(SITE, docs=tmp_path)) for lang in ("zh", "en"))
    assert zh == Reading("zh", prose=300, code=0, output=0, steps=0, figures=0), "标题 2 + 294 + x.grad + 和 + 链接 2"
    assert zh.seconds == 60
    code, out = (
        len([line for line in read(SITE.root / f"snippets/how_it_works/grad_basics{s}").splitlines() if line.strip()])
        for s in (".py", ".out")
    )
    assert (en.prose, en.code, en.output) == (200, code, out), "Title + 197 words + a link"
    assert en.steps > 0
    assert en.seconds == 60 + 6 * code + 2 * out + 10 * en.steps


@fails_listing
def test_each_built_page_shows_the_reading_time_the_command_prints(built_site):
    """The build counts each page's Markdown as its macros rendered it; ./dev reading renders it itself.
    The rules pages show none (docs_pipeline/reading.py, `shown`)."""
    for page in SITE.pages():
        found = re.findall(r'class="page-note page-note--reading">([^<]*)<', read(built_site / SITE.url_of(page) / "index.html"))
        expected = [texts()[SITE.language_of(page)]["reading"].format(minutes=reading(page).minutes)] * shown(SITE, page)
        if found != expected:
            yield f"{SITE.name(page)}: shows {found or 'no reading time'}, ./dev reading says {expected or 'none'}"
