import os
import subprocess
import sys

program = """
import torch

def dynamic_branch(x):
    if x.sum() > 0:
        return x * 2
    return x + 1

torch.compile(dynamic_branch, backend="eager")(torch.tensor([1.0, -2.0, 3.0]))
"""

run = subprocess.run(
    [sys.executable, "-c", program],
    env={**os.environ, "TORCH_LOGS": "graph_breaks"},  # (1)!
    capture_output=True,
    text=True,
    check=True,
)
for line in run.stderr.splitlines():  # (2)!
    message = line.partition("[__graph_breaks] ")[2]
    if message.startswith(("Graph break in user code", "Graph Break Reason")):
        print(message)  # (3)!
