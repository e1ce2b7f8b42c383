"""The one walk reads the graph torch builds, and a figure draws every node it found, styled by
classes only (that a stored figure is the drawing of a fresh run is the snippet's own test)."""

import re
from collections import Counter

import torch

from docs_pipeline.graphs import render_svg, variables, walk

x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
NAMESPACE = {"x": x, "y": y, "z": x * y + y**2 * 2}  # y's AccumulateGrad under Mul and Pow; `* 2`: a None in next_functions
GRAPH = walk(variables([NAMESPACE])[0])


def test_the_walk_finds_what_torch_recorded():
    nodes = GRAPH.nodes
    edges = Counter((nodes[a].name, nodes[b].name) for a, b in GRAPH.edges)
    assert edges == Counter(
        {
            ("z", "AddBackward0"): 1,
            ("AddBackward0", "MulBackward0"): 2,
            ("MulBackward0", "AccumulateGrad"): 2,  # x * y: one each for x and y
            ("MulBackward0", "PowBackward0"): 1,
            ("PowBackward0", "AccumulateGrad"): 1,
            ("AccumulateGrad", "x"): 1,
            ("AccumulateGrad", "y"): 1,  # one AccumulateGrad for y, under both Mul and Pow
        }
    ), edges
    assert sorted(n.kind for n in nodes.values() if n.name in "xyz") == ["leaf", "leaf", "output"]


def test_a_figure_draws_every_node_with_classes_only():
    svg = render_svg(NAMESPACE["z"], "z", NAMESPACE, "graph-test")
    drawn = [re.findall(r"<text[^>]*>([^<]+)</text>", g) for g in re.findall(r'<g class="node [^"]*">(.*?)</g>', svg, re.S)]
    assert Counter(texts[0] for texts in drawn) == Counter(n.name for n in GRAPH.nodes.values()), drawn
    assert sorted(texts[0] for texts in drawn if texts[1:] == ["is_leaf=True"]) == ["x", "y"]
    assert svg.count("<line ") == len(GRAPH.edges)
    assert "style=" not in svg, "a figure's look belongs in steps.css"
