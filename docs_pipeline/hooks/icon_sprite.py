"""MkDocs hook: Material's icons drawn from one SVG file instead of one data: URI each.

Material's stylesheet declares every icon it draws with CSS (the copy button, code annotations,
admonitions, navigation arrows, ...) on :root, as a custom property holding a data: URI. Chromium
builds a separate SVG document for each one a page uses, on the main thread, while it styles the
element: nine on a long page here, three of them inside Material's mounting of the first code
blocks, the longest task after the first paint on a phone. Taken from one file, they are one
document, made once.

After every build this writes, from the theme stylesheet the site serves (so an upgrade brings its
icons along):
- assets/images/icons.svg: each icon unchanged, side by side, with a <view> named after its
  property (`md-clipboard-icon`);
- assets/stylesheets/icons.css: each property again, pointing at its view.
overrides/main.html links the stylesheet and preloads the file; tests/test_build.py holds both to
the theme's icons, and the browser tests compare them drawn.
"""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree import ElementTree

SPRITE = Path("assets/images/icons.svg")
STYLESHEET = Path("assets/stylesheets/icons.css")

DATA_ICON = re.compile(r'--(md-[a-z0-9-]+):url\("data:image/svg\+xml;charset=utf-8,(<svg [^"]*</svg>)"\)')
ANY_DATA_ICON = re.compile(r'--md-[a-z0-9-]+:url\("data:')
SVG = re.compile(r"<svg xmlns='http://www.w3.org/2000/svg' viewBox='([-\d. ]+)'>(.*)</svg>", re.S)


def theme_icons(css: str, source: str) -> dict[str, tuple[list[float], str]]:
    """Each icon property of the theme stylesheet `css`: its name, view box and SVG content."""
    icons = {}
    for name, svg in DATA_ICON.findall(css):
        match = SVG.fullmatch(svg)
        if not match:
            raise ValueError(f"{source}: --{name} is an SVG this hook cannot read: {svg[:120]}")
        icons[name] = ([float(v) for v in match[1].split()], match[2])
    declared = len(ANY_DATA_ICON.findall(css))
    if not icons or len(icons) != declared:
        raise ValueError(
            f"{source}: {declared} icon properties with a data: URI, {len(icons)} read"
            ' (docs_pipeline/hooks/icon_sprite.py expects Material\'s url("data:image/svg+xml;charset=utf-8,<svg ...>"))'
        )
    return icons


def sprite(icons: dict[str, tuple[list[float], str]]) -> str:
    views, drawings, x = [], [], 0.0
    for name, (box, content) in icons.items():
        width, height = box[2], box[3]
        views.append(f"<view id='{name}' viewBox='{x:g} 0 {width:g} {height:g}'/>")
        drawings.append(
            f"<svg x='{x:g}' y='0' width='{width:g}' height='{height:g}' viewBox='{' '.join(f'{v:g}' for v in box)}'>{content}</svg>"
        )
        x += width + 1  # a gap, so that no view shows its neighbour's edge
    return "<svg xmlns='http://www.w3.org/2000/svg'>" + "".join(views + drawings) + "</svg>\n"


def stylesheet(icons: dict) -> str:
    target = Path("..") / SPRITE.relative_to("assets")
    lines = [f'  --{name}: url("{target.as_posix()}#{name}");' for name in icons]
    return (
        "/* Written by docs_pipeline/hooks/icon_sprite.py: Material's icons, from one file. */\n:root {\n"
        + "\n".join(lines)
        + "\n}\n"
    )


def on_post_build(config):
    site = Path(config.site_dir)
    themes = sorted((site / "assets" / "stylesheets").glob("main.*.min.css"))
    if len(themes) != 1:
        raise ValueError(f"icon_sprite.py: expected one assets/stylesheets/main.*.min.css in the site, found {themes}")
    icons = theme_icons(themes[0].read_text(encoding="utf-8"), themes[0].relative_to(site).as_posix())
    drawing = sprite(icons)
    ElementTree.fromstring(drawing)  # well-formed, or the build fails here
    (site / SPRITE).parent.mkdir(parents=True, exist_ok=True)
    (site / SPRITE).write_text(drawing, encoding="utf-8")
    (site / STYLESHEET).write_text(stylesheet(icons), encoding="utf-8")
