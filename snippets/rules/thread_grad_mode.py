import threading
from concurrent.futures import ThreadPoolExecutor

import torch


def state():
    x = torch.ones(2, requires_grad=True)
    return torch.is_grad_enabled(), torch.is_inference_mode_enabled(), (x * 2).grad_fn is not None


def in_new_thread(fn):
    result = []
    thread = threading.Thread(target=lambda: result.append(fn()))
    thread.start()
    thread.join()
    return result[0]


def in_pool(fn):
    with ThreadPoolExecutor(2) as pool:
        return pool.submit(fn).result()


def enable_grad_in_inference_mode():
    with torch.inference_mode(), torch.enable_grad():
        return in_new_thread(state)


@torch.no_grad()
def decorated():
    return in_new_thread(state)


def set_false():
    previous = torch.is_grad_enabled()
    torch.set_grad_enabled(False)
    try:
        return in_new_thread(state)
    finally:
        torch.set_grad_enabled(previous)


parents = {
    "default": lambda start: start(state),
    "no_grad()": lambda start: torch.no_grad()(lambda: start(state))(),
    "enable_grad() in no_grad()": lambda start: torch.no_grad()(torch.enable_grad()(lambda: start(state)))(),
    "set_grad_enabled(False) block": lambda start: torch.set_grad_enabled(False)(lambda: start(state))(),
    "inference_mode()": lambda start: torch.inference_mode()(lambda: start(state))(),
}
cases = 0
for parent, run in parents.items():
    for start in (in_new_thread, in_pool):
        assert run(start) == (True, False, True), (parent, start.__name__)
        cases += 1
for other in (enable_grad_in_inference_mode, decorated, set_false):
    assert other() == (True, False, True), other.__name__
    cases += 1


def child_turns_off():
    torch.set_grad_enabled(False)
    with torch.inference_mode():
        pass
    return torch.is_grad_enabled()


assert in_new_thread(child_turns_off) is False
assert state() == (True, False, True)
with ThreadPoolExecutor(1) as pool:
    pool.submit(child_turns_off).result()
    reused = pool.submit(state).result()
assert reused == (False, False, False)
print(f"{cases} threads started from 8 grad modes (new Thread or ThreadPoolExecutor): each began with")
print("grad mode on, inference mode off, and recorded")
print("a thread that turns grad mode off leaves the main thread's on")
print(f"a pool's reused worker keeps the mode its last task left: {reused}")
