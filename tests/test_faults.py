"""Authoring faults that only a whole run can show are caught, naming the file: each test injects one
into a copy of the project (tests/helpers.py) and runs the check that must catch it as `./dev test`
runs it: the strict build, or the snippet harness in one run for all the snippet faults. A fault a
page check sees (pasted code, a lost heading id) is that check's own test. Faults the strict build
reports as warnings share one build (it still writes every page); a notebook cell that raises stops
the build and gets one of its own.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from pymdownx.snippets import SnippetMissingError

from docs_pipeline.pages import expand
from docs_pipeline.runner import SEEDS
from docs_pipeline.site import ROOT, layout
from docs_pipeline.translations import missing_counterparts
from tests.helpers import build_site, copy_project, snippet_with_output
from tests.site_loads import site_weights

# A page with no code: a fault there re-executes no notebook (the build stays fast).
PROSE_PAGE = "glossary.md"
# Another one: a page with a macro error is rendered as that error alone, hiding its other faults.
OTHER_PROSE_PAGE = "summary.md"
QUOTED = ("how_it_works/grad_basics", "x.grad")  # a value both how-it-works pages quote
REAL = snippet_with_output(ROOT)  # a snippet whose stored output gets one character wrong


def _outcome(result: subprocess.CompletedProcess) -> tuple[int, str]:
    return result.returncode, result.stdout + result.stderr


def _pytest(project: Path, *args: str) -> tuple[int, str]:
    """Part of the copy's own test suite, as `./dev test ARGS` runs it there."""
    command = [sys.executable, "-m", "pytest", "-q", "--no-header", "-p", "no:cacheprovider", *args]
    return _outcome(subprocess.run(command, cwd=project, capture_output=True, text=True))


def _fails_naming(outcome: tuple[int, str], *names: str) -> None:
    code, output = outcome
    assert code != 0, f"the injected fault went unnoticed (exit 0):\n{output[-3000:]}"
    missing = [name for name in names if name not in output]
    said = "\n".join(line for line in output.splitlines() if "ERROR" in line or "WARNING  -" in line or "FAILED" in line)
    assert not missing, f"the failure does not name {missing}:\n{said[:3000]}\n...\n{output[-3000:]}"


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


# ------------------------------------------------------------------ snippets and outputs


@pytest.fixture(scope="module")
def snippet_faults(tmp_path_factory):
    """One copy, one run of the snippet tests, three faults in three snippet files."""
    project = copy_project(tmp_path_factory.mktemp("snippets") / "project")
    out = project / REAL.replace(".py", ".out")
    text = out.read_text(encoding="utf-8")
    at = len(text.rstrip()) - 1
    out.write_text(text[:at] + ("1" if text[at] != "1" else "2") + text[at + 1 :], encoding="utf-8")
    faults = project / "snippets" / "fault_injection"
    faults.mkdir()
    (faults / "unseeded.py").write_text("import torch\n\nprint(torch.rand(3))\n", encoding="utf-8")
    (faults / "raises.py").write_text("import torch\n\nx = torch.ones(2)\nprint(x.view(3))\n", encoding="utf-8")
    (faults / "raises.out").write_text("", encoding="utf-8")
    command = [sys.executable, "-m", "docs_pipeline.outputs", "snippets/fault_injection/unseeded.py"]
    recorded = subprocess.run(command, cwd=project, capture_output=True, text=True)
    assert "FAILED" in recorded.stderr, f"./dev outputs recorded an unseeded program:\n{recorded.stdout}{recorded.stderr}"
    # As if recorded once by hand: what it prints under the recording seed (runner.SEEDS[0]).
    (faults / "unseeded.out").write_text(
        f"{torch.rand(3, generator=torch.Generator().manual_seed(SEEDS[0]))}\n", encoding="utf-8"
    )
    snippet, path = QUOTED  # the program now computes another value than the one recorded for the prose
    stored = project / "snippets" / f"{snippet}.values.json"
    values = json.loads(stored.read_text(encoding="utf-8"))
    stored.write_text(json.dumps({**values, path: values[path] + 1}), encoding="utf-8")
    # Named by folder: a .py file named on pytest's command line would also be imported as a
    # test module, which `./dev test` never does.
    folder, _, name = REAL.rpartition("/")
    quoted_folder, _, quoted = snippet.rpartition("/")
    selected = f"{name.removesuffix('.py')} or unseeded or raises or {quoted}"
    return _pytest(project, *dict.fromkeys([folder, f"snippets/{quoted_folder}"]), "snippets/fault_injection", "-k", selected)


# What the failure must say, for each fault.
SNIPPET_FAULTS = {
    "an-output-off-by-one-character": (REAL.replace(".py", ".out"), f"no longer matches what {REAL}", f"./dev outputs {REAL}"),
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


def test_an_include_of_a_missing_file_or_section():
    """pages.expand is pymdownx.snippets configured as mkdocs.yml configures the build: with
    check_paths on, a missing file or section raises (the build then names the page)."""
    for target, said in (
        ("how_it_works/no_such_snippet.py", "no_such_snippet.py"),
        ("how_it_works/grad_basics.py:no_such_section", "no_such_section"),
    ):
        with pytest.raises(SnippetMissingError, match=said):
            expand([target])


def test_a_notebook_cell_that_raises(tmp_path):
    """Every snippet runs, yet the page's notebook does not: the page shows the parts of a program
    in an order that cannot run top to bottom (a name used in one cell is defined in a later one)."""
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
    code, output = _pytest(project, "snippets/fault_injection")
    assert code == 0, f"the snippet itself must be fine for this fault:\n{output[-3000:]}"
    notebook = f"zh/{PROSE_PAGE.removesuffix('.md')}.zh.ipynb"
    built = _outcome(build_site(project, project / "site"))
    _fails_naming(built, f"notebook {notebook} (made from {page})", "(fault_injection/order.py:use) raised", "NameError")


# ------------------------------------------------------------------ one strict build, every warning


@pytest.fixture(scope="module")
def site_faults(tmp_path_factory):
    """One copy, one build: the faults the strict build reports as warnings (SITE_FAULTS), a script
    from another host (en), a link too faint to read (zh, the site audits'), and one change that is
    not a fault: a value re-recorded, which both languages must show."""
    project = copy_project(tmp_path_factory.mktemp("site") / "project")
    docs = project / "docs"
    _append(docs / "zh" / PROSE_PAGE, "\n见[不存在的页面](no-such-page.md)。\n")
    _append(
        docs / "en" / PROSE_PAGE,
        "\nSee [a missing anchor](index.md#no-such-anchor).\n"
        '\n<script src="https://cdn.example.com/lib.js"></script>\n'
        "\nA plain link elsewhere is fine: [PyTorch](https://pytorch.org/).\n",
    )
    _append(docs / "zh" / OTHER_PROSE_PAGE, '\n值：{{ value("how_it_works/grad_basics", "no_such_value") }}\n')
    _append(docs / "en" / OTHER_PROSE_PAGE, '\nDerived: {{ derive("2 + 2×4", "how_it_works/grad_basics", "y.grad") }}\n')
    (docs / "en" / "only-english.md").write_text("# Only in English { #only-english }\n", encoding="utf-8")
    _append(docs / "zh" / PROSE_PAGE, '\n[一个颜色太浅的链接](index.md){ style="color:#c8c8c8" }\n')
    snippet, path = QUOTED
    stored = project / "snippets" / f"{snippet}.values.json"
    stored.write_text(json.dumps({**json.loads(stored.read_text(encoding="utf-8")), path: 1234.5}), encoding="utf-8")
    return project, _outcome(build_site(project, project / "site"))


SITE_FAULTS = {
    "a-broken-internal-link": (f"zh/{PROSE_PAGE}", "no-such-page.md"),
    "a-broken-anchor": (f"en/{PROSE_PAGE}", "#no-such-anchor"),
    "a-page-in-one-language-only": ("only-english.md",),
    "an-unknown-value": (f"docs/zh/{OTHER_PROSE_PAGE}", f"snippets/{QUOTED[0]}.py", "'no_such_value'"),
    "a-derivation-that-misses": (f"docs/en/{OTHER_PROSE_PAGE}", "2 + 2×4 gives 10", f"y.grad of snippets/{QUOTED[0]}.py is 8"),
}


@pytest.mark.parametrize("fault", SITE_FAULTS)
def test_the_strict_build_names_the_fault(site_faults, fault):
    _fails_naming(site_faults[1], *SITE_FAULTS[fault])


def test_the_parity_check_names_both_sides_of_a_page_in_one_language_only(site_faults):
    """What tests/test_parity.py (test_every_page_exists_in_both_languages) fails with, in the copy."""
    problems = "\n".join(missing_counterparts(layout(site_faults[0])))
    assert "docs/en/only-english.md" in problems and "docs/zh/only-english.md" in problems, problems


def test_a_rerecorded_value_reaches_both_languages(site_faults):
    project, (_, output) = site_faults
    site = layout(project)
    for lang in site.languages:
        built = project / "site" / site.prefix(lang) / "how-it-works" / "index.html"
        assert built.is_file(), f"the build stopped before writing {built.name}:\n{output[-3000:]}"
        assert "1234.5" in built.read_text(encoding="utf-8"), f"{lang}: how-it-works does not show the re-recorded {QUOTED}"


def test_a_page_that_loads_from_another_host(site_faults):
    project, (_, output) = site_faults
    site_dir = project / "site"
    built = site_dir / "en" / PROSE_PAGE.removesuffix(".md") / "index.html"
    assert built.is_file(), f"the build stopped before writing {built.name}, nothing to check:\n{output[-3000:]}"
    loading = [w for w in site_weights(site_dir) if w.external]
    assert [w.page for w in loading] == [built.relative_to(site_dir).as_posix()], [(w.page, w.external) for w in loading]
    assert loading[0].external == ["https://cdn.example.com/lib.js"], loading[0].external
    assert layout(project).source_of(built, site_dir) == f"docs/en/{PROSE_PAGE}"
