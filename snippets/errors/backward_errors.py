import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x * x).sum()
y.backward()
for call in [(torch.tensor(2.0) * 3).backward, y.backward, (x * x).backward, x.numpy]:
    try:
        call()
    except RuntimeError as e:
        print(f"RuntimeError: {e}")
