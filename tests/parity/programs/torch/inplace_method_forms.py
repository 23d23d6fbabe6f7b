# In-place Tensor methods whose out-of-place op is the computation (native_functions.yaml declares
# them as methods): fmod_, atan2_/arctan2_, fix_, polygamma_, the logical and comparison forms
# (their bool result written as 1/0 in self's dtype), cumsum_/cumprod_; their autograd (the node of
# the out-of-place op, self rebased onto it), the leaf check and the dtype rule.
import torch

x = torch.tensor([5.0, -7.0, 7.5, -0.5])
print(x.fmod_(3), x)
y = torch.tensor([1.0, -2.0, 0.5, 4.0])
a = torch.tensor([0.5, 1.5, -2.0, 3.0])
print(a.clone().atan2_(y), a.clone().arctan2_(y))
print(torch.tensor([-1.7, 2.5, 0.3]).fix_())
print(torch.tensor([0.5, 1.0, 2.5]).polygamma_(1))
m = torch.tensor([1.0, 0.0, 2.0, 0.0])
print(m.clone().logical_and_(torch.tensor([1, 1, 0, 0])), m.clone().logical_or_(torch.tensor([0, 0, 0, 1])),
      m.clone().logical_xor_(torch.tensor([True, True, False, False])))
for name in ["eq_", "ne_", "lt_", "le_", "gt_", "ge_", "greater_", "less_", "greater_equal_", "less_equal_", "not_equal_"]:
    t = torch.tensor([1.0, 2.0, 3.0])
    r = getattr(t, name)(2)
    print(name, r, r is t, t.dtype)
i = torch.tensor([3, 1, 2])
print(i.eq_(torch.tensor([3, 0, 2])), i.dtype)
c = torch.arange(1.0, 6.0)
print(c.cumsum_(0), c.clone().cumprod_(0))
print(torch.ones(2, 3).cumsum_(dim=1))

w = torch.tensor([0.3, -1.2, 2.0], requires_grad=True)
h = w * 2
h.atan2_(torch.tensor([1.0, 2.0, -1.0]))
print(h.grad_fn is not None, h)
h.sum().backward()
print(w.grad)
v = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
g = v * v
g.cumsum_(0)
g.sum().backward()
print(v.grad)
e = v.exp()
e.cumsum_(0)
try:
    e.sum().backward()
except RuntimeError as err:
    print("RuntimeError:", err)
try:
    w.fmod_(2)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.tensor([1, 2, 3]).atan2_(torch.tensor([1, 1, 1]))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.tensor([1.0, 2.0]).fmod_(torch.ones(2, 2))
except RuntimeError as e:
    print("RuntimeError:", e)
