"""Draw the real autograd graph behind a tensor as a small, self-contained SVG.

The graph is read from torch itself (`grad_fn`, `next_functions`, `AccumulateGrad.variable`):
node names are exactly what torch reports, leaf tensors are named after the snippet's
variables. Arrows point the way gradients flow in the backward pass: from the output down
to the leaves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

CHAR_W, PAD_X, BOX_H, ROW_GAP, COL_GAP, MARGIN = 8.4, 14, 34, 30, 22, 12


@dataclass
class Node:
    key: int
    label: str
    kind: str  # "output", "function", "accumulate" or "leaf"
    sublabel: str = ""
    children: list[int] = field(default_factory=list)
    layer: int = 0
    x: float = 0.0

    @property
    def width(self) -> float:
        return max(len(self.label), len(self.sublabel)) * CHAR_W + 2 * PAD_X


def _tensor_names(namespace: dict) -> dict[int, str]:
    """id(tensor) -> the name a reader sees in the snippet (module parameters included)."""
    names: dict[int, str] = {}
    for name, value in namespace.items():
        if name.startswith("_"):
            continue
        if hasattr(value, "named_parameters") and callable(value.named_parameters):
            for pname, param in value.named_parameters():
                names.setdefault(id(param), f"{name}.{pname}")
        elif type(value).__name__ in ("Tensor", "Parameter"):
            names.setdefault(id(value), name)
    return names


def autograd_graph(tensor, name: str, namespace: dict) -> list[Node]:
    """The nodes reachable from `tensor.grad_fn`, in a stable order, with children by key."""
    if tensor.grad_fn is None:
        raise ValueError(f"{name} has no grad_fn: it is a leaf or was computed without recording")
    names = _tensor_names(namespace)
    nodes: dict[int, Node] = {}
    output = Node(key=0, label=name, kind="output", sublabel=f"grad_fn={tensor.grad_fn.name()}")
    nodes[0] = output

    def visit(fn) -> int:
        key = id(fn)
        if key in nodes:
            return key
        if hasattr(fn, "variable"):  # AccumulateGrad: where a leaf's .grad is written
            node = nodes[key] = Node(key, "AccumulateGrad", "accumulate")
            leaf = fn.variable
            leaf_key = id(leaf)
            nodes[leaf_key] = Node(leaf_key, names.get(leaf_key, f"tensor{list(leaf.shape)}"), "leaf", "is_leaf=True")
            node.children.append(leaf_key)
            return key
        node = nodes[key] = Node(key, fn.name(), "function")
        for next_fn, _ in fn.next_functions:
            if next_fn is not None:
                child = visit(next_fn)
                if child not in node.children:
                    node.children.append(child)
        return key

    output.children.append(visit(tensor.grad_fn))
    return list(nodes.values())


def _layout(nodes: list[Node]) -> tuple[list[list[Node]], float]:
    by_key = {n.key: n for n in nodes}
    # Longest path from the output: a shared node sits below every node that uses it.
    changed = True
    while changed:
        changed = False
        for node in nodes:
            for child in node.children:
                if by_key[child].layer < node.layer + 1:
                    by_key[child].layer = node.layer + 1
                    changed = True
    rows: list[list[Node]] = [[] for _ in range(max(n.layer for n in nodes) + 1)]
    for node in nodes:  # insertion order is discovery order: stable
        rows[node.layer].append(node)
    width = max(sum(n.width for n in row) + COL_GAP * (len(row) - 1) for row in rows)
    for depth, row in enumerate(rows):
        if depth:  # order by the mean position of the parents (fewer crossings)
            parents = {k: [p.x for p in rows[depth - 1] if k in p.children] for k in (n.key for n in row)}
            row.sort(key=lambda n: sum(parents[n.key]) / len(parents[n.key]) if parents[n.key] else 0)
        total = sum(n.width for n in row) + COL_GAP * (len(row) - 1)
        x = (width - total) / 2
        for node in row:
            node.x = x + node.width / 2
            x += node.width + COL_GAP
    return rows, width


STYLE = {
    "output": "fill:var(--md-default-bg-color,#fff);stroke:var(--md-default-fg-color,#222);stroke-width:1.5",
    "function": "fill:var(--md-code-bg-color,#f5f5f5);stroke:var(--md-default-fg-color--light,#666);stroke-width:1",
    "accumulate": "fill:var(--md-code-bg-color,#f5f5f5);stroke:var(--md-default-fg-color--light,#666);stroke-width:1;stroke-dasharray:4 2",
    "leaf": "fill:var(--md-accent-fg-color--transparent,#e8f0fe);stroke:var(--md-accent-fg-color,#526cfe);stroke-width:2",
}


def render_svg(tensor, name: str, namespace: dict, figure_id: str) -> str:
    nodes = autograd_graph(tensor, name, namespace)
    rows, width = _layout(nodes)
    by_key = {n.key: n for n in nodes}
    height = len(rows) * BOX_H + (len(rows) - 1) * ROW_GAP
    y_of = lambda node: MARGIN + node.layer * (BOX_H + ROW_GAP)  # noqa: E731
    total_w, total_h = width + 2 * MARGIN, height + 2 * MARGIN
    arrow = f"{figure_id}-arrow"

    def spoken(node: Node) -> str:  # AccumulateGrad nodes told apart by their leaf
        return f"{node.label} ({by_key[node.children[0]].label})" if node.kind == "accumulate" else node.label

    summary = "; ".join(f"{spoken(n)} → {', '.join(spoken(by_key[c]) for c in n.children)}" for n in nodes if n.children)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="autograd-graph" viewBox="0 0 {total_w:.0f} {total_h:.0f}" '
        f'width="{total_w:.0f}" height="{total_h:.0f}" role="img" aria-labelledby="{figure_id}-title">',
        f'<title id="{figure_id}-title">autograd graph of {escape(name)}: {escape(summary)}</title>',
        f'<defs><marker id="{arrow}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto">'
        '<path d="M0,0 L10,5 L0,10 z" style="fill:var(--md-default-fg-color--light,#666)"/></marker></defs>',
    ]
    for node in nodes:
        for child_key in node.children:
            child = by_key[child_key]
            x1, y1 = node.x + MARGIN, y_of(node) + BOX_H
            x2, y2 = child.x + MARGIN, y_of(child)
            out.append(
                f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                f'style="stroke:var(--md-default-fg-color--light,#666);stroke-width:1.2" marker-end="url(#{arrow})"/>'
            )
    for node in nodes:
        left, top = node.x + MARGIN - node.width / 2, y_of(node)
        out.append(
            f'<g class="node {node.kind}"><rect x="{left:.1f}" y="{top:.1f}" width="{node.width:.1f}" height="{BOX_H}" '
            f'rx="{12 if node.kind in ("output", "leaf") else 3}" style="{STYLE[node.kind]}"/>'
        )
        text_style = "fill:var(--md-default-fg-color,#222);font-family:var(--md-code-font-family,monospace);font-size:13px"
        if node.sublabel:
            lines = [(node.label, top + 14, ""), (node.sublabel, top + 28, "font-size:10.5px;")]
        else:
            lines = [(node.label, top + 21.5, "")]
        for text, baseline, extra in lines:
            out.append(
                f'<text x="{node.x + MARGIN:.1f}" y="{baseline:.1f}" text-anchor="middle" style="{text_style};{extra}">{escape(text)}</text>'
            )
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"
