import torch

x = torch.ones(3, requires_grad=True)


@torch.enable_grad()
def double(t):
    return t * 2


with torch.inference_mode():
    y = double(x)  # (1)!
    with torch.enable_grad():
        print(f"enable_grad() inside inference_mode(): is_grad_enabled() = {torch.is_grad_enabled()}")
        print(f"is_inference_mode_enabled() = {torch.is_inference_mode_enabled()}")
    with torch.inference_mode(False):
        z = double(x)  # (2)!
print(f"double(x) inside inference_mode(): grad_fn = {y.grad_fn}")
print(f"inside inference_mode(False): grad_fn = {z.grad_fn.name()}")
