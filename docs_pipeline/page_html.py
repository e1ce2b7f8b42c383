"""The HTML the engine renders, adjusted where the site's pages need it. Each adjustment is a pattern
named here, with why; tests/test_overrides.py pins each against the installed renderer, so an upgrade
that changes the markup an adjustment relies on fails, naming it."""

import re

# Every page's code, as pymdownx.highlight writes Pygments' output. Pygments wraps every name in a
# <span class="n">, every run of whitespace in "w", every bracket or comma in "p", every operator in
# "o" ("ow" for `in`, `is`, `not`); pages.css draws n, p and o in the code's own colour in both
# palettes and nothing styles w (tests/test_build.py holds the stylesheets to it), so taken out the
# text looks the same, and on a phone styling and laying out these elements is much of a load's work.
PLAIN_SPAN = re.compile(r'<span class="(?:n|w|p|o|ow)">([^<]*)</span>')
# Every fenced block's wrapper: marked out of the search index (`data-search-exclude`, Material's own
# way), which Material loads on every first visit and the programs and their outputs were most of.
CODE_BLOCK = '<div class="highlight">'

# mkdocs-jupyter's render of a notebook page (its notebook.html.j2 writes it whatever its options say).
# Around the notebook: 590 KB of JupyterLab CSS (pages.css styles the classes the cells use), its copy
# button's script, MathJax and Mermaid from CDNs: only the notebook is kept.
NOTEBOOK = re.compile(r'<div class="jupyter-wrapper">.*</div>(?= <!-- jupyter-wrapper -->)', re.S)
# In it, its copy buttons, each with a hidden copy of the cell's source: Material's copy button replaces them.
COPY_BUTTON = re.compile(
    r'<div class="zeroclipboard-container">.*?</clipboard-copy>\s*</div>|<div class="clipboard-copy-txt".*?</div>', re.S
)
# Code cells as Material's code blocks: its highlighting colours (both palettes) and copy button.
CELL_CODE = re.compile(r'<div class="highlight-ipynb hl-python[^"]*"><pre><span></span>(?P<code>.*?)</pre></div>', re.S)
CELL_CODE_BLOCK = r'<div class="highlight"><pre><span></span><code>\g<code></code></pre></div>'
# nbconvert's heading ids are ASCII slugs (empty for Chinese): the page's own ids, as in both languages.
HEADING = re.compile(r'<h(?P<level>[1-6]) id="[^"]*">(?P<text>.*?)<a class="anchor-link" href="#[^"]*">', re.S)
PAGE_HEADING = '<h{level} id="{id}">{text}<a class="headerlink" href="#{id}" title="Permanent link">'


def page_html(html):
    return PLAIN_SPAN.sub(r"\1", html).replace(CODE_BLOCK, '<div class="highlight" data-search-exclude>')


def notebook_html(html, heading_ids):
    """A notebook page as mkdocs-jupyter renders it: the notebook alone, its code cells as Material's code
    blocks, its headings with `heading_ids` (its page's ids)."""
    html = COPY_BUTTON.sub("", NOTEBOOK.search(html)[0])
    ids = iter(heading_ids)
    return HEADING.sub(lambda m: PAGE_HEADING.format(id=next(ids), **m.groupdict()), CELL_CODE.sub(CELL_CODE_BLOCK, html))
