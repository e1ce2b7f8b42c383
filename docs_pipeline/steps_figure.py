"""The stepped figure: one markup for every `{{ steps("dir/name") }}`, drawn from the stored frames.

The figure holds the program (each line marked with its number, for the current-line highlight),
an ordered list of frames (each a sentence in the page's language and an SVG of the graph after
that step, with its own text alternative), buttons and a live region. Without JavaScript every
frame is shown in order under the program; overrides/assets/javascripts/steps.js turns it into a
step-through (one frame at a time beside the program, Previous/Next, ←/→). Nodes keep their place
from frame to frame: the layout is made once for every node any frame shows, and each frame draws
the nodes it has. Boxes, arrows and colours are the static figures' (docs_pipeline/graphs.py).
"""

from __future__ import annotations

import ast
import re
from html import escape
from pathlib import Path

from .graphs import BOX_H, CHAR_W, COL_GAP, MARGIN, PAD_X, STYLE
from .steps import load

ANNOTATION = re.compile(r"[ \t]*#[ \t]*\(\d+\)!?[ \t]*$")  # Material's `  # (1)!`, as the page shows the code

ROW_GAP = 40  # room for a gradient on an arrow
WIDE = 440  # a graph wider than this gets the figure's whole width, the program above it (steps.css)
MIN_SCALE = 0.6
LABEL_FONT = 11
STYLES = {
    **STYLE,
    "break": "fill:var(--md-default-bg-color,#fff);stroke:var(--md-default-fg-color,#222);stroke-width:1.5;stroke-dasharray:6 3",
}
LINE = "stroke:var(--md-default-fg-color--light,#666);stroke-width:1.2"
TEXT = "fill:var(--md-default-fg-color,#222);font-family:var(--md-code-font-family,monospace)"

WORDS = {
    "zh": {
        "step": "第 {n} 步，共 {total} 步：",
        "prev": "上一步",
        "next": "下一步",
        "caption": "逐步运行 {file}，每一步都记录自一次真实运行：{parts}。",
        "parts": {"forward": "前向 {n} 步", "backward": "反向传播 {n} 步", "compile": "Dynamo 生成的 {n} 张图"},
        "join": "，",
        "parts_join": "；",
        "and": " 和 ",
        "list": "、",
        "sent_join": "，",
        "end": "。",
        "arrows_autograd": "箭头方向是反向传播时梯度流动的方向。",
        "arrows_compile": "箭头从数据指向使用它的运算。",
        "in": "（在 {fn}() 中）",
        "leaves": "创建叶子张量 {names}（requires_grad=True）",
        "nothing_yet": "，还没有记录任何运算",
        "recorded": "记录了 {names}",
        "accumulators": "以及 {names} 各自的 AccumulateGrad",
        "accumulator": "以及 {names} 的 AccumulateGrad",
        "named": "把结果命名为 {name}（{detail}）",
        "grads": "更新了 {name}（{detail}）",
        "dropped": "有 {n} 个节点已无法从程序的变量到达，不再画出",
        "sentence": "{code}{where} {parts}。",
        "receives": "反向传播：{node} 收到梯度 {value}",
        "passes": "{items}",
        "item": "把 {value} 传给 {target}",
        "passes_none": "，它的输入都不需要梯度",
        "acc_of": "{leaf} 的 AccumulateGrad",
        "acc_one": "反向传播：{node} 收到 {value}，累加进 {leaf}.grad：{leaf}.grad = {grad}。",
        "acc_many": "反向传播：{n} 条路径在 {node} 汇合：{terms} = {value}，累加进 {leaf}.grad：{leaf}.grad = {grad}。",
        "term": "来自 {source} 的 {value}",
        "done": "{code} 返回：{grads}。",
        "raised": "{code} 抛出 {error}：{message}",
        "raised_at": "反向传播：{node} 收到梯度，运行时抛出 {error}：{message}",
        "compile": "{call} 得到第 {k} 张图（共 {n} 张）：{made}，来自 {lines}。",
        "made": "{name}（{op} {target}）",
        "break": "在 {fn}() 的 {code} 处图中断（{reason}）：Dynamo 在这里结束第 {k} 张图；走哪个分支由 Python 决定，之后的代码被捕获进一张新图。",
        "break_label": "图中断",
        "alt": "第 {n} 步之后的计算图：{edges}",
        "alt_empty": "第 {n} 步之后的计算图：{nodes}",
        "tidy": True,  # no space beside full-width punctuation (the zh copy linter, tests/test_zh_copy.py)
    },
    "en": {
        "step": "Step {n} of {total}: ",
        "prev": "Previous step",
        "next": "Next step",
        "caption": "{file} step by step, each step recorded from a real run: {parts}.",
        "parts": {"forward": "{n} forward steps", "backward": "{n} backward steps", "compile": "the {n} graphs Dynamo produced"},
        "join": ", ",
        "parts_join": "; ",
        "and": " and ",
        "list": ", ",
        "sent_join": None,
        "end": ".",
        "arrows_autograd": "Arrows point the way gradients flow in the backward pass.",
        "arrows_compile": "Arrows point from a value to the operation that uses it.",
        "in": " (in {fn}())",
        "leaves": "creates the leaf tensor {names} (requires_grad=True)",
        "nothing_yet": "; nothing is recorded yet",
        "recorded": "records {names}",
        "accumulators": "with an AccumulateGrad for {names}",
        "accumulator": "with an AccumulateGrad for {names}",
        "named": "names the result {name} ({detail})",
        "grads": "updates {name} ({detail})",
        "dropped": "leaves {n} nodes that the program's variables no longer reach (no longer drawn)",
        "sentence": "{code}{where} {parts}.",
        "receives": "Backward: {node} receives {value}",
        "passes": "passes {items}",
        "item": "{value} to {target}",
        "passes_none": " and passes nothing on (no input needs a gradient)",
        "acc_of": "the AccumulateGrad of {leaf}",
        "acc_one": "Backward: {node} receives {value} and accumulates it into {leaf}.grad: {leaf}.grad = {grad}.",
        "acc_many": "Backward: {n} paths meet at {node}: {terms} = {value}, accumulated into {leaf}.grad: {leaf}.grad = {grad}.",
        "term": "{value} from {source}",
        "done": "{code} has returned: {grads}.",
        "raised": "{code} raised {error}: {message}",
        "raised_at": "Backward: {node} receives its gradient and raises {error}: {message}",
        "compile": "{call} gives graph {k} of {n}: {made}, from {lines}.",
        "made": "{name} ({op} {target})",
        "break": "Graph break at {code} in {fn}() ({reason}): Dynamo ends graph {k} here; Python decides the branch, and what follows is captured into a new graph.",
        "break_label": "graph break",
        "alt": "The graph after step {n}: {edges}",
        "alt_empty": "The graph after step {n}: {nodes}",
    },
}


FULL_WIDTH = "（）：，。；、"
SPACE_BY_FULL_WIDTH = re.compile(rf" +(?=[{FULL_WIDTH}])|(?<=[{FULL_WIDTH}]) +")
CODE_SPAN = re.compile(r"(<code>.*?</code>)", re.S)


def _tidy(text: str, w: dict) -> str:
    """No space beside full-width punctuation (outside <code>), where the language wants it so."""
    if not w.get("tidy"):
        return text
    return "".join(p if p.startswith("<code>") else SPACE_BY_FULL_WIDTH.sub("", p) for p in CODE_SPAN.split(text))


def _short(name: str) -> str:
    return name.rpartition("::")[2]


def _code(text: str) -> str:
    return f"<code>{escape(text)}</code>"


def _listed(items: list[str], w: dict) -> str:
    if len(items) <= 1:
        return "".join(items)
    return w["list"].join(items[:-1]) + w["and"] + items[-1]


# ---------------------------------------------------------------- the program


class Program:
    """The snippet's lines as the page shows them (annotation markers removed) and their functions."""

    def __init__(self, path: Path):
        text = path.read_text(encoding="utf-8")
        self.lines = [ANNOTATION.sub("", line) for line in text.splitlines()]
        self.function_of: dict[int, str] = {}
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for line in range(node.lineno + 1, node.end_lineno + 1):
                    self.function_of[line] = node.name  # nested functions come later in the walk: innermost wins

    def source(self, line: int) -> str:
        return self.lines[line - 1].strip() if 0 < line <= len(self.lines) else ""


# ---------------------------------------------------------------- layout: every node any frame shows


class Placed:
    def __init__(self, node: dict):
        self.id, self.kind, self.order = node["id"], node["kind"], 0
        self.texts: set[tuple[str, str]] = set()
        self.layer, self.x = 0, 0.0

    @property
    def width(self) -> float:
        return max(max(len(a), len(b)) for a, b in self.texts) * CHAR_W + 2 * PAD_X


class Layout:
    """Rows and x positions for every node any frame of one figure shows, so nodes stay put as the graph grows."""

    def __init__(self, frames: list[dict], w: dict):
        self.placed: dict[str, Placed] = {}
        edges: list[tuple[str, str]] = []
        for frame in frames:
            for node in frame["nodes"]:
                self.placed.setdefault(node["id"], Placed(node)).texts.add(_texts(node, w))
            for edge in frame["edges"]:
                if (edge[0], edge[1]) not in edges:
                    edges.append((edge[0], edge[1]))
        for order, p in enumerate(self.placed.values()):
            p.order = order
        self.children = {k: [c for p, c in edges if p == k] for k in self.placed}
        self.parents = {k: [p for p, c in edges if c == k] for k in self.placed}
        self.height: dict[str, int] = {}
        self.rank: dict[str, int] = {}
        self._layers()
        self.rows = self._rows()
        self._positions()

    def below(self, k: str) -> int:
        """The longest path from k down to a leaf."""
        if k not in self.height:
            self.height[k] = 1 + max((self.below(c) for c in self.children[k]), default=-1)
        return self.height[k]

    def _layers(self) -> None:
        # A node that uses nothing (a named tensor) sits as low as the longest path below it allows,
        # so graphs of different lengths end on the same rows (an RNN's time steps line up); every other
        # node sits just below the lowest node that uses it (a shared node below every user).
        placed, children = self.placed, self.children
        top = max(self.below(k) for k in placed)
        todo = [k for k in placed if not self.parents[k]]
        for k in todo:
            placed[k].layer = top - self.below(k)
        waiting = {k: len(self.parents[k]) for k in placed}
        while todo:
            k = todo.pop(0)
            for c in children[k]:
                placed[c].layer = max(placed[c].layer, placed[k].layer + 1)
                waiting[c] -= 1
                if not waiting[c]:
                    todo.append(c)

    def _visit(self, k: str) -> None:
        # Depth-first from the named tensors, in the order the program made them, so each graph keeps to
        # its own side; a node's inputs in their order (x * y: x left of y), except that the one with the
        # longest path below it comes first (an RNN's chain of time steps runs straight down).
        if k in self.rank:
            return
        self.rank[k] = len(self.rank)
        children = self.children[k]
        deepest = max(children, key=self.below, default=None)
        spine = [deepest] if deepest and sum(self.below(c) == self.below(deepest) for c in children) == 1 else []
        for c in spine + [c for c in children if c not in spine]:
            self._visit(c)

    def _rows(self) -> list[list[Placed]]:
        placed = self.placed
        for k in sorted(placed, key=lambda k: (bool(self.parents[k]), placed[k].order)):
            self._visit(k)
        rows: list[list[Placed]] = [[] for _ in range(max(p.layer for p in placed.values()) + 1)]
        for p in sorted(placed.values(), key=lambda p: self.rank[p.id]):
            rows[p.layer].append(p)
        return rows

    @staticmethod
    def _place(row: list[Placed], wanted: list[float]) -> None:
        """At the wanted x where they fit, in order, never overlapping."""
        right = float("-inf")
        for p, x in zip(row, wanted, strict=True):
            p.x = max(x, right + COL_GAP + p.width / 2)
            right = p.x + p.width / 2

    def _under(self, parent: str, p: Placed) -> float:
        """Where p wants to be below one of its users: the spine straight under it, siblings beside."""
        siblings = [self.placed[c] for c in self.children[parent] if self.placed[c].layer == p.layer]
        siblings.sort(key=lambda q: self.rank[q.id])
        slot = sum(q.width for q in siblings) / len(siblings) + COL_GAP
        i = siblings.index(p)
        deep = [self.below(q.id) for q in siblings]
        if deep.count(max(deep)) == 1 and len(siblings) > 1:  # a spine: it goes straight down
            return self.placed[parent].x + slot * (i - deep.index(max(deep)))
        return self.placed[parent].x + slot * (i - (len(siblings) - 1) / 2)

    def _down(self, depth: int) -> None:
        """Each node of a row under the nodes that use it."""
        wanted = []
        for p in self.rows[depth]:
            users = [q for q in self.parents[p.id] if self.placed[q].layer == depth - 1]
            users = [q for q in users if self.placed[q].kind != "output"] or users  # a name sits over what it names
            wanted.append(sum(self._under(q, p) for q in users) / len(users) if users else p.x)
        self._place(self.rows[depth], wanted)

    def _up(self, depth: int) -> None:
        """Each node of a row over its inputs."""
        wanted = []
        for p in self.rows[depth]:
            inputs = [self.placed[c] for c in self.children[p.id] if self.placed[c].layer == depth + 1]
            wanted.append(sum(p.x + c.x - self._under(p.id, c) for c in inputs) / len(inputs) if inputs else p.x)
        self._place(self.rows[depth], wanted)

    def _positions(self) -> None:
        for row in self.rows:
            self._place(row, [0.0] * len(row))
        for _ in range(4):  # a few sweeps down and up, ending down
            for depth in range(len(self.rows)):
                self._down(depth)
            for depth in reversed(range(len(self.rows))):
                self._up(depth)
        for depth in range(len(self.rows)):
            self._down(depth)
        left = min(p.x - p.width / 2 for p in self.placed.values())
        for p in self.placed.values():
            p.x -= left

    @property
    def size(self) -> tuple[float, float]:
        width = max(p.x + p.width / 2 for p in self.placed.values())
        height = len(self.rows) * BOX_H + (len(self.rows) - 1) * ROW_GAP
        return width + 2 * MARGIN, height + 2 * MARGIN


def _texts(node: dict, w: dict) -> tuple[str, str]:
    name = w["break_label"] if node["kind"] == "break" else _short(node["name"])
    return name, node["detail"]


# ---------------------------------------------------------------- one frame's SVG


def _svg(frame: dict, placed: dict[str, Placed], size: tuple[float, float], svg_id: str, alt: str, w: dict) -> str:
    total_w, total_h = size
    top = lambda p: MARGIN + p.layer * (BOX_H + ROW_GAP)  # noqa: E731
    new, current = set(frame["new"]), frame.get("current")
    hot = _hot_edges(frame)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="autograd-graph steps__graph" viewBox="0 0 {total_w:.0f} {total_h:.0f}" '
        f'width="{total_w:.0f}" height="{total_h:.0f}"{_least(total_w)} role="img" aria-labelledby="{svg_id}-t">',
        f'<title id="{svg_id}-t">{escape(alt)}</title>',
        f'<defs><marker id="{svg_id}-a" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto">'
        '<path d="M0,0 L10,5 L0,10 z" style="fill:var(--md-default-fg-color--light,#666)"/></marker></defs>',
    ]
    labels = []
    for edge in frame["edges"]:
        a, b = placed[edge[0]], placed[edge[1]]
        x1, y1, x2, y2 = a.x + MARGIN, top(a) + BOX_H, b.x + MARGIN, top(b)
        cls = ' class="steps__hot"' if (edge[0], edge[1]) in hot else ""
        dash = ";stroke-dasharray:5 3" if "break" in (a.kind, b.kind) else ""
        out.append(
            f'<line{cls} x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" style="{LINE}{dash}" marker-end="url(#{svg_id}-a)"/>'
        )
        if len(edge) > 2:
            labels.append(((x1 + x2) / 2, (y1 + y2) / 2, edge[2], bool(cls)))
    for node in frame["nodes"]:
        p = placed[node["id"]]
        left, y = p.x + MARGIN - p.width / 2, top(p)
        mark = " steps__current" if node["id"] == current else " steps__new" if node["id"] in new else ""
        out.append(f'<g class="node {p.kind}{mark}">')
        if mark:
            out.append(
                f'<rect class="steps__halo" x="{left - 4:.1f}" y="{y - 4:.1f}" width="{p.width + 8:.1f}" height="{BOX_H + 8}" rx="{16 if p.kind in ("output", "leaf") else 6}"/>'
            )
        out.append(
            f'<rect x="{left:.1f}" y="{y:.1f}" width="{p.width:.1f}" height="{BOX_H}" '
            f'rx="{12 if p.kind in ("output", "leaf") else 3}" style="{STYLES[p.kind]}"/>'
        )
        name, detail = _texts(node, w)
        lines = [(name, y + 14, 13), (detail, y + 28, 10.5)] if detail else [(name, y + 21.5, 13)]
        for text, baseline, font in lines:
            out.append(
                f'<text x="{p.x + MARGIN:.1f}" y="{baseline:.1f}" text-anchor="middle" style="{TEXT};font-size:{font}px">{escape(text)}</text>'
            )
        out.append("</g>")
    for x, y, text, is_hot in labels:  # last: over the lines
        half = len(text) * LABEL_FONT * 0.6 / 2 + 3
        out.append(
            f'<g class="steps__grad{" steps__hot" if is_hot else ""}"><rect x="{x - half:.1f}" y="{y - 8:.1f}" width="{2 * half:.1f}" height="16" rx="3"/>'
            f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" style="{TEXT};font-size:{LABEL_FONT}px">{escape(text)}</text></g>'
        )
    out.append("</svg>")
    return "\n".join(out)


def _least(width: float) -> str:
    """A wide graph keeps at least 60 % of its size (its box scrolls sideways on a phone)."""
    return f' style="min-width:{width * MIN_SCALE:.0f}px"' if width > WIDE else ""


def _hot_edges(frame: dict) -> set[tuple[str, str]]:
    """The arrows this step's gradient travelled: out of the node that ran (into it, for AccumulateGrad)."""
    current = frame.get("current")
    if current is None:
        return set()
    by_id = {n["id"]: n for n in frame["nodes"]}
    accumulate = by_id[current]["kind"] == "accumulate"
    return {(e[0], e[1]) for e in frame["edges"] if len(e) > 2 and (e[0] == current or (accumulate and e[1] == current))}


def _alt(frame: dict, n: int, w: dict) -> str:
    by_id = {node["id"]: node for node in frame["nodes"]}

    def spoken(node_id):
        node = by_id[node_id]
        name, detail = _texts(node, w)
        if node["kind"] == "accumulate":
            leaf = next((by_id[e[1]]["name"] for e in frame["edges"] if e[0] == node_id), "")
            return f"{name} ({leaf})"
        return f"{name} ({detail})" if detail else name

    edges = "; ".join(f"{spoken(e[0])} → {spoken(e[1])}" + (f" = {e[2]}" if len(e) > 2 else "") for e in frame["edges"])
    if edges:
        return w["alt"].format(n=n, edges=edges)
    return w["alt_empty"].format(n=n, nodes=", ".join(spoken(node["id"]) for node in frame["nodes"]))


# ---------------------------------------------------------------- what each step says


def describe(frame: dict, program: Program, w: dict) -> str:
    """The step's sentence, HTML, in the page's language."""
    facts, kind = frame["facts"], frame["kind"]
    code = _code(program.source(frame["line"]))
    fn = program.function_of.get(frame["line"])
    if kind == "forward":
        parts = []
        if facts["leaves"]:
            parts.append(w["leaves"].format(names=_listed(facts["leaves"], w)) + ("" if facts["recorded"] else w["nothing_yet"]))
        if facts["recorded"]:
            part = w["recorded"].format(names=_listed(facts["recorded"], w))
            if facts["accumulators"]:
                many = "accumulators" if len(facts["accumulators"]) > 1 else "accumulator"
                part += w["join"] + w[many].format(names=_listed(facts["accumulators"], w))
            parts.append(part)
        parts += [w["named"].format(name=name, detail=detail) for name, detail in facts["named"]]
        parts += [w["grads"].format(name=name, detail=detail) for name, detail in facts["grads"]]
        if facts["dropped"]:
            parts.append(w["dropped"].format(n=facts["dropped"]))
        where = w["in"].format(fn=fn) if fn else ""
        return w["sentence"].format(code=code, where=where, parts=w["parts_join"].join(parts))
    if kind == "backward":
        node = _short(facts["node"])
        if "leaf" in facts:
            node = w["acc_of"].format(leaf=facts["leaf"])
            if len(facts["from"]) > 1:
                terms = " + ".join(w["term"].format(value=v, source=_short(s)) for s, v in facts["from"])
                return w["acc_many"].format(
                    n=len(facts["from"]), node=node, terms=terms, value=facts["received"], leaf=facts["leaf"], grad=facts["grad"]
                )
            return w["acc_one"].format(node=node, value=facts["received"], leaf=facts["leaf"], grad=facts["grad"])
        sent = [
            w["item"].format(value=v, target=w["acc_of"].format(leaf=leaf) if leaf else _short(t)) for t, leaf, v in facts["sent"]
        ]
        items = w["sent_join"].join(sent) if w["sent_join"] else _listed(sent, w)
        start = w["receives"].format(node=node, value=facts["received"])
        return start + (w["join"] + w["passes"].format(items=items) if sent else w["passes_none"]) + w["end"]
    if kind == "done":
        grads = w["join"].join(f"{name}.grad = {value}" for name, value in facts["grads"])
        return w["done"].format(code=code, grads=grads)
    if kind == "raised":
        if facts["node"]:
            return w["raised_at"].format(node=_short(facts["node"]), error=facts["error"], message=escape(facts["message"]))
        return w["raised"].format(code=code, error=facts["error"], message=escape(facts["message"]))
    if kind == "compile":
        made = _listed([w["made"].format(name=a, op=b, target=c) for a, b, c in facts["made"]], w)
        lines = _listed([_code(program.source(line)) for line in frame["ran"][1:] or [frame["line"]]], w)
        return w["compile"].format(
            call=_code(program.source(frame["ran"][0])), k=facts["graph"], n=facts["graphs"], made=made, lines=lines
        )
    if kind == "break":
        return w["break"].format(code=code, fn=facts["function"], reason=escape(facts["reason"]), k=facts["graph"])
    raise ValueError(f"unknown frame kind {kind!r}")


def caption(frames: list[dict], file: str, w: dict) -> str:
    counts = {"forward": 0, "backward": 0, "compile": 0}
    for frame in frames:
        kind = {"done": "backward", "raised": "backward", "break": None}.get(frame["kind"], frame["kind"])
        if kind:
            counts[kind] += 1
    parts = [w["parts"][k].format(n=n) for k, n in counts.items() if n]
    text = w["caption"].format(file=_code(file), parts=w["join"].join(parts))
    arrows = w["arrows_compile"] if counts["compile"] else w["arrows_autograd"]
    return text + ("" if w["end"] == "。" else " ") + arrows


# ---------------------------------------------------------------- the figure


def _line_class(n: int, frame: dict) -> str:
    """Line n's classes while `frame` is shown (steps.js does the same when stepping)."""
    if n == frame["line"]:
        return "steps__line steps__line--current"
    return "steps__line steps__line--ran" if n in frame["ran"] else "steps__line"


def figure(snippet: str, lang: str, root: Path) -> str:
    """The HTML of the stepped figure of snippets/<snippet>.py in language `lang` (one block, no blank line)."""
    w = WORDS[lang]
    data = load(snippet, root)
    frames = data["frames"]
    program = Program(root / data["program"])
    graph = Layout(frames, w)
    placed, (width, height) = graph.placed, graph.size
    base = "steps-" + snippet.replace("/", "-").replace("_", "-")
    total = len(frames)
    # The markup is in the first step's state, which steps.css shows only with JavaScript: nothing
    # moves when steps.js starts, and the other frames are never laid out.
    first = frames[0]
    code = "".join(
        f'<span class="{_line_class(n, first)}" data-line="{n}">{escape(line)}\n</span>'
        for n, line in enumerate(program.lines, 1)
    )
    texts = [_tidy(w["step"].format(n=n, total=total) + describe(frame, program, w), w) for n, frame in enumerate(frames, 1)]
    items = []
    scroll = ' tabindex="0"' if _least(width) else ""  # a graph that may scroll sideways takes the focus (axe)
    for n, (frame, text) in enumerate(zip(frames, texts, strict=True), 1):
        svg = _svg(frame, placed, (width, height), f"{base}-{n}", _tidy(_alt(frame, n, w), w), w)
        ran = " ".join(str(line) for line in frame["ran"])
        items.append(
            f'<li class="steps__frame{" steps__frame--current" if n == 1 else ""}" data-step="{n}" data-kind="{frame["kind"]}"'
            f' data-line="{frame["line"]}" data-ran="{ran}">'
            f'<p class="steps__text">{text}</p>\n<div class="steps__canvas"{scroll}>\n{svg}\n</div></li>'
        )
    return "\n".join(
        [
            f'<figure class="steps{" steps--wide" if width > WIDE else ""}" id="{base}">',
            f"<figcaption>{_tidy(caption(frames, data['program'], w), w)}</figcaption>",
            '<div class="steps__controls">'
            '<button type="button" class="steps__button steps__prev" aria-keyshortcuts="ArrowLeft" aria-disabled="true">'
            f"← {w['prev']}</button>"
            f'<button type="button" class="steps__button steps__next" aria-keyshortcuts="ArrowRight" aria-disabled="{str(total == 1).lower()}">'
            f"{w['next']} →</button></div>",
            # the first step's sentence, left as it is by steps.js (nothing announced at load); out of search
            f'<p class="steps__live" aria-live="polite" data-search-exclude>{texts[0]}</p>',
            '<div class="steps__panes" data-search-exclude>',  # the program is on the page; the steps repeat it
            f'<pre class="steps__code" tabindex="0">{code}</pre>',
            '<ol class="steps__frames">',
            *items,
            "</ol>",
            "</div>",
            "</figure>",
        ]
    )
