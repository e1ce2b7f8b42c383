"""What the site takes from the engine's theme and plugins stays what it was taken from, so that an
upgrade that changes it fails here, naming what to bring along instead of silently keeping the old:
the theme templates the site copies from Material (overrides/partials/), each but for the changes it
declares, and those it replaces outright, pinned to the version they replaced; Material's icons in the
site's sprite; and each adjustment docs_pipeline/page_html.py makes to the HTML the renderers write.
"""

import re
from pathlib import Path
from xml.etree import ElementTree

import material
import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from docs_pipeline import highlight, page_html
from docs_pipeline.site import ROOT, digest
from tests.helpers import read

OVERRIDES = ROOT / "overrides"
MATERIAL = Path(material.__file__).resolve().parent / "templates"

# overrides/<path>: its changes to what it copies from Material, (Material's text, the site's text), each once.
COPIES = {
    "partials/palette.html": [
        ('<form class="md-header__option" data-md-component="palette">', '<div class="md-header__option" data-site-palette>'),
        ("</form>", "</div>"),
    ],
    "partials/search.html": [
        ('role="dialog">', 'role="dialog" aria-label="{{ lang.t(\'search\') }}">'),
    ],
    "partials/actions.html": [  # the edit button: named (an icon alone), and no rel="edit", which <a> does not allow
        (
            """title="{{ lang.t('action.edit') }}" class="md-content__button md-icon" rel="edit">""",
            """title="{{ lang.t('action.edit') }}" aria-label="{{ lang.t('action.edit') }}" class="md-content__button md-icon">""",
        ),
    ],
    "partials/alternate.html": [
        ('<button class="md-header__button md-icon"', '<button type="button" class="md-header__button md-icon"'),
    ],
    "partials/theme-scripts.html": [("<script src=", "<script defer src=")],
    "partials/theme-site-meta.html": [
        (
            '      {% if config.extra.alternate is iterable %}\n        {% for alt in config.extra.alternate %}\n          <link rel="alternate" href="{{ alt.link | url }}" hreflang="{{ alt.lang | d(lang.t(\'language\')) }}">\n        {% endfor %}\n      {% endif %}\n',
            "",
        )
    ],
    "partials/theme-config.html": [
        (
            '"base": base_url,',
            '"base": base_url if config.theme.language == default_language else base_url ~ ("" if base_url.endswith("/") else "/") ~ config.theme.language ~ "/",',
        )
    ],
}
# overrides/<path>: the block of Material's base.html it copies (the others copy the partial of their path).
BLOCKS = {
    "partials/theme-scripts.html": "scripts",
    "partials/theme-site-meta.html": "site_meta",
    "partials/theme-config.html": "config",
}
# overrides/<path>: the SHA-256 of the Material partial it replaces (mkdocs-material 9.8.2), and why.
REPLACED = {
    "partials/javascripts/palette.html": (
        "8790389765ea6036effddba548b15093bb05bdc75624eaeaf8b13f3c24be4ab5",
        "the palette toggle, by the site's own script instead of Material's palette component",
    ),
}
LEADING_COMMENT = re.compile(r"(?s)\A\{#.*?#\}\n")
MATERIAL_ICON = re.compile(
    r"""--(md-[\w-]+):url\("data:image/svg\+xml;charset=utf-8,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 (\d+) (\d+)'>(.*?)</svg>"\)"""
)


@pytest.mark.parametrize("path", sorted(COPIES))
def test_a_copied_partial_is_materials_but_for_its_declared_changes(path):
    block = BLOCKS.get(path)
    template = "base.html" if block else path
    theirs = read(MATERIAL / template)
    if block:
        found = re.search(rf"(?s)\{{% block {block} %\}}(.*?)\{{% endblock %\}}", theirs)
        assert found, f"overrides/{path}: Material's {template} has no block {block} any more: mkdocs-material changed it"
        theirs, template = found[1], f"{template} (block {block})"
    theirs = LEADING_COMMENT.sub("", theirs)
    for old, new in COPIES[path]:
        assert theirs.count(old) == 1, (
            f"overrides/{path}: Material's partial no longer has {old!r} once: mkdocs-material changed it; bring the copy along (and its declared changes here)"
        )
        theirs = theirs.replace(old, new)
    assert LEADING_COMMENT.sub("", read(OVERRIDES / path)) == theirs, (
        f"overrides/{path} differs from Material's {template} by more than its declared changes (Material changed the partial, or the copy changed without declaring it in tests/test_overrides.py)"
    )


@pytest.mark.parametrize("path", sorted(REPLACED))
def test_a_replaced_partial_replaces_the_material_version_it_was_written_for(path):
    expected, why = REPLACED[path]
    actual = digest((MATERIAL / path).read_bytes(), 64)
    assert actual == expected, (
        f"overrides/{path} replaces Material's {path} ({why}), and mkdocs-material changed that partial: check what changed, bring overrides/{path} along, then record its new SHA-256 ({actual}) here"
    )


def test_the_icon_sprite_holds_materials_icons():
    """overrides/assets/images/icons.svg holds the icons of Material's CSS side by side and icons.css points
    each of Material's icon variables at its view (every page loads both: tests/test_build.py)."""
    icons = MATERIAL_ICON.findall("".join(read(p) for p in (MATERIAL / "assets/stylesheets").glob("main.*.min.css")))
    own = re.findall(
        r'--(md-[\w-]+): url\("\.\./images/icons\.svg#\1"\)',
        read(OVERRIDES / "assets/stylesheets/icons.css"),
    )
    names = [name for name, *_ in icons]
    assert own == names, (
        f"overrides/assets/stylesheets/icons.css points {own} at icons.svg; Material's icon variables are {names}"
    )
    sprite, stale, x = read(OVERRIDES / "assets/images/icons.svg"), [], 0
    for name, width, height, drawing in icons:
        view = f"<view id='{name}' viewBox='{x} 0 {width} {height}'/>"
        drawn = f"<svg x='{x}' y='0' width='{width}' height='{height}' viewBox='0 0 {width} {height}'>{drawing}</svg>"
        stale += [] if view in sprite and drawn in sprite else [name]
        x += int(width) + 1
    ElementTree.fromstring(sprite)  # well-formed: one broken tag would lose every icon
    assert not stale and sprite.count("<view ") == len(icons), (
        f"overrides/assets/images/icons.svg does not hold Material's icons {stale} as this test places them side by side"
    )


def test_each_adjustment_of_rendered_html_finds_what_it_expects(tmp_path):
    """docs_pipeline/page_html.py's patterns, on what the installed mkdocs-jupyter and pymdownx.highlight write; and
    docs_pipeline/highlight.py's cache, where superfences highlights."""
    import markdown
    from mkdocs_jupyter.convert import nb2html

    cells = [
        new_markdown_cell("# 标题\n\n## Two"),
        new_code_cell("print(1)", execution_count=1, outputs=[new_output("stream", text="1\n")]),
    ]
    nbformat.write(new_notebook(cells=cells), tmp_path / "nb.ipynb")
    rendered = nb2html(str(tmp_path / "nb.ipynb"))
    expected = {"NOTEBOOK": 1, "COPY_BUTTON": 2, "CELL_CODE": 1, "HEADING": 2}
    found = {name: len(getattr(page_html, name).findall(rendered)) for name in expected}
    assert found == expected, (
        f"mkdocs-jupyter changed the markup docs_pipeline/page_html.py adjusts: matches of each pattern {found}"
    )
    adjusted = page_html.notebook_html(rendered, ["title", "two"])
    left = [markup for markup in ("<style", "clipboard", "highlight-ipynb", "anchor-link") if markup in adjusted]
    assert not left and re.findall(r'<h[12] id="(\w+)"', adjusted) == ["title", "two"], f"notebook_html left {left}"
    fence = "```python\nif x in y:\n    z = f(a, b)\n```"
    code = markdown.markdown(fence, extensions=["pymdownx.highlight", "pymdownx.superfences"])
    before = len(highlight.HIGHLIGHTED)
    cached = [markdown.markdown(fence, extensions=[highlight.CachedHighlight(), "pymdownx.superfences"]) for _ in range(2)]
    assert cached == [code, code] and len(highlight.HIGHLIGHTED) == before + 1, (
        "superfences no longer highlights through docs_pipeline/highlight.py's cache, or the cache changes its HTML"
    )
    code = page_html.page_html(code)
    assert "data-search-exclude" in code and set(re.findall(r'<span class="(\w+)"', code)) == {"k"}, (
        f"pymdownx.highlight changed the markup PLAIN_SPAN and CODE_BLOCK adjust: {code}"
    )
