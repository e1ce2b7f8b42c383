"""The strict build passes and serves every page in its own language."""

from docs_pipeline.pages import ROOT, language_of, pages, url_of


def test_every_page_is_built_with_its_lang_attribute(built_site):
    for page in pages():
        html_file = built_site / url_of(page) / "index.html"
        name = page.relative_to(ROOT).as_posix()
        assert html_file.is_file(), f"{name} was not built to {url_of(page)}index.html"
        html = html_file.read_text(encoding="utf-8")
        assert f'<html lang="{language_of(page)}"' in html, f"{url_of(page)} (from {name}) has the wrong <html lang>"


def test_no_empty_code_blocks(built_site):
    for html_file in built_site.rglob("*.html"):
        html = html_file.read_text(encoding="utf-8")
        assert "<code></code>" not in html, f"{html_file.relative_to(built_site)} has an empty code block"


def test_each_language_has_its_own_search_index(built_site):
    import json
    import re

    zh = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    en = json.loads((built_site / "en" / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    pages_of = lambda docs, prefix: {prefix + d["location"].split("#")[0] for d in docs}  # noqa: E731
    expected = {lang: {url_of(p) for p in pages(lang)} for lang in ("zh", "en")}
    assert pages_of(zh, "") == expected["zh"], "search/search_index.json must hold exactly the Chinese pages"
    assert pages_of(en, "en/") == expected["en"], "en/search/search_index.json must hold exactly the English pages"
    for page in pages("en"):
        html = (built_site / url_of(page) / "index.html").read_text(encoding="utf-8")
        base = re.search(r'<script id="__config"[^>]*>\{[^<]*?"base": "([^"]*)"', html).group(1)
        assert base.endswith("/en/"), f"{url_of(page)}: Material's search base {base!r} is not the English root"
