"""The one walk reads the graph torch builds, and a figure draws every node it found, styled by
classes only (that a stored figure is the drawing of a fresh run is the snippet's own test)."""

import re
from collections import Counter

import torch

from docs_pipeline.graphs import render_svg, spoken, variables, walk

x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
NAMESPACE = {"x": x, "y": y, "z": x * y + y**2 * 2}  # y's AccumulateGrad under Mul and Pow; `* 2`: a None in next_functions
NODES, EDGES = walk(variables([NAMESPACE])[0]).drawn()


def test_the_walk_finds_what_torch_recorded():
    arrows = Counter(spoken(NODES, EDGES).split("; "))  # an AccumulateGrad is said with its leaf
    assert arrows == Counter(
        [
            "z (grad_fn=AddBackward0) → AddBackward0",
            "AddBackward0 → MulBackward0",
            "AddBackward0 → MulBackward0",
            "MulBackward0 → AccumulateGrad (x)",  # x * y
            "MulBackward0 → AccumulateGrad (y)",
            "MulBackward0 → PowBackward0",
            "PowBackward0 → AccumulateGrad (y)",
            "AccumulateGrad (x) → x (is_leaf=True)",
            "AccumulateGrad (y) → y (is_leaf=True)",  # one AccumulateGrad for y, under both Mul and Pow
        ]
    ), arrows
    assert sorted(n.kind for n in NODES if n.name in "xyz") == ["leaf", "leaf", "output"]


def test_a_figure_draws_every_node_with_classes_only():
    svg = render_svg(NAMESPACE["z"], "z", NAMESPACE, "graph-test")
    drawn = [re.findall(r"<text[^>]*>([^<]+)</text>", g) for g in re.findall(r'(?s)<g class="node [^"]*">(.*?)</g>', svg)]
    assert sorted(texts[0] for texts in drawn) == sorted(n.name for n in NODES), drawn
    assert sorted(texts[0] for texts in drawn if texts[1:] == ["is_leaf=True"]) == ["x", "y"]
    assert svg.count("<line ") == len(EDGES)
    assert "style=" not in svg, "a figure's look belongs in steps.css"
