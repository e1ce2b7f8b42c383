"""The Chinese copy follows one typography, checked by autocorrect (tests/zh_copy.py): on every
Chinese page, in the stepped figures (tests/test_steps.py, which draws them) and in every line of the
templates, mkdocs.yml and the pipeline (its code, ui.toml, and glossary.toml, whence the glossary
table). A failure names the file and line, the text and what autocorrect would write instead."""

import re

from tests import zh_copy
from tests.helpers import SITE, fail_if, fails_listing, read

EMPHASIS = re.compile(r"\*\*|__")


@fails_listing
def test_every_chinese_page_follows_the_typography():
    for page in SITE.pages("zh"):
        text, where = read(page), SITE.name(page)
        # bold and italics hide a space from autocorrect ("**要点。** 正文"): the reader sees "要点。 正文"
        yield from zh_copy.lint(text, where) or zh_copy.lint(EMPHASIS.sub("", text), where)


def test_the_templates_and_pipeline_strings_read_right_in_chinese():
    strings = list(zh_copy.source_strings())
    assert len(strings) >= 20  # the strings are found at all
    fail_if(f for name, line, text in strings for f in zh_copy.lint(text, name, "txt", line))


def test_a_stray_space_is_named_with_its_file_and_line():
    assert zh_copy.lint("# 标题\n\n第一行。\n\n函数（在 rnn() 中） 记录了节点：  反向传播\n", "docs/zh/x.md") == [
        "docs/zh/x.md:5: 函数（在 rnn() 中） 记录了节点：  反向传播\n    autocorrect: 函数（在 rnn() 中）记录了节点：反向传播"
    ]
    assert (
        zh_copy.lint('在 `x` 中，计算图的 DAG 有 3 个节点，见[图](a.md#b)。\n\n```python\n--8<-- "a/b.py"\n```\n', "x.md") == []
    )
    [found] = zh_copy.lint("记录了 节点：  反向传播", "overrides/x.html", "txt", 7)  # one string of a file: its line there
    assert found.startswith("overrides/x.html:7: 记录了 节点")


def test_generated_markup_is_read_as_a_reader_reads_it():
    assert zh_copy.html_text(
        '<p>第 1 步：<code>y = x</code>（在 f() 中）记录了</p><pre class="c">print("（ 不算 ）")</pre>'
    ).split() == ["第", "1", "步：`y", "=", "x`（在", "f()", "中）记录了"]
