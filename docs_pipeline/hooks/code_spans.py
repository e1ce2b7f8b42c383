"""MkDocs hook: the spans Pygments wraps around code that change nothing on screen, taken out.

Every name in highlighted code is a <span class="n"> and every run of whitespace a
<span class="w">. Material draws names in the code's own colour (--md-code-hl-name-color is
--md-code-fg-color, in both palettes) and gives whitespace no style, so the text alone looks the
same. They were 14-18 % of all elements on the long pages, and styling the elements parsed at load
is a large part of the longest task on a phone (Lighthouse: the one in which Material's script runs).
tests/test_build.py holds the theme to both facts.
"""

from __future__ import annotations

import re

PLAIN_SPAN = re.compile(r'<span class="[nw]">([^<]*)</span>')


def on_page_content(html, page, config, files):
    return PLAIN_SPAN.sub(r"\1", html)
