"""Stepped figures: the graph torch records while a snippet runs, frame by frame, from a real run
(how a page asks for one and how it is recorded: CONTRIBUTING.md). A frame is one of these kinds:

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
from functools import partial
from types import SimpleNamespace

from .graphs import Graph, Node, is_tensor, is_value, leaf_detail, shown, variables, walk
from .pages import parse
from .runner import ROOT, SnippetFailed, run
from .site import layout, snippet_file

FX_LINE = re.compile(r'File "([^"]+)", line (\d+)')
# In indented JSON, a list or object that holds none: one that opens a line, then lines that open none (a
# string holds no line break), then the line that closes it.
INNERMOST = re.compile(r"[\[{]\n(?:.*[^\[{\n]\n)+? *[\]}]")


class StepsError(Exception):
    """The recorder could not follow the program, or a page asks for frames nobody recorded."""


@dataclass
class Frame:
    kind: str  # one of the module docstring's
    line: int  # the line it is told as the effect of
    ran: list  # lines started since the frame before
    nodes: list  # Node
    edges: list  # [user, input], or [user, input, the gradient it carried]
    new: list  # ids
    # What its sentence tells (steps_figure.sentence), by kind: a dict as recorded (its keys are named where
    # Recorder.forward, BackwardRun and compile_frames record it), read back as a SimpleNamespace.
    facts: dict | SimpleNamespace
    current: str | None = None  # the node that ran


def steps_path(snippet_py):
    return snippet_py.with_suffix(".steps.json")


def declared():
    """{snippet ("dir/name"): [pages that call steps() on it]} over every page of every language."""
    site, found = layout(), {}
    for page in site.pages():
        for snippet in parse(page).steps:
            found.setdefault(snippet, []).append(site.name(page))
    return found


def load(snippet, root=ROOT):
    """(the program's path, its stored frames) of "dir/name"; StepsError naming the file and the command."""
    # a page stepping through a missing program: tests/test_pages.py names it first
    if not (stored := steps_path(snippet_file(snippet, root))).is_file():
        raise StepsError(
            f"snippets/{snippet}.py has no recorded steps (snippets/{snippet}.steps.json); "
            f"record them from a real run: ./dev outputs snippets/{snippet}.py"
        )
    data = json.loads(stored.read_text(encoding="utf-8"))
    return data["program"], [
        Frame(**f | {"nodes": [Node(**n) for n in f["nodes"]], "facts": SimpleNamespace(**f["facts"])}) for f in data["frames"]
    ]


# ---------------------------------------------------------------- recording


class BackwardRun:
    """One outermost backward() call (`frame`): hooks on every node of the graph it starts from record
    the gradient each node receives and passes on, as torch's engine runs them."""

    running = None  # a node that received its gradient and has not finished: where an error comes from
    error = None  # what backward() raised

    def __init__(self, recorder, frame):
        roots = frame.f_locals["tensors"]
        self.roots = [roots] if is_tensor(roots) else [t for t in roots if is_tensor(t)]
        self.scope = recorder.snippet_frame(frame.f_back)  # the snippet's module frame at least: it runs everything
        recorder.line = self.scope.f_lineno
        self.recorder, self.graph = recorder, recorder.graph(self.scope, self.roots)
        self.flowed = {}  # (user, input) -> the gradient that arrow carried
        self.handles = []
        for fn in self.graph.objects.values():
            if hasattr(fn, "register_prehook"):  # a node of torch's graph: not a tensor, not a tiny engine's Value
                self.handles += [
                    fn.register_prehook(partial(recorder.guard, self.arrives, fn)),
                    fn.register_hook(partial(recorder.guard, self.ran, fn)),
                ]
        recorder.remember(self.graph, forget=False)  # backward frames show the graph backward started from

    def frame(self, kind, facts, current=None):
        self.recorder.append(kind, facts, self.graph, (), current, self.flowed)

    def arrives(self, fn, grads):
        self.running = id(fn)
        for tensor in self.roots:  # the gradient backward starts from, on the arrow from the named tensor
            if tensor.grad_fn is fn:
                self.flowed[id(tensor), id(fn)] = shown(grads[0])

    def ran(self, fn, grads, received):
        """grads: what fn passes to each of its next_functions; received: what it was passed."""
        self.running, key, nodes, received = None, id(fn), self.graph.nodes, shown(received[0])
        if hasattr(fn, "variable"):  # an AccumulateGrad: its leaf's .grad now
            leaf = fn.variable
            node = nodes[id(leaf)]
            sources = [[nodes[a].name, v] for (a, b), v in self.flowed.items() if b == key]  # each path that reached it
            grad = self.flowed[key, id(leaf)] = shown(leaf.grad)
            node.detail = leaf_detail(leaf)
            return self.frame("accumulate", dict(received=received, leaf=node.name, sources=sources, grad=grad), key)
        sent = []  # [node, its leaf if an AccumulateGrad else None, gradient]
        for (next_fn, _), grad in zip(fn.next_functions, grads, strict=True):
            if next_fn is not None and grad is not None:
                self.flowed[key, id(next_fn)] = grad = shown(grad)
                leaf = nodes[id(next_fn.variable)].name if hasattr(next_fn, "variable") else None
                sent.append([nodes[id(next_fn)].name, leaf, grad])
        self.frame("backward", dict(node=nodes[key].name, received=received, sent=sent), key)

    def returned(self):
        for handle in self.handles:
            handle.remove()
        grads = []  # [leaf, .grad] of the leaves a gradient reached
        for key, node in self.graph.nodes.items():
            if node.kind == "leaf":
                leaf = self.graph.objects[key]
                node.detail = leaf_detail(leaf)
                if any(b == key for _, b in self.flowed):
                    grads.append([node.name, shown(leaf.grad)])
        if self.error is None:
            return self.frame("done", dict(grads=grads))
        message = re.split(r"\n|\. ", str(self.error))[0].rstrip(".") + "."  # its first sentence
        node = self.graph.nodes[self.running].name if self.running else None  # the node that raised, if one did
        self.frame("raised", dict(error=type(self.error).__name__, message=message, node=node), self.running)


def compile_frames(explanation, recorder):
    """The graphs Dynamo produced (a torch._dynamo.explain result), one frame each, the breaks between them."""
    graphs, breaks = explanation.graphs, explanation.break_reasons
    if len(graphs) != len(breaks) + 1:
        raise StepsError(
            f"explain() gave {len(graphs)} graphs and {len(breaks)} graph breaks; "
            "a stepped figure shows graph, break, graph, ... (graphs = breaks + 1)"
        )
    nodes, edges = [], []
    for number, (module, reason) in enumerate(zip(graphs, [*breaks, None], strict=True), 1):
        new, lines, made = [], [], []  # made: [name, op, target] of each call
        for node in module.graph.nodes:
            name = f"g{number}.{node.name}"
            new.append(name)
            target = getattr(node.target, "__name__", str(node.target))
            kind = {"placeholder": "leaf", "output": "output"}.get(node.op, "function")
            nodes.append(Node(name, kind, node.name, node.op if node.op == "output" else f"{node.op} {target}"))
            edges += [[f"g{number}.{source.name}", name] for source in node.all_input_nodes]
            stack = FX_LINE.findall(node.meta.get("stack_trace") or "")
            lines += [int(line) for f, line in stack if f == recorder.file][-1:]  # the snippet's innermost line
            if node.op.startswith("call"):
                made.append([node.name, node.op, target])
        if number > 1:
            edges.append([f"break{number - 1}", new[0]])
        ran = [recorder.line, *dict.fromkeys(lines)]  # the call of the compiled function, then the lines of the graph
        facts = dict(graph=number, graphs=len(graphs), made=made)
        recorder.frames.append(Frame("compile", ran[-1], ran, list(nodes), list(edges), new, facts))
        if reason:
            where = reason.user_stack[-1]
            nodes.append(Node(f"break{number}", "break", "graph break", f"{where.name}()"))
            edges.append([new[-1], f"break{number}"])  # from the output node: an FX graph's last
            facts = dict(graph=number, reason=reason.reason.splitlines()[0], function=where.name)
            recorder.frames.append(
                Frame("break", where.lineno, [where.lineno], list(nodes), list(edges), [f"break{number}"], facts)
            )
    recorder.ran = []


class Recorder:
    """sys.settrace on the snippet's own frames: forward frames at each line, a BackwardRun while its
    backward() runs, compile frames for each explain() result it makes; the stable ids ("t1", "f3") of
    what the frames show."""

    line = 0  # the line the next frame is told as the effect of
    serial = 0  # ids given
    backward = None  # the BackwardRun of the outermost backward() running
    depth = 0  # backward() calls running
    failure = None  # what went wrong in the recorder itself

    def __init__(self, snippet):
        import torch

        self.file = snippet.name  # the code's filename as runner.run compiles it
        self.backward_code = torch.autograd.backward.__code__
        self.frames = []
        self.ran = []  # lines started since the last frame
        self.last = Graph()  # what the program's variables reached at the last forward frame
        self.ids = {}  # id() -> the stable id of a tensor or node the frames show
        self.pending = []  # (snippet frame, a tensor returned into its running line)
        self.explained = set()  # id() of the explain() results drawn

    def remember(self, graph, forget=True):
        """Ids for the graph's new nodes; with `forget`, the graph is the baseline of the next forward frame
        and the ids of what no longer shows are let go (id() values are reused)."""
        for key, node in graph.nodes.items():
            if key not in self.ids:
                self.serial += 1
                self.ids[key] = f"{'t' if node.kind in ('leaf', 'output') else 'f'}{self.serial}"
        if forget:
            self.ids = {key: self.ids[key] for key in graph.nodes}
            self.last = graph

    def append(self, kind, facts, graph, new, current=None, flowed=()):
        """A frame of `graph` told as the effect of the current line, with the gradients that `flowed` on its arrows."""
        drawn = graph.drawn(self.ids, flowed)
        ran = list(dict.fromkeys(self.ran)) or [self.line]  # no line started since the frame before: a backward step
        self.frames.append(Frame(kind, self.line, ran, *drawn, [self.ids[k] for k in new], facts, self.ids.get(current)))
        self.ran = []

    def forward(self, graph):
        """A frame if the graph changed since the last one."""
        nodes, last = graph.nodes, self.last.nodes
        self.remember(graph)
        if nodes == last:
            return
        new = [k for k in nodes if k not in last]
        changed = [k for k in nodes if k in last and nodes[k] != last[k]]
        grown = [id(graph.objects[k].variable) for k in new if nodes[k].kind == "accumulate"]  # the leaves of new AccumulateGrads
        values = {k for k in nodes if is_value(graph.objects[k])}  # a tiny engine's: each Value made is recorded
        recorded = sorted(
            (k for k in new if nodes[k].kind == "function" or k in values),
            key=lambda k: getattr(graph.objects[k], "_sequence_nr", lambda: 0)(),
        )
        facts = dict(
            leaves=[nodes[k].name for k in new if nodes[k].kind == "leaf" and k not in grown and k not in values],  # made
            recorded=[nodes[k].name for k in recorded],  # nodes recorded, in the order torch recorded them
            accumulators=[nodes[k].name for k in grown],  # leaves that got an AccumulateGrad
            named=[[nodes[k].name, nodes[k].detail] for k in new + changed if nodes[k].kind == "output"],  # grad_fn=...
            grads=[[nodes[k].name, nodes[k].detail] for k in changed if nodes[k].kind == "leaf" or k in values],  # grad=...
            dropped=sum(last[k].kind in ("function", "accumulate") for k in last if k not in nodes),  # no longer reached
        )
        self.append("forward", facts, graph, new)

    def guard(self, method, *args):
        try:
            return method(*args)
        except Exception as exc:  # reported after the run, naming the snippet; the program goes on untraced
            self.failure = exc

    def trace(self, frame, event, arg):
        """The trace function, global and local: the snippet's own frames, and backward()'s."""
        code = frame.f_code
        if code is self.backward_code:
            self.guard(self.in_backward, frame, event, arg)
        elif self.failure or code.co_filename != self.file or code.co_name == "__init__":
            return None  # a constructor's lines are no steps: what it builds shows once the caller holds it
        elif event == "line":  # the frame's previous line has finished: what it returned into is named or gone
            self.pending = [(f, v) for f, v in self.pending if f is not frame]
            self.guard(self.moment, frame)
            self.line = frame.f_lineno
            self.ran.append(frame.f_lineno)
        elif event == "return":  # what it returns is held by its caller's running line (torch may be in between)
            caller = self.snippet_frame(frame.f_back)
            self.pending += [(caller, v) for v in (arg if isinstance(arg, tuple) else (arg,)) if is_tensor(v) or is_value(v)]
            self.guard(self.moment, frame)
            self.pending = [(f, v) for f, v in self.pending if f not in (frame, None)]
            if caller is not None:
                self.line = caller.f_lineno
        return self.trace

    def snippet_frame(self, frame):
        while frame is not None and frame.f_code.co_filename != self.file:
            frame = frame.f_back
        return frame

    def graph(self, frame, roots=()):
        """What the variables reach: the module's globals, then the locals of each running function of the
        snippet; and what `roots` and the values returned into a running line reach."""
        scopes = []
        while (frame := self.snippet_frame(frame)) is not None:
            scopes.insert(0, frame.f_globals if frame.f_code.co_name == "<module>" else frame.f_locals)
            frame = frame.f_back
        return walk(*variables(scopes), [*roots, *(v for _, v in self.pending)])

    def moment(self, frame):
        if self.depth:
            return
        self.forward(self.graph(frame))
        if frame.f_code.co_name == "<module>":
            for value in list(frame.f_globals.values()):
                if type(value).__name__ == "ExplainOutput" and id(value) not in self.explained:
                    self.explained.add(id(value))
                    compile_frames(value, self)

    def in_backward(self, frame, event, arg):
        """backward() starts (the outermost one: a BackwardRun), raises, or returns."""
        match event:
            case "call":
                self.depth += 1
                if self.depth == 1:
                    self.backward = BackwardRun(self, frame)
            case "exception":
                self.backward.error = arg[1]
            case "line":
                self.backward.error = None  # handled inside
            case "return":
                self.depth -= 1
                if not self.depth:
                    self.backward.returned()
                    self.remember(self.graph(self.backward.scope))
                    self.backward = None


def record(snippet, seed):
    """Run the snippet once under the recorder: (what it printed, its globals, the frames as JSON text: each
    node, edge and list of names on one line, so that a changed frame reads as a small diff)."""
    recorder = Recorder(snippet)
    previous = sys.gettrace()
    sys.settrace(recorder.trace)
    try:
        output, namespace = run(snippet, seed)
    finally:
        sys.settrace(previous)
    if recorder.failure:
        raise SnippetFailed(
            f"{snippet.name}: the stepped-figure recorder failed: {type(recorder.failure).__name__}: {recorder.failure}"
        ) from recorder.failure
    if not recorder.frames:
        raise SnippetFailed(f"{snippet.name}: a page shows it step by step, but running it records no graph")
    for last in [f for f in recorder.frames if f.kind == "done"][-1:]:  # the last backward frame, if there is one
        leaves, grads = [n.detail for n in last.nodes if n.kind == "leaf"], last.facts["grads"]
        printed = (re.search(rf"(?<![\w.]){re.escape(v)}(?![\w.])", output) and f"grad={v}" in leaves for _, v in grads)
        if not grads or not all(printed):
            raise SnippetFailed(
                f"{snippet.name}: the last backward frame of its figure must show leaf gradients the program prints, in its "
                f"leaves ({leaves}); it shows {grads or 'none'}. The program printed:\n{output}"
            )
    frames = [{k: v for k, v in asdict(f).items() if v is not None} for f in recorder.frames]
    text = json.dumps({"program": snippet.name, "frames": frames}, ensure_ascii=False, indent=1)
    return output, namespace, INNERMOST.sub(lambda found: json.dumps(json.loads(found[0]), ensure_ascii=False), text) + "\n"
