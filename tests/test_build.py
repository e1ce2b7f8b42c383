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
