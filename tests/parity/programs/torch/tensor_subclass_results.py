# What operations on a torch.Tensor subclass return under the default __torch_function__: torch
# functions, Tensor methods, operators, indexing, properties and multi-output ops re-wrap tensor
# results into the subclass (PyTorch's _convert), non-tensor results stay as they are, Python
# attributes are not carried over, a subclass beats torch.Tensor whichever side it is on, and the
# more derived of two subclasses wins.
import torch
import torch.nn.functional as F


class MyTensor(torch.Tensor):
    pass


class Child(MyTensor):
    pass


def kind(x):
    if isinstance(x, (tuple, list)):
        return type(x).__name__ + "[" + ", ".join(kind(v) for v in x) + "]"
    return type(x).__name__


base = torch.arange(6.0).reshape(2, 3)
m = base.as_subclass(MyTensor)
m.note = "kept?"
print(kind(m + 1), kind(1 + m), kind(m - base), kind(base - m), kind(m * m), kind(m / 2))
print(kind(-m), kind(abs(m)), kind(m ** 2), kind(m @ base.t()), kind(m > 2), kind(m == m))
print(kind(torch.add(m, 1)), kind(torch.cat([base, m])), kind(torch.stack([m, base])))
print(kind(m.sum()), kind(m.mean(dim=0)), kind(m.view(3, 2)), kind(m.t()), kind(m[0]), kind(m[:, 1:]))
print(kind(m.max(dim=1)), kind(m.split(1)), kind(m.unbind(0)), kind(torch.chunk(m, 2)))
print(kind(m.shape), kind(m.size()), kind(m.dtype), kind(m.tolist()), kind(m.item() if m.numel() == 1 else m.numel()))
print(kind(m.sum().item()), kind(m.dim()), kind(len(m)))
print(kind(F.relu(m)), kind(F.softmax(m, dim=-1)), kind(torch.relu(m)), kind(m.relu()))
print(kind(m.clone()), kind(m.detach()), kind(m.to(torch.float64)), kind(m.float()), kind(m.contiguous()))
print(kind(m.data), kind(m.T), kind(m.new_zeros(2)), kind(torch.zeros_like(m)))
print(kind(torch.where(m > 2, m, base)), kind(m.masked_fill(m > 2, 0.0)))
r = m * 2
print(hasattr(r, "note"), m.note)
print(r)

c = base.as_subclass(Child)
print(kind(m + c), kind(c + m), kind(torch.add(m, c)), kind(torch.cat([m, c])))

# in-place ops return the object itself
x = torch.zeros(3).as_subclass(MyTensor)
y = x.add_(1)
print(y is x, kind(y), x)
x += 1
print(kind(x), x)

# a Linear layer on a subclass input
torch.manual_seed(0)
lin = torch.nn.Linear(3, 2)
out = lin(m)
print(kind(out), out.shape)
print(kind(torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU())(m)))

# iteration yields the subclass: _tensor.py's __iter__ is iter(self.unbind(0)), and unbind dispatches
print([kind(row) for row in m])
