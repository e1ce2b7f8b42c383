"""Every code block on every page is included from snippets/, and shows its real output."""

import pytest

from docs_pipeline.pages import INCLUDE, ROOT, blocks, pages, split_target

PAGES = pages()


def _name(path):
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_code_is_included_not_pasted(page):
    for block in blocks(page):
        assert not block.pasted, f"{block.where}: code pasted into the page; put it in snippets/ and include it"
        assert block.includes, f"{block.where}: empty code block"
        for target in block.includes:
            path, _ = split_target(target)
            expected = {".py": "python", ".out": "text"}.get(path.suffix)
            assert block.language == expected, (
                f"{block.where}: a block including {target} must be a ```{expected} block, not ```{block.language}"
            )


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_each_snippet_shown_whole_with_its_output(page):
    """What a reader copies from the page is the whole program, and the page shows what it prints."""
    page_blocks = blocks(page)
    included = [split_target(t) for b in page_blocks for t in b.includes]
    outputs = {path for path, _ in included if path.suffix == ".out"}
    shown: dict = {}
    for path, section in included:
        if path.suffix == ".py":
            shown.setdefault(path, set()).add(section)
    for snippet, sections in shown.items():
        if None not in sections:
            lines = snippet.read_text(encoding="utf-8").splitlines()
            uncovered = _lines_outside(lines, sections)
            assert not uncovered, (
                f"{_name(page)} shows {_name(snippet)} only in part; lines {uncovered} are not in any "
                f"included section, so copied code would not be the program that printed the output"
            )
        out = snippet.with_suffix(".out")
        if out.exists() and out.read_text(encoding="utf-8"):
            assert out in outputs, f"{_name(page)} shows {_name(snippet)} but not its output {_name(out)}"


def _lines_outside(lines, sections):
    import re

    marker = re.compile(r"--8<-- \[(start|end):([\w-]+)\]")
    open_sections, uncovered = set(), []
    for number, line in enumerate(lines, 1):
        m = marker.search(line)
        if m:
            (open_sections.add if m.group(1) == "start" else open_sections.discard)(m.group(2))
        elif line.strip() and not (open_sections & sections):
            uncovered.append(number)
    return uncovered


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_figures_are_drawn_from_a_snippet_on_the_page(page):
    """Outside code blocks only figures are included: an SVG inside <figure>, next to its program."""
    lines = page.read_text(encoding="utf-8").splitlines()
    page_blocks = blocks(page)
    in_fence = {n for b in page_blocks for n in range(b.line, b.end + 1)}
    shown = {split_target(t)[0] for b in page_blocks for t in b.includes}
    in_figure = False
    for number, line in enumerate(lines, 1):
        if number in in_fence:
            continue
        in_figure = (in_figure or "<figure" in line) and "</figure>" not in line
        inc = INCLUDE.match(line)
        if not inc:
            continue
        where = f"{_name(page)}:{number}"
        path, _ = split_target(inc.group("target"))
        assert path.suffix == ".svg" and in_figure, f"{where}: outside a code block only an .svg figure may be included, inside <figure>"
        assert path.is_file(), f"{where}: no figure {_name(path)}; draw it with ./dev outputs --figure <snippet.py>:<variable>"
        program = path.with_name(path.name.split(".")[0] + ".py")
        assert program in shown, f"{where}: the figure's program {_name(program)} is not shown on the page"
