"""Every Chinese page has an English translation with the same structure, and vice versa.

Same snippet includes in the same order, the same heading ids, the same admonitions and
collapsibles, code blocks, figures and code annotations (docs_pipeline/translations.py).
"""

import re

import pytest

from docs_pipeline.pages import ROOT, blocks, pages, split_target, structure
from docs_pipeline.translations import counterpart, missing_counterparts, parity_problems


def _name(path):
    return path.relative_to(ROOT).as_posix()


def test_every_page_exists_in_both_languages():
    problems = missing_counterparts()
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.mark.parametrize("source", pages("zh"), ids=_name)
def test_translation_has_the_same_structure(source):
    translation = counterpart(source)
    if not translation.exists():
        pytest.fail(f"{_name(source)} has no counterpart {_name(translation)}", pytrace=False)
    problems = parity_problems(source, translation)
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.mark.parametrize("page", pages(), ids=_name)
def test_every_heading_has_an_explicit_id(page):
    """Pure-Chinese headings would get order-dependent ids (_1, _2) that differ between languages."""
    missing = structure(page).headings_without_id
    if missing:
        pytest.fail(
            f"{_name(page)}: headings without an explicit id "
            f"(write `## 标题 {{ #some-id }}`, the same id in both languages):\n  " + "\n  ".join(missing),
            pytrace=False,
        )


def test_the_parity_check_sees_what_it_compares():
    """The parser really finds each kind of element (a parser that finds nothing passes every page)."""
    page = ROOT / "docs" / "zh" / "how-it-works.md"
    found = structure(page)
    assert found.heading_ids[0] == "how-it-works"
    assert any(t.endswith(".py") for t in found.includes) and any(t.endswith(".out") for t in found.includes)
    assert "python" in found.code_blocks and found.admonitions
    assert any(found.annotations), "the numbered list after a python block was not read as code annotations"


MARKER = re.compile(r"#\s*\((\d+)\)!")
SECTION = re.compile(r"--8<-- \[(start|end):([\w-]+)\]")


def _included_lines(target):
    path, section = split_target(target)
    lines = path.read_text(encoding="utf-8").splitlines()
    if section is None:
        return lines
    inside, kept = False, []
    for line in lines:
        m = SECTION.search(line)
        if m and m.group(2) == section:
            inside = m.group(1) == "start"
        elif inside:
            kept.append(line)
    return kept


@pytest.mark.parametrize("page", pages(), ids=_name)
def test_code_annotations_match_the_markers(page):
    """Each `# (n)!` in the code shown has item n in the list right after the block, and no more."""
    python_blocks = [b for b in blocks(page) if b.language == "python"]
    problems = []
    for block, listed in zip(python_blocks, structure(page).annotations):
        markers = sorted({int(n) for t in block.includes if split_target(t)[0].is_file()
                          for line in _included_lines(t) for n in MARKER.findall(line)})
        if markers != listed:
            problems.append(f"{block.where}: the code has markers {markers}, the list after the block has items {listed}")
    if problems:
        pytest.fail("\n".join(problems) + "\n(a numbered list right after a code block is read as its annotations)", pytrace=False)
