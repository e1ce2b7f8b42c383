"""The housekeeping commands, run as an author runs them (./dev TASK), in a tiny project of their own
(tests/helpers.tiny_project): one page in each language showing one snippet."""

import subprocess

import pytest

from docs_pipeline.housekeeping import unused
from docs_pipeline.translations import KEY, content_hash
from tests.helpers import dev, fail_if, read, tiny_project, write

PAGE = '# {} {{ #page }}\n\n```python\n--8<-- "d/hello.py"\n```\n\n```text\n--8<-- "d/hello.out"\n```\n'
EN_PAGE = "---\ntitle: Page\n---\n" + PAGE.format("Page")


@pytest.fixture
def project(tmp_path):
    return tiny_project(
        tmp_path,
        {
            "docs/zh/index.md": PAGE.format("页面"),
            "docs/en/index.md": EN_PAGE,
            "snippets/d/hello.py": "print(2 + 2)\n",
            "snippets/d/hello.out": "4\n",
        },
    )


def test_every_snippet_and_figure_is_shown_on_a_page():
    fail_if(unused())


def test_dev_lists_its_tasks_and_unused_names_a_snippet_no_page_includes(project):
    code, said = dev(project)
    assert code == 2
    for task in ("./dev outputs", "./dev translations mark", "./dev unused"):  # translations: in its mark
        assert task in said, f"./dev does not list {task}:\n{said}"
    assert dev(project, "unused") == (0, "every snippet and figure is shown on a page\n")
    write(project, {"snippets/d/forgotten.py": 'print("nobody shows me")\n', "snippets/d/gone.out": "left behind\n"})
    assert dev(project, "unused") == (
        0,
        "snippets/d/forgotten.py: no page includes it\nsnippets/d/gone.out: its program snippets/d/gone.py is gone\n",
    )


def test_translations_lists_stale_pages_and_marks_them(project):
    zh = project / "docs/zh/index.md"
    assert "docs/en/index.md records no `translated_from:` hash" in dev(project, "translations")[1]
    code, said = dev(project, "translations", "mark", "--all")
    assert code == 0 and "docs/en/index.md" in said, said
    assert read(project / "docs/en/index.md") == EN_PAGE.replace("\n---\n", f"\n{KEY}: {content_hash(zh)}\n---\n", 1), (
        "marking changed more than its front-matter entry"
    )
    assert dev(project, "translations") == (0, "every translation is up to date\n")
    subprocess.run(
        "git init -q && git add docs && git -c user.name=test -c user.email=test@example.invalid -c commit.gpgsign=false commit -q -m translated",
        shell=True,
        cwd=project,
        check=True,
        timeout=60,
    )

    zh.write_text(read(zh) + "\n新增的一段。\n", encoding="utf-8")
    code, said = dev(project, "translations")
    assert code == 0
    assert "docs/en/index.md is stale" in said and "docs/zh/index.md" in said, said
    assert "+新增的一段。" in said, f"the listing does not show what changed in the source:\n{said}"
    assert "./dev translations mark docs/en/index.md" in said and said.rstrip().endswith("1 stale translation(s)")

    code, said = dev(project, "translations", "mark", "docs/zh/index.md")  # either language's path
    assert code == 0 and said.startswith("marked  docs/en/index.md"), said
    assert dev(project, "translations") == (0, "every translation is up to date\n")
    assert dev(project, "translations", "mark", "docs/en/index.md")[1].startswith("current "), "an up-to-date page marked again"
    assert dev(project, "translations", "mark", "README.md")[0] != 0


def test_outputs_rewrites_a_stored_output_from_a_real_run_and_read_marks_it(project):
    out = project / "snippets/d/hello.out"
    out.write_text("typed by hand\n", encoding="utf-8")
    code, said = dev(project, "outputs", "snippets/d/hello.py")
    assert code == 0 and said.splitlines()[0] == "rewrote snippets/d/hello.out", said
    assert read(out) == "4\n"
    assert "docs/zh/index.md" in said.splitlines()[1], f"the page whose output changed is not named:\n{said}"
    assert dev(project, "outputs", "--read", "docs/zh/index.md") == (0, "marked  docs/zh/index.md\n")
