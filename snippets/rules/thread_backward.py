import threading

import torch

torch.manual_seed(0)
cases = 0
for dtype in (torch.float32, torch.float64):
    for n_threads in (2, 4, 8):
        for kind in ("backward()", "autograd.grad"):
            for _ in range(10):
                shared = torch.randint(-3, 4, (5,), dtype=dtype).requires_grad_()
                inputs = [torch.randint(-3, 4, (5,), dtype=dtype).requires_grad_() for _ in range(n_threads)]
                results = [None] * n_threads

                def work(i):
                    loss = (inputs[i] * shared * (i + 1)).pow(2).sum()
                    if kind == "backward()":
                        loss.backward()
                    else:
                        results[i] = torch.autograd.grad(loss, [inputs[i], shared])

                threads = [threading.Thread(target=work, args=(i,)) for i in range(n_threads)]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join()
                for i, x in enumerate(inputs):
                    want = 2 * x.detach() * shared.detach() ** 2 * (i + 1) ** 2
                    got = x.grad if kind == "backward()" else results[i][0]
                    assert torch.equal(got, want), (dtype, n_threads, kind, i)
                total = sum(2 * shared.detach() * x.detach() ** 2 * (i + 1) ** 2 for i, x in enumerate(inputs))
                if kind == "backward()":
                    assert torch.equal(shared.grad, total), (dtype, n_threads)
                else:
                    assert shared.grad is None
                    assert torch.equal(sum(r[1] for r in results), total), (dtype, n_threads)
                cases += 1
print(f"{cases} runs (float32 and float64; 2, 4 and 8 threads; backward() and autograd.grad), each thread")
print("with its own graph over one shared leaf: every gradient equals the one computed alone;")
print("backward() accumulated every thread's gradient into the shared leaf's .grad")
