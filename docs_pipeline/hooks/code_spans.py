"""MkDocs hook: the spans Pygments wraps around code that change nothing on screen, taken out.

Every name in highlighted code is a <span class="n">, every run of whitespace a <span class="w">,
every bracket or comma a <span class="p"> and every operator a <span class="o"> (or "ow" for
`in`, `is`, `not`). Material draws names in the code's own colour (--md-code-hl-name-color is
--md-code-fg-color, in both palettes) and gives whitespace no style; pages.css draws punctuation
and operators in the code's own colour too. So the text alone looks the same. On a phone, styling
and laying out these elements is much of the work of a load: names and whitespace were 14-18 % of
all elements on the long pages; punctuation and operators were 40 % of the elements drawn after
that (how-it-works at 412 px: 1,840 drawn, 1,103 without them).
tests/test_build.py holds the stylesheets to these facts.
"""

from __future__ import annotations

import re

PLAIN_SPAN = re.compile(r'<span class="(?:n|w|p|o|ow)">([^<]*)</span>')


def on_page_content(html, page, config, files):
    return PLAIN_SPAN.sub(r"\1", html)
