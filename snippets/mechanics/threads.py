import threading

import torch


def report(where):
    x = torch.ones(2, requires_grad=True)
    print(f"{where}: grad mode {torch.is_grad_enabled()}, recorded {(x * 2).grad_fn is not None}")


with torch.no_grad():
    report("main thread, in no_grad()")
    thread = threading.Thread(target=report, args=("new thread",))  # (1)!
    thread.start()
    thread.join()

w = torch.ones(3, requires_grad=True)


def step(k):
    (w * k).sum().backward()  # (2)!


threads = [threading.Thread(target=step, args=(k,)) for k in (1, 2, 3, 4)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(f"w.grad = {w.grad}")
