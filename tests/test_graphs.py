"""Every figure shows the graph torch really builds: the drawing of a fresh run checked against a plain
walk of grad_fn (that the stored figure is that drawing is the snippet's own test)."""

import re
from collections import Counter

import pytest

from docs_pipeline.outputs import draw_figure, figure_paths
from docs_pipeline.runner import ROOT, all_snippets, run_for_namespace

FIGURES = [(s, f) for s in all_snippets() for f in figure_paths(s)]


def _walk(tensor) -> Counter:
    """Node names reachable from tensor.grad_fn, each node object counted once."""
    seen, names, todo = set(), Counter(), [tensor.grad_fn]
    while todo:
        fn = todo.pop()
        if fn is None or id(fn) in seen:
            continue
        seen.add(id(fn))
        names[fn.name().rpartition("::")[2]] += 1
        todo.extend(next_fn for next_fn, _ in fn.next_functions)
    return names


def test_there_are_figures():
    assert FIGURES, "no figures found: snippets/<dir>/<name>.<variable>.svg"


@pytest.mark.parametrize("snippet,figure", FIGURES, ids=[f.relative_to(ROOT).as_posix() for _, f in FIGURES])
def test_figure_nodes_are_torchs_nodes(snippet, figure):
    _, namespace = run_for_namespace(snippet)
    variable = figure.name[len(snippet.path.stem) + 1 : -len(".svg")]
    expected = _walk(namespace[variable])
    svg = draw_figure(snippet, figure, namespace)
    drawn = Counter(label for label in re.findall(r"<text [^>]*>([^<]+)</text>", svg) if label in expected)
    assert drawn == expected, f"{figure.relative_to(ROOT)} draws {dict(drawn)}, torch built {dict(expected)}"
    leaves = re.findall(r'<g class="node leaf">.*?<text [^>]*>([^<]+)</text>', svg, re.S)
    assert len(leaves) == expected["AccumulateGrad"], f"{figure.relative_to(ROOT)}: one leaf per AccumulateGrad"
