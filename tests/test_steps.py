"""Stepped figures (docs_pipeline/steps.py, steps_figure.py): recorded from real runs, and honest.

Recording changes nothing the program prints (`./dev outputs` refuses it), and the frames are part of what a
run records, so a changed frame fails the snippet's own test as any stale output does (naming the file and
the command), and so do frames a page asks for that nobody recorded ("has no stored <name>.steps.json");
the last backward frame's leaf gradients are values the program prints (steps.record checks it as it
records); every frame has its sentence and its text alternative in both languages, the Chinese ones in the
site's typography.
"""

import re

import pytest

from docs_pipeline.graphs import spoken
from docs_pipeline.runner import ROOT
from docs_pipeline.steps import declared, load
from docs_pipeline.steps_figure import figure
from tests import zh_copy
from tests.helpers import fail_if

STEPPED = sorted(declared())
FRAME = re.compile(r'(?s)<li class="steps__frame[^"]*"[^>]*><p class="steps__text">(.*?)</p>(.*?)</li>')  # (sentence, graph)


def test_backward_adds_up_at_a_shared_leaf():
    """z = x * y + y**2: two paths reach y's AccumulateGrad; what arrives is their sum, and that is y.grad."""
    assert "how_it_works/grad_basics" in STEPPED, 'no page calls {{ steps("how_it_works/grad_basics") }}'
    meeting = [f.facts for f in load("how_it_works/grad_basics")[1] if f.kind == "accumulate" and len(f.facts.sources) == 2]
    assert len(meeting) == 1, "one node where two paths meet"
    [facts] = meeting
    assert facts.leaf == "y" and sorted(source for source, _ in facts.sources) == ["MulBackward0", "PowBackward0"], facts
    assert sum(float(v) for _, v in facts.sources) == float(facts.received) == float(facts.grad) == 8.0, facts


@pytest.mark.parametrize("name", STEPPED)
def test_every_frame_is_told_in_both_languages(name):
    """Every frame has its sentence and its text alternative in both languages (that the last backward frame's
    leaf gradients are values the program prints: steps.record, on every run of it)."""
    recorded = load(name)[1]  # a missing file: StepsError, naming it and the command that records it
    for lang, step in (("en", "Step {n} of {total}: "), ("zh", "第 {n} 步，共 {total} 步：")):
        html = figure(name, lang, ROOT)
        bodies = FRAME.findall(html)
        assert len(bodies) == len(recorded), f"{name} ({lang}): {len(bodies)} frames drawn, {len(recorded)} recorded"
        for n, (text, body) in enumerate(bodies, 1):
            assert text.startswith(step.format(n=n, total=len(recorded))), text
            # the program's own line may hold braces (an f-string)
            assert "{" not in re.sub("<code>.*?</code>", "", text) and len(re.sub("<[^>]+>", "", text)) > len(step) + 10, (
                f"{name} ({lang}) step {n}: {text}"
            )
            # that it draws every recorded node: tests/test_graphs.py (the same svg() draws every figure)
            assert re.search(r"<title[^>]*>\s*[^<\s]", body), f"{name} ({lang}) step {n}: its SVG has no text alternative"
        assert re.search(r'class="node (leaf|function) steps__new"', html), f"{name} ({lang}): no frame marks a new node"
    # the zh figure's sentences and text alternatives follow the typography of tests/test_zh_copy.py
    fail_if(zh_copy.lint(zh_copy.html_text(html), f"snippets/{name}.steps.json (zh figure)"))


def test_a_tiny_engine_is_stepped_like_torch():
    """snippets/tiny_autograd/engine.py: each Value is recorded on the line that makes it, one node named by
    its operation (a leaf by its variable) above its inputs; each `+=` of its backward is a step (y's two
    uses, one after the other), and its leaves hold torch's gradients when torch's last pass ends."""
    frames = load("tiny_autograd/engine")[1]
    done = max(i for i, f in enumerate(frames) if f.kind == "done")  # torch's last backward pass
    forward = [f for f in frames[:done] if f.kind == "forward"]
    recording = [f for f in forward if f.facts.recorded][:4]
    assert [f.facts.recorded for f in recording] == [["x", "y"], ["*"], ["**2"], ["+"]]
    z = recording[-1]
    # the leaves; every other Value here was made by an operation (the arrows below), a function node
    assert [n.name for n in z.nodes if n.kind == "leaf"] == ["x", "y"]
    assert spoken(z.nodes, z.edges) == (
        "* (grad=0.0) → x (grad=0.0); * (grad=0.0) → y (grad=0.0); **2 (grad=0.0) → y (grad=0.0); + (grad=0.0) → * (grad=0.0); + (grad=0.0) → **2 (grad=0.0)"
    )
    grads = [grad for f in forward for grad in f.facts.grads]
    assert [detail for name, detail in grads if name == "y"][:2] == ["grad=6.0", "grad=8.0"]
    tiny = dict(grads)  # the last of each
    assert [tiny["x"], tiny["y"]] == [f"grad={value}" for _, value in frames[done].facts.grads]
