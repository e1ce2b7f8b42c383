"""The autograd graph's one walk, layout and SVG writer, for the static figures and every stepped frame.

Node names are what torch reports (`name()`; `AccumulateGrad.variable` is the leaf below it), leaf
tensors are named after the program's variables, and arrows point the way gradients flow in the
backward pass. A tiny engine's scalars (micrograd's `Value`: `grad`, its inputs `_prev`, its operation
`_op`) are drawn the same way, each one node named by its operation, or by its variable if a leaf. The
SVG carries classes, not colours, so that steps.css draws it in both palettes.
"""

from dataclasses import dataclass, replace
from functools import cache
from html import escape

CHAR_W, PAD_X, BOX_H, ROW_GAP, COL_GAP, MARGIN = 8.4, 14, 34, 40, 22, 12
LABEL_FONT = 11  # a gradient on an arrow (steps.css)


@dataclass
class Node:
    id: str  # stable within a figure ("t1", "f3"); empty inside a walk, which keys nodes by id()
    kind: str  # "output" (a named result), "function", "accumulate" (AccumulateGrad), "leaf"; "break" (Dynamo)
    name: str
    detail: str = ""


class Graph:
    """What one walk found, keyed by id() of each tensor and node: nodes {id: Node}, edges {(user, input):
    None} (the way gradients flow, in the order found); `objects` keeps them alive."""

    def __init__(self):
        self.nodes, self.edges, self.objects = {}, {}, {}

    def drawn(self, ids=None, flowed=()):
        """Its nodes and edges under a figure's ids (by default, numbered in order): [user, input], or [user, input,
        the gradient that `flowed` on it]."""
        ids = ids or {k: str(i) for i, k in enumerate(self.nodes)}
        nodes = [replace(n, id=ids[k]) for k, n in self.nodes.items()]
        return nodes, [[ids[k] for k in e] + ([flowed[e]] if e in flowed else []) for e in self.edges]


def is_tensor(value):
    import torch

    return isinstance(value, torch.Tensor)


def is_value(value):
    """A tiny engine's scalar, like micrograd's Value."""
    return all(hasattr(value, a) for a in ("_prev", "_op", "grad"))  # .grad last: a tensor warns when asked for it


def variables(scopes):
    """What a program's variables reach: (name, tensor) pairs, the first name winning (variables, items of
    a list, tuple or dict: `outputs[0]`, a module's parameters: `model.fc.weight`), and the graph nodes
    the program keeps itself (`graphs.append(loss.grad_fn)`)."""
    import torch

    found, nodes, seen = [], [], set()

    def take(name, value):
        if id(value) not in seen:
            seen.add(id(value))
            if is_tensor(value) or is_value(value):
                found.append((name, value))
            elif isinstance(value, torch.autograd.graph.Node):
                nodes.append(value)

    for scope in scopes:
        for name, value in list(scope.items()):
            if name.startswith("_"):
                continue
            if isinstance(value, (list, tuple, dict)) and len(value) <= 64:
                for key, item in value.items() if isinstance(value, dict) else enumerate(value):
                    take(f"{name}[{key!r}]", item)
            elif isinstance(value, torch.nn.Module):
                for pname, param in value.named_parameters():
                    take(f"{name}.{pname}", param)
            else:
                take(name, value)
    return found, nodes


def shown(value):
    """A gradient as the program prints it with f"{value}": 8.0, tensor([2., 2., 2.]); a float32 scalar as
    the shortest decimal that is the same float32 (57.6, not 57.599998474121094)."""
    from .values import plain

    return str(plain(value)) if value is not None and value.dim() == 0 else format(value, "")


def leaf_detail(tensor):
    if is_value(tensor):  # every Value has its .grad, a Python float
        return f"grad={tensor.grad}"
    return "is_leaf=True" if tensor.grad is None else f"grad={shown(tensor.grad)}"


def walk(named, kept=(), unnamed=(), names=None, grads=True):
    """The graph a reader would draw: each named tensor that requires grad (a leaf, or a box above its
    grad_fn), and every node reachable through next_functions from those, from the unnamed tensors and
    from the nodes in `kept`; AccumulateGrad hangs its leaf below it. The leaves are named after `names`,
    (name, tensor) pairs (by default `named`); with `grads` a leaf shows its .grad once it has one."""
    graph = Graph()
    names = {id(t): name for name, t in names or named}

    def node(obj, name):
        """obj's node (kind, name, detail) and its inputs, drawn below it."""
        if is_value(obj):
            return ("function" if obj._prev else "leaf", obj._op or names.get(id(obj), "Value"), leaf_detail(obj)), obj._prev
        if hasattr(obj, "variable"):  # AccumulateGrad: writes its leaf's .grad
            return ("accumulate", "AccumulateGrad"), [obj.variable]
        if not is_tensor(obj):
            return ("function", obj.name()), [fn for fn, _ in obj.next_functions if fn is not None]
        if obj.grad_fn is None:
            return ("leaf", names.get(id(obj), f"tensor{list(obj.shape)}"), leaf_detail(obj) if grads else "is_leaf=True"), []
        return ("output", name, f"grad_fn={obj.grad_fn.name()}"), [obj.grad_fn]

    def visit(obj, user=None, name=None):
        key = id(obj)
        if key not in graph.nodes:
            graph.objects[key] = obj
            drawn, inputs = node(obj, name)
            graph.nodes[key] = Node("", *drawn)
            for used in inputs:
                visit(used, obj)
        if user is not None:
            graph.edges[id(user), key] = None

    for name, tensor in named:
        if is_value(tensor) or tensor.requires_grad:
            visit(tensor, name=name)
    # the unnamed tensors' graphs (a named one's is there already), and the nodes the program kept
    for obj in [t if is_value(t) else t.grad_fn for t in unnamed] + list(kept):
        if obj is not None:
            visit(obj)
    return graph


def spoken(nodes, edges):
    """A graph as a sentence: its arrows (with the gradient an arrow carried), or its nodes when it has none."""
    by_id = {n.id: n for n in nodes}
    leaf_of = {e[0]: by_id[e[1]].name for e in edges}

    def say(n):
        if n.kind == "accumulate":
            return f"{n.name} ({leaf_of.get(n.id, '')})"
        return f"{n.name} ({n.detail})" if n.detail else n.name

    arrows = "; ".join(f"{say(by_id[a])} → {say(by_id[b])}" + "".join(f" = {g}" for g in grad) for a, b, *grad in edges)
    return arrows or ", ".join(say(n) for n in nodes)


class Layout:
    """Rows and x positions for every node any of `graphs` shows ([(nodes, edges)]), so that a node keeps
    its place from frame to frame of a stepped figure."""

    def __init__(self, graphs):
        nodes = [n for drawn, _ in graphs for n in drawn]
        edges = list(dict.fromkeys(tuple(e[:2]) for _, links in graphs for e in links))
        kind = {n.id: n.kind for n in nodes}  # every node any frame shows, in the order they first appear
        width = {k: max(max(len(n.name), len(n.detail)) for n in nodes if n.id == k) * CHAR_W + 2 * PAD_X for k in kind}
        children = {k: [c for p, c in edges if p == k] for k in kind}
        parents = {k: [p for p, c in edges if c == k] for k in kind}
        rank, x = {}, {}  # node -> its place in a depth-first walk; node -> the x of its centre

        @cache
        def below(k):  # the longest path from k down to a leaf
            return 1 + max((below(c) for c in children[k]), default=-1)

        # A node that nothing uses (a named tensor) sits as low as the longest path below it allows, so
        # graphs of different lengths end on the same rows (an RNN's time steps line up); every other
        # node sits just below the lowest node that uses it (a shared node below every user).
        top = max(map(below, kind))

        @cache
        def layer(k):
            return max((layer(p) + 1 for p in parents[k]), default=top - below(k))

        def spine(ks):
            """The one node with a longer path below it than the others', if there is one."""
            deepest = [c for c in ks if below(c) == max(map(below, ks))]
            return deepest[0] if len(deepest) == 1 else None

        def visit(k):
            # Depth-first from the named tensors, in the order the program made them, so each graph keeps to
            # its own side; a node's inputs in their order (x * y: x left of y), except that the one with the
            # longest path below it comes first (an RNN's chain of time steps runs straight down).
            if k not in rank:
                rank[k] = len(rank)
                first = spine(children[k])
                for c in sorted(children[k], key=lambda c: c != first):  # stable: the spine first, the rest in order
                    visit(c)

        def place(row, wanted):
            """At the wanted x where they fit, in order, never overlapping."""
            right = float("-inf")
            for k, at in zip(row, wanted, strict=True):
                x[k] = max(at, right + COL_GAP + width[k] / 2)
                right = x[k] + width[k] / 2

        def under(parent, k):
            """Where k wants to be below one of its users: the spine straight under it, siblings beside."""
            siblings = sorted((c for c in children[parent] if layer(c) == layer(k)), key=rank.get)
            slot = sum(width[c] for c in siblings) / len(siblings) + COL_GAP
            first = spine(siblings)
            centre = siblings.index(first) if first else (len(siblings) - 1) / 2  # one sibling: 0 either way
            return x[parent] + slot * (siblings.index(k) - centre)

        def wanted(k, down):
            """Where k wants to be: under the nodes that use it (a name over what it names), or over its inputs."""
            if down:
                users = [p for p in parents[k] if layer(p) == layer(k) - 1]
                at = [under(p, k) for p in [p for p in users if kind[p] != "output"] or users]
            else:
                at = [x[k] + x[c] - under(k, c) for c in children[k] if layer(c) == layer(k) + 1]
            return sum(at) / len(at) if at else x[k]

        for k in kind:
            if not parents[k]:
                visit(k)
        rows = [[k for k in rank if layer(k) == depth] for depth in range(top + 1)]  # the longest path ends at the bottom
        for row in rows:
            place(row, [0.0] * len(row))
        for down in [True, False] * 4 + [True]:  # a few sweeps down and up, ending down
            for row in rows if down else reversed(rows):
                place(row, [wanted(k, down) for k in row])
        left = min(x[k] - width[k] / 2 for k in x)
        self.kind, self.width = kind, width
        self.x = {k: at - left + MARGIN for k, at in x.items()}
        self.y = {k: MARGIN + layer(k) * (BOX_H + ROW_GAP) for k in kind}  # of a node's top
        right = max(at + width[k] / 2 for k, at in self.x.items())
        self.size = right + MARGIN, len(rows) * (BOX_H + ROW_GAP) - ROW_GAP + 2 * MARGIN


def svg(nodes, edges, layout, svg_id, title, classes="autograd-graph", new=(), current=None, attrs="", desc=""):
    """The graph (nodes, edges [user, input] or [user, input, gradient]) where `layout` puts it; `new`
    and `current` nodes haloed, the arrows the current node's gradient travelled marked hot. Its name is
    `title`; a `desc` is its description (a short name, the graph in words beside it)."""
    width, height = layout.size
    described, description = (
        (f' aria-describedby="{svg_id}-d"', f'\n<desc id="{svg_id}-d">{escape(desc)}</desc>') if desc else ("", "")
    )
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{classes}" data-search-exclude="" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'width="{width:.0f}" height="{height:.0f}"{attrs} role="img" aria-labelledby="{svg_id}-t"{described}>\n'
        f'<title id="{svg_id}-t">{escape(title)}</title>{description}\n'
        f'<defs><marker id="{svg_id}-a" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" '
        'orient="auto"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>'
    ]
    labels = []  # drawn last, over the lines
    for a, b, *grad in edges:
        x1, y1, x2, y2 = layout.x[a], layout.y[a] + BOX_H, layout.x[b], layout.y[b]
        # out of the node that ran; into it, for AccumulateGrad
        hot = bool(grad) and (a == current or (b == current and layout.kind[b] == "accumulate"))
        marks = " steps__hot" * hot + " to-break" * ("break" in (layout.kind[a], layout.kind[b]))
        out.append(
            f'<line class="edge{marks}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" marker-end="url(#{svg_id}-a)"/>'
        )
        for text in grad:
            x, y, half = (x1 + x2) / 2, (y1 + y2) / 2, len(text) * LABEL_FONT * 0.6 / 2 + 3
            labels.append(
                f'<g class="steps__grad{" steps__hot" * hot}"><rect x="{x - half:.1f}" y="{y - 8:.1f}" width="{2 * half:.1f}" '
                f'height="16" rx="3"/><text x="{x:.1f}" y="{y + 4:.1f}">{escape(text)}</text></g>'
            )
    for n in nodes:
        x, y, w = layout.x[n.id], layout.y[n.id], layout.width[n.id]
        mark = " steps__current" if n.id == current else " steps__new" if n.id in new else ""
        box_rx, halo_rx = (12, 16) if n.kind in ("output", "leaf") else (3, 6)  # tensors rounded, functions square
        halo = f'<rect class="steps__halo" x="{x - w / 2 - 4:.1f}" y="{y - 4:.1f}" width="{w + 8:.1f}" height="{BOX_H + 8}" rx="{halo_rx}"/>\n'
        text = (
            f'<text x="{x:.1f}" y="{y + 14:.1f}">{escape(n.name)}</text>\n'
            f'<text class="detail" x="{x:.1f}" y="{y + 28:.1f}">{escape(n.detail)}</text>'
            if n.detail
            else f'<text x="{x:.1f}" y="{y + 21.5:.1f}">{escape(n.name)}</text>'
        )
        out.append(
            f'<g class="node {n.kind}{mark}">\n{halo if mark else ""}'
            f'<rect class="box" x="{x - w / 2:.1f}" y="{y:.1f}" width="{w:.1f}" height="{BOX_H}" rx="{box_rx}"/>\n{text}\n</g>'
        )
    return "\n".join([*out, *labels, "</svg>"])


def render_svg(tensor, name, namespace, figure_id):
    """The static figure: the graph behind `tensor` after the program ran, leaves named from `namespace`."""
    if tensor.grad_fn is None:
        raise ValueError(f"{name} has no grad_fn: it is a leaf or was computed without recording")
    nodes, edges = walk([(name, tensor)], names=variables([namespace])[0], grads=False).drawn()
    return svg(nodes, edges, Layout([(nodes, edges)]), figure_id, f"autograd graph of {name}: {spoken(nodes, edges)}") + "\n"
