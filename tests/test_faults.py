"""Authoring faults that only a whole run can show are caught, naming the file: each test injects one
into a copy of the project (tests/helpers.py) and runs the check that must catch it as `./dev test`
runs it: the strict build, or the snippet harness in one run for all the snippet faults. A fault a
page check sees (pasted code, a lost heading id) is that check's own test. Faults the strict build
reports as warnings share one build (it still writes every page); a notebook cell that raises stops
the build and gets one of its own.
"""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from docs_pipeline.runner import SEEDS
from docs_pipeline.site import layout
from tests.helpers import copy_project, finished, start_build

# A page with no code: a fault there re-executes no notebook (the build stays fast).
PROSE_PAGE = "glossary.md"
# Another one: a page with a macro error is rendered as that error alone, hiding its other faults.
OTHER_PROSE_PAGE = "summary.md"
QUOTED = ("how_it_works/grad_basics", "x.grad")  # a value both how-it-works pages quote


def _fails_naming(result: subprocess.CompletedProcess, *names: str) -> None:
    output = result.stdout + result.stderr
    assert result.returncode != 0, f"the injected fault went unnoticed (exit 0):\n{output[-3000:]}"
    missing = [name for name in names if name not in output]
    said = "\n".join(line for line in output.splitlines() if "ERROR" in line or "WARNING  -" in line or "FAILED" in line)
    assert not missing, f"the failure does not name {missing}:\n{said[:3000]}\n...\n{output[-3000:]}"


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def _rerecord_quoted(project: Path) -> None:
    """QUOTED's stored value, as if the program had computed another one when it was recorded."""
    stored = project / "snippets" / f"{QUOTED[0]}.values.json"
    stored.write_text(json.dumps({**json.loads(stored.read_text(encoding="utf-8")), QUOTED[1]: 1234.5}), encoding="utf-8")


# ------------------------------------------------------------------ snippets and outputs


@pytest.fixture(scope="module")
def snippet_faults(tmp_path_factory):
    """One copy, one run of the snippet tests, four faults in four snippet files."""
    project = copy_project(tmp_path_factory.mktemp("snippets") / "project")
    faults = project / "snippets" / "fault_injection"
    faults.mkdir()
    (faults / "drifted.py").write_text("print(0.5 + 1)\n", encoding="utf-8")
    (faults / "drifted.out").write_text("1.6\n", encoding="utf-8")
    (faults / "unseeded.py").write_text("import random\n\nprint(random.randint(0, 10**6))\n", encoding="utf-8")
    (faults / "raises.py").write_text("import torch\n\nx = torch.ones(2)\nprint(x.view(3))\n", encoding="utf-8")
    (faults / "raises.out").write_text("", encoding="utf-8")
    command = [sys.executable, "-m", "docs_pipeline.outputs", "snippets/fault_injection/unseeded.py"]
    recorded = subprocess.run(command, cwd=project, capture_output=True, text=True, timeout=600)
    assert "FAILED" in recorded.stderr, f"./dev outputs recorded an unseeded program:\n{recorded.stdout}{recorded.stderr}"
    # As if recorded once by hand: what it prints under the recording seed (runner.SEEDS[0]).
    (faults / "unseeded.out").write_text(f"{random.Random(SEEDS[0]).randint(0, 10**6)}\n", encoding="utf-8")
    _rerecord_quoted(project)
    # As `./dev test` runs them. Named by folder: a .py file named on pytest's command line would also
    # be imported as a test module, which `./dev test` never does.
    quoted_folder, _, quoted = QUOTED[0].rpartition("/")
    command = [sys.executable, "-m", "pytest", "-q", "--no-header", "-p", "no:cacheprovider", f"snippets/{quoted_folder}"]
    command += ["snippets/fault_injection", "-k", f"drifted or unseeded or raises or {quoted}"]
    return subprocess.run(command, cwd=project, capture_output=True, text=True, timeout=600)


# What the failure must say, for each fault.
SNIPPET_FAULTS = {
    "an-output-off-by-one-character": (
        "snippets/fault_injection/drifted.out no longer matches what snippets/fault_injection/drifted.py",
        "./dev outputs snippets/fault_injection/drifted.py",
    ),
    "an-unseeded-random-print": ("snippets/fault_injection/unseeded.py prints different output under different global seeds",),
    "a-snippet-that-raises": ("snippets/fault_injection/raises.py:4", "raised RuntimeError"),
    "a-quoted-value-that-drifted": (
        f"snippets/{QUOTED[0]}.values.json no longer matches",
        f"./dev outputs snippets/{QUOTED[0]}.py",
    ),
}


@pytest.mark.parametrize("fault", SNIPPET_FAULTS)
def test_the_snippet_tests_name_the_fault(snippet_faults, fault):
    _fails_naming(snippet_faults, *SNIPPET_FAULTS[fault])


# ------------------------------------------------------------------ pages


def test_a_notebook_cell_that_raises(tmp_path):
    """Every snippet runs (order.py prints 3, as stored), yet the page's notebook does not: the page shows
    the parts of a program in an order that cannot run top to bottom (a name used in one cell is
    defined in a later one)."""
    project = copy_project(tmp_path / "project")
    faults = project / "snippets" / "fault_injection"
    faults.mkdir()
    (faults / "order.py").write_text(
        "# --8<-- [start:define]\nx = 2\n# --8<-- [end:define]\n# --8<-- [start:use]\nprint(x + 1)\n# --8<-- [end:use]\n",
        encoding="utf-8",
    )
    (faults / "order.out").write_text("3\n", encoding="utf-8")
    page = f"docs/zh/{PROSE_PAGE}"
    _append(
        project / page,
        "\n## 顺序颠倒的例子 { #wrong-order }\n\n"
        '```python\n--8<-- "fault_injection/order.py:use"\n```\n\n'
        '```python\n--8<-- "fault_injection/order.py:define"\n```\n\n'
        '```text title="输出"\n--8<-- "fault_injection/order.out"\n```\n',
    )
    notebook = f"zh/{PROSE_PAGE.removesuffix('.md')}.zh.ipynb"
    _fails_naming(
        finished(start_build(project, project / "site")),
        f"notebook {notebook} (made from {page})",
        "(fault_injection/order.py:use) raised",
        "NameError",
    )


# ------------------------------------------------------------------ one strict build, every warning


@pytest.fixture(scope="module")
def site_faults(tmp_path_factory):
    """One copy, one build: the faults the strict build reports as warnings (SITE_FAULTS), and one change
    that is not a fault: a value re-recorded, which both languages must show."""
    project = copy_project(tmp_path_factory.mktemp("site") / "project")
    docs = project / "docs"
    _append(docs / "zh" / PROSE_PAGE, "\n见[不存在的页面](no-such-page.md)。\n")
    _append(docs / "en" / PROSE_PAGE, "\nSee [a missing anchor](index.md#no-such-anchor).\n")
    _append(docs / "zh" / OTHER_PROSE_PAGE, '\n值：{{ value("how_it_works/grad_basics", "no_such_value") }}\n')
    _append(docs / "en" / OTHER_PROSE_PAGE, '\nDerived: {{ derive("2 + 2×4", "how_it_works/grad_basics", "y.grad") }}\n')
    _rerecord_quoted(project)
    return project, finished(start_build(project, project / "site"))


SITE_FAULTS = {
    "a-broken-internal-link": (f"zh/{PROSE_PAGE}", "no-such-page.md"),
    "a-broken-anchor": (f"en/{PROSE_PAGE}", "#no-such-anchor"),
    "an-unknown-value": (f"docs/zh/{OTHER_PROSE_PAGE}", f"snippets/{QUOTED[0]}.py", "'no_such_value'"),
    "a-derivation-that-misses": (f"docs/en/{OTHER_PROSE_PAGE}", "2 + 2×4 gives 10", f"y.grad of snippets/{QUOTED[0]}.py is 8"),
}


@pytest.mark.parametrize("fault", SITE_FAULTS)
def test_the_strict_build_names_the_fault(site_faults, fault):
    _fails_naming(site_faults[1], *SITE_FAULTS[fault])


def test_a_rerecorded_value_reaches_both_languages(site_faults):
    project, built = site_faults
    site = layout(project)
    for lang in site.languages:
        page = project / "site" / site.prefix(lang) / "how-it-works" / "index.html"
        assert page.is_file(), f"the build stopped before writing {page.name}:\n{built.stderr[-3000:]}"
        assert "1234.5" in page.read_text(encoding="utf-8"), f"{lang}: how-it-works does not show the re-recorded {QUOTED}"
