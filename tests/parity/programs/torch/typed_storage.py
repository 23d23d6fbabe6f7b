# Tensor.storage() (the deprecated TypedStorage: size in elements, indexing, printing, sharing between
# views), Tensor.set_ over a tensor or a storage, torch.typename and torch.is_storage, as in books
# that teach views through storages (the deprecation warning goes to stderr, once).
import torch

points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
s = points.storage()
print(s)
print(type(s).__name__, s.size(), len(s), s[3], s[-1], s.dtype, s.element_size(), s.nbytes())
second = points[1]
print(second.storage_offset(), second.storage().size(), second.storage().data_ptr() == s.data_ptr())
s[0] = 2.0
print(points[0])
print(points.t().storage().data_ptr() == points.storage().data_ptr(), points.t().is_contiguous())
print(s.tolist(), list(iter(s))[:2], s.double()[0], s.long().dtype)
try:
    s[6]
except IndexError as e:
    print("IndexError:", e)

x = torch.arange(6.0)
t = torch.tensor([], dtype=torch.float32).set_(x.untyped_storage(), 2, (2, 2), (1, 2))
print(t, t.data_ptr() - x.data_ptr())
y = torch.zeros(1).set_(x)
print(y, y.shape, y.data_ptr() == x.data_ptr())
try:
    torch.tensor([], dtype=torch.float32).set_(x.untyped_storage(), 4, (3,))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.tensor([], dtype=torch.float64).set_(x.storage())
except RuntimeError as e:
    print("RuntimeError:", e)
print(torch.is_storage(s), torch.is_storage(x.untyped_storage()), torch.is_storage(x))
print(torch.typename(x), torch.typename(x.long()), torch.typename(3.5), torch.typename(torch.nn.Linear(2, 2)))
print(torch.typename(torch.nn.Parameter), torch.typename(torch.optim.SGD), torch.typename(s))
