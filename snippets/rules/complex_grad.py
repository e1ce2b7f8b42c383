import torch

torch.manual_seed(0)
w = torch.randn(3, dtype=torch.complex128)
losses = {
    "|z|²": lambda z: (z.abs() ** 2).sum(),
    "|z|": lambda z: z.abs().sum(),
    "z.real": lambda z: z.real.sum(),
    "z.imag": lambda z: z.imag.sum(),
    "z.angle()": lambda z: z.angle().sum(),
    "(z * w).real": lambda z: (z * w.to(z.dtype)).real.sum(),
    "|z³ + z|": lambda z: (z**3 + z).abs().sum(),
    "z.exp().imag": lambda z: z.exp().imag.sum(),
    "view_as_real(z)²": lambda z: torch.view_as_real(z).pow(2).sum(),
    "|z.conj() * z.sin()|²": lambda z: (z.conj() * z.sin()).abs().pow(2).sum(),
}
EPS = 1e-6
cases = 0
for name, loss in losses.items():
    z0 = torch.randn(3, dtype=torch.complex128)
    want = torch.zeros_like(z0)
    for k in range(3):
        e = torch.zeros_like(z0)
        e[k] = EPS
        d_re = (loss(z0 + e) - loss(z0 - e)) / (2 * EPS)
        d_im = (loss(z0 + 1j * e) - loss(z0 - 1j * e)) / (2 * EPS)
        want[k] = d_re + 1j * d_im
    for dtype, tol in [(torch.complex128, 1e-6), (torch.complex64, 1e-3)]:
        for how in ["backward()", "autograd.grad"]:
            z = z0.to(dtype).clone().requires_grad_()
            out = loss(z)
            assert not out.dtype.is_complex, name
            if how == "backward()":
                out.backward()
                got = z.grad
            else:
                (got,) = torch.autograd.grad(out, z)
            assert got.dtype == dtype, (name, dtype)
            assert torch.allclose(got.to(torch.complex128), want, rtol=tol, atol=tol), (name, dtype, how)
            cases += 1
    x0 = torch.randn(3, dtype=torch.float64)
    x = x0.clone().requires_grad_()
    loss(x * (1 + 2j)).backward()
    want_x = torch.stack([(loss((x0 + EPS * e) * (1 + 2j)) - loss((x0 - EPS * e) * (1 + 2j))) / (2 * EPS) for e in torch.eye(3, dtype=torch.float64)])
    assert x.grad.dtype == torch.float64 and torch.allclose(x.grad, want_x, rtol=1e-6, atol=1e-6), name
    cases += 1
print(f"{cases} cases ({len(losses)} real losses; complex64 and complex128; backward() and autograd.grad;")
print("and a real leaf that enters the graph through a complex product):")
print("the .grad of a complex z = x + iy is ∂L/∂x + i·∂L/∂y, within 1e-6 (complex128) or 1e-3 (complex64)")
print("of a central finite difference in complex128; a real leaf's .grad is real: ∂L/∂x")
z = torch.tensor([1 + 2j], requires_grad=True)
(z.abs() ** 2).sum().backward()
print(f"L = |z|² at z = 1+2i: z.grad = {z.grad.tolist()} = 2z")
