"""Stepped figures: the graph torch records while a snippet runs, frame by frame, from a real run.

A page declares a stepped figure by calling the macro on its own line (both languages, the same
line): `{{ steps("how_it_works/grad_basics") }}`. `./dev outputs` then runs that snippet once,
unchanged, under a line tracer (sys.settrace) and stores what it saw in `<name>.steps.json`
beside the `.out`; the tests record again and compare (docs_pipeline/outputs.py); the build draws
the frames (docs_pipeline/steps_figure.py). Three kinds of moment make a frame:

- forward: a line of the snippet ran and the graph reachable from the program's variables (its
  globals, the locals of its running functions, a value being returned) changed: nodes new at that
  line are marked, nodes no variable reaches any more are gone;
- backward: while the program's `backward()` runs, one node has run. Hooks on every node of the
  graph (registered only for the duration of that call) record the gradient arriving at the node and
  the gradients it passes on, in the order torch's engine runs them; an AccumulateGrad frame also
  shows the leaf's `.grad` it wrote. A final frame holds every leaf's `.grad` once backward returned;
- compile: the program made a `torch._dynamo.explain` result: one frame per graph Dynamo produced,
  with the graph break between them (its reason as torch gives it).

Node names and values are exactly what torch reports (`name()`, gradients formatted as
f"{tensor}" formats them, so they read as the program prints them). The recording changes nothing
the program prints: hooks return None and are removed when backward returns, and the recorder keeps
no object alive longer than one line (tests/test_steps.py checks the printed output).
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from .runner import ROOT, Snippet, SnippetFailed, run_for_namespace
from .site import layout

CALL = re.compile(r'\{\{\s*steps\(\s*"(?P<snippet>[^"]+)"\s*\)\s*\}\}')
FX_LINE = re.compile(r'File "(?P<file>[^"]+)", line (?P<line>\d+)')


def steps_path(snippet_py: Path) -> Path:
    return snippet_py.with_suffix(".steps.json")


def declared(root: Path = ROOT) -> dict[str, list[str]]:
    """{snippet ("dir/name"): [pages that call steps() on it]} over every page of every language."""
    return _declared(root, tuple((page, page.stat().st_mtime_ns) for page in layout(root).pages()))


@cache  # read again only when a page changed (outputs asks once per snippet)
def _declared(root: Path, pages: tuple) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for page, _ in pages:
        for m in CALL.finditer(page.read_text(encoding="utf-8")):
            found.setdefault(m.group("snippet"), []).append(layout(root).name(page))
    return found


def shown(value) -> str:
    """A gradient as the program would print it with f"{value}": 8.0, tensor([2., 2., 2.]); a float32
    scalar as the shortest decimal that is the same float32 (57.6, not 57.599998474121094)."""
    import numpy
    import torch

    if value is None:
        return "None"
    if value.dim() == 0 and value.dtype in (torch.float32, torch.float16, torch.bfloat16):
        return str(numpy.float32(value.item()))
    return format(value, "")


def _short(name: str) -> str:
    return name.rpartition("::")[2]  # torch::autograd::AccumulateGrad -> AccumulateGrad


# ---------------------------------------------------------------- the graph at one moment


@dataclass
class Graph:
    """The autograd graph reachable from a set of named and unnamed tensors; nodes keyed by id()."""

    objects: dict[int, object] = field(default_factory=dict)  # id -> the node or tensor (kept alive)
    nodes: dict[int, dict] = field(default_factory=dict)  # id -> {kind, name, detail, seq}
    edges: list[tuple[int, int]] = field(default_factory=list)
    leaves: list[int] = field(default_factory=list)  # leaf tensors, in discovery order

    def add(self, obj, **node) -> bool:
        key = id(obj)
        if key in self.nodes:
            return False
        self.objects[key] = obj
        self.nodes[key] = node
        return True

    def edge(self, parent, child) -> None:
        if (id(parent), id(child)) not in self.edges:
            self.edges.append((id(parent), id(child)))


def _is_tensor(value) -> bool:
    import torch

    return isinstance(value, torch.Tensor)


def _is_node(value) -> bool:
    import torch

    return isinstance(value, torch.autograd.graph.Node)


def reachable(scopes: list[dict]) -> tuple[list[tuple[str, object]], list]:
    """What the program's variables reach: (name, tensor) pairs, first name wins (variables, items of a
    list, tuple or dict: `outputs[0]`, a module's parameters: `model.fc.weight`), and graph nodes the
    program keeps itself (`graphs.append(loss.grad_fn)`)."""
    found, nodes, seen = [], [], set()

    def take(name, value):
        if id(value) in seen:
            return
        if _is_tensor(value):
            seen.add(id(value))
            found.append((name, value))
        elif _is_node(value):
            seen.add(id(value))
            nodes.append(value)

    for scope in scopes:
        for name, value in list(scope.items()):
            if name.startswith("_"):
                continue
            if isinstance(value, (list, tuple)) and len(value) <= 64:
                for i, item in enumerate(value):
                    take(f"{name}[{i}]", item)
            elif isinstance(value, dict) and len(value) <= 64:
                for key, item in value.items():
                    take(f"{name}[{key!r}]", item)
            elif hasattr(value, "named_parameters") and callable(value.named_parameters) and not _is_tensor(value):
                for pname, param in value.named_parameters():
                    take(f"{name}.{pname}", param)
            else:
                take(name, value)
    return found, nodes


def graph_of(scopes: list[dict], unnamed: list = ()) -> Graph:
    """What a reader would draw: each named tensor that requires grad (a leaf, or a box on its grad_fn),
    and every node reachable through next_functions from those, from the unnamed tensors (values being
    returned) and from nodes the program keeps; AccumulateGrad hangs its leaf below it."""
    graph = Graph()
    named, kept = reachable(scopes)
    names = {id(t): name for name, t in named}

    def leaf(tensor):
        graph.add(
            tensor,
            kind="leaf",
            name=names.get(id(tensor), f"tensor{list(tensor.shape)}"),
            detail="is_leaf=True" if tensor.grad is None else f"grad={shown(tensor.grad)}",
        )
        if id(tensor) not in graph.leaves:
            graph.leaves.append(id(tensor))

    def visit(fn):
        if id(fn) in graph.nodes:
            return
        if hasattr(fn, "variable"):  # AccumulateGrad: writes its leaf's .grad
            graph.add(fn, kind="accumulate", name=fn.name(), detail="", seq=None)
            leaf(fn.variable)
            graph.edge(fn, fn.variable)
            return
        graph.add(fn, kind="function", name=fn.name(), detail="", seq=fn._sequence_nr())
        for next_fn, _ in fn.next_functions:
            if next_fn is not None:
                visit(next_fn)
                graph.edge(fn, next_fn)

    for name, tensor in named:
        if not tensor.requires_grad:
            continue
        if tensor.grad_fn is None:
            leaf(tensor)
            continue
        graph.add(tensor, kind="output", name=name, detail=f"grad_fn={tensor.grad_fn.name()}")
        visit(tensor.grad_fn)
        graph.edge(tensor, tensor.grad_fn)
    for tensor in unnamed:
        if id(tensor) not in names and tensor.requires_grad and tensor.grad_fn is not None:
            visit(tensor.grad_fn)
    for node in kept:
        visit(node)
    return graph


# ---------------------------------------------------------------- the recorder


class StepsError(Exception):
    """The recorder could not follow the program; the message names the snippet."""


class Recorder:
    """sys.settrace on the snippet's own frames; hooks during backward; see the module docstring."""

    def __init__(self, snippet: Snippet):
        import torch

        self.file = snippet.name  # the code's filename as runner.run_for_namespace compiles it
        self.backward_code = torch.autograd.backward.__code__
        self.frames: list[dict] = []
        self.ids: dict[int, str] = {}  # id() of what the last frame showed -> its stable id ("f3", "t1")
        self.serial = 0
        self.last = Graph()
        self.line = 0  # the line whose effects the next change is attributed to
        self.ran: list[int] = []  # lines started since the last frame
        self.in_backward = 0
        self.seen_explains: set[int] = set()
        self.pending: list[tuple[object, object]] = []  # (snippet frame, a value returned into its running line)
        self.backward_error: BaseException | None = None
        self.failure: BaseException | None = None

    # -- tracing

    def trace(self, frame, event, arg):
        if self.failure is not None:
            return None
        if frame.f_code is self.backward_code and event == "call":
            return self._guard(self.backward_started, frame)
        if frame.f_code.co_filename != self.file:
            return None
        return self.local

    def local(self, frame, event, arg):
        if self.failure is not None:
            return None
        if event == "line":  # the frame's previous line has finished: what it returned into is named or gone
            self.pending = [(f, v) for f, v in self.pending if f is not frame]
            self._guard(self.moment, frame, None)
            self.line = frame.f_lineno
            self.ran.append(frame.f_lineno)
        elif event == "return":
            self._guard(self.moment, frame, arg)
            self.pending = [(f, v) for f, v in self.pending if f is not frame]
            caller = frame.f_back  # the next frame of the snippet up the stack (torch may be in between)
            while caller is not None and caller.f_code.co_filename != self.file:
                caller = caller.f_back
            if caller is not None:
                self.line = caller.f_lineno
                self.pending += [(caller, v) for v in (arg if isinstance(arg, tuple) else (arg,)) if _is_tensor(v)]
        return self.local

    def _guard(self, method, *args):
        try:
            return method(*args)
        except Exception as exc:  # reported after the run, naming the snippet; the program goes on untraced
            self.failure = exc
            return None

    def scopes(self, frame) -> list[dict]:
        """The module's globals, then the locals of each running function of the snippet, outermost first."""
        frames = []
        while frame is not None:
            if frame.f_code.co_filename == self.file:
                frames.append(frame)
            frame = frame.f_back
        return [f.f_globals if f.f_code.co_name == "<module>" else f.f_locals for f in reversed(frames)]

    # -- forward

    def moment(self, frame, returned):
        if self.in_backward:
            return
        scopes = self.scopes(frame)
        unnamed = [v for _, v in self.pending] + [
            v for v in (returned if isinstance(returned, tuple) else (returned,)) if _is_tensor(v)
        ]
        graph = graph_of(scopes, unnamed)
        new_keys = [k for k in graph.nodes if k not in self.last.nodes]
        gone = [k for k in self.last.nodes if k not in graph.nodes]
        changed = [k for k in graph.nodes if k in self.last.nodes and graph.nodes[k] != self.last.nodes[k]]
        if new_keys or gone or changed:
            self.emit("forward", graph, new=new_keys, facts=self.forward_facts(graph, new_keys, gone, changed))
        else:
            self.remember(graph)
        if scopes and frame.f_code.co_name == "<module>":
            self.explains(scopes[0])

    def forward_facts(self, graph: Graph, new: list[int], gone: list[int], changed: list[int]) -> dict:
        fns = sorted((k for k in new if graph.nodes[k]["kind"] == "function"), key=lambda k: graph.nodes[k]["seq"])
        accs = [k for k in new if graph.nodes[k]["kind"] == "accumulate"]
        leaf_of = {parent: child for parent, child in graph.edges if parent in accs}
        return {
            "leaves": [graph.nodes[k]["name"] for k in new if graph.nodes[k]["kind"] == "leaf" and k not in leaf_of.values()],
            "recorded": [graph.nodes[k]["name"] for k in fns],
            "accumulators": [graph.nodes[leaf_of[k]]["name"] for k in accs],
            "named": [
                [graph.nodes[k]["name"], graph.nodes[k]["detail"]] for k in new + changed if graph.nodes[k]["kind"] == "output"
            ],
            "grads": [[graph.nodes[k]["name"], graph.nodes[k]["detail"]] for k in changed if graph.nodes[k]["kind"] == "leaf"],
            "dropped": len([k for k in gone if self.last.nodes[k]["kind"] in ("function", "accumulate")]),
        }

    # -- backward

    def backward_started(self, frame):
        self.in_backward += 1
        if self.in_backward > 1:
            return self.backward_local
        roots = frame.f_locals["tensors"]
        roots = [roots] if _is_tensor(roots) else [t for t in roots if _is_tensor(t)]
        snippet_frame = frame.f_back
        while snippet_frame is not None and snippet_frame.f_code.co_filename != self.file:
            snippet_frame = snippet_frame.f_back
        if snippet_frame is None:
            raise StepsError("backward() was called from outside the snippet")
        self.line = snippet_frame.f_lineno
        self.scope_frame = snippet_frame
        self.graph = graph_of(self.scopes(snippet_frame), roots + [v for _, v in self.pending])
        self.flowed: dict[tuple[int, int], str] = {}  # edge -> the gradient it carried
        self.arrived: dict[int, str] = {}
        self.running = None
        self.handles = []
        start = [t.grad_fn for t in roots if t.grad_fn is not None]
        todo, reached = list(start), []
        while todo:
            fn = todo.pop()
            if fn is None or any(fn is r for r in reached):
                continue
            reached.append(fn)
            todo.extend(n for n, _ in fn.next_functions)
        for fn in reached:
            self.handles.append(fn.register_prehook(lambda grads, fn=fn: self._guard(self.arrives, fn, grads)))
            self.handles.append(fn.register_hook(lambda grads_in, grads_out, fn=fn: self._guard(self.ran_node, fn, grads_in)))
        for tensor in roots:  # the gradient backward starts from, on the edge from the named tensor
            if id(tensor) in self.graph.nodes and tensor.grad_fn is not None:
                self.flowed[(id(tensor), id(tensor.grad_fn))] = None
        self.roots = roots
        return self.backward_local

    def backward_local(self, frame, event, arg):
        if event == "exception":
            self.backward_error = arg[1]
        elif event == "line":
            self.backward_error = None  # handled inside
        elif event == "return":
            self._guard(self.backward_returned, frame)
        return self.backward_local

    def arrives(self, fn, grads):
        self.running = id(fn)  # until its hook says it has run: where an error comes from
        self.arrived[id(fn)] = shown(grads[0])
        for tensor in self.roots:
            if tensor.grad_fn is fn and (id(tensor), id(fn)) in self.flowed:
                self.flowed[(id(tensor), id(fn))] = shown(grads[0])

    def ran_node(self, fn, grads_in):
        self.running = None
        g = self.graph
        if id(fn) not in g.nodes:
            return
        key = id(fn)
        facts = {"node": fn.name(), "received": self.arrived.get(key)}
        if g.nodes[key]["kind"] == "accumulate":
            leaf = fn.variable
            facts["leaf"] = g.nodes[id(leaf)]["name"]
            facts["from"] = [[g.nodes[p]["name"], v] for (p, c), v in self.flowed.items() if c == key and v is not None]
            facts["grad"] = shown(leaf.grad)
            self.flowed[(key, id(leaf))] = shown(leaf.grad)
            g.nodes[id(leaf)] = {**g.nodes[id(leaf)], "detail": f"grad={shown(leaf.grad)}"}
        else:
            sent = []
            for (next_fn, _), grad in zip(fn.next_functions, grads_in, strict=True):
                if next_fn is None or grad is None:
                    continue
                self.flowed[(key, id(next_fn))] = shown(grad)
                target = g.nodes[id(next_fn)]
                leaf_name = g.nodes[id(next_fn.variable)]["name"] if target["kind"] == "accumulate" else None
                sent.append([target["name"], leaf_name, shown(grad)])
            facts["sent"] = sent
        self.emit("backward", g, current=key, flowed=dict(self.flowed), facts=facts)

    def backward_returned(self, frame):
        self.in_backward -= 1
        if self.in_backward:
            return
        for handle in self.handles:
            handle.remove()
        g = self.graph
        grads = []
        for key in g.leaves:
            leaf = g.objects[key]
            g.nodes[key] = {**g.nodes[key], "detail": "is_leaf=True" if leaf.grad is None else f"grad={shown(leaf.grad)}"}
            if any(c == key for (_, c) in self.flowed):
                grads.append([g.nodes[key]["name"], shown(leaf.grad)])
        if self.backward_error is not None:
            error, failed = self.backward_error, self.running
            message = str(error).splitlines()[0] if str(error) else ""
            self.emit(
                "raised",
                g,
                current=failed,
                flowed=dict(self.flowed),
                facts={
                    "error": type(error).__name__,
                    "message": message.split(". ")[0].rstrip(".") + ".",
                    "node": g.nodes[failed]["name"] if failed in g.nodes else None,
                },
            )
        else:
            self.emit("done", g, flowed=dict(self.flowed), facts={"grads": grads})
        self.backward_error = None
        self.handles, self.graph, self.roots, self.flowed = [], None, [], {}
        # Baseline for the next forward frame: the graph as the program sees it now.
        self.remember(graph_of(self.scopes(self.scope_frame), [v for _, v in self.pending]))
        self.scope_frame = None

    # -- torch.compile: the graphs Dynamo produced (torch._dynamo.explain)

    def explains(self, scope: dict):
        for value in list(scope.values()):
            if type(value).__name__ == "ExplainOutput" and id(value) not in self.seen_explains:
                self.seen_explains.add(id(value))
                self.compile_frames(value)

    def compile_frames(self, explanation):
        graphs, breaks = list(explanation.graphs), list(explanation.break_reasons)
        if len(graphs) != len(breaks) + 1:
            raise StepsError(
                f"explain() gave {len(graphs)} graphs and {len(breaks)} graph breaks; "
                "a stepped figure shows graph, break, graph, ... (graphs = breaks + 1)"
            )
        nodes: list[dict] = []
        edges: list[list] = []
        previous_end = None
        for number, module in enumerate(graphs, 1):
            ids, lines, made = {}, [], []
            for node in module.graph.nodes:
                ids[node] = node_id = f"g{number}.{node.name}"
                kind = {"placeholder": "leaf", "output": "output"}.get(node.op, "function")
                target = getattr(node.target, "__name__", str(node.target))
                detail = node.op if node.op == "output" else f"{node.op} {target}"
                nodes.append({"id": node_id, "kind": kind, "name": node.name, "detail": detail})
                for source in node.all_input_nodes:
                    edges.append([ids[source], node_id])
                line = self._fx_line(node)
                if line and line not in lines:
                    lines.append(line)
                if node.op.startswith("call"):
                    made.append([node.name, node.op, target])
            if previous_end is not None:
                edges.append([previous_end, nodes[len(nodes) - len(ids)]["id"]])
            self.frames.append(
                {
                    "kind": "compile",
                    "line": lines[-1] if lines else self.line,
                    "ran": [self.line, *lines],
                    "nodes": list(nodes),
                    "edges": [list(e) for e in edges],
                    "new": list(ids.values()),
                    "facts": {"graph": number, "graphs": len(graphs), "made": made},
                }
            )
            if number <= len(breaks):
                reason = breaks[number - 1]
                where = reason.user_stack[-1]
                break_id = f"break{number}"
                nodes.append({"id": break_id, "kind": "break", "name": "graph break", "detail": f"{where.name}()"})
                edges.append([ids[next(n for n in module.graph.nodes if n.op == "output")], break_id])
                previous_end = break_id
                self.frames.append(
                    {
                        "kind": "break",
                        "line": where.lineno,
                        "ran": [where.lineno],
                        "nodes": list(nodes),
                        "edges": [list(e) for e in edges],
                        "new": [break_id],
                        "facts": {"graph": number, "reason": reason.reason.splitlines()[0], "function": where.name},
                    }
                )
        self.ran = []

    def _fx_line(self, node) -> int | None:
        found = [
            int(m.group("line")) for m in FX_LINE.finditer(node.meta.get("stack_trace") or "") if m.group("file") == self.file
        ]
        return found[-1] if found else None

    # -- frames

    def remember(self, graph: Graph):
        """The next frame compares with this graph; ids of what it no longer shows are let go."""
        self.ids = {k: self.ids.get(k) or self._next_id(graph.nodes[k]["kind"]) for k in graph.nodes}
        self.last = graph

    def _next_id(self, kind: str) -> str:
        self.serial += 1
        return f"{'t' if kind in ('leaf', 'output') else 'f'}{self.serial}"

    def emit(self, kind: str, graph: Graph, new=(), current=None, flowed=None, facts=None):
        if kind == "forward":
            self.remember(graph)
        else:  # backward frames show the graph backward started from; new objects get ids too
            self.ids.update({k: self.ids.get(k) or self._next_id(graph.nodes[k]["kind"]) for k in graph.nodes})
        ids = self.ids
        flowed = flowed or {}
        frame = {
            "kind": kind,
            "line": self.line,
            "ran": list(dict.fromkeys(self.ran)) or [self.line],
            "nodes": [
                {"id": ids[k], "kind": n["kind"], "name": n["name"], "detail": n["detail"]} for k, n in graph.nodes.items()
            ],
            "edges": [[ids[p], ids[c]] + ([flowed[(p, c)]] if flowed.get((p, c)) is not None else []) for p, c in graph.edges],
            "new": [ids[k] for k in new],
        }
        if current is not None:
            frame["current"] = ids[current]
        frame["facts"] = facts or {}
        self.frames.append(frame)
        self.ran = []


def record(snippet: Snippet, seed: int) -> tuple[str, dict, str]:
    """Run the snippet once under the recorder: (what it printed, its globals, the frames as JSON text)."""
    recorder = Recorder(snippet)
    previous = sys.gettrace()
    sys.settrace(recorder.trace)
    try:
        output, namespace = run_for_namespace(snippet, seed)
    finally:
        sys.settrace(previous)
    if recorder.failure is not None:
        raise SnippetFailed(
            f"{snippet.name}: the stepped-figure recorder failed: {type(recorder.failure).__name__}: {recorder.failure}"
        ) from recorder.failure
    if not recorder.frames:
        raise SnippetFailed(f"{snippet.name}: a page shows it step by step, but running it records no graph")
    return output, namespace, dumps({"program": snippet.name, "frames": recorder.frames})


def dumps(data, indent: str = "") -> str:
    """JSON with each node, edge and list of names on one line: a changed frame reads as a small diff."""
    inner = indent + " "
    if isinstance(data, dict) and any(isinstance(v, (dict, list)) and v for v in data.values()):
        items = [f"{inner}{json.dumps(k)}: {dumps(v, inner).strip()}" for k, v in data.items()]
        text = "{\n" + ",\n".join(items) + f"\n{indent}}}"
    elif isinstance(data, list) and any(isinstance(v, (dict, list)) for v in data):
        text = "[\n" + ",\n".join(inner + dumps(v, inner).strip() for v in data) + f"\n{indent}]"
    else:
        text = json.dumps(data, ensure_ascii=False)
    return text + ("\n" if not indent else "")


def load(snippet: str, root: Path = ROOT) -> dict:
    """The stored frames of "dir/name"; StepsError naming the file and the command when missing."""
    path = steps_path(root / "snippets" / f"{snippet}.py")
    if not (root / "snippets" / f"{snippet}.py").is_file():
        raise StepsError(f"no snippet {snippet!r} (snippets/{snippet}.py does not exist)")
    if not path.is_file():
        raise StepsError(
            f"snippets/{snippet}.py has no recorded steps ({path.relative_to(root).as_posix()}); "
            f"record them from a real run: ./dev outputs snippets/{snippet}.py"
        )
    return json.loads(path.read_text(encoding="utf-8"))
