"""Stepped figures: the graph torch records while a snippet runs, frame by frame, from a real run
(how a page asks for one and how it is recorded: CONTRIBUTING.md). A frame is one of the kinds in `FACTS`:

- forward: a line ran and the graph the program's variables reach changed (its globals, the locals of
  its running functions, a value being returned);
- backward / accumulate: inside the program's `backward()`, one node ran, in the order torch's engine
  runs them (hooks on every node, removed when backward returns); done / raised: backward returned or raised;
- compile / break: one frame per graph of a `torch._dynamo.explain` result, the graph break between them.

The recording changes nothing the program prints: hooks return None, and the recorder keeps no
object alive longer than one line.
"""

import json
import re
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

from .graphs import Graph, Node, is_tensor, is_value, leaf_detail, shown, variables, walk
from .pages import parse
from .runner import ROOT, Snippet, SnippetFailed, run
from .site import layout, snippet_file

FX_LINE = re.compile(r'File "([^"]+)", line (\d+)')


class StepsError(Exception):
    """The recorder could not follow the program, or a page asks for frames nobody recorded."""


# ---------------------------------------------------------------- the frames, as steps_figure reads them


@dataclass
class Forward:
    leaves: list[str]  # leaf tensors made
    recorded: list[str]  # nodes recorded, in the order torch recorded them
    accumulators: list[str]  # leaves that got an AccumulateGrad
    named: list[list[str]]  # [name, grad_fn=...] of results named
    grads: list[list[str]]  # [leaf, grad=...] of leaves whose .grad changed
    dropped: int  # nodes the program's variables no longer reach


@dataclass
class Backward:
    node: str
    received: str
    sent: list[list]  # [node, its leaf if an AccumulateGrad else None, gradient]


@dataclass
class Accumulate:
    received: str
    leaf: str
    sources: list[list[str]]  # [node, gradient] of each path that reached it
    grad: str  # the leaf's .grad now


@dataclass
class Done:
    grads: list[list[str]]  # [leaf, .grad] once backward() returned


@dataclass
class Raised:
    error: str
    message: str
    node: str | None  # the node that raised, if one did


@dataclass
class Compile:
    graph: int
    graphs: int
    made: list[list[str]]  # [name, op, target] of each call


@dataclass
class Break:
    graph: int
    reason: str
    function: str


FACTS = {cls.__name__.lower(): cls for cls in (Forward, Backward, Accumulate, Done, Raised, Compile, Break)}


@dataclass
class Frame:
    kind: str
    line: int  # the line it is told as the effect of
    ran: list[int]  # lines started since the frame before
    nodes: list[Node]
    edges: list[list[str]]  # [user, input], or [user, input, the gradient it carried]
    new: list[str]
    facts: Forward | Backward | Accumulate | Done | Raised | Compile | Break
    current: str | None = None  # the node that ran


def steps_path(snippet_py: Path) -> Path:
    return snippet_py.with_suffix(".steps.json")


def declared() -> dict[str, list[str]]:
    """{snippet ("dir/name"): [pages that call steps() on it]} over every page of every language."""
    site, found = layout(), {}
    for page in site.pages():
        for snippet in parse(page).steps:
            found.setdefault(snippet, []).append(site.name(page))
    return found


def load(snippet: str, root: Path = ROOT) -> tuple[str, list[Frame]]:
    """(the program's path, its stored frames) of "dir/name"; StepsError naming the file and the command."""
    # a page stepping through a missing program: tests/test_pages.py names it first
    if not (stored := steps_path(snippet_file(snippet, root))).is_file():
        raise StepsError(
            f"snippets/{snippet}.py has no recorded steps (snippets/{snippet}.steps.json); "
            f"record them from a real run: ./dev outputs snippets/{snippet}.py"
        )
    data = json.loads(stored.read_text(encoding="utf-8"))
    read = [{**f, "nodes": [Node(**n) for n in f["nodes"]], "facts": FACTS[f["kind"]](**f["facts"])} for f in data["frames"]]
    return data["program"], [Frame(**f) for f in read]


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


# ---------------------------------------------------------------- recording


class Frames:
    """The frames so far, where the program is, and the stable ids ("t1", "f3") of what they show."""

    def __init__(self):
        self.list = []
        self.line = 0  # the line the next frame is told as the effect of
        self.ran = []  # lines started since the last frame
        self.last = Graph()  # what the program's variables reached at the last forward moment
        self.ids = {}  # id() -> the stable id ("t1", "f3") of a tensor or node the frames show
        self.serial = 0

    def remember(self, graph: Graph, forget: bool = True) -> None:
        """Ids for the graph's new nodes; with `forget`, the graph is the baseline of the next forward frame
        and the ids of what no longer shows are let go (id() values are reused)."""
        for key, node in graph.nodes.items():
            if key not in self.ids:
                self.serial += 1
                self.ids[key] = f"{'t' if node.kind in ('leaf', 'output') else 'f'}{self.serial}"
        if forget:
            self.ids = {key: self.ids[key] for key in graph.nodes}
            self.last = graph

    def add(self, graph: Graph, facts, new=(), current=None, flowed=()) -> None:
        """A frame of `graph` (an autograd graph), with the gradients that `flowed` on its arrows."""
        self.remember(graph, forget=isinstance(facts, Forward))  # backward frames show the graph backward started from
        self.append(facts, *graph.drawn(self.ids, flowed), [self.ids[k] for k in new], self.ids.get(current))

    def append(self, facts, nodes, edges, new, current=None, line=None, ran=None) -> None:
        line = line or self.line  # a line number is never 0
        ran = ran or list(dict.fromkeys(self.ran)) or [line]
        self.list.append(Frame(type(facts).__name__.lower(), line, ran, nodes, edges, new, facts, current))
        self.ran = []

    def forward(self, graph: Graph) -> None:
        """A frame if the graph changed since the last one."""
        nodes, last = graph.nodes, self.last.nodes
        new = [k for k in nodes if k not in last]
        gone = [k for k in last if k not in nodes]
        changed = [k for k in nodes if k in last and nodes[k] != last[k]]
        if not (new or gone or changed):
            return self.remember(graph)
        accumulators = [k for k in new if nodes[k].kind == "accumulate"]
        leaf_of = {user: leaf for user, leaf in graph.edges if user in accumulators}
        values = {k for k in nodes if is_value(graph.objects[k])}  # a tiny engine's: each Value made is recorded
        recorded = sorted(
            (k for k in new if nodes[k].kind == "function" or k in values),
            key=lambda k: getattr(graph.objects[k], "_sequence_nr", lambda: 0)(),
        )
        facts = Forward(
            leaves=[nodes[k].name for k in new if nodes[k].kind == "leaf" and k not in leaf_of.values() and k not in values],
            recorded=[nodes[k].name for k in recorded],
            accumulators=[nodes[leaf_of[k]].name for k in accumulators],
            named=[[nodes[k].name, nodes[k].detail] for k in new + changed if nodes[k].kind == "output"],
            grads=[[nodes[k].name, nodes[k].detail] for k in changed if nodes[k].kind == "leaf" or k in values],
            dropped=sum(last[k].kind in ("function", "accumulate") for k in gone),
        )
        self.add(graph, facts, new=new)


class BackwardRun:
    """One outermost backward() call: hooks on every node of the graph it starts from record the
    gradient each node receives and passes on, as torch's engine runs them."""

    def __init__(self, frames: Frames, graph: Graph, roots: list, scope, guard):
        self.frames, self.graph, self.scope = frames, graph, scope
        self.flowed = {}  # (user, input) -> the gradient that arrow carried
        self.arrived = {}  # node -> the gradient it received
        self.running = None  # a node that received its gradient and has not finished: where an error comes from
        self.error = None
        fns = [fn for k, fn in graph.objects.items() if graph.nodes[k].kind in ("function", "accumulate") and not is_value(fn)]
        self.handles = [fn.register_prehook(lambda grads, fn=fn: guard(self.arrives, fn, grads)) for fn in fns]
        self.handles += [fn.register_hook(lambda grads, _, fn=fn: guard(self.ran, fn, grads)) for fn in fns]
        self.roots = [t for t in roots if id(t) in graph.nodes and t.grad_fn is not None]

    def arrives(self, fn, grads) -> None:
        self.running = id(fn)
        self.arrived[id(fn)] = shown(grads[0])
        for tensor in self.roots:  # the gradient backward starts from, on the arrow from the named tensor
            if tensor.grad_fn is fn:
                self.flowed[id(tensor), id(fn)] = shown(grads[0])

    def ran(self, fn, grads) -> None:
        """grads: what fn passes to each of its next_functions."""
        self.running, key, nodes = None, id(fn), self.graph.nodes
        if nodes[key].kind == "accumulate":
            leaf = fn.variable
            sources = [[nodes[a].name, v] for (a, b), v in self.flowed.items() if b == key]
            self.flowed[key, id(leaf)] = shown(leaf.grad)
            nodes[id(leaf)].detail = leaf_detail(leaf)
            facts = Accumulate(self.arrived.get(key), nodes[id(leaf)].name, sources, shown(leaf.grad))
        else:
            sent = []
            for (next_fn, _), grad in zip(fn.next_functions, grads, strict=True):
                if next_fn is not None and grad is not None:
                    self.flowed[key, id(next_fn)] = shown(grad)
                    leaf = nodes[id(next_fn.variable)].name if hasattr(next_fn, "variable") else None
                    sent.append([nodes[id(next_fn)].name, leaf, shown(grad)])
            facts = Backward(nodes[key].name, self.arrived.get(key), sent)
        self.frames.add(self.graph, facts, current=key, flowed=self.flowed)

    def returned(self) -> None:
        for handle in self.handles:
            handle.remove()
        nodes, grads = self.graph.nodes, []
        for key, node in nodes.items():
            if node.kind == "leaf":
                node.detail = leaf_detail(self.graph.objects[key])
                if any(b == key for _, b in self.flowed):
                    grads.append([node.name, shown(self.graph.objects[key].grad)])
        if self.error is None:
            return self.frames.add(self.graph, Done(grads), flowed=self.flowed)
        message = (str(self.error).splitlines() or [""])[0].split(". ")[0].rstrip(".") + "."
        facts = Raised(type(self.error).__name__, message, nodes[self.running].name if self.running else None)
        self.frames.add(self.graph, facts, current=self.running, flowed=self.flowed)


def compile_frames(explanation, file: str, frames: Frames) -> None:
    """The graphs Dynamo produced (a torch._dynamo.explain result), one frame each, the breaks between them."""
    graphs, breaks = explanation.graphs, explanation.break_reasons
    if len(graphs) != len(breaks) + 1:
        raise StepsError(
            f"explain() gave {len(graphs)} graphs and {len(breaks)} graph breaks; "
            "a stepped figure shows graph, break, graph, ... (graphs = breaks + 1)"
        )
    nodes, edges, previous_end = [], [], None
    for number, module in enumerate(graphs, 1):
        ids, lines, made = {}, [], []
        for node in module.graph.nodes:
            ids[node] = f"g{number}.{node.name}"
            target = getattr(node.target, "__name__", str(node.target))
            detail = node.op if node.op == "output" else f"{node.op} {target}"
            nodes.append(Node(ids[node], {"placeholder": "leaf", "output": "output"}.get(node.op, "function"), node.name, detail))
            edges += [[ids[source], ids[node]] for source in node.all_input_nodes]
            stack = FX_LINE.findall(node.meta.get("stack_trace") or "")
            lines += [int(line) for f, line in stack if f == file][-1:]  # the snippet's innermost line
            if node.op.startswith("call"):
                made.append([node.name, node.op, target])
        if previous_end:
            edges.append([previous_end, next(iter(ids.values()))])
        ran = [frames.line, *dict.fromkeys(lines)]
        frames.append(Compile(number, len(graphs), made), list(nodes), list(edges), list(ids.values()), line=ran[-1], ran=ran)
        if number <= len(breaks):
            reason, previous_end = breaks[number - 1], f"break{number}"
            where = reason.user_stack[-1]
            nodes.append(Node(previous_end, "break", "graph break", f"{where.name}()"))
            edges.append([ids[node], previous_end])  # the output node: an FX graph's last
            facts = Break(number, reason.reason.splitlines()[0], where.name)
            frames.append(facts, list(nodes), list(edges), [previous_end], line=where.lineno, ran=[where.lineno])


class Recorder:
    """sys.settrace on the snippet's own frames: forward frames at each line, a BackwardRun while its
    backward() runs, compile frames for each explain() result it makes. Its frames: `self.frames.list`."""

    def __init__(self, snippet: Snippet):
        import torch

        self.file = snippet.name  # the code's filename as runner.run compiles it
        self.backward_code = torch.autograd.backward.__code__
        self.frames = Frames()
        self.pending = []  # (snippet frame, a tensor returned into its running line)
        self.backward = None  # the BackwardRun of the outermost backward() running
        self.depth = 0  # backward() calls running
        self.explained = set()  # id() of the explain() results drawn
        self.failure = None  # what went wrong in the recorder itself

    def guard(self, method, *args):
        try:
            return method(*args)
        except Exception as exc:  # reported after the run, naming the snippet; the program goes on untraced
            self.failure = exc

    def trace(self, frame, event, arg):
        if self.failure is not None:
            return None
        if frame.f_code is self.backward_code:  # a global trace function sees "call" events only
            return self.guard(self.backward_started, frame)
        # a constructor's lines are no steps: what it builds shows once the caller holds it
        return self.local if frame.f_code.co_filename == self.file and frame.f_code.co_name != "__init__" else None

    def local(self, frame, event, arg):
        if self.failure is not None:
            return None
        if event == "line":  # the frame's previous line has finished: what it returned into is named or gone
            self.pending = [(f, v) for f, v in self.pending if f is not frame]
            self.guard(self.moment, frame, [])
            self.frames.line = frame.f_lineno
            self.frames.ran.append(frame.f_lineno)
        elif event == "return":
            returned = [v for v in (arg if isinstance(arg, tuple) else (arg,)) if is_tensor(v) or is_value(v)]
            self.guard(self.moment, frame, returned)
            self.pending = [(f, v) for f, v in self.pending if f is not frame]
            caller = self.snippet_frame(frame.f_back)  # torch may be in between
            if caller is not None:
                self.frames.line = caller.f_lineno
                self.pending += [(caller, v) for v in returned]
        return self.local

    def snippet_frame(self, frame):
        while frame is not None and frame.f_code.co_filename != self.file:
            frame = frame.f_back
        return frame

    def graph(self, frame, unnamed: list) -> Graph:
        """What the variables reach: the module's globals, then the locals of each running function of the snippet."""
        scopes = []
        while (frame := self.snippet_frame(frame)) is not None:
            scopes.insert(0, frame.f_globals if frame.f_code.co_name == "<module>" else frame.f_locals)
            frame = frame.f_back
        named, kept = variables(scopes)
        return walk(named, unnamed, kept)

    def moment(self, frame, returned: list) -> None:
        if self.depth:
            return
        self.frames.forward(self.graph(frame, [v for _, v in self.pending] + returned))
        if frame.f_code.co_name == "<module>":
            for value in list(frame.f_globals.values()):
                if type(value).__name__ == "ExplainOutput" and id(value) not in self.explained:
                    self.explained.add(id(value))
                    compile_frames(value, self.file, self.frames)

    def backward_started(self, frame):
        self.depth += 1
        if self.depth == 1:
            roots = frame.f_locals["tensors"]
            roots = [roots] if is_tensor(roots) else [t for t in roots if is_tensor(t)]
            caller = self.snippet_frame(frame.f_back)  # the snippet's module frame at least: it runs everything
            self.frames.line = caller.f_lineno
            graph = self.graph(caller, roots + [v for _, v in self.pending])
            self.backward = BackwardRun(self.frames, graph, roots, caller, self.guard)
        return self.backward_local

    def backward_local(self, frame, event, arg):
        if event == "exception":
            self.backward.error = arg[1]
        elif event == "line":
            self.backward.error = None  # handled inside
        elif event == "return":
            self.guard(self.backward_returned)
        return self.backward_local

    def backward_returned(self) -> None:
        self.depth -= 1
        if not self.depth:
            self.backward.returned()
            self.frames.remember(self.graph(self.backward.scope, [v for _, v in self.pending]))
            self.backward = None


def record(snippet: Snippet, seed: int) -> tuple[str, dict, str]:
    """Run the snippet once under the recorder: (what it printed, its globals, the frames as JSON text)."""
    recorder = Recorder(snippet)
    previous = sys.gettrace()
    sys.settrace(recorder.trace)
    try:
        output, namespace = run(snippet, seed)
    finally:
        sys.settrace(previous)
    if recorder.failure is not None:
        raise SnippetFailed(
            f"{snippet.name}: the stepped-figure recorder failed: {type(recorder.failure).__name__}: {recorder.failure}"
        ) from recorder.failure
    if not recorder.frames.list:
        raise SnippetFailed(f"{snippet.name}: a page shows it step by step, but running it records no graph")
    frames = [{k: v for k, v in asdict(f).items() if v is not None} for f in recorder.frames.list]
    return output, namespace, dumps({"program": snippet.name, "frames": frames})
