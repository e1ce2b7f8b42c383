"""MkDocs hook: code blocks kept out of the search index, and the spans Pygments wraps around code
that change nothing on screen taken out.

Search: Material loads its index on every first visit, and the programs and their outputs were
most of it (the site's prose is what a search should find; the headings and prose around each
program name it). `data-search-exclude` is Material's own way to leave a block out.

Spans: every name in highlighted code is a <span class="n">, every run of whitespace a <span
class="w">, every bracket or comma a <span class="p"> and every operator a <span class="o"> (or
"ow" for `in`, `is`, `not`). pages.css draws names, punctuation and operators in the code's own
colour in both palettes, and nothing styles whitespace, so the text alone looks the same; and on a
phone, styling and laying out these elements is much of the work of a load (they are most of the
elements on a long page). tests/test_build.py holds the site's stylesheets to these facts.
"""

from __future__ import annotations

import re

PLAIN_SPAN = re.compile(r'<span class="(?:n|w|p|o|ow)">([^<]*)</span>')
CODE_BLOCK = '<div class="highlight">'  # pymdownx.highlight's wrapper of every fenced block


def on_page_content(html, page, config, files):
    return PLAIN_SPAN.sub(r"\1", html).replace(CODE_BLOCK, '<div class="highlight" data-search-exclude>')
