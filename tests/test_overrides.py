"""The theme templates the site copies from Material (overrides/partials/) stay Material's but for
the changes each copy declares: when an upgrade of mkdocs-material changes one of these partials,
this fails, naming the file, so that the copy is brought along instead of silently keeping the
old markup. A partial the site replaces outright is pinned to the Material version it replaced.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from docs_pipeline.site import ROOT

OVERRIDES = ROOT / "overrides"

# overrides/<path>: the changes to Material's partial, (Material's text, the site's text), each once.
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
}
# overrides/<path>: a block of a Material template, copied ((template, block), changes as above).
BLOCKS = {
    "partials/theme-scripts.html": (("base.html", "scripts"), [("<script src=", "<script defer src=")]),
    "partials/theme-site-meta.html": (
        ("base.html", "site_meta"),
        [
            (
                '      {% if config.extra.alternate is iterable %}\n        {% for alt in config.extra.alternate %}\n          <link rel="alternate" href="{{ alt.link | url }}" hreflang="{{ alt.lang | d(lang.t(\'language\')) }}">\n        {% endfor %}\n      {% endif %}\n',
                "",
            )
        ],
    ),
    "partials/theme-config.html": (
        ("base.html", "config"),
        [
            (
                '"base": base_url,',
                '"base": base_url if config.theme.language == default_language else base_url ~ ("" if base_url.endswith("/") else "/") ~ config.theme.language ~ "/",',
            )
        ],
    ),
}
# overrides/<path>: the SHA-256 of the Material partial it replaces (mkdocs-material 9.8.2), and why.
REPLACED = {
    "partials/javascripts/palette.html": (
        "8790389765ea6036effddba548b15093bb05bdc75624eaeaf8b13f3c24be4ab5",
        "the palette toggle, by the site's own script instead of Material's palette component",
    ),
}
LEADING_COMMENT = re.compile(r"\A\{#.*?#\}\n", re.S)


def _material(path: str) -> Path:
    import material

    return Path(material.__file__).resolve().parent / "templates" / path


@pytest.mark.parametrize("path", sorted(COPIES) + sorted(BLOCKS))
def test_a_copied_partial_is_materials_but_for_its_declared_changes(path):
    if path in BLOCKS:
        (template, block), changes = BLOCKS[path]
        found = re.search(rf"(?s)\{{% block {block} %\}}(.*?)\{{% endblock %\}}", _material(template).read_text(encoding="utf-8"))
        assert found, f"overrides/{path}: Material's {template} has no block {block} any more: mkdocs-material changed it"
        theirs, path_of_theirs = found.group(1), f"{template} (block {block})"
    else:
        theirs, changes, path_of_theirs = _material(path).read_text(encoding="utf-8"), COPIES[path], path
    theirs = LEADING_COMMENT.sub("", theirs)
    ours = LEADING_COMMENT.sub("", (OVERRIDES / path).read_text(encoding="utf-8"))
    for old, new in changes:
        assert theirs.count(old) == 1, (
            f"overrides/{path}: Material's partial no longer has {old!r} once: mkdocs-material changed it; "
            "bring the copy along (and its declared changes here)"
        )
        theirs = theirs.replace(old, new)
    assert ours == theirs, (
        f"overrides/{path} differs from Material's {path_of_theirs} by more than its declared changes "
        "(Material changed the partial, or the copy changed without declaring it in tests/test_overrides.py)"
    )


@pytest.mark.parametrize("path", sorted(REPLACED))
def test_a_replaced_partial_replaces_the_material_version_it_was_written_for(path):
    digest, why = REPLACED[path]
    actual = hashlib.sha256(_material(path).read_bytes()).hexdigest()
    assert actual == digest, (
        f"overrides/{path} replaces Material's {path} ({why}), and mkdocs-material changed that partial: "
        f"check what changed, bring overrides/{path} along, then record its new SHA-256 ({actual}) here"
    )
