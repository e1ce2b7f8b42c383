"""Authoring faults that only a whole run can show are caught, naming the file: each is injected into a tiny
project made with this checkout's pipeline and mkdocs.yml (tests/helpers.tiny_project), whose outputs
`./dev outputs` recorded, and caught by the check that must catch it as `./dev test` runs it: the snippet
tests (one run for every snippet fault) or the strict build (one for every warning it reports, one for a
notebook cell that raises: that stops the build). A fault a page check sees (pasted code, a lost heading
id) is that check's own test.
"""

import json
import random
import shutil

import pytest

from docs_pipeline.runner import SEEDS
from tests.helpers import SNIPPET_TESTS, dev, finished, python, read, start_build, tiny_project, write

PAGE = '# {title} {{ #page }}\n\n{text}\n\n```python\n--8<-- "d/v.py"\n```\n\n```text title="{out}"\n--8<-- "d/v.out"\n```\n'
BASE = {
    "snippets/d/v.py": "x = 2.5\ny = x * 2\nprint(y)\n",
    "docs/zh/index.md": "# 首页 { #home }\n\n[页面](a.md#page)\n",
    "docs/en/index.md": "# Home { #home }\n\n[A page](a.md#page)\n",
    "docs/zh/a.md": PAGE.format(title="页面", text='值为 {{ value("d/v", "y") }}。', out="输出"),
    "docs/en/a.md": PAGE.format(title="A page", text='The value is {{ value("d/v", "y") }}.', out="Output"),
}


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    """The tiny project, its outputs recorded by `./dev outputs`."""
    project = tiny_project(tmp_path_factory.mktemp("recorded") / "project", BASE)
    code, said = dev(project, "outputs", "snippets/d/v.py")
    assert code == 0, said
    return project


def _project(recorded, dest, faults):
    """A copy of the recorded project; then the value it quotes changed in its .values.json, as if the program
    had printed another one when it was recorded, and `faults` written."""
    project = shutil.copytree(recorded, dest / "project", symlinks=True)
    write(project, {"snippets/d/v.values.json": json.dumps({"y": 1234.5}), **faults})
    return project


def _fails_naming(result, *names):
    """The run (a CompletedProcess) failed, and what it said names each of `names`."""
    output = result.stdout + result.stderr
    assert result.returncode != 0, f"the injected fault went unnoticed (exit 0):\n{output[-3000:]}"
    missing = [name for name in names if name not in output]
    assert not missing, f"the failure does not name {missing}:\n{output[-4000:]}"


@pytest.fixture(scope="module")
def snippet_run(recorded, tmp_path_factory):
    """One run of the snippet tests, as `./dev test` runs them, over four faults in four snippet files."""
    project = _project(
        recorded,
        tmp_path_factory.mktemp("snippets"),
        {
            "snippets/f/drifted.py": "print(0.5 + 1)\n",
            "snippets/f/drifted.out": "1.6\n",
            "snippets/f/unseeded.py": "import random\n\nprint(random.randint(0, 10**6))\n",
            # as if recorded once by hand: what it prints under the recording seed (runner.SEEDS[0])
            "snippets/f/unseeded.out": f"{random.Random(SEEDS[0]).randint(0, 10**6)}\n",
            "snippets/f/raises.py": "import torch\n\nx = torch.ones(2)\nprint(x.view(3))\n",
            "snippets/f/raises.out": "",
        },
    )
    code, said = dev(project, "outputs", "snippets/f/unseeded.py")
    assert code and "FAILED" in said, f"./dev outputs recorded an unseeded program:\n{said}"
    return python(project, {"DOCS_CACHE": str(project / ".c")}, *SNIPPET_TESTS)


SNIPPET_FAULTS = {
    "an-output-off-by-one-character": (
        "snippets/f/drifted.out no longer matches what snippets/f/drifted.py",
        "+1.5",
        "./dev outputs snippets/f/drifted.py",
    ),
    "an-unseeded-random-print": ("snippets/f/unseeded.py prints different output under different global seeds",),
    "a-snippet-that-raises": ("snippets/f/raises.py:4", "raised RuntimeError"),
    "a-quoted-value-that-drifted": ("snippets/d/v.values.json no longer matches", "./dev outputs snippets/d/v.py"),
}


@pytest.mark.parametrize("fault", SNIPPET_FAULTS)
def test_the_snippet_tests_name_the_fault(snippet_run, fault):
    _fails_naming(snippet_run, *SNIPPET_FAULTS[fault])


def _build(project):
    return finished(start_build(project, project / "site", {"DOCS_KERNELS": "false"}))


@pytest.fixture(scope="module")
def site_faults(recorded, tmp_path_factory):
    """One build for the faults the strict build reports as warnings (it still writes every page)."""
    project = _project(
        recorded,
        tmp_path_factory.mktemp("site"),
        {
            "docs/zh/b.md": "# 乙 { #b }\n\n见[不存在的页面](no-such-page.md)。\n",
            "docs/en/b.md": "# B { #b }\n\nSee [a missing anchor](index.md#no-such-anchor).\n",
            "docs/zh/c.md": '# 丙 { #c }\n\n值：{{ value("d/v", "no_such_value") }}\n',
            "docs/en/c.md": '# C { #c }\n\nDerived: {{ derive("2 + 2×4", "d/v", "y") }}\n',
        },
    )
    return project, _build(project)


SITE_FAULTS = {
    "a-broken-internal-link": ("zh/b.md", "no-such-page.md"),
    "a-broken-anchor": ("en/b.md", "#no-such-anchor"),
    "an-unknown-value": ("docs/zh/c.md", "snippets/d/v.py", "'no_such_value'"),
    "a-derivation-that-misses": ("docs/en/c.md", "2 + 2×4 gives 10", "y of snippets/d/v.py is 1234.5"),
}


@pytest.mark.parametrize("fault", SITE_FAULTS)
def test_the_strict_build_names_the_fault(site_faults, fault):
    _fails_naming(site_faults[1], *SITE_FAULTS[fault])


def test_a_rerecorded_value_reaches_both_languages(site_faults):
    project, built = site_faults
    for page in ("site/a/index.html", "site/en/a/index.html"):
        assert (project / page).is_file(), f"the build stopped before writing {page}:\n{built.stderr[-3000:]}"
        assert "1234.5" in read(project / page), f"{page} does not show the re-recorded value"


def test_a_notebook_cell_that_raises(recorded, tmp_path):
    """Every snippet runs (order.py prints 3, as stored), yet the page's notebook does not: the page shows
    the parts of a program in an order that cannot run top to bottom."""
    sections = "# --8<-- [start:define]\nx = 2\n# --8<-- [end:define]\n# --8<-- [start:use]\nprint(x + 1)\n# --8<-- [end:use]\n"
    blocks = '```python\n--8<-- "f/order.py:use"\n```\n\n```python\n--8<-- "f/order.py:define"\n```\n\n```text\n--8<-- "f/order.out"\n```\n'
    files = {"snippets/f/order.py": sections, "snippets/f/order.out": "3\n"}
    project = _project(recorded, tmp_path, files | {f"docs/{lang}/b.md": f"# B {{ #b }}\n\n{blocks}" for lang in ("zh", "en")})
    _fails_naming(_build(project), "notebook zh/b.zh.ipynb (made from docs/zh/b.md)", "(f/order.py:use) raised", "NameError")
