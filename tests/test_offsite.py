"""The built site loads nothing from another host: no CDN script or style, no web font, no preconnect."""

import pytest

from docs_pipeline.offsite import foreign_loads


def test_no_page_loads_from_another_host(built_site):
    problems = foreign_loads(built_site)
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


def test_what_counts_as_a_load(tmp_path):
    (tmp_path / "en" / "page").mkdir(parents=True)
    (tmp_path / "en" / "page" / "index.html").write_text(
        '<html><head>'
        '<link rel="canonical" href="https://example.org/en/page/">'
        '<link rel="alternate" hreflang="zh" href="https://example.org/page/">'
        '<link rel="stylesheet" href="../../assets/site.css">'
        '<link rel="preconnect" href="https://fonts.example.net">'
        '<link rel="stylesheet" href="//cdn.example.net/x.css">'
        '<style>@font-face { src: url("https://fonts.example.net/a.woff2") }</style>'
        '</head><body>'
        '<a href="https://pytorch.org/docs/">PyTorch docs</a>'
        '<img src="data:image/png;base64,AAAA">'
        '<script src="https://cdn.example.net/lib.js"></script>'
        '</body></html>',
        encoding="utf-8",
    )
    (tmp_path / "site.css").write_text("body { background: url(img/x.png) }", encoding="utf-8")
    [problem] = foreign_loads(tmp_path)
    assert problem.startswith("docs/en/page.md (built as en/page/index.html) loads from another host: ")
    for flagged in ("fonts.example.net\">", "//cdn.example.net/x.css", "a.woff2", "cdn.example.net/lib.js"):
        assert flagged in problem
    for fine in ("canonical", "alternate", "pytorch.org", "data:image", "assets/site.css"):
        assert fine not in problem
