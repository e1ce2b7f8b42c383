import torch

torch.manual_seed(0)
x = torch.randn(2, 3, requires_grad=True)
layer = torch.nn.Linear(3, 1)
h = x.exp()

x.register_hook(lambda g: print("x: tensor hook"))
x.register_post_accumulate_grad_hook(lambda t: print("x: post-accumulate-grad hook"))  # (1)!
h.register_hook(lambda g: print("h: tensor hook"))
h.grad_fn.register_prehook(lambda grad_outputs: print("h.grad_fn: pre-hook"))  # (2)!
h.grad_fn.register_hook(lambda grad_inputs, grad_outputs: print("h.grad_fn: hook"))
layer.register_full_backward_pre_hook(lambda m, grad_output: print("layer: full backward pre-hook"))  # (3)!
layer.register_full_backward_hook(lambda m, grad_input, grad_output: print("layer: full backward hook"))

loss = layer(h).sum()
loss.backward()
