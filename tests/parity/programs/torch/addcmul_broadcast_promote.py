# The out-of-place ternary updates broadcast self with the other operands: torch.addcmul(x, a, b)
# with x smaller than a * b (a [3, 1, 5] x against [4, 5] and [5]) has the shape of all three
# broadcast together and their promoted dtype, as do addcdiv and lerp (lerp's end broadcasting x);
# gradients reduce back to each operand's shape. Kiln once cloned x and ran the in-place kernel,
# which refused the larger result (the op matrix, tests/matrix, found it).
import torch

torch.manual_seed(0)
x = torch.randn(3, 1, 5, requires_grad=True)
a = torch.randn(4, 5, requires_grad=True)
b = torch.randn(5, requires_grad=True)
r = torch.addcmul(x, a, b, value=0.5)
print(r.shape, r.dtype, type(r.grad_fn).__name__)
print(torch.allclose(r, x + 0.5 * a * b))
r.sum().backward()
print(x.grad.shape, a.grad.shape, b.grad.shape)
print(x.grad[0, 0], b.grad)

d = x.detach().addcdiv(a.detach(), b.detach().abs() + 1, value=2)
print(d.shape, torch.allclose(d, x.detach() + 2 * a.detach() / (b.detach().abs() + 1)))

# dtype promotion: a float32 x with float64 operands gives float64 (not x's dtype, as addcmul_ would)
p = torch.addcmul(torch.ones(2, 1), torch.ones(3, dtype=torch.float64), torch.full((2, 3), 2.0, dtype=torch.float64))
print(p.dtype, p.shape, p[1])

# lerp: end broadcasts x; x's own dtype is required of end
y = torch.zeros(2, 1, requires_grad=True)
e = torch.arange(6.0).reshape(2, 3)
l = torch.lerp(y, e, 0.25)
print(l, type(l.grad_fn).__name__)
l.sum().backward()
print(y.grad)
try:
    torch.lerp(y.detach(), e.double(), 0.5)
except RuntimeError as err:
    print("RuntimeError:", err)

# The in-place forms keep refusing a result larger than self.
try:
    x.detach().clone().addcmul_(a.detach(), b.detach())
except RuntimeError as err:
    print("RuntimeError:", err)
