# torch.i0 / torch.special.i0 / torch.special.i1 (the modified Bessel functions of the first kind:
# Kaiser windows, von Mises distributions), as functions, methods and in-place forms; integer and
# float64 inputs, the large-argument range, gradients and grad_fn names, and a compiled use.
import torch

x = torch.tensor([-30.0, -4.5, -1.0, 0.0, 0.25, 1.0, 3.75, 8.0, 15.0, 21.0, 60.0])
print("i0", torch.i0(x))
print("special.i0", torch.special.i0(x))
print("special.i1", torch.special.i1(x))
print("method", x.i0())
y = x.clone()
y.i0_()
print("i0_", y)
z = x.clone()
torch.i0_(z)
print("torch.i0_", z)
print("int", torch.i0(torch.tensor([0, 1, 2])), torch.special.i1(torch.tensor([3])).dtype)
d = torch.tensor([0.5, 12.0, 100.0, 700.0], dtype=torch.float64)
print("float64", torch.i0(d), torch.special.i1(d))
print("float32 overflow", torch.i0(torch.tensor([89.0, 100.0])))
w = torch.tensor([-2.0, 0.0, 0.5, 3.0], requires_grad=True)
a = torch.i0(w)
b = torch.special.i1(w)
print(a.grad_fn.name(), b.grad_fn.name())
(a.sum() + b.sum()).backward()
print("grad", w.grad)

# A Kaiser window, as torch.kaiser_window computes it: I0(beta * sqrt(1 - (2n/(N-1) - 1)^2)) / I0(beta).
def kaiser(n, beta):
    k = torch.arange(n, dtype=torch.float32)
    r = 2.0 * k / (n - 1) - 1.0
    return torch.i0(beta * torch.sqrt(1 - r * r)) / torch.i0(torch.tensor(beta))

print("kaiser", kaiser(8, 6.0))
f = torch.compile(lambda t: torch.i0(t) * torch.special.i1(t) + 1, backend="aot_eager")
print("compiled", f(torch.tensor([0.5, 2.0, -3.0])))
