"""The glossary: one file of zh <-> en terms, shown on both glossary pages, used consistently."""

import html

import pytest

from docs_pipeline.glossary import GLOSSARY, Term, load, missing_english_terms, terms_in_chinese
from docs_pipeline.pages import ROOT, pages
from docs_pipeline.translations import counterpart

TERMS = load()


def _name(path):
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("source", pages("zh"), ids=_name)
def test_english_page_uses_the_english_terms(source):
    translation = counterpart(source)
    if not translation.exists():
        pytest.fail(f"{_name(source)} has no counterpart {_name(translation)}", pytrace=False)
    missing = missing_english_terms(source, translation, TERMS)
    if missing:
        wanted = "\n".join(f"  {t.zh} -> {' / '.join(t.en)}" for t in missing)
        pytest.fail(
            f"{_name(translation)} lacks the English for glossary terms its source {_name(source)} uses:\n{wanted}\n"
            f"(use one of them, or add an accepted spelling to {_name(GLOSSARY)})",
            pytrace=False,
        )


def test_the_glossary_is_well_formed():
    assert len(TERMS) >= 12
    required = {"计算图", "动态计算图", "静态计算图", "叶子张量", "反向传播", "梯度", "前向传播", "张量", "自动求导", "有向无环图", "条件分支", "钩子"}
    assert required <= {t.zh for t in TERMS}, f"missing from {_name(GLOSSARY)}: {required - {t.zh for t in TERMS}}"


def test_the_longest_term_wins():
    graph, dynamic, tensor, leaf = (Term(zh, (en,), (), "x", "x") for zh, en in (
        ("计算图", "computational graph"), ("动态计算图", "dynamic computational graph"),
        ("张量", "tensor"), ("叶子张量", "leaf tensor")))
    terms = [graph, dynamic, tensor, leaf]
    assert terms_in_chinese("PyTorch 使用动态计算图。", terms) == [dynamic]
    assert terms_in_chinese("动态计算图也是一种计算图。", terms) == [graph, dynamic]
    assert terms_in_chinese("x 是叶子张量", terms) == [leaf]


def test_a_missing_english_term_is_named(tmp_path):
    (tmp_path / "zh.md").write_text("# 标题 { #t }\n\n动态计算图在前向传播时构建。\n\n```text\n--8<-- \"a/梯度.out\"\n```\n", encoding="utf-8")
    (tmp_path / "en.md").write_text("# Title { #t }\n\nThe Dynamic Graph is built during the forward pass.\n", encoding="utf-8")
    assert missing_english_terms(tmp_path / "zh.md", tmp_path / "en.md", TERMS) == []
    (tmp_path / "en.md").write_text("# Title { #t }\n\nThe graph is built as the code runs.\n", encoding="utf-8")
    assert [t.zh for t in missing_english_terms(tmp_path / "zh.md", tmp_path / "en.md", TERMS)] == ["动态计算图", "前向传播"]


def test_a_malformed_entry_is_named(tmp_path):
    bad = tmp_path / "glossary.toml"
    bad.write_text('[[term]]\nzh = "梯度"\nen = []\nzh_note = "x"\nen_note = "x"\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"glossary.toml: term #1 \(梯度\): en must be a non-empty list"):
        load(bad)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_glossary_page_shows_every_term(built_site, lang):
    page = built_site / ("" if lang == "zh" else "en/") / "glossary" / "index.html"
    shown = html.unescape(page.read_text(encoding="utf-8"))
    assert "{{ glossary }}" not in shown, f"{page.relative_to(built_site)}: the glossary marker was not replaced"
    for term in TERMS:
        note = term.zh_note if lang == "zh" else term.en_note
        for text in (term.zh, *term.en, note):
            assert text in shown, f"glossary page {page.relative_to(built_site)} does not show {text!r} from {_name(GLOSSARY)}"
