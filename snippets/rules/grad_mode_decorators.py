import threading
import warnings

import torch

warnings.filterwarnings("ignore", "`torch.jit.script` is deprecated", DeprecationWarning)

modes = {
    "no_grad()": (torch.no_grad, False),
    "enable_grad()": (torch.enable_grad, True),
    "set_grad_enabled(False)": (lambda: torch.set_grad_enabled(False), False),
    "set_grad_enabled(True)": (lambda: torch.set_grad_enabled(True), True),
    "inference_mode()": (torch.inference_mode, False),
}
outer = {"default": torch.enable_grad, "no_grad()": torch.no_grad}
x = torch.ones(3, requires_grad=True)

cases = 0
for name, (make, records) in modes.items():

    @make()
    def decorated(t):
        return t * 2, torch.is_grad_enabled()

    @make()
    def failing():
        raise ValueError

    assert torch.is_grad_enabled(), f"decorating with {name} changed the mode"
    for outer_name, outer_mode in outer.items():
        with outer_mode():
            before = torch.is_grad_enabled()
            with make():
                with_form = x * 2
            r, enabled = decorated(x)
            assert torch.is_grad_enabled() == before, (name, outer_name)
            try:
                failing()
            except ValueError:
                pass
            assert torch.is_grad_enabled() == before, (name, outer_name)
        assert enabled == records, (name, outer_name)
        assert (r.grad_fn is not None) == (with_form.grad_fn is not None) == records, (name, outer_name)
        cases += 1
print(f"{cases} calls: each decorator does what its with-block does, inside or outside no_grad()")
print("the mode is restored when the function returns or raises; decorating changes nothing")

inner = {**modes, "inference_mode(False)": (lambda: torch.inference_mode(False), True)}
calls = 0
for name, (make, grad_mode) in inner.items():

    @make()
    def decorated(t):
        return t * 2, torch.is_grad_enabled()

    with torch.inference_mode():
        with make():
            with_form = x * 2
        r, enabled = decorated(x)
        assert torch.is_inference_mode_enabled() and not torch.is_grad_enabled(), name
    assert enabled == grad_mode, name
    records = name == "inference_mode(False)"
    assert (r.grad_fn is not None) == (with_form.grad_fn is not None) == records, name
    calls += 1
print(f"inside inference_mode(), {calls} calls: enable_grad() and set_grad_enabled(True) make is_grad_enabled() True,")
print("yet record nothing; only inference_mode(False) records again")

inside = {}


def f(t):
    y = t * t
    inside[name] = (torch.is_inference_mode_enabled(), y.grad_fn is not None)
    return y.sum()


transforms = {
    "torch.func.grad": lambda t: torch.func.grad(f)(t),
    "torch.func.vjp": lambda t: torch.func.vjp(f, t)[1](torch.tensor(1.0))[0],
    "torch.func.jacrev": lambda t: torch.func.jacrev(f)(t),
    "torch.func.jvp": lambda t: torch.func.jvp(f, (t,), (torch.ones(3),))[1] / 3,
}
for name, transform in transforms.items():
    for t in (x, torch.ones(3)):
        with torch.inference_mode():
            result = transform(t)
        assert inside[name] == (False, name != "torch.func.jvp"), name
        assert torch.equal(result, torch.full_like(result, 2.0)), name
print("inside inference_mode(), the function given to a torch.func transform runs with inference mode off;")
print(f"its operations record under {', '.join(list(transforms)[:3])}, not under torch.func.jvp")


@torch.no_grad()
def decorated_generator():
    yield torch.is_grad_enabled()
    yield torch.is_grad_enabled()


def with_block_generator():
    with torch.no_grad():
        yield torch.is_grad_enabled()
        yield torch.is_grad_enabled()


between = {}
for name, gen in [("decorator", decorated_generator), ("with block", with_block_generator)]:
    seen_between = []
    for inside in gen():
        assert not inside, name
        seen_between.append(torch.is_grad_enabled())
    between[name] = seen_between
    assert torch.is_grad_enabled(), name
assert between == {"decorator": [True, True], "with block": [False, False]}
print(f"a generator: between yields the caller sees is_grad_enabled()={between['decorator'][0]} with the decorator,")
print(f"{between['with block'][0]} with a with block inside the body")


def run(coroutine):  # drives a coroutine that awaits nothing, with or without a running event loop
    try:
        coroutine.send(None)
    except StopIteration as stop:
        return stop.value
    raise AssertionError("the coroutine awaited something")


async_inside = {}
for name, (make, _) in [("no_grad()", modes["no_grad()"]), ("inference_mode()", (torch.inference_mode, None))]:

    @make()
    async def decorated_async():
        return torch.is_grad_enabled(), torch.is_inference_mode_enabled()

    async def with_block_async(make=make):
        with make():
            return torch.is_grad_enabled(), torch.is_inference_mode_enabled()

    async_inside[name] = (run(decorated_async()), run(with_block_async()))
assert async_inside == {
    "no_grad()": ((True, False), (False, False)),
    "inference_mode()": ((True, False), (False, True)),
}, async_inside
print("an async function: its body runs in the mode of the code that awaits it, not the decorator's;")
(ng_dec, ng_with), (im_dec, im_with) = async_inside.values()
print(f"  no_grad(): is_grad_enabled()={ng_dec[0]} in the decorated body, {ng_with[0]} in a with block")
print(f"  inference_mode(): is_inference_mode_enabled()={im_dec[1]} in the decorated body, {im_with[1]} in a with block")

seen = {}
with torch.no_grad():
    thread = threading.Thread(target=lambda: seen.update(enabled=torch.is_grad_enabled()))
    thread.start()
    thread.join()
assert seen["enabled"]
print(f"grad mode is per thread: a thread started inside no_grad() has is_grad_enabled()={seen['enabled']}")

with torch.enable_grad():
    torch.set_grad_enabled(False)
after_block = torch.is_grad_enabled()


@torch.enable_grad()
def switch_off():
    torch.set_grad_enabled(False)


switch_off()
after_call = torch.is_grad_enabled()
assert after_block and after_call
print(
    f"a plain set_grad_enabled(False) inside a with block or a decorated function: undone on exit ({after_block}, {after_call})"
)
