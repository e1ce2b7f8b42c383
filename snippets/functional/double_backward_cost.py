import torch


def nodes(t):
    found, todo = set(), [t.grad_fn]
    while todo:
        node = todo.pop()
        if node is not None and node not in found:
            found.add(node)
            todo.extend(next_node for next_node, _ in node.next_functions)
    return found


x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
y = (x.sin() * x).sum()
forward = nodes(y)
print(f"graph of y: {len(forward)} nodes")

(g,) = torch.autograd.grad(y, x, retain_graph=True)
print(f"without create_graph: g.grad_fn = {g.grad_fn}")

(g,) = torch.autograd.grad(y, x, create_graph=True)  # (1)!
print(f"with create_graph=True: g.grad_fn = {g.grad_fn.name()}")
print(f"graph of g: {len(nodes(g))} nodes, {len(nodes(g) & forward)} of them from the graph of y")  # (2)!
print(f"saved tensor of MulBackward0 still there: {tuple(y.grad_fn.next_functions[0][0]._saved_self.shape)}")

(h,) = torch.autograd.grad(g.sum(), x)  # (3)!
print(f"second derivative: {h.round(decimals=4)}")
