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


counting_aot = aot_autograd(fw_compiler=keep(forward_graphs), bw_compiler=keep(backward_graphs))  # (1)!


def loss_fn(x, w):
    return (x @ w).sin().sum()


x = torch.randn(4, 3)
w = torch.randn(3, 2, requires_grad=True)
loss = torch.compile(loss_fn, backend=counting_aot)(x, w)
compiled_node = loss.grad_fn.name()
print(f"loss.grad_fn: {compiled_node}")  # (2)!
print(f"after the forward pass:  {len(forward_graphs)} forward graph, {len(backward_graphs)} backward graphs")
loss.backward()
print(f"after the backward pass: {len(forward_graphs)} forward graph, {len(backward_graphs)} backward graph")  # (3)!
print("--- the backward graph ---")
print(backward_graphs[0].code.strip())  # (4)!

compiled_grad = w.grad
w.grad = None
loss_fn(x, w).backward()
print(f"compiled w.grad: {compiled_grad.flatten()}")
print(f"eager    w.grad: {w.grad.flatten()}")
print(f"close (rtol=1e-5, atol=1e-6): {torch.allclose(compiled_grad, w.grad, rtol=1e-5, atol=1e-6)}")  # (5)!

eager_node = torch.compile(loss_fn, backend="eager")(x, w).grad_fn.name()
print(f'backend="eager": loss.grad_fn: {eager_node}')  # (6)!
