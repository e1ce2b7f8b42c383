"""The glossary: one file of zh <-> en terms, shown on both glossary pages, used consistently."""

import pytest

from docs_pipeline.glossary import (
    GLOSSARY,
    Term,
    anchor,
    avoided_uses,
    link_first_uses,
    load,
    missing_english_terms,
    terms_in_chinese,
    unused_terms,
)
from tests.helpers import SITE, fails_listing, write

REQUIRED = {
    "计算图",
    "动态计算图",
    "静态计算图",
    "叶子张量",
    "反向传播",
    "梯度",
    "前向传播",
    "张量",
    "自动求导",
    "有向无环图",
    "条件分支",
    "钩子",
}


def _term(zh, *en, **avoid):
    return Term(zh=zh, en=en or ["x"], zh_note="x", en_note="x", **avoid)


LEAF = _term("叶子张量", "leaf tensor", zh_avoid=["叶子节点"], en_avoid=["leaf node"])
IN_PLACE = _term("原地操作", "in-place operation", zh_avoid=["原地运算"])
ZH_PAGE = "# 标题 { #t }\n\n原地运算会改掉叶子张量的值。\n\n```text\n叶子节点\n```\n\n`叶子节点` 在代码里不算。\n"
ZH_IN_PLACE = "'原地运算'; the glossary term is '原地操作' (glossary.toml: 原地操作)"
ZH_LEAF = "'叶子节点'; the glossary term is '叶子张量' (glossary.toml: 叶子张量)"
EN_LEAF = "'leaf node'; the glossary term is 'leaf tensor' (glossary.toml: 叶子张量)"


@pytest.fixture(scope="module")
def terms():
    try:
        return load()
    except ValueError:  # one failure, not one per test
        pytest.skip(f"{SITE.name(GLOSSARY)} does not load: test_the_glossary_is_well_formed_and_every_term_is_used says why")


@fails_listing
def test_every_page_keeps_to_the_glossary(terms):
    """An English page has the English of every term its Chinese source uses (a page without its counterpart:
    tests/test_parity.py), and no page uses a wording the glossary avoids."""
    for page in SITE.pages():
        yield from avoided_uses(page, SITE.language_of(page), terms)
    for source in SITE.pages("zh"):
        if (translation := SITE.counterpart(source)).exists() and (missing := missing_english_terms(source, translation, terms)):
            wanted = "\n".join(f"  {t.zh} -> {' / '.join(t.en)}" for t in missing)
            yield f"{SITE.name(translation)} lacks the English for glossary terms its source {SITE.name(source)} uses:\n{wanted}\n(use one of them, or add an accepted spelling to {SITE.name(GLOSSARY)})"


def test_the_glossary_is_well_formed_and_every_term_is_used_on_a_page():
    terms = load()  # a malformed entry: ValueError, naming the file and the entry
    missing = REQUIRED - {t.zh for t in terms}
    assert not missing, f"missing from {SITE.name(GLOSSARY)}: {missing}"
    unused = unused_terms(SITE.pages("zh"), terms)
    assert not unused, (
        f"{SITE.name(GLOSSARY)} lists terms that no Chinese page uses: {[t.zh for t in unused]} (the pages say it differently: use the term on the pages, or change or drop the entry)"
    )


def test_the_longest_term_wins_and_code_is_no_use(tmp_path):
    graph, dynamic, tensor, leaf, eager = terms = [_term(zh) for zh in ("计算图", "动态计算图", "张量", "叶子张量", "即时执行")]
    assert terms_in_chinese("PyTorch 使用动态计算图。", terms) == [dynamic]
    assert terms_in_chinese("动态计算图也是一种计算图。", terms) == [graph, dynamic]
    assert terms_in_chinese("**叶子**张量", [leaf]) == []  # a plain string: prose() unmarks a page
    # 张量 inside 叶子张量 is no use of 张量, nor is a term in code
    write(tmp_path, {"zh.md": "# 标题 { #t }\n\n叶子张量是图的起点。\n\n```text\n即时执行\n```\n"})
    assert unused_terms([tmp_path / "zh.md"], terms) == [graph, dynamic, tensor, eager]


def test_a_missing_english_term_is_named(tmp_path):
    terms = [
        _term("动态计算图", "dynamic computational graph", "dynamic graph"),
        _term("前向传播", "forward pass"),
        _term("梯度"),
    ]
    zh, en = tmp_path / "zh.md", tmp_path / "en.md"
    write(
        tmp_path,
        {  # markup hides no term, on either page
            "zh.md": '# 标题 { #t }\n\n**动态**计算图在<em>前向</em>传播时构建。\n\n```text\n--8<-- "a/梯度.out"\n```\n',
            "en.md": "# Title { #t }\n\nThe **Dynamic** Graph is built during the *forward* pass.\n",
        },
    )
    assert missing_english_terms(zh, en, terms) == []
    write(tmp_path, {"en.md": "# Title { #t }\n\nThe graph is built as the code runs.\n"})
    assert [t.zh for t in missing_english_terms(zh, en, terms)] == ["动态计算图", "前向传播"]


@pytest.mark.parametrize(
    "lang, text, uses",
    [
        ("zh", f"---\ndescription: 叶子节点是图的起点\n---\n\n{ZH_PAGE}", [ZH_IN_PLACE, ZH_LEAF]),
        ("zh", ZH_PAGE, [ZH_IN_PLACE]),  # code blocks and inline code do not count
        ("zh", "# 标题 { #t }\n\n`y` 是计算图中的**非叶子**节点，<em>叶子</em>张量在图的起点。\n", [ZH_LEAF]),  # nor markup
        ("en", "# Title { #t }\n\nEvery Leaf\n  Nodes gets a gradient; a leaf nodeish word does not count.\n", [EN_LEAF]),
        ("en", "# Title { #t }\n\nA **leaf** tensor, and a *leaf* node.\n", [EN_LEAF]),
        ("en", "# Title { #t }\n\nA leaf tensor; the word leafnode and leaf-nodes do not count.\n", []),
    ],
)
def test_an_avoided_wording_is_named_with_page_and_term(tmp_path, lang, text, uses):
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    assert avoided_uses(page, lang, [IN_PLACE, LEAF]) == [f"{page.resolve().as_posix()} uses {use}" for use in uses]


@fails_listing
def test_the_glossary_pages_show_every_term(built_pages, terms):
    for lang in SITE.languages:
        page = f"{SITE.prefix(lang)}glossary/index.html"
        shown = built_pages[page].text()  # `{{ glossary() }}` left as it is shows none
        yield from [
            f"glossary page {page} does not show {text!r} from {SITE.name(GLOSSARY)}"
            for term in terms
            for text in (term.zh, *term.en, getattr(term, f"{lang}_note"))
            if text not in shown
        ]


def test_each_terms_first_use_in_prose_links_to_its_entry():
    graph, dynamic, grad = terms = [
        _term("计算图", "computational graph"),
        _term("动态计算图", "dynamic computational graph"),
        _term("梯度", "gradient"),
    ]
    unlinked = [
        "# 计算图 { #x }",  # a heading: not linked
        "```python",
        "计算图 = 1",  # code: not linked
        "```",
    ]
    page = [
        *unlinked,
        "`计算图` 与[计算图](a.md)之外，动态计算图先出现。",  # code span, link, then the longer term
        "计算图与梯度；计算图。",  # the first prose use of 计算图 and of 梯度; the second 计算图 stays
    ]
    assert link_first_uses("\n".join(page), "zh", terms, "../glossary.md").split("\n") == [
        *unlinked,
        f"`计算图` 与[计算图](a.md)之外，[动态计算图](../glossary.md#{anchor(dynamic)}){{ .glossary-ref }}先出现。",
        f"[计算图](../glossary.md#{anchor(graph)}){{ .glossary-ref }}与[梯度](../glossary.md#{anchor(grad)}){{ .glossary-ref }}；计算图。",
    ]
    assert link_first_uses("Gradients flow back through the computational graph.", "en", terms, "g.md") == (
        f"[Gradients](g.md#{anchor(grad)}){{ .glossary-ref }} flow back through the [computational graph](g.md#{anchor(graph)}){{ .glossary-ref }}."
    )


@pytest.mark.parametrize(
    "sentence, term, linked",
    [
        # the reader review's homonyms (issue 45): the verb "guard", "trace" an error, a random "seed"
        ("When `torch.where` guards `sqrt` or `log`, mask their input.", "守卫", False),
        ("When a later call fails the guard, Dynamo compiles again.", "守卫", True),
        ("After this page you can trace an autograd error message to its cause.", "追踪", False),
        ("The tracer runs the function once; tracing records what ran.", "追踪", True),
        ("Programs that need random numbers fix the seed at the top.", "初始梯度", False),
        ("`v` is the seed of the backward pass.", "初始梯度", True),
        ("So it does not silently freeze the first choice.", "冻结", False),
        ("Freeze the other parameters with `requires_grad_(False)`.", "冻结", True),
        ("Nodes the pass does not run (a branch that `autograd.grad` does not need) keep theirs.", "条件分支", False),
        ("The graph holds only the branch of the `if` that ran.", "条件分支", True),
    ],
)
def test_a_word_used_in_another_sense_is_not_linked(terms, sentence, term, linked):
    """A term's en_sense / zh_sense markers tell its sense from a homonym's (docs_pipeline/glossary.toml)."""
    [entry] = [t for t in terms if t.zh == term]
    found = f"(g.md#{anchor(entry)})" in link_first_uses(sentence, "en", terms, "g.md")
    assert found == linked, (
        f"{sentence!r}: its {entry.en[0]!r} is {'a homonym' if not linked else 'the glossary sense'}, yet it was {'linked' if found else 'not linked'} ({GLOSSARY.name}: en_sense of {term})"
    )


def test_sense_markers_are_per_language():
    """English sense markers leave a Chinese use linked: without zh_sense, every use is the term's."""
    assert "g.md#" in link_first_uses("守卫不成立时重新编译。", "zh", [_term("守卫", "guard", en_sense=["Dynamo"])], "g.md")
