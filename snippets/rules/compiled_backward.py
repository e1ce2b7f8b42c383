import torch
from functorch.compile import make_boxed_func
from torch._dynamo.backends.common import aot_autograd

torch.manual_seed(0)
forward_graphs, backward_graphs = [], []


def keep(graphs):
    def compiler(gm, example_inputs):
        graphs.append(gm)
        return make_boxed_func(gm.forward)

    return compiler


counting = aot_autograd(fw_compiler=keep(forward_graphs), bw_compiler=keep(backward_graphs))

functions = {
    "(x * w).sin().sum()": lambda x, w: (x * w).sin().sum(),
    "(x @ w.T).relu()": lambda x, w: (x @ w.T).relu(),
    "torch.where(x > 0, x * w, w.exp())": lambda x, w: torch.where(x > 0, x * w, w.exp()),
    "(x * w).softmax(-1)": lambda x, w: (x * w).softmax(-1),
    "(x * w)[:, 1:].log1p().pow(2)": lambda x, w: (x * w)[:, 1:].abs().log1p().pow(2),
}
TOLERANCE = {torch.float32: (1e-5, 1e-6), torch.float64: (1e-12, 1e-12)}
cases = 0
for name, fn in functions.items():
    for dtype in (torch.float32, torch.float64):
        for x_grad in (False, True):
            torch._dynamo.reset()
            forward_graphs.clear()
            backward_graphs.clear()
            x = torch.randn(2, 3, dtype=dtype, requires_grad=x_grad)
            w = torch.randn(2, 3, dtype=dtype, requires_grad=True)
            compiled = torch.compile(fn, backend=counting)
            out = compiled(x, w)
            assert out.grad_fn.name() == "CompiledFunctionBackward", name
            assert (len(forward_graphs), len(backward_graphs)) == (1, 0)
            upstream = torch.randn_like(out)
            got = torch.autograd.grad(out, [w, x] if x_grad else [w], upstream)
            assert (len(forward_graphs), len(backward_graphs)) == (1, 1)
            want = torch.autograd.grad(fn(x, w), [w, x] if x_grad else [w], upstream)
            rtol, atol = TOLERANCE[dtype]
            assert all(torch.allclose(g, e, rtol=rtol, atol=atol) for g, e in zip(got, want)), name
            compiled(x, w).backward(upstream)
            assert (len(forward_graphs), len(backward_graphs)) == (1, 1)
            cases += 1
print(f"{cases} cases ({len(functions)} functions, float32 and float64, x with and without requires_grad):")
print("output grad_fn CompiledFunctionBackward; backward graph compiled at the first backward, then reused;")
print("gradients equal eager's within rtol=1e-5, atol=1e-6 (float32), rtol=atol=1e-12 (float64)")

x = torch.randn(2, 3, requires_grad=True)
telling = {
    "backend='eager'": torch.compile(lambda x: x.sin() * 2, backend="eager")(x).grad_fn.name(),
    "an output that is a view of the input": torch.compile(lambda x: x.view(-1), backend="aot_eager")(x).grad_fn.name(),
    "no input requires grad": torch.compile(lambda x: x.sin() * 2, backend="aot_eager")(x.detach()).grad_fn,
}
same = torch.compile(lambda x, w: (x, x * w), backend="aot_eager")(x, torch.ones(3))[0]
assert same is x
telling["an output that is the input itself (a leaf)"] = same.grad_fn
with torch.no_grad():
    telling["under no_grad()"] = torch.compile(lambda x: x.sin() * 2, backend="aot_eager")(x).grad_fn
assert telling == {
    "backend='eager'": "MulBackward0",
    "an output that is a view of the input": "ViewBackward0",
    "no input requires grad": None,
    "an output that is the input itself (a leaf)": None,
    "under no_grad()": None,
}
for case, grad_fn in telling.items():
    print(f"{case}: grad_fn {grad_fn}")


def branch(x):
    y = x.sin()
    if y.sum() > 0:
        return y * 2
    return y + 1


out = torch.compile(branch, backend="aot_eager")(torch.ones(3, requires_grad=True))
chain = [out.grad_fn.name(), out.grad_fn.next_functions[0][0].name()]
assert chain == ["CompiledFunctionBackward"] * 2
print(f"a graph break: one node per graph, {chain[0]} after {chain[1]}")


@torch._dynamo.disable
def left_to_python(y):
    return y.exp()


def with_disabled(x):
    return left_to_python(x.sin()) * 2


node = torch.compile(with_disabled, backend="aot_eager")(torch.ones(3, requires_grad=True)).grad_fn
chain = []
while node is not None:
    chain.append(node.name().split("::")[-1])
    node = node.next_functions[0][0] if node.next_functions else None
assert chain == ["CompiledFunctionBackward", "ExpBackward0", "CompiledFunctionBackward", "AccumulateGrad"], chain
print(f"a function excluded with torch._dynamo.disable, between two graphs: {', '.join(chain)}")
