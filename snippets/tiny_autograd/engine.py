# --8<-- [start:value]
import torch  # (1)!


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None  # (2)!
        self._prev = _children
        self._op = _op

    def __add__(self, other):
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():  # (3)!
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad  # (4)!
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def __pow__(self, k):
        out = Value(self.data**k, (self,), f"**{k}")

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad

        out._backward = _backward
        return out
# --8<-- [end:value]


# --8<-- [start:backward]
def backward(self):
    topo, seen = [], set()

    def build(v):  # (1)!
        if v not in seen:
            seen.add(v)
            for child in v._prev:
                build(child)
            topo.append(v)

    build(self)
    self.grad = 1.0  # (2)!
    for v in reversed(topo):
        v._backward()


Value.backward = backward  # (3)!
# --8<-- [end:backward]


# --8<-- [start:run]
def f(x, y):
    return x * y + y**2


x, y = Value(2.0), Value(3.0)
for run in (1, 2):
    z = f(x, y)  # (1)!
    z.backward()
    print(f"tiny  run {run}: x.grad={x.grad} y.grad={y.grad}")

tx = torch.tensor(2.0, requires_grad=True)  # (2)!
ty = torch.tensor(3.0, requires_grad=True)
for run in (1, 2):
    tz = f(tx, ty)
    tz.backward()
    print(f"torch run {run}: x.grad={tx.grad.item()} y.grad={ty.grad.item()}")

z.backward()  # (3)!
print(f"tiny  run 2's z again: x.grad={x.grad} y.grad={y.grad}")
# --8<-- [end:run]
