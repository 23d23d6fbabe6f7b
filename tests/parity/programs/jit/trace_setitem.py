# Tensor assignment (x[i] = v) inside traced and compiled code: jit.trace records the view and
# aten::copy_ into it; torch.compile results equal eager whether the assignment writes a number,
# a slice of an input or a tensor made in the frame.
import torch


def fill_mask(a):
    m = torch.zeros(3, dtype=torch.bool)
    m[1] = True
    return torch.where(m, a, torch.zeros_like(a))


def copy_tail(a):
    m = torch.zeros(3)
    m[1:] = a[1:]
    return m


def scale_row(a):
    m = a.clone()
    m[0, :] = 5.0
    return m * 2


a = torch.arange(1.0, 4.0)
b = torch.arange(6.0).reshape(2, 3)
for fn, x in [(fill_mask, a), (copy_tail, a), (scale_row, b)]:
    torch._dynamo.reset()
    print(fn.__name__, fn(x), torch.compile(fn, backend="eager")(x), torch.compile(fn)(x))
tr = torch.jit.trace(copy_tail, a)
print("\n".join(l.split(" # ")[0] for l in str(tr.graph).split("\n")))  # source ranges carry the machine's path
print(tr(torch.full((3,), 7.0)))
