# Tensor.storage(): the deprecated TypedStorage that storage tutorials print and poke (pytorch-book
# chapter 3/6, Deep Learning with PyTorch chapter 3): its size in elements against the tensor's
# numel (expand shares, repeat copies), element reads and writes reaching the tensor, data_ptr
# equality across views, storage_offset, iteration/tolist, its printout and type(), and Tensor.set_
# over a tensor, an UntypedStorage, a TypedStorage and nothing. The one-time deprecation
# UserWarning goes to stderr.
import warnings

import torch

warnings.simplefilter("always")
a = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
s = a.storage()
print(type(s).__name__, type(s).__module__, s.dtype, s.device, s.size(), len(s), s.element_size(), s.nbytes())
print(s.tolist(), list(s), s[0], s[-1])
s[1] = 20.0
print(a)
b = a[1]
print(b.storage_offset(), b.storage().size(), b.storage().data_ptr() == a.storage().data_ptr())
print(b.data_ptr() - a.data_ptr(), b.storage()[4])
c = a.t()
print(c.is_contiguous(), c.storage().data_ptr() == s.data_ptr())
e = torch.ones(3, 1)
print(e.expand(3, 4).storage().size(), e.repeat(1, 4).storage().size())
print(torch.tensor([1, 2, 3], dtype=torch.int32).storage())
print(torch.tensor([True, False]).storage().tolist(), torch.arange(3).storage().type())
print(s.float().tolist() == s.tolist(), s.long().dtype, s.clone().data_ptr() != s.data_ptr())
try:
    s[6]
except IndexError as err:
    print("IndexError:", err)
try:
    s[0:2]
except RuntimeError as err:
    print("RuntimeError:", err)
# set_: a view over another tensor's memory, over whole storages, or over nothing
x = torch.zeros(2, 3)
y = torch.empty(0)
y.set_(x)
y[0, 0] = 7.0
print(y.shape, x[0, 0].item(), y.data_ptr() == x.data_ptr())
z = torch.tensor([], dtype=torch.float32).set_(x.untyped_storage())
print(z.shape, z[0].item())
w = torch.tensor([], dtype=torch.float32).set_(x.storage(), 2, (2, 2), (1, 2))
print(w, w.storage_offset(), w.stride())
q = torch.tensor([], dtype=torch.int16).set_(torch.arange(4, dtype=torch.int32).untyped_storage())
print(q)
r = torch.ones(3)
print(r.set_().shape, r.untyped_storage().nbytes())
try:
    torch.tensor([], dtype=torch.float32).set_(x.untyped_storage(), 0, (2, 2), (1,))
except RuntimeError as err:
    print("RuntimeError:", err)
