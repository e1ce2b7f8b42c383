import torch


def dynamic_branch(x):
    if x.sum() > 0:
        return x * 2
    else:
        return x + 1


x_pos = torch.tensor([1.0, -2.0, 3.0])
x_neg = torch.tensor([-1.0, 2.0, -3.0])

explanation = torch._dynamo.explain(dynamic_branch)(x_pos)  # (1)!
print(f"graphs: {explanation.graph_count}, graph breaks: {explanation.graph_break_count}")
for reason in explanation.break_reasons:
    frame = reason.user_stack[-1]  # (2)!
    print(f"break in {frame.name}(): {frame.line}")
    print(f"reason: {reason.reason.splitlines()[0][:60]}")  # (3)!
for number, graph in enumerate(explanation.graphs, 1):
    print(f"--- graph {number} ---")
    print(graph.code.strip())  # (4)!

try:
    torch.compile(dynamic_branch, backend="eager", fullgraph=True)(x_pos)  # (5)!
except RuntimeError as e:
    print(f"fullgraph=True: {type(e).__name__}: {str(e).splitlines()[0]}")  # (6)!

compiled = torch.compile(dynamic_branch, backend="eager")  # (7)!
print(f"compiled x_pos: {compiled(x_pos)}")
print(f"compiled x_neg: {compiled(x_neg)}")
