import torch

x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)
z = x * y + y**2


def show(node, depth=0):
    line = "    " * depth + node.name()
    if hasattr(node, "variable"):  # (1)!
        line += f"  ->  {node.variable!r}"
    print(line)
    for parent, _ in node.next_functions:
        if parent is not None:
            show(parent, depth + 1)


show(z.grad_fn)

mul, pow_ = (node for node, _ in z.grad_fn.next_functions)
y_under_mul = mul.next_functions[1][0]
y_under_pow = pow_.next_functions[0][0]
print("one AccumulateGrad node for y:", y_under_mul is y_under_pow)  # (2)!
print("and it writes into y:", y_under_mul.variable is y)
